"""latweave beside what a user would pick instead: the same KB and questions in Oxigraph (SPARQL)
and Kùzu (Cypher), side by side in one run.

    pip install -e '.[peers]'
    .venv/bin/python bench/kb_gen.py --instances 300000 --out /tmp/kb-300k.txt
    .venv/bin/latweave build /tmp/kb-300k.txt --format pathquestion --out /tmp/l300k
    .venv/bin/python bench/peers.py --kb /tmp/kb-300k.txt --lattice /tmp/l300k --work /tmp/peers --questions 60

The questions are chains from one subject, one to three hops (bench/kb_gen.py's relations): its
place of birth; its place of birth's country; a parent's place of birth's country — a third each,
seeded. For each system, in this order, each in its own child process (so that each open is cold
for the process and each peak RSS its own):

* **build**: latweave's is the `--lattice` given (built by `latweave build`: its time is that
  command's, printed by it); Oxigraph bulk-loads the KB as N-Triples into an on-disk store; Kùzu
  copies it from CSV into an on-disk database (one node table, one relationship table per relation).
* **open**: seconds from nothing to a store that answers (latweave: `latweave.open`, the stored
  view and the default engine; Oxigraph: `Store(path)`; Kùzu: `Database` + `Connection`).
* **first**: the first question's milliseconds (a 1-hop question, asked right after the open: what
  the open left to a first use — at 10M, latweave's first proof opens the KB's text to cite a line).
* **per question**: p50 / p95 milliseconds by hop count, one question at a time, each the first
  time it is asked (latweave's with its proof tree, as `latweave run` gives it; the peers return bare
  bindings); with `--warm`, each system's files are read whole into the operating system's page
  cache before its open (what a server that has run a while has: the runs then compare the
  systems, not what the page cache happened to hold — Oxigraph's p50 on the same store moved
  0.10 → 0.23 ms between two runs of this script without it); with `--cold`, each system's files are evicted from the operating system's page cache
  (posix_fadvise) before its open and before each question — pages a process has mapped, and a
  database's own in-process cache, stay (latweave's SQLite page cache, Oxigraph's RocksDB block
  cache, Kùzu's buffer pool). latweave runs
  twice, each in its own child process: with its proofs (`latweave`) and answers only
  (`latweave-answers`: `session.run(text, proofs=False)`, what the peers return).
* **batch**: questions per second for all of them in one loop, asked again after the timed ones:
  a warm session's rate (latweave keeps the texts' plans and the proofs' labels and leaves it read;
  the peers their own caches), not a first-asked one.
* **disk**: the bytes of the files each answers from (latweave's lattice folder, each peer's store);
  the lattice folder ÷ its KB text is issue 44's footprint goal (≤ 8×), printed with its largest entries.
* **answers**: each question's sorted answers, compared with latweave's; the count that agree is
  printed (the script says which differ, and does not stop). Where a system's answers differ, the
  ratios with it say so instead of "met": timings of different answers compare nothing.

A peer's store in `--work` is reused only when it was built from the same KB file (a stamp beside
it: the KB's path, size and modification time); a store from another KB, or one without a stamp,
stops the run before anything is timed (exit 2) — a 300k store timed against a 100k lattice once
printed "met" over answers that agreed on 13 questions of 300.

Prints a table and the ratios issue 44 sets goals on: latweave with its proof ÷ Oxigraph's p50 per hop
count (goal ≤ 3×), answers only ÷ Oxigraph's (≤ 2×), latweave ÷ Kùzu's per hop, and latweave's batch
rate ÷ each peer's; asserts nothing about time. docs/performance.md quotes its output.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NS = "http://latweave.example/"
HOPS = {1: ["place_of_birth"], 2: ["place_of_birth", "country"], 3: ["parents", "place_of_birth", "country"]}


def questions(kb: Path, count: int, seed: int = 5) -> list[tuple[str, int]]:
    """(subject, hops) pairs: subjects drawn from the KB's persons, hops 1, 2, 3 in turn."""
    people = 0
    with kb.open(encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("person_") and "\tgender\t" in line:
                people += 1
    rng = random.Random(seed)
    return [(f"person_{rng.randrange(people):08d}", 1 + i % 3) for i in range(count)]


def kb_stamp(kb: Path) -> str:
    """What identifies the KB a peer's store was built from: its path, size and modification time."""
    st = kb.stat()
    return f"{kb.resolve()}\t{st.st_size}\t{st.st_mtime_ns}\n"


def stale_stores(kb: Path, work: Path, systems: list[str]) -> list[str]:
    """The peers' stores in `work` that were not built from `kb` (or carry no stamp saying so)."""
    stale = []
    for system in systems:
        store = work / system
        if system in ("oxigraph", "kuzu") and store.exists():
            stamp = work / f"{system}.kb"
            if not stamp.exists() or stamp.read_text(encoding="utf-8") != kb_stamp(kb):
                stale.append(str(store))
    return stale


def latweave_plan(subject: str, hops: int) -> str:
    path = HOPS[hops]
    steps = [f'let s0 = meet(subject = "{subject}") -> {path[0]}']
    steps += [f"let s{i} = meet(subject = $s{i - 1}) -> {rel}" for i, rel in enumerate(path[1:], 1)]
    return "\n".join(steps[:-1] + [steps[-1].split(" = ", 1)[1]])


def sparql(subject: str, hops: int) -> str:
    path = HOPS[hops]
    triples = " . ".join(f"?x{i} <{NS}{rel}> ?x{i + 1}" for i, rel in enumerate(path))
    return f"SELECT DISTINCT ?x{len(path)} WHERE {{ VALUES ?x0 {{ <{NS}{subject}> }} {triples} }}"


def cypher(hops: int) -> str:
    path = HOPS[hops]
    chain = "".join(f"-[:{rel}]->(x{i + 1}:Entity)" for i, rel in enumerate(path))
    return f"MATCH (x0:Entity {{name: $s}}){chain} RETURN DISTINCT x{len(path)}.name"


def evict(folder: Path) -> None:
    """Drop `folder`'s files from the operating system's page cache (posix_fadvise DONTNEED: no
    privileges needed). Pages a process has mapped stay, as do a database's own in-process caches."""
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            fd = os.open(path, os.O_RDONLY)
            try:
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)


