"""The result as a whole against the independent evaluation (semantics.py): exactly what the plan
denotes, no more, no less.

`check(ctx)` compares each field of the result with what `Evaluation.outcome()` derives from the
lattice files: its keys (exactly status, answers, verdict, reason, reasons, witness, proof, plan,
contested), the status, the answer set (a missing answer names the meet that yields it, an extra
one the constraint it fails or the candidate that beats it), the verdict, the reason and every
reason that holds (in ENGINE_REASONS order), each reason's witness, and the contested answers with their
supporting and contradicting coordinates (each a real predicate of a contested coordinate, its
evidence as predicates.jsonl and the document have it). `member_claim` and `output_claim` check
the proof's `member` and `step_out` nodes against the evaluated meets and steps. A paged result
(`page`) is compared with its slice of the whole set, the slice and totals checked by pages.py.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import TYPE_CHECKING

from latweave.lattice.names import normalize
from latweave.plan.ast import Compare, Holds, Meet, Union
from latweave.proof.audit import pages
from latweave.proof.audit.lines import line_problem
from latweave.reasons import Reason

if TYPE_CHECKING:
    from latweave.proof.audit.context import Context

KNOWN_KEYS = ("status", "answers", "verdict", "reason", "reasons", "witness", "proof", "plan", "contested")
COORD_KEYS = {"instance", "dimension", "value", "evidence"}
EVIDENCE_KEYS = {"predicate", "doc", "source_text", "start", "end", "confidence"}


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def keys(ctx: Context) -> None:
    """Exactly the known top-level keys (a result saved before `contested` existed may lack it)."""
    r = ctx.result
    # optional: a page (pages.py), a ranking (ranking.py), the lattice it was computed on (auditor.py)
    unknown = sorted(set(r) - set(KNOWN_KEYS) - {"page", "ranking", "lattice"})
    if unknown:
        ctx.fail("result", ["result"], f"unknown key(s) {unknown}: a result has exactly {list(KNOWN_KEYS)}"
                                       " (and a page's `page`, a ranking's `ranking`, its `lattice`)")
    missing = [k for k in KNOWN_KEYS if k not in r and k != "contested"]
    if missing:
        ctx.fail("result", ["result"], f"the result lacks {missing}")


def check(ctx: Context) -> None:
    """Every field of the result against the evaluation's outcome (one named check per field)."""
    ev = ctx.evaluation
    if ev is None:
        return
    out = ev.outcome()
    paged = pages.window(ctx, out)  # a page is compared with its slice of the whole set
    if paged is not out:
        ctx.whole = out
    for field_check in CHECKS.values():
        field_check(ctx, ctx.result, paged)


def _check_status(ctx: Context, r: dict, out) -> None:
    if r.get("status") != out.status:
        why = f" ({', '.join(out.reasons)})" if out.reasons else ""
        ctx.fail("status", ["status"], f"the plan {_status_text(out)}{why}; the result says {r.get('status')!r}")


def _check_answers(ctx: Context, r: dict, out) -> None:
    claimed = r.get("answers")
    if not isinstance(claimed, list):
        ctx.fail("answers", ["answers"], "answers must be a list")
        claimed = []
    if claimed != out.answers:
        _answers(ctx, claimed, out)


def _check_verdict(ctx: Context, r: dict, out) -> None:
    if r.get("verdict") is not out.verdict:
        ctx.fail("verdict", ["verdict"], f"the lattice gives the verdict {_v(out.verdict)}; the result says "
                                         f"{_v(r.get('verdict'))}")


def _check_reasons(ctx: Context, r: dict, out) -> None:
    reasons = r.get("reasons")
    if reasons != out.reasons:
        ctx.fail("reasons", ["reasons"], f"the reasons that hold are {out.reasons}; the result lists {reasons}")
    if r.get("reason") != out.reason:
        ctx.fail("reason", ["reason"], f"the reason is {out.reason!r} (the first that holds, in the order "
                                       f"unknown_anchor, out_of_scope, conflict, incomparable, empty); the result "
                                       f"says {r.get('reason')!r}")


def _check_witness(ctx: Context, r: dict, out) -> None:
    _witness(ctx, r.get("witness"), out)


def _check_contested(ctx: Context, r: dict, out) -> None:
    _contested(ctx, r.get("contested", []), out)


