"""Block-compressed line files: a model file's lines deflated in fixed-count blocks, read by line.

predicates.jsonl and values.jsonl were most of a KB lattice's folder (159 + 34 MB of the 100k-
person KB's 371 MB, plus an 8-byte offset a line in their `.idx`). Their lines repeat names and
evidence, so deflated 16 at a time they shrink ~5× (64 at a time ~7×), and a block inflates in
microseconds: a look-up by line number or by bisection still reads one block, not the file. They
are kept as `predicates.blocks`, `values.blocks` and `derived/coord_counts.blocks`
(folder/names.py `BLOCKED`): the same lines, the same row codec (folder/rows.py), in this
container:

    header   one ASCII line saying what the file is and how to read it (so `head` tells a user)
    blocks   each up to LINES_PER_BLOCK lines (each ending in a newline; PER_BLOCK: a file's
             own count), zlib-deflated alone
    firsts   each block's first line, in order, zlib-deflated as one (what a search by key
             bisects: inflated once, where probing a block's first line would inflate a block)
    index    (blocks + 2) little-endian unsigned 64-bit offsets: where each block starts, where
             the firsts start, where the index starts (block b is bytes [index[b], index[b + 1]))
    trailer  TRAILER: the line count, the lines per block, the sha256 of the inflated lines
             (the file's content: what the manifest's content hash takes for it), a magic word

Deflate's bytes depend on the library (zlib, zlib-ng), so a file's bytes verify it (the manifest's
`files`), and its lines' sha256 identifies it (the manifest's `lines`, which the content hash and
the layer hashes take instead: folder/store.py `content_digests`; a verification that hashes the
bytes inflates the blocks and hashes the lines too). The same lines give the same
stamp wherever they were deflated; on one machine the bytes are deterministic too.

A block read is kept in a small LRU per file (a proof reads neighbouring predicates); a search by
key bisects the blocks by their first lines (the firsts, inflated on the first search), then
one block.

Read one as text: `python -m latweave.folder.blocks cat FILE` (or `info FILE`).
"""

from __future__ import annotations

import hashlib
import mmap
import os
import struct
import sys
import zlib
from array import array
from collections import OrderedDict
from itertools import accumulate
from pathlib import Path
from typing import Iterable, Iterator, NoReturn

from latweave.errors import StoreError
from latweave.folder.names import BLOCKED, PREDICATES, VALUES

#: Lines per block: 64 deflate to ~1/7 (predicates.jsonl of the 100k KB: 159 → 24 MB) and
#: inflate in ~7-17 µs; more lines compress a little better and inflate proportionally slower.
LINES_PER_BLOCK = 64
#: A question reads a block per predicate its proof cites (predicates.blocks, by id) and per
#: value it looks up (values.blocks, by key), each first asked: 16 lines a block inflate in ~5 µs
#: against 64's ~13 (the 100k KB: predicates 35 MB against 24; bench/peers.py with proofs, 3
#: hops: 64 lines were ~0.1 ms slower than the text file). derived/coord_counts.blocks is read
#: whole, or by key in an `add`: 64.
PER_BLOCK = {PREDICATES: 16, VALUES: 16}
#: zlib's level 3, the best of its fast levels (1-3 match greedily; 4-9 lazily): the 300k KB's
#: predicate blocks (16 lines) deflate 4.5x faster than at the default level 6 (1.6 against 7.1 s
#: for 1.5M lines) and 7 % larger (ratio 4.47 against 4.82), and inflate a little faster. Level 6
#: was the deflating process's whole second core in a streamed build (docs/performance.md).
LEVEL = 3
#: deflate's window for a block: 2**13 = 8 KB, beside 16 lines of ~2 KB (the 300k KB's largest
#: predicate block is 2.2 KB: the same 106.4 MB as zlib's default 32 KB window). Its state is
#: then below glibc's mmap threshold: with the default window each block's deflate state was
#: mmapped and unmapped again — 4.6M page faults and 11.8 s of system time for the 300k KB's 3.9M
#: predicate lines, 17.4 s in all against 6.7 s (docs/performance.md, round nineteen). Inflating
#: reads the window from the block's header (zlib.decompress takes any up to 32 KB).
WBITS = 13
HEADER = (b"latweave block-compressed lines (zlib blocks, not text): "
          b"read with `python -m latweave.folder.blocks cat FILE`\n")
