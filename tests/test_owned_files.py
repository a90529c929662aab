"""Files latweave writes for a user (`run --save`, `explain --svg` / `--html`) replace only what
latweave wrote, atomically, and never read a FIFO or /dev/stdout (latweave/owned_file.py).

The hanging cases run the CLI in a subprocess with a timeout: without the check they block on
the FIFO for ever, and the timeout turns that into a failure instead of a stuck suite."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from latweave.cli import EXIT_OK, EXIT_USER, main
from latweave.explain_export import MARKER

PLAN = "meet(species <= mammal, habitat <= aquatic)"
#: Generous: each command takes a second or two; a FIFO would block it for ever.
HANG_S = 60


@pytest.fixture(scope="module")
def saved(zoo_lattice, tmp_path_factory):
    path = tmp_path_factory.mktemp("saved") / "r.json"
    assert main(["run", PLAN, "--lattice", str(zoo_lattice), "--save", str(path), "--json"]) == EXIT_OK
    return path


def _cli(*argv, stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "latweave.cli", *argv], stdout=stdout, stderr=subprocess.PIPE,
                          text=True, timeout=HANG_S, env={**os.environ, "COLUMNS": "200"})


def _listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("flag", ["--svg", "--html"])
def test_an_export_never_overwrites_a_users_file(capsys, saved, tmp_path, flag):
    user = tmp_path / "values.jsonl"
    user.write_text('{"value": "mine"}\n')
    before = user.read_bytes()
    rc = main(["explain", str(saved), flag, str(user)])
    err = capsys.readouterr().err
    assert rc == EXIT_USER and "is not an" in err and "left as it is" in err and "hint:" in err
    assert user.read_bytes() == before and _listing(tmp_path) == ["values.jsonl"]


def test_a_refused_html_leaves_no_new_svg(capsys, saved, tmp_path):
    (tmp_path / "page.html").write_text("<html>my own page</html>")
    rc = main(["explain", str(saved), "--svg", str(tmp_path / "new.svg"), "--html", str(tmp_path / "page.html")])
    capsys.readouterr()
    assert rc == EXIT_USER and _listing(tmp_path) == ["page.html"]


@pytest.mark.parametrize("flag,start", [("--svg", "<svg"), ("--html", "<!DOCTYPE html>")])
def test_an_export_replaces_an_earlier_export(capsys, saved, tmp_path, flag, start):
    out = tmp_path / "proof.out"
    assert main(["explain", str(saved), flag, str(out), "--width", "60"]) == EXIT_OK
    first = out.read_text()
    assert first.startswith(start) and MARKER in first.splitlines()[1]
    assert main(["explain", str(saved), flag, str(out), "--width", "90"]) == EXIT_OK
    capsys.readouterr()
    second = out.read_text()
    assert second != first and MARKER in second and _listing(tmp_path) == ["proof.out"]


@pytest.mark.slow
@pytest.mark.parametrize("argv", [
    lambda saved, lattice, target: ["explain", str(saved), "--svg", target],
    lambda saved, lattice, target: ["explain", str(saved), "--html", target],
    lambda saved, lattice, target: ["run", PLAN, "--lattice", str(lattice), "--save", target],
], ids=["svg", "html", "save"])
def test_a_fifo_is_refused_unread(saved, zoo_lattice, tmp_path, argv):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    done = _cli(*argv(saved, zoo_lattice, str(fifo)))
    assert done.returncode == EXIT_USER, done.stderr
    assert "not a regular file" in done.stderr and "Traceback" not in done.stderr
    assert fifo.is_fifo()


@pytest.mark.slow
def test_save_to_dev_stdout_is_refused_not_a_hang(zoo_lattice):
    done = _cli("run", PLAN, "--lattice", str(zoo_lattice), "--save", "/dev/stdout")
    assert done.returncode == EXIT_USER, done.stderr
    assert "not a regular file" in done.stderr and "--json" in done.stderr


def test_save_into_a_folder_or_a_missing_folder_is_refused(capsys, zoo_lattice, tmp_path):
    assert main(["run", PLAN, "--lattice", str(zoo_lattice), "--save", str(tmp_path)]) == EXIT_USER
    assert "is a folder" in capsys.readouterr().err
    assert main(["run", PLAN, "--lattice", str(zoo_lattice), "--save", str(tmp_path / "no" / "r.json")]) == EXIT_USER
    assert "folder does not exist" in capsys.readouterr().err
    assert _listing(tmp_path) == []


def test_save_through_a_link_replaces_the_saved_file_and_keeps_the_link(capsys, zoo_lattice, tmp_path):
    real = tmp_path / "real.json"
    assert main(["run", PLAN, "--lattice", str(zoo_lattice), "--save", str(real)]) == EXIT_OK
    real.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert main(["run", "meet(species <= bird)", "--lattice", str(zoo_lattice), "--save", str(link)]) == EXIT_OK
    capsys.readouterr()
    assert link.is_symlink() and json.loads(real.read_text())["plan"].startswith("meet(species <= bird")
    assert oct(real.stat().st_mode & 0o777) == oct(0o640)
    assert _listing(tmp_path) == ["link.json", "real.json"]


@pytest.mark.slow
@pytest.mark.parametrize("umask", [0o022, 0o077])
def test_new_files_follow_the_users_umask(zoo_lattice, saved, tmp_path, umask):
    """A new --save, --svg or --html file has the mode a shell redirect would give (0666 less the
    umask), not the 0600 of the temporary file it is written through."""
    code = (f"import os, sys; os.umask({umask}); from latweave.cli import main; "
            f"sys.exit(main(sys.argv[1:]))")
    runs = [["run", PLAN, "--lattice", str(zoo_lattice), "--save", str(tmp_path / "new.json")],
            ["explain", str(saved), "--svg", str(tmp_path / "new.svg"), "--html", str(tmp_path / "new.html")]]
    for argv in runs:
        done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=HANG_S)
        assert done.returncode == EXIT_OK, done.stderr
    for name in ("new.json", "new.svg", "new.html"):
        assert oct((tmp_path / name).stat().st_mode & 0o777) == oct(0o666 & ~umask), name
