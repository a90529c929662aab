"""The model's answer → predicates that hold in the document, each other one rejected with a reason.

An answer is parsed once (a ```json fence around it is tolerated); one that is not JSON, or not
`{"predicates": [...]}`, makes the whole window fail (`AnswerError`). Each predicate then passes
these checks in order, and the first it fails is its rejection reason:

=========================  ===================================================================
``bad_field``              not an object; a field of the wrong type; confidence outside [0, 1]
``missing_field``          subject, dimension, value or evidence absent or empty
``evidence_not_found``     the evidence is not in the document verbatim, after whitespace
                           normalisation (runs of whitespace read as one space). Searched in
                           the window first, then in the whole document; the stored source text
                           is the exact original substring, offsets into the whole document
``instruction_evidence``   the sentence quoted sits in text addressed to the model ("ignore
                           previous instructions …"): an injected sentence is never evidence
``value_not_in_evidence``  the value (or a start/end qualifier) does not occur in the evidence:
                           names as words (case and punctuation aside), dates and numbers as a
                           date or number written in the evidence that reads the same
``bad_value``              on a date or number dimension, a value that does not read as one; a
                           start or end qualifier that is not a date (or ``present``)
``subject_not_in_document``  the subject is named nowhere in the document
=========================  ===================================================================

An event (`{"event", "roles": [{"dimension", "value"}], "evidence"}`, a fact with several
participants) passes the same checks role by role against its one evidence sentence, the
subject check aside (an event is named by its type and roles, `corpus.event_label`); the first
role that fails rejects the whole event, with that role's reason.

Why these defend against prompt injection: a model that obeys an instruction planted in a
document either invents the evidence (not verbatim: rejected), quotes a real sentence that does
not contain what it claims (not grounded: rejected), or quotes the planted sentence itself,
which reads as an instruction (rejected). What no validator can catch is a fact the model
*leaves out* because it was told to; the prompt tells it not to obey the document, and the report
shows windows that returned nothing.
"""

from __future__ import annotations

import bisect
import json
import re
import unicodedata
from dataclasses import dataclass, replace

from latweave.ingest.corpus import EVENT, event_label
from latweave.ingest.extract.corpus import SUBJECT
from latweave.ingest.extract.variants import DimensionMap
from latweave.lattice.names import normalize, visible
from latweave.errors import LatticeError
from latweave.lattice.ordered import OrderedValueError, parse_ordered
from latweave.lattice.periods import period_of
from latweave.textio import json_problem

REASONS = ("bad_field", "missing_field", "evidence_not_found", "instruction_evidence",
           "value_not_in_evidence", "bad_value", "subject_not_in_document")

_FENCE = re.compile(r"^\s*```(?:json|JSON)?\s*\n?(.*?)\n?```\s*$", re.DOTALL)
_SPACE = re.compile(r"\s+")
_LOOSE = re.compile(r"[\W_]+")

#: Text addressed to the model, not about the world. Deliberately narrow: ordinary prose about
#: instructions ("she ignored her doctor's instructions") must not trip it.
INSTRUCTION_PATTERNS = tuple(re.compile(p, re.IGNORECASE) for p in (
    r"\b(ignore|disregard|forget|override)\b\W+(all\s+|any\s+|the\s+|your\s+)*"
    r"(previous|prior|above|earlier|preceding|former|system|original)\b",
    r"\b(system|developer)\s+(prompt|message)\b",
    r"\byou\s+are\s+(now\s+)?(an?|the)\s+(ai|assistant|language\s+model|llm|chatbot|extractor)\b",
    r"\bnew\s+instructions?\s*:",
    r"\b(as\s+an?\s+(ai|assistant|language\s+model)|dear\s+(ai|assistant|model|llm))\b",
))


class AnswerError(Exception):
    """The model's answer as a whole is unusable; `reason` is a short label, `detail` says more."""

    def __init__(self, reason: str, detail: str):
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


