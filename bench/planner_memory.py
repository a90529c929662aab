"""The offline planner's memory: what training holds per question, and an evaluation's peak RSS.

Training keeps every grounded candidate of every training question, with its features, for all
epochs (the averaged perceptron revisits them). This measures, side by side in one run on a sample
of training questions, the bytes those features take as dicts of tuple keys (how they are built)
and as the flat id/value arrays the planner keeps (`FeatureSpace.sparse`), and extrapolates both
to the whole training split. With `--eval` it also runs `latweave eval` for each dataset in a child
process and reports that child's peak resident set size (what `/usr/bin/time -v` reports), so the
figure covers the lattice, the engine and the planner together. Prints a table; asserts nothing.

    .venv/bin/python bench/planner_memory.py --datasets pq2h,pq3h,2wiki --sample 200 --eval
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from latweave.eval.run import cached_lattice, load_dataset  # noqa: E402
from latweave.folder.store import load_lattice  # noqa: E402
from latweave.planner.offline import OfflinePlanner  # noqa: E402

DATASETS = {"pq2h": ("pathquestion", "2H"), "pq3h": ("pathquestion", "3H"), "2wiki": ("2wiki", None)}


def _held(make) -> tuple[int, object]:
    """Bytes still allocated after `make()` returns (its result kept alive), and the result."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = make()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return after - before, kept


def features_per_question(name: str, sample: int, cache: str) -> dict:
    dataset, hops = DATASETS[name]
    loaded = load_dataset(dataset, hops=hops)
    planner = OfflinePlanner(load_lattice(cached_lattice(loaded, cache)))
    train = sorted(loaded.splits["train"], key=lambda e: e.qid)
    planner.learn_lexicon([(planner, train)])
    chosen = train[:sample]
    analysed = []
    for ex in chosen:  # candidates once; features built from them below, both ways
        mention, _ = planner.anchor(ex.question)
        if mention is not None:
            analysed.append((ex.question, mention, [c for c, _ in planner.candidates(mention)]))
    as_dicts, dicts = _held(lambda: [[planner.features(q, m, c) for c in cands] for q, m, cands in analysed])
    as_arrays, _ = _held(lambda: [[planner.space.sparse(f) for f in row] for row in dicts])
    candidates = sum(len(row) for row in dicts)
    features = sum(len(f) for row in dicts for f in row)
    return {"dataset": name, "train": len(train), "sample": len(analysed), "candidates": candidates,
            "features": features, "dict_bytes": as_dicts, "array_bytes": as_arrays}


def eval_peak(name: str, split: str) -> tuple[float, float]:
    """(peak RSS in MB, seconds) of `latweave eval` on `name` in a child process."""
    dataset, hops = DATASETS[name]
    cmd = [sys.executable, "-m", "latweave.cli", "eval", dataset, "--split", split, "--json"]
    if hops:
        cmd += ["--hops", hops]
    started = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             cwd=Path(__file__).resolve().parents[1])
    _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(cmd)} failed (exit {os.waitstatus_to_exitcode(status)})")
    return usage.ru_maxrss / 1024, time.perf_counter() - started   # ru_maxrss is in KiB on Linux


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--datasets", default="pq2h,pq3h,2wiki")
    ap.add_argument("--sample", type=int, default=200, help="training questions measured per dataset")
    ap.add_argument("--cache", default="out/lattices")
    ap.add_argument("--eval", action="store_true", help="also run `latweave eval` and report its peak RSS")
    ap.add_argument("--split", default="dev")
    args = ap.parse_args()
    print(f"{'dataset':8} {'train':>6} {'sample':>6} {'cands/q':>8} {'feats/cand':>10} "
          f"{'dicts MB/q':>11} {'arrays MB/q':>12} {'ratio':>6} {'dicts, all train':>17} {'arrays, all train':>18}")
    for name in args.datasets.split(","):
        m = features_per_question(name, args.sample, args.cache)
        per_q = lambda b: b / max(m["sample"], 1) / 1e6  # noqa: E731
        print(f"{name:8} {m['train']:>6} {m['sample']:>6} {m['candidates'] / max(m['sample'], 1):>8.1f} "
              f"{m['features'] / max(m['candidates'], 1):>10.1f} {per_q(m['dict_bytes']):>11.3f} "
              f"{per_q(m['array_bytes']):>12.3f} {m['dict_bytes'] / max(m['array_bytes'], 1):>5.1f}× "
              f"{per_q(m['dict_bytes']) * m['train'] / 1e3:>14.2f} GB {per_q(m['array_bytes']) * m['train'] / 1e3:>15.2f} GB")
    if args.eval:
        print(f"\n{'latweave eval':24} {'peak RSS':>10} {'seconds':>8}")
        for name in args.datasets.split(","):
            peak, seconds = eval_peak(name, args.split)
            print(f"{name + ' --split ' + args.split:24} {peak:>7.0f} MB {seconds:>8.0f}")


if __name__ == "__main__":
    main()
