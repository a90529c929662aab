"""A template's questions answered along its prepared path (latweave/prepared.py,
`Runner.run_text`), with their proofs and without: the same Result as the general path, as JSON,
on every kind of text the recipes' tests ask — names the lattice has and lacks, one name twice, a
name that is a dimension's, escapes, the empty name, type errors, templates no recipe serves — and
on abstentions and contested answers; the path does serve (the plans it declines are those the
general path must run or decode); the engine's prepared run refuses values that would make another
plan shape, completes a partial run until it is sealed, and stops at the session's timeout."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import latweave
from latweave.engines import timeout as timeouts
from latweave.engines.base import Hole
from latweave.errors import EngineTimeout, LatweaveError
from latweave.execute import Runner
from latweave.paths import RULES
from latweave.plan.parser import _string, template_key
from latweave.plan.read import read_plan_keyed
from latweave.prepared import PreparedTemplate
from latweave.proof.extract import ANSWER_READS
from tests.support.corpora import built_lattice
from tests.test_recipe import ASKED, _outcome

DISPUTES = RULES.parent / "corpora" / "disputes"
HABITAT = 'meet(species = "{}") -> habitat'
CHAIN = 'let a = meet(species <= "{}") -> habitat\nmeet(habitat = $a) -> diet'


@pytest.fixture(scope="module")
def disputes(tmp_path_factory):
    return built_lattice(tmp_path_factory, DISPUTES, "disputes")


def _served(session) -> list[str]:
    """The texts `session`'s runner answers along a prepared path from now on (appended as asked)."""
    served: list[str] = []
    runner = session._runner
    real = runner.run_text

    def run_text(text, proofs=True, lattice=None, page=None):
        got = real(text, proofs, lattice, page)
        if got is not None:
            served.append(text)
        return got
    runner.run_text = run_text
    return served


def _general(lattice, texts, proofs=False) -> dict:
    with latweave.open(lattice) as session:
        session._runner.prepared = False
        return {text: _outcome(session, text, proofs) for text in texts}


@pytest.mark.parametrize("proofs", [False, True])
def test_the_prepared_path_answers_as_the_general_path(zoo_lattice, proofs):
    expected = _general(zoo_lattice, ASKED, proofs)
    with latweave.open(zoo_lattice) as session:
        served = _served(session)
        for text in ASKED + ASKED[::-1]:
            assert _outcome(session, text, proofs) == expected[text], text
    # the first text of a template makes its recipe the general way; later ones are served, but
    # for a name the lattice lacks, one that is a dimension's (`habitat`: a decided relation holds
    # it, another plan shape) and one quoted twice
    assert HABITAT.format("dog") in served and HABITAT.format("WHALE") in served
    assert HABITAT.format("wh\\u0061le") in served and CHAIN.format("bird") in served
    for text in (HABITAT.format("Nobody"), HABITAT.format(""), HABITAT.format("Habitat"),
                 'let a = meet(species = "x") -> habitat\nlet b = meet(habitat = "x") -> species\n'
                 'meet(species = "x") -> diet'):
        assert text not in served, text
    assert len(set(served)) >= 8


def test_with_and_without_proofs_a_template_is_prepared_apart(zoo_lattice):
    texts = [HABITAT.format(n) for n in ("whale", "eagle", "shark")]
    expected = {proofs: _general(zoo_lattice, texts, proofs) for proofs in (True, False)}
    with latweave.open(zoo_lattice) as session:
        served = _served(session)
        got = [(_outcome(session, t, True), _outcome(session, t, False)) for t in texts]
        assert got == [(expected[True][t], expected[False][t]) for t in texts]
        assert served == [texts[0], texts[1], texts[1], texts[2], texts[2]]   # whale: the recipe made, with its proof
        assert {k[1] for k in session._runner._templates} == {"proofs", "answers"}
        assert json.loads(got[1][0])["proof"] and not json.loads(got[1][1])["proof"]


@pytest.mark.parametrize("proofs", [False, True])
def test_contested_answers_and_abstentions(disputes, proofs):
    """Without its proof, an answer in doubt or an abstention is decoded the general way; with
    it, the prepared path decodes it from its own plan's batch, as the general path does."""
    texts = ['meet(city <= "{}")'.format(n) for n in ("europe", "france", "paris", "germany", "europe", "atlantis",
                                                     "France", "berlin", "nowhere")]
    expected = _general(disputes, texts, proofs)
    assert json.loads(expected[texts[1]])["contested"] and json.loads(expected[texts[5]])["status"] == "abstain"
    with latweave.open(disputes) as session:
        served = _served(session)
        for text in texts:
            assert _outcome(session, text, proofs) == expected[text], text
    assert texts[4] in served                       # europe again: nothing contested
    assert (texts[1] in served) is proofs and (texts[6] in served) is proofs   # france: Bo Brandt in doubt
    assert texts[5] not in served and texts[8] not in served   # not values of the lattice


