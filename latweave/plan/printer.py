"""The canonical printer: one spelling per plan, so `parse(to_text(p)) == p`.

The canonical text is what caches, logs and golden tests store. Names print bare when the
grammar would read them back as the same text (identifiers, numbers, dates), quoted otherwise.
"""

from __future__ import annotations

import json
import re

from latweave.plan.ast import Arg, Claims, Compare, Constraint, Holds, Meet, Plan, Range, Ref, Time, Union

KEYWORDS = frozenset({"let", "meet", "holds", "in", "same", "differ", "argmax", "argmin", "is", "at", "during"})
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NUMBER = re.compile(r"-?\d+(\.\d+)?")
_DATE = re.compile(r"\d{4}-\d{2}(-\d{2})?")


def print_name(text: str) -> str:
    if (_IDENT.fullmatch(text) and text not in KEYWORDS) or _NUMBER.fullmatch(text) or _DATE.fullmatch(text):
        return text
    return json.dumps(text, ensure_ascii=False)


def print_dimension(name: str) -> str:
    """Dimension names are identifiers; spaces (which normalise like underscores) become `_`. A
    keyword prints bare too: where a dimension is written no keyword can be (the parser's lexer
    is contextual), and the grammar has no quoted dimension."""
    text = re.sub(r"\s+", "_", name.strip())
    return text if _IDENT.fullmatch(text) else json.dumps(name)


def print_term(term) -> str:
    if isinstance(term, Ref):
        return f"${term.var}"
    if isinstance(term, Range):
        return f"{print_bound(term.lo)}..{print_bound(term.hi)}"
    return print_name(term.text)


def print_bound(text: str) -> str:
    return text if (_NUMBER.fullmatch(text) or _DATE.fullmatch(text)) else json.dumps(text, ensure_ascii=False)


def print_constraint(c: Constraint) -> str:
    return f"{print_dimension(c.dimension)} {c.op} {print_term(c.value)}"


def constraint_triple(c: Constraint) -> tuple[str, str, str]:
    """(dimension, op, value text) of a constraint as written: `$var` for a step's outputs, `lo..hi`
    for a range. Proofs state constraints this way, and the auditor reads them back."""
    value = c.value
    if isinstance(value, Ref):
        text = f"${value.var}"
    elif isinstance(value, Range):
        text = f"{value.lo}..{value.hi}"
    else:
        text = value.text
    return c.dimension, c.op, text


def print_time(time: Time | None) -> str:
    """` at 1990`, ` during 1990..1995`, or nothing (a meet that asks at no time)."""
    if time is None:
        return ""
    if time.hi is None:
        return f" at {print_bound(time.lo)}"
    return f" during {print_bound(time.lo)}..{print_bound(time.hi)}"


def window_text(time: Time) -> str:
    """A time as proofs state it: `1990` (at) or `1990..1995` (during), dates as written."""
    return time.lo if time.hi is None else f"{time.lo}..{time.hi}"


def print_arg(arg: Arg) -> str:
    return print_term(arg.term) + "".join(f" -> {print_dimension(d)}" for d in arg.path)


def print_expr(expr) -> str:
    if isinstance(expr, Meet):
        text = f"meet({', '.join(map(print_constraint, expr.constraints))})" + print_time(expr.time)
        return text + (f" -> {print_dimension(expr.project)}" if expr.project else "")
    if isinstance(expr, Union):
        return " | ".join(print_expr(b) for b in expr.branches)
    if isinstance(expr, Compare):
        args = ", ".join(map(print_arg, expr.args))
        measure = print_dimension(expr.dimension)
        if expr.minus is not None:
            measure += f" - {print_dimension(expr.minus)}"
        if expr.op in ("argmax", "argmin"):
            return f"{expr.op}({measure}, [{args}])"
        return f"{expr.op}({measure}, {args})"
    if isinstance(expr, Holds):
        return (f"holds({print_term(expr.item)}, {', '.join(map(print_constraint, expr.constraints))})"
                + print_time(expr.time))
    raise TypeError(f"not a plan expression: {expr!r}")


def to_text(plan: Plan) -> str:
    """The canonical text of a plan: one `let` per line, then the final expression."""
    lines = [f"let {let.var} = {print_expr(let.expr)}" for let in plan.lets]
    lines.append(print_expr(plan.final))
    return "\n".join(lines)


def print_assertion(assertion) -> str:
    text = print_expr(assertion.expr)
    if assertion.winners is None:
        return text
    names = [print_name(w.text) for w in assertion.winners]
    return f"{text} is {names[0]}" if len(names) == 1 else f"{text} is [{', '.join(names)}]"


def claims_to_text(claims: Claims) -> str:
    """The canonical text of a claim: one `let` per line, then the assertions joined by ` & `."""
    lines = [f"let {let.var} = {print_expr(let.expr)}" for let in claims.lets]
    lines.append(" & ".join(print_assertion(a) for a in claims.assertions))
    return "\n".join(lines)