def _timed(run, qs, cold: Path | None = None) -> tuple[dict, float, list]:
    by_hops: dict[int, list[float]] = {}
    answers = []
    for subject, hops in qs:
        if cold is not None:
            evict(cold)
        t = time.perf_counter()
        got = run(subject, hops)
        by_hops.setdefault(hops, []).append((time.perf_counter() - t) * 1000)
        answers.append(sorted(got))
    t = time.perf_counter()
    for subject, hops in qs:
        run(subject, hops)
    rate = len(qs) / (time.perf_counter() - t)
    return by_hops, rate, answers


def warm_up(folder: Path) -> None:
    """Read every file of `folder` once, so that its pages are in the page cache."""
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as handle:
                while handle.read(1 << 20):
                    pass


def child(system: str, kb: Path, lattice: Path, work: Path, count: int, cold: bool = False,
          warm: bool = False) -> dict:
    """One system's build (peers), open, per-question times, batch rate and answers; `cold`: the
    system's files evicted from the page cache before the open and before each timed question."""
    qs = questions(kb, count)
    out: dict = {"system": system}
    files = {"oxigraph": work / "oxigraph", "kuzu": work / "kuzu"}.get(system, lattice)
    if cold and files.exists():
        evict(files)
    if warm and files.exists():
        warm_up(files)
    if system in ("latweave", "latweave-answers"):
        import latweave

        t = time.perf_counter()
        session = latweave.open(lattice)
        out["open_s"] = time.perf_counter() - t
        proofs = system == "latweave"

        def run(subject, hops):
            text = latweave_plan(subject, hops)
            result = session.run(text) if proofs else session.run(text, proofs=False)
            return list(result.answers)
    elif system == "oxigraph":
        import pyoxigraph as ox

        store_dir = work / "oxigraph"
        if not store_dir.exists():
            t = time.perf_counter()
            nt = work / "kb.nt"
            with kb.open(encoding="utf-8") as src, nt.open("w", encoding="utf-8") as dst:
                for line in src:
                    s, r, o = line.rstrip("\n").split("\t")[:3]
                    dst.write(f"<{NS}{s}> <{NS}{r}> <{NS}{o}> .\n")
            store = ox.Store(str(store_dir))
            store.bulk_load(path=str(nt), format=ox.RdfFormat.N_TRIPLES)
            store.flush()
            del store
            (work / "oxigraph.kb").write_text(kb_stamp(kb), encoding="utf-8")
            out["build_s"] = time.perf_counter() - t
        t = time.perf_counter()
        store = ox.Store(str(store_dir))
        out["open_s"] = time.perf_counter() - t

        def run(subject, hops):
            return [row[0].value[len(NS):] for row in store.query(sparql(subject, hops))]
    else:
        import kuzu

        db_dir = work / "kuzu"
        if not db_dir.exists():
            t = time.perf_counter()
            nodes, edges = set(), {}
            with kb.open(encoding="utf-8") as src:
                for line in src:
                    s, r, o = line.rstrip("\n").split("\t")[:3]
                    nodes.update((s, o))
                    edges.setdefault(r, set()).add((s, o))
            db = kuzu.Database(str(db_dir))
            conn = kuzu.Connection(db)
            conn.execute("CREATE NODE TABLE Entity(name STRING, PRIMARY KEY (name))")
            (work / "nodes.csv").write_text("".join(f"{json.dumps(n)}\n" for n in sorted(nodes)), encoding="utf-8")
            conn.execute(f"COPY Entity FROM '{work / 'nodes.csv'}'")
            for rel, pairs in sorted(edges.items()):
                conn.execute(f"CREATE REL TABLE {rel}(FROM Entity TO Entity)")
                path = work / f"{rel}.csv"
                path.write_text("".join(f"{json.dumps(s)},{json.dumps(o)}\n" for s, o in sorted(pairs)), encoding="utf-8")
                conn.execute(f"COPY {rel} FROM '{path}'")
            del conn, db
            (work / "kuzu.kb").write_text(kb_stamp(kb), encoding="utf-8")
            out["build_s"] = time.perf_counter() - t
        t = time.perf_counter()
        db = kuzu.Database(str(db_dir))
        conn = kuzu.Connection(db)
        out["open_s"] = time.perf_counter() - t
        prepared = {h: conn.prepare(cypher(h)) for h in HOPS}

        def run(subject, hops):
            result = conn.execute(prepared[hops], {"s": subject})
            rows = []
            while result.has_next():
                rows.append(result.get_next()[0])
            return rows
    by_hops, rate, answers = _timed(run, qs, files if cold else None)
    out["p50_ms"] = {str(h): statistics.median(v) for h, v in sorted(by_hops.items())}
    out["p95_ms"] = {str(h): sorted(v)[max(0, int(len(v) * 0.95) - 1)] for h, v in sorted(by_hops.items())}
    out["batch_qps"] = rate
    out["first_ms"] = by_hops[1][0]   # the first question asked: what an open left to its first use
    out["answers"] = answers
    out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    out["disk_mb"] = disk_bytes(files) / 1e6
    return out


