"""Knowledge-base files → a lattice, with no LLM: generic TSV, CSV and N-Triples lines
(latweave/ingest/kb_lines.py; detected by content, kb_detect.py), PathQuestion, MetaQA and
2WikiMultihopQA triples. What a KB becomes, for a user: docs/kb-input.md.

Readers stream `Triple`s out of a file (malformed lines are reported with file and line and
skipped, or fatal with `strict=True`); `lattice_from_triples` turns any stream of triples into a
lattice with these conventions (planners are written against them):

* one instance per entity: every subject, and every object of an entity-valued relation; the
  label is the spelling first seen (stripped), the key is `normalize(label)`;
* dimension `subject` (taxonomy, functional, open): every instance binds its own label, with the
  first triple that mentions it as evidence;
* one dimension per relation, named exactly as the source spells it (`place_of_birth`,
  `date of birth`), open; its values are the objects. It is functional (one value per subject,
  so that sources stating two contradicting values make a *contested* coordinate, never a silent
  choice: latweave/lattice/coordinates.py) when the source's own ontology says the property has a
  single value — FUNCTIONAL, per format (Wikidata's single-value constraints for 2Wiki, Freebase's
  unique properties for PathQuestion) — or when the caller names it; otherwise several-valued. A relation whose objects
  are ≥ 90% dates (resp. numbers), and not mostly subjects themselves, is an ordered dimension of
  kind "date" (resp. "number"); an object that does not parse there is reported and skipped. An
  object written as such a value that is none (1902-02-30; 1e309, nan) counts neither way, so one
  bad date never turns a date relation into an entity-valued one.
  Every other relation is *entity-valued*. Of the KB files of a lattice of layers (`layered`:
  each file a source, folder/layers.py), the first that states a relation decides its kind (its
  objects, and the subjects of that file and those before it): a file read after it never turns a
  date relation into an entity-valued one, so each source adds to the lattice of those before it;
* one dimension `inverse <relation>` per entity-valued relation: the object instance has the
  subject as value (plans write it `inverse_director`, since `_` normalises to a space);
* evidence: a line-based KB is one document per file (id: the file's name, text: the file's
  text) and a predicate cites its exact line; a 2Wiki file gives one document per question
  (id `<file name>#<_id>`, text: the question's evidence triples as JSON, one per line) and a
  predicate cites its triple's line. Offsets are always passed, never searched for;
* a PathQuestion-format line may carry a 4th and 5th field, the start and end of the fact's
  period (`Ann<TAB>spouse<TAB>Bob<TAB>1990<TAB>1995`; either may be empty, end `present`): the
  predicate's `start` / `end` qualifiers, which `meet(...) at T` reads (latweave/lattice/periods.py);
  a date that does not parse is a reported problem at its line;
* a triple seen twice (same subject, relation, value keys and period) enters once, with its first
  evidence;
* entity resolution (`resolve_disambiguated`; on by default for 2Wiki triples, off for the line
  KBs): an entity E that is only ever an object of entity-valued relations, when exactly one
  subject S is spelt "E (…)" (E plus a trailing parenthetical disambiguator: "Thomas Carr
  (director)"), *is* S: the predicates whose object is E take S's key as value (E's spelling
  stays a synonym of it on that dimension), their inverse lands on S, E becomes an alias of S
  and a synonym of S on `subject`, and E gets no instance of its own. The evidence is untouched (its line still reads "Thomas
  Carr", verbatim). Two or more fitting subjects are ambiguous and nothing is merged; nor is S
  taken when it fails the role check (fewer than ROLE_SUPPORT other subjects that are objects of
  E's relations share any relation with S: the film "English (2018 film)" is not the
  nationality "English"). Then a second rule, within one question's evidence
  (`_resolve_documents`): an object-only E named beside a subject S of that evidence (S no object
  there), the two names alike by the strongest of the rules of `latweave.lattice.alike` that fits
  E to any subject ("George I of Greece" / "George I", "Abbas Uddin" / "Abbasuddin Ahmed",
  "Theoderic the Great" / "Theodoric the Great", "Sultan Bayezid II" / "Bayezid II"), is S —
  unless two subjects fit at that rule ("ambiguous") or the merge would make S its own relation
  ("contradicted"). Then a third, per statement (`_resolve_namesakes`): a triple "X r E" whose E
  is another entity's own name (a subject elsewhere), stated in some question's evidence beside
  exactly one subject "E (…)" and without E as a subject, names that subject — there and wherever
  the same statement recurs — while every other E stays E's ("The Ghost Breakers director George
  Marshall" beside "George Marshall (director)"; "George Marshall" is elsewhere the general): no
  merge and no alias (E is E's own name); refused when evidences read the statement apart.
  Every merge, reading and refusal is listed in the report (`resolutions`) with its reason and
  the locator of E's first triple.
"""

from __future__ import annotations

import itertools
import json
import re
from array import array
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

from latweave.errors import CorpusError, LatticeError, LatweaveError
from latweave.ingest.kb_formats import FORMATS, FUNCTIONAL  # (spelled there once; read from here too)
from latweave.ingest.kb_lines import NTRIPLES_SHAPE, LineError, is_header, split_csv, split_ntriples, split_tsv
from latweave.lattice.model import Dimension, Evidence, Lattice
from latweave.lattice.alike import TIERS, alike, blocking_keys
from latweave.lattice.names import normalize, visible
from latweave.lattice.ordered import parse_ordered
from latweave.lattice.periods import period_of
from latweave.textio import json_problem, read_text, text_lines

#: The dimension every instance binds its own name on.
SUBJECT = "subject"
#: Prefix of the dimension that reverses an entity-valued relation.
INVERSE = "inverse "
#: Share of a relation's objects that must parse for it to become an ordered dimension.
ORDERED_SHARE = 0.9
#: A relation whose objects are at least this often subjects stays entity-valued even if they parse.
SUBJECT_SHARE = 0.5

