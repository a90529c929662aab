"""The offline planner: question → plan with no LLM, learned from a training split only.

Compositional and grounded. It links the anchor entity, then enumerates only plans the lattice
supports from that anchor — relation chains through dimensions the entities actually have, hop by
hop (L2 grounding at every hop) — and ranks them with an averaged structured perceptron over
features that pair question n-grams with each hop's dimension, its position and the side of the
anchor it was said on. Training labels are the candidates whose result contains a gold answer
(answers only: gold paths and evidence are never read). A plan whose score margin is below a
threshold chosen on the dev split, an unknown anchor, an ambiguous one whose readings ground
alike, or no grounded candidate → the planner abstains with that reason. Ties break on the plan's
canonical text.

Features that transfer (issue 14): none is indexed by the chain's length. A hop's position is the
possessive segment that composes it (`slots`: "X 's r1 's r2", then "the r3 of …"), compared with
the hop's index; the length is read against the possessives said (`len-markers`) and words that
say two hops ("grandson": a relation taken twice). The one length feature that is not, the
training set's prior on its hop counts (`PRIOR`), stays behind when the planner moves to another
set (`transferred`). Fitted on PathQuestion's 2-hop questions only, it answers the 3-hop set's
dev questions at 0.95 any-hit (0.15 with the length-indexed features it had before).
"""

from __future__ import annotations

import math
import random
import re
from array import array
from collections import defaultdict
from dataclasses import dataclass
from typing import Callable

from latweave.lattice.answers import normalize_answer
from latweave.lattice.model import Lattice
from latweave.lattice.names import normalize
from latweave.lattice.ordered import parse_ordered
from latweave.planner.compare import CompareCand, compare_candidates, compare_features, is_choice, outside_words
from latweave.planner.compare import to_plan as compare_plan
from latweave.planner.graph import ANCHOR, LatticeGraph
from latweave.planner.linking import PARTIAL, EntityLinker, Mention
from latweave.plan.ast import Constraint, Let, Meet, Name, Plan, Ref
from latweave.reasons import Reason

_WORD = re.compile(r"[a-z]+|'s")


class FeatureSpace:
    """Feature names ↔ dense ids, shared by the planners trained together.

    A candidate's features are kept as two flat arrays (ids, values) rather than a dict of tuple
    keys: training holds every candidate of every training question for all epochs, and as dicts
    they took several times the memory of the arrays (`bench/planner_memory.py`; figures in
    docs/performance.md). Names are looked up only when a feature is made."""

    def __init__(self):
        self.ids: dict = {}
        self.names: list = []

    def sparse(self, features: dict) -> tuple[array, array]:
        ids, names = self.ids, self.names
        out = []
        for name in features:
            i = ids.get(name)
            if i is None:
                i = ids[name] = len(names)
                names.append(name)
            out.append(i)
        return array("i", out), array("d", features.values())   # sized exactly (no append slack)


@dataclass(frozen=True)
class Chain:
    """meet(subject = anchor) -> r1, then -> r2 ... : a relation path from one entity."""

    anchor: str            # instance key
    relations: tuple[str, ...]
    detours: tuple[bool, ...] = ()   # per hop: walked back onto where it was two hops before
    partial: bool = False  # the anchor is a part of a longer name the lattice lacks, or a name that only
    #                        resembles the lattice's (linking.PARTIAL)


@dataclass(frozen=True, slots=True)
class Candidate:
    """One grounded plan of a question, as `OfflinePlanner.analyse` finds it: a relation chain
    from a linked name (`kind` "chain") or a compare of two ("cmp"), its features (ids and values:
    `FeatureSpace.sparse`), and what a chain ends on (instance keys; a compare's answer is the
    engine's: None)."""

    kind: str                                  # "chain" | "cmp"
    grounding: Chain | CompareCand
    features: tuple[array, array]
    reached: frozenset[str] | None


_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
#: The verb forms a question says for a relation name's noun (relation_words).
_VERB_FORMS = {"birth": ("born",), "death": ("died", "die", "dies", "dead")}
_FUNCTION = frozenset({"of", "the", "inverse", "a", "an", "in", "by", "to", "is", "for"})


