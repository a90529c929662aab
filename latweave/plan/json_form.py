"""Plans as JSON, for scripts and for `latweave run` until the DSL is used everywhere.

    {"let": [["d", <step>], ...], "return": <expr>}     or just <expr>
    step/expr:  {"meet": [[dim, op, value], ...], "project": dim?, "at": date? | "during": [lo, hi]?}
                {"union": [<meet>, ...]}
                {"same" | "differ" | "argmax" | "argmin": dim, "args": [value, ...]}
                {"argmax" | "argmin": dim, "minus": dim, "args": [...]}   (on dim - minus, in days)
                {"holds": value, "where": [[dim, op, value], ...], "at" | "during": ...?}
    value:      "text", a number,  or  {"ref": "var"}
    op:         "<=" | ">=" | "=" | "<" | ">"  (value),  "in"  ([lo, hi])

Keys other than these are refused, with the path of the object in the JSON (`$.let[0][1]`) and
the keys it may have; so is a plan over a size limit (latweave/plan/limits.py).
"""

from __future__ import annotations

import json
import math
import re

from latweave.errors import PlanError
from latweave.plan.ast import Arg, Compare, Constraint, Holds, Let, Meet, Name, Plan, Range, Ref, Time, Union
from latweave.plan.limits import (MAX_ARGS, MAX_BRANCHES, MAX_CONSTRAINTS, MAX_LETS, MAX_VALUE_CHARS, Counter,
                                   check_json_depth, check_length, limit_error)
from latweave.plan.parser import DIFFERENCE_HINT


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: The keys each form of the JSON form may have (anything else is refused: a misspelt "projct"
#: would otherwise be dropped silently and the plan would run without it).
KEYS = {
    "plan": ("let", "return"),
    "meet": ("meet", "project", "at", "during"),
    "union": ("union",),
    "compare": ("args", "minus"),   # plus the form's own key: same, differ, argmax or argmin
    "holds": ("holds", "where", "at", "during"),
    "ref": ("ref",),
}


def _err(path: str, message: str, **kw) -> PlanError:
    return PlanError(f"{path}: {message}", **kw)


def _keys(obj: dict, allowed: tuple[str, ...], form: str, path: str) -> None:
    unknown = sorted(k for k in obj if k not in allowed)
    if unknown:
        raise _err(path, f"unknown key {json.dumps(unknown[0], ensure_ascii=False)} for {form}",
                   code="unknown_key", hint=f"{form} takes only {', '.join(json.dumps(k) for k in allowed)}")


def _short(obj) -> str:
    text = json.dumps(obj, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."


def _text(obj, path: str, counter: Counter) -> str:
    """A value written as a JSON string or number, as plan text."""
    if isinstance(obj, str):
        text = obj
    elif isinstance(obj, float) and not math.isfinite(obj):   # 1e309 reads as inf: never a value
        raise _err(path, "a number too large to be finite (JSON reads 1e309 as infinity)", code="bad_value",
                   hint="write a finite number, like 42 or 3.5")
    elif isinstance(obj, (int, float)) and not isinstance(obj, bool):
        text = str(obj)
    else:
        raise _err(path, f"a value must be a string, a number or {{\"ref\": name}}, got {_short(obj)}",
                   code="bad_value")
    counter.value(text, path=path)
    return text


def _term(obj, path: str, counter: Counter):
    if isinstance(obj, dict):
        _keys(obj, KEYS["ref"], "a reference", path)
        if isinstance(obj.get("ref"), str) and _IDENT.fullmatch(obj["ref"]):
            return Ref(obj["ref"])
        raise _err(path, f"a reference is {{\"ref\": name}} with a step name, got {_short(obj)}",
                   code="bad_value", hint="a step name is letters, digits and _, starting with a letter")
    return Name(_text(obj, path, counter))


def _dimension(obj, path: str) -> str:
    if not isinstance(obj, str) or not obj.strip():
        raise _err(path, f"a dimension name must be a non-empty string, got {_short(obj)}", code="bad_dimension")
    return obj


def _constraints(items, path: str, counter: Counter) -> tuple[Constraint, ...]:
    if not isinstance(items, list) or not items:
        raise _err(path, "a meet needs a non-empty list of [dimension, op, value] constraints",
                   code="missing_constraint")
    counter.meet(len(items), path=f"{path}[{min(len(items), MAX_CONSTRAINTS + 1) - 1}]")
    out = []
    for i, item in enumerate(items):
        here = f"{path}[{i}]"
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], str)
                and isinstance(item[1], str) and item[1] in Constraint.OPS):
            raise _err(here, f"constraint must be [dimension, op, value] with op one of "
                             f"{', '.join(Constraint.OPS)}, got {_short(item)}", code="bad_constraint")
        dim = _dimension(item[0], f"{here}[0]")
        if item[1] == "in":
            if not (isinstance(item[2], list) and len(item[2]) == 2):
                raise _err(f"{here}[2]", f"`in` takes [lo, hi], got {_short(item[2])}", code="bad_bound")
            out.append(Constraint(dim, "in", Range(_text(item[2][0], f"{here}[2][0]", counter),
                                                   _text(item[2][1], f"{here}[2][1]", counter))))
        else:
            out.append(Constraint(dim, item[1], _term(item[2], f"{here}[2]", counter)))
    return tuple(out)


