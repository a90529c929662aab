"""`tfidf`: TF-IDF retrieval over the evidence lines, with an extractive answer (no LLM).

Each evidence line (a KB line; a 2Wiki evidence triple) is a retrieval unit: its words
(`text.words`) weighted tf · idf, idf = ln((N + 1) / (df + 1)) + 1, compared with the question's
by cosine. The answer is extracted from the best lines: a line gives its value (the triple's
object) unless that is a question entity, then its subject; a line whose two ends are both
question entities gives nothing. Over the `k` best lines that give something, a node scores the
sum of their cosines; the top node answers (ties: the earlier line, then the smaller key).

Knob: `k` (1, 3 or 5), set on the dev split. For a comparison option or a yes/no side (`local`),
only the lines that mention the option are retrieved; an option's score is its best line's cosine.
"""

from __future__ import annotations

import math
from collections import Counter

from latweave.eval.baselines.base import Baseline, Candidate, Query
from latweave.eval.baselines.forms import Option


class TfidfBaseline(Baseline):
    name = "tfidf"
    defaults = {"k": 1}
    grid = ({"k": 1}, {"k": 3}, {"k": 5})

    def __init__(self, lattice, **kwargs):
        super().__init__(lattice, **kwargs)
        lines = self.index.lines
        df: Counter = Counter()
        for ln in lines:
            df.update(set(ln.words))
        n = len(lines)
        self.idf = {w: math.log((n + 1) / (c + 1)) + 1.0 for w, c in sorted(df.items())}
        postings: dict[str, list[tuple[int, float]]] = {}
        self.norm: list[float] = []
        for ln in lines:
            tf = Counter(ln.words)
            weights = {w: c * self.idf[w] for w, c in sorted(tf.items())}
            self.norm.append(math.sqrt(sum(v * v for v in weights.values())) or 1.0)
            for w, v in weights.items():
                postings.setdefault(w, []).append((ln.id, v))
        self.postings = {w: tuple(p) for w, p in postings.items()}

    def _query_vector(self, query: Query) -> dict[str, float]:
        tf = Counter(w for w in query.words if w in self.idf)
        return {w: c * self.idf[w] for w, c in sorted(tf.items())}

    def retrieve(self, query: Query, restrict: set[int] | None = None) -> list[tuple[float, int]]:
        """(cosine, line id) of every line sharing a word with the question, best first."""
        qv = self._query_vector(query)
        qnorm = math.sqrt(sum(v * v for v in qv.values())) or 1.0
        dots: dict[int, float] = {}
        for w, qw in qv.items():
            for line, lw in self.postings.get(w, ()):
                if restrict is None or line in restrict:
                    dots[line] = dots.get(line, 0.0) + qw * lw
        return sorted(((-(d / (qnorm * self.norm[i])), i) for i, d in dots.items()))

    def _restrict(self, seeds: tuple[str, ...]) -> set[int]:
        return {i for s in seeds for i in self.index.by_node.get(s, ())}

    def candidates(self, query: Query, seeds: tuple[str, ...], *, local: bool) -> list[Candidate]:
        exclude = set(seeds)
        scores: dict[str, float] = {}
        first: dict[str, tuple[int, str]] = {}
        used = 0
        for neg, line_id in self.retrieve(query, self._restrict(seeds) if local else None):
            if used >= self.knobs["k"]:
                break
            ln = self.index.lines[line_id]
            node = ln.value if ln.value not in exclude else (ln.subject if ln.subject not in exclude else None)
            if node is None:
                continue
            used += 1
            scores[node] = scores.get(node, 0.0) - neg
            first.setdefault(node, (used, ln.text))
        ranked = sorted(scores, key=lambda n: (-scores[n], first[n][0], n))
        return [Candidate((n,), scores[n], f"{self.index.label(n)} from line {first[n][1]!r}") for n in ranked]

    def option_score(self, query: Query, option: Option) -> float:
        hits = self.retrieve(query, self._restrict(option.keys))
        return -hits[0][0] if hits else 0.0
