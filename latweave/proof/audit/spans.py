"""A derived extremum: argmax/argmin over a difference of two date dimensions, re-derived.

`argmax(date_of_death - date_of_birth, [...])` compares each item by its span of days: with v its
value on the compared dimension and w on the subtracted one, x spans [v.lo - w.hi, v.hi - w.lo]
(values.jsonl keeps dates as day numbers, so a year is 365 days wide). From the lattice files
alone (coordinates as semantics.py reads them), `item_span` re-derives an item's spans (none when
it lacks a value; one per world when a date is contested; an item with two values at once on
either dimension has no single span). In the proof, `span(x, lo, hi)` must rest on x's two
coords and their `magnitude` leaves and subtract correctly; the extremum node on the winner's span
and `beats(a, b, winner lo, hi, loser lo, hi)` nodes, each over the loser's proved span, whose
order must hold; `completeness` then checks every other argument's best spans are beaten.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from latweave.lattice.names import normalize
from latweave.plan.ast import Compare
from latweave.proof.audit.arguments import arg_items, find_arg, losers_beaten, shown_beaten, winner_item_checked
from latweave.proof.audit.atoms import Premise, label, premises

if TYPE_CHECKING:
    from latweave.proof.audit.context import Context

AMBIGUOUS = "ambiguous"


def is_derived(final) -> bool:
    return isinstance(final, Compare) and final.minus is not None


def item_values(ctx: Context, x: str, d: str) -> set[str]:
    """x's coordinates on d (stated values; on a functional dimension, the worlds they allow)."""
    return ctx.coords(x, d)


def item_span(ctx: Context, final: Compare, x: str):
    """x's spans in days on `final`'s difference, by the independent evaluation: a frozenset (one
    span per world — several when a date is contested; empty without both dates), or AMBIGUOUS
    when x has two values at once on one of the dimensions (no single span)."""
    ev = ctx.evaluation
    if ev is None:
        return frozenset()
    if ev.ambiguous(final, x):
        return AMBIGUOUS
    return frozenset(ev.spans(final, x))


def _spans_text(spans) -> str:
    return ", ".join(f"{lo}..{hi}" for lo, hi in sorted(spans)) or "none"


def better(op: str, s: tuple, t: tuple) -> bool:
    """Span s is strictly better than span t: wholly after it (argmax) or before it (argmin)."""
    return t[1] < s[0] if op == "argmax" else s[1] < t[0]


def best(op: str, spans: set[tuple]) -> set[tuple]:
    return {s for s in spans if not any(better(op, t, s) for t in spans)}


def arg_spans(ctx: Context, final: Compare, arg_label: str):
    """{item: spans} of what an argument stands for; None when it cannot be told (no evaluation)."""
    items = arg_items(ctx, final, arg_label)
    if items is None:
        return None
    return {x: item_span(ctx, final, x) for x in sorted(items)}


def held_spans(spans: dict) -> set[tuple]:
    """Every span the items of an argument may have (items with no single span left out)."""
    return {s for v in spans.values() if v != AMBIGUOUS for s in v}


def span_of(child) -> Premise | None:
    """The span premise of a compared value: the span node itself, or the span inside arg(...)."""
    atom = child.atom
    if atom is not None and atom.relation == "span" and len(atom.args) == 3:
        return Premise(child, list(atom.args))
    if atom is not None and atom.relation == "arg":
        spans = premises(child.children, "span")
        if len(spans) == 1 and len(spans[0].args) == 3:
            return spans[0]
    return None


def _ints(values) -> bool:
    return all(isinstance(v, int) and not isinstance(v, bool) for v in values)


def span(ctx: Context, tree, here, args, children) -> None:
    """span(x, lo, hi): x's coord on each dimension with its day numbers, subtracted."""
    final = ctx.final
    if len(args) != 3 or not _ints(args[1:]):
        ctx.fail(tree, here, "span takes (instance, first day, last day) with whole day numbers")
        return
    if not is_derived(final):
        ctx.fail(tree, here, "a span belongs to an argmax/argmin over a difference of dimensions")
        return
    x, lo, hi = normalize(args[0]), args[1], args[2]
    coords, mags = premises(children, "coord"), premises(children, "magnitude")
    if len(coords) != 2 or len(mags) != 2 or len(children) != 4:
        ctx.fail(tree, here, "a span rests on two coords (compared and subtracted dimension) and their magnitudes")
        return
    days = []
    for coord, magnitude, name in zip(coords, mags, (final.dimension, final.minus)):
        (ci, cd, cv), mag = coord.args, magnitude.args
        if normalize(ci) != x:
            ctx.fail(tree, here, f"the coord is about {ci!r}, not {args[0]!r}")
        if normalize(cd) != normalize(name):
            ctx.fail(tree, here, f"the coord is on {cd}, not {name}")
        if len(mag) != 4 or normalize(mag[0]) != normalize(cd) or normalize(mag[1]) != normalize(cv):
            ctx.fail(tree, here, f"the magnitude {mag} is not that of {cd} {cv!r}")
            return
        days.append((mag[2], mag[3]))
    (vlo, vhi), (wlo, whi) = days
    if (lo, hi) != (vlo - whi, vhi - wlo):
        ctx.fail(tree, here, f"{vlo}..{vhi} minus {wlo}..{whi} spans {vlo - whi}..{vhi - wlo} days, not {lo}..{hi}")
    stored = item_span(ctx, final, x)
    if stored == AMBIGUOUS:
        ctx.fail(tree, here, f"{args[0]!r} has two values on {final.dimension} or {final.minus}: no single span")
    elif ctx.evaluation is not None and (lo, hi) not in stored:
        ctx.fail(tree, here, f"the lattice gives {args[0]!r} the span(s) {_spans_text(stored)}, not {lo}..{hi}")


