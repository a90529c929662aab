"""Read a corpus folder (the format corpora/zoo/README.md describes) into a Lattice.

Every problem is reported with its file and line; nothing is half-read: a corpus either loads
whole or raises a CorpusError. Each file is read to its end, so every problem of a file is
reported at once (`CorpusProblems`, in file order); a file that later files depend on
(dimensions.jsonl, hierarchy.tsv, synonyms.tsv, the documents) stops the reading when it has
problems, so that none is reported twice as its consequences in the files after it.

    dimensions.jsonl   one dimension per line: {"dimension", "kind", "functional", "open"}
    hierarchy.tsv      dimension <TAB> parent <TAB> child   (parent TOP for the root ⊤)
    synonyms.tsv       dimension <TAB> value <TAB> synonym
    aliases.tsv        instance <TAB> alias
    documents/*.txt    one document each; its id is the path below documents/ without .txt
    facts.jsonl        one predicate per line: {"instance", "dimension", "value", "evidence":
                       {"doc", "source_text", "start"?, "end"?}, "confidence"?, "qualifiers"?}
    events.jsonl       one event per line — a fact with several participants, from one sentence:
                       {"event": type, "roles": {dimension: value or [values]}, "evidence": {...},
                       "confidence"?, "id"?}

An event becomes one instance (labelled `id`, else by its type and roles: `award: award=Best Actor,
film=Philadelphia, winner=Tom Hanks, year=1994`) with a coordinate per role value and one on the
dimension `event` (its type; declared as an open taxonomy when the corpus does not declare it),
every predicate resting on the event's one piece of evidence. So meets over events are ordinary
meets (`meet(event = award, year in 1990..1999) -> winner`), and a role value that names an
instance chains to it like any value. An event has at least two roles: one role is a fact.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Iterator

from latweave.errors import CorpusError, LatticeError, LatweaveError
from latweave.lattice.model import Dimension, Lattice
from latweave.lattice.names import normalize
from latweave.textio import json_problem, read_text, text_lines
from latweave.folder.names import (CORPUS_ALIASES, CORPUS_DIMENSIONS, CORPUS_DOCUMENTS, CORPUS_EVENTS, CORPUS_FACTS,
                                   CORPUS_HIERARCHY, CORPUS_SYNONYMS)


#: Problems listed in one CorpusProblems message at most (its `problems` holds them all).
LISTED_PROBLEMS = 20


class CorpusProblems(CorpusError):
    """Several problems in a corpus: the first is the error's file and line; the message lists
    them (up to LISTED_PROBLEMS), `problems` holds every one."""

    def __init__(self, problems: list[CorpusError]):
        first = problems[0]
        listed = "\n".join(f"  {p.message}" for p in problems[1:LISTED_PROBLEMS])
        more = len(problems) - LISTED_PROBLEMS
        super().__init__(f"{first.detail}\n  … and {len(problems) - 1} more problem(s):\n{listed}"
                         + (f"\n  … {more} more" if more > 0 else ""), file=first.file, line=first.line,
                         hint=first.hint)
        self.problems = tuple(problems)

    def to_dict(self) -> dict:
        return {**super().to_dict(), "problems": [p.to_dict() for p in self.problems]}


class _Problems:
    """The problems found so far; `line()` records a CorpusError raised in its block and goes on."""

    def __init__(self):
        self.found: list[CorpusError] = []

    def add(self, error: CorpusError) -> None:
        self.found.append(error)

    def line(self) -> "_Problems":
        return self

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if isinstance(exc, CorpusError):
            self.found.append(exc)
            return True
        return False

    def stop(self) -> None:
        """Raise what was found: the one problem as it is, several as CorpusProblems."""
        if len(self.found) == 1:
            raise self.found[0]
        if self.found:
            raise CorpusProblems(self.found)


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    """(line number, text) of non-blank, non-comment lines."""
    for number, line in text_lines(path, CorpusError):  # UTF-8, BOM dropped, bad bytes located
        text = line.rstrip("\n").rstrip("\r")
        if text.strip() and not text.lstrip().startswith("#"):
            yield number, text


def tsv_lines(path: Path, columns: tuple[str, ...], problems: _Problems | None = None
              ) -> Iterator[tuple[int, list[str]]]:
    """(line number, cells) of a tab-separated file; a line with too few or too many cells is a
    CorpusError — raised, or recorded in `problems` and skipped."""
    for number, text in _lines(path):
        cells = text.split("\t")
        if len(cells) != len(columns):
            error = CorpusError(f"expected {len(columns)} tab-separated columns ({', '.join(columns)}), "
                                f"found {len(cells)}", file=str(path), line=number)
            if problems is None:
                raise error
            problems.add(error)
            continue
        yield number, [c.strip() for c in cells]


def jsonl_lines(path: Path, problems: _Problems | None = None) -> Iterator[tuple[int, dict]]:
    """(line number, object) of a JSON-lines file; a line that is not a JSON object is a
    CorpusError — raised, or recorded in `problems` and skipped."""
    for number, text in _lines(path):
        error = None
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            error = CorpusError(f"not valid JSON: {exc.msg} (column {exc.colno})", file=str(path), line=number)
        except (ValueError, RecursionError) as exc:  # a 5,000-digit integer, a nesting too deep
            error = CorpusError(f"not valid JSON: {json_problem(exc)}", file=str(path), line=number)
        else:
            if not isinstance(obj, dict):
                error = CorpusError("expected a JSON object", file=str(path), line=number)
        if error is not None:
            if problems is None:
                raise error
            problems.add(error)
            continue
        yield number, obj


def corpus_field(obj: dict, name: str, kind, path: Path, line: int, default=...):
    if name not in obj:
        if default is ...:
            raise CorpusError(f"missing field {name!r}", file=str(path), line=line)
        return default
    value = obj[name]
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        kinds = kind if isinstance(kind, tuple) else (kind,)
        words = " or ".join(getattr(k, "__name__", str(k)) for k in kinds)
        raise CorpusError(f"field {name!r} must be {words}", file=str(path), line=line)
    return value


class _At:
    """Re-raise lattice errors as corpus errors located at one line."""

    def __init__(self, path: Path, line: int):
        self.path, self.line = path, line

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if isinstance(exc, LatweaveError) and not isinstance(exc, CorpusError):
            raise CorpusError(exc.message, file=str(self.path), line=self.line, hint=exc.hint) from None
        return False


EVENT = "event"
#: The dimension an instance binds its own name on, when the corpus declares it (bind_subjects).
SUBJECT = "subject"


def event_label(kind: str, roles: dict[str, list[str]]) -> str:
    """The label an event without an `id` gets: its type, then each role's values, roles sorted."""
    return f"{kind}: " + ", ".join(f"{role}={value}" for role, values in sorted(roles.items()) for value in values)


