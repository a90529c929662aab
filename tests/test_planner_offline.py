"""The offline planner: grounded, compositional, learned from training answers, abstaining when unsure.

A generated family KB and templated questions: training sees some relation combinations, the test
asks combinations it never saw, phrased with the same relation words — compositional, not template
matching.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from latweave.ingest.kb import lattice_from_triples, read_pathquestion_kb
from latweave.planner.linking import EntityLinker
from latweave.planner.offline import OfflinePlanner

WORDS = {"spouse": ["wife", "couple"], "parents": ["dad", "mom"], "nationality": ["nationality", "nation"],
         "gender": ["gender", "sex"], "profession": ["job", "profession"]}


@dataclass(frozen=True)
class Ex:
    qid: str
    question: str
    answers: tuple


def kb_file(folder, triples):
    """Triples as a PathQuestion-format KB file (the lattice's evidence is its lines)."""
    path = folder / "kb.txt"
    path.write_text("".join(f"{s}\t{r}\t{o}\n" for s, r, o in triples), encoding="utf-8")
    return list(read_pathquestion_kb(path))


def family(folder, seed=0, people=80):
    rng = random.Random(seed)
    names = [f"person_{i}_of_house" for i in range(people)]
    triples = []
    for i, name in enumerate(names):
        other = names[(i + 1) % people] if i % 2 == 0 else names[i - 1]
        triples += [(name, "spouse", other), (name, "parents", names[(i * 7 + 3) % people]),
                    (name, "nationality", rng.choice(["france", "spain", "italy", "japan"])),
                    (name, "gender", "female" if i % 2 else "male"),
                    (name, "profession", rng.choice(["painter", "monarch", "poet"]))]
    return names, kb_file(folder, triples)


def answer(triples, anchor, path):
    keys = {anchor}
    for rel in path:
        keys = {t.object for t in triples if t.subject in keys and t.relation == rel}
    return tuple(sorted(keys))


def questions(names, triples, combos, rng, prefix):
    out = []
    for n, name in enumerate(names):
        first, second = combos[n % len(combos)]
        w1, w2 = rng.choice(WORDS[first]), rng.choice(WORDS[second])
        text = rng.choice([f"what is the {w2} of {name} 's {w1} ?", f"{name} 's {w1} 's {w2} ?"])
        out.append(Ex(f"{prefix}{n}", text, answer(triples, name, (first, second))))
    return out


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    names, triples = family(tmp_path_factory.mktemp("family"))
    lattice = lattice_from_triples(triples, "family")
    rng = random.Random(1)
    seen = [("spouse", "nationality"), ("parents", "gender"), ("spouse", "profession"), ("parents", "nationality")]
    unseen = [("spouse", "gender"), ("parents", "profession")]
    train = questions(names[:60], triples, seen, rng, "train")
    dev = questions(names[60:70], triples, seen, rng, "dev")
    test = questions(names[70:], triples, unseen, rng, "test")
    planner = OfflinePlanner(lattice, max_hops=2)
    planner.fit(train, dev)
    return planner, triples, test


def test_unseen_relation_combinations_are_planned(trained):
    """Every test question asks a relation pair training never saw together; each is answered."""
    planner, triples, test = trained
    for ex in test:
        out = planner.plan(ex.question, ex.qid)
        assert out.plan is not None, (ex.question, out.reason)
        keys = {planner.lattice.instances[out.plan.final.constraints[0].value.text.lower()].key} \
            if not out.plan.lets else None
        reached = _follow(planner, ex.question, out.trace["relations"]) if keys is None else keys
        assert reached == {a.replace("_", " ") for a in ex.answers}, (ex.question, out.trace)


def _follow(planner, question, relations):
    mention, _ = planner.anchor(question)
    keys = {mention.instances[0]}
    for rel in relations:
        keys = planner.graph.follow(keys, rel)
    return keys


def test_unknown_entity_abstains(trained):
    planner, _, _ = trained
    out = planner.plan("what is the nation of nobody_we_know 's wife ?", "q")
    assert out.plan is None and out.reason == "unknown_anchor"


def test_plans_are_grounded_chains_through_the_subject_anchor(trained):
    from latweave.plan.printer import to_text

    planner, _, _ = trained
    out = planner.plan("person_3_of_house 's dad 's job ?", "q")
    assert to_text(out.plan) == ('let h1 = meet(subject = person_3_of_house) -> parents\n'
                                 'meet(subject = $h1) -> profession')


def test_linker_strips_disambiguators_and_refuses_to_guess(tmp_path):
    triples = kb_file(tmp_path, [("Seven Sinners (1936 film)", "director", "Albert de Courville"),
                                 ("Paris (band)", "genre", "rock"), ("Paris (city)", "country", "France")])
    linker = EntityLinker(lattice_from_triples(triples, "x"))
    (m,) = linker.mentions("Who directed Seven Sinners (1936 Film)?")
    assert m.instances == ("seven sinners (1936 film)",)
    (m,) = [m for m in linker.mentions("Where is Paris?") if m.surface == "Paris"]
    assert len(m.instances) == 2  # ambiguous: the planner abstains on it


_SCORES = """
import json, random, sys
from pathlib import Path
sys.path.insert(0, {root!r})
from tests.test_planner_offline import family, questions
from latweave.ingest.kb import lattice_from_triples
from latweave.planner.offline import OfflinePlanner
names, triples = family(Path({folder!r}))
rng = random.Random(1)
seen = [("spouse", "nationality"), ("parents", "gender"), ("spouse", "profession")]
planner = OfflinePlanner(lattice_from_triples(triples, "family"), max_hops=2)
planner.fit(questions(names[:40], triples, seen, rng, "t"), questions(names[40:50], triples, seen, rng, "d"))
outs = [planner.plan(ex.question, ex.qid) for ex in questions(names[50:], triples, seen, rng, "x")]
print(json.dumps([[o.score, o.reason] for o in outs]))
"""


@pytest.mark.slow
@pytest.mark.parametrize("seeds", [("1", "2")])
def test_scores_do_not_depend_on_the_hash_seed(tmp_path, seeds):
    """A score is a float sum over features: summed in an order a set's iteration chose, it
    differed in the last digits between processes (PYTHONHASHSEED), and a margin could flip."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[1])
    code = _SCORES.format(root=root, folder=str(tmp_path))
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in seeds]
    assert runs[0] == runs[1]
    margins = [score for score, _ in json.loads(runs[0])]
    assert len(margins) == 30 and len(set(margins)) > 3  # real, varied margins were compared


def test_scores_read_by_id_equal_scores_read_by_name(trained):
    """Training keeps features as id/value arrays (FeatureSpace); a candidate's score is the same
    sum as over its features by name, a feature never trained weighing 0.0."""
    import math

    planner, _, test = trained
    weights = planner.weights
    assert weights and any(w != 0.0 for w in weights.values())
    checked = 0
    for ex in test[:10]:
        mention, _ = planner.anchor(ex.question)
        for chain, _ in planner.candidates(mention):
            named = planner.features(ex.question, mention, chain)
            by_name = math.fsum(weights.get(name, 0.0) * value for name, value in named.items())
            ids, values = planner.space.sparse(named)
            assert [planner.space.names[i] for i in ids] == list(named) and list(values) == list(named.values())
            assert planner.score((ids, values)) == by_name
            checked += 1
    assert checked > 0


def test_slots_order_hops_as_the_syntax_composes_them():
    """"the job of X 's son 's mom": the possessives after the anchor compose first, then the "of"s."""
    question = "what is the job of x_of_y 's son 's mom ?"
    start = question.index("x_of_y")
    from latweave.planner.linking import Mention

    mention = Mention(start, start + len("x_of_y"), "x_of_y", ("x of y",))
    ctx = OfflinePlanner.context(question, mention)
    slot = dict(zip((w for w, _, _, _ in ctx), OfflinePlanner.slots(ctx)))
    assert (slot["son"], slot["mom"], slot["job"]) == (0, 1, 2)
    assert slot["what"] == slot["job"]          # beyond the last "of": still its segment
    alone = OfflinePlanner.context("who is x_of_y 's son ?", Mention(7, 13, "x_of_y", ("x of y",)))
    assert OfflinePlanner.slots(alone) == [None, None, 0, 0]   # "is", "who": in no segment


def _chains(names, triples, paths, rng, prefix, phrasing):
    out = []
    for n, name in enumerate(names):
        path = paths[n % len(paths)]
        words = [rng.choice(WORDS[r]) for r in path]
        out.append(Ex(f"{prefix}{n}", phrasing(name, words, rng), answer(triples, name, path)))
    return out


def _possessive(name, words, rng):
    if len(words) == 2:
        return rng.choice([f"what is the {words[1]} of {name} 's {words[0]} ?", f"{name} 's {words[0]} 's {words[1]} ?"])
    return rng.choice([f"what is the {words[2]} of {name} 's {words[0]} 's {words[1]} ?",
                       f"{name} 's {words[0]} 's {words[1]} 's {words[2]} ?"])


def _clan(folder, prefix, seed, people=160):
    """A family KB with many nationalities and professions, so that a chain through a broad
    relation (everyone of one gender) rarely reaches a training answer by chance."""
    rng = random.Random(seed)
    names = [f"{prefix}_{i}_of_clan" for i in range(people)]
    triples = []
    for i, name in enumerate(names):
        triples += [(name, "spouse", names[i + 1] if i % 2 == 0 else names[i - 1]),
                    (name, "parents", names[(i * 7 + 3) % people]),
                    (name, "nationality", f"nation_{rng.randrange(40)}"),
                    (name, "profession", f"craft_{rng.randrange(40)}")]
    folder.mkdir()
    return names, kb_file(folder, triples)


@pytest.mark.slow
def test_fitted_on_two_hops_it_answers_three_on_another_kb(tmp_path):
    """Transfer: fitted on 2-hop questions of one KB only, moved onto another KB (other people),
    it answers 3-hop questions — the hop order read from the question's possessives, the length
    from them too (the training set's prior on hop counts stays behind)."""
    names_a, triples_a = _clan(tmp_path / "a", "person", 0)
    rng = random.Random(3)
    pairs = [("spouse", "nationality"), ("spouse", "profession"), ("parents", "nationality"),
             ("spouse", "parents"), ("parents", "spouse"), ("parents", "profession")]
    train = _chains(names_a[:128], triples_a, pairs, rng, "train", _possessive)
    dev = _chains(names_a[128:], triples_a, pairs, rng, "dev", _possessive)
    planner = OfflinePlanner(lattice_from_triples(triples_a, "a"), max_hops=3)
    planner.fit(train, dev)

    names_b, triples_b = _clan(tmp_path / "b", "member", 1, people=60)
    moved = planner.transferred(lattice_from_triples(triples_b, "b"))
    paths = [("spouse", "parents", "nationality"), ("parents", "spouse", "profession"),
             ("parents", "parents", "nationality"), ("spouse", "parents", "profession")]
    test = _chains(names_b, triples_b, paths, random.Random(4), "test", _possessive)
    wrong = []
    for ex in test:
        out = moved.plan(ex.question, ex.qid)
        if out.plan is None or _follow(moved, ex.question, out.trace["relations"]) != \
                {a.replace("_", " ") for a in ex.answers}:
            wrong.append((ex.question, out.trace.get("relations"), out.reason))
    # 55 of 60 here; with the features indexed by hop count (before transfer was measured) 13 of 60
    assert len(wrong) <= len(test) // 10, f"{len(wrong)} of {len(test)} 3-hop questions missed: {wrong[:3]}"
    # the prior is the source's alone: the moved planner has none, the fitted one keeps its own
    prior = [i for i, name in enumerate(planner.space.names) if name[0] == "len"]
    assert prior and any(planner._w[i] for i in prior) and not any(moved._w[i] for i in prior)


def _with_annas(folder, extra):
    names, triples = family(folder)
    rows = [(t.subject, t.relation, t.object) for t in triples] + extra
    return names, kb_file(folder, rows)


@pytest.mark.parametrize("both_married", [False, True])
def test_an_ambiguous_name_is_planned_from_each_reading(tmp_path, both_married):
    """"Anna" names two instances (Anna (painter), Anna (poet)). Both readings are planned: the one
    whose plan grounds answers; when both ground alike, the planner abstains, never guesses."""
    extra = [("anna_(painter)", "spouse", "person_1_of_house"), ("anna_(poet)", "profession", "poet")]
    if both_married:
        extra.append(("anna_(poet)", "spouse", "person_3_of_house"))
    names, triples = _with_annas(tmp_path, extra)
    rng = random.Random(1)
    seen = [("spouse", "nationality"), ("parents", "gender"), ("spouse", "profession"), ("parents", "nationality")]
    planner = OfflinePlanner(lattice_from_triples(triples, "family"), max_hops=2)
    planner.fit(questions(names[:60], triples, seen, rng, "train"), questions(names[60:70], triples, seen, rng, "dev"))
    question = "what is the nation of Anna 's wife ?"
    mention, reason = planner.anchor(question)
    assert mention is None and reason == "ambiguous_anchor"          # the name alone does not decide
    assert [m.instances for m in planner.readings(question)] == [("anna (painter)",), ("anna (poet)",)]
    out = planner.plan(question, "q")
    if both_married:
        assert out.plan is None and out.reason == "ambiguous_anchor", out.trace
    else:
        assert out.plan is not None and out.trace["anchor"] == "anna_(painter)", (out.reason, out.trace)
        assert out.trace["relations"] == ["spouse", "nationality"]


def test_a_joined_name_links_through_its_folded_spelling(tmp_path):
    """A PathQuestion-format name joined by underscores links whatever its punctuation and case;
    a plain lower-case word still links to nothing by the fuzzy steps."""
    triples = kb_file(tmp_path, [("frederica_of_mecklenburg-strelitz", "spouse", "ernest_augustus_i_of_hanover"),
                                 ("later_(song)", "genre", "pop")])
    linker = EntityLinker(lattice_from_triples(triples, "k"))
    found = linker.mentions("who is frederica_of_mecklenburg_strelitz 's couple ?")
    assert [(m.surface, m.instances, m.how) for m in found] == \
        [("frederica_of_mecklenburg_strelitz", ("frederica of mecklenburg-strelitz",), "fuzzy")]
    assert linker.mentions("who is Frederica_Of_Mecklenburg-Strelitz 's couple ?")[0].how == "exact"
    assert linker.mentions("what came later ?") == []
    assert linker.mentions("who is frederica_of_mecklenburg 's couple ?") == []   # a part of a name: nobody


def test_relation_words_split_namespaces_and_camel_case():
    from latweave.planner.offline import relation_words

    assert {"artist", "recording"} <= relation_words("__music__recording__artist")
    assert {"place", "birth"} <= relation_words("placeOfBirth") and "of" not in relation_words("placeOfBirth")
    assert "parent" in relation_words("parents") and "country" in relation_words("countries")


def test_a_round_trip_to_its_own_anchor_is_no_answer_when_another_entity_is_named(trained):
    """spouse, then spouse again, returns to the anchor. Asked of one person ("X 's couple 's
    spouse"), that is the answer; in a question that names a second entity too, it is not: the
    chain's reached set loses its anchor (so training never counts it right) and it carries the
    `returns-anchor` feature."""
    planner, _, _ = trained
    names = ["person_3_of_house", "person_5_of_house"]

    def round_trip(question):
        cands, _ = planner.analyse(question)
        for cand in cands:
            chain = cand.grounding
            if cand.kind == "chain" and chain.relations == ("spouse", "spouse") and chain.anchor == "person 3 of house":
                named = {planner.space.names[i] for i in cand.features[0]}
                return cand.reached, ("returns-anchor",) in named
        raise AssertionError(f"no spouse/spouse chain for {question!r}")

    alone, flagged = round_trip(f"who is the wife of {names[0]} 's wife ?")
    assert "person 3 of house" in alone and not flagged
    both, flagged = round_trip(f"who is the wife of {names[0]} 's wife , or {names[1]} ?")
    assert "person 3 of house" not in both and flagged


def test_a_name_that_is_also_a_relation_word_does_not_take_the_anchor(tmp_path):
    """A band called "Nationality" is linked in "what is the nationality of kim7 's wife ?", and
    its name is the longer one; every linked name is planned from, and the one whose chain the
    question's words explain answers — not the longest by fiat."""
    rng = random.Random(0)
    names = [f"kim{i}" for i in range(80)]
    rows = []
    for i, name in enumerate(names):
        other = names[(i + 1) % 80] if i % 2 == 0 else names[i - 1]
        rows += [(name, "spouse", other), (name, "parents", names[(i * 7 + 3) % 80]),
                 (name, "nationality", rng.choice(["france", "spain", "italy", "japan"])),
                 (name, "gender", "female" if i % 2 else "male"),
                 (name, "profession", rng.choice(["painter", "monarch", "poet"]))]
    rows += [("nationality", "profession", "musician"), ("nationality", "spouse", "kim0")]
    triples = kb_file(tmp_path, rows)
    planner = OfflinePlanner(lattice_from_triples(triples, "family"), max_hops=2)
    seen = [("spouse", "nationality"), ("parents", "gender"), ("spouse", "profession"), ("parents", "nationality")]
    train = questions(names[:60], triples, seen, random.Random(1), "train")
    planner.fit(train, questions(names[60:70], triples, seen, random.Random(2), "dev"))
    assert any("nationality of" in ex.question for ex in train)
    question = "what is the nationality of kim75 's wife ?"
    linked = planner.linked(question)
    assert sorted(m.surface for m in linked) == ["kim75", "nationality"]
    assert planner.anchor(question)[0].surface == "nationality"       # the longest name…
    out = planner.plan(question, "q")
    assert out.plan is not None, (out.reason, out.trace)
    # spouse is stated both ways here, so its inverse is the same relation
    assert out.trace["anchor"] == "kim75", out.trace
    assert out.trace["relations"] in (["spouse", "nationality"], ["inverse spouse", "nationality"]), out.trace