def disk_bytes(folder: Path) -> int:
    """The bytes of every file under `folder` (their lengths, as `du -b` counts them); a store that
    is one file (Kùzu's), its length."""
    if folder.is_file():
        return folder.stat().st_size
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def footprint(lattice: Path, kb: Path, by_system: dict[str, dict]) -> list[str]:
    """Issue 44's footprint goal: the lattice folder ÷ its KB text (goal ≤ 8×), ÷ each peer's store,
    and the folder's largest entries."""
    text = kb.stat().st_size / 1e6
    ours = by_system.get("latweave") or by_system.get("latweave-answers")
    if ours is None:
        return []
    ratio = ours["disk_mb"] / text
    lines = [f"on disk: latweave {ours['disk_mb']:.0f} MB = {ratio:.1f}x the KB text ({text:.0f} MB)  "
             f"(goal <= 8x: {'met' if ratio <= 8 else 'not met'})"
             + "".join(f"; {ours['disk_mb'] / row['disk_mb']:.1f}x {peer}'s {row['disk_mb']:.0f} MB"
                       for peer, row in by_system.items() if not peer.startswith("latweave") and row.get("disk_mb"))]
    entries = sorted(((disk_bytes(path), path.name)
                      for path in lattice.iterdir()), key=lambda e: (-e[0], e[1]))
    lines.append("  largest: " + ", ".join(f"{name} {size / 1e6:.0f} MB" for size, name in entries[:8]))
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kb", type=Path, required=True, help="a PathQuestion-format KB file (bench/kb_gen.py)")
    ap.add_argument("--lattice", type=Path, required=True, help="the lattice `latweave build` made of --kb")
    ap.add_argument("--work", type=Path, required=True, help="a folder for the peers' stores (reused when present)")
    ap.add_argument("--questions", type=int, default=60)
    ap.add_argument("--systems", default="latweave,latweave-answers,oxigraph,kuzu")
    ap.add_argument("--warm", action="store_true",
                    help="read each system's files into the page cache before its open (steady state)")
    ap.add_argument("--cold", action="store_true",
                    help="evict each system's files from the page cache before its open and before each timed "
                         "question (the batch runs warm)")
    ap.add_argument("--partial-outputs", choices=("on", "off"), default=None,
                    help="latweave computes the outputs a question's outcome reads first (Runner.partial_outputs, "
                         "engines/partial.py), or every output; default: the Runner's default")
    ap.add_argument("--prepared", choices=("on", "off"), default=None,
                    help="latweave answers a question of a template it has seen along the template's prepared "
                         "path (Runner.prepared, latweave/prepared.py), or the general way; default: the Runner's "
                         "default")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.warm and args.cold:
        ap.error("--warm and --cold ask for opposite page caches: give one")
    # the children run in the repository's root: paths as given from here
    args.kb, args.lattice, args.work = args.kb.resolve(), args.lattice.resolve(), args.work.resolve()
    if args.partial_outputs or args.prepared:
        from latweave.execute import Runner

        if args.partial_outputs:
            Runner.partial_outputs = args.partial_outputs == "on"
        if args.prepared:
            Runner.prepared = args.prepared == "on"
    if args.child:
        print(json.dumps(child(args.child, args.kb, args.lattice, args.work, args.questions, args.cold, args.warm)))
        return
    args.work.mkdir(parents=True, exist_ok=True)
    stale = stale_stores(args.kb, args.work, args.systems.split(","))
    if stale:
        print(f"peers: {', '.join(stale)}: built from another KB than {args.kb} (or before stores were stamped); "
              f"hint: give another --work, or remove those stores to build them again", file=sys.stderr)
        sys.exit(2)
    rows = []
    for system in args.systems.split(","):
        done = subprocess.run([sys.executable, __file__, "--kb", str(args.kb), "--lattice", str(args.lattice),
                               "--work", str(args.work), "--questions", str(args.questions), "--child", system,
                               *(["--cold"] if args.cold else []), *(["--warm"] if args.warm else []),
                               *(["--partial-outputs", args.partial_outputs] if args.partial_outputs else []),
                               *(["--prepared", args.prepared] if args.prepared else [])],
                              capture_output=True, text=True, cwd=ROOT)
        if done.returncode != 0:
            print(f"{system}: failed\n{done.stderr[-2000:]}", file=sys.stderr)
            continue
        rows.append(json.loads(done.stdout.strip().splitlines()[-1]))
    base = rows[0]
    print(f"{'system':16} {'build s':>8} {'open s':>7} {'first ms':>9} "
          + " ".join(f"{f'p50/p95 {h}-hop ms':>20}" for h in HOPS)
          + f" {'batch q/s':>10} {'peak MB':>8} {'disk MB':>8} {'agree':>7}")
    for row in rows:
        agree = sum(a == b for a, b in zip(row["answers"], base["answers"]))
        build = f"{row['build_s']:.1f}" if "build_s" in row else "-"
        cells = " ".join(f"{row['p50_ms'][str(h)]:>9.2f}/{row['p95_ms'][str(h)]:<10.2f}" for h in HOPS)
        print(f"{row['system']:16} {build:>8} {row['open_s']:>7.2f} {row.get('first_ms', float('nan')):>9.1f} "
              f"{cells} {row['batch_qps']:>10.0f} "
              f"{row['peak_mb']:>8.0f} {row['disk_mb']:>8.0f} {agree:>3}/{len(row['answers'])}")
        for i, (a, b) in enumerate(zip(row["answers"], base["answers"])):
            if a != b and row is not base:
                print(f"    question {i}: {row['system']} {a[:5]} vs {base['system']} {b[:5]}")
    print()
    by_system = {row["system"]: row for row in rows}
    for row in rows:
        row["differ"] = sum(a != b for a, b in zip(row["answers"], base["answers"]))
    for line in ratios(by_system) + footprint(args.lattice, args.kb, by_system):
        print(line)