def _evidence(obj: dict, path: Path, line: int, missing: str, hint: str) -> dict:
    """The evidence object of a fact or an event, its fields' types checked (doc and source_text
    text, start and end whole numbers, each optional here); `missing`, `hint`: the error when
    there is no evidence object."""
    evidence = obj.get("evidence")
    if not isinstance(evidence, dict):
        raise CorpusError(missing, file=str(path), line=line, hint=hint)
    for key, kind in (("doc", str), ("source_text", str), ("start", int), ("end", int)):
        held = evidence.get(key)
        if held is not None and (not isinstance(held, kind) or isinstance(held, bool)):
            raise CorpusError(f"evidence field {key!r} must be {kind.__name__}", file=str(path), line=line,
                              hint='"evidence": {"doc": "whale", "source_text": "...", "start": 0, "end": 12}')
    return evidence


def _read_events(path: Path, lattice: Lattice, removed: frozenset[str] = frozenset(),
                 problems: _Problems | None = None) -> None:
    if EVENT not in lattice.dimensions:
        lattice.add_dimension(Dimension(EVENT, open=True))
    problems = problems if problems is not None else _Problems()
    for line, obj in jsonl_lines(path, problems):
        with problems.line():
            _add_event(lattice, obj, path, line, removed)
    problems.stop()


def _add_event(lattice: Lattice, obj: dict, path: Path, line: int, removed: frozenset[str]) -> None:
    """One line of events.jsonl: its instance and a predicate per role value, on one evidence."""
    kind = corpus_field(obj, "event", str, path, line).strip()
    given = corpus_field(obj, "roles", dict, path, line)
    roles: dict[str, list[str]] = {}
    for role, value in given.items():
        values = value if isinstance(value, list) else [value]
        if not values or not all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in values):
            raise CorpusError(f"role {role!r} must be a value or a non-empty list of values", file=str(path),
                              line=line, hint='"roles": {"winner": "Tom Hanks", "partner": ["A", "B"]}')
        roles[str(role)] = [str(v) for v in values]
    if not kind or sum(len(v) for v in roles.values()) < 2:
        raise CorpusError("an event has a type and at least two role values (one is a fact: facts.jsonl)",
                          file=str(path), line=line, hint='{"event": "award", "roles": {"winner": ..., "film": ...}, ...}')
    if EVENT in roles:
        raise CorpusError(f"{EVENT!r} is the event's type, not a role", file=str(path), line=line,
                          hint='give the type as "event": "award"')
    needed = ("an event needs one evidence object with doc and source_text",
              '"evidence": {"doc": "oscars", "source_text": "..."}')
    evidence = _evidence(obj, path, line, *needed)
    if not isinstance(evidence.get("doc"), str) or not isinstance(evidence.get("source_text"), str):
        raise CorpusError(needed[0], file=str(path), line=line, hint=needed[1])
    if evidence["doc"] in removed:
        return
    label = corpus_field(obj, "id", str, path, line, None) or event_label(kind, roles)
    confidence = corpus_field(obj, "confidence", (int, float), path, line, 1.0)
    with _At(path, line):
        for dimension, value in [(EVENT, kind)] + [(r, v) for r, vs in roles.items() for v in vs]:
            lattice.add_predicate(label, dimension, value, doc=evidence["doc"],
                                  source_text=evidence["source_text"], start=evidence.get("start"),
                                  end=evidence.get("end"), confidence=confidence)