@dataclass(frozen=True, slots=True)
class Triple:
    """One fact as read: `source` is the file path as given, `line` its 1-based line (None when the
    format has no line per fact), `locator` a human pointer such as "line 12" or
    "question <_id> evidence 2"."""

    subject: str
    relation: str
    object: str
    source: str
    line: int | None
    locator: str
    qualifiers: tuple[tuple[str, str], ...] = ()   # ("start", …) / ("end", …): when the fact held


@dataclass(frozen=True, slots=True)
class Row:
    """One triple as the builder holds it between its two passes: the triple as read (file,
    line, locator, qualifiers), its subject and object as stated (stripped), its relation's key,
    and where its evidence lies (`EvidenceFiles.locate`)."""

    triple: Triple
    subject: str
    relation: str   # the relation's key (normalised)
    object: str
    evidence: Evidence


@dataclass(frozen=True)
class Problem:
    """A line or value that was skipped, and why."""

    kind: str          # "malformed" | "value" | "relation" | "alias"
    message: str
    file: str
    line: int | None = None
    locator: str | None = None

    @property
    def where(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        return f"{where} ({self.locator})" if self.locator and self.line is None else where

    def to_dict(self) -> dict:
        return {"kind": self.kind, "message": self.message, "file": self.file, "line": self.line,
                "locator": self.locator}


@dataclass(frozen=True)
class Resolution:
    """One entity-resolution decision: object-only `object` (as first spelt) and the subjects that
    fit it. `action` is "merged" (exactly one subject: `subjects[0]`), "ambiguous" (two or more, not
    merged), "incompatible" (the one subject fails the role check: fewer than ROLE_SUPPORT other
    subjects that fill E's roles share a relation with it; not merged), "collision" (its alias
    would name another instance, not merged), "contradicted" (the merge would make S its own
    relation) or "local" (a namesake: E is another entity's own name, but in one question's
    evidence it names S, that evidence's one subject spelt "E (…)"; those triples take S, E keeps
    its own instance and gets no alias). `triples` counts the triples with it as object;
    `file`/`line`/`locator` point at the first of them."""

    action: str
    object: str
    subjects: tuple[str, ...]
    triples: int
    file: str
    line: int | None = None
    locator: str | None = None
    #: why they fit: "parenthetical" (S is spelt "E (…)"), or "one document (<rule>)" (E and S
    #: are named in one question's evidence, E only as an object, S only as a subject, the names
    #: alike by that rule of latweave.lattice.alike: spelling, title, qualifier, …), or "namesake
    #: in one document" (action "local")
    reason: str = "parenthetical"

    def to_dict(self) -> dict:
        return {"action": self.action, "object": self.object, "subjects": list(self.subjects),
                "triples": self.triples, "file": self.file, "line": self.line, "locator": self.locator,
                "reason": self.reason}


@dataclass
class BuildReport:
    """What a KB build read, kept and skipped; renders itself (rich) and serialises (`to_dict`)."""

    sources: list[str] = field(default_factory=list)
    triples_read: int = 0
    malformed: int = 0
    skipped_values: int = 0
    duplicates: int = 0
    instances: int = 0
    dimensions: int = 0
    predicates: int = 0
    documents: int = 0
    relations: dict[str, dict] = field(default_factory=dict)  # name → {kind, triples, entity_valued}
    problems: list[Problem] = field(default_factory=list)
    resolutions: list[Resolution] = field(default_factory=list)
    format: str | None = None       # the format read (FORMATS)
    detected: str | None = None     # why, when it was detected from the content (kb_detect.py)

    @property
    def merged(self) -> int:
        return sum(r.action == "merged" for r in self.resolutions)

    @property
    def local(self) -> int:
        """Namesakes read as another entity in one question's evidence (action "local")."""
        return sum(r.action == "local" for r in self.resolutions)

    @property
    def refused(self) -> int:
        return sum(r.action not in ("merged", "local") for r in self.resolutions)

    def problem(self, kind: str, message: str, *, file: str, line: int | None = None,
                locator: str | None = None, strict: bool = False) -> None:
        """Record a skipped line or value; with `strict`, raise it instead (CorpusError at file:line)."""
        if strict:
            text = message if locator is None or line is not None else f"{locator}: {message}"
            raise CorpusError(text, file=file, line=line)
        if kind == "malformed":
            self.malformed += 1
        elif kind == "value":
            self.skipped_values += 1
        self.problems.append(Problem(kind, message, file, line, locator))

    def to_dict(self) -> dict:
        return {
            "sources": list(self.sources),
            "format": self.format, "detected": self.detected,
            "counts": {"triples_read": self.triples_read, "malformed": self.malformed,
                       "skipped_values": self.skipped_values, "duplicates": self.duplicates,
                       "instances": self.instances, "dimensions": self.dimensions,
                       "predicates": self.predicates, "documents": self.documents,
                       "merged": self.merged, "local": self.local, "refused": self.refused},
            "relations": {k: dict(v) for k, v in self.relations.items()},
            "problems": [p.to_dict() for p in self.problems],
            "resolutions": [r.to_dict() for r in self.resolutions],
        }

    def __rich__(self):
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        from latweave.terminal import safe  # names come from the KB: shown escaped, never as markup

        counts = Table(show_header=False, box=None, pad_edge=False)
        counts.add_column(style="bold")
        counts.add_column(justify="right")
        for key, value in self.to_dict()["counts"].items():
            counts.add_row(key.replace("_", " "), f"{value:,}")
        relations = Table("relation", "kind", "triples", title="relations", title_justify="left")
        for name, row in self.relations.items():
            kind = row["kind"] + (" (entity-valued: inverse too)" if row["entity_valued"] else "") \
                + (", functional" if row.get("functional") else "")
            relations.add_row(Text(safe(name)), Text(safe(kind)), f"{row['triples']:,}")
        parts = [Text.assemble(("kb ", "bold green"), safe(", ".join(self.sources)))]
        if self.detected:
            parts.append(Text.assemble(("format ", "bold"), safe(f"{self.format} (detected: {self.detected}; "
                                                                  "--format to choose another)")))
        parts += [counts, relations]
        if self.problems:
            parts.append(Text(f"{len(self.problems):,} problem(s), skipped:", style="bold yellow"))
            for p in self.problems[:20]:
                parts.append(Text.assemble(("  " + safe(p.where), "yellow"), ": ", safe(p.message)))
            if len(self.problems) > 20:
                parts.append(Text(f"  … and {len(self.problems) - 20:,} more (--json lists them all)"))
        if self.resolutions:
            local = f", {self.local:,} namesake(s) read locally" if self.local else ""
            parts.append(Text(f"entity resolution: {self.merged:,} merged{local}, {self.refused:,} refused",
                              style="bold"))
            for r in self.resolutions[:20]:
                where = r.locator or (f"{r.file}:{r.line}" if r.line is not None else r.file)
                what = ("→ " + r.subjects[0] if r.action in ("merged", "local")
                        else f"{r.action}: " + " | ".join(r.subjects))
                parts.append(Text.assemble(("  " + safe(r.object), "cyan"), safe(f" {what} ({r.reason}; {where})")))
            if len(self.resolutions) > 20:
                parts.append(Text(f"  … and {len(self.resolutions) - 20:,} more (--json lists them all)"))
        return Group(*parts)


# --------------------------------------------------------------------------------------- readers

def _delimited(path: Path | str, report: BuildReport | None, strict: bool,
               split: Callable[[str], list[str] | None], shape: str, periods: bool = False,
               header: bool = False) -> Iterator[Triple]:
    """Triples of a line-based KB; with `periods`, a line may carry a 4th and 5th field, the
    start and end of the fact's period (either may be empty: not known; end `present`).
    `split` (latweave/ingest/kb_lines.py) gives a line's fields, None for a line that states
    nothing, or raises LineError; with `header`, a first line `subject, relation, object` is
    a header and skipped."""
    report = report if report is not None else BuildReport()
    source = str(path)
    report.sources.append(source)
    # universal newlines and the BOM dropped, as the document text is read (EvidenceFiles._file)
    for number, raw in text_lines(path, CorpusError):
        text = raw[:-1] if raw.endswith("\n") else raw
        try:
            cells = split(text)
        except LineError as exc:
            report.problem("malformed", f"{exc}: expected {shape}", file=source, line=number, strict=strict)
            continue
        if cells is None or (not text.strip() and len(cells) <= 1):   # a blank line; `\t\t` is three empty fields
            continue
        if header and number == 1 and is_header(cells):
            continue
        if len(cells) != 3 and not (periods and len(cells) in (4, 5)):
            report.problem("malformed", f"expected {shape}, found {len(cells)} field(s)",
                           file=source, line=number, strict=strict)
            continue
        if not (visible(cells[0]) and visible(cells[1]) and visible(cells[2])):   # a zero-width space alone names nothing either
            what = "empty field" if not all(c.strip() for c in cells[:3]) else "a field with no visible character"
            report.problem("malformed", f"{what} in {shape}", file=source, line=number, strict=strict)
            continue
        # (a line of three fields, most lines, has no period to read)
        qualifiers = tuple((k, c.strip()) for k, c in zip(("start", "end"), cells[3:]) if c.strip()) \
            if len(cells) > 3 else ()
        if qualifiers:
            try:
                period_of(qualifiers, f"the fact ({cells[0]!r}, {cells[1]!r}, {cells[2]!r})")
            except LatticeError as exc:
                report.problem("value", f"{exc.message}; {exc.hint}" if exc.hint else exc.message,
                               file=source, line=number, strict=strict)
                continue
        report.triples_read += 1
        yield Triple(cells[0], cells[1], cells[2], source, number, f"line {number}", qualifiers)


#: A TSV (and PathQuestion-format) line, as problems describe it.
PATHQUESTION_SHAPE = "subject<TAB>relation<TAB>object[<TAB>start[<TAB>end]]"
#: A CSV line, as problems describe it.
CSV_SHAPE = "subject,relation,object[,start[,end]]"


def read_pathquestion_kb(path: Path | str, report: BuildReport | None = None, *,
                         strict: bool = False) -> Iterator[Triple]:
    """PathQuestion KB lines: `subject <TAB> relation <TAB> object`, optionally followed by
    `<TAB> start [<TAB> end]`: when the fact held (dates; either may be empty when not known,
    `present` for an end still to come) — latweave/lattice/periods.py."""
    return _delimited(path, report, strict, lambda t: t.split("\t"), PATHQUESTION_SHAPE, periods=True)


def read_tsv_kb(path: Path | str, report: BuildReport | None = None, *,
                strict: bool = False) -> Iterator[Triple]:
    """Generic TSV lines, `subject <TAB> relation <TAB> object [<TAB> start [<TAB> end]]` (the
    PathQuestion lines, without the benchmark's ontology); a first line naming the columns
    (`subject<TAB>relation<TAB>object`) is a header, skipped."""
    return _delimited(path, report, strict, split_tsv, PATHQUESTION_SHAPE, periods=True, header=True)


def read_csv_kb(path: Path | str, report: BuildReport | None = None, *,
                strict: bool = False) -> Iterator[Triple]:
    """CSV lines, `subject,relation,object[,start[,end]]` with RFC 4180 quoting, one record a
    line; a first line naming the columns is a header, skipped."""
    return _delimited(path, report, strict, split_csv, CSV_SHAPE, periods=True, header=True)


def read_ntriples_kb(path: Path | str, report: BuildReport | None = None, *,
                     strict: bool = False) -> Iterator[Triple]:
    """N-Triples statements, one a line: IRIs become their local names, a literal its lexical
    form (latweave/ingest/kb_lines.py)."""
    return _delimited(path, report, strict, split_ntriples, NTRIPLES_SHAPE)


#: MetaQA's relations, used only to recover a line whose entity name itself contains "|".
METAQA_RELATIONS = frozenset({
    "directed_by", "written_by", "starred_actors", "release_year", "in_language", "has_tags",
    "has_genre", "has_imdb_votes", "has_imdb_rating"})


def metaqa_split(text: str) -> list[str]:
    cells = text.split("|")
    if len(cells) > 3:
        at = [i for i in range(1, len(cells) - 1) if cells[i] in METAQA_RELATIONS]
        if len(at) == 1:
            i = at[0]
            return ["|".join(cells[:i]), cells[i], "|".join(cells[i + 1:])]
    return cells


def read_metaqa_kb(path: Path | str, report: BuildReport | None = None, *,
                   strict: bool = False) -> Iterator[Triple]:
    """MetaQA kb.txt lines: `subject|relation|object` (a "|" inside a name is recovered when the
    line has exactly one known MetaQA relation)."""
    return _delimited(path, report, strict, metaqa_split, "subject|relation|object")


def _only_id_and_evidences(pairs: list[tuple[str, object]]) -> dict:
    """json object hook: every key but `_id` and `evidences` is dropped while parsing, so the
    question, its answer and its supporting facts never reach the reader at all."""
    return {key: value for key, value in pairs if key in ("_id", "evidences")}


def json_records(path: Path) -> Iterator[tuple[int | None, object]]:
    """(line or None, record) of a JSON list file (no line per record) or a JSON Lines file."""
    with open(path, "rb") as handle:
        head = handle.read(4096).lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"["):
        try:
            records = json.loads(read_text(path, CorpusError), object_pairs_hook=_only_id_and_evidences)
        except json.JSONDecodeError as exc:
            raise CorpusError(f"not valid JSON: {exc.msg} (column {exc.colno})", file=str(path),
                              line=exc.lineno) from None
        except (ValueError, RecursionError) as exc:  # a 5,000-digit integer, a nesting too deep
            raise CorpusError(f"not valid JSON: {json_problem(exc)}", file=str(path)) from None
        for record in records:
            yield None, record
        return
    for number, text in text_lines(path, CorpusError):
        if not text.strip():
            continue
        try:
            yield number, json.loads(text, object_pairs_hook=_only_id_and_evidences)
        except json.JSONDecodeError as exc:
            yield number, exc
        except (ValueError, RecursionError) as exc:
            yield number, json.JSONDecodeError(json_problem(exc), text, 0)


