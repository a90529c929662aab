"""Abstentions: the `abstain(reason)` root and each reason's witness, checked where it can be.

The proof's witnesses must match the result's reasons and witness one for one; then each
reason's witness is checked on its own against the lattice files: an unknown anchor really
resolves to nothing, an out-of-scope dimension really is absent, conflicting constraints on a
functional dimension really share no value (a conflict in the sources — contested coordinates —
names no constraints: its entries are checked with the evaluation), incomparable values really are unordered (or, at a time, a period really is only partly known), an empty
constraint really matches no instance. That the plan's answer set is empty, which constraint
emptied it, and every other field of each witness are compared with the independent evaluation
(completeness.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from latweave.lattice.names import normalize
from latweave.plan.ast import Compare, Holds, Name, is_window
from latweave.proof.audit import spans
from latweave.proof.audit.arguments import arg_values, per_arg_values
from latweave.proof.audit.atoms import label
from latweave.proof.audit.extremum import better
from latweave.proof.audit.periods import possibly, predicate_period, surely, window_days
from latweave.proof.audit.plan_meets import plan_constraints
from latweave.proof.model import Proof, Rule, WitnessLeaf
from latweave.reasons import Reason

if TYPE_CHECKING:
    from latweave.proof.audit.context import Context


def abstain(ctx: Context, proof: Proof) -> None:
    r = ctx.result
    root = proof.root
    here = [label(root)]
    atom = root.atom if isinstance(root, Rule) else None
    reasons = list(r.get("reasons") or [])
    witness = r.get("witness") or {}
    if atom is None or atom.relation != "abstain" or len(atom.args) != 1:
        ctx.fail(root, here, "an abstention must prove abstain(reason)")
        return
    ctx.report.checked += 1
    said = atom.args[0]
    if said != r.get("reason") or not reasons or reasons[0] != r.get("reason"):
        ctx.fail(root, here, f"the proof abstains for {said!r}, the result for {r.get('reason')!r} "
                             f"(reasons {reasons})")
    if r.get("answers") or r.get("verdict") is not None:
        ctx.fail("answers", ["answers"], "an abstention answers nothing")
    children = root.children
    if [c.json_field("reason") for c in children] != reasons:
        ctx.fail(root, here, f"the proof's witnesses {[c.json_field('reason') for c in children]} differ from "
                             f"the reasons {reasons}")
    if set(witness) != set(reasons):
        ctx.fail("witness", ["witness"], f"the witness covers {sorted(witness)}, the reasons are {reasons}")
    for child in children:
        where = [*here, label(child)]
        ctx.report.checked += 1
        reason = child.json_field("reason")
        if not isinstance(child, WitnessLeaf):
            ctx.fail(child, where, "the witness axiom is not JSON")
            continue
        detail = child.detail
        if reason in witness and witness[reason] != detail:
            ctx.fail(child, where, f"the proof's {reason} witness differs from the result's")
        check = WITNESSES.get(f"{reason}")
        if check is None:
            ctx.fail(child, where, f"unknown abstention reason {reason!r}")
        else:
            check(ctx, child, where, detail)


def unknown_anchor(ctx: Context, child, where, detail) -> None:
    unknown = detail.get("unknown") if isinstance(detail, dict) else None
    if not unknown:
        ctx.fail(child, where, "unknown_anchor names no unknown name")
        return
    plan_cons = plan_constraints(ctx.plan)
    for entry in unknown:
        name, dname, con = entry.get("name"), entry.get("dimension"), entry.get("constraint")
        if dname is not None:
            d = normalize(dname)
            if d not in ctx.files.dims:
                ctx.fail(child, where, f"dimension {dname!r} is itself unknown (that is out_of_scope)")
            elif ctx.files.resolve(d, name) is not None:
                ctx.fail(child, where, f"{name!r} is a value (or synonym) of {dname}: "
                                       f"it resolves to {ctx.files.resolve(d, name)!r}")
            if ctx.plan is not None and con not in plan_cons:
                ctx.fail(child, where, f"{con!r} is not a constraint of the plan")
        elif ctx.files.resolve_instance(name or "") is not None:
            ctx.fail(child, where, f"{name!r} names instance {ctx.files.resolve_instance(name)!r}")


def out_of_scope(ctx: Context, child, where, detail) -> None:
    dims = detail.get("unknown_dimensions") if isinstance(detail, dict) else None
    if dims is None:  # "unsupported": the evaluation says whether it holds (completeness.py)
        return
    for name in dims:
        if normalize(name) in ctx.files.dims:
            ctx.fail(child, where, f"dimension {name!r} is in the lattice")


def conflict(ctx: Context, child, where, detail) -> None:
    conflicts = detail.get("conflicts") if isinstance(detail, dict) else None
    if not isinstance(conflicts, list) or not (conflicts or "contested" in detail):
        ctx.fail(child, where, "conflict names no conflicting constraints and nothing contested")
        return
    plan_cons = plan_constraints(ctx.plan)
    for entry in conflicts:
        dname = entry.get("dimension", "")
        d = ctx.dim(dname, child, where)
        if d is None:
            continue
        if not ctx.files.dims[d].get("functional"):
            ctx.fail(child, where, f"{dname} is not functional: its constraints cannot conflict")
        cons, vals = entry.get("constraints") or [], entry.get("values") or []
        if len(cons) != 2 or len(vals) != 2:
            ctx.fail(child, where, "a conflict pairs two constraints and their values")
            continue
        admitted = []
        for text, listed in zip(cons, vals):
            triple = plan_cons.get(text)
            if ctx.plan is not None and triple is None:
                ctx.fail(child, where, f"{text!r} is not a constraint of the plan")
            keys = {normalize(v) for v in listed}
            for v in keys:
                if not ctx.files.has_value(d, v):
                    ctx.fail(child, where, f"{v!r} is not a value of {dname}")
            op = triple[1] if triple else "<="
            window = bool(triple) and is_window(triple[1], ctx.files.ordered(d))
            if triple and not window and not triple[2].startswith("$"):
                resolved = ctx.files.resolve(d, triple[2])
                if {resolved} != keys:
                    ctx.fail(child, where, f"{text!r} names {resolved!r}, not {sorted(keys)}")
            if window:
                admitted.append(ctx.files.admitted(d, triple[1], triple[2]) or set())
            else:
                down = set()
                for v in keys:
                    down |= ctx.files.named_admits(d, op, v)
                admitted.append(down)
        shared = admitted[0] & admitted[1]
        if shared:
            ctx.fail(child, where, f"{cons[0]!r} and {cons[1]!r} share lower bound(s) {sorted(shared)[:5]}: "
                                   "they do not conflict")


def incomparable(ctx: Context, child, where, detail) -> None:
    pairs = detail.get("pairs") if isinstance(detail, dict) else None
    final = ctx.final
    in_time = detail.get("in_time") if isinstance(detail, dict) else None
    if in_time is not None:
        _in_time(ctx, child, where, in_time)
        if not pairs and not detail.get("ambiguous"):
            return
    if not pairs and not (isinstance(detail, dict) and detail.get("ambiguous")):
        ctx.fail(child, where, "incomparable names no pair")
        return
    if not isinstance(final, Compare) or final.op not in ("argmax", "argmin"):
        ctx.fail(child, where, "incomparable needs an argmax/argmin plan")
        return
    if spans.is_derived(final):
        spans.incomparable(ctx, child, where, detail)
        return
    d = normalize(final.dimension)
    for pair in pairs:
        args, values = pair.get("arguments") or [], pair.get("values") or []
        if len(values) != 2 or len(args) != 2:
            ctx.fail(child, where, "a pair names two arguments and two values")
            continue
        v, w = (normalize(x) for x in values)
        if not (ctx.files.has_value(d, v) and ctx.files.has_value(d, w)):
            ctx.fail(child, where, f"{values} are not values of {final.dimension}")
            continue
        if (v == w and _one_point(ctx, d, v)) or better(ctx.files, d, final.op, v, w) or better(ctx.files, d, final.op, w, v):
            ctx.fail(child, where, f"{values[0]!r} and {values[1]!r} are ordered (or equal) on {final.dimension}")
        for arg_label, val in zip(args, (v, w)):
            held = arg_values(ctx, final, arg_label)
            if held is not None and val not in held:
                ctx.fail(child, where, f"argument {arg_label!r} has no value {val!r}")


def _in_time(ctx: Context, child, where, detail) -> None:
    """A timed plan's answer depends on a partly known period: the plan asks at a time, and each
    period named is a real predicate's that possibly but not surely meets a time the plan asks at
    (which answers differ is compared with the evaluation, completeness.py)."""
    windows = [window_days(m.window) for m in ctx.meets.values() if m.window is not None]
    if not windows:
        ctx.fail(child, where, "the plan asks at no time, so nothing depends on a period")
        return
    entries = detail.get("periods") if isinstance(detail, dict) else None
    if not entries:
        ctx.fail(child, where, "in_time names no partly known period")
        return
    for entry in entries:
        p = entry.get("predicate") if isinstance(entry, dict) else None
        period = predicate_period(ctx.files, p) if isinstance(p, int) else None
        if period is None:
            ctx.fail(child, where, f"{entry!r} names no predicate with a period")
        elif not any(possibly(period, w) and not surely(period, w) for w in windows if w is not None):
            ctx.fail(child, where, f"predicate {p}'s period is not partly known at the plan's times")


def empty(ctx: Context, child, where, detail) -> None:
    if not isinstance(detail, dict):
        ctx.fail(child, where, "the empty witness is not an object")
        return
    final = ctx.final
    if "no_value" in detail or "missing" in detail:
        if not isinstance(final, (Compare, Holds)):
            ctx.fail(child, where, "no_value/missing witnesses belong to compares")
            return
        if spans.is_derived(final):
            spans.no_value(ctx, child, where, final, detail.get("no_value", []))
        elif isinstance(final, Compare):
            listed = detail.get("no_value", [])
            for arg_label in dict.fromkeys(listed):
                # labels may repeat ("x", "x" -> d): as many arguments so labelled must lack a value
                have = [vals for vals in per_arg_values(ctx, final, arg_label) if vals]
                lacking = len(per_arg_values(ctx, final, arg_label)) - len(have)
                if have and lacking < listed.count(arg_label):
                    ctx.fail(child, where, f"argument {arg_label!r} has values {sorted(have[0])} on {final.dimension}")
        if isinstance(final, Holds) and isinstance(final.item, Name):
            x = ctx.files.resolve_instance(final.item.text)
            plan_cons = plan_constraints(ctx.plan)
            for text in detail.get("missing", []):
                triple = plan_cons.get(text)
                if triple is None:
                    ctx.fail(child, where, f"{text!r} is not a constraint of the plan")
                elif x is not None and ctx.coords(x, normalize(triple[0])):
                    ctx.fail(child, where, f"{final.item.text!r} does have a value on {triple[0]}")
        return
    plan_cons = plan_constraints(ctx.plan)
    for meet in detail.get("meets", []):
        for text in meet.get("matches_nothing", []):
            triple = plan_cons.get(text)
            if triple is None:
                ctx.fail(child, where, f"{text!r} is not a constraint of the plan")
                continue
            met = _met_alone(ctx, meet.get("meet"), text)
            if met:
                x = sorted(met)[0]
                ctx.fail(child, where, f"{text!r} is met by {x!r} (its {triple[0]}: "
                                       f"{', '.join(sorted(ctx.coords(x, normalize(triple[0]))))})")
    # which constraint left nothing, and that nothing is left: the witness as a whole is compared
    # with the independent evaluation (completeness.py)


def _met_alone(ctx: Context, meet_name, text: str) -> set[str]:
    """The instances that meet constraint `text` of meet `meet_name` on its own."""
    ev = ctx.evaluation
    if ev is None or not isinstance(meet_name, str) or not meet_name.startswith("meet#"):
        return set()
    try:
        m = ev.meets[int(meet_name[5:])]
    except (ValueError, IndexError):
        return set()
    return {x for ce in m.constraints if ce.constraint is not None and ce.text == text for x in ce.met.possible}


#: Each engine reason's witness check (keyed by Reason: a reason a file names outside the
#: vocabulary has none, and the audit says so).
WITNESSES = {Reason.UNKNOWN_ANCHOR: unknown_anchor, Reason.OUT_OF_SCOPE: out_of_scope, Reason.CONFLICT: conflict,
             Reason.INCOMPARABLE: incomparable, Reason.EMPTY: empty}


def _one_point(ctx: Context, d: str, v: str) -> bool:
    """Whether value v of d ties with itself: one point (a day, a number) or a value of a taxonomy.
    The same value wider than a point ("1930", a year) held by two arguments is a pair neither
    ordered nor tied: either may come first."""
    if not ctx.files.ordered(d):
        return True
    bounds = ctx.files.bounds(d, v)
    return bounds is None or bounds[0] == bounds[1]
