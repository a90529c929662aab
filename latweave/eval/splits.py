"""Deterministic stratified splits.

One generic recipe: group by a key (the stratum), sort each stratum by qid, shuffle it with
`random.Random(seed)`, cut it by the fractions (cumulative rounding, so the parts add up), and
return each part sorted by qid. The same examples and seed give the same ids on every machine.

Named recipes:
  split_pathquestion  train/dev/test 80/10/10 by hop count, seed 88 (no official split exists)
  split_2wiki         dev/heldout 90/10 by question type, seed 88 (dev configures the system;
                      heldout is run once per release)

Note: PathQuestion phrases one (anchor, path) several ways; the split is by question, as the
data's own note asks, so paraphrases of one path may fall into different parts.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Callable, Iterable, Sequence

from latweave.eval.datasets import Example

SEED = 88
PATHQUESTION_FRACTIONS = {"train": 0.8, "dev": 0.1, "test": 0.1}
TWOWIKI_FRACTIONS = {"dev": 0.9, "heldout": 0.1}


def stratified_split(examples: Iterable[Example], key: Callable[[Example], object],
                     fractions: dict[str, float], seed: int = SEED) -> dict[str, list[Example]]:
    """Split `examples` into the named parts of `fractions` (in its order), stratified by `key`."""
    if not fractions:
        raise ValueError("fractions must name at least one part")
    total = sum(fractions.values())
    if any(f < 0 for f in fractions.values()) or abs(total - 1.0) > 1e-9:
        raise ValueError(f"fractions must be non-negative and sum to 1, got {fractions}")
    strata: dict[str, list[Example]] = defaultdict(list)
    for ex in examples:
        strata[str(key(ex))].append(ex)
    parts: dict[str, list[Example]] = {name: [] for name in fractions}
    for stratum in sorted(strata):
        items = sorted(strata[stratum], key=lambda e: e.qid)
        random.Random(seed).shuffle(items)
        n, cum, start = len(items), 0.0, 0
        names = list(fractions)
        for i, name in enumerate(names):
            cum += fractions[name]
            end = n if i == len(names) - 1 else int(cum * n + 0.5)  # half up, not banker's rounding
            parts[name].extend(items[start:end])
            start = end
    return {name: sorted(items, key=lambda e: e.qid) for name, items in parts.items()}


def fraction_of(examples: Sequence[Example], fraction: float, key: Callable[[Example], object],
                seed: int = SEED) -> list[Example]:
    """The first `fraction` of each stratum's seeded shuffle (sorted by qid): a learning curve's
    training part. The parts are nested — the 10% is inside the 30% — since every fraction cuts
    the same shuffle."""
    if not 0.0 < fraction <= 1.0:
        raise ValueError(f"a fraction of the training split is in (0, 1], got {fraction}")
    if fraction == 1.0:
        return sorted(examples, key=lambda e: e.qid)
    return stratified_split(examples, key, {"kept": fraction, "rest": 1.0 - fraction}, seed)["kept"]


def split_pathquestion(examples: Sequence[Example], seed: int = SEED) -> dict[str, list[Example]]:
    return stratified_split(examples, lambda e: e.hops, PATHQUESTION_FRACTIONS, seed)


def split_2wiki(examples: Sequence[Example], seed: int = SEED) -> dict[str, list[Example]]:
    return stratified_split(examples, lambda e: e.qtype, TWOWIKI_FRACTIONS, seed)
