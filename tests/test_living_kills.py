"""`latweave add` and `remove` killed with SIGKILL at random times leave a whole lattice, one of the
versions the changes made, never anything else (docs/living-lattices.md promises both).

test_living.py kills `add` at each file-system call that changes names (a pause there, then the
kill): the boundaries only. Here a real `latweave` process runs changes over and over — `remove`
of the last source and `add` of it again; `remove` of a middle source and `add` of it again (a
layer written after the kept ones); `remove --doc` once — and is killed after a delay drawn from
a seeded generator (the same delays on every run; several per change), wherever it then is:
reading, computing, writing a layer, swapping, cleaning up. Looping, a kill lands inside a change
whatever this machine's speed. The lattice at the path must then verify (every file's hash) and
be exactly one of the versions the changes go through: its content hash, its merged content and
its answers to a few plans equal that version's (each made here by the same changes, unkilled).
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

#: The child: imports first, then, when the test says go, runs its changes in turn, over and over
#: (`--once`: the first change once). Each change is `command,arg,...` after the lattice.
CHILD = r"""
import sys
from latweave.cli import main
import latweave.ingest.living, latweave.ingest.layered, latweave.ingest.builds, latweave.folder.store
lattice, once, changes = sys.argv[1], sys.argv[2] == "--once", [c.split(",") for c in sys.argv[3:]]
print("READY", flush=True)
sys.stdin.readline()
n = 0
while True:
    command, *args = changes[n % len(changes)]
    code = main([command, "--lattice", lattice, *args])
    if code != 0 or once:
        sys.exit(code)
    n += 1
"""

PLANS = ["meet(species <= mammal, habitat <= aquatic)", "meet(habitat <= aquatic)",
         'holds("Frog", habitat = amphibious)']

#: name -> the changes, run in turn from the lattice of parts a, b, c (a part's name: its folder)
LOOPS = {"remove-last-and-add": [["remove", "--source", "c"], ["add", "c"]],
         "remove-middle-and-add": [["remove", "--source", "b"], ["add", "b"]],
         "remove-doc": [["remove", "--doc", ZOO_DOCS[4]]]}

#: Seconds from go to the kill, drawn per seed from its own stretch of [0.2, 2.6): a change takes
#: about a second on two busy cores, so the kills land in the first change and in later ones.
SEEDS = (0, 1)
SPAN_S = (0.2, 2.6)


def delay_of(loop: str, seed: int) -> float:
    lo, hi = SPAN_S
    step = (hi - lo) / len(SEEDS)
    return random.Random(f"{loop}/{seed}").uniform(lo + step * seed, lo + step * (seed + 1))


def snapshot(folder: Path) -> tuple:
    """What a version is: its content hash (every file verified), its merged content and its
    answers to PLANS, proofs included."""
    with Runner(folder) as runner:
        answers = [json.loads(r.to_json()) for r in runner.run([parse_plan(p) for p in PLANS])]
    return read_manifest(folder, verify=True)["content_hash"], content(folder), answers


def argv(change: list[str], parts: dict[str, Path]) -> list[str]:
    """A change's arguments after the lattice, an added part named by its folder."""
    return [change[0], *(str(parts[a]) if change[0] == "add" and a in parts else a for a in change[1:])]


@pytest.fixture(scope="module")
def versions(tmp_path_factory):
    """The zoo in three parts (a, b, c), built as one lattice; and for each loop every version its
    changes go through (the loop run here, unkilled, until a version comes back)."""
    root = tmp_path_factory.mktemp("kills")
    parts = split_corpus(ZOO, {"a": ZOO_DOCS[:3], "b": ZOO_DOCS[3:6], "c": ZOO_DOCS[6:]}, root / "parts")
    start = root / "abc"
    latweave.build([parts["a"], parts["b"], parts["c"]], start)
    first = snapshot(start)
    seen = {}
    for name, changes in LOOPS.items():
        lat = root / "done" / name
        shutil.copytree(start, lat)
        got = [first]
        for change in changes * (2 if len(changes) > 1 else 1):   # a b c -> a b -> a b c -> a b (a loop
            assert main([argv(change, parts)[0], "--lattice", str(lat), *argv(change, parts)[1:]]) == 0
            got.append(snapshot(lat))                             # closes: the same versions again)
        if len(changes) > 1:
            assert got[3] == got[1], f"{name}: the second time round is not the first"
        seen[name] = got
    return root, parts, start, seen


@pytest.mark.slow
@pytest.mark.parametrize("loop", sorted(LOOPS))
def test_changes_killed_at_random_times_leave_one_of_their_versions(versions, loop):
    root, parts, start, seen = versions
    allowed = seen[loop]
    for seed in SEEDS:
        lat = root / f"{loop}-{seed}" / "lat"
        shutil.copytree(start, lat)
        scratch = lat.parent / "tmp"
        scratch.mkdir()
        (scratch / "no-cache").write_text("")   # no stat cache: every file is hashed when verified
        changes = [",".join(argv(c, parts)) for c in LOOPS[loop]]
        proc = subprocess.Popen([sys.executable, "-c", CHILD, str(lat), "--once" if len(changes) == 1 else "--loop",
                                 *changes], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env={**ENV, "TMPDIR": str(scratch), "LATWEAVE_CACHE": str(scratch / "no-cache")})
        assert wait_line(proc, "READY") is not None, proc.stderr.read()
        proc.stdin.write("go\n")
        proc.stdin.flush()
        time.sleep(delay_of(loop, seed))
        proc.send_signal(signal.SIGKILL)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode in (-signal.SIGKILL, 0), err          # killed, or (once) done before
        got = snapshot(lat)
        assert got in allowed, (loop, seed, proc.returncode)
