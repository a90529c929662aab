"""Bad input loses nothing (issue 10): `build --out` refuses a target that holds anything but a
lattice, replaces a lattice in one atomic step (so a kill leaves the old or the new one), cleans
up what killed builds left, and serialises concurrent builds to one target on a lock."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from latweave.cli import main
from latweave.errors import StoreError
from latweave.folder import store
from latweave.folder.store import load_lattice, read_manifest
from latweave.proof.audit.files import LatticeFiles
from tests.support.corpora import ZOO
from tests.support.pausing import wait_line
from latweave.folder.names import UNHASHED

MOVIES = ZOO.parent / "movies"
BIOS = ZOO.parent / "bios"
FIXTURES = Path(__file__).parent / "fixtures"
ENV = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100",   # a child imports tests.support from the checkout
       "PYTHONPATH": os.pathsep.join(filter(None, [str(Path(__file__).resolve().parents[1]),
                                                   os.environ.get("PYTHONPATH")]))}
KINDS = ("corpus", "pathquestion", "metaqa", "2wiki", "extract", "demo")


def snapshot(root: Path) -> dict:
    """Every path under `root` with its kind and content (links are not followed)."""
    seen = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder, name)
            rel = path.relative_to(root).as_posix()
            if path.is_symlink():
                seen[rel] = ("link", os.readlink(path))
            elif path.is_dir():
                seen[rel] = ("dir",)
            else:
                seen[rel] = ("file", path.read_bytes())
    return seen


def build_args(kind: str, tmp_path: Path, out: Path) -> list[str]:
    if kind == "corpus":
        args = ["build", str(ZOO)]
    elif kind == "pathquestion":
        args = ["build", str(FIXTURES / "pathquestion" / "kb.txt"), "--format", "pathquestion"]
    elif kind == "metaqa":
        args = ["build", str(FIXTURES / "metaqa" / "kb.txt"), "--format", "metaqa"]
    elif kind == "2wiki":
        source = tmp_path / "inputs" / "dev.json"
        source.parent.mkdir(exist_ok=True)
        source.write_text(json.dumps([{"_id": "q1", "evidences": [["Taxi!", "director", "Roy Del Ruth"]]}]))
        args = ["build", str(source), "--format", "2wiki"]
    elif kind == "extract":  # an endpoint nobody answers: a refusal must come before any call
        args = ["build", str(BIOS), "--extract", "llm", "--model", "m", "--base-url", "http://127.0.0.1:9/v1",
                "--timeout", "1"]
    else:
        args = ["demo"]
    return [*args, "--out", str(out)]


def content(manifest: dict) -> dict:
    """A manifest without its history.jsonl (a rebuild starts a history of its own: its time differs)."""
    return {**manifest, "files": {k: v for k, v in manifest["files"].items() if k not in UNHASHED},
            "sizes": {k: v for k, v in manifest["sizes"].items() if k not in UNHASHED}}


def said(capsys) -> str:
    """What the command wrote to stderr, with the console's line wrapping undone."""
    return " ".join(capsys.readouterr().err.split())


def whole(out: Path, hashes) -> str:
    """`out` is a complete lattice, one of `hashes`; read as the CLI, the loader and the auditor do."""
    manifest = read_manifest(out, verify=True)
    assert manifest["content_hash"] in hashes
    load_lattice(out)
    assert LatticeFiles(out).predicates
    return manifest["content_hash"]


def only_the_lattice(out: Path) -> None:
    """Beside `out` nothing is left of builds to it: no temporary folder, no old version, no lock."""
    expected = {out.name} | ({os.readlink(out)} if out.is_symlink() else set())
    assert {e for e in os.listdir(out.parent) if e == out.name or e.startswith(f".{out.name}.")} == expected


def no_exchange(monkeypatch) -> None:
    """Pretend the file system cannot swap two names: the symlink-pointer fallback is used."""
    monkeypatch.setattr(store, "_exchange", lambda a, b: False)


@pytest.fixture(scope="module")
def hashes(tmp_path_factory):
    root = tmp_path_factory.mktemp("hashes")
    assert main(["build", str(ZOO), "--out", str(root / "zoo")]) == 0
    assert main(["build", str(MOVIES), "--out", str(root / "movies")]) == 0
    return {name: read_manifest(root / name)["content_hash"] for name in ("zoo", "movies")}