#: the result's fields, each compared with the evaluation by its own check (tests disable one at a
#: time to show which check catches which tampering)
CHECKS = {"status": _check_status, "answers": _check_answers, "verdict": _check_verdict,
          "reasons": _check_reasons, "witness": _check_witness, "contested": _check_contested}


def _status_text(out) -> str:
    if out.status == "abstain":
        return "abstains"
    return "gives a verdict" if out.status == "verdict" else "answers"


def _v(value) -> str:
    return "none" if value is None else json.dumps(value)


# ---- answers ----
def _answers(ctx: Context, claimed: list, out) -> None:
    ev = ctx.evaluation
    final = ev.plan.final
    want, have = Counter(out.answers), Counter(claimed)
    missing = sorted((want - have).elements())
    extra = sorted((have - want).elements())
    for label in missing:
        ctx.fail("answers", ["answers"], f"{label!r} is missing: {why_answer(ev, final, label)}")
    for label in extra:
        if ctx.whole is not None and label in ctx.whole.answers:
            continue  # an answer of another page: pages.py says where it belongs
        ctx.fail("answers", ["answers"], f"{label!r} is not an answer: {why_not(ev, final, label, out)}")
    if not missing and not extra:
        ctx.fail("answers", ["answers"], f"the answers are {out.answers} in this order (sorted by label); the "
                                         f"result lists {claimed}")


def _keys_for(ev, label: str, keys) -> list[str]:
    project = ev.final_projection()
    return sorted(k for k in keys if ev.item_label(k, project) == label)


def why_answer(ev, final, label: str) -> str:
    """Where an answer the result omits comes from: the meet and member that yield it, or the win."""
    if isinstance(final, (Meet, Union)):
        keys = _keys_for(ev, label, ev.steps[""].sure)
        parts = []
        for y in keys:
            for m in ev.step_meets[""]:
                if y not in m.outputs.sure:
                    continue
                if m.project is None:
                    parts.append(f"step final, {m.name} {m.text()} has the member {label!r}")
                else:
                    xs = sorted(x for x in m.members.sure if y in ev.model.worlds(x, m.project))
                    who = ", ".join(ev.model.label_of_instance(x) for x in xs[:3])
                    parts.append(f"step final, {m.name} {m.text()} has members ({who}) with {m.meet.project} {label!r}")
        return "; ".join(parts) or "the final step outputs it"
    if isinstance(final, Compare):
        return f"it wins {final.op}({final.measure}): no other candidate is better"
    return "the plan answers it"


def why_not(ev, final, label: str, out) -> str:
    """Why a listed answer is none: the constraint it fails, or that it is beaten or contested."""
    if out.status != "answer":
        return f"the plan {_status_text(out)}" + (f" ({', '.join(out.reasons)})" if out.reasons else "")
    if label in out.contested:
        return "it is contested: only a route through a contested coordinate reaches it (see `contested`)"
    if isinstance(final, (Meet, Union)):
        parts = []
        for m in ev.step_meets[""]:
            parts.append(_meet_miss(ev, m, label))
        return "; ".join(parts)
    if isinstance(final, Compare):
        cands = [c for c in ev.compare_notes.get("candidates", []) if c.label == label]
        if not cands:
            return f"it is no argument (or item) of {final.op}({final.measure})"
        best = ev.compare_notes.get("best", {})
        for c in cands:
            mine = best.get((c.arg, c.key), set())
            for o in ev.compare_notes.get("candidates", []):
                for w in best.get((o.arg, o.key), set()):
                    for v in mine:
                        if ev.better(final, w, v):
                            return (f"{o.label!r} beats it on {final.op}({final.measure}) "
                                    f"({_shown(ev, final, w)} over {_shown(ev, final, v)})")
        return f"it does not win {final.op}({final.measure})"
    return "the plan gives no answer set"


def _shown(ev, final, v: str) -> str:
    if final.minus is not None:
        span = ev.span(final, v)
        return f"{ev.model.label_of_instance(v)} spanning {span[0]}..{span[1]} days" if isinstance(span, tuple) else v
    return repr(ev.model.value_label(normalize(final.dimension), v))