def read_2wiki_evidences(path: Path | str, report: BuildReport | None = None, *,
                         strict: bool = False) -> Iterator[Triple]:
    """The `evidences` triples of every question of a 2WikiMultihopQA file (a JSON list, or JSON
    Lines), pooled. Question-blind: only `_id` and `evidences` are kept while parsing."""
    report = report if report is not None else BuildReport()
    source = str(path)
    report.sources.append(source)
    for line, record in json_records(Path(path)):
        if isinstance(record, json.JSONDecodeError):
            report.problem("malformed", f"not valid JSON: {record.msg} (column {record.colno})",
                           file=source, line=line, strict=strict)
            continue
        qid = record.get("_id") if isinstance(record, dict) else None
        evidences = record.get("evidences") if isinstance(record, dict) else None
        if not isinstance(qid, str) or not qid.strip() or not isinstance(evidences, list):
            report.problem("malformed", "a question needs a string `_id` and an `evidences` list",
                           file=source, line=line, locator=f"question {qid}" if qid else None,
                           strict=strict)
            continue
        for i, evidence in enumerate(evidences):
            locator = f"question {qid} evidence {i}"
            if (not isinstance(evidence, list) or len(evidence) != 3
                    or not all(isinstance(x, str) and visible(x) for x in evidence)):
                report.problem("malformed", f"evidence is not [subject, relation, object] of "
                               f"non-empty strings: {json.dumps(evidence, ensure_ascii=False)}",
                               file=source, line=line, locator=locator, strict=strict)
                continue
            report.triples_read += 1
            yield Triple(evidence[0], evidence[1], evidence[2], source, line, locator)