def relation_words(name: str) -> frozenset[str]:
    """The words a relation's name says, as a question may say them: namespaces and separators
    split (`__music__recording__artist`, `music.recording.artist`, `place_of_birth`), camel case
    split (`placeOfBirth`), lower-cased, function words dropped, each also in its other number
    (`parents` → parent, `child` → childs is harmless) so that a question's singular finds a plural.

    >>> sorted(relation_words("__music__recording__artist"))
    ['artist', 'artists', 'music', 'musics', 'recording', 'recordings']
    >>> sorted(relation_words("placeOfBirth"))
    ['birth', 'births', 'born', 'place', 'places']

    A noun a question says as its verb is said too: "birth" as "born", "death" as "died" (English
    morphology, not synonyms: "spouse" never becomes "husband").
    """
    words = set()
    for w in _WORD.findall(_CAMEL.sub(" ", name).lower()):
        if w in _FUNCTION or w == "'s":
            continue
        words.add(w)
        words.update(_VERB_FORMS.get(w, ()))
        if w.endswith("ies") and len(w) > 4:
            words.add(w[:-3] + "y")
        elif w.endswith("s") and not w.endswith("ss") and len(w) > 3:
            words.add(w[:-1])
        else:
            words.add(w + "s")
    return frozenset(words)


#: The feature name of the hop-count prior (("len", k)).
PRIOR = ("len",)


def _offset(slot: int | None, hop: int) -> int | str:
    """Where a word's segment stands against hop `hop`: -2..2 (clamped), or "-" outside any."""
    return "-" if slot is None else max(-2, min(2, slot - hop))


def answer_keys(answer: str) -> set[str]:
    """Keys a gold answer may appear under in the lattice (plain, and canonical date)."""
    keys = {normalize(answer)}
    try:
        keys.add(normalize(parse_ordered(answer, "date").canonical))
    except Exception:  # noqa: BLE001 - not a date: the plain key stands
        pass
    return keys


#: A template n-gram is out of scope when the compares chosen for its training questions are
#: right at most this often (chance, for a two-way choice the lattice cannot make) ...
OOS_ACCURACY = 0.6
#: ... over at least this many questions.
OOS_SUPPORT = 15