def _meet_miss(ev, m, label: str) -> str:
    """Why `label` is no output of meet m: the first constraint (plan order) its instance fails."""
    model = ev.model
    if m.project is not None:
        return f"step final, {m.name} {m.text()}: no member has {m.meet.project} {label!r}"
    x = model.resolve_instance_key(normalize(label)) or normalize(label)
    for ce in m.constraints:
        if x in ce.met.possible:
            continue
        if ce.dimension is not None:
            held = sorted(model.value_label(ce.dimension, w) for w in model.worlds(x, ce.dimension))
            has = f"its {ce.constraint.dimension}: {', '.join(held)}" if held else f"no {ce.constraint.dimension}"
            return f"step final, {m.name}: {label!r} does not meet {ce.text} ({has})"
        return f"step final, {m.name}: {label!r} is not the instance named"
    return f"step final, {m.name} {m.text()}: {label!r} is no member"


# ---- witness ----
DOUBT_KEYS = ("contested", "undecided_items")


def _canonical(reason: str, detail):
    """A witness with its entry lists in a fixed order (the extractor's order follows symbol ids);
    what the sources contest is checked entry by entry (_doubts), not here."""
    if not isinstance(detail, dict):
        return detail
    out = {}
    for key, value in detail.items():
        if key in DOUBT_KEYS:
            continue
        if isinstance(value, list) and key != "meets":
            value = sorted(value, key=_json)
        out[key] = value
    return out


def _witness(ctx: Context, witness, out) -> None:
    if not isinstance(witness, dict):
        ctx.fail("witness", ["witness"], "the witness must be an object")
        return
    extra = sorted(set(witness) - set(out.witness))
    if extra:
        ctx.fail("witness", ["witness"], f"the witness covers {extra}, which do not hold")
    for reason, expected in out.witness.items():
        given = witness.get(reason)
        if given is None:
            ctx.fail("witness", ["witness"], f"the witness lacks {reason!r}, which holds: {_json(expected)}")
            continue
        a, b = _canonical(reason, given), _canonical(reason, expected)
        if a != b:
            keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k)) if isinstance(a, dict) else []
            detail = "; ".join(f"{k}: the lattice gives {_json(b.get(k))}, the result says {_json(a.get(k))}"
                               for k in keys) or f"{_json(given)} is not {_json(expected)}"
            ctx.fail("witness", ["witness"], f"the {reason} witness differs from the lattice's: {detail}")
        if reason == Reason.CONFLICT and isinstance(given, dict):
            _doubts(ctx, given, out)


def _doubts(ctx: Context, given: dict, out) -> None:
    """A conflict's `contested` (and a compare's `undecided_items`) entries: exactly what the
    sources leave open — the contested answers of a meet, the members of a claim not certain, the
    contested coordinates and the doubtful items of a compare — each resting on real predicates of
    contested coordinates."""
    final = ctx.evaluation.plan.final
    doubts = out.doubts
    where = "the conflict witness's"
    if isinstance(final, (Meet, Union)):
        _entries_about(ctx, given.get("contested"), "answer", doubts.get("answers", []), f"{where} contested answers")
        return
    if isinstance(final, Holds):
        _entries_about(ctx, given.get("contested"), "item", doubts.get("items", []), f"{where} contested members")
        return
    coords = given.get("contested", [])
    want = {(label_, dim_label): (x, d) for label_, dim_label, x, d in doubts.get("coords", [])}
    if not isinstance(coords, list):
        ctx.fail("witness", ["witness"], f"{where} contested coordinates must be a list")
        coords = []
    seen = set()
    for entry in coords:
        if not isinstance(entry, dict) or set(entry) != {"item", "dimension", "values"}:
            ctx.fail("witness", ["witness"],
                     f"{where} contested coordinate {entry!r} has exactly item, dimension, values")
            continue
        key = (entry["item"], entry["dimension"])
        seen.add(key)
        if key not in want:
            ctx.fail("witness", ["witness"],
                     f"{where} contested coordinates: {key} is no contested coordinate of an item")
            continue
        x, d = want[key]
        stated = [e.get("evidence", {}).get("predicate") if isinstance(e, dict) else None for e in entry["values"]]
        every = sorted(p for ps in ctx.evaluation.model.stated(x, d).values() for p in ps)
        if sorted(p for p in stated if p is not None) != every:
            ctx.fail("witness", ["witness"], f"{where} contested coordinate {key}: the sources state predicates "
                                             f"{every}, the witness lists {stated}")
        for e in entry["values"]:
            problem = stated_problem(ctx, e)
            if problem:
                ctx.fail("witness", ["witness"], f"{where} contested coordinate {key}: {problem}")
    if seen != set(want) and (coords or want):
        ctx.fail("witness", ["witness"], f"{where} contested coordinates are {sorted(want)}, it lists {sorted(seen)}")
    items = given.get("undecided_items", [])
    if not isinstance(items, list):
        ctx.fail("witness", ["witness"], f"{where} undecided items must be a list")
        return
    listed = sorted((e.get("argument"), e.get("item")) for e in items if isinstance(e, dict))
    if listed != doubts.get("items", []):
        ctx.fail("witness", ["witness"], f"{where} undecided items are {doubts.get('items', [])} "
                                         f"(argument, item): it lists {listed}")
    _sides(ctx, items, {"argument", "item"}, f"{where} undecided items")


