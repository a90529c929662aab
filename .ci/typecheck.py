#!/usr/bin/env python3
"""mypy over latweave (pyproject.toml's [tool.mypy]: strict on engines/, folder/, proof/audit/),
against a baseline that may only shrink.

.ci/mypy-baseline.json holds, per file, how many errors mypy reports there today. A run fails when
a file has more errors than its baseline allows (a file not listed allows none), printing them;
a file with fewer is reported, and `--update` then writes the lower counts. Counts per file, not
messages: a merge of two branches that touched different files merges their baseline lines, and
moving code within a file moves no count.

    .venv/bin/python .ci/typecheck.py            # check (what .ci/run does)
    .venv/bin/python .ci/typecheck.py --update   # after fixing errors: lower the baseline
    .venv/bin/python .ci/typecheck.py --regenerate   # the counts as they are (a new mypy version)

`--update` never raises a count (it refuses, naming the files); a new error is fixed, or, where
that is not possible, silenced on its line with `# type: ignore[code]` and a reason.
`--regenerate` writes today's counts whatever they are: for the first baseline, or when a mypy
upgrade (pinned in pyproject's test extra) changes what it reports — the diff shows every count
it raised, for review.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / ".ci" / "mypy-baseline.json"
_ERROR = re.compile(r"^(?P<file>[^:\s]+\.py):\d+(?::\d+)?: error: ")


def counts() -> tuple[Counter, list[str]]:
    """Errors per file as mypy reports them now, and its error lines."""
    run = subprocess.run([sys.executable, "-m", "mypy", "--no-color-output", "--no-error-summary"],
                         cwd=ROOT, capture_output=True, text=True)
    if run.returncode not in (0, 1):   # 2: mypy itself failed (a config or a crash)
        sys.exit(f"typecheck: mypy failed (exit {run.returncode}):\n{run.stdout}{run.stderr}")
    lines = [line for line in run.stdout.splitlines() if _ERROR.match(line)]
    return Counter(_ERROR.match(line)["file"] for line in lines), lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="write the lower counts into the baseline")
    parser.add_argument("--regenerate", action="store_true", help="write today's counts, whatever they are")
    args = parser.parse_args(argv)
    baseline: dict[str, int] = json.loads(BASELINE.read_text(encoding="utf-8")) if BASELINE.is_file() else {}
    now, lines = counts()
    if args.regenerate:
        return _write({f: n for f, n in now.items() if n})
    over = sorted(f for f in now if now[f] > baseline.get(f, 0))
    under = sorted(f for f in baseline if now.get(f, 0) < baseline[f])
    if over:
        for f in over:
            print(f"typecheck: {f}: {now[f]} errors, the baseline allows {baseline.get(f, 0)}")
            for line in (line for line in lines if line.startswith(f + ":")):
                print("  " + line)
        if args.update:
            print("typecheck: --update never raises a count: fix these (or silence one with "
                  "`# type: ignore[code]` and a reason)")
        return 1
    if args.update:
        return _write({f: n for f, n in now.items() if n})
    if under:
        print(f"typecheck: fewer errors than the baseline in {len(under)} file(s) ({', '.join(under[:5])}"
              f"{', …' if len(under) > 5 else ''}): run .ci/typecheck.py --update to lower it")
    print(f"typecheck: ok ({sum(now.values())} errors, none over the baseline)")
    return 0


def _write(kept: dict[str, int]) -> int:
    """The baseline: one file a line, sorted (two branches' changes merge line by line)."""
    BASELINE.write_text(json.dumps(dict(sorted(kept.items())), indent=0) + "\n", encoding="utf-8")
    print(f"typecheck: baseline written: {sum(kept.values())} errors in {len(kept)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
