"""Map the many names a model gives one relation onto one dimension.

Left alone, an extractor shatters a relation into hundreds of spellings ("educated at", "was
educated at", "education", "alma mater", "Educated_At" …: the LatWeave paper counted 1,017 for
one relation). Two remedies, in this order: the prompt shows a whitelist of preferred names, and
this table maps what comes back:

1. the *relation key*: `normalize` (case, `_`, whitespace), punctuation dropped, leading
   auxiliaries dropped ("was educated at" → "educated at"); looked up among the whitelist's names
   and the variants of `variants.tsv` (their keys, likewise);
2. light morphology, for a one-word nominalisation only ("education", "employer", "director"):
   its stem (suffixes such as -ation, -ated, -ment, -er, -ed cut off) against the stems of the
   whitelisted names and variant targets with their prepositions dropped; taken only when
   exactly one target matches. Verb forms are never matched this way, since dropping the
   preposition of "directed by" would map its inverse "directed" onto it;
3. anything else keeps its own dimension, named by its relation key in snake_case.

>>> m = DimensionMap(["educated_at"], [("alma mater", "educated_at")])
>>> [m.map(n) for n in ("Educated at", "was educated at", "education", "alma_mater", "born in")]
['educated_at', 'educated_at', 'educated_at', 'educated_at', 'born_in']
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from latweave.lattice.names import normalize

AUXILIARIES = frozenset({"was", "is", "were", "are", "be", "been", "being", "has", "had", "have"})
PREPOSITIONS = frozenset({"at", "in", "on", "by", "of", "for", "from", "to", "with", "as", "into"})
_SUFFIXES = ("ations", "ation", "ated", "ating", "ions", "ion", "ments", "ment", "ers", "er", "ors", "or",
             "ings", "ing", "ed", "es", "s")
_NOMINAL = ("ion", "ment", "er", "or", "ship", "ence", "ance")
_PUNCT = re.compile(r"[^\w\s]+")


def relation_key(name: str) -> str:
    """Case, underscores, punctuation and leading auxiliaries away: 'Was_Educated-At' → 'educated at'."""
    words = _PUNCT.sub(" ", normalize(name)).split()
    while len(words) > 1 and words[0] in AUXILIARIES:
        words = words[1:]
    return " ".join(words)


def _stem(word: str) -> str:
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[:-len(suffix)]
    return word


def _stem_key(key: str) -> str:
    return " ".join(sorted(_stem(w) for w in key.split() if w not in PREPOSITIONS))


class DimensionMap:
    """Relation names → dimension names, from the whitelist and the variant table."""

    def __init__(self, preferred: Iterable[str], variants: Sequence[tuple[str, str]] = ()):
        self.targets: dict[str, str] = {}      # relation key → dimension name (first spelling wins)
        for name in preferred:
            self.targets.setdefault(relation_key(name), name)
        self.exact: dict[str, str] = dict(self.targets)
        for variant, target in variants:
            name = self.targets.get(relation_key(target), target)
            self.targets.setdefault(relation_key(target), name)
            self.exact.setdefault(relation_key(target), name)
            self.exact.setdefault(relation_key(variant), name)
        by_stem: dict[str, set[str]] = {}
        for key, name in self.targets.items():
            by_stem.setdefault(_stem_key(key), set()).add(name)
        self.stems = {stem: next(iter(names)) for stem, names in by_stem.items() if len(names) == 1}

    def map(self, raw: str) -> str:
        """The dimension a relation name lands on."""
        key = relation_key(raw)
        if key in self.exact:
            return self.exact[key]
        if " " not in key and key.endswith(_NOMINAL) and _stem_key(key) in self.stems:
            return self.stems[_stem_key(key)]
        return key.replace(" ", "_") or raw
