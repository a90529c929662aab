"""Fuzzing bad input (issue 10): every generated plan text, JSON plan, corpus folder, KB file and
saved result either works or raises a LatweaveError — never a traceback. A short budget here (a
few seconds); `bench/fuzz.py` runs the same targets for minutes and counts what it tried."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from tests.support.fuzz import (Targets, corpus_files, json_plans, kb_files, plan_texts, result_files)
from tests.support.fuzz import api_cases, disk_cases, export_cases, llm_cases, llm_configs

FAST = settings(max_examples=150, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])
SLOW = settings(FAST, max_examples=12)


@pytest.fixture(scope="module")
def targets(tmp_path_factory):
    t = Targets(tmp_path_factory.mktemp("fuzz"), run_engine=False)
    yield t
    t.close()


@FAST
@given(plan_texts)
def test_plan_text_parses_or_raises_plan_error(targets, text):
    targets.plan_text(text)


@pytest.mark.slow
@FAST
@given(json_plans)
def test_json_plan_reads_or_raises_plan_error(targets, obj):
    targets.json_plan(obj)


@SLOW
@given(corpus_files())
def test_corpus_builds_or_raises_corpus_error(targets, files):
    targets.corpus(files)


@pytest.mark.slow
@SLOW
@given(kb_files())
def test_kb_builds_or_raises(targets, fmt_data):
    targets.kb(*fmt_data)


@SLOW
@given(result_files())
def test_explain_and_audit_exit_cleanly(targets, data):
    targets.result_file(data)


@settings(SLOW, max_examples=6)
@given(plan_texts)
def test_cli_run_exits_0_2_or_3(targets, text):
    targets.cli_plan(text)


# ---- files written for a user, LLM deadlines and config values, a full disk, the Python API

@settings(SLOW, max_examples=10)
@given(export_cases())
def test_exports_and_save_never_clobber_or_hang(targets, case):
    targets.explain_export(case)


def _llm_examples():
    """The behaviours the claim rests on, run on every run whatever the draws: a finite and an
    endless trickle, a stall past the deadline, an error then a trickle (a retry)."""
    from tests.support.openai_server import Status, delay, reply, trickle

    return [{"actions": [trickle(0.05, 400)], "timeout_s": 0.3, "max_retries": 0},
            {"actions": [trickle(0.2, None)], "timeout_s": 0.3, "max_retries": 0},
            {"actions": [delay(2.0, reply("late")), reply("ok")], "timeout_s": 0.3, "max_retries": 1},
            {"actions": [Status(503, "fuzz"), trickle(0.05, 40)], "timeout_s": 0.6, "max_retries": 1}]


@settings(SLOW, max_examples=4)
@given(llm_cases())
def test_llm_requests_end_within_their_deadline(targets, case):
    targets.llm_deadline(case)


@pytest.mark.parametrize("case", range(4))
def test_llm_requests_end_within_their_deadline_on_each_behaviour(targets, case):
    targets.llm_deadline(_llm_examples()[case])


@FAST
@given(llm_configs)
def test_llm_config_values_resolve_in_range_or_raise(targets, data):
    targets.llm_config(data)


@pytest.mark.slow
@settings(SLOW, max_examples=3)
@given(disk_cases())
def test_build_and_add_without_room_keep_the_old_lattice(targets, case):
    targets.disk_full(case)


@pytest.mark.slow
@settings(SLOW, max_examples=40)
@given(api_cases)
def test_the_python_api_returns_or_raises_a_latweave_error(targets, case):
    targets.api(case)
