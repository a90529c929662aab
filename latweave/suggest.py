"""Hints after an empty answer: `dimension = value` matched nothing, but `<=` would have; and
after an `unknown_anchor` abstention, the value meant (`misspelled`: did you mean sheep?).

`=` means exactly that value (or a synonym of it); `<=` means it or anything under it. A newcomer
writing `meet(species = mammal)` on a lattice that places each animal at its species gets an
empty abstention — true, and complete, but not what they meant. `suggestions` reruns the plan once
per such `=` constraint on a value with something under it, with that one constraint turned into
`<=`, and says so where the variant answers. The hints are words for a reader beside the result,
never part of it: the result (and its JSON, and what the auditor checks) is unchanged.
"""

from __future__ import annotations

import dataclasses
from typing import Callable, Iterator

from latweave.plan.ast import Constraint, Name, Plan
from latweave.plan.printer import print_dimension, print_name
from latweave.result import Result

#: Variants tried at most, per result (each is one more run of the plan).
MAX_VARIANTS = 3


def _with(node, old: Constraint, new: Constraint):
    """`node` with the constraint `old` (by identity) replaced by `new`, every other node shared."""
    if node is old:
        return new
    if isinstance(node, tuple):
        items = tuple(_with(item, old, new) for item in node)
        return items if any(a is not b for a, b in zip(items, node)) else node
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        changes = {}
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            replaced = _with(value, old, new)
            if replaced is not value:
                changes[f.name] = replaced
        return dataclasses.replace(node, **changes) if changes else node
    return node


def _equalities(node) -> Iterator[Constraint]:
    """Every `dimension = name` constraint in the plan, in reading order."""
    if isinstance(node, Constraint):
        if node.op == "=" and isinstance(node.value, Name):
            yield node
        return
    if isinstance(node, tuple):
        for item in node:
            yield from _equalities(item)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        for f in dataclasses.fields(node):
            yield from _equalities(getattr(node, f.name))


def misspelled(plan: Plan, result: Result, lattice) -> tuple[str, ...]:
    """Hints for a result of `plan` that abstains `unknown_anchor`: each value the lattice
    (`LatticeView`) does not have, as the user typed it, with the closest value its dimension has
    (`milk <= shep`: did you mean sheep?). Empty for any other result."""
    from latweave.plan.check import unknown_values

    if result.status != "abstain" or "unknown_anchor" not in result.reasons:
        return ()
    return tuple(f"{u.message}: {u.did_you_mean}" for u in unknown_values(plan, lattice) if u.did_you_mean)


def suggestions(plan: Plan, result: Result, run: Callable[[Plan], Result], has_below: Callable[[str, str], bool]
                ) -> tuple[str, ...]:
    """Hints for an empty result of `plan`: for each `d = v` whose value has something under it
    (`has_below(d, v)`), the plan with that constraint as `d <= v`, run by `run`; a hint where
    it answers. Empty for any other result."""
    if result.status != "abstain" or "empty" not in result.reasons:
        return ()
    hints = []
    tried = 0
    for constraint in _equalities(plan):
        if tried == MAX_VARIANTS:
            break
        if not has_below(constraint.dimension, constraint.value.text):
            continue
        tried += 1
        variant = _with(plan, constraint, dataclasses.replace(constraint, op="<="))
        answered = run(variant)
        if answered.status == "answer" and answered.answers:
            dim, value = print_dimension(constraint.dimension), print_name(constraint.value.text)
            n = len(answered.answers)
            hints.append(f"`{dim} = {value}` means exactly {value}, and nothing is placed there; "
                         f"`{dim} <= {value}` ({value} or anything under it) answers {n:,} "
                         f"({'e.g. ' if n > 3 else ''}{', '.join(answered.answers[:3])})")
    return tuple(hints)