#: (latweave's run, the peer, what issue 44 asks of the ratio of their p50s; None: no goal)
RATIOS = (("latweave", "oxigraph", 3.0), ("latweave-answers", "oxigraph", 2.0), ("latweave", "kuzu", None),
          ("latweave-answers", "kuzu", None))


def ratios(by_system: dict[str, dict]) -> list[str]:
    """The ratios issue 44 sets goals on, one line each, for the systems measured: each latweave
    run's p50 ÷ a peer's per hop count (with the goal, and whether it is met), its open time ÷ the
    peer's, and its batch rate ÷ the peer's."""
    lines = []
    for ours, peer, goal in RATIOS:
        a, b = by_system.get(ours), by_system.get(peer)
        if a is None or b is None:
            continue
        per_hop = [a["p50_ms"][str(h)] / b["p50_ms"][str(h)] for h in HOPS]
        cells = ", ".join(f"{h}-hop {r:.1f}x" for h, r in zip(HOPS, per_hop))
        differ = a.get("differ", 0) + b.get("differ", 0)
        if differ:
            said = f"  (answers differ on {differ} questions: no goal can be read off these)"
        else:
            said = "" if goal is None else (f"  (goal <= {goal:g}x: " + ("met" if max(per_hop) <= goal else "not met") + ")")
        lines.append(f"{ours} / {peer} p50: {cells}{said}; open {a['open_s'] / b['open_s']:.1f}x; "
                     f"batch q/s {a['batch_qps'] / b['batch_qps']:.3g}x")
    return lines


if __name__ == "__main__":
    main()
