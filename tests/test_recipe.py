"""A plan's batch made from an earlier plan of its template (latweave/compile/recipe.py): what the
compiler gives that plan, field for field; a session that uses recipes answers (JSON and errors)
as sessions that never do; recipes are bounded and belong to the lattice a runner opened."""

from __future__ import annotations

import pytest

import latweave
from latweave import execute
from latweave.compile.plan_facts import compile_plans
from latweave.compile.recipe import Recipe
from latweave.errors import LatweaveError
from latweave.execute import Runner
from latweave.plan.parser import parse_plan, template_key

#: Templates a recipe serves, each with texts of other names: names of the lattice, names it
#: lacks (new symbols, in order of first use), one name twice, a name spelled otherwise (case,
#: spaces), escapes, the empty name, a name that is a dimension's name
SERVED = [
    ('meet(species = "{}") -> habitat', ["whale", "dog", "Nobody", "", "WHALE", "Habitat", "wh\\u0061le"]),
    ('let a = meet(species <= "{}") -> habitat\nmeet(habitat = $a) -> diet', ["mammal", "bird", "ghost", "Mammal"]),
    ('let a = meet(species = "{0}") -> habitat\nlet b = meet(habitat = "{1}") -> species\n'
     'meet(species = "{0}") -> diet', [("whale", "marine"), ("x", "x"), ("x", "y"), ("y", "x"), ("dog", "nothing")]),
    ('meet(diet = "{}")', ["carnivore", "none such"]),
]

#: Templates it does not serve (checked and compiled as before): two constraints, a union, an
#: ordered dimension, a time, a compare, a holds
NOT_SERVED = [
    'meet(species <= "{}", habitat = marine) -> diet',
    'meet(species = "{}") | meet(species = dog) -> habitat',
    'meet(lifespan_years = "{}") -> species',
    'meet(species = "{}") at "2000" -> habitat',
    'same(habitat, "{}", "Dog")',
    'holds("{}", species <= mammal)',
]


def _texts(template: str, names) -> list[str]:
    return [template.format(*(n if isinstance(n, tuple) else (n,))) for n in names]


def _same_batch(a, b) -> None:
    assert list(a.facts) == list(b.facts)                     # the relations, in order
    assert {k: list(v) for k, v in a.facts.items()} == {k: list(v) for k, v in b.facts.items()}
    assert a.symbols._extra_list == b.symbols._extra_list and a.symbols.base is b.symbols.base
    assert dict(a.self_refs) == dict(b.self_refs)
    for x, y in zip(a.layouts, b.layouts, strict=True):
        assert (x.q, x.plan, dict(x.steps), x.compare, x.args, x.holds_meet, x.loose) == \
               (y.q, y.plan, dict(y.steps), y.compare, y.args, y.holds_meet, y.loose)
        assert x.plan is y.plan
        assert x.meets == y.meets
        for mx, my in zip(x.meets, y.meets, strict=True):   # the plan's own constraint objects
            assert all(cx is cy for (_, cx), (_, cy) in zip(mx.constraints, my.constraints, strict=True))


@pytest.mark.parametrize("template,names", SERVED)
def test_a_recipe_makes_the_batch_the_compiler_makes(zoo_lattice, template, names):
    with Runner(zoo_lattice) as runner:
        texts = _texts(template, names)
        first = parse_plan(texts[0])
        recipe = Recipe.of(first, compile_plans([first], runner.compiled, runner.view), runner.compiled,
                           runner.view.dimensions)
        assert recipe is not None
        for text in texts:   # (a template's names are of one length each: the recipe is any's)
            plan = parse_plan(text)
            _same_batch(recipe.batch_for(plan, runner.compiled), compile_plans([plan], runner.compiled, runner.view))


@pytest.mark.parametrize("template", NOT_SERVED)
def test_other_templates_get_no_recipe(zoo_lattice, template):
    text = template.format("Whale" if "holds" in template or "same" in template else "1990" if "lifespan" in template
                           else "mammal")
    with Runner(zoo_lattice) as runner:
        plan = parse_plan(text)
        try:
            batch = compile_plans([plan], runner.compiled, runner.view)
        except LatweaveError:
            return
        assert Recipe.of(plan, batch, runner.compiled, runner.view.dimensions) is None


