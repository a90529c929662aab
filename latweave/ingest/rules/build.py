"""A text corpus → a lattice by the rules alone (`latweave build DIR --extract rules`): no model.

Each document's proposals (extract.py) pass the LLM extractor's gate, `Validator.check`, and the
accepted ones enter through the same `assemble` (extract/assemble.py) in a fixed order — document
id, sentence, rule — so the same documents and rules give the same lattice, byte for byte.

Between the gate and the lattice, one step the LLM path has no need of: an object that names
another document's subject *is* that subject ("directed by Thomas Carr" beside the document
"Thomas Carr (director)"): its value becomes the subject's name (the evidence untouched, the
surface kept as the value's synonym), decided by the `latweave.lattice.alike` rules the KB
builder uses (the strongest rule that fits exactly one subject; none when two fit). A subject
titled "E (…)" gets E as an alias when no other subject is E.
"""

from __future__ import annotations

import re
from dataclasses import replace

from latweave.errors import LatticeError
from latweave.ingest.extract.assemble import assemble
from latweave.ingest.extract.corpus import SUBJECT, PreferredDimension, TextCorpus
from latweave.ingest.extract.validate import Accepted, DocumentText, Rejected, Validator
from latweave.ingest.extract.variants import DimensionMap
from latweave.ingest.rules.extract import extract_document
from latweave.ingest.rules.report import RuleTally, RulesReport
from latweave.ingest.rules.ruleset import RuleSet, load_rules
from latweave.ingest.rules.sentences import strip_parenthetical
from latweave.lattice.alike import TIERS, alike
from latweave.lattice.model import Lattice
from latweave.lattice.names import normalize

#: Initials that open a name ("S. R. "), before a subject's whole name.
_INITIALS = re.compile(r"(?:[A-Z]\.\s*){1,3}(?=[A-Z][a-z])")

#: A subject that may be a person's name: capitalised words (and particles), a qualifier after
#: them ("Thomas Carr (director)", "Henry Grey, 8th Earl of Kent") — not "List of … in Georgia".
_PERSONAL = re.compile(r"[A-ZÀ-Þ][\w'’.-]*(?:\s+(?:(?:de|da|van|von|der|den|del|di|du|la|le|bin|ibn|al)\s+)*"
                       r"[A-ZÀ-Þ][\w'’.-]*)+(?:,\s[^()]*)?(?:\s*\([^()]*\))?")

#: How many sentences no rule matched the report keeps, as examples.
LEFT_EXAMPLES = 200


def dimensions_of(corpus: TextCorpus, rules: RuleSet) -> tuple[PreferredDimension, ...]:
    """The corpus's whitelist (its kinds and functional flags win), then the rules' relations it lacks."""
    dims = list(corpus.dimensions)
    have = {normalize(d.name) for d in dims}
    for key, rel in sorted(rules.relations.items()):
        if key not in have:
            dims.append(PreferredDimension(rel.name, rel.kind, rel.functional))
    return tuple(dims)


class _Names:
    """The documents' subjects, to read an object as one of them."""

    def __init__(self, subjects: list[str], nicknames: tuple[tuple[str, str], ...] = ()):
        self.subjects = sorted(set(subjects))
        self.nicknames = {normalize(k): normalize(v) for k, v in nicknames}
        self.keys = {normalize(s): s for s in self.subjects}
        bare: dict[str, list[str]] = {}
        for s in self.subjects:
            b = normalize(strip_parenthetical(s))
            if b != normalize(s):
                bare.setdefault(b, []).append(s)
        self.bare = {b: ss[0] for b, ss in bare.items() if len(ss) == 1 and b not in self.keys}

    def subject_of(self, value: str, owner: str, person: bool = False) -> str | None:
        """The subject `value` names (not `owner` itself), or None; a `person`'s value may name
        one by a surname alone or a short given name too."""
        key = normalize(value)
        if key in self.keys:
            return None     # a subject's own name: the lattice joins it as it is
        if key in self.bare:
            hit = self.bare[key]
            return hit if normalize(hit) != normalize(owner) else None
        best: dict[str, list[str]] = {}
        for s in self.subjects:
            if normalize(s) == normalize(owner):
                continue
            tier = alike(value, strip_parenthetical(s))
            if tier is not None:
                best.setdefault(tier, []).append(s)
        for tier in TIERS:
            if tier in best:
                return best[tier][0] if len(best[tier]) == 1 else None
        initials = _INITIALS.match(value)
        if initials is not None and value[initials.end():] != value:
            # "S. R. Puttanna Kanagal" beside the document "Puttanna Kanagal": initials before a
            # subject's whole name (South Indian names put the family's initials first)
            rest = normalize(value[initials.end():])
            hits = [s for s in self.subjects if normalize(strip_parenthetical(s)) == rest
                    and normalize(s) != normalize(owner)]
            return hits[0] if len(hits) == 1 else None
        return self._surname_or_nickname(value, owner) if person else None

    def _surname_or_nickname(self, value: str, owner: str) -> str | None:
        """A person's surname alone ("directed by Reisch" beside the document "Günter Reisch"), or
        the name with a short given name ("Joe De Grasse" beside "Joseph De Grasse"): the one
        subject so named, of two words or more, not the owner; None when none or two are."""
        words = normalize(value).split()
        if not words:
            return None
        if len(words) == 1:
            if len(words[0]) < 4 or not value[:1].isupper():
                return None
            match = lambda w: len(w) >= 2 and w[-1] == words[0]           # noqa: E731
        elif words[0] in self.nicknames:
            full = [self.nicknames[words[0]], *words[1:]]
            match = lambda w: w == full                                    # noqa: E731
        else:
            return None
        hits = [s for s in self.subjects if normalize(s) != normalize(owner) and _PERSONAL.fullmatch(s)
                and match(normalize(strip_parenthetical(s).split(",")[0]).split())]
        return hits[0] if len(hits) == 1 else None