def _parsed(text: str):
    match = _FENCE.match(text)
    body = match.group(1) if match else text
    try:
        return json.loads(body)
    except json.JSONDecodeError as exc:
        raise AnswerError("unparseable", f"not JSON ({exc.msg} at character {exc.pos})") from None
    except (ValueError, RecursionError) as exc:   # nested too deeply, a number too long
        raise AnswerError("unparseable", f"not JSON ({json_problem(exc)})") from None


def parse_answer(text: str) -> list:
    """The list of predicate objects in an answer; AnswerError when it is not one."""
    data = _parsed(text)
    if isinstance(data, dict) and isinstance(data.get("predicates"), list):
        if "events" in data and not isinstance(data["events"], list):
            raise AnswerError("bad_shape", '"events" must be a list')
        return data["predicates"]
    if isinstance(data, list):
        return data
    raise AnswerError("bad_shape", 'expected an object {"predicates": [...], "events": [...]}')


def parse_events(text: str) -> list:
    """The list of event objects in an answer (none when it gives no "events"); the answer is
    one parse_answer accepted."""
    data = _parsed(text)
    return list(data.get("events") or ()) if isinstance(data, dict) else []


def _loose(text: str) -> str:
    """Case, punctuation and whitespace away, padded with spaces so `in` matches whole words."""
    return " " + _LOOSE.sub(" ", unicodedata.normalize("NFC", text).casefold()).strip() + " "


class DocumentText:
    """A document with its whitespace-normalised text and the map back to original offsets."""

    def __init__(self, text: str):
        self.text = text
        chars: list[str] = []
        origin: list[int] = []
        in_space = False
        for i, ch in enumerate(text):
            if ch.isspace():
                if not in_space:
                    chars.append(" ")
                    origin.append(i)
                in_space = True
            else:
                chars.append(ch)
                origin.append(i)
                in_space = False
        self.normal = "".join(chars)
        self.origin = origin
        self._loose: str | None = None

    def locate(self, evidence: str, start: int = 0, end: int | None = None) -> tuple[int, int] | None:
        """Original [start, end) of `evidence` (whitespace-normalised), searched in the original
        range [start, end) first and then in the whole document; None when it is not there."""
        needle = _SPACE.sub(" ", evidence.strip())
        if not needle:
            return None
        lo = bisect.bisect_left(self.origin, start)
        hi = bisect.bisect_left(self.origin, len(self.text) if end is None else end)
        at = self.normal.find(needle, lo, hi)
        if at < 0:
            at = self.normal.find(needle)
        if at < 0:
            return None
        return self.origin[at], self.origin[at + len(needle) - 1] + 1

    def sentence_around(self, start: int, end: int) -> str:
        """The sentence(s) holding [start, end): from the previous sentence end to the next one."""
        text = self.text
        lo = max(text.rfind(c, 0, start) for c in ".!?\n") + 1
        ends = [i for i in (text.find(c, end) for c in ".!?\n") if i >= 0]
        hi = min(ends) + 1 if ends else len(text)
        return text[lo:max(hi, end)]

    def mentions(self, name: str) -> bool:
        if self._loose is None:
            self._loose = _loose(self.text)
        return _loose(name) in self._loose


@dataclass(frozen=True)
class Accepted:
    """A predicate that holds: `value` as the model wrote it, on the mapped `dimension`."""

    subject: str
    dimension: str
    raw_dimension: str
    value: str
    doc: str
    start: int
    end: int
    source_text: str
    confidence: float
    qualifiers: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Rejected:
    """A predicate refused, why (`reason`, one of REASONS), and what the model sent."""

    doc: str
    window: int
    reason: str
    detail: str
    proposed: str   # the predicate object as JSON text, for the report

    def to_dict(self) -> dict:
        return {"doc": self.doc, "window": self.window, "reason": self.reason, "detail": self.detail,
                "proposed": self.proposed}