def read_corpus(folder: Path | str, progress: Callable[[int, int], None] | None = None) -> Lattice:
    """Read a corpus folder into a validated Lattice.

    `progress(lines_read, total_lines)` is called every 1,000 lines of facts.jsonl and at its end."""
    return read_corpora([folder], progress)


def read_corpora(folders: list[Path | str], progress: Callable[[int, int], None] | None = None,
                 removed: list[frozenset[str]] | None = None) -> Lattice:
    """Read corpus folders, in order, into one validated Lattice (named after the first): what
    one folder holding all their files would give. A dimension declared by two folders must be
    declared alike; a document id given by two must have one text. `removed`: document ids left
    out of each folder (`latweave remove --doc`) — with every fact and event of that folder whose
    evidence is in one, and every alias of an instance nothing else states."""
    if not folders:
        raise CorpusError("no corpus folder to read", hint="pass at least one corpus folder")
    lattice = Lattice(name=Path(folders[0]).resolve().name)
    naming: set[str] = set()   # the instances stated by a folder that declares `subject`
    for n, folder in enumerate(folders):
        declared, stated = _read_into(lattice, Path(folder), progress, removed[n] if removed else frozenset())
        if SUBJECT in declared:
            naming |= stated
    subject = lattice.dimensions.get(SUBJECT)
    if naming and subject.open and not subject.ordered:
        bind_subjects(lattice, naming)
    return lattice


def bind_subjects(lattice: Lattice, instances: set[str]) -> int:
    """A corpus folder that declares the dimension `subject` has each instance its facts state
    (`instances`, keys) bind its own name on it, as a KB's and a text corpus's do, so a chain can
    start from a name (`meet(subject = "Alien") -> directed_by`) without a hand-written fact per
    instance: an instance with no `subject` fact of its own gets one, evidenced by the first
    mention of its name (case aside) in the documents its facts cite, taken in the order its facts
    sort in. An instance whose name none of them mentions gets none (a predicate's evidence is
    verbatim text: there is none to cite). Returns how many it bound. A folder that declares no
    `subject` is read as it is, also beside one that does: adding it would change its lattice."""
    from latweave.lattice.model import predicate_key
    from latweave.lattice.names import find_name

    subject = lattice.dimensions[SUBJECT]
    docs: dict[str, list[str]] = {}     # instance key → the documents its facts cite, in order
    bound_already: set[str] = set()
    for p in sorted(lattice.predicates, key=predicate_key):
        if p.instance not in instances:
            continue
        if p.dimension == subject.key:
            bound_already.add(p.instance)
        held = docs.setdefault(p.instance, [])
        if p.evidence.doc not in held:
            held.append(p.evidence.doc)
    bound = 0
    for key in sorted(docs.keys() - bound_already):
        label = lattice.instances[key].label
        for doc in docs[key]:
            span = find_name(lattice.documents[doc], label)
            if span is not None:
                start, end = span
                lattice.add_predicate(label, subject.name, label, doc=doc,
                                      source_text=lattice.documents[doc][start:end], start=start, end=end)
                bound += 1
                break
    return bound


