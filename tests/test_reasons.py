"""One reasons vocabulary: the rules' abstain literals are exactly the enum's engine reasons."""

import re

from latweave.paths import RULES
from latweave.reasons import ENGINE_REASONS, PLANNER_REASONS, Reason, first_reason, planner_reason, sorted_reasons


def _rule_reasons() -> list[str]:
    text = (RULES / "abstain.dl").read_text(encoding="utf-8")
    seen = []
    for literal in re.findall(r'^abstain\(q, "([a-z_]+)"\)', text, re.M):
        if literal not in seen:
            seen.append(literal)
    return seen


def test_rule_literals_equal_the_engine_reasons_in_order():
    assert _rule_reasons() == [r.value for r in ENGINE_REASONS]


def test_every_reason_is_engine_or_planner():
    assert set(Reason) == set(ENGINE_REASONS) | set(PLANNER_REASONS)
    assert Reason.NO_PLAN in PLANNER_REASONS


def test_report_order_and_planner_text():
    assert first_reason(["empty", "conflict"]) is Reason.CONFLICT
    assert sorted_reasons(["empty", "unknown_anchor", "empty"]) == [Reason.UNKNOWN_ANCHOR, Reason.EMPTY]
    assert planner_reason(None) is Reason.NO_PLAN
    assert planner_reason("cache_miss") is Reason.CACHE_MISS
    assert planner_reason("because I said so") is Reason.PLANNER_FAILURE
    assert planner_reason("incomparable") is Reason.PLANNER_FAILURE  # an engine-only reason
