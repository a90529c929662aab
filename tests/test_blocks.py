"""folder/blocks.py, the block-compressed line files (predicates.blocks, values.blocks): lines read
back by number, in order and by bisection as they were written; the trailer's count and hash; a
damaged file refused; and a lattice's identity (content hash, layer hashes) a function of the
lines, not of deflate's bytes (which differ between zlib builds)."""

from __future__ import annotations

import json
import subprocess
import sys
import zlib

import pytest

from latweave.errors import StoreError
from latweave.folder import blocks
from latweave.folder.blocks import BlockLines, BlockWriter, line_count, lines_digest, read_lines, write_blocks
from latweave.folder.layers import SortedLines, layer_hashes
from latweave.folder.names import PREDICATES, VALUES
from latweave.folder.store import content_digests, content_hash, read_manifest, sha256_file
from latweave.paths import RULES

ZOO = RULES.parent / "corpora" / "zoo"


def _lines(n: int) -> list[str]:
    return [json.dumps([f"k{i:05d}", "x" * (i % 7)]) + "\n" for i in range(n)]


@pytest.mark.parametrize("n", [0, 1, 63, 64, 65, 200])
def test_lines_read_back_by_number_and_in_order(tmp_path, n):
    path = tmp_path / "f.blocks"
    lines = _lines(n)
    write_blocks(path, lines)
    got = BlockLines(path, json.loads)
    assert len(got) == n == line_count(path)
    assert [got.raw(i).decode() + "\n" for i in range(n)] == lines
    assert [got.row(i) for i in reversed(range(n))] == [json.loads(x) for x in reversed(lines)]
    assert list(read_lines(path)) == lines
    with pytest.raises(IndexError):
        got.raw(n)
    got.close()
    import hashlib
    assert lines_digest(path) == hashlib.sha256("".join(lines).encode()).hexdigest()
    assert path.read_bytes().startswith(b"latweave block-compressed lines")


def test_a_block_is_kept_inflated_among_the_last_few(tmp_path, monkeypatch):
    path = tmp_path / "f.blocks"
    write_blocks(path, _lines(64 * 40))
    got = BlockLines(path)
    calls = []
    real = zlib.decompress
    monkeypatch.setattr(blocks.zlib, "decompress", lambda data: calls.append(1) or real(data))
    for i in range(64):
        got.raw(i)
    assert len(calls) == 1          # one block, inflated once
    for b in range(blocks.CACHED_BLOCKS + 1):
        got.raw(b * 64)
    got.raw(0)                      # pushed out by the others since
    assert len(calls) == blocks.CACHED_BLOCKS + 2


def test_each_blocks_first_line_reads_from_the_firsts(tmp_path):
    path = tmp_path / "f.blocks"
    lines = [json.dumps(["a" * 3000, i]) + "\n" for i in range(130)]
    write_blocks(path, lines)
    got = BlockLines(path)
    assert [got.first(b).decode() + "\n" for b in range(got.blocks)] == [lines[0], lines[64], lines[128]]
    # lines of every length (one empty), many blocks: each first line is its block's, read in any order
    lines = [("x" * (i * 7 % 23)) + "\n" for i in range(64 * 50 + 5)]
    write_blocks(path, lines)
    got = BlockLines(path)
    order = sorted(range(got.blocks), key=lambda b: (b * 37) % got.blocks)
    assert {b: got.first(b) for b in order} == {b: got.block(b)[0] for b in range(got.blocks)}
    assert got.blocks == 51 and got.first(50) == b"x" * (64 * 50 * 7 % 23)


@pytest.mark.parametrize("n", [1, 64, 65, 300])
def test_bisection_over_blocks_finds_what_a_scan_finds(tmp_path, n):
    path = tmp_path / "f.blocks"
    keys = sorted(f"k{i // 3:04d}" for i in range(n))   # duplicates across block edges
    write_blocks(path, [json.dumps([k]) + "\n" for k in keys])
    sorted_lines = SortedLines(BlockLines(path, json.loads), key=lambda row: row[0],
                               probe=lambda line: json.loads(line)[0])
    for probe in ["", "k", *sorted(set(keys)), *(k + "~" for k in set(keys)), "z"]:
        expected = next((i for i, k in enumerate(keys) if k >= probe), len(keys))
        assert sorted_lines.lower(probe) == expected, probe
        assert [i for i, _ in sorted_lines.equal(probe)] == [i for i, k in enumerate(keys) if k == probe]


