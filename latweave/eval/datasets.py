"""Benchmark questions as `Example`s: PathQuestion, 2WikiMultihopQA (evidences), MetaQA.

An Example (`latweave.planner.example`) keeps what a planner may see (`qid`, `question`) apart
from what only scoring and training may read (`answers`, `gold`). The harness hands planners the
question text alone.

Where the data lives: `data_dir()` reads LATWEAVE_DATA, defaulting to `<repo root>/../shared/data`.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from latweave.errors import SourceError
from latweave.planner.example import Example  # what the readers make (importable from here too)
from latweave.textio import json_problem, read_text, text_lines

_REPO = Path(__file__).resolve().parents[2]


def data_dir() -> Path:
    """The benchmark data folder: $LATWEAVE_DATA, else <repo root>/../shared/data."""
    env = os.environ.get("LATWEAVE_DATA")
    return Path(env) if env else (_REPO.parent / "shared" / "data")


# ---------------------------------------------------------------- PathQuestion

def _pq_answers(cell: str, path_answer: str) -> tuple[str, ...]:
    """`ans(ans1/ans2/)` → (ans1, ans2); the main answer is also the path's last entity."""
    cell = cell.strip()
    # the main answer may itself hold parentheses: split at the '(' that opens the set,
    # i.e. the first '(' after a prefix equal to the path's answer when that fits.
    if path_answer and cell.startswith(path_answer + "(") and cell.endswith(")"):
        inner = cell[len(path_answer) + 1:-1]
    else:
        m = re.match(r"^(.*?)\((.*)\)$", cell)
        if not m:
            return (cell,) if cell else ()
        inner = m.group(2)
    alts = [a.strip() for a in inner.split("/") if a.strip()]
    out: list[str] = []
    for a in ([path_answer] if path_answer else []) + alts:
        if a not in out:
            out.append(a)
    return tuple(out)


def parse_pathquestion_line(line: str, qid: str, *, file: str = "", number: int | None = None) -> Example:
    cells = line.rstrip("\n").rstrip("\r").split("\t")
    if len(cells) != 3:
        raise SourceError(f"expected 3 tab-separated columns (question, answers, path), found {len(cells)}",
                          file=file, line=number)
    question, answer_cell, path_cell = (c.strip() for c in cells)
    parts = path_cell.split("#")
    if "<end>" in parts:
        parts = parts[:parts.index("<end>")]
    if len(parts) < 3 or len(parts) % 2 == 0:
        raise SourceError(f"gold path {path_cell!r} is not subject#r1#e1#...#answer", file=file, line=number)
    entities, relations = parts[0::2], parts[1::2]
    answers = _pq_answers(answer_cell, entities[-1])
    hops = len(relations)
    return Example(qid, question, answers, f"{hops}H", hops,
                   {"path": relations, "anchor": entities[0], "entities": entities})


def load_pathquestion(questions_file: Path | str, *, prefix: str | None = None) -> list[Example]:
    """PathQuestion lines: `question \\t ans(ans1/ans2/) \\t subj#r1#e1#r2#...#answer#<end>#answer`.

    qid is `<prefix>:<line number, 5 digits>` (prefix: the file's stem, e.g. PQ-2H); gold is
    {"path": [relations], "anchor": subject, "entities": [subject, e1, ..., answer]}.
    """
    path = Path(questions_file)
    prefix = prefix or path.stem
    out = []
    for number, line in text_lines(path):  # UTF-8, BOM dropped, bad bytes located
        if line.strip():
            out.append(parse_pathquestion_line(line, f"{prefix}:{number:05d}", file=str(path), number=number))
    return out


# ---------------------------------------------------------------- 2WikiMultihopQA

def _chain_depth(evidences: list) -> int:
    """The longest chain of evidence triples where one's object is the next one's subject."""
    triples = [tuple(t) for t in evidences if isinstance(t, (list, tuple)) and len(t) == 3]
    if not triples:
        return 0
    by_subject: dict = {}
    for s, _, o in triples:
        by_subject.setdefault(s, []).append(o)

    def depth(node, seen) -> int:
        best = 0
        for o in by_subject.get(node, ()):
            if o not in seen:
                best = max(best, 1 + depth(o, seen | {o}))
        return best

    return max(depth(s, {s}) for s, _, _ in triples)


def load_2wiki(path: Path | str) -> list[Example]:
    """2WikiMultihopQA records (a JSON list, or JSON lines): _id, type, question, answer, evidences.

    gold = {"evidences": [[s, r, o], ...], "supporting_facts": ...}; hops = the longest chain in
    the evidences (comparison 1, compositional and bridge comparison 2, inference 2+).
    """
    path = Path(path)
    text = read_text(path)
    try:
        records = json.loads(text)
    except json.JSONDecodeError:
        records = []
        for number, line in enumerate(text.split("\n"), 1):
            if line.strip():
                try:
                    records.append(json.loads(line))
                except (ValueError, RecursionError) as exc:
                    raise SourceError(f"not valid JSON: {getattr(exc, 'msg', None) or json_problem(exc)}",
                                      file=str(path), line=number) from None
    except (ValueError, RecursionError) as exc:
        raise SourceError(f"not valid JSON: {json_problem(exc)}", file=str(path)) from None
    if isinstance(records, dict):
        records = [records]
    out = []
    for i, rec in enumerate(records):
        try:
            qid, question, answer = rec["_id"], rec["question"], rec["answer"]
        except (KeyError, TypeError):
            raise SourceError(f"record {i} lacks _id, question or answer", file=str(path)) from None
        evidences = [list(t) for t in rec.get("evidences") or []]
        out.append(Example(str(qid), question, (str(answer),), rec.get("type") or "unknown",
                           _chain_depth(evidences),
                           {"evidences": evidences, "supporting_facts": rec.get("supporting_facts") or []}))
    return out


# ---------------------------------------------------------------- MetaQA

_TOPIC = re.compile(r"\[([^\]]+)\]")


def load_metaqa(qa_file: Path | str, hops: int, qtype_file: Path | str | None = None) -> list[Example]:
    """MetaQA lines `question with [entity]\\tans1|ans2`; qtype from the line-aligned *_qtype.txt.

    When `qtype_file` is None, `<hop dir>/<qa stem>_qtype.txt` is used if it exists (the data
    layout keeps qa_dev.txt under vanilla/ and qa_dev_qtype.txt one level up).
    """
    path = Path(qa_file)
    if qtype_file is None:
        for candidate in (path.parent / f"{path.stem}_qtype.txt", path.parent.parent / f"{path.stem}_qtype.txt"):
            if candidate.is_file():
                qtype_file = candidate
                break
    qtypes = read_text(qtype_file).splitlines() if qtype_file else None
    out = []
    lines = read_text(path).splitlines()
    if qtypes is not None and len(qtypes) != len(lines):
        raise SourceError(f"qtype file has {len(qtypes)} lines, the QA file {len(lines)}", file=str(qtype_file))
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        cells = line.split("\t")
        if len(cells) != 2:
            raise SourceError(f"expected 2 tab-separated columns, found {len(cells)}", file=str(path), line=number)
        question, answer_cell = cells
        m = _TOPIC.search(question)
        answers = tuple(a.strip() for a in answer_cell.split("|") if a.strip())
        qtype = qtypes[number - 1].strip() if qtypes else f"{hops}-hop"
        out.append(Example(f"metaqa-{hops}hop-{path.stem}:{number:05d}", question, answers, qtype, hops,
                           {"anchor": m.group(1) if m else None}))
    return out