def _entries_about(ctx: Context, entries, key: str, want: list, what: str) -> None:
    """Entries {key, supported_by, contradicted_by} naming exactly `want` (sorted), each side real."""
    if entries is None:
        entries = []
    if not isinstance(entries, list):
        ctx.fail("witness", ["witness"], f"{what} must be a list")
        return
    listed = [e.get(key) if isinstance(e, dict) else None for e in entries]
    if listed != sorted(want):
        ctx.fail("witness", ["witness"], f"{what} are {sorted(want)}; the witness lists {listed}")
    _sides(ctx, entries, {key}, what)


def _sides(ctx: Context, entries: list, keys: set, what: str, step: str = "witness") -> None:
    for entry in entries:
        expected = keys | {"supported_by", "contradicted_by"}
        if not isinstance(entry, dict) or set(entry) != expected:
            ctx.fail(step, [step], f"{what}: an entry has exactly {sorted(expected)}: {entry!r}")
            continue
        name = " ".join(str(entry[k]) for k in sorted(keys))
        for side in ("supported_by", "contradicted_by"):
            if not isinstance(entry[side], list):
                ctx.fail(step, [step], f"{what}: {name} {side} must be a list")
                continue
            for stated in entry[side]:
                problem = stated_problem(ctx, stated)
                if problem:
                    ctx.fail(step, [step], f"{what}: {name} {side}: {problem}")


# ---- contested answers ----
def _contested(ctx: Context, entries, out) -> None:
    if not isinstance(entries, list):
        ctx.fail("contested", ["contested"], "contested must be a list")
        return
    answers = [e.get("answer") if isinstance(e, dict) else None for e in entries]
    if answers != sorted(out.contested):
        missing = sorted(set(out.contested) - set(answers))
        extra = [a for a in answers if a not in out.contested]
        problem = []
        if missing:
            problem.append(f"{missing} are contested (a possible answer with no sure route) but not listed")
        if extra:
            problem.append(f"{extra} are not contested answers")
        if not problem:
            problem.append(f"the contested answers are {sorted(out.contested)}, listed as {answers}")
        ctx.fail("contested", ["contested"], "; ".join(problem))
    _sides(ctx, entries, {"answer"}, "contested", step="contested")
    proof = ctx.proof
    if proof.contested is not None:
        _proof_contested(ctx, proof.contested, entries)
    elif proof.extras.get("contested") is not None:
        ctx.fail("contested", ["proof", "contested"], "proof.contested must be a list")


def _proof_contested(ctx: Context, nodes, entries: list) -> None:
    """The proof's `contested` nodes show the result's contested entries, leaf for leaf."""
    from latweave.proof.model import Leaf, Rule

    def leaf(s: dict) -> str:
        return _json([s.get("instance"), s.get("dimension"), s.get("value"), s.get("evidence")])

    want = {e.get("answer"): {side: sorted(leaf(s) for s in e.get(side) or [] if isinstance(s, dict))
                              for side in ("supported_by", "contradicted_by")}
            for e in entries if isinstance(e, dict)}
    got = {}
    for n in nodes:
        parsed = n.atom if isinstance(n, Rule) else None
        if parsed is None or parsed.relation != "contested" or len(parsed.args) != 1:
            ctx.fail("contested", ["proof", "contested"], "a proof.contested node must prove contested(answer)")
            continue
        sides = {}
        for child in n.children:
            cp = child.atom if isinstance(child, Rule) else None
            if cp is not None and cp.relation in ("supported_by", "contradicted_by"):
                leaves = []
                for leaf in child.children:
                    lp = leaf.atom if isinstance(leaf, Leaf) else None
                    if lp is not None and lp.relation == "stated" and len(lp.args) == 3:
                        leaves.append(_json([*lp.args, leaf.json_field("evidence")]))
                sides[cp.relation] = sorted(leaves)
        got[parsed.args[0]] = {side: sides.get(side, []) for side in ("supported_by", "contradicted_by")}
    if got != want:
        ctx.fail("contested", ["proof", "contested"], "the proof's contested nodes differ from the result's "
                                                      f"contested entries ({sorted(got)} vs {sorted(want)})")


