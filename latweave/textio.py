"""Reading text inputs: UTF-8, a leading byte-order mark dropped, bad bytes located.

Every text file latweave reads from a person (plans, corpora, KB files, saved results, exemplars,
question files) goes through here, so that

* a file saved with a UTF-8 byte-order mark reads as if it had none (otherwise the first name of a
  KB file would be `\\ufeffalice`, and `meet(subject = alice)` would abstain);
* a byte that is not UTF-8 is an error naming the file, the line and the column of that byte
  (a `SourceError`, or the subclass the caller asks for), never a UnicodeDecodeError.

Lines are counted as Python's universal newlines count them (\\n, \\r\\n and a lone \\r each end
one), which is how every reader here splits them.
"""

from __future__ import annotations

import codecs
import hashlib
import os
import sys
from array import array
from pathlib import Path
from typing import Callable, Iterator

from latweave.errors import SourceError

BOM = "\ufeff"
ENCODING = "utf-8-sig"  # UTF-8, and a leading byte-order mark is dropped


def _where(data: bytes, offset: int) -> tuple[int, int]:
    """(line, column), 1-based, of byte `offset` in `data` (the bytes before it are valid UTF-8;
    a leading byte-order mark takes no column)."""
    before = data[:offset].decode("utf-8", errors="replace")
    before = before[1:] if before.startswith(BOM) else before
    before = before.replace("\r\n", "\n").replace("\r", "\n")
    line = before.count("\n") + 1
    return line, len(before) - (before.rfind("\n") + 1) + 1


def decode_error(data: bytes, file: str, error=SourceError):
    """The error to raise for `data` (the whole file's bytes), which is not UTF-8."""
    try:
        data.decode("utf-8")  # plain UTF-8 (a BOM is valid UTF-8): offsets into `data` itself
        start = len(data)
    except UnicodeDecodeError as exc:
        start = exc.start
    line, column = _where(data, start)
    return _not_utf8(error, file, line, column, data[start:start + 1])


def _not_utf8(error, file: str, line: int, column: int, bad: bytes):
    """The error for byte `bad` at `line`:`column` of `file`, which is not UTF-8."""
    return error(f"not UTF-8 text: byte 0x{bad.hex() or '??'} at column {column} cannot be decoded",
                 file=file, line=line, hint="save the file as UTF-8")


def second_bom(file: str, error=SourceError):
    """The error for a file that starts with two byte-order marks (saved "with BOM" twice): the
    second would otherwise become part of its first name (`\ufeffalice`)."""
    return error("the file starts with two byte-order marks (U+FEFF): the second would be part of "
                 "its first name", file=file, line=1, hint="save the file as UTF-8 (with at most one BOM)")


def decode(data: bytes, file: str, error=SourceError) -> str:
    """`data` as text (a leading BOM dropped); `error` at the bad byte's line otherwise."""
    try:
        text = data.decode(ENCODING)
    except UnicodeDecodeError:
        raise decode_error(data, file, error) from None
    if text.startswith(BOM) and data.startswith(codecs.BOM_UTF8):
        raise second_bom(file, error)
    return text


def read_text(path: Path | str, error=SourceError) -> str:
    """The file's text, universal newlines (as `Path.read_text` gives it), BOM dropped."""
    path = Path(path)
    data = path.read_bytes()
    text = decode(data, str(path), error)
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def read_stdin(error=SourceError, name: str = "<stdin>") -> str:
    """All of standard input, as text (its bytes, decoded like a file)."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # a replaced stdin (tests): already text
        text = sys.stdin.read()
        return text[1:] if text.startswith(BOM) else text
    text = decode(buffer.read(), name, error)
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def text_lines(path: Path | str, error=SourceError) -> Iterator[tuple[int, str]]:
    """(line number, line with its ending) of a file, streamed; BOM dropped, bad bytes located."""
    path = Path(path)
    with open(path, encoding=ENCODING) as handle:  # universal newlines
        number = 0
        try:
            for number, line in enumerate(handle, 1):
                if number == 1 and line.startswith(BOM):
                    with open(path, "rb") as raw:
                        if raw.read(3) == codecs.BOM_UTF8:
                            raise second_bom(str(path), error)
                yield number, line
        except UnicodeDecodeError:
            raise decode_error(path.read_bytes(), str(path), error) from None


def json_problem(exc: BaseException) -> str:
    """Why `json.loads` refused text, in words, for the errors that are not a JSONDecodeError:
    a nesting deeper than the interpreter's recursion allows, or an integer too long to convert."""
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, ValueError) and "digits" in str(exc):
        return "a number with too many digits"
    return str(exc)