MAGIC = b"LWBLOCK1"
#: line count, lines per block, sha256 of the inflated lines, magic
TRAILER = struct.Struct("<QI32s8s")
#: blocks kept inflated per open file
CACHED_BLOCKS = 32


def _refuse(path: Path, why: str) -> NoReturn:
    raise StoreError(f"{path.parent}: {path.name} {why}", hint="rebuild the lattice; never edit a lattice folder by hand")


class _Deflater:
    """The container's writing (module docstring), fed whole blocks: each block's lines as one
    UTF-8 buffer (`block`), deflated alone; its first line kept for the firsts, the lines' sha256
    taken as they come; the firsts, index and trailer on `close`, which returns (lines, digest)."""

    def __init__(self, path: Path, per_block: int, level: int):
        self._out = open(path, "wb")
        self._out.write(HEADER)
        self._offsets = array("Q", [len(HEADER)])
        # each block's first line, UTF-8, in one buffer: not a str a block kept alive among the
        # lines that come and go (it pinned the allocator's memory: ~1.4 KB a subject of a KB's
        # streamed write, docs/spark.md)
        self._firsts = bytearray()
        self._per, self._level = per_block, level
        self._sha = hashlib.sha256()
        self.lines = 0

    def block(self, data: bytes, lines: int) -> None:
        self._firsts += data[:data.index(b"\n") + 1]
        self._sha.update(data)
        self.lines += lines
        deflater = zlib.compressobj(self._level, zlib.DEFLATED, WBITS)
        block = deflater.compress(data) + deflater.flush()
        self._out.write(block)
        self._offsets.append(self._offsets[-1] + len(block))

    def close(self) -> tuple[int, bytes]:
        digest = self._sha.digest()
        firsts = zlib.compress(self._firsts, self._level)
        self._out.write(firsts)
        index = array("Q", self._offsets)
        index.append(index[-1] + len(firsts))
        if sys.byteorder != "little":
            index.byteswap()
        self._out.write(index.tobytes())
        self._out.write(TRAILER.pack(self.lines, self._per, digest, MAGIC))
        self._out.close()
        return self.lines, digest

    def abandon(self) -> None:
        self._out.close()


#: a block as `_Beside` sends it to its child: its line count and byte length, then its bytes
_FRAME = struct.Struct("<II")
#: bytes `_Beside` gathers before writing them to its child
_SEND_BYTES = 1 << 20


class _Beside:
    """`_Deflater`'s work in a second interpreter (`deflate_child`), fed the blocks on its stdin:
    deflate is most of a block file's writing, and a streamed write's interpreter has other work
    (ingest/stream.py, where the second core is idle much of the time). Not a fork: the writer's
    process changes many pages meanwhile, which a forked child would make it copy. `close` returns
    what the child read back: (lines, digest); StoreError when the child failed (the write that
    holds the file is abandoned: folder/store.py's atomic write)."""

    COMMAND = "from latweave.folder.blocks import deflate_child; deflate_child()"

    def __init__(self, path: Path, per_block: int, level: int):
        import subprocess

        from latweave.child import spawn

        self.path = path
        self.proc = spawn(self.COMMAND, str(path), str(per_block), str(level), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, pipe_bytes=_SEND_BYTES)   # (the writer rarely waits on the child)
        self._pending = bytearray()

    def block(self, data: bytes, lines: int) -> None:
        self._pending += _FRAME.pack(lines, len(data))
        self._pending += data
        if len(self._pending) >= _SEND_BYTES:
            self._send()

    def _send(self) -> None:
        view = memoryview(self._pending)
        assert self.proc.stdin is not None   # (spawned with a pipe)
        try:
            fd = self.proc.stdin.fileno()
            while view:
                view = view[os.write(fd, view):]
        except OSError:
            self._failed()
        finally:
            view.release()
        self._pending.clear()

    def close(self) -> tuple[int, bytes]:
        self._pending += _FRAME.pack(0, 0)
        self._send()
        try:
            out, err = self.proc.communicate()
        except OSError:
            self._failed()
        if self.proc.returncode != 0 or len(out) != 8 + 32:
            self._failed(err)
        return int.from_bytes(out[:8], "little"), out[8:]

    def _failed(self, err: bytes | None = None) -> NoReturn:
        if self.proc.poll() is None:
            self.proc.kill()
        if err is None:   # (a pipe that broke: the child's last words are on its stderr)
            try:
                err = self.proc.stderr.read() if self.proc.stderr is not None else b""
            except (OSError, ValueError):
                err = b""
        self.abandon()
        why = err.decode("utf-8", "replace").strip().splitlines()[-1:] or ["it stopped"]
        raise StoreError(f"{self.path}: the block writer's child failed ({why[0]})",
                         hint="the lattice was not written; run the command again")

    def abandon(self) -> None:
        from latweave.child import stop

        stop(self.proc)


