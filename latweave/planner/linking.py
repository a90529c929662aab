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

_TOKEN = re.compile(r"[\w\-\.]+(?:'[\w]+)?|'s|[^\w\s]", re.UNICODE)
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
        for key, inst in lattice.instances.items():
            for surface in (key, *inst.aliases):
                index[surface].add(key)
                stripped = normalize(_PAREN.sub("", surface))
                if stripped and stripped != surface:
                    index[stripped].add(key)
        # A surface that is exactly some instance's own key denotes that instance only.
        self.index = {s: ({s} if s in lattice.instances else keys) for s, keys in index.items()}

    def mentions(self, question: str) -> list[Mention]:
        """Maximal mentions, left to right; nested shorter matches are dropped."""
        spans = tokens(question)
        found: list[Mention] = []
        for i in range(len(spans)):
            for j in range(min(len(spans), i + self.max_tokens) - 1, i - 1, -1):
                start, end = spans[i][0], spans[j][1]
                surface = question[start:end].strip(_EDGE)
                if not surface:
                    continue
                for candidate in (surface, _PAREN.sub("", surface)):
                    keys = self.index.get(normalize(candidate))
                    if keys:
                        found.append(Mention(start, end, surface, tuple(sorted(keys))))
                        break
                else:
                    continue
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
