"""Abstention is monotone (property tests): tightening a meet never turns an abstention into an
answer, and the tighter plan's answers are a subset of the looser plan's.

Contested coordinates are in the generated lattices (a functional dimension sometimes states two
values): the certain answers shrink, and so do the possible ones (certain or contested).

Tightening here is: adding a constraint; replacing `dim <= v` by `dim <= w` with w below v in the
lattice, or by `dim = v`; narrowing a numeric window (`< n`, `> n`, `in lo..hi`). Checked on the
zoo lattice and on generated lattices (random DAG dimensions, random instances with evidence),
on the default engine.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from latweave.ingest.write import save_lattice
from latweave.engines.base import DEFAULT_ENGINE
from latweave.execute import Runner
from latweave.lattice.model import Dimension, Lattice
from latweave.lattice.names import TOP
from latweave.folder.store import load_lattice
from latweave.plan.ast import Constraint, Meet, Name, Plan, Range
from latweave.plan.printer import to_text
from tests.support.lattices import add_random_dag

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


class Space:
    """What plans may mention: each taxonomy dimension's values and parent map, numeric windows."""

    def __init__(self, lattice: Lattice, runner: Runner):
        self.runner = runner
        self.taxonomies = {d.name: d for d in lattice.dimensions.values() if not d.ordered}
        self.numeric = {d.name: d for d in lattice.dimensions.values() if d.kind == "number"}

    def below(self, dim: str, value: str) -> list[str]:
        """Labels of the values strictly below `value` (a key or label) in `dim`."""
        d = self.taxonomies[dim]
        key = d.resolve(value)
        children: dict[str, list[str]] = {}
        for child, parents in d.parents.items():
            for p in parents:
                children.setdefault(p, []).append(child)
        seen, todo = set(), [key]
        while todo:
            for c in children.get(todo.pop(), ()):
                if c not in seen:
                    seen.add(c)
                    todo.append(c)
        return sorted(d.labels[k] for k in seen)


def values_of(space: Space, dim: str) -> list[str]:
    d = space.taxonomies[dim]
    return sorted(label for key, label in d.labels.items() if key != TOP)


@st.composite
def constraint(draw, space: Space) -> Constraint:
    if space.numeric and draw(st.integers(0, 3)) == 0:
        dim = draw(st.sampled_from(sorted(space.numeric)))
        lo, hi = sorted(draw(st.lists(st.integers(0, 120), min_size=2, max_size=2)))
        op = draw(st.sampled_from(["<", ">", "in"]))
        return Constraint(dim, op, Range(str(lo), str(hi)) if op == "in" else Name(str(draw(st.sampled_from([lo, hi])))))
    dim = draw(st.sampled_from(sorted(space.taxonomies)))
    return Constraint(dim, draw(st.sampled_from(["<=", "<=", "="])), Name(draw(st.sampled_from(values_of(space, dim)))))


@st.composite
def tighten(draw, space: Space, meet: Meet) -> Meet:
    """A meet whose answers can only be fewer: one random tightening step."""
    cs = list(meet.constraints)
    i = draw(st.integers(0, len(cs) - 1))
    c = cs[i]
    choice = draw(st.integers(0, 2))
    if choice == 0 or c.op == "=":
        cs.insert(draw(st.integers(0, len(cs))), draw(constraint(space)))
    elif c.op == "<=":
        below = space.below(c.dimension, c.value.text)
        if below and choice == 1:
            cs[i] = Constraint(c.dimension, "<=", Name(draw(st.sampled_from(below))))
        else:
            cs[i] = Constraint(c.dimension, "=", c.value)
    elif c.op == "in":
        lo, hi = int(c.value.lo), int(c.value.hi)
        a = draw(st.integers(lo, hi))
        cs[i] = Constraint(c.dimension, "in", Range(str(a), str(draw(st.integers(a, hi)))))
    elif c.op == "<":
        cs[i] = Constraint(c.dimension, "<", Name(str(int(c.value.text) - draw(st.integers(0, 30)))))
    else:
        cs[i] = Constraint(c.dimension, ">", Name(str(int(c.value.text) + draw(st.integers(0, 30)))))
    return Meet(tuple(cs), meet.project)


@st.composite
def chains(draw, space: Space) -> list[Meet]:
    """A meet and a few successive tightenings of it (each tighter than the one before)."""
    project = draw(st.none() | st.sampled_from(sorted(space.taxonomies)))
    meet = Meet(tuple(draw(st.lists(constraint(space), min_size=1, max_size=3))), project)
    out = [meet]
    for _ in range(draw(st.integers(1, 3))):
        out.append(draw(tighten(space, out[-1])))
    return out


