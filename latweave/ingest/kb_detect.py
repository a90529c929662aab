"""Which generic KB format a file is — TSV, CSV or N-Triples — read from its first lines, and why.

`latweave build FILE` without `--format` reads a file this way (a folder is a corpus folder);
`--format` chooses one and skips it. The rule, deterministic and stated in the build's summary:

1. Take the first SAMPLE lines that state something (blank lines and N-Triples `#` comments
   state nothing; a first line naming the columns, `subject,relation,object`, is a header).
2. A line *fits* a format when that format's splitter (kb_lines.py, the very one the reader
   uses) reads it as a fact: TSV and CSV, 3 to 5 fields (subject, relation, object, start, end),
   the first three not empty; N-Triples, one statement.
3. The format every sampled line fits is the file's. Two that every line fits make the file
   ambiguous (a line like `a,b<TAB>c,d<TAB>e` is both): exit 2, naming `--format`.
4. When none fits every line (a file with a malformed line or two, which the reader then reports
   and skips), the one that fits the most lines is taken if it fits at least SHARE of them and no
   other fits as many; otherwise nothing is guessed: exit 2, naming `--format`.

A benchmark's own format (pathquestion, metaqa, 2wiki) is never guessed: a benchmark file is
built with its `--format`, which also brings its ontology (kb.FUNCTIONAL).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from latweave.errors import CorpusError, LatweaveError
from latweave.ingest.kb_lines import LineError, is_header, split_csv, split_ntriples, split_tsv
from latweave.textio import text_lines

#: How many lines that state something are read to decide.
SAMPLE = 100
#: The share of them a format must fit when none fits all.
SHARE = 0.9

#: The formats detected, in the order they are named, with what a line of each looks like.
DETECTED: dict[str, tuple[str, Callable[[str], list[str] | None]]] = {
    "tsv": ("subject<TAB>relation<TAB>object", split_tsv),
    "csv": ("subject,relation,object", split_csv),
    "ntriples": ("<subject> <predicate> <object> .", split_ntriples),
}

HINT = "choose it with --format tsv, csv or ntriples (or a benchmark's: pathquestion, metaqa, 2wiki)"


@dataclass(frozen=True)
class Detection:
    """The format read off a file's content, and the reason in words (shown by `build`)."""

    format: str
    reason: str


def _fits(split, text: str) -> bool | None:
    """Whether a line is a fact of the format (None: it states nothing there)."""
    try:
        cells = split(text)
    except LineError:
        return False
    if cells is None:
        return None
    return 3 <= len(cells) <= 5 and all(c.strip() for c in cells[:3])


def detect_file(path: Path | str) -> Detection:
    """The generic KB format of the file at `path` (see the module docstring); LatweaveError
    (exit 2, at the file) when it is ambiguous or none fits."""
    source = str(path)
    if Path(path).is_dir():
        raise LatweaveError(f"{source}: a folder is read as a corpus folder, and this one holds no dimensions.jsonl",
                            hint="pass a KB file (docs/kb-input.md), or a corpus folder (docs/corpus-input.md)")
    sampled: list[tuple[int, str]] = []
    for number, raw in text_lines(path, CorpusError):
        text = raw.rstrip("\n")
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        if number == 1 and any(_header(split, text) for _, split in DETECTED.values()):
            continue
        sampled.append((number, text))
        if len(sampled) == SAMPLE:
            break
    if not sampled:
        raise CorpusError("no line states a fact, so its format cannot be told", file=source, hint=HINT)
    fits = {fmt: [n for n, text in sampled if _fits(split, text)] for fmt, (_, split) in DETECTED.items()}
    n = len(sampled)
    counted = f"each of its {n} lines" if n > 1 else "its one line"
    if n == SAMPLE:
        counted = f"each of its first {n} lines"
    whole = [fmt for fmt in DETECTED if len(fits[fmt]) == n]
    if len(whole) == 1:
        fmt = whole[0]
        return Detection(fmt, f"{counted} reads as {DETECTED[fmt][0]}")
    if len(whole) > 1:
        raise CorpusError(f"its format is ambiguous: {counted} reads both as "
                          + " and as ".join(f"{f} ({DETECTED[f][0]})" for f in whole),
                          file=source, hint=HINT.replace("choose it", "choose one"))
    ranked = sorted(DETECTED, key=lambda f: -len(fits[f]))
    best, second = ranked[0], ranked[1]
    if len(fits[best]) >= SHARE * n and len(fits[best]) > len(fits[second]):
        misfit = next(number for number, _ in sampled if number not in set(fits[best]))
        return Detection(best, f"{len(fits[best])} of its {n} lines read as {DETECTED[best][0]} "
                               f"(the others, from line {misfit}, are reported as malformed)")
    first = sampled[0][1].lstrip()
    hint = HINT
    if first.startswith(("[", "{")):
        hint = "a JSON file: a 2WikiMultihopQA file is built with --format 2wiki; " + HINT
    elif first.count("|") >= 2:
        hint = "lines of `subject|relation|object` are MetaQA's: --format metaqa; " + HINT
    misfit = next((number for number, text in sampled
                   if not any(_fits(split, text) for _, split in DETECTED.values())), sampled[0][0])
    raise CorpusError("cannot tell its format: none of tsv (" + DETECTED["tsv"][0] + "), csv ("
                      + DETECTED["csv"][0] + ") or ntriples (" + DETECTED["ntriples"][0]
                      + f") reads {SHARE:.0%} of its lines", file=source, line=misfit, hint=hint)


def _header(split, text: str) -> bool:
    try:
        cells = split(text)
    except LineError:
        return False
    return cells is not None and is_header(cells)


def detect(paths: Sequence[Path | str]) -> Detection:
    """The one generic format of the KB files `paths` (read in order, as one): each file's must
    be the same; the reason names the file each was read off."""
    found = [(p, detect_file(p)) for p in paths]
    formats = sorted({d.format for _, d in found})
    if len(formats) > 1:
        listed = "; ".join(f"{p}: {d.format}" for p, d in found)
        raise LatweaveError(f"the KB files are of different formats ({listed}); one build reads one format",
                            hint="convert them to one format, or build them one at a time")
    if len(found) == 1:
        return found[0][1]
    return Detection(formats[0], "; ".join(f"{Path(p).name}: {d.reason}" for p, d in found))
