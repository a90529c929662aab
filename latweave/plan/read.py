"""Read a plan from text: the DSL (grammars/plan.lark), or the JSON form when the text is a JSON object."""

from __future__ import annotations

from latweave.plan.ast import Plan
from latweave.plan.json_form import plan_from_json
from latweave.plan.parser import ReadPlan, parse_plan, parse_plan_keyed


def is_json_form(text: str) -> bool:
    """Whether `text` is a plan's JSON form (a JSON object) rather than the plan language."""
    return text.lstrip().startswith("{")


def read_plan(text: str) -> Plan:
    return plan_from_json(text) if is_json_form(text) else parse_plan(text)


def read_plan_keyed(text: str) -> ReadPlan:
    """`read_plan(text)` with the key and names of the template it was read from (plan/parser.py
    `parse_plan_keyed`; a JSON form is read from none)."""
    return ReadPlan(plan_from_json(text), None, None) if is_json_form(text) else parse_plan_keyed(text)
