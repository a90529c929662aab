"""Entity linking for the offline planner: find the lattice instances a question names.

A mention is a span of the question between token boundaries whose normalised text is an
instance's key, an alias, or the key without a trailing parenthetical ("Seven Sinners (1936
film)" is also found as "Seven Sinners"). Longer mentions win over the shorter ones inside them;
a surface form that names two different instances is reported as ambiguous, never guessed.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from latweave.lattice.model import Lattice
from latweave.lattice.names import normalize

_TOKEN = re.compile(r"[\w\-\.]+(?:'(?![sS]\b)\w+)?|'[sS]\b|[^\w\s]", re.UNICODE)
_PAREN = re.compile(r"\s*\([^()]*\)\s*$")
_EDGE = " ?!.,;:\"'"


@dataclass(frozen=True)
class Mention:
    start: int          # character offsets in the question
    end: int
    surface: str
    instances: tuple[str, ...]   # instance keys it may denote (more than one: ambiguous)


def tokens(text: str) -> list[tuple[int, int]]:
    """Token character spans: words (with inner - and .), possessive 's, punctuation."""
    return [(m.start(), m.end()) for m in _TOKEN.finditer(text)]


class EntityLinker:
    def __init__(self, lattice: Lattice, max_tokens: int = 12):
        self.max_tokens = max_tokens
        index: dict[str, set[str]] = defaultdict(set)
        stripped_only: dict[str, set[str]] = defaultdict(set)
        for key, inst in lattice.instances.items():
            for surface in (key, *(normalize(a) for a in inst.aliases)):
                index[surface].add(key)
                stripped = normalize(_PAREN.sub("", surface))
                if stripped and stripped != surface:
                    stripped_only[stripped].add(key)
        # A surface that is exactly some instance's own key (or alias) denotes that instance only;
        # a key without its parenthetical ("Seven Sinners" for "Seven Sinners (1936 film)") is a
        # weaker form: it names every instance it strips from (ambiguous when more than one).
        self.index = {s: ({s} if s in lattice.instances else keys) for s, keys in index.items()}
        self.stripped = {s: keys for s, keys in stripped_only.items() if s not in self.index}

    def _lookup(self, raw: str) -> tuple[str, tuple[str, ...]] | None:
        """(surface, instance keys) a span names, or None.

        Tried in order: the span as written (a title may end in "?", "!" or "."), the span without
        edge punctuation, then each of those without a trailing parenthetical disambiguator
        ("Two Tickets To Paradise (Film)" → "Two Tickets to Paradise"), then the key-without-
        parenthetical forms. Case never matters (keys are case folded). A form reached only by
        dropping a parenthetical must be written with a capital or a digit, so that a plain word
        ("later") does not link to a title ("Later (song)")."""
        forms = []
        for text in (raw.strip(), raw.strip(_EDGE)):
            if text and text not in forms:
                forms.append(text)
        for text in list(forms):
            bare = _PAREN.sub("", text).strip(_EDGE)
            if bare and bare not in forms:
                forms.append(bare)
        for text in forms:
            keys = self.index.get(normalize(text))
            if keys:
                return text, tuple(sorted(keys))
        for text in forms:
            keys = self.stripped.get(normalize(text))
            if keys and any(ch.isupper() or ch.isdigit() for ch in text):
                return text, tuple(sorted(keys))
        return None

    def mentions(self, question: str) -> list[Mention]:
        """Maximal mentions, left to right; nested shorter matches are dropped."""
        spans = tokens(question)
        found: list[Mention] = []
        for i in range(len(spans)):
            for j in range(min(len(spans), i + self.max_tokens) - 1, i - 1, -1):
                start, end = spans[i][0], spans[j][1]
                hit = self._lookup(question[start:end])
                if hit is None:
                    continue
                surface, keys = hit
                found.append(Mention(start, end, surface, keys))
                break
        found.sort(key=lambda m: (m.start, -(m.end - m.start)))
        maximal: list[Mention] = []
        for m in found:
            if any(o.start <= m.start and m.end <= o.end and o != m for o in found):
                continue
            if maximal and m.start < maximal[-1].end:
                continue
            maximal.append(m)
        return maximal