_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_DATE_MENTIONS = tuple(re.compile(p, re.IGNORECASE) for p in (
    r"\b\d{4}-\d{1,2}-\d{1,2}\b",
    r"\b\d{4}-\d{1,2}\b",
    rf"\b{_MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}\b",
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\.?,?\s+\d{{4}}\b",
    rf"\b{_MONTH}\.?,?\s+(?:of\s+)?\d{{4}}\b",
    r"\b\d{3,4}\b",
))
_NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?")


def _mentioned_values(evidence: str, kind: str) -> set[str]:
    """Canonical spellings of every date (or number) written in the evidence."""
    found: set[str] = set()
    if kind == "number":
        mentions = [m.group().replace(",", "") for m in _NUMBER.finditer(evidence)]
    else:
        mentions = [re.sub(r"(?<=\d)(st|nd|rd|th)\b|\bof\s+|(?<=[a-z])\.", "", m.group(), flags=re.I)
                    for pattern in _DATE_MENTIONS for m in pattern.finditer(evidence)]
    for mention in mentions:
        try:
            found.add(parse_ordered(mention, kind).canonical)
        except OrderedValueError:
            pass
    return found


def grounded(value: str, evidence: str, kind: str) -> bool:
    """Whether `value` occurs in `evidence`: as words for names, as a written date or number that
    reads the same for ordered kinds (both ends of an interval)."""
    if kind == "taxonomy":
        return _loose(value) in _loose(evidence)
    canonical = parse_ordered(value, kind).canonical
    mentioned = _mentioned_values(evidence, kind)
    return all(part in mentioned for part in canonical.split(".."))


def _qualifier_kind(value: str) -> str:
    try:
        parse_ordered(value, "date")
        return "date"
    except OrderedValueError:
        return "taxonomy"