def _outcome(session, text: str, proofs: bool = True):
    try:
        return session.run(text, proofs=proofs).to_json()
    except LatweaveError as exc:
        return ("error", str(exc), exc.hint)


TYPE_ERRORS = ['meet(specie = "whale") -> habitat', 'meet(specie = "dog") -> habitat',
               'let a = meet(species = "whale") -> habitat\nmeet(habitat = $b) -> diet',
               'let a = meet(species = "dog") -> habitat\nmeet(habitat = $b) -> diet',
               'meet(species = "whale") -> habit', 'meet(species = "dog") -> habit']
#: Every template above, and type errors of a template (each asked twice: an error makes no recipe)
ASKED = ([t for template, names in SERVED for t in _texts(template, names)]
         + [template.format(n) for template in NOT_SERVED for n in ("Whale", "Dog", "mammal", "1990")]
         + TYPE_ERRORS)


@pytest.mark.parametrize("proofs", [True, False])
def test_a_session_with_recipes_answers_as_fresh_sessions(zoo_lattice, proofs):
    fresh = {}
    for text in ASKED:
        with latweave.open(zoo_lattice) as session:
            fresh[text] = _outcome(session, text, proofs)
    assert all(fresh[text][0] == "error" for text in TYPE_ERRORS)   # the checker's, every time
    with latweave.open(zoo_lattice) as session:
        for text in ASKED + ASKED[::-1]:
            assert _outcome(session, text, proofs) == fresh[text], text
        recipes = session._runner._recipes
        served = {template_key(t) for template, names in SERVED for t in _texts(template, names)}
        assert set(recipes) == served   # one per served template; none for errors or others


def test_recipes_are_bounded_and_a_dropped_one_is_made_again(zoo_lattice, monkeypatch):
    monkeypatch.setattr(execute, "RECIPES", 2)
    texts = [t for template, names in SERVED for t in _texts(template, names)]
    with latweave.open(zoo_lattice) as fresh:
        expected = {t: _outcome(fresh, t) for t in texts}
    first = template_key(texts[0])
    with latweave.open(zoo_lattice) as session:
        recipes = session._runner._recipes
        for t in texts:
            assert _outcome(session, t) == expected[t]
            assert len(recipes) <= 2
        assert len(recipes) == 2 and template_key(texts[-1]) in recipes and first not in recipes
        again = 'meet(species = "zzzzz") -> habitat'   # the first template, dropped: made again
        assert template_key(again) == first
        with latweave.open(zoo_lattice) as fresh:
            assert _outcome(session, again) == _outcome(fresh, again)
        assert first in recipes and len(recipes) == 2
        for t in texts[::-1]:
            assert _outcome(session, t) == expected[t]


def test_a_recipe_belongs_to_the_lattice_its_runner_opened(tmp_path):
    """After `add`, a name the first lattice lacked is a symbol of the new one: a session opened on
    the new lattice (or a reset one) makes its own recipes and answers as a fresh session."""
    kb1, kb2 = tmp_path / "a.tsv", tmp_path / "b.tsv"
    kb1.write_text("ann\tborn_in\tparis\nbob\tborn_in\trome\nparis\tcountry\tfrance\n", encoding="utf-8")
    kb2.write_text("cyd\tborn_in\tlima\nlima\tcountry\tperu\n", encoding="utf-8")
    lattice = tmp_path / "l"
    latweave.build(kb1, lattice, format="tsv")
    chain = 'let a = meet(subject = "{}") -> born_in\nmeet(subject = $a) -> country'
    with latweave.open(lattice) as session:
        before = [_outcome(session, chain.format(n)) for n in ("ann", "cyd")]
        assert len(session._runner._recipes) == 1
        latweave.add(lattice, [kb2])
        session.reset()
        assert not session._runner._recipes
        after = [_outcome(session, chain.format(n)) for n in ("ann", "cyd", "bob")]
    fresh = []
    for n in ("ann", "cyd", "bob"):
        with latweave.open(lattice) as one:
            fresh.append(_outcome(one, chain.format(n)))
    assert after == fresh
    assert before[1] != after[1]   # cyd is known now
