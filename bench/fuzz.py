"""Fuzz latweave's inputs for a while: cases tried per target and crashes found (issue 10).

The targets and strategies are tests/support/fuzz.py's (tests/test_fuzz.py runs them for a few
seconds): plan text (random, token soup, mutated valid plans — parsed, printed, re-parsed,
type-checked and run on the zoo lattice), JSON-form plans, corpus folders (the zoo's files
mutated, random bytes too), KB files (PathQuestion, MetaQA, 2Wiki; random bytes too), saved
results through `latweave explain` / `audit`, and plan text through `latweave run` / `check-plan`;
exports and `run --save` onto every kind of existing target (a user's file, a FIFO, a link...),
LLM requests against a server that trickles or never ends (each within its deadline), the LLM
transport's edges (headers that trickle, JSON nested too deeply, base URLs of every shape; its
outcomes are counted and printed), LLM config values, `build` / `add` with too little room to
write (a file-size limit in a child), and each field of a two-layer lattice's manifest.json
mutated (plans refused, answered as before, answered otherwise with the audit failing — and the
count of wrong answers that audit ok, which must be 0).
A crash is any exception that is not a LatweaveError (or a CLI exit outside 0/2/3, audit's 5);
each is printed with its input. Exit status 1 when any crash was found.

    .venv/bin/python bench/fuzz.py                      # 60 s per target
    .venv/bin/python bench/fuzz.py --seconds 20 --targets plan_text,json_plan
"""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hypothesis import HealthCheck, given, settings  # noqa: E402

from tests.support.fuzz import (Crash, Targets, corpus_files, json_plans, kb_files, plan_texts,  # noqa: E402
                                result_files)
from tests.support.fuzz import api_cases, disk_cases, export_cases, llm_cases, llm_configs  # noqa: E402
from tests.support.fuzz import llm_transport_cases, manifest_cases  # noqa: E402

TARGETS = {
    "plan_text": (plan_texts, lambda t, x: t.plan_text(x)),
    "json_plan": (json_plans, lambda t, x: t.json_plan(x)),
    "corpus": (corpus_files(), lambda t, x: t.corpus(x)),
    "kb": (kb_files(), lambda t, x: t.kb(*x)),
    "result_file": (result_files(), lambda t, x: t.result_file(x)),
    "cli_plan": (plan_texts, lambda t, x: t.cli_plan(x)),
    # files written for a user, LLM deadlines and config values, a disk that fills up, the Python API
    "explain_export": (export_cases(), lambda t, x: t.explain_export(x)),
    "llm_deadline": (llm_cases(), lambda t, x: t.llm_deadline(x)),
    "llm_transport": (llm_transport_cases(), lambda t, x: t.llm_transport(x)),
    "llm_config": (llm_configs, lambda t, x: t.llm_config(x)),
    "disk_full": (disk_cases(), lambda t, x: t.disk_full(x)),
    "api": (api_cases, lambda t, x: t.api(x)),
    # each field of a two-layer lattice's manifest.json mutated: refused, or the same answers, or
    # an answer that fails its audit — never a wrong answer that audits ok (issue 42.1)
    "manifest_field": (manifest_cases, lambda t, x: t.manifest_field(x)),
}


def fuzz(targets: Targets, name: str, seconds: float, chunk: int) -> tuple[int, list[Crash]]:
    """Run one target for about `seconds`, in hypothesis runs of `chunk` examples with fresh
    seeds; a crash is recorded (not raised), so the search goes on."""
    strategy, call = TARGETS[name]
    crashes: list[Crash] = []
    seen: set[str] = set()
    tried = 0

    def one(x):
        nonlocal tried
        tried += 1
        try:
            call(targets, x)
        except Crash as crash:
            key = crash.error.strip().splitlines()[-1][:200]  # one report per distinct error
            if key not in seen:
                seen.add(key)
                crashes.append(crash)

    deadline = time.monotonic() + seconds
    run = settings(max_examples=chunk, deadline=None, database=None, derandomize=False,
                   suppress_health_check=list(HealthCheck))(given(strategy)(one))
    while time.monotonic() < deadline:
        run()  # each run draws fresh examples (no example database, not derandomized)
    return tried, crashes


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=60.0, help="per target (default 60)")
    p.add_argument("--targets", default=",".join(TARGETS), help=f"comma-separated, of {', '.join(TARGETS)}")
    p.add_argument("--chunk", type=int, default=200, help="examples per hypothesis run")
    p.add_argument("--no-engine", action="store_true", help="plan_text: parse and check only, do not run")
    args = p.parse_args(argv)
    names = [n for n in args.targets.split(",") if n]
    unknown = [n for n in names if n not in TARGETS]
    if unknown:
        p.error(f"unknown target(s) {', '.join(unknown)}")
    total_crashes = 0
    logging.getLogger("latweave.llm").setLevel(logging.ERROR)   # retries are said on stderr; here they are counted
    with tempfile.TemporaryDirectory(prefix="latweave-fuzz-") as scratch:
        targets = Targets(Path(scratch), run_engine=not args.no_engine)
        try:
            rows = []
            for name in names:
                started = time.monotonic()
                tried, crashes = fuzz(targets, name, args.seconds, args.chunk)
                rows.append((name, tried, len(crashes), time.monotonic() - started))
                print(f"{name:12s} {tried:8,d} cases  {len(crashes)} crash(es)  {rows[-1][3]:.0f} s", flush=True)
                for outcome, n in sorted(targets.figures.get(name, {}).items()):
                    print(f"  {n:8,d}  {outcome}", flush=True)
                for crash in crashes:
                    print(f"  CRASH {crash.target}\n    input: {crash.data!r:.600}\n"
                          + "\n".join("    " + line for line in crash.error.strip().splitlines()[-8:]),
                          flush=True)
                total_crashes += len(crashes)
                if name == "manifest_field":
                    print("  plans: " + ", ".join(f"{n:,} {what}" for what, n in targets.manifest_figures.items()),
                          flush=True)
        finally:
            targets.close()
    print(f"total: {sum(r[1] for r in rows):,} cases, {total_crashes} crash(es), "
          f"{sum(r[3] for r in rows):.0f} s")
    return 1 if total_crashes else 0


if __name__ == "__main__":
    sys.exit(main())