def stated_problem(ctx: Context, stated) -> str | None:
    """Why an entry {instance, dimension, value, evidence} is not a real predicate of a contested
    coordinate, stated so in predicates.jsonl and its document (None when it is)."""
    model = ctx.evaluation.model if ctx.evaluation is not None else None
    if not isinstance(stated, dict) or set(stated) != COORD_KEYS:
        return f"a stated value has exactly {sorted(COORD_KEYS)}: {stated!r}"
    ev = stated["evidence"]
    if not isinstance(ev, dict) or set(ev) - {"line", "column"} != EVIDENCE_KEYS:
        return f"its evidence has exactly {sorted(EVIDENCE_KEYS)} (and the line and column it starts at)"
    row = ctx.files.predicates.get(ev.get("predicate"))
    if row is None:
        return f"predicate {ev.get('predicate')!r} is not in predicates.blocks"
    x, d, v = (normalize(str(stated[k])) for k in ("instance", "dimension", "value"))
    same_value = v == row["value"] or ctx.files.resolve(d, stated["value"]) == row["value"]
    if (x, d) != (row["instance"], row["dimension"]) or not same_value:
        return f"predicate {row['id']} states ({row['instance']}, {row['dimension']}, {row['value']}), not {(x, d, v)}"
    if model is not None and not model.is_contested(x, d):
        return f"{stated['instance']!r} on {stated['dimension']} is not a contested coordinate"
    for key in ("doc", "source_text", "start", "end", "confidence"):
        if ev.get(key) != row[key]:
            return f"evidence {key} {ev.get(key)!r} differs from predicate {row['id']}'s {row[key]!r}"
    doc = ctx.files.documents.get(row["doc"])
    if doc is None or doc[row["start"]:row["end"]] != row["source_text"]:
        return f"document {row['doc']!r} does not hold predicate {row['id']}'s source text at its offsets"
    return line_problem(ctx, ev, row["doc"], doc, row["start"])


# ---- the proof's claims about meets and steps ----
def needs_sure(ctx: Context) -> bool:
    """Whether the proof must rest on sure routes only: an answer, a true holds, a shared value
    (a false verdict may list what an argument only possibly has)."""
    r, final = ctx.result, ctx.final
    if r.get("status") == "answer":
        return True
    if r.get("status") == "verdict":
        if isinstance(final, Holds):
            return r.get("verdict") is True
        if isinstance(final, Compare) and final.op in ("same", "differ"):
            return r.get("verdict") == (final.op == "same")
    return False


def member_claim(ctx: Context, tree, here, name: str, x: str) -> None:
    ev = ctx.evaluation
    if ev is None or not name.startswith("meet#"):
        return
    try:
        m = ev.meets[int(name[5:])]
    except (ValueError, IndexError):
        return  # the plan's meets are checked by members.member
    key = ev.model.resolve_instance_key(normalize(x)) or normalize(x)
    if key not in m.members.possible:
        ctx.fail(tree, here, f"{x!r} is not a member of {name} {m.text()} (step {m.step}) by the lattice")
    elif key not in m.members.sure and needs_sure(ctx):
        ctx.fail(tree, here, f"{x!r} is a member of {name} only by a route through a contested coordinate: "
                             "it proves nothing certain")


def output_claim(ctx: Context, tree, here, step: str, y: str) -> None:
    ev = ctx.evaluation
    if ev is None:
        return
    var = "" if step == "final" else step[1:] if step.startswith("$") else step
    flow = ev.steps.get(var)
    if flow is None:
        ctx.fail(tree, here, f"the plan has no step {step}")
        return
    key = normalize(y)
    if key not in flow.possible:
        ctx.fail(tree, here, f"{y!r} is not an output of step {step} by the lattice")
    elif key not in flow.sure and needs_sure(ctx):
        ctx.fail(tree, here, f"{y!r} is an output of step {step} only by a route through a contested coordinate: "
                             "it proves nothing certain")
