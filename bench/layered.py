"""A layered lattice (after `add`) beside the one-layer build of the same content: open and per-hop
question time, side by side in one run.

    .venv/bin/python bench/layered.py                      # a 1,000,000-line KB, 1,000 lines added
    .venv/bin/python bench/layered.py --triples 200000 --work /tmp/layered

Generates bench/build.py's people KB (--triples lines, seed 11) and a part of --added lines about
the same people (seed 12, as bench/living.py), then, each step in its own process:

1. `build` the KB alone (one layer), then `add` the part (layer 2: the SQLite engine database of
   the top layer is the KB's kept up to date, engines/sqlite_layers.py);
2. `build` one source holding the KB's lines and the part's (one layer: the same lattice content);
3. for each of the two lattices, alternately, --rounds times (so that neither profits from being
   second): `latweave.open` (the stored view and the default single-plan engine) and --questions
   chain questions, a third each of 1, 2 and 3 hops (parents; parents → nationality;
   parents → parents → nationality), each asked once (first-asked: a new question, as a user
   asks), timed with its proof; p50 / p95 per hop, the engine that answered, and the answers of
   both lattices compared.

Prints a table and the layered lattice's ratio to the one-layer build; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CHAINS = {1: ["parents"], 2: ["parents", "nationality"], 3: ["parents", "parents", "nationality"]}


def plan(subject: str, hops: int) -> str:
    path = CHAINS[hops]
    steps = [f'let s0 = meet(subject = "{subject}") -> {path[0]}']
    steps += [f"let s{i} = meet(subject = $s{i - 1}) -> {rel}" for i, rel in enumerate(path[1:], 1)]
    return "\n".join(steps[:-1] + [steps[-1].split(" = ", 1)[1]])


def questions(kb: Path, count: int, seed: int = 5) -> list[tuple[str, int]]:
    """(subject, hops): subjects with a parent in the KB, hops 1, 2, 3 in turn."""
    with kb.open(encoding="utf-8") as handle:
        subjects = sorted({line.split("\t", 1)[0] for line in handle if "\tparents\t" in line})
    rng = random.Random(seed)
    return [(s, 1 + i % 3) for i, s in enumerate(rng.sample(subjects, count))]


def ask(lattice: str, kb: str, count: int, skip: int) -> dict:
    """In this process: open the lattice, ask the questions (after `skip` others, asked to warm the
    process up), return the times and answers."""
    import latweave

    qs = questions(Path(kb), count + skip)
    started = time.perf_counter()
    session = latweave.open(lattice)
    opened = time.perf_counter() - started
    for subject, hops in qs[:skip]:
        session.run(plan(subject, hops))
    times: dict[int, list[float]] = {1: [], 2: [], 3: []}
    answers = []
    for subject, hops in qs[skip:]:
        t = time.perf_counter()
        result = session.run(plan(subject, hops))
        times[hops].append((time.perf_counter() - t) * 1000)
        answers.append(sorted(result.answers))
    engine = session.engines["single"] if hasattr(session, "engines") else "?"
    session.close()
    return {"open": opened, "times": times, "answers": answers, "engine": engine}


def child(*args) -> dict:
    done = subprocess.run([sys.executable, __file__, "--child", *map(str, args)], check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def timed(argv: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "latweave.cli", *argv], check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--triples", type=int, default=1_000_000, help="lines of the generated KB")
    ap.add_argument("--added", type=int, default=1_000, help="lines of the part added")
    ap.add_argument("--questions", type=int, default=90, help="questions asked of each lattice, each round")
    ap.add_argument("--rounds", type=int, default=4, help="rounds, each asking both lattices (the first one first in turn)")
    ap.add_argument("--work", default=None, help="a folder for the KB and the lattices (default: a temporary one)")
    ap.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        lattice, kb, count, skip = args.child
        print(json.dumps(ask(lattice, kb, int(count), int(skip))))
        return
    from bench.build import generate

    work = Path(args.work) if args.work else Path(tempfile.mkdtemp(prefix="layered-"))
    work.mkdir(parents=True, exist_ok=True)
    kb, part, merged = work / "kb.txt", work / f"part-{args.added}.txt", work / "kb-and-part.txt"
    if not kb.exists():
        generate(kb, args.triples, seed=11)
    generate(part, args.added, seed=12)
    merged.write_text(kb.read_text(encoding="utf-8") + part.read_text(encoding="utf-8"), encoding="utf-8")
    layered, one = work / "layered", work / "one"
    steps = {}
    if not layered.exists():
        steps["build the KB (1 layer)"] = timed(["build", str(kb), "--format", "pathquestion", "--out", str(layered)])
        steps[f"`add` {args.added:,} lines (layer 2, its engine database kept)"] = timed(
            ["add", "--lattice", str(layered), str(part)])
    if not one.exists():
        steps["build the KB and the part as one source (1 layer)"] = timed(
            ["build", str(merged), "--format", "pathquestion", "--out", str(one)])
    for name, seconds in steps.items():
        print(f"{name}: {seconds:.1f} s (the command, Python included)")

    runs: dict[str, list[dict]] = {"layered": [], "one": []}
    for round_ in range(args.rounds):
        for name, folder in (("layered", layered), ("one", one)) if round_ % 2 == 0 else (("one", one), ("layered", layered)):
            runs[name].append(child(folder, kb, args.questions, 15 + round_ * args.questions))

    def figures(name: str) -> dict:
        times = {h: [t for run in runs[name] for t in run["times"][str(h)]] for h in (1, 2, 3)}
        return {"open": statistics.median(run["open"] for run in runs[name]),
                **{h: (statistics.median(ts), sorted(ts)[max(0, round(0.95 * len(ts)) - 1)]) for h, ts in times.items()},
                "engine": runs[name][0]["engine"]}

    lay, flat = figures("layered"), figures("one")
    same = sum(a == b for r in range(args.rounds) for a, b in zip(runs["layered"][r]["answers"], runs["one"][r]["answers"]))
    total = sum(len(run["answers"]) for run in runs["one"])
    print(f"\nlayered lattice vs its one-layer build: a {args.triples:,}-line KB + {args.added:,} lines; "
          f"{args.questions} first-asked questions per lattice per round, {args.rounds} rounds, alternating; with proofs")
    print("| lattice | engine | open s | 1 hop p50 / p95 ms | 2 hops | 3 hops |")
    print("|---|---|---|---|---|---|")
    for label, f in (("after `add` (2 layers)", lay), ("one layer, same content", flat)):
        print(f"| {label} | {f['engine']} | {f['open']:.2f} | "
              + " | ".join(f"{f[h][0]:.2f} / {f[h][1]:.2f}" for h in (1, 2, 3)) + " |")
    print("| layered ÷ one layer | | " + f"{lay['open'] / flat['open']:.2f}× | "
          + " | ".join(f"{lay[h][0] / flat[h][0]:.2f}× / {lay[h][1] / flat[h][1]:.2f}×" for h in (1, 2, 3)) + " |")
    print(f"answers equal: {same} of {total}")


if __name__ == "__main__":
    main()