def check_chain(space: Space, chain: list[Meet]) -> None:
    results = space.runner.run([Plan((), m) for m in chain])
    for (loose, looser), (tight, tighter) in zip(zip(chain, results), list(zip(chain, results))[1:]):
        where = f"\n  loose: {to_text(Plan((), loose))} → {looser.status} {looser.reason or list(looser.answers)}" \
                f"\n  tight: {to_text(Plan((), tight))} → {tighter.status} {tighter.reason or list(tighter.answers)}"
        assert looser.status in ("answer", "abstain") and tighter.status in ("answer", "abstain"), where
        if looser.status == "abstain":
            assert tighter.status == "abstain", "tightening turned an abstention into an answer" + where
        if tighter.status == "answer":
            assert set(tighter.answers) <= set(looser.answers), "tightening added answers" + where
        # what may be an answer (certain or contested) shrinks too
        assert possible(tighter) <= possible(looser), "tightening added a possible answer" + where


def possible(result) -> set[str]:
    """Certain answers, contested ones, and those a conflict abstention lists as contested."""
    entries = list(result.contested) + list(result.witness.get("conflict", {}).get("contested", []))
    return set(result.answers) | {e["answer"] for e in entries}


# ---- the zoo ----

@pytest.fixture(scope="module")
def zoo_space(zoo_lattice):
    with Runner(zoo_lattice, DEFAULT_ENGINE) as runner:
        yield Space(load_lattice(zoo_lattice), runner)


@pytest.mark.slow
@SETTINGS
@given(data=st.data())
def test_tightening_never_unabstains_on_the_zoo(zoo_space, data):
    check_chain(zoo_space, data.draw(chains(zoo_space)))


def test_known_tightenings_on_the_zoo(zoo_space):
    # answers, then an abstention once tightened; never the other way round
    check_chain(zoo_space, [
        Meet((Constraint("habitat", "<=", Name("aquatic")),)),
        Meet((Constraint("habitat", "<=", Name("aquatic")), Constraint("species", "<=", Name("mammal")))),
        Meet((Constraint("habitat", "<=", Name("marine")), Constraint("species", "<=", Name("mammal")))),
        Meet((Constraint("habitat", "=", Name("marine")), Constraint("species", "<=", Name("whale")))),
        Meet((Constraint("habitat", "=", Name("marine")), Constraint("species", "<=", Name("whale")),
              Constraint("lifespan_years", "in", Range("10", "20")))),
    ])


# ---- generated lattices ----

def generated_lattice(seed: int) -> Lattice:
    rng = random.Random(seed)
    lattice = Lattice(name=f"generated-{seed}")
    dims = []
    for i in range(rng.randint(2, 3)):
        dim = lattice.add_dimension(Dimension(f"dim{i}", functional=rng.random() < 0.5))
        values = [f"v{i}_{j}" for j in range(rng.randint(4, 9))]
        add_random_dag(dim, values, rng)
        dims.append((dim, values))
    lattice.add_dimension(Dimension("size", kind="number", functional=True))
    sentences = []
    for n in range(rng.randint(5, 12)):
        inst = f"Thing {n}"
        for dim, values in dims:
            if rng.random() < 0.85:
                # a functional dimension sometimes states two values: compatible (their meet) or
                # contested, as sources disagree
                two = not dim.functional or rng.random() < 0.5
                chosen = rng.sample(values, k=rng.randint(1, 2)) if two else [rng.choice(values)]
                sentences += [(inst, dim.name, v, f"{inst} has {dim.name} {v}.") for v in chosen]
        for _ in range(2 if rng.random() < 0.4 else 1):
            if rng.random() < 0.7:
                size = str(rng.randint(0, 120))
                sentences.append((inst, "size", size, f"{inst} has size {size}."))
    lattice.add_document("doc", " ".join(s for *_, s in sentences))
    for inst, dim, value, source in sentences:
        lattice.add_predicate(inst, dim, value, doc="doc", source_text=source)
    return lattice


@pytest.fixture(scope="module", params=[0, 1, 2, 4], ids=lambda s: f"seed{s}")
def generated_space(request, tmp_path_factory):
    lattice = generated_lattice(request.param)
    out = tmp_path_factory.mktemp(f"generated{request.param}") / "lattice"
    save_lattice(lattice, out)
    with Runner(out, DEFAULT_ENGINE) as runner:
        yield Space(load_lattice(out), runner)


@pytest.mark.slow
@SETTINGS
@given(data=st.data())
def test_tightening_never_unabstains_on_generated_lattices(generated_space, data):
    check_chain(generated_space, data.draw(chains(generated_space)))
