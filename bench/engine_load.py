"""Engine load/batch/single-query timings on the workload of ../shared/ENGINES.md.

3 dimensions, each a tree of depth 4 and branching 6 (1,555 values) plus extra parent edges;
135,000 instances with coordinates (at leaves) on 2 of the 3 dimensions; 1,000 queries of 1-3
constraints `qc(q, d, v)`. The program is small and self-contained (closure + per-constraint hit +
stratified negation), like ../shared/souffle-samples/prov.dl, so engines can be compared on it
alone. Prints figures; asserts nothing about time (the engines must agree on answers, though).

    .venv/bin/python bench/engine_load.py [--engines duckdb,clingo] [--threads 1] [--clingo-batch 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from latweave.datalog.parser import assemble, parse_program  # noqa: E402
from latweave.engines import duckdb_engine, engine_status, get_engine  # noqa: E402

PROGRAM = """
.decl subsumes(d:number, parent:number, child:number)
.input subsumes
.decl desc(d:number, a:number, v:number)
desc(d, x, x) :- subsumes(d, x, _).
desc(d, y, y) :- subsumes(d, _, y).
desc(d, x, z) :- subsumes(d, x, y), desc(d, y, z).
.decl coord(i:number, d:number, v:number, ev:number)
.input coord
.decl qc(q:number, d:number, v:number)
.input qc
.decl hit(q:number, i:number, d:number, v:number, w:number, ev:number)
hit(q, i, d, v, w, ev) :- qc(q, d, v), desc(d, v, w), coord(i, d, w, ev).
.decl sat(q:number, i:number, d:number, v:number)
sat(q, i, d, v) :- hit(q, i, d, v, _, _).
.decl miss(q:number, i:number)
miss(q, i) :- hit(q, i, _, _, _, _), qc(q, d, v), !sat(q, i, d, v).
.decl answer(q:number, i:number)
.output answer
answer(q, i) :- hit(q, i, _, _, _, _), !miss(q, i).
"""

DIMS, DEPTH, BRANCHING, EXTRA_EDGES = 3, 4, 6, 434
INSTANCES, QUERIES = 135_000, 1_000


def workload(seed: int = 7):
    """(base facts, per-query qc rows): the lattice and the query batch."""
    rng = random.Random(seed)
    subsumes, leaves, levels = [], {}, {}
    next_id = 1
    for d in range(DIMS):
        level = [next_id]
        next_id += 1
        levels[d] = [level]
        for _ in range(DEPTH):
            children = []
            for parent in level:
                for _ in range(BRANCHING):
                    subsumes.append((d, parent, next_id))
                    children.append(next_id)
                    next_id += 1
            level = children
            levels[d].append(level)
        leaves[d] = level
    existing = set(subsumes)
    target = len(subsumes) + EXTRA_EDGES
    while len(subsumes) < target:
        d = rng.randrange(DIMS)
        k = rng.choice((2, 3))  # parent at depth k, child at depth k+1: stays a DAG
        edge = (d, rng.choice(levels[d][k]), rng.choice(levels[d][k + 1]))
        if edge not in existing:
            existing.add(edge)
            subsumes.append(edge)
    coord, ev = [], 0
    for i in range(INSTANCES):
        for d in sorted(rng.sample(range(DIMS), 2)):
            coord.append((1_000_000 + i, d, rng.choice(leaves[d]), ev))
            ev += 1
    queries = []
    for q in range(QUERIES):
        dims = rng.sample(range(DIMS), rng.choice((1, 2, 2, 3)))
        # broad single constraints, narrower combined ones: ~500 answers a query on average
        depths = (2, 3) if len(dims) == 1 else (1, 2)
        queries.append([(q, d, rng.choice(levels[d][rng.choice(depths)])) for d in dims])
    return {"subsumes": subsumes, "coord": coord}, queries


def available(name: str):
    """The engine by name (a callable taking the program); None when absent or unusable."""
    reason = dict(engine_status()).get(name, f"no engine is registered as {name!r}")
    if reason:
        print(f"{name}: unavailable: {reason}")
        return None
    return lambda program: get_engine(name, program)


def bench(name: str, cls, program, base, queries, batch_size: int, singles: int) -> dict:
    t0 = time.perf_counter()
    engine = cls(program)
    session = engine.open(base)
    load = time.perf_counter() - t0
    batch_facts = {"qc": [row for q in queries[:batch_size] for row in q]}
    t0 = time.perf_counter()
    batch = session.run(batch_facts)["answer"]
    batch_s = time.perf_counter() - t0
    two = next(q for q in queries if len(q) == 2)
    times, single = [], None
    for _ in range(singles):
        t0 = time.perf_counter()
        single = session.run({"qc": two})["answer"]
        times.append(time.perf_counter() - t0)
    session.close()
    print(f"{name}: load {load:.2f} s | batch of {batch_size} queries {batch_s:.2f} s, "
          f"{len(batch):,} answers | one 2-constraint query: median {statistics.median(times) * 1000:.1f} ms, "
          f"min {min(times) * 1000:.1f} ms over {singles} warm runs, {len(single):,} answers")
    return {"batch": batch, "single": single, "batch_size": batch_size}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engines", default="duckdb,clingo")
    ap.add_argument("--threads", type=int, help="DuckDB threads (default: the engine's THREADS)")
    ap.add_argument("--clingo-batch", type=int, default=20,
                    help="queries in clingo's batch (the naive encoding needs ~9 GB for all 1,000)")
    ap.add_argument("--singles", type=int, default=20)
    args = ap.parse_args()

    t0 = time.perf_counter()
    base, queries = workload()
    print(f"workload: {len(base['subsumes']):,} subsumes, {len(base['coord']):,} coord, "
          f"{len(queries):,} queries ({time.perf_counter() - t0:.2f} s to generate)")
    program = assemble(parse_program(PROGRAM, file="bench/engine_load.py"))
    results = {}
    for name in args.engines.split(","):
        cls = available(name)
        if cls is None:
            continue
        if name == "duckdb" and args.threads:
            duckdb_engine.THREADS = args.threads
        size = args.clingo_batch if name == "clingo" else len(queries)
        results[name] = bench(name, cls, program, base, queries, size, args.singles)
    if len(results) > 1:
        ref_name, ref = next(iter(results.items()))
        for name, res in list(results.items())[1:]:
            n = res["batch_size"]
            ref_batch = [r for r in ref["batch"] if r[0] < n] if ref["batch_size"] >= n else None
            same_batch = "n/a" if ref_batch is None else ref_batch == res["batch"]
            print(f"{name} agrees with {ref_name}: single {res['single'] == ref['single']}, "
                  f"batch (first {n}) {same_batch}")


if __name__ == "__main__":
    main()