def _line_column(path: Path, offset: int, block_bytes: int) -> tuple[int, int]:
    """(line, column), 1-based, of byte `offset` of the file — `_where`'s answer, read in blocks
    (only the current line's bytes are kept), for a file too large to read whole."""
    line, current, carry = 1, b"", b""
    with open(path, "rb") as handle:
        remaining = offset
        if offset >= len(codecs.BOM_UTF8) and handle.read(len(codecs.BOM_UTF8)) == codecs.BOM_UTF8:
            remaining -= len(codecs.BOM_UTF8)  # a leading BOM takes no column
        else:
            handle.seek(0)
        while remaining > 0:
            block = carry + handle.read(min(block_bytes, remaining))
            remaining -= len(block) - len(carry)
            carry = b"\r" if block.endswith(b"\r") and remaining > 0 else b""  # a \r\n split by the block
            block = block[:-1] if carry else block
            normal = block.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
            ends = normal.count(b"\n")
            line += ends
            current = normal[normal.rfind(b"\n") + 1:] if ends else current + normal
        current += carry
    return line, len(current.decode("utf-8", errors="replace")) + 1


#: Bytes read at a time by TextFile (and the locator above).
_BLOCK_BYTES = 1 << 20
#: Bytes per block of a text's newline counts (`TextFacts.newlines`; proof/lines.py cites a line
#: by its block's count plus the newlines between the block's start and the offset).
NEWLINE_BLOCK = 1 << 16


class TextFacts:
    """What a reader of a stored text needs before it reads any of it, worked out in one pass
    over its UTF-8 bytes by whoever has them whole (the build, which keeps the text): their
    sha256, the text's length in characters, whether it is all ASCII, and the newlines before each
    `NEWLINE_BLOCK` of bytes (`newlines[i]`: before byte i·block; one more entry than blocks)."""

    __slots__ = ("sha256", "chars", "ascii", "newlines")

    def __init__(self, sha256: str, chars: int, ascii: bool, newlines: tuple[int, ...]):
        self.sha256, self.chars, self.ascii, self.newlines = sha256, chars, ascii, newlines

    @classmethod
    def of(cls, data: bytes | memoryview | Callable[[int, int], bytes], size: int | None = None) -> "TextFacts":
        """The facts of UTF-8 bytes: `data` itself, or a reader `data(start, end)` of `size` bytes."""
        if callable(data):
            read, total = data, int(size or 0)
        else:
            view = memoryview(data)
            read, total = (lambda a, b: view[a:b].tobytes()), len(view)
        digest, before, newlines, chars = hashlib.sha256(), [0], 0, 0
        decoder = codecs.getincrementaldecoder("utf-8")("replace")   # (counts characters past the first non-ASCII byte)
        ascii = True
        for at in range(0, total, NEWLINE_BLOCK):
            piece = read(at, min(total, at + NEWLINE_BLOCK))
            digest.update(piece)
            newlines += piece.count(b"\n")
            before.append(newlines)
            ascii = ascii and piece.isascii()
            chars += len(piece) if ascii else len(decoder.decode(piece))
        chars += len(decoder.decode(b"", True))
        return cls(digest.hexdigest(), chars, ascii, tuple(before))


