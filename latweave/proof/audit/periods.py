"""Time in proofs: a `during` leaf, and that a timed meet's hits and projections carry one.

Written again from the statement of the semantics in docs/semantics.md, not from
latweave/lattice/periods.py: a predicate's `start` / `end` qualifiers (`valid_from` / `valid_to` too) give its period; each end is
known as precisely as its date (a year: some day of it), a missing start is "any time up to the
end", a missing end is unknown; `present` says it still held when the evidence was written and no
later — the end is at the earliest the `as of` date (the evidence's own, when recorded), else the
latest date the predicate states (its start), and unknown after. A window [lo, hi] is met *surely* when
every period the qualifiers allow overlaps it, *possibly* when some does; a timed meet reads only
what surely holds, its shadow what possibly does (semantics.py).

`outside(...)` (a false holds at a time) the same, its period not even possibly meeting the
window. `during(x, dimension, value, period, window)` must name a predicate (`predicate`) that states
(x, dimension, value) and has a period, carry that period's day numbers and the window's as this
module computes them, and pass the sure test. A hit or projection in a timed meet must carry the
`during` of its coordinate's predicate exactly when that predicate has a period.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from latweave.lattice.names import normalize
from latweave.lattice.ordered import parse_ordered
from latweave.proof.audit.atoms import premises

if TYPE_CHECKING:
    from latweave.proof.audit.context import Context

_BEFORE, _AFTER = 0, 4_000_000   # before and after any day number of a date


def _days(text: str) -> tuple[int, int] | None:
    try:
        value = parse_ordered(text, "date")
    except Exception:   # the build refuses such a qualifier; a tampered one is no period
        return None
    return int(value.lo), int(value.hi)


def _ends(qualifiers) -> tuple[str | None, str | None]:
    """The start and end qualifiers of a predicate row, as written (None where not given)."""
    q = {normalize(k): v for k, v in qualifiers}
    return q.get("start", q.get("valid from")), q.get("end", q.get("valid to"))


def _as_of(qualifiers) -> str | None:
    """The date the evidence speaks as of (`as of` / `as_of`), as written, or None."""
    return {normalize(k): v for k, v in qualifiers}.get("as of")


def period_text(qualifiers) -> str:
    """The period as witnesses write it: `1985..1993`, `?` for an end not given, ` as of D` when
    the evidence records its date."""
    start, end = _ends(qualifiers)
    as_of = _as_of(qualifiers)
    return f"{start or '?'}..{end or '?'}" + (f" as of {as_of}" if as_of else "")


def predicate_period(files, p) -> tuple[int, int, int, int] | None:
    """`period_days` of predicate p's row in `files` (a LatticeFiles), computed once per predicate
    and kept with the files: the evaluation asks for it for every coordinate a timed meet reads."""
    cache = files.__dict__.setdefault("_periods", {})
    if p not in cache:
        row = files.predicates.get(p)
        cache[p] = period_days(row.get("qualifiers") or ()) if row is not None else None
    return cache[p]


def period_days(qualifiers) -> tuple[int, int, int, int] | None:
    """(earliest start, latest start, earliest end, latest end) of a predicate row's qualifiers,
    or None when it has neither a start nor an end (it holds at every time)."""
    start, end = _ends(qualifiers)
    if start is None and end is None:
        return None
    s = _days(start) if start is not None else None
    still = end is not None and end.strip().lower() in ("present", "now", "ongoing")
    e = _days(end) if end is not None and not still else None
    if (start is not None and s is None) or (end is not None and not still and e is None):
        return None
    if not still:
        if s is None:
            s = (_BEFORE, e[1])
        if e is None:
            e = (s[0], _AFTER)
        return s[0], s[1], e[0], e[1]
    # still holding when written: known to hold up to the evidence's date, unknown after it
    as_of = _as_of(qualifiers)
    known = _days(as_of) if as_of is not None else None
    if as_of is not None and known is None:
        return None
    if s is None:
        s = (_BEFORE, known[1] if known else _AFTER)
    first = s[0] if known is None else max(s[0], known[0])
    return s[0], s[1], first, _AFTER


def window_days(text: str) -> tuple[int, int] | None:
    """The days of a time as a proof writes it: `1990` (at) or `1990..1995` (during)."""
    lo_text, _, hi_text = text.partition("..")
    lo, hi = _days(lo_text), _days(hi_text or lo_text)
    return (lo[0], hi[1]) if lo and hi else None


def surely(period, window) -> bool:
    return period[1] <= window[1] and period[2] >= window[0]


def possibly(period, window) -> bool:
    return period[0] <= window[1] and period[3] >= window[0]


def during(ctx: Context, tree, here, args) -> None:
    """The leaf: a real predicate's period, its days and the window's as computed here, met surely."""
    _period_leaf(ctx, tree, here, args, "during")


def outside(ctx: Context, tree, here, args) -> None:
    """The leaf of a false holds at a time: a real predicate's period that does not even possibly
    meet the window (its value is not the instance's then)."""
    _period_leaf(ctx, tree, here, args, "outside")


def _period_leaf(ctx: Context, tree, here, args, relation: str) -> None:
    if len(args) != 5:
        ctx.fail(tree, here, f"{relation} takes (instance, dimension, value, period, window)")
        return
    row = ctx.files.predicates.get(tree.json_field("predicate"))
    if row is None:
        ctx.fail(tree, here, f"predicate {tree.json_field('predicate')!r} is not in predicates.blocks")
        return
    if (row["instance"], row["dimension"], row["value"]) != tuple(normalize(a) for a in args[:3]):
        ctx.fail(tree, here, f"predicate {row['id']} states {(row['instance'], row['dimension'], row['value'])}")
        return
    period = period_days(row.get("qualifiers") or ())
    window = window_days(args[4])
    if period is None:
        ctx.fail(tree, here, f"predicate {row['id']} has no period: it holds at every time")
    elif window is None:
        ctx.fail(tree, here, f"{args[4]!r} is not a time")
    elif tree.json_field("period") != list(period) or tree.json_field("window") != list(window):
        ctx.fail(tree, here, f"the days {tree.json_field('period')} / {tree.json_field('window')} are not the "
                             f"predicate's period {list(period)} and the window {list(window)}")
    elif relation == "during" and not surely(period, window):
        ctx.fail(tree, here, f"period {args[3]} does not surely meet {args[4]}: "
                             + ("it possibly does, which a timed meet does not read" if possibly(period, window)
                                else "it does not meet it at all"))
    elif relation == "outside" and possibly(period, window):
        ctx.fail(tree, here, f"period {args[3]} possibly meets {args[4]}: its value may be the instance's then")


def counts_at(ctx: Context, x: str, d: str, v: str, window) -> bool:
    """Whether x's value v on d may be x's at the window (some predicate stating it holds at every
    time, or has a period that possibly meets the window) — every value, with no window."""
    if window is None:
        return True
    from latweave.proof.audit.meaning import meaning

    for p in meaning(ctx.files).worlds(x, d).get(v, ()):
        period = predicate_period(ctx.files, p)
        if period is None or possibly(period, window):
            return True
    return False


def coord_predicates(coord) -> set:
    """The predicate ids a coord premise rests on (its evidence, or its stated values')."""
    ev = coord.json_field("evidence") if hasattr(coord, "json_field") else None
    if isinstance(ev, dict):
        return {ev.get("predicate")}
    return {(s.json_field("evidence") or {}).get("predicate") for s in getattr(coord, "children", ())}


def time_premises(ctx: Context, tree, here, children, meet_name: str | None) -> None:
    """In a timed meet, the coordinate's predicate carries its `during` exactly when it has a
    period; in an untimed one, no `during` at all."""
    pm = ctx.meets.get(meet_name) if meet_name else None
    window = getattr(pm, "window", None)
    found = premises(children, "during")
    if window is None:
        if found and ctx.plan is not None:
            ctx.fail(tree, here, f"{meet_name} asks at no time, but a during premise is given")
        return
    coords = [c for c in children if c.atom is not None and c.atom.relation == "coord"]
    if len(coords) != 1:
        return   # the caller names the missing coord
    ids = coord_predicates(coords[0])
    dated = sorted(p for p in ids if predicate_period(ctx.files, p))
    if not dated:
        if found:
            ctx.fail(tree, here, "the coordinate's predicate has no period, but a during premise is given")
        return
    if len(found) != 1:
        ctx.fail(tree, here, f"{meet_name} asks at {window}: the coordinate's predicate {dated[0]} has a "
                             "period, and needs its during premise")
        return
    leaf, args = found[0].node, found[0].args
    if leaf.json_field("predicate") not in ids:
        ctx.fail(tree, here, f"the during premise is about predicate {leaf.json_field('predicate')}, "
                             f"not the coordinate's {sorted(ids)}")
    elif args[4] != window:
        ctx.fail(tree, here, f"the during premise tests {args[4]!r}; {meet_name} asks at {window!r}")
