"""`latweave demo`: build the shipped zoo corpus, then run a handful of example plans on it.

`run_demo` yields what there is to show as soon as it exists — first the build's summary, then
the plans' results — so a failure opening the engine still leaves the build's lines on screen.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterator

from latweave.result import Result

#: (title, plan) pairs, shown in this order.
DEMO_PLANS = (
    ("aquatic mammals", "meet(species <= mammal, habitat <= aquatic)"),
    ("terrestrial whales", "meet(species <= whale, habitat <= terrestrial)"),
    ("below both aquatic and terrestrial", "meet(habitat <= aquatic, habitat <= terrestrial)"),
    ("mammal and bird at once", "meet(species <= mammal, species <= bird)"),
    ("unicorns", "meet(species <= unicorn)"),
    ("which lives longer, whale or dog", 'argmax(lifespan_years, ["Whale", "Dog"])'),
    ("does the whale live in water", 'holds("Whale", habitat <= aquatic)'),
    ("who eats what birds eat", "let d = meet(species <= bird) -> diet\nmeet(diet = $d)"),
)


@dataclass(frozen=True)
class DemoResults:
    """Each demo plan's title and result; renders as a rule with the title above each result."""

    runs: tuple[tuple[str, Result], ...]

    def __rich__(self):
        from rich.console import Group
        from rich.constrain import Constrain
        from rich.rule import Rule

        # a rule is as wide as the output: at most 100 columns (piped output is never wrapped, so
        # its width is unbounded: latweave/output.py)
        return Group(*(part for title, result in self.runs for part in (Constrain(Rule(title), 100), result)))


def default_corpus() -> Path:
    """The shipped zoo corpus."""
    from latweave.paths import RULES

    return RULES.parent / "corpora" / "zoo"


def run_demo(out: Path | str, corpus: Path | str | None = None, engine: str | None = None) -> Iterator:
    """Build `corpus` (default: the zoo) at `out`, yield its BuildSummary, run DEMO_PLANS on it
    with `engine`, yield the DemoResults."""
    from latweave.execute import Runner
    from latweave.ingest.gate import Gate
    from latweave.ingest.living import build_sources
    from latweave.plan.read import read_plan

    corpus = Path(corpus) if corpus else default_corpus()
    out = Path(out)
    built = build_sources([corpus], out, gate=Gate())   # keeps its sources, as `latweave build` does
    yield replace(built, source=corpus)
    with Runner(out, engine) as runner:
        results = runner.run([read_plan(plan) for _, plan in DEMO_PLANS])
    yield DemoResults(tuple((title, result) for (title, _), result in zip(DEMO_PLANS, results)))