#: Each format of kb_formats.FORMATS, its reader (tests/test_kb.py: the same names, in order).
READERS = {"tsv": read_tsv_kb, "csv": read_csv_kb, "ntriples": read_ntriples_kb,
           "pathquestion": read_pathquestion_kb, "metaqa": read_metaqa_kb, "2wiki": read_2wiki_evidences}


# -------------------------------------------------------------------------------------- evidence

_QUESTION = re.compile(r"question (.+) evidence \d+")


class EvidenceFiles:
    """Where each triple's evidence lies: a line of its file, or its JSON line in its question's
    document. Each file is read once; offsets come from one linear scan, never from a search."""

    def __init__(self, lattice: Lattice):
        self.lattice = lattice
        self.files: dict[str, tuple[str, str, array]] = {}   # source → (doc id, text, line starts)
        self.questions: dict[str, list] = {}                  # doc id → [lines, length so far]

    def _file(self, source: str) -> tuple[str, str, array]:
        if source not in self.files:
            try:
                text = read_text(source, CorpusError)  # the BOM dropped, as the lines were read
            except OSError as exc:
                raise CorpusError(f"cannot read the KB file for its evidence ({exc.strerror})",
                                  file=source) from None
            starts = array("q", [0])
            at = text.find("\n")
            while at >= 0:
                starts.append(at + 1)
                at = text.find("\n", at + 1)
            doc = Path(source).name
            if doc in self.lattice.documents or any(d == doc for d, _, _ in self.files.values()):
                doc = source
            self.lattice.add_document(doc, text)
            self.files[source] = (doc, text, starts)
        return self.files[source]

    def locate(self, t: Triple) -> Evidence:
        """A triple's evidence: its document, the text there and its offsets."""
        doc = _question_doc(t) if t.locator.startswith("question ") else None   # (no other locator names one)
        if doc is not None:
            line = json.dumps([t.subject, t.relation, t.object], ensure_ascii=False)
            held = self.questions.setdefault(doc, [[], 0])
            start = held[1]
            held[0].append(line)
            held[1] = start + len(line) + 1
            return Evidence(doc, line, start, start + len(line))
        if t.line is None:
            raise CorpusError("a triple needs a line number or a question locator for its evidence",
                              file=t.source)
        doc, text, starts = self._file(t.source)
        start = starts[t.line - 1]
        end = starts[t.line] - 1 if t.line < len(starts) else len(text)
        return Evidence(doc, text[start:end], start, end)

    def finish(self) -> None:
        for doc, (lines, _) in self.questions.items():
            self.lattice.add_document(doc, "".join(line + "\n" for line in lines))