def _time(obj: dict, path: str, counter: Counter) -> Time | None:
    """`"at": date` or `"during": [lo, hi]` (one of them, or neither)."""
    if "at" in obj and "during" in obj:
        raise _err(path, "a meet asks at one time: \"at\" or \"during\", not both", code="bad_time")
    if "at" in obj:
        return Time(_text(obj["at"], f"{path}.at", counter))
    if "during" in obj:
        span = obj["during"]
        if not (isinstance(span, list) and len(span) == 2):
            raise _err(f"{path}.during", f"\"during\" takes [lo, hi], got {_short(span)}", code="bad_time")
        return Time(_text(span[0], f"{path}.during[0]", counter), _text(span[1], f"{path}.during[1]", counter))
    return None


def _meet(obj, path: str, counter: Counter) -> Meet:
    if not isinstance(obj, dict) or "meet" not in obj:
        raise _err(path, f"expected a meet object {{\"meet\": [...]}}, got {_short(obj)}", code="bad_branch")
    _keys(obj, KEYS["meet"], "a meet", path)
    project = obj.get("project")
    if project is not None:
        project = _dimension(project, f"{path}.project")
    return Meet(_constraints(obj["meet"], f"{path}.meet", counter), project, time=_time(obj, path, counter))


def _expr(obj, path: str, counter: Counter):
    if not isinstance(obj, dict):
        raise _err(path, f"expected a plan object, got {_short(obj)}", code="bad_form")
    if "meet" in obj:
        return _meet(obj, path, counter)
    if "union" in obj:
        _keys(obj, KEYS["union"], "a union", path)
        branches = obj["union"]
        if not isinstance(branches, list) or len(branches) < 2:
            raise _err(f"{path}.union", "union needs a list of at least two meets", code="missing_branch")
        counter.branches(len(branches), path=f"{path}.union[{min(len(branches), MAX_BRANCHES + 1) - 1}]")
        return Union(tuple(_meet(b, f"{path}.union[{i}]", counter) for i, b in enumerate(branches)))
    for op in Compare.OPS:
        if op in obj:
            _keys(obj, (op, *KEYS["compare"]), op, path)
            args = obj.get("args")
            if not isinstance(args, list) or len(args) < 2:
                raise _err(f"{path}.args", f"{op} needs a list of at least two args", code="too_few_arguments")
            counter.arguments(len(args), path=f"{path}.args[{min(len(args), MAX_ARGS + 1) - 1}]")
            minus = obj.get("minus")
            if minus is not None and (op not in Compare.EXTREMA or not isinstance(minus, str)):
                raise _err(f"{path}.minus", f"{op} takes no \"minus\"" if op not in Compare.EXTREMA
                           else "minus must be a dimension name", code="misplaced_difference",
                           hint=DIFFERENCE_HINT)
            return Compare(op, _dimension(obj[op], f"{path}.{op}"),
                           tuple(Arg(_term(a, f"{path}.args[{i}]", counter)) for i, a in enumerate(args)), minus)
    if "holds" in obj:
        _keys(obj, KEYS["holds"], "holds", path)
        return Holds(_term(obj["holds"], f"{path}.holds", counter),
                     _constraints(obj.get("where"), f"{path}.where", counter), time=_time(obj, path, counter))
    raise _err(path, f"unknown plan form with keys {sorted(obj)}", code="unknown_form",
               hint="use meet, union, same, differ, argmax, argmin or holds")


def _no_constant(name: str):
    raise PlanError(f"{name} is not a number a plan can use", code="bad_value",
                    hint="write a finite number, such as 42 or 3.5")


def _int(text: str) -> int:
    if len(text) > MAX_VALUE_CHARS:  # before int() meets Python's limit on digits
        raise limit_error(f"a number of {len(text):,} digits", "value_too_long", "characters of one value",
                          MAX_VALUE_CHARS)
    return int(text)


def plan_from_json(obj) -> Plan:
    """A Plan from the JSON form (a JSON text, or the object itself); PlanError naming the path in
    the JSON (`$.return.meet[2]`) when it is not one."""
    if isinstance(obj, str):
        check_length(obj)
        check_json_depth(obj)
        try:
            obj = json.loads(obj, parse_int=_int, parse_constant=_no_constant)
        except json.JSONDecodeError as exc:
            raise PlanError(f"plan is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}",
                            code="bad_json", line=exc.lineno, column=exc.colno) from None
        except RecursionError:  # check_json_depth keeps this from happening; kept as a guard
            raise PlanError("the JSON plan is nested too deeply", code="too_deep") from None
    counter = Counter()
    if isinstance(obj, dict) and "return" in obj:
        _keys(obj, KEYS["plan"], "a plan with let steps", "$")
        steps = obj.get("let", [])
        if not isinstance(steps, list):
            raise _err("$.let", "let must be a list of [name, step] pairs", code="bad_let")
        counter.lets(len(steps), path=f"$.let[{min(len(steps), MAX_LETS + 1) - 1}]")
        lets = []
        for i, item in enumerate(steps):
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)):
                raise _err(f"$.let[{i}]", "let entries are [name, step]", code="bad_let")
            if not _IDENT.fullmatch(item[0]):
                raise _err(f"$.let[{i}][0]", f"{_short(item[0])} is not a step name", code="missing_let_name",
                           hint="a step name is letters, digits and _, starting with a letter")
            lets.append(Let(item[0], _expr(item[1], f"$.let[{i}][1]", counter)))
        return Plan(tuple(lets), _expr(obj["return"], "$.return", counter))
    return Plan((), _expr(obj, "$", counter))
