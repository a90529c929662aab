"""Pieces of the generated lattices the differential tests draw (test_monotone, test_audit_complete)."""

from __future__ import annotations

import random

from latweave.lattice.model import Dimension
from latweave.lattice.names import TOP


def add_random_dag(dim: Dimension, values: list[str], rng: random.Random) -> None:
    """Make `values` a random DAG on `dim`: each value gets one or two parents among the values
    before it (or ⊤), so there is no cycle."""
    for j, value in enumerate(values):
        for parent in rng.sample([TOP, *values[:j]], k=min(j + 1, rng.randint(1, 2))):
            dim.add_edge(parent, value)
