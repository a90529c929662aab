"""Generated lattices and plans the tests share: pieces of random lattices and the plans drawn on
them (test_monotone, test_audit_complete and the engine-differential tests), and the streamed
lattice test_stream and test_parquet build both ways."""

from __future__ import annotations

import random

from latweave.lattice.model import Dimension, Evidence, Lattice, Predicate
from latweave.lattice.names import TOP, normalize
from latweave.plan.ast import Arg, Compare, Constraint, Holds, Let, Meet, Name, Plan, Range, Ref, Time, Union
from latweave.plan.printer import to_text


def add_random_dag(dim: Dimension, values: list[str], rng: random.Random) -> None:
    """Make `values` a random DAG on `dim`: each value gets one or two parents among the values
    before it (or ⊤), so there is no cycle."""
    for j, value in enumerate(values):
        for parent in rng.sample([TOP, *values[:j]], k=min(j + 1, rng.randint(1, 2))):
            dim.add_edge(parent, value)


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


def random_plans(lattice: Lattice, seed: int, n: int) -> list[str]:
    space = PlanSpace(lattice, random.Random(seed))
    out = []
    while len(out) < n:
        text = to_text(space.plan())
        if text not in out:
            out.append(text)
    return out


def stream_head(seed: int = 3) -> tuple[Lattice, dict[str, list[str]]]:
    """Dimensions and documents (no instances), and each taxonomy's leaves."""
    rng = random.Random(seed)
    lattice = Lattice(name="streamed")
    leaves = {}
    for d in ("alpha", "beta", "gamma"):
        dim = lattice.add_dimension(Dimension(d, functional=True))
        layer, inner = ["TOP"], []
        for depth in range(3):
            nxt = [f"{d}{depth}-{p}-{b}" if p != "TOP" else f"{d}{depth}-{b}" for p in layer for b in range(4)]
            for child in nxt:
                dim.add_edge(layer[nxt.index(child) // 4], child)
            inner += layer[1:] if layer != ["TOP"] else []
            layer = nxt
        for _ in range(20):
            dim.add_edge(rng.choice(inner), rng.choice(layer))
        leaves[d] = layer
    tags = lattice.add_dimension(Dimension("tag"))
    for t in ("Zoë", "i7", "red", "blue"):  # "i7" is also an instance: one symbol for both
        tags.add_edge("TOP", t)
    tags.add_synonym("red", "crimson")
    dates = lattice.add_dimension(Dimension("born", kind="date", functional=True))
    leaves["born"] = [dates.add_value(v) for v in ("1950", "1950-03-02", "1961-07", "2001-12-31")]
    lattice.add_document("gen", STREAM_TEXT)
    lattice.add_document("other", "another document about i7")
    return lattice, leaves


def stream_rows(instances: int = 2000) -> list[tuple[str, list[Predicate]]]:
    """(label, predicates) per instance, in ascending key order."""
    rng = random.Random(11)
    _, leaves = stream_head()
    out = []
    for i in range(instances):
        label = f"I{i}" if i % 97 else f"Ü-{i}"
        key = normalize(label)
        preds = [Predicate(key, d, rng.choice(leaves[d]), Evidence("gen", "generated instance", 0, 18))
                 for d in rng.sample(("alpha", "beta", "gamma"), 2)]
        for tag in rng.sample(("zoë", "i7", "red", "blue"), rng.randint(0, 2)):
            preds.append(Predicate(key, "tag", tag, Evidence("gen", "tags", 20, 24), confidence=0.5))
        if i % 5 == 0:
            preds.append(Predicate(key, "born", rng.choice(leaves["born"]), Evidence("other", "i7", 23, 25)))
        out.append((label, preds))
    return sorted(out, key=lambda r: normalize(r[0]))


def stream_model(instances: int = 2000) -> Lattice:
    lattice, _ = stream_head()
    for label, preds in stream_rows(instances):
        for p in preds:
            lattice.add_predicate(label, p.dimension, p.value, doc=p.evidence.doc,
                                  source_text=p.evidence.source_text, start=p.evidence.start,
                                  end=p.evidence.end, confidence=p.confidence)
    return lattice


PEOPLE = 12


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
            op, name = r.choice(["<=", "="]), self.name(dim)
            if op == "<=" and name == "Unicornia":   # `<=` is a window on a date (at most): it needs a date
                name = "1915"
            return Constraint(dim, op, Name(name))
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


STREAM_TEXT = "generated instance; tags and dates"