def _asked(runner: Runner, text: str) -> None:
    """`text` run the general way (as a session reads it: its template's recipe made)."""
    read = read_plan_keyed(text)
    runner.run([runner.check_text(read.plan, text, read)], proofs=False)


def _prepared(runner: Runner, text: str) -> PreparedTemplate:
    _asked(runner, text)
    assert runner.run_text(text, False) is not None
    template = runner._templates[(template_key(text), "answers")]
    assert isinstance(template, PreparedTemplate)
    return template


def test_a_prepared_run_refuses_values_that_make_another_shape(zoo_lattice):
    with Runner(zoo_lattice) as runner:
        template = _prepared(runner, HABITAT.format("whale"))
        run = template.prepared
        sym = runner.compiled.symbols.get
        whale, dog = sym("whale"), sym("dog")
        assert run.run([whale])["answer"] and run.run([dog])["answer"]
        kept = sorted(runner.session.engine.kept)
        fixed = [v for v in run._values if type(v) is not Hole]
        assert kept and fixed
        for bad in (kept[0], fixed[0], sym("habitat"), True, "whale", -1, 2 ** 63, 1.0):
            assert run.run([bad]) is None, bad
        assert run.run([]) is None and run.run([whale, dog]) is None
        # a dimension's name in the hole: its statement is written once a run the general way has
        # had one (habitat's), and then served; the projection's (species: a value of another
        # slot, held by the same decided relations) would merge two slots, and is refused
        diets = _prepared(runner, 'meet(diet = "carnivore") -> species')
        _asked(runner, 'meet(diet = "habitat") -> species')
        assert diets.prepared.run([sym("habitat")]) is not None
        masks = runner.session._members[1]
        assert sym("species") in diets.prepared._values and masks[sym("species")] == masks[sym("habitat")]
        assert diets.prepared.run([sym("species")]) is None
        # two holes: the same value in both would merge their slots
        two = _prepared(runner, 'let a = meet(species = "whale") -> habitat\nlet b = meet(habitat = "marine") -> species\n'
                                'meet(species = "dog") -> diet')
        assert len(two.order) == 3
        a, b, c = (sym(n) for n in ("whale", "marine", "dog"))
        assert two.prepared.run([a, b, c]) is not None
        assert two.prepared.run([a, b, a]) is None


def test_a_partial_prepared_run_completes_until_sealed(zoo_lattice):
    with Runner(zoo_lattice) as runner:
        template = _prepared(runner, HABITAT.format("whale"))
        dog = runner.compiled.symbols.get("dog")
        outputs = template.prepared.run([dog])
        assert set(outputs._rows) <= ANSWER_READS | {"abstain"} and not outputs.whole
        facts = runner._recipes[template.key].facts_for([dog])
        whole = runner.session.run(facts)
        assert outputs["step_sure"] == whole["step_sure"] and outputs.whole   # read: the whole run
        sealed = template.prepared.run([dog])
        sealed.seal()
        with pytest.raises(LookupError, match="computed in part"):
            sealed["step_sure"]


def test_a_prepared_run_stops_at_the_timeout_and_the_next_one_prepares_again(zoo_lattice, monkeypatch):
    eagle = HABITAT.format("eagle")   # (a name as long as whale's: the same template)
    with Runner(zoo_lattice) as runner:
        template = _prepared(runner, HABITAT.format("whale"))
        first = runner.session
        with monkeypatch.context() as patched:
            patched.setattr(timeouts, "PROGRESS_STEPS", 1)
            runner.timeout = 1e-9
            with pytest.raises(EngineTimeout, match="ran past the timeout"):
                runner.run_text(eagle, False)
        assert first.con is None and "sqlite" not in runner._sessions
        runner.timeout = None
        assert runner.run_text(eagle, False) is None    # the new session has written no statement yet
        assert runner.session is not first
        _asked(runner, eagle)                      # the general way writes it
        got = runner.run_text(eagle, False)
        assert got is not None
        assert runner._templates[(template.key, "answers")].session is runner.session
    expected = json.loads(_general(zoo_lattice, [eagle])[eagle])
    del expected["lattice"]   # (a session's results name their lattice; a runner's do not)
    assert json.loads(got.to_json()) == expected


def test_an_engine_without_prepared_runs_answers_the_general_way(zoo_lattice):
    texts = [HABITAT.format(n) for n in ("whale", "eagle", "shark", "whale", "eagle")]   # one template
    with Runner(zoo_lattice, "duckdb") as runner:
        _asked(runner, texts[0])
        assert all(runner.run_text(t, False) is None for t in texts)
        assert runner._templates[(template_key(texts[0]), "answers")] == 3   # tried thrice, then left to the general path
    with latweave.open(zoo_lattice, engine="duckdb") as session:
        assert [_outcome(session, t, False) for t in texts] == [_general(zoo_lattice, texts)[t] for t in texts]