class TextFile:
    """A text file as a document that is never held whole: the text `read_text` gives (UTF-8, a
    leading BOM dropped, universal newlines), streamed by `chunks()` and sliced by character
    offsets (`text[start:end]`, as a `str` is), for a KB file larger than memory.

    Opening reads the file once, in blocks: a byte that is not UTF-8 is `read_text`'s error (the
    file, line and column; `error` is its class). A file that the decoding changes (a BOM, a \\r)
    is copied once, decoded, to a scratch file beside the system's temporary files, removed by
    `close()`; slicing then reads that copy. A slice is read through an index of the byte offset
    of every BLOCK-th character (none is needed for ASCII text, where they are the same)."""

    BLOCK = 256

    def __init__(self, path: Path | str, error=SourceError, *, block_bytes: int = _BLOCK_BYTES):
        self.path, self.block_bytes = Path(path), block_bytes
        self._scratch: Path | None = None
        self._offsets = array("Q")
        self._map = None
        try:
            normal = self._scan(self.path, error, copy=None)
            if not normal:
                import tempfile

                fd, name = tempfile.mkstemp(prefix="latweave-text-", suffix=".txt")
                self._scratch = Path(name)
                with os.fdopen(fd, "wb") as copy:
                    self._scan(self.path, error, copy=copy)
            self._open()
        except BaseException:
            self.close()
            raise

    def _scan(self, path: Path, error, copy) -> bool:
        """Decode the file once: the length in characters, whether it is all ASCII, the block
        index; with `copy`, its decoded text is written there (UTF-8) and indexed instead.
        Returns whether the file's bytes are already its text's (no BOM, no \\r)."""
        decoder = codecs.getincrementaldecoder("utf-8")()
        self.length, self.ascii, normal = 0, True, True
        offsets, byte, pending_cr, leading = array("Q"), 0, False, True
        with open(path, "rb") as handle:
            read = 0
            while True:
                block = handle.read(self.block_bytes)
                final = not block
                try:
                    pending = len(decoder.getstate()[0])
                    text = decoder.decode(block, final)
                except UnicodeDecodeError as exc:
                    at = read - pending + exc.start
                    line, column = _line_column(path, at, self.block_bytes)
                    with open(path, "rb") as again:
                        again.seek(at)
                        bad = again.read(1)
                    raise _not_utf8(error, str(path), line, column, bad) from None
                read += len(block)
                if leading and text:  # the text's first character: a BOM is dropped
                    leading = False
                    if text.startswith(BOM):
                        text, normal = text[1:], False
                if "\r" in text or pending_cr:
                    normal = False
                    if pending_cr:
                        text = "\r" + text
                    pending_cr = text.endswith("\r") and not final
                    text = text[:-1] if pending_cr else text
                    text = text.replace("\r\n", "\n").replace("\r", "\n")
                if copy is None and not normal:
                    return False
                self._index(text, offsets, byte)
                encoded = len(text) if text.isascii() else len(text.encode("utf-8"))
                self.ascii = self.ascii and encoded == len(text)
                if copy is not None:
                    copy.write(text.encode("utf-8"))
                byte += encoded
                self.length += len(text)
                if final:
                    break
        self._offsets, self.size = (array("Q") if self.ascii else offsets), byte
        return normal

    def _index(self, text: str, offsets: array, byte: int) -> None:
        """Append the byte offset of each character of `text` whose index is a multiple of BLOCK.
        While the text so far is all ASCII nothing is kept (a character's offset is its index, and
        an ASCII file needs no index): the first other character's block writes the offsets of
        the ASCII before it (at 10M subjects, a 2.6 GB KB's 10M offsets were made one by one and
        thrown away — ~10 s of the first proof's)."""
        first = -self.length % self.BLOCK
        if text.isascii():
            if not self.ascii:
                offsets.extend(range(byte + first, byte + len(text), self.BLOCK))
            return
        if self.ascii:   # the first block that is not ASCII: the ASCII before it, indexed now
            offsets.extend(range(0, self.length, self.BLOCK))
        at, consumed = first, byte + len(text[:first].encode("utf-8"))
        while at < len(text):
            offsets.append(consumed)
            consumed += len(text[at:at + self.BLOCK].encode("utf-8"))
            at += self.BLOCK

    #: The newlines before each NEWLINE_BLOCK of the bytes, when the build wrote them (`known`);
    #: None: counted when first asked (proof/lines.py)
    newlines: tuple[int, ...] | None = None

    @classmethod
    def known(cls, path: Path | str, facts: "TextFacts") -> "TextFile":
        """A stored text the build described (`facts`: its length, all ASCII, its newline counts),
        opened without reading it: no decoding pass, no count of its newlines. Only for a file
        whose bytes are its text's, all ASCII, of `facts.chars` bytes — the caller checks the
        size; the bytes are the ones the lattice's manifest pins."""
        if not facts.ascii:
            raise ValueError("only an ASCII text is opened without reading it")
        self = cls.__new__(cls)
        self.path, self.block_bytes, self._scratch, self._offsets, self._map = Path(path), _BLOCK_BYTES, None, array("Q"), None
        self.length, self.ascii, self.size, self.newlines = facts.chars, True, facts.chars, facts.newlines
        try:
            self._open()
        except BaseException:
            self.close()
            raise
        return self

    def _open(self) -> None:
        import mmap

        if self.size:  # (mmap refuses an empty file; an empty text is never read)
            with open(self._scratch or self.path, "rb") as handle:
                self._map = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)

    def __len__(self) -> int:
        return self.length

    @property
    def text_path(self) -> Path:
        """A file whose bytes are the text's UTF-8 (the file itself, or its decoded copy): what a
        reader that splits the text in other processes reads (ingest/kb_lines_split.py)."""
        return self._scratch or self.path

    def __getitem__(self, span: slice) -> str:
        """The text's characters [start, end) (a slice with no step), as `str` slicing answers."""
        if not isinstance(span, slice) or span.step not in (None, 1):
            raise TypeError("TextFile is sliced by a [start:end] span")
        start, end, _ = span.indices(self.length)
        if end <= start:
            return ""
        if self.ascii:
            return self._map[start:end].decode("ascii")
        block = start // self.BLOCK
        last = -(-end // self.BLOCK)
        stop = self._offsets[last] if last < len(self._offsets) else self.size
        text = self._map[self._offsets[block]:stop].decode("utf-8")
        return text[start - block * self.BLOCK:end - block * self.BLOCK]

    def slicer(self) -> Callable[[int, int], str]:
        """`lambda start, end: self[start:end]` for offsets within the text, made once for a
        reader that slices it millions of times (a bulk build's evidence): an ASCII text's
        characters are its bytes, so the slice is the mapped bytes' own."""
        if self.ascii and self._map is not None:
            mapped = self._map

            def ascii_slice(start: int, end: int) -> str:
                return mapped[start:end].decode("ascii")
            return ascii_slice
        return lambda start, end: self[start:end]

    def byte_offset(self, offset: int) -> int:
        """Where character `offset` (0 ≤ offset ≤ len) starts in `raw`'s bytes (the text's UTF-8)."""
        if not 0 <= offset <= self.length:
            raise IndexError(f"character offset {offset} is outside the text (0..{self.length})")
        if self.ascii or offset == self.length:
            return offset if self.ascii else self.size
        block = offset // self.BLOCK
        start, within = self._offsets[block], offset - block * self.BLOCK
        if not within:
            return start
        stop = self._offsets[block + 1] if block + 1 < len(self._offsets) else self.size
        return start + len(self.raw(start, stop).decode("utf-8")[:within].encode("utf-8"))

    def raw(self, start: int, end: int) -> bytes:
        """The text's UTF-8 bytes [start, end) (byte offsets: `byte_offset`)."""
        return self._map[start:end] if self._map is not None else b""

    def line_start(self, at: int) -> int:
        """The byte offset where the line holding byte `at` starts (after the newline before it),
        found in the mapped bytes without copying them (a citation's column)."""
        return self._map.rfind(b"\n", 0, at) + 1 if self._map is not None else 0

    def chunks(self) -> Iterator[str]:
        """The whole text, in pieces of about `block_bytes` (never splitting a character)."""
        decoder = codecs.getincrementaldecoder("utf-8")()
        for at in range(0, self.size, self.block_bytes):
            piece = decoder.decode(self._map[at:min(self.size, at + self.block_bytes)])
            if piece:
                yield piece
        tail = decoder.decode(b"", True)
        if tail:
            yield tail

    def __str__(self) -> str:
        """The whole text (for a small file: what `read_text` gives)."""
        return "".join(self.chunks())

    def close(self) -> None:
        if self._map is not None:
            self._map.close()
            self._map = None
        if self._scratch is not None:
            self._scratch.unlink(missing_ok=True)
            self._scratch = None

    def __enter__(self) -> "TextFile":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
