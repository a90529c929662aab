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

import sys
from pathlib import Path
from typing import Iterator

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
    bad = data[start:start + 1]
    return error(f"not UTF-8 text: byte 0x{bad.hex() or '??'} at column {column} cannot be decoded",
                 file=file, line=line, hint="save the file as UTF-8")


def decode(data: bytes, file: str, error=SourceError) -> str:
    """`data` as text (a leading BOM dropped); `error` at the bad byte's line otherwise."""
    try:
        return data.decode(ENCODING)
    except UnicodeDecodeError:
        raise decode_error(data, file, error) from None


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
