"""A line-based KB file split into rows by kb.py's own rules, in worker processes, for a bulk build.

`ingest/kb_duckdb.py` joins a KB's triples in DuckDB; what DuckDB reads is written here: each
line of each file is split exactly as `kb._delimited` splits it (the format's splitter, blank
lines, a TSV header, malformed lines, invisible fields, relations named like a dimension), and
every triple becomes one tab-separated row of a part file — its line and character offsets in
the document, the stripped subject, relation and object, their keys (`normalize`), and the
object read as a date and as a number (`kb.parse_value`, `kb.unreadable_value`: what the
relation's kind is decided from), and the line itself — the triple's `source_text` — as its JSON
string (Python's encoder: what predicates.jsonl holds, so that the build spells each predicate's
line in SQL: folder/sql_lines.py). No field can hold a tab or a line end (the line was split on
them; a key collapses white space; JSON escapes both), so the rows need no quoting.

Exactness: the text read is the document's own (`textio.TextFile`: UTF-8, BOM dropped, universal
newlines — its `text_path` is a file whose bytes are that text), so line numbers and character
offsets are the ones `kb.EvidenceFiles` computes. A file is cut into byte ranges at line ends
(`\\n` always ends a line of that text), each range split by one worker; each worker counts its
range's lines and characters, and the caller turns the per-range counts into each range's first
line and offset (what Spark's per-partition counts do in ingest/spark_kb.py).

Problems come back per range as (kind, line, message), in line order; a line with a period (4th
or 5th field not empty) comes back as kind "period": the bulk build does not read periods.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable

from latweave.compile.symbols import encode_symbol
from latweave.ingest.kb import (INVERSE, PATHQUESTION_SHAPE, SUBJECT, metaqa_split, parse_value,
                                unreadable_value)
from latweave.ingest.kb_lines import LineError, is_header, split_tsv
from latweave.lattice.names import normalize, visible

#: The formats split here: one triple a line, tab- or bar-separated.
LINE_FORMATS = ("tsv", "pathquestion", "metaqa")
#: A line as problems describe it, per format (kb.py's read_*_kb).
SHAPE = {"tsv": PATHQUESTION_SHAPE, "pathquestion": PATHQUESTION_SHAPE, "metaqa": "subject|relation|object"}
#: The columns of a part file, in order.
COLUMNS = ("line", "start", "stop", "s", "r", "o", "skey", "rkey", "okey", "date", "number", "date_bad",
           "number_bad", "source")
#: A range is split in its own process from this many bytes on (below: in this process).
PARALLEL_BYTES = 4 << 20
#: The most bytes one range holds: a worker reads its range whole (its text and its lines in
#: memory: ~4× the bytes at 1M subjects — 574 MB a worker for two halves of a 264 MB file; two
#: halves of the 2.6 GB 10M-subject KB took 4.8 GB a worker), and DuckDB reads each part file
#: into one buffer (3.6 GiB for such a half, past its 2 GB), so a large file is cut into more
#: ranges than workers, taken in turn.
RANGE_BYTES = 32 << 20
#: kb.unreadable_value's "number" case reads `float(text)`: a word float() takes holds a digit,
#: or is one of these (the only objects without a digit that need it asked).
_FLOAT_WORD = re.compile(r"(?i)\s*[+-]?(nan|inf|infinity)\s*")
_DIGIT = re.compile(r"\d")


def _splitter(fmt: str) -> Callable[[str], list[str] | None]:
    if fmt == "tsv":
        return split_tsv
    if fmt == "pathquestion":
        return lambda t: t.split("\t")
    return metaqa_split


def ranges(path: Path, size: int, parts: int) -> list[tuple[int, int]]:
    """`parts` byte ranges of the file at `path` (`size` bytes), each ending after a `\\n` (or at
    the end): no line is cut."""
    if parts <= 1 or size < PARALLEL_BYTES:
        return [(0, size)]
    cuts = [0]
    with open(path, "rb") as handle:
        for i in range(1, parts):
            at = max(cuts[-1], size * i // parts)
            handle.seek(at)
            while True:
                block = handle.read(1 << 16)
                if not block:
                    at = size
                    break
                found = block.find(b"\n")
                if found >= 0:
                    at += found + 1
                    break
                at += len(block)
            if at < size and at > cuts[-1]:
                cuts.append(at)
    cuts.append(size)
    return [(a, b) for a, b in zip(cuts, cuts[1:]) if b > a] or [(0, size)]


def _field(cell: str) -> tuple[str, str] | tuple[()]:
    """A field as written → (its text stripped, its key), or () when no character of it shows."""
    if not visible(cell):
        return ()
    text = cell.strip()
    return text, normalize(text)


def split_range(job: tuple) -> tuple[int, int, list[tuple[str, int, str]], int, int]:
    """One range: (fmt, text file, first byte, end byte, whether it starts the file, part file to
    write) → (lines, characters, problems (kind, line in the range, message), triples written,
    the longest row written in characters)."""
    fmt, text_path, a, b, first_range, part = job
    with open(text_path, "rb") as handle:
        handle.seek(a)
        text = handle.read(b - a).decode("utf-8")
    lines = text.split("\n") if text else []
    if text.endswith("\n"):
        lines.pop()
    split, shape = _splitter(fmt), SHAPE[fmt]
    header, periods = fmt == "tsv", fmt in ("tsv", "pathquestion")
    reserved = normalize(SUBJECT)
    problems: list[tuple[str, int, str]] = []
    cache: dict = {}
    parsed: dict[str, str] = {}
    fields: dict[str, tuple[str, str] | tuple[()]] = {}
    written = longest = 0
    at = 0
    out_lines: list[str] = []
    with open(part, "w", encoding="utf-8", newline="\n") as out:
        def flush() -> None:
            """The rows made so far written, and counted with the longest of them."""
            nonlocal written, longest
            longest = max(longest, max(map(len, out_lines), default=0))
            written += len(out_lines)
            out.write("".join(out_lines))
            out_lines.clear()

        for number, raw in enumerate(lines, 1):
            start, at = at, at + len(raw) + 1
            try:
                cells = split(raw)
            except LineError as exc:
                problems.append(("malformed", number, f"{exc}: expected {shape}"))
                continue
            if cells is None:   # a blank line (split_tsv's)
                continue
            n = len(cells)
            if n != 3 or number == 1:   # (most lines: three fields, past the first)
                if n <= 1 and not raw.strip():   # a blank line; `\t\t` is three empty fields
                    continue
                if header and first_range and number == 1 and is_header(cells):
                    continue
                if periods and n in (4, 5):
                    if any(c.strip() for c in cells[3:]):
                        problems.append(("period", number, "a line with start/end fields (a period), which the bulk "
                                         "build does not read"))
                        continue
                elif n != 3:
                    problems.append(("malformed", number, f"expected {shape}, found {n} field(s)"))
                    continue
            # each field as it is written → (stripped, its key), or () when nothing of it shows
            # (a subject, a relation, an object comes back many times: each is looked at once)
            c0, c1, c2 = cells[0], cells[1], cells[2]
            f0, f1, f2 = fields.get(c0), fields.get(c1), fields.get(c2)
            if f0 is None:
                f0 = fields[c0] = _field(c0)
            if f1 is None:
                f1 = fields[c1] = _field(c1)
            if f2 is None:
                f2 = fields[c2] = _field(c2)
            if not (f0 and f1 and f2):
                what = "empty field" if not all(c.strip() for c in cells[:3]) else "a field with no visible character"
                problems.append(("malformed", number, f"{what} in {shape}"))
                continue
            (s, skey), (r, rkey), (o, okey) = f0, f1, f2
            if rkey == reserved or rkey.startswith(INVERSE):
                problems.append(("relation", number, f"relation {r!r} collides with the dimension naming "
                                 f"({SUBJECT!r}, {INVERSE!r}…); triple skipped"))
                continue
            values = parsed.get(o)
            if values is None:
                if _DIGIT.search(o) or _FLOAT_WORD.fullmatch(o):
                    date, num = parse_value(o, "date", cache), parse_value(o, "number", cache)
                    values = "\t".join((date or "", num or "", "1" if unreadable_value(o, "date", cache) else "",
                                        "1" if unreadable_value(o, "number", cache) else ""))
                else:
                    values = "\t\t\t"
                parsed[o] = values
            out_lines.append(f"{number}\t{start}\t{start + len(raw)}\t{s}\t{r}\t{o}\t{skey}\t{rkey}\t{okey}\t"
                             f"{values}\t{encode_symbol(raw)}\n")
            if len(out_lines) >= 8192:
                flush()
                if len(fields) > 1 << 18:
                    fields.clear()
                    parsed.clear()
                    cache.clear()
        flush()
    return len(lines), len(text), problems, written, longest


def split_files(fmt: str, text_paths: list[Path], scratch: Path, workers: int | None = None):
    """Every range of every file split (in `workers` processes when a file is large enough):
    [(file index, part file, first line number - 1, first character offset, problems with their
    file line numbers, triples, the longest row in characters)] in file and line order. A file is
    cut into at least `workers` ranges and ranges of at most RANGE_BYTES, as many as a multiple
    of `workers` (three ranges on two workers kept one of them busy alone for a third of the time)."""
    workers = workers or os.cpu_count() or 1
    jobs, owner = [], []
    for f, path in enumerate(text_paths):
        size = path.stat().st_size
        rounds = -(-size // (RANGE_BYTES * workers))   # (each worker's share cut into ranges of at most RANGE_BYTES)
        for n, (a, b) in enumerate(ranges(path, size, workers * max(rounds, 1))):
            jobs.append((fmt, str(path), a, b, n == 0, str(scratch / f"part-{f}-{n}.tsv")))
            owner.append(f)
    if len(jobs) > 1 and workers > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=min(workers, len(jobs)),
                                 mp_context=multiprocessing.get_context("fork")) as pool:
            done = list(pool.map(split_range, jobs))
    else:
        done = [split_range(job) for job in jobs]
    out, previous, line, chars = [], None, 0, 0
    for f, job, (n_lines, n_chars, problems, written, longest) in zip(owner, jobs, done):
        if f != previous:
            previous, line, chars = f, 0, 0
        out.append((f, Path(job[5]), line, chars, [(k, line + n, m) for k, n, m in problems], written, longest))
        line, chars = line + n_lines, chars + n_chars
    return out