class Validator:
    """Checks one document's proposed predicates (see the module doc for the rules, in order)."""

    def __init__(self, doc_id: str, document: DocumentText, dimensions: DimensionMap,
                 kinds: dict[str, str]):
        self.doc_id = doc_id
        self.document = document
        self.dimensions = dimensions
        self.kinds = kinds   # normalize(dimension name) → kind, for the whitelisted dimensions

    def check(self, item, window: int, start: int, end: int, *, named: bool = True) -> Accepted | Rejected:
        """One proposed predicate from window `window` (original range [start, end)); `named=False`
        skips the subject check (an event's role: the event is named by its roles)."""
        proposed = json.dumps(item, ensure_ascii=False, sort_keys=True)

        def reject(reason: str, detail: str) -> Rejected:
            return Rejected(self.doc_id, window, reason, detail, proposed)

        if not isinstance(item, dict):
            return reject("bad_field", "a predicate must be a JSON object")
        fields: dict[str, str] = {}
        for name in ("subject", "dimension", "value", "evidence"):
            value = item.get(name)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and name == "value":
                value = format(value, "g")
            if value is None or (isinstance(value, str) and not visible(value)):   # a lone zero-width space too
                return reject("missing_field", f"{name} is missing or empty")
            if not isinstance(value, str):
                return reject("bad_field", f"{name} must be a string")
            fields[name] = value.strip()
        confidence = item.get("confidence")
        if confidence is None:
            confidence = 1.0
        if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) or not 0 <= confidence <= 1:
            return reject("bad_field", "confidence must be a number from 0 to 1")
        qualifiers = item.get("qualifiers") or {}
        if not isinstance(qualifiers, dict):
            return reject("bad_field", "qualifiers must be an object")
        quals: list[tuple[str, str]] = []
        for key, value in sorted(qualifiers.items()):
            if value is None or (isinstance(value, str) and not value.strip()):
                continue
            if isinstance(value, bool) or not isinstance(value, (str, int, float)):
                return reject("bad_field", f"qualifier {key!r} must be a string")
            quals.append((str(key), str(value).strip()))

        span = self.document.locate(fields["evidence"], start, end)
        if span is None:
            return reject("evidence_not_found", f"evidence {fields['evidence']!r} is not in the document")
        source = self.document.text[span[0]:span[1]]
        sentence = self.document.sentence_around(*span)
        if any(p.search(sentence) for p in INSTRUCTION_PATTERNS):
            return reject("instruction_evidence", f"the evidence sits in text addressed to the model: {sentence.strip()!r}")

        dimension = self.dimensions.map(fields["dimension"])
        if normalize(dimension) == SUBJECT:
            return reject("bad_field", f"dimension {SUBJECT!r} is reserved (the builder binds it)")
        kind = self.kinds.get(normalize(dimension), "taxonomy")
        value = fields["value"]
        if kind != "taxonomy":
            try:
                parse_ordered(value, kind)
            except OrderedValueError:
                return reject("bad_value", f"{value!r} is not a {kind} value (dimension {dimension})")
        if not grounded(value, source, kind):
            return reject("value_not_in_evidence", f"value {value!r} does not occur in the evidence")
        for key, qualifier in quals:
            if not grounded(qualifier, source, _qualifier_kind(qualifier)):
                return reject("value_not_in_evidence", f"qualifier {key}={qualifier!r} does not occur in the evidence")
        try:   # a start or end is a date (or `present`): the period a timed meet reads
            period_of([(normalize(k), v) for k, v in quals], "the predicate")
        except LatticeError as exc:
            return reject("bad_value", exc.message)
        if named and not self.document.mentions(fields["subject"]):
            return reject("subject_not_in_document", f"subject {fields['subject']!r} is named nowhere in the document")
        return Accepted(fields["subject"], dimension, fields["dimension"], value, self.doc_id, span[0], span[1],
                        source, float(confidence), tuple(quals))

    def check_event(self, item, window: int, start: int, end: int) -> list[Accepted] | Rejected:
        """One proposed event: every role passes a predicate's checks against the event's one
        evidence sentence (as the predicate `subject=<the event>, dimension=<role>`), and the
        event becomes one instance (`corpus.event_label`) with a coordinate per role and its type
        on `event`. The first failing role rejects the whole event: half an event is no event."""
        proposed = json.dumps(item, ensure_ascii=False, sort_keys=True)

        def reject(reason: str, detail: str) -> Rejected:
            return Rejected(self.doc_id, window, reason, detail, proposed)

        if not isinstance(item, dict):
            return reject("bad_field", "an event must be a JSON object")
        kind, roles, evidence = item.get("event"), item.get("roles"), item.get("evidence")
        if not isinstance(kind, str) or not kind.strip() or not isinstance(evidence, str) or not evidence.strip():
            return reject("missing_field", "an event needs its type (event) and its evidence")
        if not isinstance(roles, list) or len(roles) < 2 or not all(isinstance(r, dict) for r in roles):
            return reject("bad_field", "an event has two or more roles, each {dimension, value}")
        by_role: dict[str, list[str]] = {}
        accepted: list[Accepted] = []
        for role in roles:
            dimension = role.get("dimension")
            if isinstance(dimension, str) and normalize(self.dimensions.map(dimension)) == EVENT:
                return reject("bad_field", f"{EVENT!r} is the event's type, not a role")
            probe = {"subject": kind, "dimension": dimension, "value": role.get("value"), "evidence": evidence,
                     "confidence": item.get("confidence")}
            result = self.check(probe, window, start, end, named=False)
            if isinstance(result, Rejected):
                return reject(result.reason, f"role {dimension!r}: {result.detail}")
            accepted.append(result)
            by_role.setdefault(result.dimension, []).append(result.value)
        label = event_label(kind.strip(), by_role)
        first = accepted[0]
        typed = replace(first, subject=label, dimension=EVENT, raw_dimension=EVENT, value=kind.strip())
        return [typed] + [replace(a, subject=label) for a in accepted]