def test_a_damaged_block_file_is_refused(tmp_path):
    path = tmp_path / "f.blocks"
    write_blocks(path, _lines(100))
    data = path.read_bytes()
    path.write_bytes(data[:-3])
    with pytest.raises(StoreError, match="not a latweave block file"):
        BlockLines(path)
    path.write_bytes(data[:-60] + data[-52:])   # the index cut short
    with pytest.raises(StoreError):
        BlockLines(path)
    path.write_bytes(b"[1]\n[2]\n")              # a text file under the name
    with pytest.raises(StoreError, match="not a latweave block file"):
        lines_digest(path)


def test_cat_prints_the_lines(tmp_path):
    path = tmp_path / "f.blocks"
    lines = _lines(70)
    write_blocks(path, lines)
    out = subprocess.run([sys.executable, "-m", "latweave.folder.blocks", "cat", str(path)],
                         capture_output=True, text=True, check=True).stdout
    assert out == "".join(lines)
    bad = subprocess.run([sys.executable, "-m", "latweave.folder.blocks", "cat", str(tmp_path / "none")],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "error:" in bad.stderr and "Traceback" not in bad.stderr


def test_the_lattices_identity_is_its_lines_not_deflates_bytes(tmp_path):
    """The same lines deflated otherwise (not at all here; another zlib build elsewhere) give
    other bytes, the same content hash and layer hashes: the manifest's `lines` is what they take."""
    from latweave.cli import main

    lattice = tmp_path / "zoo"
    assert main(["build", str(ZOO), "--out", str(lattice)]) == 0
    manifest = read_manifest(lattice)
    before = (manifest["content_hash"], layer_hashes(manifest))
    for name in (PREDICATES, VALUES):
        path = lattice / name
        old, lines = path.read_bytes(), list(read_lines(path))
        with BlockWriter(path, level=0) as out:   # stored, not deflated
            out.writelines(lines)
        assert path.read_bytes() != old and list(read_lines(path)) == lines
        manifest["files"][name] = sha256_file(path)
        manifest["sizes"][name] = path.stat().st_size
    assert content_hash(content_digests(manifest["files"], manifest["lines"])) == before[0]
    assert layer_hashes(manifest) == before[1]
    (lattice / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True))
    assert read_manifest(lattice)["content_hash"] == before[0]   # verified: bytes, lines, content hash



def test_lines_forged_under_the_old_lines_hash_are_refused(tmp_path):
    """Other lines in a block file whose trailer still claims the genuine lines' hash, the manifest's
    bytes hash and size updated: the content hash would still be the genuine one's, so a
    verification that hashes the file inflates it and hashes its lines too, and the auditor, reading
    them with its own reader, fails the audit."""
    from latweave.cli import main
    from latweave.errors import StoreError as Refused

    lattice = tmp_path / "zoo"
    assert main(["build", str(ZOO), "--out", str(lattice)]) == 0
    saved = tmp_path / "r.json"
    assert main(["run", "--lattice", str(lattice), "--save", str(saved), "meet(species <= mammal)"]) == 0
    manifest = read_manifest(lattice)
    path = lattice / PREDICATES
    genuine = path.read_bytes()[-blocks.TRAILER.size:]
    write_blocks(path, [line.replace("marine", "desert") for line in read_lines(path)])
    data = path.read_bytes()
    path.write_bytes(data[:-blocks.TRAILER.size] + genuine)   # the genuine count and lines' hash
    assert lines_digest(path) == manifest["lines"][PREDICATES]
    manifest["files"][PREDICATES] = sha256_file(path)
    manifest["sizes"][PREDICATES] = path.stat().st_size
    (lattice / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True))
    with pytest.raises(Refused, match="predicates.blocks does not match the manifest"):
        read_manifest(lattice)
    assert main(["audit", "--lattice", str(lattice), str(saved)]) == 5