# --------------------------------------------------------------------------------------- lattice

_DIGIT = re.compile(r"\d")


#: A character no number holds: a letter (or other word character, not a decimal digit) but the
#: exponent's and those of inf, infinity and nan — what float() reads, parse_ordered's numbers
_NOT_NUMBER = re.compile(r"[^\W\d_eEiInNfFtTyYaA]")
#: A sign inside a text, after anything but white space or an exponent's letter: float() reads a
#: sign first or right after `e`/`E` alone (`1961-04-27`, `1-2` are no number; an interval's
#: `..-5` is asked only of texts without `..`)
_SIGN_INSIDE = re.compile(r"[^\seE][+-]")
#: A letter (a month's name, `c.`, `circa`) and three digits in a row (a year): a date without
#: either is none — every spelling lattice/ordered.py reads as a date has one of them
_LETTER = re.compile(r"[^\W\d_]")
_YEAR = re.compile(r"\d{3}")


def surely_not(text: str, kind: str) -> bool:
    """Whether `text` is no `kind` value, seen without trying to read it: a number holds no letter
    but an exponent's or inf/infinity/nan's (float's grammar, `_NOT_NUMBER`) and no sign inside it
    (`_SIGN_INSIDE`, unless it is an interval), a date no underscore (no spelling
    lattice/ordered.py reads has one) and a letter or a year's three digits. Most entity names with
    digits (`apollo_11`, `person_00012137`) are turned away here before two parses that each raise,
    and so are dates asked as numbers (`1961-04-27`) and decimals asked as dates (`1.49`): the bulk
    build's split of the 300k KB ~15 % faster, then ~7 % (docs/performance.md). Never True of a
    text that reads as one (tests/test_lattice_model.py holds it to parse_ordered and float)."""
    if kind == "number":
        return _NOT_NUMBER.search(text) is not None or (".." not in text and _SIGN_INSIDE.search(text) is not None)
    return "_" in text or (_YEAR.search(text) is None and _LETTER.search(text) is None)


def parse_value(text: str, kind: str, cache: dict[tuple[str, str], str | None]) -> str | None:
    """The canonical key of `text` as a `kind` value, or None (memoised in `cache`)."""
    if not _DIGIT.search(text) or surely_not(text, kind):
        return None
    held = cache.get((text, kind), "")
    if held != "":
        return held
    try:
        key = normalize(parse_ordered(text, kind).canonical)
    except LatweaveError:
        key = None
    cache[(text, kind)] = key
    return key


#: How a date is written when it is meant as one: 1902-02-30 (ISO, day and month in range or not).
_DATE_SHAPE = re.compile(r"\s*-?\d{1,4}-\d{1,2}(-\d{1,2})?\s*")


def unreadable_value(text: str, kind: str, cache: dict[tuple[str, str], str | None]) -> bool:
    """`text` is written as a `kind` value but is none (1902-02-30; 1e309, nan, inf): it neither
    counts for nor against the relation being of that kind — one bad date must not turn a date
    relation into an entity-valued one — and is reported and skipped when the relation is."""
    if kind == "date":
        shaped = _DATE_SHAPE.fullmatch(text) is not None
    elif surely_not(text, kind):
        shaped = False
    else:
        try:
            float(text)
            shaped = True
        except ValueError:
            shaped = False
    return shaped and parse_value(text, kind, cache) is None


@dataclass
class Relation:
    name: str
    triples: int = 0
    objects: dict[str, int] = field(default_factory=dict)   # stripped object → occurrences (in its first source)
    kind: str = "taxonomy"
    source: int = 0              # the first source (in reading order) that states it: its triples decide its kind

    @property
    def entity_valued(self) -> bool:
        return self.kind == "taxonomy"


def classify_relation(rel: Relation, subject: Callable[[str], bool], key: Callable[[str], str], cache: dict) -> None:
    """The relation's kind, from its objects (those of its first source) and `subject`, which
    tells whether a key is a subject of some triple of that source or one before it."""
    total = sum(rel.objects.values())
    as_subject = sum(n for o, n in rel.objects.items() if subject(key(o)))
    if not total or as_subject >= SUBJECT_SHARE * total:
        return
    for kind in ("date", "number"):
        ok = sum(n for o, n in rel.objects.items() if parse_value(o, kind, cache) is not None)
        unreadable = sum(n for o, n in rel.objects.items() if unreadable_value(o, kind, cache))
        if ok and ok >= ORDERED_SHARE * (total - unreadable):
            rel.kind = kind
            return


#: A label ending in a parenthetical disambiguator: "Thomas Carr (director)" → "Thomas Carr".
_DISAMBIGUATED = re.compile(r"(.*\S)\s*\(([^()]+)\)")
#: Entity resolution's role check: at least this many other subjects that fill one of E's roles
#: (are objects of a relation E is an object of) must share a relation with S.
ROLE_SUPPORT = 2