def test_a_lattice_of_two_layers_answers_as_the_general_path(tmp_path):
    """Names of both layers, asked after `add`: a reset session prepares anew on the new lattice.
    (On a lattice this small, ann and bob are symbols 0 and 1, numbers the rules write: their
    plans make shapes of their own, which the general path runs.)"""
    kb1, kb2 = tmp_path / "a.tsv", tmp_path / "b.tsv"
    kb1.write_text("ann\tborn_in\tparis\nbob\tborn_in\trome\ncal\tborn_in\trome\ndee\tborn_in\tparis\n"
                   "paris\tcountry\tfrance\nrome\tcountry\titaly\n", encoding="utf-8")
    kb2.write_text("eve\tborn_in\tlima\nlima\tcountry\tperu\nfay\tborn_in\tparis\n", encoding="utf-8")
    lattice = tmp_path / "l"
    latweave.build(kb1, lattice, format="tsv")
    chain = 'let a = meet(subject = "{}") -> born_in\nmeet(subject = $a) -> country'
    texts = [chain.format(n) for n in ("ann", "bob", "cal", "dee", "eve", "fay", "zed", "dee")]
    first = _general(lattice, texts)
    with latweave.open(lattice) as session:
        served = _served(session)
        before = [_outcome(session, t, False) for t in texts]
        assert served == [texts[3], texts[7]]   # eve and fay: not in the first layer yet
        latweave.add(lattice, [kb2])
        session.reset()
        served = _served(session)
        after = [_outcome(session, t, False) for t in texts]
        assert served == [texts[3], texts[4], texts[5], texts[7]]
    assert before == [first[t] for t in texts]
    expected = _general(lattice, texts)
    assert after == [expected[t] for t in texts]
    assert json.loads(after[4])["answers"] == ["peru"] and json.loads(before[4])["status"] == "abstain"


@pytest.mark.parametrize("proofs", [False, True])
def test_without_partial_outputs_the_prepared_run_computes_every_output(zoo_lattice, monkeypatch, proofs):
    texts = [HABITAT.format(n) for n in ("whale", "eagle", "shark", "Nobody")]
    expected = _general(zoo_lattice, texts, proofs)
    monkeypatch.setattr(Runner, "partial_outputs", False)
    with latweave.open(zoo_lattice) as session:
        served = _served(session)
        assert [_outcome(session, t, proofs) for t in texts] == [expected[t] for t in texts]
        assert served == texts[1:3]
        template = session._runner._templates[(template_key(texts[0]), "proofs" if proofs else "answers")]
        assert all(not plan.partial for plan in template.prepared._plans.values())


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_characters='"\n'), max_size=12))
def test_a_literal_is_read_as_json_reads_it(content):
    """plan/parser.py `_string` (a literal without escape taken as it stands): what json.loads
    gives, or its error, for any content a literal may hold between its quotes."""
    literal = f'"{content}"'
    try:
        expected = json.loads(literal)
    except json.JSONDecodeError:
        with pytest.raises(json.JSONDecodeError):
            _string(literal)
        return
    assert _string(literal) == expected



def _paged(session, text: str, proofs: bool):
    """A page of two answers, the page after it, and the first answer's proof, as JSON (or the error)."""
    try:
        first = session.run(text, limit=2, proofs=proofs)
    except LatweaveError as exc:
        return ("error", str(exc))
    out = [first.to_json()]
    if first.page is not None and first.page.more:
        out.append(first.page_at(first.page.page.next()).to_json())
    if first.answers:
        out.append(json.dumps(first.proof_of(first.answers[0]).to_json(), sort_keys=True))
    return out


@pytest.mark.parametrize("proofs", [False, True])
def test_a_page_is_served_as_the_general_path_pages(disputes, proofs):
    """A page's outputs are whole (its later pages and proofs are read from them): the prepared
    path computes them so, and its pages, later pages and proofs on demand are the general path's."""
    texts = ['meet(city <= "{}")'.format(n) for n in ("europe", "france", "paris", "europe", "atlantis", "berlin")]
    with latweave.open(disputes) as general:
        general._runner.prepared = False
        expected = {t: _paged(general, t, proofs) for t in texts}
    assert any(len(e) == 3 for e in expected.values())   # a page with a page after it
    with latweave.open(disputes) as session:
        served = _served(session)
        for text in texts:
            assert _paged(session, text, proofs) == expected[text], text
        assert texts[3] in served and texts[1] in served and texts[4] not in served
        assert all(k[1] == "page" for k in session._runner._templates)
