"""Plans as JSON, for scripts and for `latweave run` until the DSL is used everywhere.

    {"let": [["d", <step>], ...], "return": <expr>}     or just <expr>
    step/expr:  {"meet": [[dim, "<=" | "=", value], ...], "project": dim?}
                {"union": [<meet>, ...]}
                {"same" | "differ" | "argmax" | "argmin": dim, "args": [value, ...]}
                {"argmax" | "argmin": dim, "minus": dim, "args": [...]}   (on dim - minus, in days)
                {"holds": value, "where": [[dim, op, value], ...]}
    value:      "text"  or  {"ref": "var"}
"""

from __future__ import annotations

import json

from latweave.errors import PlanError
from latweave.plan.ast import Arg, Compare, Constraint, Holds, Let, Meet, Name, Plan, Range, Ref, Union
from latweave.plan.parser import DIFFERENCE_HINT


def _term(obj):
    if isinstance(obj, str):
        return Name(obj)
    if isinstance(obj, (int, float)) and not isinstance(obj, bool):
        return Name(str(obj))
    if isinstance(obj, dict) and set(obj) == {"ref"} and isinstance(obj["ref"], str):
        return Ref(obj["ref"])
    raise PlanError(f"a value must be a string or {{\"ref\": name}}, got {json.dumps(obj)}")


def _constraints(items) -> tuple[Constraint, ...]:
    if not isinstance(items, list) or not items:
        raise PlanError("a meet needs a non-empty list of [dimension, op, value] constraints")
    out = []
    for item in items:
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], str)
                and item[1] in Constraint.OPS):
            raise PlanError(f"constraint must be [dimension, op, value] with op one of "
                            f"{', '.join(Constraint.OPS)}, got {json.dumps(item)}")
        if item[1] == "in":
            if not (isinstance(item[2], list) and len(item[2]) == 2):
                raise PlanError(f"`in` takes [lo, hi], got {json.dumps(item[2])}")
            out.append(Constraint(item[0], "in", Range(str(item[2][0]), str(item[2][1]))))
        else:
            out.append(Constraint(item[0], item[1], _term(item[2])))
    return tuple(out)


def _meet(obj) -> Meet:
    project = obj.get("project")
    if project is not None and not isinstance(project, str):
        raise PlanError("project must be a dimension name")
    return Meet(_constraints(obj["meet"]), project)


def _expr(obj):
    if not isinstance(obj, dict):
        raise PlanError(f"expected a plan object, got {json.dumps(obj)[:80]}")
    if "meet" in obj:
        return _meet(obj)
    if "union" in obj:
        branches = obj["union"]
        if not isinstance(branches, list) or len(branches) < 2:
            raise PlanError("union needs at least two meets")
        return Union(tuple(_meet(b) for b in branches))
    for op in Compare.OPS:
        if op in obj:
            args = obj.get("args")
            if not isinstance(args, list) or len(args) < 2:
                raise PlanError(f"{op} needs at least two args")
            minus = obj.get("minus")
            if minus is not None and (op not in Compare.EXTREMA or not isinstance(minus, str)):
                raise PlanError(f"{op} takes no \"minus\"" if op not in Compare.EXTREMA
                                else "minus must be a dimension name", code="misplaced_difference",
                                hint=DIFFERENCE_HINT)
            return Compare(op, str(obj[op]), tuple(Arg(_term(a)) for a in args), minus)
    if "holds" in obj:
        return Holds(_term(obj["holds"]), _constraints(obj.get("where")))
    raise PlanError(f"unknown plan form with keys {sorted(obj)}",
                    hint="use meet, union, same, differ, argmax, argmin or holds")


def plan_from_json(obj) -> Plan:
    if isinstance(obj, str):
        try:
            obj = json.loads(obj)
        except json.JSONDecodeError as exc:
            raise PlanError(f"plan is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if isinstance(obj, dict) and "return" in obj:
        lets = []
        for item in obj.get("let", []):
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)):
                raise PlanError("let entries are [name, step]")
            lets.append(Let(item[0], _expr(item[1])))
        return Plan(tuple(lets), _expr(obj["return"]))
    return Plan((), _expr(obj))