def _resolve(rows: list[Row], relations: dict[str, Relation], subject_rows: dict[str, int],
             key: Callable[[str], str], report: BuildReport) -> dict[str, str]:
    """Entity resolution (see the module docstring): {object key E → subject key S} for every
    object-only entity with exactly one "E (…)" subject; every decision goes into the report."""
    fitting: dict[str, list[str]] = {}          # base key → subject keys spelt "base (…)"
    for skey, i in subject_rows.items():
        m = _DISAMBIGUATED.fullmatch(rows[i].subject)
        if m:
            fitting.setdefault(key(m.group(1)), []).append(skey)
    if not fitting:
        return {}
    seen: dict[str, list] = {}                  # object key → [first row index, triples]
    kept: set[str] = set(subject_rows)          # keys that will be instances of their own
    for i, row in enumerate(rows):
        if not relations[row.relation].entity_valued:
            continue
        okey = key(row.object)
        if okey in subject_rows:
            continue
        held = seen.get(okey)
        if held is None:
            seen[okey] = [i, 1]
            if okey not in fitting:
                kept.add(okey)
        else:
            held[1] += 1
    # the role check: what E is an object of, who else fills those roles, and what they hold
    wanted = {okey for okey in seen if okey in fitting}
    holds: dict[str, set[str]] = {}             # subject key → its relations
    roles: dict[str, set[str]] = {}             # E → the relations it is an object of
    fillers: dict[str, set[str]] = {}           # relation → its objects that are subjects
    for row in rows:
        rkey = row.relation
        holds.setdefault(key(row.subject), set()).add(rkey)
        if relations[rkey].entity_valued:
            okey = key(row.object)
            if okey in wanted:
                roles.setdefault(okey, set()).add(rkey)
            elif okey in subject_rows:
                fillers.setdefault(rkey, set()).add(okey)
    profiles: dict[frozenset[str], tuple[set[str], dict[str, int]]] = {}

    def support(okey: str, skey: str) -> int:
        """How many other subjects filling one of E's roles share a relation with S (the most over
        S's relations)."""
        these = frozenset(roles[okey])
        if these not in profiles:
            who = set().union(*(fillers.get(r, ()) for r in these))
            tally: dict[str, int] = {}
            for g in who:
                for q in holds[g]:
                    tally[q] = tally.get(q, 0) + 1
            profiles[these] = (who, tally)
        who, tally = profiles[these]
        own = skey in who
        return max((tally.get(q, 0) - own for q in holds[skey]), default=0)

    merge: dict[str, str] = {}
    for okey, (i, count) in seen.items():
        candidates = fitting.get(okey)
        if not candidates:
            continue
        t = rows[i].triple
        labels = tuple(rows[subject_rows[c]].subject for c in candidates)
        if len(candidates) > 1:
            action = "ambiguous"
        elif support(okey, candidates[0]) < ROLE_SUPPORT:
            action = "incompatible"
        elif okey in kept:  # cannot happen as built; kept as the alias invariant's guard
            action = "collision"
        else:
            action = "merged"
            merge[okey] = candidates[0]
        report.resolutions.append(Resolution(action, rows[i].object, labels, count, t.source, t.line,
                                             t.locator))
    return merge


def _resolve_documents(rows: list[Row], relations: dict[str, Relation], subject_rows: dict[str, int],
                       key: Callable[[str], str], report: BuildReport) -> dict[str, str]:
    """The second resolution: an entity E that is only ever an object, named in one question's
    evidence beside a subject S of that evidence which is no object there, the two names alike
    (`latweave.lattice.alike`: "George I of Greece" is someone's father, "George I" died in
    Thessaloniki; "Theoderic the Great" / "Theodoric the Great"). E merges into S when the
    strongest rule that fits E to any such subject, over every evidence that names E, fits it to
    S alone; two subjects at that rule are "ambiguous", and a merge that would make S its own
    relation ("S father E") is "contradicted"; neither merges. E already decided by the
    parenthetical rule is left as that rule decided. The reason names the rule."""
    decided = {key(r.object) for r in report.resolutions}
    per_doc: dict[str, tuple[set[str], set[str]]] = {}
    for row in rows:
        subjects, objects = per_doc.setdefault(row.evidence.doc, (set(), set()))
        subjects.add(key(row.subject))
        if relations[row.relation].entity_valued:
            objects.add(key(row.object))
    first: dict[str, int] = {}                 # object key → its first row
    count: dict[str, int] = {}
    fits: dict[str, dict[str, int]] = {}        # E → the subjects it fits → the strongest rule
    where: dict[str, int] = {}                  # E → the first row that names E beside a fit
    own: dict[str, set[str]] = {}               # E → the subjects of the triples naming E
    blocks: dict[str, dict[str, set[str]]] = {}  # doc → blocking key → its subjects with that key

    def near(doc: str, o: str) -> set[str]:
        """The subjects of `doc` that share a blocking key with `o` (no other can be alike it):
        one document's comparisons stay linear in its names, not quadratic."""
        held = blocks.get(doc)
        if held is None:
            held = blocks[doc] = {}
            for c in per_doc[doc][0]:
                for k in blocking_keys(rows[subject_rows[c]].subject):
                    held.setdefault(k, set()).add(c)
        return set().union(*(held.get(k, ()) for k in blocking_keys(o)))

    for i, row in enumerate(rows):
        if not relations[row.relation].entity_valued:
            continue
        o, doc = row.object, row.evidence.doc
        okey = key(o)
        if okey in subject_rows or okey in decided:
            continue
        first.setdefault(okey, i)
        count[okey] = count.get(okey, 0) + 1
        own.setdefault(okey, set()).add(key(row.subject))
        for c in sorted(near(doc, o) - per_doc[doc][1]):
            tier = alike(o, rows[subject_rows[c]].subject)
            if tier is not None:
                held = fits.setdefault(okey, {})
                held[c] = min(held.get(c, len(TIERS)), TIERS.index(tier))
                where.setdefault(okey, i)
    merge: dict[str, str] = {}
    for okey in sorted(fits, key=lambda k: first[k]):
        best = min(fits[okey].values())
        candidates = sorted(c for c, tier in fits[okey].items() if tier == best)
        t = rows[where[okey]].triple
        labels = tuple(rows[subject_rows[c]].subject for c in candidates)
        if len(candidates) > 1:
            action = "ambiguous"
        elif candidates[0] in own[okey]:
            action = "contradicted"
        else:
            action = "merged"
            merge[okey] = candidates[0]
        report.resolutions.append(Resolution(action, rows[where[okey]].object, labels, count[okey], t.source, t.line,
                                             t.locator, reason=f"one document ({TIERS[best]})"))
    return merge


