"""Opening a lattice for queries: the whole model (the old path) against the stored view.

Each open runs in a fresh process (so peak RSS is that open's own), old and new alternating, and
the table prints each phase's median and the process's peak RSS:

* old — `read_manifest` hashing every file, `load_lattice` (every instance and predicate as
  objects), `sorted_predicates`, `CompiledLattice` with every fact row parsed, `engine.open(facts)`;
* new — `read_manifest(cached=True)` (the stat cache: a file whose stat is unchanged since it
  last hashed right is not hashed again), `StoredLattice` (dimensions only), the symbol table,
  facts parsed only where the session needs them, `engine.open_stored(folder)` where the engine
  has a stored form (else `engine.open(facts)`, which parses every relation).

Then both run the same plan with its proof ("first plan": decoding reads the predicates and
instances it needs), and the answers must be equal. The first new open of a run starts from an
empty cache (`cold`: every file hashed once); the others find it warm.

    .venv/bin/python bench/open.py /tmp/e12/l135k-v3 --engines duckdb,sqlite --repeat 3
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

PHASES = ("manifest", "view", "symbols", "facts", "session", "open", "first_plan")


def _plan_text(view, predicates) -> str:
    """One plan both paths run: the instances with predicate 0's value on its dimension."""
    pred = predicates[0]
    dim = view.dimensions[pred.dimension]
    return f"meet({dim.name} = {json.dumps(dim.labels[pred.value], ensure_ascii=False)})"


def child(mode: str, folder: Path, engine_name: str) -> dict:
    from latweave.compile.facts import LATTICE_RELATIONS, read_facts
    from latweave.compile.lattice_facts import CompiledLattice
    from latweave.compile.plan_facts import compile_plans
    from latweave.compile.symbols import SymbolTable
    from latweave.datalog.parser import load_rules
    from latweave.engines.base import get_engine
    from latweave.folder.store import load_lattice, read_manifest
    from latweave.folder.stored import StoredLattice
    from latweave.plan.read import read_plan
    from latweave.proof.contested import Worlds
    from latweave.proof.extract import QueryDecoder

    engine = get_engine(engine_name, load_rules())  # the rules are parsed once either way: not timed
    t, times = time.perf_counter(), {}

    def lap(name: str) -> None:
        nonlocal t
        now = time.perf_counter()
        times[name] = now - t
        t = now

    if mode == "old":
        read_manifest(folder)
        lap("manifest")
        lattice = load_lattice(folder, verify=False)
        predicates = lattice.sorted_predicates()
        lap("view")
        symbols = SymbolTable.read(folder / "symbols.jsonl")
        lap("symbols")
        compiled = CompiledLattice(symbols, read_facts(folder / "facts", LATTICE_RELATIONS))
        lap("facts")
        session = engine.open(compiled.facts)
        lap("session")
        view, worlds = lattice, None
    else:
        manifest = read_manifest(folder, cached=True)
        lap("manifest")
        view = StoredLattice(folder, manifest)
        predicates = view.sorted_predicates()
        lap("view")
        compiled = CompiledLattice.read(folder)
        lap("symbols")
        lap("facts")  # nothing parsed yet: the session parses what it needs
        session = engine.open_stored(folder) or engine.open(compiled.facts)
        lap("session")
        times["parsed"] = compiled.facts.loaded
    times["open"] = sum(times[p] for p in PHASES[:5])
    t = time.perf_counter()
    plan = read_plan(_plan_text(view, predicates))
    batch = compile_plans([plan], compiled, view)
    outputs = session.run(dict(batch.facts))
    worlds = Worlds.of(view, predicates, compiled)
    outcome = QueryDecoder(view, predicates, batch, outputs, worlds).outcome(batch.layouts[0])
    lap("first_plan")
    times["answers"] = len(outcome.answers)
    times["answers_digest"] = hashlib.sha256(json.dumps(list(outcome.answers)).encode()).hexdigest()[:16]
    times["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    session.close()
    return times


def spawn(mode: str, folder: Path, engine: str, cache: str) -> dict:
    env = {**os.environ, "LATWEAVE_CACHE": cache}
    out = subprocess.run([sys.executable, __file__, "--child", mode, str(folder), "--engines", engine],
                         env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"{mode} {engine} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folders", nargs="+", type=Path)
    ap.add_argument("--engines", default="duckdb,sqlite")
    ap.add_argument("--repeat", type=int, default=3, help="opens per path (alternating old, new)")
    ap.add_argument("--child", choices=("old", "new"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.folders[0], args.engines)))
        return
    header = (f"{'lattice':<12}{'engine':<8}{'path':<9}" + "".join(f"{p:>11}" for p in PHASES)
              + f"{'peak MB':>10}  spread(open)")
    print(f"cores={os.cpu_count()}; seconds, median of {args.repeat} (old, new alternating, each a fresh process)")
    print(header)
    for folder in args.folders:
        manifest = json.loads((folder / "manifest.json").read_text())
        label = f"{manifest['counts']['instances'] // 1000}k"
        for engine in args.engines.split(","):
            with tempfile.TemporaryDirectory() as cache:
                cold = spawn("new", folder, engine, cache)
                runs = {"old": [], "new": []}
                for _ in range(args.repeat):
                    for mode in ("old", "new"):
                        runs[mode].append(spawn(mode, folder, engine, cache))
            assert len({(r["answers"], r["answers_digest"]) for r in [cold, *runs["old"], *runs["new"]]}) == 1, \
                "old and new paths answered differently"
            rows = {"old": runs["old"], "new": runs["new"], "new cold": [cold]}
            med = {}
            for mode, got in rows.items():
                med[mode] = {p: statistics.median(r[p] for r in got) for p in (*PHASES, "peak_rss_mb")}
                opens = [r["open"] for r in got]
                spread = f"{min(opens):.2f}-{max(opens):.2f}" if len(opens) > 1 else "-"
                print(f"{label:<12}{engine:<8}{mode:<9}" + "".join(f"{med[mode][p]:>11.3f}" for p in PHASES)
                      + f"{med[mode]['peak_rss_mb']:>10.0f}  {spread}")
            parsed = runs["new"][0]["parsed"]
            print(f"{'':<20}old/new open {med['old']['open'] / med['new']['open']:.1f}x, peak RSS "
                  f"{med['old']['peak_rss_mb'] / med['new']['peak_rss_mb']:.1f}x; answers {cold['answers']}; "
                  f"new path parsed facts: {', '.join(parsed) or 'none'}")


if __name__ == "__main__":
    main()