def deflate_child() -> None:
    """`_Beside`'s child: argv path, lines per block, level; the blocks framed on stdin; answers
    the line count and the lines' sha256 on stdout once the empty frame ends them."""
    path, per, level = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    pipe = sys.stdin.buffer
    deflater = _Deflater(path, per, level)
    while True:
        head = pipe.read(_FRAME.size)
        if len(head) != _FRAME.size:
            raise SystemExit("the block stream ended without its last frame")
        lines, size = _FRAME.unpack(head)
        if not lines:
            break
        data = pipe.read(size)
        if len(data) != size:
            raise SystemExit("a block broke off")
        deflater.block(data, lines)
    lines, digest = deflater.close()
    sys.stdout.buffer.write(lines.to_bytes(8, "little") + digest)
    sys.stdout.buffer.flush()


class BlockWriter:
    """Writes a block file line by line (`write`, each line ending in a newline), the index and
    trailer on `close`; a context manager. The lines' sha256 is kept as they come (`digest`).
    `beside`: the deflating done in a second interpreter (`_Beside`; the same bytes), where one
    can be started."""

    def __init__(self, path: Path | str, per_block: int | None = None, level: int = LEVEL, beside: bool = False):
        self.path = Path(path)
        if per_block is None:
            per_block = PER_BLOCK.get(self.path.name, LINES_PER_BLOCK)
        sink: _Deflater | _Beside | None = None
        if beside:
            try:
                sink = _Beside(self.path, per_block, level)
            except OSError:   # no process to be had: deflated here
                sink = None
        self._sink: _Deflater | _Beside = sink if sink is not None else _Deflater(self.path, per_block, level)
        self._pending: list[str] = []
        self._per = per_block
        self.lines = 0
        self.digest: bytes | None = None
        self._closed = False

    def write(self, line: str) -> None:
        self._pending.append(line)
        if len(self._pending) == self._per:
            self._flush()

    def writelines(self, lines: Iterable[str]) -> None:
        pending, per = self._pending, self._per
        if isinstance(lines, list):   # (taken whole, the full blocks cut off it: no Python step a line)
            pending += lines
            if len(pending) >= per:
                self._flush_full()
            return
        for line in lines:   # `write` of each line, without a call a line
            pending.append(line)
            if len(pending) == per:
                self._flush()

    def _flush_full(self) -> None:
        """Every full block of the pending lines written; the rest kept pending."""
        pending, per = self._pending, self._per
        done = len(pending) - len(pending) % per
        for at in range(0, done, per):
            self._sink.block("".join(pending[at:at + per]).encode("utf-8"), per)
        self.lines += done
        del pending[:done]

    def _flush(self) -> None:
        self.lines += len(self._pending)
        self._sink.block("".join(self._pending).encode("utf-8"), len(self._pending))
        self._pending.clear()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._pending:
            self._flush()
        lines, self.digest = self._sink.close()
        if lines != self.lines:
            raise StoreError(f"{self.path}: {lines} lines written of {self.lines}", hint="run the command again")

    def __enter__(self) -> "BlockWriter":
        return self

    def __exit__(self, *exc) -> None:
        if exc[0] is None:
            self.close()
        elif not self._closed:
            self._closed = True
            self._sink.abandon()


