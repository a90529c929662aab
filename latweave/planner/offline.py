"""The offline planner: question → plan with no LLM, learned from a training split only.

Compositional and grounded. It links the anchor entity, then enumerates only plans the lattice
supports from that anchor — relation chains through dimensions the entities actually have, hop by
hop (L2 grounding at every hop) — and ranks them with an averaged structured perceptron over
features that pair question n-grams with each hop's dimension, its position and the side of the
anchor it was said on. Training labels are the candidates whose result contains a gold answer
(answers only: gold paths and evidence are never read). A plan whose score margin is below a
threshold chosen on the dev split, an unknown or ambiguous anchor, or no grounded candidate →
the planner abstains with that reason. Ties break on the plan's canonical text.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from dataclasses import dataclass

from latweave.lattice.model import Lattice
from latweave.lattice.names import normalize
from latweave.lattice.ordered import parse_ordered
from latweave.planner.graph import ANCHOR, LatticeGraph
from latweave.planner.linking import EntityLinker, Mention, tokens
from latweave.plan.ast import Constraint, Let, Meet, Name, Plan, Ref

_WORD = re.compile(r"[a-z]+|'s")


@dataclass(frozen=True)
class Chain:
    """meet(subject = anchor) -> r1, then -> r2 ... : a relation path from one entity."""

    anchor: str            # instance key
    relations: tuple[str, ...]
    detours: tuple[bool, ...] = ()   # per hop: walked back onto where it was two hops before


def answer_keys(answer: str) -> set[str]:
    """Keys a gold answer may appear under in the lattice (plain, and canonical date)."""
    keys = {normalize(answer)}
    try:
        keys.add(normalize(parse_ordered(answer, "date").canonical))
    except Exception:  # noqa: BLE001 - not a date: the plain key stands
        pass
    return keys


class OfflinePlanner:
    name = "offline"

    def __init__(self, lattice: Lattice, *, max_hops: int = 3, epochs: int = 10, seed: int = 88):
        self.lattice = lattice
        self.graph = LatticeGraph(lattice)
        self.linker = EntityLinker(lattice)
        self.max_hops = max_hops
        self.epochs = epochs
        self.seed = seed
        self.weights: dict = defaultdict(float)
        self.threshold = 0.0
        self._names: dict[str, set[str]] = {}

    # ---- question analysis ----
    def anchor(self, question: str) -> tuple[Mention | None, str | None]:
        """The single entity mention to start from, or an abstain reason."""
        mentions = [m for m in self.linker.mentions(question) if self.graph.out.get(m.instances[0])]
        if not mentions:
            return None, "unknown_anchor"
        # Prefer the longest mention; a tie between different entities is ambiguous.
        best = max(len(m.surface) for m in mentions)
        longest = [m for m in mentions if len(m.surface) == best]
        if len({m.instances for m in longest}) > 1 or len(longest[0].instances) > 1:
            return None, "ambiguous_anchor"
        return longest[0], None

    @staticmethod
    def context(question: str, mention: Mention) -> list[tuple[str, str, int, int]]:
        """(word, side of the anchor, distance rank, segment) for the words outside the mention.

        A segment counts the possessive links between the word and the anchor: "'s" after it
        ("X 's son 's mom": son 1, mom 2), "of" before it ("the mom of the son of X": son 1, mom 2),
        which is how these questions compose relations."""
        out = []
        before = _WORD.findall(question[:mention.start].lower())
        after = _WORD.findall(question[mention.end:].lower())
        seg = 0
        for i, w in enumerate(reversed(before)):
            seg += w == "of"
            out.append((w, "L", i, seg))
        seg = 0
        for i, w in enumerate(after):
            seg += w == "'s"
            out.append((w, "R", i, seg))
        return out

    def features(self, question: str, mention: Mention, chain: Chain) -> dict:
        ctx = self.context(question, mention)
        words = [w for w, _, _, _ in ctx]
        grams = set(words) | {f"{a} {b}" for a, b in zip(words, words[1:])}
        sided = {(w, side) for w, side, _, _ in ctx}
        segmented = {(w, side, min(seg, 3)) for w, side, _, seg in ctx}
        k = len(chain.relations)
        f: dict = defaultdict(float)
        f[("len", k, sum(w == "'s" for w in words), sum(w == "of" for w in words))] += 1
        wordset = set(words)
        for i, r in enumerate(chain.relations):
            f[("rel", r)] += 1
            # L1 grounding: the dimension's own name said in the question (e.g. "ethnicity")
            named = self._name_words(r) & wordset
            if named:
                f[("named", i, k)] += 1
                for w, side, rank, _ in ctx:
                    if w in named:
                        f[("named-side", side, min(rank, 6), i, k)] += 1
            for g in grams:
                f[("g", g, r)] += 1
                f[("gi", g, r, i, k)] += 1
            for w, side in sided:
                f[("side", w, side, r, i, k)] += 1
            for w, side, seg in segmented:
                f[("seg", w, side, seg, r, i, k)] += 1
        if words:
            f[("first", words[0], chain.relations[-1])] += 1
        for i, back in enumerate(chain.detours):
            if back:
                f[("detour", chain.relations[i - 1], chain.relations[i])] += 1
        return f

    def _name_words(self, dim: str) -> set[str]:
        if dim not in self._names:
            words = set(_WORD.findall(self.graph.labels.get(dim, dim).lower().replace("_", " ")))
            self._names[dim] = words - {"of", "the", "inverse", "a", "in", "by"}
        return self._names[dim]

    def candidates(self, mention: Mention) -> list[tuple[Chain, frozenset]]:
        anchor = mention.instances[0]
        return [(Chain(anchor, path, back), reached)
                for path, reached, back in self.graph.paths(anchor, self.max_hops)]

    def score(self, f: dict) -> float:
        return sum(self.weights.get(name, 0.0) * value for name, value in f.items())

    # ---- training ----
    def fit(self, train, dev=(), extra=()) -> None:
        """Averaged perceptron on train; the abstention threshold is set on dev.

        `extra` adds training questions grounded in other lattices, as (lattice, examples) pairs
        (PathQuestion's 2-hop and 3-hop questions share their phrasing but not their KB)."""
        data = self._training_data(train)
        for lattice, examples in extra:
            data += OfflinePlanner(lattice, max_hops=self.max_hops)._training_data(examples)
        rng = random.Random(self.seed)
        totals: dict = defaultdict(float)
        stamp: dict = defaultdict(int)
        step = 0
        w = self.weights
        for _ in range(self.epochs):
            rng.shuffle(data)
            for feats, good in data:
                step += 1
                scores = [self.score(f) for f in feats]
                best = max(range(len(feats)), key=lambda i: (scores[i], -i))
                if best in good:
                    continue
                target = max(good, key=lambda i: (scores[i], -i))
                for name, value in feats[target].items():
                    self._update(name, value, step, totals, stamp)
                for name, value in feats[best].items():
                    self._update(name, -value, step, totals, stamp)
        for name in list(w):  # averaging
            totals[name] += w[name] * (step - stamp[name])
            w[name] = totals[name] / max(step, 1)
        self.threshold = self._tune(dev) if dev else 0.0

    def _training_data(self, examples) -> list:
        """(candidate features, indices of the candidates that reach a gold answer) per question."""
        data = []
        for ex in sorted(examples, key=lambda e: e.qid):
            mention, _ = self.anchor(ex.question)
            if mention is None:
                continue
            gold = set().union(*(answer_keys(a) for a in ex.answers)) if ex.answers else set()
            cands = self.candidates(mention)
            good = [i for i, (_, reached) in enumerate(cands) if reached & gold]
            if not good or len(good) == len(cands):
                continue
            feats = [self.features(ex.question, mention, c) for c, _ in cands]
            data.append((feats, set(good)))
        return data

    def _update(self, name, delta, step, totals, stamp) -> None:
        totals[name] += self.weights[name] * (step - stamp[name])
        stamp[name] = step
        self.weights[name] += delta

    def _tune(self, dev) -> float:
        """The margin threshold maximising (right − wrong) on dev; abstaining scores zero."""
        scored = []
        for ex in dev:
            out = self._best(ex.question)
            if out is None:
                continue
            chain, margin, reached = out
            gold = set().union(*(answer_keys(a) for a in ex.answers))
            scored.append((margin, bool(reached & gold)))
        best_t, best_value = 0.0, None
        for t in sorted({0.0, *(m for m, _ in scored)}):
            value = sum(1 if ok else -1 for m, ok in scored if m >= t)
            if best_value is None or value > best_value:
                best_t, best_value = t, value
        return best_t

    # ---- planning ----
    def _best(self, question: str):
        mention, _ = self.anchor(question)
        if mention is None:
            return None
        cands = self.candidates(mention)
        if not cands:
            return None
        scored = sorted(((self.score(self.features(question, mention, c)), self._text(c), c, reached)
                         for c, reached in cands), key=lambda t: (-t[0], t[1]))
        margin = scored[0][0] - scored[1][0] if len(scored) > 1 else float("inf")
        return scored[0][2], margin, scored[0][3]

    def plan(self, question: str, qid: str = ""):
        from latweave.planner.base import PlanOutput

        mention, reason = self.anchor(question)
        if mention is None:
            return PlanOutput(None, reason, 0.0, {})
        cands = self.candidates(mention)
        if not cands:
            return PlanOutput(None, "ungrounded", 0.0, {"anchor": mention.surface})
        chain, margin, _ = self._best(question)
        trace = {"anchor": mention.surface, "relations": list(chain.relations), "margin": margin}
        if margin < self.threshold:
            return PlanOutput(None, "low_score", margin, trace)
        return PlanOutput(self.to_plan(chain), None, margin, trace)

    def _text(self, chain: Chain) -> str:
        return "/".join(chain.relations)

    def to_plan(self, chain: Chain) -> Plan:
        label = self.lattice.instances[chain.anchor].label
        dims = [self.graph.labels[r] for r in chain.relations]
        lets = []
        value = Name(label)
        for i, dim in enumerate(dims[:-1]):
            lets.append(Let(f"h{i + 1}", Meet((Constraint(ANCHOR, "=", value),), project=dim)))
            value = Ref(f"h{i + 1}")
        return Plan(tuple(lets), Meet((Constraint(ANCHOR, "=", value),), project=dims[-1]))
