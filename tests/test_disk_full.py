"""A disk that fills up during `build` or `add`: one clear error naming the lattice being written
(exit 2, a hint, no traceback, never `error: No space left on device:` with no path), and the
lattice there before unchanged, byte for byte (latweave/write_failure.py, folder/store.py).

Disk full is real here, without root (tests/support/disk_full.py): a file-size limit makes
writes fail with EFBIG at several points of the write (a model file, SQLite's database, DuckDB's
Parquet), and where user namespaces allow it a tmpfs too small for a second copy of the lattice
makes them fail with ENOSPC."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from latweave.cli import EXIT_USER, main
from latweave.paths import RULES
from tests.support.disk_full import fsize_cli, tmpfs_available, tmpfs_script

CORPORA = RULES.parent / "corpora"
ZOO, MOVIES = CORPORA / "zoo", CORPORA / "movies"


def snapshot(folder: Path) -> dict[str, str]:
    """Every file below `folder` (links resolved) and its sha256."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def assert_clean_failure(done, out: Path) -> None:
    assert done.returncode == EXIT_USER, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert f"while writing {out}" in done.stderr and "hint:" in done.stderr
    assert not [p.name for p in out.parent.iterdir() if p.name.startswith(f".{out.name}.tmp")]


@pytest.fixture
def old(tmp_path, capsys):
    out = tmp_path / "lat"
    assert main(["build", str(ZOO), "--out", str(out)]) == 0
    capsys.readouterr()
    return out


#: file-size limits (bytes) that stop the write in a model file, in SQLite's database and later on
LIMITS = (1_000, 20_000, 100_000)


@pytest.mark.slow
@pytest.mark.parametrize("limit", LIMITS)
def test_build_over_a_lattice_without_room_keeps_the_old_one(old, limit):
    before = snapshot(old)
    done = fsize_cli(limit, ["build", str(ZOO), str(MOVIES), "--out", str(old)])
    assert_clean_failure(done, old)
    assert snapshot(old) == before


@pytest.mark.slow
@pytest.mark.parametrize("limit", LIMITS[:2])   # the movies' layer fits 100 kB files
def test_add_without_room_keeps_the_old_lattice(old, limit):
    before = snapshot(old)
    done = fsize_cli(limit, ["add", str(MOVIES), "--lattice", str(old)])
    assert_clean_failure(done, old)
    assert snapshot(old) == before


def test_a_first_build_without_room_writes_nothing(tmp_path):
    out = tmp_path / "new"
    done = fsize_cli(1_000, ["build", str(ZOO), "--out", str(out)])
    assert_clean_failure(done, out)
    assert not out.exists()


@pytest.mark.slow
@pytest.mark.skipif(not tmpfs_available(), reason="no unprivileged user namespaces here (unshare -rm)")
@pytest.mark.parametrize("share", [1.05, 1.25, 1.45])
def test_a_full_tmpfs_is_no_space_left_and_keeps_the_old_lattice(tmp_path, share):
    """The lattice fits the tmpfs once but not twice: the rebuild meets ENOSPC at a point that
    moves with `share` (the tmpfs's size over what one lattice takes there: a model file,
    DuckDB's Parquet, SQLite's database)."""
    room, scratch = tmp_path / "room", tmp_path / "scratch"
    room.mkdir()
    scratch.mkdir()
    script = f'''
mount -t tmpfs -o size=65536k tmpfs "{scratch}"
"$PY" -m latweave.cli build "{ZOO}" --out "{scratch}/lat" > /dev/null
used=$(df -k --output=used "{scratch}" | tail -1)
umount "{scratch}"
mount -t tmpfs -o size=$(awk "BEGIN {{ print int($used * {share}) }}")k tmpfs "$ROOM"
"$PY" -m latweave.cli build "{ZOO}" --out "$ROOM/lat" > /dev/null
cd "$ROOM/lat" && find . -type f | LC_ALL=C sort | xargs sha256sum > "{tmp_path}/before.txt" && cd /
set +e
"$PY" -m latweave.cli build "{ZOO}" --out "$ROOM/lat" 2> "{tmp_path}/err.txt"
echo $? > "{tmp_path}/rc.txt"
set -e
cd "$ROOM/lat" && find . -type f | LC_ALL=C sort | xargs sha256sum > "{tmp_path}/after.txt"
ls -a "$ROOM" > "{tmp_path}/room.txt"
'''
    done = tmpfs_script(str(room), script)
    assert done.returncode == 0, done.stderr[-2000:]
    err = (tmp_path / "err.txt").read_text()
    assert (tmp_path / "rc.txt").read_text().strip() == str(EXIT_USER), err
    assert f"no space left on device while writing {room}/lat" in err and "Traceback" not in err
    assert (tmp_path / "before.txt").read_text() == (tmp_path / "after.txt").read_text()
    assert (tmp_path / "room.txt").read_text().split() == [".", "..", "lat"]