def write_blocks(path: Path | str, lines: Iterable[str]) -> None:
    """A block file of `lines` (each ending in a newline)."""
    with BlockWriter(path) as out:
        out.writelines(lines)


def read_trailer(data) -> tuple[int, int, bytes]:
    """(lines, lines per block, sha256 of the lines) of a block file's bytes (ValueError when they
    are not one)."""
    if len(data) < len(HEADER) + 8 + TRAILER.size:
        raise ValueError("not a latweave block file")
    return _trailer(bytes(data[:len(HEADER)]), data[len(data) - TRAILER.size:])


def _trailer(head: bytes, tail) -> tuple[int, int, bytes]:
    """(lines, lines per block, sha256 of the lines) from a block file's first and last bytes."""
    if head != HEADER:
        raise ValueError("not a latweave block file")
    lines, per, digest, magic = TRAILER.unpack(tail)
    if magic != MAGIC or per < 1:
        raise ValueError("not a latweave block file")
    return lines, per, digest


def lines_digest(path: Path | str) -> str:
    """The sha256 (hex) of a block file's inflated lines, as its trailer records it (the
    manifest's `lines`); StoreError when the file is no block file."""
    path = Path(path)
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(HEADER))
            handle.seek(-TRAILER.size, 2)
            tail = handle.read(TRAILER.size)
        return _trailer(head, tail)[2].hex()
    except (OSError, ValueError, struct.error):
        _refuse(path, "is not a latweave block file")


