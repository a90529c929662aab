"""A document + a rule set → proposed predicates, each naming the rule that proposed it.

Each sentence is read by the rules of its scope (sentences.py decides whom it is about), from
just after its reference to the subject; a rule's pattern is `re.match`ed there, and each of its
`value`, `value2`, … groups that matched is one proposal: {subject, dimension, value, evidence}
with the whole sentence as evidence, exactly the object an LLM returns — so it passes the same
gate (extract/validate.py). Nothing here reads a question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from latweave.ingest.rules.ruleset import RuleSet
from latweave.ingest.rules.sentences import Reading, read_document

_TRIM = " \t\n,;:'’\"”“"
#: "Schleswig- Holstein": a hyphen the text spaced (2Wiki's paragraphs do, "state- owned"); the
#: gate reads the two alike, and the answer is the name as it is spelled elsewhere
_SPACED_HYPHEN = re.compile(r"(?<=\w)-\s+(?=\w)")


@dataclass(frozen=True)
class Proposal:
    """One value a rule read: the predicate object for the gate, and where it came from."""

    rule: str
    item: dict
    start: int           # the sentence's span in the document
    end: int


@dataclass(frozen=True)
class DocumentRun:
    """What the rules made of one document."""

    doc: str
    reading: Reading
    proposals: tuple[Proposal, ...]
    unmatched: tuple[tuple[int, int], ...]   # sentences about the subject no rule matched
    other: int                               # sentences about someone else (no rule reads them)


def _clean(value: str) -> str:
    """A value as read, without the sentence's punctuation around it ("Nathan H. Juran." → "Nathan
    H. Juran"; an initial's or "Jr."'s period stays), a possessive's "'s" or a spaced hyphen's space."""
    value = _SPACED_HYPHEN.sub("-", value.strip(_TRIM))
    for suffix in ("'s", "’s"):
        if value.endswith(suffix):
            value = value[:-len(suffix)]
    last = value.rsplit(" ", 1)[-1]
    if value.endswith(".") and len(last) > 3 and last not in ("Jr.", "Sr."):
        value = value[:-1]
    return value


def extract_document(doc: str, text: str, rules: RuleSet) -> DocumentRun:
    """Every proposal the rules make on one document, in sentence order then rule order."""
    reading = read_document(text)
    proposals: list[Proposal] = []
    unmatched: list[tuple[int, int]] = []
    other = 0
    for sentence in reading.sentences:
        if sentence.about == "other" or reading.subject is None:
            other += 1
            continue
        evidence = text[sentence.start:sentence.end]
        rest = text[sentence.rest:sentence.end]
        found = False
        for rule in rules.rules:
            if rule.scope != sentence.about and not (rule.scope == "lead" and sentence.lead):
                continue
            m = rule.regex.match(rest)
            if m is None:
                continue
            for group in sorted(g for g in m.groupdict() if g.startswith("value")):
                raw = m.group(group)
                if raw is None or not _clean(raw):
                    continue
                found = True
                proposals.append(Proposal(rule.name, {"subject": reading.subject, "dimension": rule.relation,
                                                      "value": _clean(raw), "evidence": evidence},
                                          sentence.start, sentence.end))
        if not found:
            unmatched.append((sentence.start, sentence.end))
    return DocumentRun(doc, reading, tuple(proposals), tuple(unmatched), other)