def extremum(ctx: Context, tree, here, args, children, op: str) -> None:
    """argmax/argmin(d - m, winner): the winner's span, and beats nodes over the others'."""
    final = ctx.final
    measure, winner = args
    if not is_derived(final) or final.op != op or normalize(measure) != normalize(final.measure):
        ctx.fail(tree, here, f"the plan's final expression is not {op} on {measure}")
        final = None
    elif winner not in [a.label for a in final.args]:
        ctx.fail(tree, here, f"{winner!r} is not an argument of the plan")
    values = [s for s in map(span_of, children) if s is not None]
    beats = premises(children, "beats")
    if not values or len(values) + len(beats) != len(children):
        ctx.fail(tree, here, f"{op} needs a premise for each of the winner's best spans (span, or arg(...) "
                             "then span) and beats nodes")
        return
    # the winner's best spans (several items of one argument, none better than another: issue 42)
    mine = {(lo, hi) for _, lo, hi in (v.args for v in values)}
    if final is not None:
        spans = arg_spans(ctx, final, winner)
        best_spans = best(op, held_spans(spans))
        for x, lo, hi in (v.args for v in values):
            if winner_item_checked(ctx, tree, here, children, winner, x, spans):
                if (lo, hi) not in best_spans:
                    ctx.fail(tree, here, f"{lo}..{hi} is not {winner!r}'s best span")
    for premise in beats:
        child, b = premise.node, premise.args
        if len(b) != 6 or b[0] != winner:
            continue  # the beats node's own check reports it
        if (b[2], b[3]) not in mine:
            shown = " or ".join(f"{lo}..{hi}" for lo, hi in sorted(mine))
            ctx.fail(child, [*here, label(child)], f"the winner's span is {shown}, not {b[2]}..{b[3]}")


def beats(ctx: Context, tree, here, args, children) -> None:
    """beats(a, b, a lo, a hi, b lo, b hi): a's span lies wholly after (argmax) or before (argmin)
    b's, which is proved below it."""
    final = ctx.final
    if len(args) != 6 or not _ints(args[2:]):
        ctx.fail(tree, here, "beats over spans takes (winner, other, winner lo, hi, other lo, hi)")
        return
    if not is_derived(final):
        ctx.fail(tree, here, "beats over spans belongs to an argmax/argmin over a difference of dimensions")
        return
    parent = ctx.parent_atom()
    if parent is None or parent.relation != final.op or len(parent.args) != 2:
        ctx.fail(tree, here, f"beats must sit directly under the {final.op} node")
        return
    a, other = args[0], args[1]
    if a != parent.args[1]:
        ctx.fail(tree, here, f"beats names {a!r}, but the winner is {parent.args[1]!r}")
    win, lose = (args[2], args[3]), (args[4], args[5])
    values = [s for s in map(span_of, children) if s is not None]
    if len(values) != 1 or len(children) != 1:
        ctx.fail(tree, here, "beats over spans rests on the other's span (span, or arg(...) then span)")
        return
    x, lo, hi = values[0].args
    if (lo, hi) != lose:
        ctx.fail(tree, here, f"the other's proved span is {lo}..{hi}, not {lose[0]}..{lose[1]}")
    if not better(final.op, win, lose):
        how = "start after" if final.op == "argmax" else "end before"
        ctx.fail(tree, here, f"{win[0]}..{win[1]} does not {how} {lose[0]}..{lose[1]}: it is not better for {final.op}")
    argument = find_arg(final, other)
    if argument is None:
        ctx.fail(tree, here, f"{other!r} is not an argument of the plan")
        return
    spans = arg_spans(ctx, final, other)
    if spans is not None and normalize(x) not in spans:
        ctx.fail(tree, here, f"{x!r} is not what argument {other!r} stands for ({sorted(spans)})")