class BlockLines:
    """Random access to a block file's lines (the interface of folder/layers.py `Lines`): `raw(i)`
    the bytes of line i (its newline left out), `row(i)` the line decoded by `decode`; `first(b)`
    the first line of block b, inflated only as far as it goes (a bisection probe)."""

    def __init__(self, path: Path, decode=None):
        self._decode = decode
        self._map = None
        try:
            with open(path, "rb") as handle:
                self._map = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
            self.count, self.per, _ = read_trailer(self._map)
            blocks = -(-self.count // self.per)
            end = len(self._map) - TRAILER.size
            start = end - 8 * (blocks + 2)
            offsets = array("Q")
            offsets.frombytes(self._map[start:end])
            if sys.byteorder != "little":
                offsets.byteswap()
        except (OSError, ValueError):
            if self._map is not None:
                self._map.close()
            _refuse(path, "is missing or not a latweave block file")
        if start < len(HEADER) or offsets[0] != len(HEADER) or offsets[-1] != start or list(offsets) != sorted(offsets):
            self._map.close()
            _refuse(path, "has a block index that does not fit it (changed or truncated)")
        if hasattr(mmap, "MADV_RANDOM"):   # scattered blocks: no read-ahead around each
            self._map.madvise(mmap.MADV_RANDOM)
        self.offsets = offsets
        self.blocks = blocks
        self._firsts: tuple[bytes, array[int]] | None = None
        self._cache: OrderedDict[int, list[bytes]] = OrderedDict()

    def __len__(self) -> int:
        return self.count

    def block(self, b: int) -> list[bytes]:
        """Block b's lines (bytes, no newlines), inflated once and kept among the last few."""
        cache = self._cache
        lines = cache.get(b)
        if lines is not None:
            cache.move_to_end(b)
            return lines
        try:
            lines = zlib.decompress(self._map[self.offsets[b]:self.offsets[b + 1]]).split(b"\n")
        except zlib.error:
            raise StoreError(f"block {b} of a block file does not inflate (changed on disk?)",
                             hint="rebuild the lattice; never edit a lattice folder by hand") from None
        lines.pop()   # after the last newline
        cache[b] = lines
        if len(cache) > CACHED_BLOCKS:
            cache.popitem(last=False)
        return lines

    def raw(self, i: int) -> bytes:
        if not 0 <= i < self.count:
            raise IndexError(i)
        return self.block(i // self.per)[i % self.per]

    def row(self, i: int):
        return self._decode(self.raw(i).decode())

    def first(self, b: int) -> bytes:
        """Block b's first line (from the firsts, inflated whole on the first call).

        The firsts are kept as their one inflated text and where each line ends (an array), not
        as a list of lines: at 10M subjects values.blocks has 3.5M blocks, and a list of as many
        bytes objects cost ~290 MB and ~60 ms of every full collection of Python's garbage
        collector, which walks a list's items (a question asked then waited that long; the text
        and array are ~170 MB and nothing it walks)."""
        if self._firsts is None:
            at = self.blocks
            text = zlib.decompress(self._map[self.offsets[at]:self.offsets[at + 1]])
            lines = text.split(b"\n")
            if len(lines) != self.blocks + 1:
                raise StoreError(f"a block file's firsts do not match its {self.blocks} blocks",
                                 hint="rebuild the lattice; never edit a lattice folder by hand")
            # sizes[i]: the bytes of the lines before line i, newlines left out (line i starts at sizes[i] + i)
            self._firsts = (text, array("Q", accumulate(map(len, lines), initial=0)))
        text, sizes = self._firsts
        return text[sizes[b] + b:sizes[b + 1] + b]

    def __iter__(self) -> Iterator[bytes]:
        """Every line, in order (each block inflated once, not kept)."""
        for b in range(self.blocks):
            yield from zlib.decompress(self._map[self.offsets[b]:self.offsets[b + 1]]).split(b"\n")[:-1]

    def close(self) -> None:
        if self._map is not None:
            self._map.close()
            self._map = None
        self._cache.clear()


def inflated_digest(path: Path | str) -> str:
    """The sha256 (hex) of a block file's lines, inflated and hashed here (what its trailer
    claims, checked: a verification that hashes the file's bytes hashes its lines too)."""
    lines = BlockLines(Path(path))
    try:
        digest = hashlib.sha256()
        for b in range(lines.blocks):
            digest.update(zlib.decompress(lines._map[lines.offsets[b]:lines.offsets[b + 1]]))
        return digest.hexdigest()
    except zlib.error:
        _refuse(Path(path), "has a block that does not inflate")
    finally:
        lines.close()


def read_lines(path: Path | str) -> Iterator[str]:
    """A block file's lines in order, as text (each ending in a newline, as a text file's)."""
    lines = BlockLines(Path(path))
    try:
        for line in lines:
            yield line.decode("utf-8") + "\n"
    finally:
        lines.close()


def model_lines(path: Path) -> Iterator[str]:
    """A model file's lines in order, as text (each ending in a newline): a block file's (the
    BLOCKED names) inflated, any other read as UTF-8."""
    if path.name in BLOCKED:
        yield from read_lines(path)
        return
    with path.open(encoding="utf-8") as handle:
        yield from handle


def line_count(path: Path | str) -> int:
    """How many lines a block file holds (its trailer's count; StoreError when it is none)."""
    path = Path(path)
    try:
        with open(path, "rb") as handle:
            handle.seek(-TRAILER.size, 2)
            lines, _, _, magic = TRAILER.unpack(handle.read(TRAILER.size))
        if magic != MAGIC:
            raise ValueError
    except (OSError, ValueError, struct.error):
        _refuse(path, "is not a latweave block file")
    return lines


def main(argv: list[str] | None = None) -> int:
    """`python -m latweave.folder.blocks cat FILE...` prints the lines; `info FILE...` the counts."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) < 2 or args[0] not in ("cat", "info"):
        print("usage: python -m latweave.folder.blocks cat|info FILE...", file=sys.stderr)
        return 2
    for name in args[1:]:
        try:
            if args[0] == "cat":
                for line in read_lines(name):
                    sys.stdout.write(line)
            else:
                lines = BlockLines(Path(name))
                print(f"{name}: {lines.count} lines in {lines.blocks} blocks of {lines.per}, "
                      f"lines sha256 {lines_digest(name)}")
                lines.close()
        except StoreError as exc:
            print(f"error: {exc.message}", file=sys.stderr)
            return 2
        except BrokenPipeError:
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