def test_blocks_deflated_in_a_second_interpreter_are_the_same_bytes(tmp_path, monkeypatch):
    """BlockWriter(beside=True): the blocks deflated by a child fed on its stdin (`_Beside`) — the
    same file, line count and digest; a child that fails is a StoreError, not a short file taken
    for a whole one."""
    from latweave.errors import StoreError
    from latweave.folder import blocks

    lines = [f"line {i} {'é' * (i % 5)} 𝔘\n" for i in range(5_003)]
    written = {}
    for beside in (False, True):
        with blocks.BlockWriter(tmp_path / f"{beside}.blocks", per_block=16, beside=beside) as out:
            out.writelines(lines)
        written[beside] = ((tmp_path / f"{beside}.blocks").read_bytes(), out.lines, out.digest)
    assert written[True] == written[False] and written[True][1] == len(lines)
    monkeypatch.setattr(blocks._Beside, "COMMAND", "raise SystemExit('no deflating today')")
    for many in (1, 40):   # the child gone before the end, or while the blocks are still sent
        with pytest.raises(StoreError, match="no deflating today"):
            with blocks.BlockWriter(tmp_path / "failed.blocks", per_block=16, beside=True) as out:
                out.writelines(lines * many)


def test_lines_given_in_lists_of_any_length_write_the_file_lines_one_by_one_write(tmp_path):
    """BlockWriter.writelines takes a list whole (its full blocks cut off it: the stream's
    instances hand over their predicates' lines so) and any other iterable line by line: the
    same file whatever the lists' lengths against the block size."""
    from latweave.folder import blocks

    lines = [f"line {i} {'é' * (i % 5)}\n" for i in range(1_000)]
    with blocks.BlockWriter(tmp_path / "one.blocks", per_block=16) as out:
        for line in lines:
            out.write(line)
    one = (tmp_path / "one.blocks").read_bytes()
    for sizes in ((1,), (15, 16, 17), (3, 40), (1_000,)):
        path = tmp_path / f"{'-'.join(map(str, sizes))}.blocks"
        with blocks.BlockWriter(path, per_block=16) as out:
            at, k = 0, 0
            while at < len(lines):
                n = sizes[k % len(sizes)]
                out.writelines(lines[at:at + n])
                at, k = at + n, k + 1
        assert path.read_bytes() == one and out.lines == len(lines)


def test_a_block_is_deflated_with_an_8_kb_window_and_a_32_kb_one_still_reads(tmp_path, monkeypatch):
    """Each block says its window in its zlib header (CINFO: log2(window) - 8): 13 → 8 KB, whose
    deflate state stays below glibc's mmap threshold (folder/blocks.py `WBITS`). Blocks written
    with zlib's default 32 KB window — every lattice built before — read the same lines."""
    lines = [json.dumps([f"k{i:05d}", "x" * (i * 37 % 3000)]) + "\n" for i in range(300)]   # blocks up to ~30 KB
    path = tmp_path / "f.blocks"
    write_blocks(path, lines)
    got = BlockLines(path, json.loads)
    headers = {path.read_bytes()[a] for a in got.offsets[:got.blocks]}
    assert headers == {((blocks.WBITS - 8) << 4) | zlib.DEFLATED}   # CMF: every block, the 8 KB window
    assert list(read_lines(path)) == lines
    got.close()
    monkeypatch.setattr(blocks, "WBITS", zlib.MAX_WBITS)
    old = tmp_path / "old.blocks"
    write_blocks(old, lines)
    back = BlockLines(old, json.loads)
    assert {old.read_bytes()[a] for a in back.offsets[:back.blocks]} == {0x78}   # the default window
    assert [back.raw(i).decode() + "\n" for i in range(len(lines))] == lines == list(read_lines(old))
    back.close()
