"""`latweave add` and `remove` killed with SIGKILL at random times leave the old lattice or the new
one, whole, never anything else (docs/living-lattices.md promises both).

test_living.py kills `add` at each file-system call that changes names (a pause there, then the
kill): the boundaries only. Here a real `latweave` subprocess runs `remove --source`, `remove
--doc`, `remove` of the last source (which writes no layer) and `add`, and is killed after a
delay drawn from a seeded generator (the same delays on every run; several per change), wherever
it then is — reading, computing, writing a layer, swapping. The lattice at the path must then
verify (every file's hash), and be exactly the version before or the version after: its content
hash, its merged content and its answers to a few plans equal that version's.
"""

from __future__ import annotations

import json
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import latweave
from latweave.cli import main
from latweave.execute import Runner
from latweave.folder.store import read_manifest
from latweave.plan.parser import parse_plan
from tests.support.pausing import wait_line
from tests.test_living import ENV, ZOO, ZOO_DOCS, content, split_corpus

#: The child: imports first (not timed), then runs one command when the test says go.
CHILD = r"""
import sys
from latweave.cli import main
import latweave.ingest.living, latweave.ingest.layered, latweave.ingest.builds, latweave.folder.store
print("READY", flush=True)
sys.stdin.readline()
sys.exit(main(sys.argv[1:]))
"""

PLANS = ["meet(species <= mammal, habitat <= aquatic)", "meet(habitat <= aquatic)",
         'holds("Frog", habitat = amphibious)']

#: change -> (the version it starts from, the command's arguments after --lattice DIR)
CHANGES = {"remove-source": ("abc", ["remove", "--source", "b"]),
           "remove-doc": ("abc", ["remove", "--doc", ZOO_DOCS[4]]),
           "remove-last": ("abc", ["remove", "--source", "c"]),
           "add": ("ab", ["add", "c"])}

#: Seconds from the change's start to its kill: each seed draws from its own stretch of [0, 1.4),
#: about what a change takes on two busy cores, so that kills land early, late and (on a fast
#: machine) after the change is done. Deterministic per seed: the same delays on every run.
SEEDS = (0, 1)
REACH_S = 1.4


def delay_of(change: str, seed: int) -> float:
    lo, hi = REACH_S * seed / len(SEEDS), REACH_S * (seed + 1) / len(SEEDS)
    return random.Random(f"{change}/{seed}").uniform(lo, hi)


def snapshot(folder: Path) -> tuple:
    """What a version is: its content hash (every file verified), its merged content and its
    answers to PLANS, proofs included."""
    with Runner(folder) as runner:
        answers = [json.loads(r.to_json()) for r in runner.run([parse_plan(p) for p in PLANS])]
    return read_manifest(folder, verify=True)["content_hash"], content(folder), answers


def args(argv: list[str], parts: dict[str, Path]) -> list[str]:
    """The command's arguments after the lattice, a part's name as its folder where it is added."""
    return [str(parts[a]) if argv[0] == "add" and a in parts else a for a in argv[1:]]


def child(lat: Path, argv: list[str], parts: dict[str, Path]) -> subprocess.Popen:
    """The command in a fresh `latweave` process, its imports done, started by `go`."""
    scratch = lat.parent / "tmp"
    scratch.mkdir()
    (scratch / "no-cache").write_text("")   # no stat cache: every file is hashed when verified
    proc = subprocess.Popen([sys.executable, "-c", CHILD, argv[0], "--lattice", str(lat), *args(argv, parts)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**ENV, "TMPDIR": str(scratch), "LATWEAVE_CACHE": str(scratch / "no-cache")})
    assert wait_line(proc, "READY") is not None, proc.stderr.read()
    proc.stdin.write("go\n")
    proc.stdin.flush()
    return proc


@pytest.fixture(scope="module")
def versions(tmp_path_factory):
    """The zoo in three parts (a, b, c); the lattice each change starts from (a b c, and a b: the
    first with its last source removed), and each change's result, run to its end."""
    root = tmp_path_factory.mktemp("kills")
    parts = split_corpus(ZOO, {"a": ZOO_DOCS[:3], "b": ZOO_DOCS[3:6], "c": ZOO_DOCS[6:]}, root / "parts")
    starts = {"abc": root / "abc"}
    latweave.build([parts["a"], parts["b"], parts["c"]], starts["abc"])
    done = {}
    for name in ("remove-last", "remove-source", "remove-doc", "add"):   # add starts from remove-last's result
        start, argv = CHANGES[name]
        lat = root / "done" / name
        shutil.copytree(starts[start], lat)
        assert main([argv[0], "--lattice", str(lat), *args(argv, parts)]) == 0
        done[name] = snapshot(lat)
        if name == "remove-last":
            starts["ab"] = lat
    return root, parts, starts, {k: snapshot(v) for k, v in starts.items()}, done


@pytest.mark.slow
@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_change_killed_at_random_times_leaves_the_old_or_the_new_lattice(versions, change):
    root, parts, starts, before, after = versions
    start, argv = CHANGES[change]
    old, new = before[start], after[change]
    assert old[0] != new[0]
    for seed in SEEDS:
        delay = delay_of(change, seed)
        lat = root / f"{change}-{seed}" / "lat"
        shutil.copytree(starts[start], lat)
        proc = child(lat, argv, parts)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=60)
        got = snapshot(lat)
        assert got == old or got == new, (change, seed, delay, proc.returncode)
