"""The SQLite engine's stored database (engines/sqlite_store.py) against opening in memory, and DuckDB.

On a lattice folder made by bench/spine.py (`--out`), side by side in one run:

- the build-time cost of writing the database (`write_engine_db` from the compiled facts) and its
  size (written into a scratch folder: the lattice folder is not touched);
- opening, alternating mode by mode: in-memory SQLite (`SqliteEngine.open(facts)`: load, evaluate
  the lattice strata, index), stored SQLite (`open_stored`: read-only, in place), DuckDB (`open`);
- each mode's memory, measured in a child process of its own: RSS after reading the compiled facts
  (what every mode's Runner holds for the plan compiler), after opening, and the peak after the plans;
- single-plan engine time (`session.run` of one compiled plan: spine.py's `plans(values, N)`, or
  with `--workload narrow` its `narrow_plans`, 1..100 answers each), p50 and p95, alternating mode
  by mode plan by plan, every mode's outputs checked equal to the first's.

`--pragmas` adds stored variants with other read settings (page cache, mmap, immutable=1) to tune
`sqlite_connection.PRAGMAS[Use.READ]`. Run:
    .venv/bin/python bench/stored.py --lattice /tmp/e12/l20k --single 40 [--pragmas]
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import spine  # noqa: E402

from latweave.compile.lattice_facts import CompiledLattice  # noqa: E402
from latweave.datalog.parser import load_rules  # noqa: E402
from latweave.engines.base import get_engine  # noqa: E402
from latweave.engines.sqlite_engine import SqliteEngine  # noqa: E402
from latweave.engines.sqlite_connection import PRAGMAS, Use  # noqa: E402
from latweave.engines.sqlite_engine import SqliteSession  # noqa: E402
from latweave.engines.sqlite_write import write_engine_db  # noqa: E402
from latweave.folder.names import ENGINE_DB

#: stored variants: (pragmas, immutable)
BASE = PRAGMAS[Use.READ]
VARIANTS = {
    "stored": (BASE, False),
    "stored-mmap1G": (("temp_store = MEMORY", "cache_size = -65536", "mmap_size = 1073741824"), False),
    "stored-cache2M": (("temp_store = MEMORY", "cache_size = -2000", "mmap_size = 0"), False),
    "stored-cache512M": (("temp_store = MEMORY", "cache_size = -524288", "mmap_size = 0"), False),
    "stored-immutable": (BASE, True),
}


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def peak_mb() -> float:
    """This process's peak RSS (VmHWM: unlike ru_maxrss, not inherited from the parent at fork)."""
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:")) / 1024


def opener(mode: str, rules, folder: Path, db_dir: Path, compiled):
    """A function that opens a session of `mode`."""
    if mode == "memory":
        engine = SqliteEngine(rules)
        return lambda: engine.open(compiled.facts)
    if mode == "duckdb":
        engine = get_engine("duckdb", rules)
        return lambda: engine.open(compiled.facts)
    pragmas, immutable = VARIANTS[mode]
    engine = SqliteEngine(rules)
    return lambda: SqliteSession.stored(engine, db_dir / ENGINE_DB, pragmas=pragmas, immutable=immutable)


