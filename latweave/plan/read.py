"""Read a plan from text: the DSL (grammars/plan.lark), or the JSON form when the text is a JSON object."""

from __future__ import annotations

from latweave.plan.ast import Plan
from latweave.plan.json_form import plan_from_json
from latweave.plan.parser import parse_plan


def read_plan(text: str) -> Plan:
    return plan_from_json(text) if text.lstrip().startswith("{") else parse_plan(text)