def rules_lattice(corpus: TextCorpus, rules: RuleSet | None = None) -> tuple[Lattice, RulesReport]:
    """The lattice the rules extract from `corpus`, and the report of what each rule did."""
    rules = rules if rules is not None else load_rules()
    dims = dimensions_of(corpus, rules)
    kinds = {normalize(d.name): d.kind for d in dims}
    mapping = DimensionMap([d.name for d in dims], corpus.variants)
    texts = {doc: DocumentText(text) for doc, text in corpus.documents}
    tallies = {r.name: RuleTally(r.name, r.relation, r.kind, r.scope) for r in rules.rules}
    runs = [extract_document(doc, text, rules) for doc, text in corpus.documents]
    names = _Names([run.reading.subject for run in runs if run.reading.subject], rules.nicknames)
    accepted: list[Accepted] = []
    rejections: list[Rejected] = []
    synonyms: list[tuple[str, str, str]] = []      # (dimension, subject, surface)
    left: list[dict] = []
    counts = {"sentences": 0, "about_subject": 0, "possessive": 0, "other_subject": 0, "unmatched": 0}
    for run in runs:
        validator = Validator(run.doc, texts[run.doc], mapping, kinds)
        counts["sentences"] += len(run.reading.sentences)
        counts["other_subject"] += run.other
        counts["about_subject"] += sum(s.about == "subject" for s in run.reading.sentences)
        counts["possessive"] += sum(s.about == "possessive" for s in run.reading.sentences)
        counts["unmatched"] += len(run.unmatched)
        for start, end in run.unmatched:
            if len(left) < LEFT_EXAMPLES:
                left.append({"doc": run.doc, "sentence": texts[run.doc].text[start:end]})
        for p in run.proposals:
            tally = tallies[p.rule]
            tally.proposed += 1
            result = validator.check(p.item, 0, p.start, p.end)
            if isinstance(result, Rejected):
                tally.rejected[result.reason] = tally.rejected.get(result.reason, 0) + 1
                rejections.append(result)
                continue
            tally.accepted += 1
            if kinds.get(normalize(result.dimension), "taxonomy") == "taxonomy":
                relation = rules.relations.get(normalize(result.dimension))
                named = names.subject_of(result.value, result.subject, relation is not None and relation.person)
                if named is not None:
                    synonyms.append((result.dimension, named, result.value))
                    result = replace(result, value=named)
            accepted.append(result)
    lattice, made = assemble(corpus.name, dims, corpus.documents, accepted, texts)
    resolved = _join_names(lattice, names, synonyms)
    report = RulesReport(corpus=str(corpus.root), rules=rules.path, rules_digest=rules.digest,
                         documents=len(corpus.documents), subjects=len(names.subjects), counts=counts,
                         accepted=made["accepted"], duplicates=made["duplicates"],
                         subject_predicates=made["subjects"], resolved=resolved,
                         tallies=tuple(tallies.values()), rejections=tuple(rejections), left=tuple(left))
    return lattice, report


def _join_names(lattice: Lattice, names: _Names, synonyms: list[tuple[str, str, str]]) -> int:
    """A resolved object's surface as a synonym of its subject on that dimension; "E" as an alias
    of "E (…)" and a synonym on `subject`. Returns how many objects were resolved."""
    subject_dim = lattice.dimensions[normalize(SUBJECT)]
    for bare, subject in sorted(names.bare.items()):
        if normalize(subject) in lattice.instances:
            try:
                lattice.add_alias(subject, strip_parenthetical(subject))
                subject_dim.add_synonym(subject, strip_parenthetical(subject))
            except LatticeError:
                pass   # the bare name is a value of its own there: no alias (nothing is forced)
    for dimension, subject, surface in synonyms:
        try:
            lattice.dimensions[normalize(dimension)].add_synonym(subject, surface)
        except LatticeError:
            pass
    return len(synonyms)