def child(mode: str, folder: Path, db_dir: Path, plans_file: Path) -> None:
    """One mode's memory: RSS after the compiled facts, after opening, peak after the plans."""
    rules = load_rules()
    compiled = CompiledLattice.read(folder)
    facts = pickle.loads(plans_file.read_bytes())
    base = rss_mb()
    open_ = opener(mode, rules, folder, db_dir, compiled)
    session = open_()
    opened = rss_mb()
    for f in facts:
        session.run(f)
    print(json.dumps({"facts": base, "open": opened, "peak": peak_mb()}))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lattice", required=True, help="a folder made by bench/spine.py --out")
    ap.add_argument("--single", type=int, default=40, help="single plans timed per mode")
    ap.add_argument("--workload", choices=("broad", "narrow"), default="broad",
                    help="spine.py's plans(values, N) (broad: thousands of answers at 1.2M) or "
                         "narrow_plans (1..100 answers each, issue 12's target)")
    ap.add_argument("--opens", type=int, default=2, help="opens timed per mode")
    ap.add_argument("--pragmas", action="store_true", help="also stored variants with other read settings")
    ap.add_argument("--modes", default="", help="comma-separated modes (default memory,stored,duckdb)")
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--db", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--plans-file", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    folder = Path(args.lattice)
    if args.child:
        return child(args.child, folder, Path(args.db), Path(args.plans_file))

    from latweave.compile.plan_facts import compile_plans
    from latweave.folder.store import load_lattice

    counts = json.loads((folder / "manifest.json").read_text())["counts"]
    _, levels, note = spine.lattice_folder(counts["instances"], str(folder), False)
    print(note)
    rules = load_rules()
    t = time.perf_counter()
    compiled = CompiledLattice.read(folder)
    read_s = time.perf_counter() - t
    lattice = load_lattice(folder, verify=False)
    if args.workload == "narrow":
        from floor import Floor

        plans, _, _ = spine.narrow_plans(levels, args.single, Floor(compiled, lattice))
    else:
        plans = spine.plans(spine._flat(levels), args.single)
    facts = [dict(compile_plans([p], compiled, lattice).facts) for p in plans]
    del lattice

    scratch = Path(tempfile.mkdtemp(prefix="latweave-stored-"))
    try:
        before = peak_mb()
        t = time.perf_counter()
        write_engine_db(scratch / ENGINE_DB, compiled.facts, SqliteEngine(rules))
        write_s = time.perf_counter() - t
        size = (scratch / ENGINE_DB).stat().st_size
        print(f"\nbuild: write_engine_db {write_s:.2f} s, {size / 2**20:,.1f} MiB "
              f"({size / max(1, counts['instances']):,.0f} B per instance); read_facts (every mode's Runner) "
              f"{read_s:.2f} s; this process's peak RSS {before:,.0f} -> {peak_mb():,.0f} MB")

        modes = args.modes.split(",") if args.modes else ["memory", "stored", "duckdb"]
        if args.pragmas:
            modes += [m for m in VARIANTS if m not in modes]
        openers = {m: opener(m, rules, folder, scratch, compiled) for m in modes}
        open_s = {m: [] for m in modes}
        sessions = {}
        for rep in range(args.opens):
            for m in modes:
                if m in sessions:
                    sessions.pop(m).close()
                t = time.perf_counter()
                sessions[m] = openers[m]()
                open_s[m].append(time.perf_counter() - t)

        times = {m: [] for m in modes}
        answers = 0
        for f in facts:
            first = None
            for m in modes:
                t = time.perf_counter()
                out = sessions[m].run(f)
                times[m].append((time.perf_counter() - t) * 1000)
                if first is None:
                    first = out
                    answers += len(out.get("answer", []))
                elif out != first:
                    raise SystemExit(f"{m} disagrees with {modes[0]} on a plan")
        for s in sessions.values():
            s.close()

        plans_file = scratch / "plans.pickle"
        plans_file.write_bytes(pickle.dumps(facts))
        memory = {}
        for m in modes:
            proc = subprocess.run([sys.executable, __file__, "--lattice", str(folder), "--child", m,
                                   "--db", str(scratch), "--plans-file", str(plans_file)],
                                  capture_output=True, text=True, check=True)
            memory[m] = json.loads(proc.stdout.strip().splitlines()[-1])

        print(f"\n{len(facts)} single plans ({args.workload}), modes alternating plan by plan, outputs equal across modes "
              f"({answers:,} answer rows in all); opens alternating, {args.opens} per mode (min / max)\n")
        print("| mode | open s (min / max) | RSS MB: facts read / +open / peak with plans | engine p50 ms | p95 ms | mean ms |")
        print("|---|---|---|---|---|---|")
        ref = statistics.median(times[modes[0]])
        for m in modes:
            e = times[m]
            mem = memory[m]
            print(f"| {m} | {min(open_s[m]):.3f} / {max(open_s[m]):.3f} | {mem['facts']:,.0f} / "
                  f"+{mem['open'] - mem['facts']:,.0f} / {mem['peak']:,.0f} | {statistics.median(e):.2f} | "
                  f"{spine.quantile(e, 0.95):.2f} | {statistics.mean(e):.2f} |")
        print(f"\nratios of p50 to {modes[0]}: " +
              ", ".join(f"{m} {statistics.median(times[m]) / ref:.2f}x" for m in modes[1:]))
        print(f"load average now: {os.getloadavg()[0]:.2f} (2 cores shared)")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