# ------------------------------------------------------------------------------------- refusals

@pytest.mark.parametrize("kind", KINDS)
def test_a_folder_with_other_files_is_refused_and_untouched(kind, tmp_path, capsys):
    work = tmp_path / "work"
    (work / "out" / "sub").mkdir(parents=True)
    (work / "out" / "notes.txt").write_text("my notes")
    (work / "out" / "sub" / "data.csv").write_text("1,2\n")
    before = snapshot(work)
    assert main(build_args(kind, tmp_path, work / "out")) == 2
    err = said(capsys)
    assert "refusing to write the lattice here" in err and "not a latweave lattice" in err and "hint:" in err
    assert "Traceback" not in err
    assert snapshot(work) == before


@pytest.mark.parametrize("kind", KINDS)
def test_an_existing_file_is_refused_and_untouched(kind, tmp_path, capsys):
    work = tmp_path / "work"
    work.mkdir()
    (work / "out").write_text("precious")
    before = snapshot(work)
    assert main(build_args(kind, tmp_path, work / "out")) == 2
    assert "it is a file, not a lattice folder" in said(capsys)
    assert main(build_args(kind, tmp_path, work / "out" / "below")) == 2
    assert "is a file, not a folder" in said(capsys)
    assert snapshot(work) == before


@pytest.mark.parametrize("kind", KINDS)
def test_out_dot_inside_a_project_is_refused(kind, tmp_path, capsys, monkeypatch):
    work = tmp_path / "work"
    (work / "src").mkdir(parents=True)
    (work / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    (work / "src" / "main.py").write_text("print('hi')\n")
    args = build_args(kind, tmp_path, Path("."))
    assert args[-1] == "."
    before = snapshot(work)
    monkeypatch.chdir(work)
    assert main(args) == 2
    assert "refusing to write the lattice here" in said(capsys)
    assert snapshot(work) == before


@pytest.mark.parametrize("kind", ["corpus", "extract", "demo"])
def test_the_corpus_is_never_the_target(kind, tmp_path, capsys):
    import shutil

    work = tmp_path / "work"
    corpus = work / "project" / "corpus"
    shutil.copytree(BIOS if kind == "extract" else ZOO, corpus)
    before = snapshot(work)
    for out, what in ((corpus, "is the input"), (work / "project", "holds the input"),
                      (corpus / "lattice", "lies inside the input")):
        args = build_args(kind, tmp_path, out)
        args = [*args[:1], "--corpus", str(corpus), *args[1:]] if kind == "demo" else [args[0], str(corpus), *args[2:]]
        assert main(args) == 2, out
        err = said(capsys)
        assert what in err and "hint:" in err
        assert snapshot(work) == before


def test_an_extraction_cache_inside_the_lattice_is_refused(tmp_path, capsys):
    out = tmp_path / "lat"
    assert main(["build", str(ZOO), "--out", str(out)]) == 0
    before = snapshot(tmp_path)
    args = build_args("extract", tmp_path, out) + ["--cache", str(out / "cache")]
    assert main(args) == 2
    assert "holds the input" in said(capsys)
    assert snapshot(tmp_path) == before


def test_a_lattice_holding_other_files_is_refused(tmp_path, capsys, hashes):
    out = tmp_path / "lat"
    assert main(["build", str(ZOO), "--out", str(out)]) == 0
    (out / "notes.txt").write_text("mine")
    before = snapshot(tmp_path)
    assert main(["build", str(MOVIES), "--out", str(out)]) == 2
    assert "not part of it (notes.txt)" in said(capsys)
    assert snapshot(tmp_path) == before


def test_the_json_form_of_a_refusal(tmp_path, capsys):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "x").write_text("x")
    assert main(["build", str(ZOO), "--out", str(tmp_path / "out"), "--json"]) == 2
    error = json.loads(capsys.readouterr().out)
    assert error["error"] == "StoreError" and error["hint"]


def test_check_target_is_the_one_gate(tmp_path):
    from latweave.folder.store import check_target

    (tmp_path / "empty").mkdir()
    check_target(tmp_path / "absent")
    check_target(tmp_path / "empty")
    with pytest.raises(StoreError, match="not a latweave lattice"):
        check_target(tmp_path)
    with pytest.raises(StoreError, match="lies inside the input"):
        check_target(ZOO / "out", inputs=[ZOO])
    with pytest.raises(StoreError, match="root folder"):
        check_target("/")
    # a manifest of another format is not a lattice
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "manifest.json").write_text('{"format": "something-else", "files": {}}')
    with pytest.raises(StoreError, match="not a latweave lattice"):
        check_target(tmp_path / "other")