def _read_into(lattice: Lattice, root: Path, progress, removed: frozenset[str]) -> tuple[set[str], set[str]]:
    """Read one corpus folder into `lattice`; returns the dimensions it declares and the instances
    its facts state (keys: events are named by their type and roles, not stated by a fact)."""
    if not (root / CORPUS_DIMENSIONS).is_file():
        raise CorpusError("not a corpus folder: dimensions.jsonl is missing", file=str(root),
                          hint="see docs/corpus-input.md for the format")

    path = root / CORPUS_DIMENSIONS
    problems = _Problems()
    here: set[str] = set()   # declared by this folder (twice in one file is an error)
    for line, obj in jsonl_lines(path, problems):
        with problems.line():
            _declare(lattice, obj, path, line, here)
    problems.stop()   # the files after this one name its dimensions

    path = root / CORPUS_HIERARCHY
    if path.is_file():
        for line, (dim, parent, child) in tsv_lines(path, ("dimension", "parent", "child"), problems):
            with problems.line(), _At(path, line):
                lattice.dimension(dim).add_edge(parent, child)
    problems.stop()

    for dim in lattice.dimensions.values():
        try:
            dim.validate()
        except LatticeError as exc:
            raise CorpusError(exc.message, file=str(root / CORPUS_HIERARCHY), hint=exc.hint) from None

    path = root / CORPUS_SYNONYMS
    if path.is_file():
        for line, (dim, value, synonym) in tsv_lines(path, ("dimension", "value", "synonym"), problems):
            with problems.line(), _At(path, line):
                lattice.dimension(dim).add_synonym(value, synonym)

    docs = root / CORPUS_DOCUMENTS
    if docs.is_dir():
        for file in sorted(docs.rglob("*.txt")):
            doc_id = file.relative_to(docs).with_suffix("").as_posix()
            if doc_id in removed:
                continue
            with problems.line(), _At(file, 1):
                lattice.add_document(doc_id, read_text(file, CorpusError))
    problems.stop()   # facts and events resolve values by synonym and cite the documents

    path = root / CORPUS_FACTS
    stated: set[str] = set()
    total = 0
    if path.is_file():
        total = sum(1 for _ in path.open("rb")) if progress is not None else 0
        for line, obj in jsonl_lines(path, problems):
            if progress is not None and line % 1000 == 0:
                progress(line, total)
            with problems.line():
                added = _add_fact(lattice, obj, path, line, removed)
                if added is not None:
                    stated.add(added.instance)

    if progress is not None:
        progress(total, total)

    path = root / CORPUS_EVENTS
    if path.is_file():
        _read_events(path, lattice, removed, problems)
    problems.stop()   # an alias names an instance the facts and events state

    path = root / CORPUS_ALIASES
    if path.is_file():
        for line, (instance, alias) in tsv_lines(path, ("instance", "alias"), problems):
            if removed and normalize(instance) not in lattice.instances:
                continue  # its instance was stated only by removed documents
            with problems.line(), _At(path, line):
                lattice.add_alias(instance, alias)
    problems.stop()
    return here, stated


def _declare(lattice: Lattice, obj: dict, path: Path, line: int, here: set[str]) -> None:
    """One line of dimensions.jsonl: its dimension declared (or found declared alike by an
    earlier corpus folder of this lattice); `here`: the dimensions this folder declared so far."""
    dimension = Dimension(
        name=corpus_field(obj, "dimension", str, path, line),
        kind=corpus_field(obj, "kind", str, path, line, "taxonomy"),
        functional=corpus_field(obj, "functional", bool, path, line, False),
        open=corpus_field(obj, "open", bool, path, line, False),
    )
    held = lattice.dimensions.get(dimension.key)
    if held is not None and dimension.key not in here:
        if (held.kind, held.functional, held.open) != (dimension.kind, dimension.functional, dimension.open):
            raise CorpusError(f"dimension {dimension.name!r} is declared unlike an earlier source of the "
                              f"lattice declares it (kind {held.kind}, functional {held.functional}, "
                              f"open {held.open})", file=str(path), line=line,
                              hint="declare it alike in every corpus folder of one lattice")
        here.add(dimension.key)
        return  # declared alike by an earlier corpus folder of this lattice
    with _At(path, line):
        lattice.add_dimension(dimension)
    here.add(dimension.key)


def _add_fact(lattice: Lattice, obj: dict, path: Path, line: int, removed: frozenset[str]):
    """One line of facts.jsonl: its predicate, with its evidence (none when its document was
    removed); returns the Predicate added, or None."""
    evidence = _evidence(obj, path, line, "predicate has no evidence object",
                         'add "evidence": {"doc": ..., "source_text": ...}')
    if evidence.get("doc") in removed:
        return None
    qualifiers = corpus_field(obj, "qualifiers", dict, path, line, {})
    with _At(path, line):
        return lattice.add_predicate(
            corpus_field(obj, "instance", str, path, line),
            corpus_field(obj, "dimension", str, path, line),
            str(corpus_field(obj, "value", (str, int, float), path, line)),
            doc=evidence.get("doc"), source_text=evidence.get("source_text"),
            start=evidence.get("start"), end=evidence.get("end"),
            confidence=corpus_field(obj, "confidence", (int, float), path, line, 1.0),
            qualifiers=[(str(k), str(v)) for k, v in qualifiers.items()],
        )
