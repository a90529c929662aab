"""The auditor's independent evaluator agrees with the engines on every result (a differential test).

latweave/proof/audit/semantics.py re-states the semantics in plain Python over the lattice files;
here every engine's result on the zoo, the movies, the disputes (contested coordinates) and
generated lattices (random DAG and ordered dimensions, entity-valued dimensions for chains, dates
for differences; some with two values on functional dimensions) under many random plans —
meets, windows, projections, unions, let chains, compares over names, paths and bare $steps,
derived differences, holds, and every abstention — must audit ok: the audit recomputes status,
answers, verdict, reasons and witness and compares each with the result. Generated plans and
lattices are seeded, so a failure reproduces.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from latweave.lattice.model import Dimension, Lattice
from latweave.lattice.names import TOP
from latweave.plan.ast import Arg, Compare, Constraint, Holds, Let, Meet, Name, Plan, Range, Ref, Time, Union
from latweave.plan.printer import to_text
from tests.support.lattices import add_random_dag
from tests.support.engines import suite_engines

# ---------------------------------------------------------------------------------------------
# generated lattices

PEOPLE = 12


def random_lattice(seed: int, functional_pairs: bool = False, periods: bool = False) -> Lattice:
    """Taxonomies (DAGs, some functional), a number, two dates and two entity-valued dimensions.

    `functional_pairs`: some instances state two values on a functional dimension (contested
    coordinates, once the rules keep them). `periods`: about half the taxonomy and entity-valued
    facts hold over a period (start and end qualifiers, either missing, `present`, at year, month
    or day precision), some facts stated twice over two periods."""
    rng = random.Random(seed)
    lattice = Lattice(name=f"random-{seed}")
    taxonomies = []
    for i in range(rng.randint(2, 3)):
        dim = lattice.add_dimension(Dimension(f"tax{i}", functional=rng.random() < 0.5))
        values = [f"t{i}v{j}" for j in range(rng.randint(4, 8))]
        add_random_dag(dim, values, rng)
        taxonomies.append((dim, values))
    lattice.add_dimension(Dimension("size", kind="number", functional=rng.random() < 0.7))
    lattice.add_dimension(Dimension("born", kind="date", functional=True))
    lattice.add_dimension(Dimension("died", kind="date", functional=rng.random() < 0.8))
    lattice.add_dimension(Dimension("knows", functional=False, open=True))
    lattice.add_dimension(Dimension("leader", functional=True, open=True))
    names = [f"Thing {n}" for n in range(PEOPLE)]
    facts = []

    def date(lo: int, hi: int) -> str:
        year = rng.randint(lo, hi)
        shape = rng.random()
        if shape < 0.3:
            return str(year)
        if shape < 0.45:
            return f"{year}-{rng.randint(1, 12):02d}"
        return f"{year}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"

    for inst in names:
        for dim, values in taxonomies:
            if rng.random() < 0.85:
                k = 1 if dim.functional and not (functional_pairs and rng.random() < 0.3) else rng.randint(1, 2)
                facts += [(inst, dim.name, v) for v in rng.sample(values, k=k)]
        if rng.random() < 0.75:
            facts.append((inst, "size", str(rng.randint(0, 60))))
            if functional_pairs and rng.random() < 0.2:
                facts.append((inst, "size", str(rng.randint(0, 60))))
        if rng.random() < 0.85:
            born = date(1900, 1930)
            facts.append((inst, "born", born))
            if functional_pairs and rng.random() < 0.3:
                facts.append((inst, "born", date(1900, 1930)))
            elif functional_pairs and rng.random() < 0.3:  # an interval overlapping the year: their meet
                year = int(born[:4])                       # is a value no source states
                facts.append((inst, "born", f"{year}-06..{year + 1}-06"))
        if rng.random() < 0.6:
            facts.append((inst, "died", date(1950, 1990)))
        for other in rng.sample(names, k=rng.randint(0, 2)):
            if other != inst:
                facts.append((inst, "knows", other))
        if rng.random() < 0.6:
            k = 2 if functional_pairs and rng.random() < 0.3 else 1
            facts += [(inst, "leader", other) for other in rng.sample(names, k=k)]
    timed = []
    for inst, dim, value in facts:
        quals: tuple = ()
        if periods and dim not in ("size", "born", "died") and rng.random() < 0.5:
            start = date(1900, 2000) if rng.random() < 0.85 else None
            roll = rng.random()
            end = None if roll < 0.2 else "present" if roll < 0.3 else date(int(start[:4]) if start else 1900, 2020)
            quals = tuple((k, v) for k, v in (("start", start), ("end", end)) if v is not None)
        timed.append((inst, dim, value, quals))
        if quals and rng.random() < 0.15:   # stated again, over a later period
            timed.append((inst, dim, value, (("start", date(2005, 2015)),)))
    sentences = []

    def sentence(inst, dim, value, quals) -> str:
        when = "".join(f" {k} {v}" for k, v in quals)
        return f"{inst} has {dim} {value}{when}."

    for fact in timed:
        text = sentence(*fact)
        if text not in sentences:
            sentences.append(text)
    lattice.add_document("doc", " ".join(sentences))
    for inst in names:
        lattice.add_instance(inst)
    for inst, dim, value, quals in timed:
        lattice.add_predicate(inst, dim, value, doc="doc", source_text=sentence(inst, dim, value, quals),
                              qualifiers=quals)
    return lattice


# ---------------------------------------------------------------------------------------------
# random plans over a lattice's schema

class PlanSpace:
    def __init__(self, lattice: Lattice, rng: random.Random):
        self.rng = rng
        self.taxonomies = sorted(d.name for d in lattice.dimensions.values() if not d.ordered)
        self.numbers = sorted(d.name for d in lattice.dimensions.values() if d.kind == "number")
        self.dates = sorted(d.name for d in lattice.dimensions.values() if d.kind == "date")
        self.values = {d.name: sorted(label for key, label in d.labels.items() if key != TOP)
                       for d in lattice.dimensions.values()}
        self.instances = sorted(i.label for i in lattice.instances.values())
        self.all_dims = sorted(d.name for d in lattice.dimensions.values())
        # ask some meets at a time, mostly near the years the periods start or end
        self.years = sorted({int(v[:4]) for p in lattice.predicates for _, v in p.qualifiers if v[:4].isdigit()})

    def time(self) -> Time | None:
        r = self.rng
        if not self.years or r.random() < 0.5:
            return None
        year = r.choice(self.years) + r.randint(-2, 2) if r.random() < 0.7 else r.randint(1900, 2020)
        if r.random() < 0.5:
            return Time(str(year) if r.random() < 0.7 else f"{year}-{r.randint(1, 12):02d}")
        return Time(str(year), str(year + r.randint(0, 15)))

    def name(self, dim: str) -> str:
        pool = self.values.get(dim) or ["nothing"]
        return self.rng.choice(pool) if self.rng.random() > 0.04 else "Unicornia"

    def instance(self) -> str:
        return self.rng.choice(self.instances) if self.rng.random() > 0.04 else "Nobody"

    def dimension(self) -> str:
        return self.rng.choice(self.all_dims) if self.rng.random() > 0.03 else "colour"

    def constraint(self, refs: list[str]) -> Constraint:
        r = self.rng
        roll = r.random()
        if refs and roll < 0.2:
            return Constraint(r.choice(self.taxonomies), r.choice(["<=", "="]), Ref(r.choice(refs)))
        if roll < 0.35 and self.numbers:
            dim = r.choice(self.numbers)
            lo, hi = sorted((r.randint(0, 60), r.randint(0, 60)))
            op = r.choice(["<", ">", "in"])
            return Constraint(dim, op, Range(str(lo), str(hi)) if op == "in" else Name(str(r.choice([lo, hi]))))
        if roll < 0.5 and self.dates:
            dim = r.choice(self.dates)
            choice = r.random()
            if choice < 0.4:
                lo, hi = sorted((r.randint(1900, 1990), r.randint(1900, 1990)))
                op = r.choice(["<", ">", "in"])
                return Constraint(dim, op, Range(str(lo), str(hi)) if op == "in" else Name(str(r.choice([lo, hi]))))
            return Constraint(dim, r.choice(["<=", "="]), Name(self.name(dim)))
        dim = r.choice(self.taxonomies) if r.random() > 0.03 else "colour"
        return Constraint(dim, r.choice(["<=", "<=", "="]), Name(self.name(dim)))

    def meet(self, refs: list[str], project: bool | None = None) -> Meet:
        r = self.rng
        cons = tuple(self.constraint(refs) for _ in range(r.randint(1, 3)))
        if project is None:
            project = r.random() < 0.4
        return Meet(cons, self.dimension() if project else None, time=self.time())

    def step(self, refs: list[str], project: bool | None = None):
        if self.rng.random() < 0.2:
            return Union(tuple(self.meet(refs, project) for _ in range(2)))
        return self.meet(refs, project)

    def arg(self, refs: list[str]) -> Arg:
        r = self.rng
        if refs and r.random() < 0.3:
            path = tuple(r.choice(["knows", "leader"]) for _ in range(r.randint(0, 1)))
            return Arg(Ref(r.choice(refs)), path)
        path = tuple(r.choice(["knows", "leader"]) for _ in range(r.randint(0, 2) if r.random() < 0.4 else 0))
        return Arg(Name(self.instance()), path)

    def plan(self) -> Plan:
        r = self.rng
        lets, refs = [], []
        for i in range(r.choice([0, 0, 1, 1, 2])):
            var = f"s{i}"
            # a let whose outputs later steps read: instances (as values of knows/leader) or values
            lets.append(Let(var, self.step(refs, project=r.random() < 0.6)))
            refs.append(var)
        roll = r.random()
        if roll < 0.45:
            final = self.step(refs)
        elif roll < 0.6:
            dim = r.choice(self.all_dims)
            final = Compare(r.choice(["same", "differ"]), dim, tuple(self.arg(refs) for _ in range(r.randint(2, 3))))
        elif roll < 0.85:
            dim = r.choice(self.all_dims + self.numbers + self.dates)
            args = tuple(self.arg(refs) for _ in range(r.randint(1, 3)))
            if r.random() < 0.25 and len(self.dates) >= 2:
                a, b = r.sample(self.dates, 2)
                final = Compare(r.choice(["argmax", "argmin"]), a, args, minus=b)
            else:
                final = Compare(r.choice(["argmax", "argmin"]), dim, args)
        else:
            item = Ref(r.choice(refs)) if refs and r.random() < 0.3 else Name(self.instance())
            final = Holds(item, tuple(self.constraint(refs) for _ in range(r.randint(1, 2))), time=self.time())
        return Plan(tuple(lets), final)


def random_plans(lattice: Lattice, seed: int, n: int) -> list[str]:
    space = PlanSpace(lattice, random.Random(seed))
    out = []
    while len(out) < n:
        text = to_text(space.plan())
        if text not in out:
            out.append(text)
    return out


# ---------------------------------------------------------------------------------------------
# the differential test

ZOO_EXTRA = [
    'argmax(first_described - first_described, [Whale, Dog])',
    'let m = meet(species <= mammal)\nargmax(lifespan_years, [$m])',
    'let m = meet(species <= mammal)\nargmin(first_described, [$m, Eagle])',
    'let h = meet(habitat <= aquatic) -> habitat\nmeet(habitat = $h) -> species',
    'meet(species <= mammal) -> habitat | meet(species <= bird)',
    'let m = meet(species <= mammal)\nholds($m, habitat <= aerial)',
    'let m = meet(species <= whale)\nsame(habitat, $m, Dog)',
    'same(diet, Whale, Dog, Bat)',
    'differ(diet, Eagle, Penguin)',
    'holds(Frog, habitat <= aquatic, habitat <= terrestrial)',
    'holds(Frog, colour <= red)',
    'meet(first_described <= 1758)',
    'meet(first_described = 1758)',
    'meet(first_described in 1700..1760)',
    'argmax(habitat, [Frog, Whale])',
]

MOVIE_EXTRA = [
    'argmax(release_date, ["Blade Runner" -> directed_by -> subject])',
    'let f = meet(genre <= horror)\nargmin(release_date, [$f])',
    'let p = meet(nationality = American)\nargmax(date_of_birth, [$p])',
    'let f = meet(genre <= comedy) -> directed_by\nsame(nationality, $f, "Ed Wood")',
    'let f = meet(genre <= comedy) -> directed_by\nholds($f, nationality = American)',
    'meet(directed_by = "Ridley Scott") -> release_date | meet(genre <= comedy) -> genre',
    'let a = meet(genre <= horror) -> directed_by\nlet b = meet(directed_by = $a) -> starring\nmeet(starring = $b)',
]


DISPUTES_EXTRA = [
    'meet(city <= france) -> born',
    'meet(born < 1960) -> city',
    'let c = meet(employer = acme) -> city\nmeet(city <= $c) -> born',
    'let p = meet(city <= france)\nargmin(born, [$p])',
    'let p = meet(city <= europe)\nargmax(born, [$p])',
    'argmax(born, ["Hal Hart", "Gil Grey", "Bo Brandt"])',
    'argmin(died - born, ["Ada Lovell", "Bo Brandt", "Hal Hart"])',
    'same(born, "Bo Brandt", "Gil Grey")',
    'differ(zone, "Fay Finch", "Fay Finch")',
    'same(directed_by, Dawn, Dusk)',
    'holds(Dawn, directed_by = "Ada Lovell")',
    'let d = meet(directed_by <= "Bo Brandt")\nholds($d, directed_by = "Bo Brandt")',
    'meet(zone = land)',
    'meet(zone <= land, zone <= water)',
    'meet(city = paris, born < 1902)',
    'argmax(city, ["Ada Lovell", "Cy Corin"])',
    'argmax(city, ["Bo Brandt", "Ed Eames"])',
]

# generated lattices: "random" ones state one value per functional dimension; "contested" ones
# sometimes two (contested coordinates), which the rules read as worlds
GENERATED = {"random0": (0, False), "random1": (1, False), "random2": (2, False), "random3": (3, False),
             "contested0": (10, True), "contested1": (11, True), "contested2": (12, True)}
# and lattices whose facts hold over periods, asked at times (one with contested coordinates too)
TIMED = {"timed0": (20, False), "timed1": (21, True)}


def _lattices(root: Path) -> dict[str, Path]:
    from latweave.ingest.builds import build_corpus
    from latweave.ingest.write import save_lattice
    from latweave.paths import RULES

    out = {}
    for name in ("zoo", "movies", "disputes"):
        build_corpus(RULES.parent / "corpora" / name, root / name)
        out[name] = root / name
    for name, (seed, pairs) in GENERATED.items():
        save_lattice(random_lattice(seed, functional_pairs=pairs), root / name)
        out[name] = root / name
    for name, (seed, pairs) in TIMED.items():
        save_lattice(random_lattice(seed, functional_pairs=pairs, periods=True), root / name)
        out[name] = root / name
    return out


@pytest.fixture(scope="module")
def lattices(tmp_path_factory):
    return _lattices(tmp_path_factory.mktemp("complete"))


def plans_for(name: str, lattice_dir: Path) -> list[str]:
    from tests.test_audit import MOVIE_PLANS, ZOO_PLANS
    from latweave.folder.store import load_lattice

    lattice = load_lattice(lattice_dir)
    if name == "zoo":
        return ZOO_PLANS + ZOO_EXTRA + random_plans(lattice, 7, 80)
    if name == "movies":
        return MOVIE_PLANS + MOVIE_EXTRA + random_plans(lattice, 8, 80)
    if name == "disputes":
        from tests.test_contested import CASES

        return [case[0] for case in CASES] + DISPUTES_EXTRA + random_plans(lattice, 9, 100)
    return random_plans(lattice, {**GENERATED, **TIMED}[name][0] + 100, 120)


def run_plans(lattice_dir: Path, engine: str, texts: list[str]) -> list[dict | str]:
    """Each plan's result as a dict, in one batch (plan by plan, with an error text for the one
    that fails, when the batch fails: a failure is a disagreement)."""
    from latweave.execute import Runner
    from latweave.plan.read import read_plan

    plans = [read_plan(t) for t in texts]
    with Runner(lattice_dir, engine) as runner:
        try:
            return [result.to_dict() for result in runner.run(plans)]
        except Exception:  # noqa: BLE001 - some plan breaks the batch: find it, plan by plan
            out: list = []
            for plan in plans:
                try:
                    out.append(runner.run([plan])[0].to_dict())
                except Exception as exc:  # noqa: BLE001 - reported per plan
                    out.append(f"{type(exc).__name__}: {exc}")
            return out


def disagreements(lattice_dir: Path, texts: list[str], results: list) -> list[str]:
    """Every way the engines' results and the independent evaluation disagree (audit failures,
    and a plan the engine gave no result for)."""
    from latweave.proof.audit import audit_many

    problems = []
    for text, result in zip(texts, results):
        if not isinstance(result, dict):
            problems.append(f"{text!r}: the engine gave no result ({result})")
    ok = [(t, r) for t, r in zip(texts, results) if isinstance(r, dict)]
    for (text, result), report in zip(ok, audit_many(lattice_dir, [r for _, r in ok])):
        if not report.ok:
            lines = "\n    ".join(f"{f['step'][:60]}: {f['problem']}" for f in report.failures)
            problems.append(f"{text!r} → {result['status']} {result['answers'] or result['reasons']}\n    {lines}")
        assert not report.notes, (text, report.notes)
    return problems


ENGINES = suite_engines()


def engine_share(engine: str, name: str, texts: list[str]) -> list[str]:
    """The plans an engine runs: all on DuckDB and SQLite; 40 per generated lattice on Soufflé and clingo;
    pyDatalog (about 0.3 s a plan) the hand-written plans of the zoo and the disputes and 15 on
    two generated lattices — a fourth voice, kept to a few seconds."""
    if engine in ("duckdb", "sqlite"):
        return texts
    if engine != "pydatalog":
        return texts[:40] if name in GENERATED or name in TIMED else texts
    if name == "zoo":
        return [t for t in texts if t in ZOO_EXTRA or t in _zoo_plans()]
    if name == "disputes":
        return texts[:-100]
    return texts[:15]


def _zoo_plans() -> list[str]:
    from tests.test_audit import ZOO_PLANS

    return ZOO_PLANS


PYDATALOG_SHARE = ("zoo", "disputes", "random0", "contested0", "timed1")
CASES = [pytest.param(name, engine, id=f"{name}-{engine}") for engine in ENGINES
         for name in ("zoo", "movies", "disputes", *GENERATED, *TIMED)
         if engine != "pydatalog" or name in PYDATALOG_SHARE]


@pytest.mark.parametrize("name, engine", CASES)
def test_the_evaluator_agrees_with_every_engine(lattices, engine, name):
    texts = engine_share(engine, name, plans_for(name, lattices[name]))
    results = run_plans(lattices[name], engine, texts)
    problems = disagreements(lattices[name], texts, results)
    assert not problems, f"{engine} on {name}: {len(problems)} disagreement(s)\n" + "\n".join(problems[:10])


def test_random_plans_cover_every_outcome(lattices):
    """The plans reach answers, both verdicts, every abstention reason, contested answers, a
    conflict in the sources (no plan-level conflict), and extrema won in every world."""
    results = []
    for name in ("zoo", "movies", "disputes", "random0", "contested0", "timed0", "timed1"):
        results += [r for r in run_plans(lattices[name], "duckdb", plans_for(name, lattices[name]))
                    if isinstance(r, dict)]
    reasons = {reason for r in results for reason in r["reasons"]}
    assert {"unknown_anchor", "out_of_scope", "conflict", "incomparable", "empty"} <= reasons
    assert {r["verdict"] for r in results if r["status"] == "verdict"} == {True, False}
    assert any(r["status"] == "answer" for r in results)
    assert any(r["contested"] for r in results)
    assert any(r["reason"] == "conflict" and not r["witness"]["conflict"]["conflicts"] for r in results)
    assert any(tree.get("rule-number") == "(R3)" for r in results for tree in r["proof"].get("trees", ()))
    # at a time: answers resting on periods, and abstentions where a period is known only in part
    assert any(r["status"] == "answer" and '"during' in json.dumps(r["proof"]) for r in results)
    assert any("in_time" in r["witness"].get("incomparable", {}) for r in results)


@pytest.mark.parametrize("corpus, text, status", [
    # holds over a step that yields no instance: nothing to verify (was: no outcome at all)
    ("zoo", 'let d = meet(species <= whale, habitat <= terrestrial)\nholds($d, species <= mammal)', "abstain"),
    # no shared value, and an argument has an item only a doubtful route reaches (Bo Brandt): its
    # value counts, and the proof shows it as a doubtful item (was: the decoder failed)
    ("disputes", 'let p = meet(city <= france)\nsame(born, $p, "Hal Hart")', "verdict"),
])
def test_former_gaps_have_outcomes_the_evaluator_certifies(lattices, corpus, text, status):
    (result,) = run_plans(lattices[corpus], "duckdb", [text])
    assert isinstance(result, dict) and result["status"] == status, result
    assert not disagreements(lattices[corpus], [text], [result])