# -------------------------------------------------------------------------- what may be replaced

@pytest.mark.slow
@pytest.mark.parametrize("kind", ["corpus", "pathquestion", "metaqa", "2wiki", "demo"])
def test_absent_empty_and_lattice_targets_are_written(kind, tmp_path, capsys):
    for out in (tmp_path / "new" / "deep", tmp_path / "empty"):
        if out.name == "empty":
            out.mkdir()
        assert main(build_args(kind, tmp_path, out)) == 0
        first = content(read_manifest(out, verify=True))
        assert main(build_args(kind, tmp_path, out)) == 0  # again: the lattice is replaced
        assert content(read_manifest(out, verify=True)) == first
        only_the_lattice(out)
    capsys.readouterr()


def test_a_lattice_of_another_corpus_is_replaced(tmp_path, hashes):
    out = tmp_path / "lat"
    assert main(["build", str(ZOO), "--out", str(out)]) == 0
    assert main(["build", str(MOVIES), "--out", str(out)]) == 0
    assert whole(out, [hashes["movies"]])
    assert not out.is_symlink()  # where names can be swapped atomically the lattice stays a plain folder
    assert os.listdir(tmp_path) == ["lat"]


def test_a_user_symlink_is_followed(tmp_path, hashes, capsys):
    real = tmp_path / "data" / "lat"
    assert main(["build", str(ZOO), "--out", str(real)]) == 0
    link = tmp_path / "link"
    link.symlink_to(real)
    assert main(["build", str(MOVIES), "--out", str(link)]) == 0
    assert os.readlink(link) == str(real) and whole(real, [hashes["movies"]])
    only_the_lattice(real)

    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "a.txt").write_text("a")
    (tmp_path / "to-mine").symlink_to(tmp_path / "mine")
    (tmp_path / "to-file").symlink_to(tmp_path / "mine" / "a.txt")
    before = snapshot(tmp_path)
    assert main(["build", str(ZOO), "--out", str(tmp_path / "to-mine")]) == 2
    assert "not a latweave lattice" in said(capsys)
    assert main(["build", str(ZOO), "--out", str(tmp_path / "to-file")]) == 2
    assert "is a file" in said(capsys)
    assert snapshot(tmp_path) == before


def test_the_symlink_pointer_where_names_cannot_be_swapped(tmp_path, hashes, monkeypatch, capsys):
    no_exchange(monkeypatch)
    out = tmp_path / "lat"
    assert main(["build", str(ZOO), "--out", str(out)]) == 0
    assert os.readlink(out) == f".lat.v-{hashes['zoo'][:12]}-1"
    whole(out, [hashes["zoo"]])
    only_the_lattice(out)
    assert main(["build", str(MOVIES), "--out", str(out)]) == 0
    assert os.readlink(out) == f".lat.v-{hashes['movies'][:12]}-2"
    whole(out, [hashes["movies"]])
    only_the_lattice(out)  # the old version is gone
    saved = tmp_path / "r.json"
    assert main(["run", "--lattice", str(out), "--save", str(saved), 'meet(directed_by = "Ridley Scott")']) == 0
    assert main(["audit", "--lattice", str(out), str(saved)]) == 0

    # the pointer's version must hold nothing but the lattice, like a folder
    (out / "notes.txt").write_text("mine")
    before = snapshot(tmp_path)
    assert main(["build", str(ZOO), "--out", str(out)]) == 2
    assert "not part of it (notes.txt)" in said(capsys)
    assert snapshot(tmp_path) == before
    (out / "notes.txt").unlink()

    monkeypatch.undo()  # back on a file system that swaps: a pointer stays a pointer
    assert main(["build", str(ZOO), "--out", str(out)]) == 0
    assert os.readlink(out) == f".lat.v-{hashes['zoo'][:12]}-3"
    whole(out, [hashes["zoo"]])
    only_the_lattice(out)


