"""Paging a large answer set: the whole result with every proof vs a first page vs no proofs.

One plan that answers (nearly) every instance of `bench/spine.py`'s generated lattice — the union
of the top-level values of two of its dimensions — run in four modes, each in a fresh child
process (so that each mode's peak RSS is its own), the modes alternating round after round:

    open        open the lattice, run nothing (the baseline RSS)
    all         the whole answer set, a proof tree for every answer (today's `latweave run`)
    page        the first page of --limit answers, proofs for those only (`--limit 100`), then
                one more answer's proof on demand (`Result.proof_of`, no engine run)
    noproof     the whole answer set without proofs (`proofs=False`)

The engine derives the whole answer set in every mode (the total is exact); only decoding
differs. Prints a table of median times (run = compile + engine + decode, as `Runner.run`), the
ratios to `all`, and peak RSS; asserts nothing about time.

    .venv/bin/python bench/paging.py --instances 135000 --out /tmp/paging135k --rounds 3 [--model]

`--model` decodes against the whole Python model (`Runner.lattice`) instead of the stored view, to
separate what the proofs cost from the stored view's per-instance label look-ups (sorting 135k
answers by label reads every answer's instance row).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.spine import lattice_folder, peak_rss_mb  # noqa: E402

MODES = ("open", "all", "page", "noproof")


def plan_text() -> str:
    """Every instance of the generated lattice has two of alpha, beta, gamma: the top values of
    alpha and of beta reach all of them."""
    return " | ".join(f'meet({d} <= "{d}0-{b}")' for d in ("alpha", "beta") for b in range(6))


def child(folder: str, mode: str, limit: int, engine: str | None, model: bool = False) -> dict:
    """One mode in this process: open, run once, report times and this process's peak RSS."""
    from latweave.execute import Runner
    from latweave.plan.parser import parse_plan
    from latweave.proof.page import Page

    plan = parse_plan(plan_text())
    t = time.perf_counter()
    runner = Runner(folder, engine)
    if model:  # decode against the whole Python model instead of the stored view (labels in memory)
        runner.view = runner.lattice
        runner.predicates = runner.lattice.sorted_predicates()
    runner.session  # the engine session opened, as a warm REPL or API session has it
    row: dict = {"mode": mode, "open_s": time.perf_counter() - t}
    if mode != "open":
        t = time.perf_counter()
        result = runner.run([plan], proofs=mode != "noproof", page=Page(limit) if mode == "page" else None)[0]
        row["run_s"] = time.perf_counter() - t
        row.update(runner.last_timing)
        row["shown"] = len(result.answers)
        row["total"] = result.page.total if result.page else len(result.answers)
        row["trees"] = len(result.proof.trees or ())
        if mode == "page":
            far = result.answer_set.answers[-1][0]
            t = time.perf_counter()
            result.proof_of(far)
            row["proof_of_ms"] = (time.perf_counter() - t) * 1000
    runner.close()
    row["peak_rss_mb"] = peak_rss_mb()
    return row


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--instances", type=int, default=135_000)
    ap.add_argument("--out", default=None, help="keep the generated lattice in this folder (reused when present)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--limit", type=int, default=100)
    ap.add_argument("--engine", default=None)
    ap.add_argument("--model", action="store_true",
                    help="decode against the whole Python model (load_lattice) instead of the stored view, "
                         "to see decoding without the stored view's per-instance label look-ups")
    ap.add_argument("--child", nargs=2, metavar=("FOLDER", "MODE"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(args.child[0], args.child[1], args.limit, args.engine, args.model)))
        return
    folder, _, note = lattice_folder(args.instances, args.out, stream=True)
    print(note)
    rows: dict[str, list[dict]] = {m: [] for m in MODES}
    for r in range(args.rounds):
        order = MODES if r % 2 == 0 else tuple(reversed(MODES))  # alternate which goes first
        for mode in order:
            cmd = [sys.executable, __file__, "--child", str(folder), mode, "--limit", str(args.limit)]
            if args.engine:
                cmd += ["--engine", args.engine]
            if args.model:
                cmd.append("--model")
            out = subprocess.run(cmd, capture_output=True, text=True, check=True)
            rows[mode].append(json.loads(out.stdout.strip().splitlines()[-1]))
            print(f"  round {r + 1} {mode:8} {json.dumps(rows[mode][-1])}", flush=True)

    def med(mode: str, key: str) -> float:
        values = [row[key] for row in rows[mode] if key in row]
        return statistics.median(values) if values else float("nan")

    def spread(mode: str, key: str) -> str:
        values = [row[key] for row in rows[mode] if key in row]
        return f"{min(values):.2f}–{max(values):.2f}" if values else ""

    print(f"\nplan: {plan_text()}")
    print("decoding against: " + ("the whole Python model (--model)" if args.model else "the stored view (Runner's default)"))
    print(f"answers: {rows['all'][0]['total']:,} (page: the first {args.limit}); {args.rounds} rounds, "
          "modes alternating, each in a fresh process; medians (min–max of run)")
    print(f"{'mode':9} {'run s':>7} {'(min–max)':>13} {'engine s':>9} {'decode s':>9} {'÷ all':>7} "
          f"{'trees':>7} {'peak RSS MB':>12}")
    base = med("all", "run_s")
    for mode in MODES:
        if mode == "open":
            print(f"{mode:9} {'':>7} {'':>13} {'':>9} {'':>9} {'':>7} {'':>7} {med(mode, 'peak_rss_mb'):12.0f}"
                  f"   (open {med(mode, 'open_s'):.1f} s)")
            continue
        print(f"{mode:9} {med(mode, 'run_s'):7.2f} {spread(mode, 'run_s'):>13} {med(mode, 'engine_s'):9.2f} "
              f"{med(mode, 'decode_s'):9.3f} {med(mode, 'run_s') / base:7.3f} {int(med(mode, 'trees')):7} "
              f"{med(mode, 'peak_rss_mb'):12.0f}")
    print(f"one more answer's proof on demand (page mode, Result.proof_of): {med('page', 'proof_of_ms'):.2f} ms")


if __name__ == "__main__":
    main()