class OfflinePlanner:
    name = "offline"

    def __init__(self, lattice: Lattice, *, max_hops: int = 3, epochs: int = 10, seed: int = 88,
                 runner=None, compare: bool = True):
        self.lattice = lattice
        self.graph = LatticeGraph(lattice)
        self.linker = EntityLinker(lattice)
        self.max_hops = max_hops
        self.epochs = epochs
        self.seed = seed
        #: feature ids and the weight of each (index = id), learned in fit
        self.space = FeatureSpace()
        self._w: list[float] = []
        self.threshold = 0.0
        self.thresholds: dict[str, float] = {}
        self._names: dict[str, set[str]] = {}
        #: word → relation association (Dice) learned from training answers, for alignment features
        self.lexicon: dict[str, dict[str, float]] = {}
        #: Runs candidate plans while fitting (compare results come from the engine, never from
        #: Python); without one, compare candidates are neither trained nor proposed.
        self.runner = runner
        self.compare = compare and runner is not None
        self.ordered = {k for k, d in lattice.dimensions.items() if d.kind in ("date", "number")}
        self._results: dict = {}
        #: n-grams whose questions the planner cannot answer (values nothing derives): learned in fit.
        self.out_of_scope: set[str] = set()

    def transferred(self, lattice: Lattice, runner=None) -> "OfflinePlanner":
        """This fitted planner over another lattice: the learned state (feature ids and weights,
        lexicon, thresholds, out-of-scope n-grams) shared, the linking and grounding the other
        lattice's. How a planner trained on one set answers another (`eval --train-questions`):
        nothing of the other set is read to fit it."""
        other = OfflinePlanner(lattice, max_hops=self.max_hops, epochs=self.epochs, seed=self.seed,
                               runner=runner, compare=self.compare)
        other.space, other.lexicon = self.space, self.lexicon
        # how many hops this set's questions have is a fact about the set, not the language: the
        # prior stays behind, and the length comes from the question (possessives, words)
        other._w = [0.0 if name[:1] == PRIOR else w for name, w in zip(self.space.names, self._w)]
        other.threshold, other.thresholds = self.threshold, dict(self.thresholds)
        other.out_of_scope = set(self.out_of_scope)
        return other

    # ---- question analysis ----
    def linked(self, question: str) -> list[Mention]:
        """The question's mentions of instances the lattice has facts about (anchors, arguments)."""
        return [m for m in self.linker.mentions(question) if self.graph.out.get(m.instances[0])]

    @staticmethod
    def _longest(mentions: list[Mention]) -> list[Mention]:
        best = max(len(m.surface) for m in mentions)
        return [m for m in mentions if len(m.surface) == best]

    def anchor(self, question: str, linked: list[Mention] | None = None) -> tuple[Mention | None, Reason | None]:
        """The single entity mention to start from, or an abstain reason (`linked`: the
        question's `linked` mentions, when the caller has them)."""
        mentions = self.linked(question) if linked is None else linked
        if not mentions:
            return None, Reason.UNKNOWN_ANCHOR
        # Prefer the longest mention; a tie between different entities is ambiguous.
        longest = self._longest(mentions)
        if len({m.instances for m in longest}) > 1 or len(longest[0].instances) > 1:
            return None, Reason.AMBIGUOUS_ANCHOR
        return longest[0], None

    #: The most readings of an ambiguous name that are planned (more: it stays ambiguous).
    MAX_READINGS = 8

    def readings(self, question: str, linked: list[Mention] | None = None, every: bool = False) -> list[Mention]:
        """An ambiguous anchor's readings, each an unambiguous Mention of one instance: the
        instances the longest mention(s) may denote (`every`: any mention), in key order. Planned
        from each, the plan that grounds from one reading beats none, and two readings grounding
        equally well still abstain (`plan`). Empty when there are more than MAX_READINGS."""
        mentions = self.linked(question) if linked is None else linked
        if not mentions:
            return []
        found = {(key, m.start, m.end, m.surface, m.how) for m in (mentions if every else self._longest(mentions))
                 for key in m.instances if self.graph.out.get(key)}
        if len({key for key, *_ in found}) > self.MAX_READINGS:
            return []
        return [Mention(start, end, surface, (key,), how) for key, start, end, surface, how in sorted(found)]

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

    @staticmethod
    def slots(ctx) -> list[int | None]:
        """Per context word, the hop its possessive segment composes, counted from the anchor, as
        the question's syntax orders them: the "'s" segments after the anchor first ("X 's r1 's
        r2"), then the "of" segments before it ("the r3 of the r2 of X"), so "the r2 of X 's r1"
        puts r1 first. None for a word outside any segment ("what is" before "X 's …")."""
        after = sum(1 for w, side, _, _ in ctx if side == "R" and w == "'s")
        out: list[int | None] = []
        for w, side, _, seg in ctx:
            if seg < 1:
                out.append(None)
            else:
                out.append(seg - 1 if side == "R" else after + seg - 1)
        return out

    def features(self, question: str, mention: Mention, chain: Chain) -> dict:
        ctx = self.context(question, mention)
        words = [w for w, _, _, _ in ctx]
        grams = set(words) | {f"{a} {b}" for a, b in zip(words, words[1:])}
        sided = {(w, side) for w, side, _, _ in ctx}
        slots = self.slots(ctx)
        k = len(chain.relations)
        f: dict = defaultdict(float)
        markers = sum(w == "'s" for w in words) + sum(w == "of" for w in words)
        # the same without k: how many hops the chain has beside the possessives said — a length
        # never trained on is still planned (a planner fitted on 2-hop questions answers 3-hop ones)
        f[("len-markers", max(-2, min(2, k - markers)))] += 1
        f[PRIOR + (k,)] += 1   # the training set's own prior on its hop counts (see `transferred`)
        wordset = set(words)
        # one word for a relation taken twice ("grandson": children, children), learned per word
        repeats = sum(a == b for a, b in zip(chain.relations, chain.relations[1:]))
        if repeats:
            for w in sorted(wordset):
                f[("repeat", w)] += repeats
        for i, r in enumerate(chain.relations):
            f[("rel", r)] += 1
            # L1 grounding: the dimension's own name said in the question (e.g. "ethnicity")
            named = self._name_words(r) & wordset
            if named:
                f[("named",)] += 1
                for (w, side, rank, _), slot in zip(ctx, slots):
                    if w in named:
                        f[("named-slot", _offset(slot, i))] += 1
            # hop order from syntax, without k: each word against this hop by where its segment
            # puts it relative to the hop (0: the very segment that composes hop i)
            for w, slot in sorted({(w, _offset(slot, i)) for w, slot in zip(words, slots)}, key=str):
                f[("slot", w, r, slot)] += 1
            for g in sorted(grams):  # sorted: a score is a float sum, so its order must not vary
                f[("g", g, r)] += 1
            for w, side in sorted(sided):
                f[("side", w, side, r)] += 1
        for g in sorted(grams):
            f[("chain-g", g)] += 1
        self._alignment(f, ctx, chain)
        if words:
            f[("first", words[0], chain.relations[-1])] += 1
        for i, back in enumerate(chain.detours):
            if back:
                f[("detour", chain.relations[i - 1], chain.relations[i])] += 1
        return f

    def _alignment(self, f: dict, ctx, chain: Chain) -> None:
        """Compositional features: each hop's relation aligned to the question word most associated
        with it (each word used once), scored by that association and by where the word stands
        (side of the anchor, possessive segment) relative to the hop — unlexicalised, so an unseen
        combination of known relation words is planned like a seen one."""
        if not self.lexicon:
            return
        k = len(chain.relations)
        slots = self.slots(ctx)
        used: set[int] = set()
        order = sorted(range(k), key=lambda i: -max((self.lexicon.get(w, {}).get(chain.relations[i], 0.0)
                                                     for w, _, _, _ in ctx), default=0.0))
        for i in order:
            r = chain.relations[i]
            best = max(((self.lexicon.get(w, {}).get(r, 0.0), -j) for j, (w, _, _, _) in enumerate(ctx)
                        if j not in used), default=(0.0, 0))
            if best[0] <= 0.0:
                f[("unaligned",)] += 1
                continue
            j = -best[1]
            used.add(j)
            w, side, _, seg = ctx[j]
            f[("align",)] += best[0]
            f[("align-slot", _offset(slots[j], i))] += 1
        # relation words the chain leaves unexplained
        for j, (w, _, _, _) in enumerate(ctx):
            if j not in used and max(self.lexicon.get(w, {}).values(), default=0.0) >= 0.5:
                f[("unexplained",)] += 1

    def learn_lexicon(self, groups, iterations: int = 8) -> None:
        """P(relation | word) by IBM-Model-1 EM: each question word is generated by one relation of
        a chain that reaches a gold answer, or by NULL (function words); EM explains a word by the
        relation that explains it best ("dad" by parents, not by the nationality it happens to
        co-occur with). Over (planner, examples) groups, each grounded in its own lattice; answers
        only."""
        pairs: list[tuple[list[str], dict[str, float]]] = []
        for planner, examples in groups:
            for ex in sorted(examples, key=lambda e: e.qid):   # EM's sums in one order, whatever the list's
                mention, _ = planner.anchor(ex.question)
                if mention is None or not ex.answers:
                    continue
                gold = set().union(*(answer_keys(a) for a in ex.answers))
                good = [c for c, reached in planner.candidates(mention) if reached & gold]
                if not good:
                    continue
                weight: dict[str, float] = defaultdict(float)
                for chain in good:
                    for r in sorted(set(chain.relations)):
                        weight[r] += 1.0 / len(good)
                pairs.append(([w for w, _, _, _ in planner.context(ex.question, mention)], dict(weight)))
        null = "\u2205"
        t: dict[tuple[str, str], float] = defaultdict(lambda: 1.0)   # t(word | relation), uniform start
        for _ in range(iterations):
            count: dict[tuple[str, str], float] = defaultdict(float)
            total: dict[str, float] = defaultdict(float)
            for words, weight in pairs:
                sources = {**weight, null: 1.0}
                for w in words:
                    z = math.fsum(t[(w, r)] * x for r, x in sources.items())
                    for r, x in sources.items():
                        share = t[(w, r)] * x / z
                        count[(w, r)] += share
                        total[r] += share
            t = defaultdict(float, {(w, r): c / total[r] for (w, r), c in count.items()})
        everything = math.fsum(total.values())
        prior = {r: n / everything for r, n in total.items()}
        lexicon: dict[str, dict[str, float]] = defaultdict(dict)
        by_word: dict[str, list[tuple[str, float]]] = defaultdict(list)
        for (w, r), p in t.items():
            by_word[w].append((r, p * prior[r]))
        for w, scored in by_word.items():
            z = math.fsum(p for _, p in scored)
            for r, p in scored:
                if r != null and p > 0:
                    lexicon[w][r] = p / z
        self.lexicon = dict(lexicon)

    def _name_words(self, dim: str) -> set[str]:
        if dim not in self._names:
            self._names[dim] = set(relation_words(self.graph.labels.get(dim, dim)))
        return self._names[dim]

    def candidates(self, mention: Mention) -> list[tuple[Chain, frozenset]]:
        anchor, partial = mention.instances[0], mention.how == PARTIAL
        return [(Chain(anchor, path, back, partial), reached)
                for path, reached, back in self.graph.paths(anchor, self.max_hops)]

    def analyse(self, question: str) -> tuple[list[Candidate], Reason | None]:
        """Every grounded candidate of a question (`Candidate`): relation chains from the anchor — from every linked name when the question names two or
        more that are no choice between them, a `shorter-mention` feature on the chains of any but
        the longest (reached: the keys the chain ends on) — and, when the
        question names two linked entities, compares of the two (reached: None, the engine
        answers). When there is none: the reason.

        A choice ("Which film came out first, A or B?": two names joined by "or",
        `compare.is_choice`) is answered by one of the two, which only a compare decides: it gets
        no chains (a chain from A that returns A — director, then inverse director — picks one of
        the two at random when a compare does not ground, as when B's director has no birth
        date; it is then abstained on, never guessed)."""
        out: list[Candidate] = []
        linked = self.linked(question)
        mention, reason = self.anchor(question, linked)
        others = len({m.instances for m in linked}) >= 2
        choice = any(is_choice(question, a, b) for a, b in zip(linked, linked[1:]))
        if others and not choice:
            # two names, neither a choice between them: either may be the anchor ("the religion
            # of sarah 's couple" where a band is called "religion"); each is planned, the
            # longest preferred by a feature, not by fiat
            starts = self.readings(question, linked, every=True)
            longest = {(m.start, m.end) for m in self._longest(linked)}
        else:
            starts, longest = [], None
        if not starts:   # one name, or more readings than MAX_READINGS: the longest name's, as before
            starts = [mention] if mention is not None else self.readings(question, linked) if reason else []
            longest = None
        for one in ([] if choice else starts):
            for chain, reached in self.candidates(one):
                feats = self.features(question, one, chain)
                if longest is not None and (one.start, one.end) not in longest:
                    feats[("shorter-mention",)] += 1
                if others and chain.anchor in reached:
                    # a round trip (director, then inverse director) back to its own anchor, in a
                    # question that names another entity too: "which of A or B" is answered by a
                    # compare, and a chain that returns A says nothing of B — never a right answer
                    # to learn from, and a feature to learn against
                    feats[("returns-anchor",)] += 1
                    reached = reached - {chain.anchor}
                out.append(Candidate("chain", chain, self.space.sparse(feats), reached))
        if mention is None and out:
            reason = None   # an ambiguous name, every reading kept: the grounded plans choose (see plan)
        if self.compare:
            if len(linked) >= 2:
                pairs = ([(linked[i], linked[j]) for i in range(len(linked)) for j in range(i + 1, len(linked))]
                         if len(linked) <= 4 else list(zip(linked, linked[1:])))
                for a, b in pairs:
                    if len(a.instances) > 1 or len(b.instances) > 1:
                        reason = reason or Reason.AMBIGUOUS_ANCHOR
                        continue
                    for cand in compare_candidates(self.graph, a, b, self.ordered, is_choice(question, a, b)):
                        out.append(Candidate("cmp", cand, self.space.sparse(
                            compare_features(question, a, b, cand, self._name_words)), None))
        if not out:
            return [], reason or Reason.UNGROUNDED
        return out, reason   # a reason beside candidates: a second name was ambiguous

    def _names_measure(self, cand, said: set[str]) -> bool:
        """Does the question say the dimension (or the subtracted one) a compare orders by?"""
        return any(self._name_words(d) & said for d in (cand.dimension, cand.minus) if d)

    def _plan_of(self, cand: Candidate) -> Plan:
        return self.to_plan(cand.grounding) if cand.kind == "chain" else compare_plan(self.graph, cand.grounding)

    def _run(self, plans: list[Plan]) -> None:
        """Run the plans not yet run, in one batch, and keep their results."""
        todo = [p for p in dict.fromkeys(plans) if p not in self._results]
        if not todo:
            return
        results, bad = self.runner.run_many(todo, proofs=False)
        self._results.update(results)
        self._results.update({p: None for p in bad})

    def _right(self, cand: Candidate, gold_keys: set[str], gold_norm: set[str]) -> bool:
        if cand.kind == "chain":
            return bool(cand.reached & gold_keys)
        result = self._results.get(self._plan_of(cand))
        if result is None or result.status == "abstain":
            return False
        if result.status == "verdict":
            said = {"yes" if result.verdict else "no"} if result.verdict is not None else set()
        else:
            said = {normalize_answer(a) for a in result.answers}
        return bool(said) and len(said) == 1 and said <= gold_norm

    def score(self, f: tuple[array, array]) -> float:
        """A candidate's score: its features (ids, values, as `analyse` gives them) by the weights.

        fsum: exactly rounded whatever the order, so a set's iteration order (the hash seed) never
        reaches a score's last digits — and a margin compared with a threshold. A feature never
        trained weighs 0.0 and still contributes its product (0.0 or -0.0), as it always has."""
        w = self._w
        n = len(w)
        return math.fsum((w[i] if i < n else 0.0) * v for i, v in zip(*f))

    @property
    def weights(self) -> dict:
        """The learned weights by feature name (for inspection; scoring reads them by id)."""
        return {name: self._w[i] for i, name in enumerate(self.space.names) if i < len(self._w)}

    # ---- training ----
    def fit(self, train, dev=(), extra=()) -> None:
        """Averaged perceptron on train; the abstention threshold is set on dev.

        `extra` adds training questions grounded in other lattices, as (lattice, examples) pairs
        (PathQuestion's 2-hop and 3-hop questions share their phrasing but not their KB)."""
        siblings = [(OfflinePlanner(lattice, max_hops=self.max_hops), examples) for lattice, examples in extra]
        self.learn_lexicon([(self, train), *siblings])
        data = self._training_data(train)
        for sibling, examples in siblings:
            sibling.lexicon = self.lexicon
            sibling.space = self.space    # one id per feature name across the lattices
            data += sibling._training_data(examples)
        rng = random.Random(self.seed)
        size = len(self.space.names)
        w = self._w = [0.0] * size
        totals = [0.0] * size
        stamp = [0] * size
        step = 0
        for _ in range(self.epochs):
            rng.shuffle(data)
            for feats, good, soft in data:
                step += 1
                scores = [self.score(f) for f in feats]
                best = max(range(len(feats)), key=lambda i: (scores[i], -i))
                if best in good:
                    continue
                # Hard EM: toward the best-scoring right plan. Soft, for compares: toward every
                # right plan equally (see _training_data).
                targets = sorted(good) if soft else [max(good, key=lambda i: (scores[i], -i))]
                for target in targets:
                    for i, value in zip(*feats[target]):
                        self._update(i, value / len(targets), step, totals, stamp)
                for i, value in zip(*feats[best]):
                    self._update(i, -value, step, totals, stamp)
        for i in range(size):  # averaging
            totals[i] += w[i] * (step - stamp[i])
            w[i] = totals[i] / max(step, 1)
        self.thresholds = self._tune(dev) if dev else {}
        self.threshold = self.thresholds.get("chain", 0.0)
        self.out_of_scope = self._learn_out_of_scope(train) if self.compare else set()

    def _grams(self, question: str) -> set[str]:
        """The question's words and word pairs outside its linked mentions (its template)."""
        words = outside_words(question, self.linker.mentions(question))
        return {w for w in words if w != "ENT"} | {f"{a} {b}" for a, b in zip(words, words[1:])}

    def _learn_out_of_scope(self, train) -> set[str]:
        """Template n-grams of questions the lattice has no plan for (a value no stored dimension
        orders and no rule derives, so the compares chosen for them are right at chance; "who
        lived longer" was one until argmax(date_of_death - date_of_birth) answered it): after
        fitting, the n-grams whose training questions, planned as compares, are answered right at
        most OOS_ACCURACY of the time, over at least OOS_SUPPORT questions. Answers only: the
        chosen plans' results against the gold answers."""
        tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for ex, cands in self._analysed(train):
            best, _, _ = self._rank(cands)
            if best.kind != "cmp":
                continue
            keys, norm = self._gold(ex)
            ok = self._right(best, keys, norm)
            for g in self._grams(ex.question):
                tally[g][0] += ok
                tally[g][1] += 1
        return {g for g, (ok, n) in tally.items() if n >= OOS_SUPPORT and ok <= OOS_ACCURACY * n}

    def _analysed(self, examples) -> list[tuple[object, list[Candidate]]]:
        """(example, candidates) of the examples that have candidates; compare plans run in one batch."""
        rows = []
        for ex in sorted(examples, key=lambda e: e.qid):
            cands, _ = self.analyse(ex.question)
            if cands:
                rows.append((ex, cands))
        if self.runner is not None:
            self._run([self._plan_of(c) for _, cands in rows for c in cands if c.kind == "cmp"])
        return rows

    @staticmethod
    def _gold(ex) -> tuple[set[str], set[str]]:
        keys = set().union(*(answer_keys(a) for a in ex.answers)) if ex.answers else set()
        return keys, {normalize_answer(a) for a in ex.answers}

    def _training_data(self, examples) -> list:
        """(candidate features, indices of the candidates whose result is a gold answer, soft) per
        question; of the right extrema, those over a dimension the question names when there are
        any ("born first": two people born in that order have mostly died in it too, and a plan
        right by that chance would leak when the birth date is gone). `soft` when every right candidate is a compare: of two things, one of argmax and
        argmin over any dimension both have is right by chance, so the best-scoring right plan
        (hard EM's target) is often a chance one and the plan right on every question of its kind
        (argmax(date_of_death - date_of_birth) for "who lived longer") would never become a target;
        updating toward every right plan lets only the consistently right one accumulate."""
        data = []
        for ex, cands in self._analysed(examples):
            keys, norm = self._gold(ex)
            good = [i for i, cand in enumerate(cands) if self._right(cand, keys, norm)]
            extrema = [i for i in good if cands[i].kind == "cmp" and cands[i].grounding.op in ("argmax", "argmin")]
            said = set(outside_words(ex.question, self.linker.mentions(ex.question))) if extrema else set()
            named = [i for i in extrema if self._names_measure(cands[i].grounding, said)]
            if named:   # "born first": the date of birth is the target, not a death date right by chance
                good = named
            if not good or len(good) == len(cands):
                continue
            soft = all(cands[i].kind == "cmp" for i in good)
            data.append(([c.features for c in cands], set(good), soft))
        return data

    def _update(self, i, delta, step, totals, stamp) -> None:
        w = self._w
        totals[i] += w[i] * (step - stamp[i])
        stamp[i] = step
        w[i] += delta

    @staticmethod
    def _gauge(cand: Candidate) -> str:
        """Which threshold a best plan answers to: its kind (chain, cmp), a chain from a partial
        mention apart (a part of a name, or a name that only resembles the lattice's: "partial", a
        guess at who is meant until dev says how often it is right)."""
        return "partial" if cand.kind == "chain" and cand.grounding.partial else cand.kind

    def _threshold(self, cand: Candidate) -> float:
        return self.thresholds.get(self._gauge(cand), self.thresholds.get(cand.kind, self.threshold))

    def _tune(self, dev) -> dict[str, float]:
        """Per gauge of plan (chain, partial, compare: `_gauge`), the margin threshold maximising
        (right − wrong) on dev; abstaining scores zero."""
        scored: dict[str, list] = defaultdict(list)
        rows = self._analysed(dev)
        for ex, cands in rows:
            best, margin, _ = self._rank(cands)
            keys, norm = self._gold(ex)
            scored[self._gauge(best)].append((margin, self._right(best, keys, norm)))
        thresholds = {}
        for kind, items in scored.items():
            best_t, best_value = 0.0, None
            for t in sorted({0.0, *(m for m, _ in items)}):
                value = sum(1 if ok else -1 for m, ok in items if m >= t)
                if best_value is None or value > best_value:
                    best_t, best_value = t, value
            thresholds[kind] = best_t
        return thresholds

    # ---- planning ----
    def _rank(self, cands: list[Candidate]) -> tuple[Candidate, float, Candidate | None]:
        """The best candidate, its margin over the runner-up, and the runner-up (None when there
        is none; ties: the plan's text)."""
        scored = sorted(((self.score(c.features), self._key(c), i) for i, c in enumerate(cands)),
                        key=lambda t: (-t[0], t[1]))
        best_score, _, best = scored[0]
        if len(scored) < 2:
            return cands[best], float("inf"), None
        second_score, _, second = scored[1]
        return cands[best], best_score - second_score, cands[second]

    def _key(self, cand: Candidate) -> str:
        return ("0:" + self._text(cand.grounding)) if cand.kind == "chain" else ("1:" + cand.grounding.text)

    #: `plan` takes `admit` (planner/answer_type.py `AnswerTypeChecked` hands it its check)
    admits_plans = True

    def plan(self, question: str, qid: str = "", admit: Callable[[str, str], str | None] | None = None):
        """The best plan for `question`, or an abstention. `admit`: (question, plan text) → why the
        plan does not answer the question, or None — candidates it refuses are dropped *before*
        ranking, so the best plan that answers what is asked competes with its own kind only."""
        from latweave.planner.base import PlanOutput

        cands, reason = self.analyse(question)
        if cands and admit is not None:
            cands = self._admitted(question, cands, admit)
            reason = reason or (None if cands else Reason.OUT_OF_SCOPE)
        if not cands:
            return PlanOutput(None, reason, 0.0, {})
        best, margin, second = self._rank(cands)
        kind, cand = best.kind, best.grounding
        if kind == "chain" and (margin < self._threshold(best) or margin == 0.0) \
                and second is not None and second.kind == "chain" and second.grounding.anchor != cand.anchor:
            # two readings of one name ground plans that score alike: never a guess between them
            return PlanOutput(None, Reason.AMBIGUOUS_ANCHOR, margin, {"kind": kind, "margin": margin})
        if kind == "chain" and reason == Reason.AMBIGUOUS_ANCHOR:
            # two names, one of them ambiguous: what was asked of it cannot be planned — abstain
            return PlanOutput(None, reason, margin, {"kind": kind})
        if kind == "chain":
            trace = {"kind": kind, "anchor": self.lattice.instances[cand.anchor].label,
                     "relations": list(cand.relations), "margin": margin}
        else:
            trace = {"kind": kind, "op": cand.op, "dimension": cand.dimension, "via": list(cand.via),
                     "args": list(cand.names), "margin": margin}
            if cand.minus is not None:
                trace["minus"] = cand.minus
        if kind == "cmp":
            hit = sorted(self.out_of_scope & self._grams(question))
            if hit:
                trace["out_of_scope"] = hit
                return PlanOutput(None, Reason.OUT_OF_SCOPE, margin, trace)
        if margin < self._threshold(best):
            return PlanOutput(None, Reason.LOW_SCORE, margin, trace)
        return PlanOutput(self._plan_of(best), None, margin, trace)

    def _admitted(self, question: str, cands: list[Candidate],
                  admit: Callable[[str, str], str | None]) -> list[Candidate]:
        """The candidates whose plans `admit` does not refuse, in their order — of the best
        candidate's shape only (a chain from the same anchor with as many hops, a compare of the
        same two, by as many hops): a plan that fits is a stand-in for the best one with another relation in a
        slot ("X's husband's birth date" after spouse → date of death), never a plan about
        something else the question happens to fit (a lone survivor would face no runner-up, and
        no threshold would hold it back)."""
        from latweave.plan.printer import to_text

        best, _, _ = self._rank(cands)
        shape = self._shape(best)
        return [c for c in cands if self._shape(c) == shape
                and admit(question, to_text(self._plan_of(c))) is None]

    @staticmethod
    def _shape(cand: Candidate) -> tuple:
        g = cand.grounding
        if isinstance(g, Chain):
            return "chain", g.anchor, len(g.relations)
        return "cmp", g.args, len(g.via)

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