def test_a_plain_lattice_folder_is_upgraded_to_the_pointer(tmp_path, hashes, monkeypatch):
    out = tmp_path / "lat"
    assert main(["build", str(ZOO), "--out", str(out)]) == 0
    assert not out.is_symlink()
    no_exchange(monkeypatch)
    assert main(["build", str(MOVIES), "--out", str(out)]) == 0
    assert out.is_symlink()
    whole(out, [hashes["movies"]])
    only_the_lattice(out)


# ------------------------------------------------------------------------------------ leftovers

@pytest.mark.parametrize("pointer", [False, True], ids=["folder", "pointer"])
def test_leftovers_of_killed_builds_are_removed_and_nothing_else(pointer, tmp_path, monkeypatch, hashes):
    if pointer:
        no_exchange(monkeypatch)
    out = tmp_path / "lat"
    assert main(["build", str(ZOO), "--out", str(out)]) == 0
    stale = [".lat.tmp-abcd_123", ".lat.old-zz9xk2m0", ".lat.v-0123456789ab-7"]
    for name in stale:
        (tmp_path / name / "facts").mkdir(parents=True)
        (tmp_path / name / "facts" / "x.facts").write_text("x")
    (tmp_path / ".lat.tmp-qqqqqqqq").symlink_to(".lat.v-0123456789ab-7")  # a pointer never swapped in
    kept = [".lat.tmp-abc", ".lat.tmp-abcdefgh.mine", ".other.tmp-abcdefgh", ".lat.v-nothexnothex-1", "lat.extract-cache",
            ".lat.tmpabcdefgh", "lat.old-abcdefgh", ".lattice.tmp-abcdefgh", ".zlat.old-abcdefgh"]
    for name in kept:
        (tmp_path / name).mkdir()
        (tmp_path / name / "keep.txt").write_text("keep")
    assert main(["build", str(MOVIES), "--out", str(out)]) == 0
    whole(out, [hashes["movies"]])
    for name in stale + [".lat.tmp-qqqqqqqq", ".lat.lock"]:
        assert not os.path.lexists(tmp_path / name), name
    expected = {"lat", *kept} | ({os.readlink(out)} if pointer else set())
    assert set(os.listdir(tmp_path)) == expected
    for name in kept:
        assert (tmp_path / name / "keep.txt").read_text() == "keep"


# ---------------------------------------------------------------------------------- concurrency

