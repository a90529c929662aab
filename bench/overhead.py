"""What a question costs outside the engine: `session.run(text)` of bench/peers.py's chain
questions, split into the engine's evaluation and everything around it (parsing and checking the
plan, compiling its facts, decoding the outputs into answers and the proof, the Result).

    .venv/bin/python bench/overhead.py --kb /tmp/pb/kb-100k.txt --lattice /tmp/pb/l100k

For each hop count, `--questions` distinct questions (bench/peers.py's, seeded) are asked twice
in a row: the first time (*first*: a text the session has not seen; its shape it has, after the
first question) and then again `--repeat` times (*warm*: the same text again). Each run is timed
whole (`session.run`), and the runner's `last_timing` gives the engine's part (`engine_s`) and
the compile and decode parts; `other` is the rest (parse, check, Result, the lattice stamp).
As many other questions are asked the same way answers only (`session.run(text, proofs=False)`;
on a latweave whose session has no such argument, `session.check` then the runner's
`run(..., proofs=False)`). Prints medians in microseconds; `--profile N` prints a cProfile of N
warm 3-hop runs instead.

To compare with an older version, run the same script with that version first on the path:
`PYTHONPATH=/tmp/old .venv/bin/python bench/overhead.py ...` (the script prints which latweave
it imported).
"""

from __future__ import annotations

import argparse
import inspect
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peers import HOPS, latweave_plan, questions  # noqa: E402


def _timed(session, text: str, bare: bool = False) -> dict[str, float]:
    runner = session._runner
    takes_proofs = "proofs" in inspect.signature(session.run).parameters
    t = time.perf_counter()
    if not bare:
        session.run(text)
    elif takes_proofs:
        session.run(text, proofs=False)
    else:   # a latweave whose session runs no plan without its proof: the runner's proofs=False
        runner.run([session.check(text)], proofs=False)
    total = time.perf_counter() - t
    timing = runner.last_timing
    engine = timing.get("engine_s", 0.0)
    compile_s, decode = timing.get("compile_s", 0.0), timing.get("decode_s", 0.0)
    return {"total": total, "engine": engine, "outside": total - engine, "compile": compile_s,
            "decode": decode, "other": total - engine - compile_s - decode}


PARTS = ("total", "engine", "outside", "compile", "decode", "other")


def _row(name: str, runs: list[dict[str, float]]) -> str:
    cells = " ".join(f"{statistics.median(r[p] for r in runs) * 1e6:>9.1f}" for p in PARTS)
    return f"{name:28} {cells}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kb", type=Path, required=True)
    ap.add_argument("--lattice", type=Path, required=True)
    ap.add_argument("--questions", type=int, default=40, help="distinct questions per hop count")
    ap.add_argument("--repeat", type=int, default=5, help="warm runs of each question")
    ap.add_argument("--profile", type=int, default=0, help="cProfile this many warm 3-hop runs instead")
    args = ap.parse_args()

    import latweave

    print(f"latweave from {Path(latweave.__file__).parent}")
    session = latweave.open(args.lattice)
    qs = questions(args.kb, args.questions * 3 * 2 + 3)
    by_hops: dict[int, list[str]] = {h: [] for h in HOPS}   # with proofs, then answers only
    bare_hops: dict[int, list[str]] = {h: [] for h in HOPS}
    for subject, hops in qs[3:]:
        text = latweave_plan(subject, hops)
        if text in by_hops[hops] or text in bare_hops[hops]:
            continue
        (by_hops if len(by_hops[hops]) < args.questions else bare_hops)[hops].append(text)
    for subject, hops in qs[:3]:   # the session's first runs (engine opened, files read)
        session.run(latweave_plan(subject, hops))
    if args.profile:
        import cProfile
        import pstats

        text = by_hops[3][0]
        session.run(text)
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(args.profile):
            session.run(text)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
        return
    print(f"{'µs, median':28} " + " ".join(f"{p:>9}" for p in PARTS))
    for hops, texts in by_hops.items():
        first, warm, first_bare, warm_bare = [], [], [], []
        for text in texts:
            first.append(_timed(session, text))
            warm += [_timed(session, text) for _ in range(args.repeat)]
        for text in bare_hops[hops]:   # other subjects: a first run that is really the text's first
            first_bare.append(_timed(session, text, bare=True))
            warm_bare += [_timed(session, text, bare=True) for _ in range(args.repeat)]
        print(_row(f"{hops}-hop, first asked", first))
        print(_row(f"{hops}-hop, warm", warm))
        print(_row(f"{hops}-hop, first, answers only", first_bare))
        print(_row(f"{hops}-hop, warm, answers only", warm_bare))


if __name__ == "__main__":
    main()