def _resolve_namesakes(rows: list[Row], relations: dict[str, Relation], subject_rows: dict[str, int],
                       key: Callable[[str], str], report: BuildReport) -> dict[int, str]:
    """The third resolution, per statement: {row → subject key S} for the triples "X r E" whose
    object E is a subject elsewhere in the pooled evidence (so neither rule above touches it: E
    has an instance of its own) when some question's evidence states "X r E" without E as a
    subject, beside exactly one subject spelt "E (…)" — S. There E names S ("The Ghost Breakers
    director George Marshall" beside "George Marshall (director)", born in Chicago, while "George
    Marshall" is elsewhere the general born in Uniontown), and so does the same statement in every
    other evidence: one film, one relation, one name, one person. Every other "George Marshall"
    stays the general's, and E is no alias of S (it is the general's own name). Refused, nothing
    read: evidences that read the statement apart — two such subjects in one, another subject "E
    (…)" in another, or E itself a subject beside it ("ambiguous") — or S the statement's own
    subject ("contradicted"). One decision per statement in the report, action "local"."""
    per_doc: dict[str, dict[str, list[str]]] = {}   # doc → base key → its subjects spelt "base (…)"
    subjects_of: dict[str, set[str]] = {}
    for row in rows:
        s, doc = row.subject, row.evidence.doc
        skey = key(s)
        held = subjects_of.setdefault(doc, set())
        if skey in held:
            continue
        held.add(skey)
        m = _DISAMBIGUATED.fullmatch(s)
        if m:
            per_doc.setdefault(doc, {}).setdefault(key(m.group(1)), []).append(skey)
    if not per_doc:
        return {}
    readings: dict[tuple[str, str, str], set[str]] = {}   # statement → the subjects its evidences read E as
    first: dict[tuple[str, str, str], int] = {}            # statement → its first row read
    at: dict[tuple[str, str, str], list[int]] = {}         # statement → its rows
    for i, row in enumerate(rows):
        rkey, doc = row.relation, row.evidence.doc
        if not relations[rkey].entity_valued:
            continue
        okey = key(row.object)
        if okey not in subject_rows:
            continue
        statement = (key(row.subject), rkey, okey)
        at.setdefault(statement, []).append(i)
        if okey in subjects_of[doc]:
            readings.setdefault(statement, set()).add(okey)   # E itself, there
        elif okey in per_doc.get(doc, {}):
            readings.setdefault(statement, set()).update(per_doc[doc][okey])
            first.setdefault(statement, i)
    read: dict[int, str] = {}
    for statement in sorted(first, key=first.get):
        found = sorted(readings[statement])   # at least one "E (…)" subject: `first` holds only those
        if len(found) > 1:
            action = "ambiguous"
        elif found[0] == statement[0]:
            action = "contradicted"
        else:
            action = "local"
            read.update((i, found[0]) for i in at[statement])
        t = rows[first[statement]].triple
        labels = tuple(rows[subject_rows[c]].subject for c in found if c != statement[2])
        report.resolutions.append(Resolution(action, rows[first[statement]].object, labels, len(at[statement]),
                                             t.source, t.line, t.locator, reason="namesake in one document"))
    return read