CONCURRENT = r"""
import os, sys, time, types
import latweave.ingest.write, latweave.ingest.corpus, latweave.cli
from latweave.folder import store

corpus, out, go, mode = sys.argv[1:5]

def slow(fn):  # a slow file system: each change of names takes a while, so writes overlap
    def wrapper(*args, **kwargs):
        time.sleep(0.05)
        return fn(*args, **kwargs)
    return wrapper

store.os = types.SimpleNamespace(**{n: getattr(os, n) for n in dir(os) if not n.startswith("__")})
for name in ("rename", "replace", "symlink"):
    setattr(store.os, name, slow(getattr(os, name)))
if mode == "pointer":
    store._exchange = lambda a, b: False
elif hasattr(store, "_exchange"):
    store._exchange = slow(store._exchange)
print("READY", flush=True)
while not os.path.exists(go):
    time.sleep(0.0005)
sys.exit(latweave.cli.main(["build", corpus, "--out", out]))
"""


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["folder", "pointer"])
def test_concurrent_builds_to_one_target_serialise(mode, tmp_path, hashes):
    out = tmp_path / "out" / "lat"
    for rep in range(6):
        go = tmp_path / f"go-{rep}"
        procs = [subprocess.Popen([sys.executable, "-c", CONCURRENT, str(corpus), str(out), str(go), mode],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
                 for corpus in (ZOO, MOVIES)]
        for proc in procs:
            assert wait_line(proc, "READY") is not None
        go.write_text("go")
        for proc in procs:
            stdout, stderr = proc.communicate(timeout=120)
            assert proc.returncode == 0, stderr
            assert "Traceback" not in stderr and "Errno" not in stderr
        whole(out, hashes.values())
        only_the_lattice(out)
        assert out.is_symlink() == (mode == "pointer")


@pytest.mark.slow
def test_a_build_waits_for_the_lock(tmp_path):
    out = tmp_path / "lat"
    with store._locked(out):
        proc = subprocess.Popen([sys.executable, "-m", "latweave.cli", "build", str(ZOO), "--out", str(out)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=ENV)
        time.sleep(2)
        assert proc.poll() is None and not out.exists()
    assert proc.wait(timeout=120) == 0, proc.stderr.read()
    read_manifest(out, verify=True)
    assert os.listdir(tmp_path) == ["lat"]  # the lock file is gone too


# ----------------------------------------------------------------------------------------- kills

KILLABLE = r"""
import sys
from latweave.cli import main
from tests.support.pausing import install

mode, pause_after, corpora, out = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(","), sys.argv[4]
# every call that changes names beside --out pauses when it is the pause_after-th one
install(pause_after, pointer="pointer" in mode)
if mode.startswith("loop"):
    n = 0
    while True:
        main(["build", corpora[n % len(corpora)], "--out", out])
        n += 1
sys.exit(main(["build", corpora[0], "--out", out]))
"""


def _killable(mode: str, pause_after: int, corpora, out: Path):
    """The build child. Its scratch folders (Parquet spill, DuckDB's) go under the test's own
    folder: a killed process cannot remove them, and they would pile up in the machine's /tmp."""
    scratch = out.parent / "tmp"
    scratch.mkdir(parents=True, exist_ok=True)
    return subprocess.Popen([sys.executable, "-c", KILLABLE, mode, str(pause_after), ",".join(map(str, corpora)),
                             str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**ENV, "TMPDIR": str(scratch)})


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["folder", "pointer", "upgrade"])
def test_a_kill_at_every_step_leaves_the_old_or_the_new_lattice(mode, tmp_path, hashes, monkeypatch):
    """`folder`: a plain lattice folder swapped for the new one; `pointer`: the symlink pointer;
    `upgrade`: a plain folder turned into the pointer where names cannot be swapped — the one
    documented gap, where the old lattice waits complete in `.<name>.old-*`."""
    pauses = 0
    # each step starts from a copy of one build of the zoo made as the step's would be (a pointer
    # and its version in `pointer` mode: the link is relative), the same bytes
    template = tmp_path / "zoo" / "lat"
    with monkeypatch.context() as patch:
        if mode == "pointer":
            no_exchange(patch)
        assert main(["build", str(ZOO), "--out", str(template)]) == 0
    for step in range(1, 30):
        out = tmp_path / f"step{step}" / "lat"
        shutil.copytree(template.parent, out.parent, symlinks=True)
        proc = _killable("pointer" if mode != "folder" else "folder", step, [MOVIES], out)
        paused = wait_line(proc, "PAUSED")
        if paused is None:  # past the last step: the build finished
            assert proc.wait(timeout=60) == 0, proc.stderr.read()
            whole(out, [hashes["movies"]])
            only_the_lattice(out)
            break
        pauses += 1
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        proc.stdout.close()
        proc.stderr.close()
        if mode == "upgrade" and not os.path.lexists(out):
            (old,) = [p for p in out.parent.iterdir() if p.name.startswith(".lat.old-")]
            whole(old, [hashes["zoo"]])  # the gap: the old lattice is complete beside it
        else:
            whole(out, [hashes["zoo"], hashes["movies"]])
        with monkeypatch.context() as patch:  # the next build to the same place cleans up
            if mode != "folder":
                no_exchange(patch)
            assert main(["build", str(MOVIES), "--out", str(out)]) == 0
        whole(out, [hashes["movies"]])
        only_the_lattice(out)
    else:
        raise AssertionError("the build never finished")
    assert pauses >= 3


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["loop", "loop-pointer"])
def test_a_kill_at_random_times_leaves_a_whole_lattice(mode, tmp_path, hashes, monkeypatch):
    out = tmp_path / "lat"
    rng = random.Random(10)
    with monkeypatch.context() as patch:
        if mode == "loop-pointer":
            no_exchange(patch)
        assert main(["build", str(ZOO), "--out", str(out)]) == 0
    for _ in range(6):
        proc = _killable(mode, 0, [MOVIES, ZOO], out)
        time.sleep(rng.uniform(0.3, 1.5))
        assert proc.poll() is None, proc.stderr.read()
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=60)
        whole(out, hashes.values())
    with monkeypatch.context() as patch:
        if mode == "loop-pointer":
            no_exchange(patch)
        assert main(["build", str(ZOO), "--out", str(out)]) == 0
    whole(out, [hashes["zoo"]])
    only_the_lattice(out)