def completeness(ctx: Context, final: Compare, winners: list[str]) -> None:
    """Every other argument is beaten on each of its best spans, or ties as a winner."""
    beaten = shown_beaten(ctx, 6, lambda b: (b[4], b[5]))

    def best_of(argument: str) -> set[tuple] | None:
        spans = arg_spans(ctx, final, argument)
        if spans is None:
            return None
        if AMBIGUOUS in spans.values():
            ctx.fail("answers", ["answers"], f"argument {argument} has an item with no single span: "
                                             "the compare should abstain")
        return best(final.op, held_spans(spans))

    losers_beaten(ctx, final, winners, beaten, best_of, "span")

def incomparable(ctx: Context, child, where, detail) -> None:
    """The witness of an abstaining derived extremum: overlapping spans, or an item with two values."""
    final = ctx.final
    pairs, ambiguous = detail.get("pairs"), detail.get("ambiguous")
    if not isinstance(pairs, list) or not isinstance(ambiguous, list) or not (pairs or ambiguous):
        ctx.fail(child, where, "incomparable names no overlapping pair and no item with two values")
        return
    for pair in pairs:
        args, items, spans = pair.get("arguments") or [], pair.get("items") or [], pair.get("spans") or []
        if not (len(args) == len(items) == len(spans) == 2):
            ctx.fail(child, where, "a pair names two arguments, their items and their spans")
            continue
        stored = [item_span(ctx, final, normalize(x)) for x in items]
        for x, s, given in zip(items, stored, spans):
            if s == AMBIGUOUS or not isinstance(given, list) or tuple(given) not in s:
                ctx.fail(child, where, f"{x!r} does not span {given} days on {final.measure} (the lattice gives "
                                       f"{s if s == AMBIGUOUS else _spans_text(s)})")
        s, t = (tuple(x) for x in spans)
        if (s == t and s[0] == s[1]) or better(final.op, s, t) or better(final.op, t, s):   # equal wide spans: either first
            ctx.fail(child, where, f"spans {list(s)} and {list(t)} are ordered (or equal): they are comparable")
        for arg_label, x in zip(args, items):
            if find_arg(final, arg_label) is None:  # an item of a bare $step argument, by its own name:
                continue                            # the whole witness is compared with the evaluation
            held = arg_items(ctx, final, arg_label)
            if held is not None and normalize(x) not in held:
                ctx.fail(child, where, f"{x!r} is not what argument {arg_label!r} stands for")
    for entry in ambiguous:
        x, dname, vals = entry.get("item", ""), entry.get("dimension", ""), entry.get("values") or []
        if normalize(dname) not in (normalize(final.dimension), normalize(final.minus)):
            ctx.fail(child, where, f"{dname!r} is not a dimension of {final.measure}")
            continue
        held = item_values(ctx, normalize(x), normalize(dname))
        if len(vals) != 2 or not {normalize(v) for v in vals} <= held or len({normalize(v) for v in vals}) != 2:
            ctx.fail(child, where, f"{x!r} does not have the two values {vals} on {dname} (it has {sorted(held)})")


def no_value(ctx: Context, child, where, final: Compare, labels: list[str]) -> None:
    """`no_value` of a derived compare: none of the argument's items has both values (labels may
    repeat: as many arguments so labelled must lack a span as the witness lists)."""
    ev = ctx.evaluation
    for arg_label in dict.fromkeys(labels):
        if ev is None or find_arg(final, arg_label) is None:
            continue  # an item of a bare $step ("$d: x"): the whole witness is compared with the evaluation
        spans = [{x: item_span(ctx, final, x) for x in sorted(items.possible)}
                 for arg, items in ev.args if arg.label == arg_label]
        having = [s for s in spans if any(v == AMBIGUOUS or v for v in s.values())]
        if having and len(spans) - len(having) < labels.count(arg_label):
            ctx.fail(child, where, f"argument {arg_label!r} has a value on both {final.dimension} and "
                                   f"{final.minus} ({having[0]})")


def magnitude(ctx: Context, tree, here, args) -> None:
    """magnitude(d, v, first, last): a date value's day numbers, as values.jsonl stores them."""
    d = ctx.dim(args[0], tree, here) if len(args) == 4 else None
    if len(args) != 4:
        ctx.fail(tree, here, "magnitude takes (dimension, value, first day, last day)")
        return
    if d is None:
        return
    if ctx.files.kind(d) != "date":
        ctx.fail(tree, here, f"{args[0]} is not a date dimension")
        return
    stored = ctx.files.bounds(d, normalize(args[1]))
    if stored is None or [float(args[2]), float(args[3])] != [float(x) for x in stored]:
        ctx.fail(tree, here, f"day numbers {args[2:]} differ from values.blocks' {stored}")


RULES = {"span": span, "beats": beats}
AXIOMS = {"magnitude": magnitude}