def lattice_from_triples(triples: Iterable[Triple], name: str = "kb",
                         report: BuildReport | None = None, *, strict: bool = False,
                         resolve_disambiguated: bool | None = None,
                         functional: Iterable[str] = (), layered: bool = False) -> Lattice:
    """A lattice from a stream of triples, with the conventions of this module's docstring.

    Two passes over the triples (held in a list: memory linear in the input): the first decides
    each relation's kind, the second adds instances and predicates in input order.
    `resolve_disambiguated` turns the entity resolution on or off; None (the default) turns it on
    exactly when every triple comes from a 2Wiki file (a question locator). `functional` names the
    relations (any spelling: they are normalised) that take one value per subject (FUNCTIONAL[fmt]
    for a format's own). `layered`: the files the triples come from are sources of a lattice of
    layers (folder/layers.py) — the first file that states a relation decides its kind, and the
    lattice keeps its reader state (KB_STATE) for the next source; otherwise they are parts of one
    KB, read as one stream."""
    report = report if report is not None else BuildReport()
    lattice = Lattice(name=name)
    docs = EvidenceFiles(lattice)
    key = lattice._key   # the one memo of names and their keys: the model looks the same names up again
    known = lattice._keys.get   # (`key` of a name seen before, without the call)
    parsed: dict[tuple[str, str], str | None] = {}
    relations: dict[str, Relation] = {}
    subjects: dict[str, int] = {}          # subject key → the first source it is a subject in
    rows: list[Row] = []
    subject_rows: dict[str, int] = {}      # subject key → its first row (spelling, evidence)
    wiki = True                            # every triple so far from a 2Wiki file

    reserved = {normalize(SUBJECT)}
    sources: dict[str, int] = {}           # source file → its place in reading order
    for t in triples:
        s, r, o = t.subject.strip(), t.relation.strip(), t.object.strip()
        rkey = known(r) or key(r)
        if rkey in reserved or rkey.startswith(INVERSE):
            report.problem("relation", f"relation {r!r} collides with the dimension naming "
                           f"({SUBJECT!r}, {INVERSE!r}…); triple skipped", file=t.source, line=t.line,
                           locator=t.locator, strict=strict)
            continue
        at = sources.setdefault(t.source, len(sources)) if layered else 0
        rel = relations.get(rkey)
        if rel is None:
            rel = relations[rkey] = Relation(r, source=at)
        rel.triples += 1
        if at == rel.source:
            rel.objects[o] = rel.objects.get(o, 0) + 1
        skey = known(s) or key(s)
        subjects.setdefault(skey, at)
        subject_rows.setdefault(skey, len(rows))
        wiki = wiki and _QUESTION.fullmatch(t.locator) is not None
        rows.append(Row(t, s, rkey, o, docs.locate(t)))
    docs.finish()
    if resolve_disambiguated is None:
        resolve_disambiguated = wiki and bool(rows)

    lattice.add_dimension(Dimension(SUBJECT, "taxonomy", functional=True, open=True))
    one_valued = {normalize(r) for r in functional}
    for rkey, rel in relations.items():
        classify_relation(rel, lambda k, rel=rel: subjects.get(k, rel.source + 1) <= rel.source, key, parsed)
        lattice.add_dimension(Dimension(rel.name, rel.kind, functional=rkey in one_valued, open=True))
        if rel.entity_valued:
            lattice.add_dimension(Dimension(INVERSE + rel.name, "taxonomy", functional=False, open=True))
        report.relations[rel.name] = {"kind": rel.kind, "triples": rel.triples, "functional": rkey in one_valued,
                                      "entity_valued": rel.entity_valued}
        rel.objects = {}
    subject_keys = list(subjects)
    subjects.clear()
    merge = _resolve(rows, relations, subject_rows, key, report) if resolve_disambiguated else {}
    read: dict[int, str] = {}   # row → the subject its object names there (a namesake's reading)
    if resolve_disambiguated:
        merge.update(_resolve_documents(rows, relations, subject_rows, key, report))
        read = _resolve_namesakes(rows, relations, subject_rows, key, report)

    dims = {rkey: lattice.dimensions[rkey] for rkey in relations}
    seen: set[tuple[str, str, str]] = set()
    instances = lattice.instances

    def entity(label: str, evidence: Evidence, to: str | None = None) -> str:
        k = key(label) if to is None else to
        if k in merge or to is not None:  # a resolved object: S's instance, anchored at S's own first triple
            k = merge.get(k, k)
            if k not in instances:
                row = rows[subject_rows[k]]
                label, evidence = row.subject, row.evidence
        if k not in instances:
            inst = lattice.add_instance(label)
            lattice.add_evidenced(inst.label, SUBJECT, inst.label, evidence)
        return k

    plain = not merge and not read   # no name resolved: an entity's key is its name's, its instance made once
    inverse = {rkey: INVERSE + rel.name for rkey, rel in relations.items()}
    for i, row in enumerate(rows):
        t, s, rkey, o = row.triple, row.subject, row.relation, row.object
        evidence = row.evidence   # cut from the KB's own text (EvidenceFiles): one per line
        rel, dim = relations[rkey], dims[rkey]
        entity_valued = rel.entity_valued
        skey = known(s) or key(s)
        if not plain or skey not in instances:   # (`entity`'s answer, without the call, for one seen before)
            skey = entity(s, evidence)
        if entity_valued:
            if plain:
                okey = known(o) or key(o)
                if okey not in instances:
                    entity(o, evidence)
                value = o
            else:
                okey = entity(o, evidence, read.get(i))
                value = instances[okey].label if okey != key(o) else o
        else:
            okey = parse_value(o, rel.kind, parsed)
            if okey is None:
                report.problem("value", f"{o!r} is not a {rel.kind} value of {rel.name!r}",
                               file=t.source, line=t.line, locator=t.locator, strict=strict)
                continue
        quals = t.qualifiers
        fact = (skey, rkey, okey, quals)
        if fact in seen:
            report.duplicates += 1
            continue
        seen.add(fact)
        if not entity_valued:
            lattice.add_evidenced(s, dim.name, o, evidence, quals)
            continue
        lattice.add_evidenced(s, dim.name, value, evidence, quals)
        lattice.add_evidenced(value, inverse[rkey], s, evidence, quals)
        if value is not o and i not in read:  # E's own spelling names S's value on this dimension
            _synonym(dim, value, o, report, t, strict)   # (not a namesake's: E is another's own name)

    subject_dim = lattice.dimensions[normalize(SUBJECT)]
    for r in report.resolutions:  # E names S: an alias of the instance, a synonym of its anchor
        if r.action == "merged":
            try:
                lattice.add_alias(r.subjects[0], r.object)
                subject_dim.add_synonym(r.subjects[0], r.object)
            except LatticeError as exc:
                report.problem("alias", f"alias {r.object!r} of {r.subjects[0]!r} skipped: {exc}",
                               file=r.file, line=r.line, locator=r.locator, strict=strict)

    if layered:
        stating = {p.instance for p in lattice.predicates if p.dimension in relations}
        lattice.reader_state = {"silent_subjects": sorted({k for k in subject_keys if k not in stating})}
    report.instances = len(lattice.instances)
    report.dimensions = len(lattice.dimensions)
    report.predicates = len(lattice.predicates)
    report.documents = len(lattice.documents)
    return lattice


def _synonym(dim: Dimension, value: str, surface: str, report: BuildReport, t: Triple,
             strict: bool) -> None:
    try:
        dim.add_synonym(value, surface)
    except LatticeError as exc:
        report.problem("alias", f"synonym {surface!r} of {value!r} skipped: {exc}", file=t.source,
                       line=t.line, locator=t.locator, strict=strict)


def kb_lattice(path: Path | str | Sequence[Path | str], fmt: str, *, strict: bool = False,
               report: BuildReport | None = None, functional: Iterable[str] | None = None,
               removed: frozenset[str] = frozenset(), named: bool = True, layered: bool = False) -> Lattice:
    """The lattice `build_kb` writes (the same arguments), not written. `named`: relations named
    in `functional` that the KB does not have are refused (not for a part of a KB's sources).
    `layered`: the files are the sources of a lattice of layers (`lattice_from_triples`)."""
    if fmt not in READERS:
        raise LatweaveError(f"unknown KB format {fmt!r}", hint=f"one of {', '.join(FORMATS)}")
    paths = [path] if isinstance(path, (str, Path)) else list(path)
    report = report if report is not None else BuildReport()
    named = named and functional is not None
    functional = sorted(FUNCTIONAL[fmt] if functional is None else {normalize(r) for r in functional})
    report.format = fmt
    triples = itertools.chain.from_iterable(READERS[fmt](p, report, strict=strict) for p in paths)
    if removed:
        triples = (t for t in triples if _question_doc(t) not in removed)
    lattice = lattice_from_triples(triples, Path(paths[0]).stem, report, strict=strict, functional=functional,
                                   layered=layered)
    missing = [r for r in functional if r not in lattice.dimensions]
    if named and missing:
        raise LatweaveError(f"--functional names relation(s) the KB does not have: {', '.join(missing)}",
                            hint="its relations: " + ", ".join(sorted(report.relations)))
    return lattice


def _question_doc(t: Triple) -> str | None:
    """The document a 2Wiki triple's evidence lies in (`<file name>#<_id>`), else None."""
    m = _QUESTION.fullmatch(t.locator)
    return f"{Path(t.source).name}#{m.group(1)}" if m else None
