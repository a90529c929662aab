"""rules/*.dl: parsed, validated and stratified; the checks reject what they must."""

from __future__ import annotations

import pytest

from latweave.datalog.parser import assemble, load_rules, parse_program, program_text
from latweave.datalog.strata import stratify
from latweave.errors import RuleError


def program(text):
    return assemble(parse_program(text, "test.dl"))


def test_packaged_rules_load_and_stratify():
    rules = load_rules()
    names = {r.name for r in rules.relations}
    assert {"desc", "member", "abstain", "answer", "verdict", "witness_hit", "path_step"} <= names
    assert {r.name for r in rules.outputs} >= {"answer", "verdict", "abstain", "witness_hit"}
    strata = stratify(rules)
    order = [s.relations for s in strata]
    position = {name: i for i, rels in enumerate(order) for name in rels}
    assert position["abstain"] < position["blocked"] < position["answer"]


def test_rules_have_no_aggregates_or_adts():
    text = program_text()
    for word in ("count", "sum", "min", "max", ".type", "$"):
        assert f"{word} :" not in text and f" {word} {{" not in text


def test_negation_through_recursion_is_rejected():
    with pytest.raises(RuleError, match="not stratifiable"):
        program(".decl e(a:number, b:number)\n.input e\n.decl p(a:number)\n"
                "p(x) :- e(x, y), !p(y).\n")


def test_unbound_variable_is_rejected_with_location():
    with pytest.raises(RuleError, match=r"test.dl:3: variable 'z' is not bound"):
        program(".decl e(a:number, b:number)\n.decl p(a:number)\np(z) :- e(x, x).\n")


def test_arity_mismatch_is_rejected():
    with pytest.raises(RuleError, match="takes 2 arguments"):
        program(".decl e(a:number, b:number)\n.decl p(a:number)\np(x) :- e(x).\n")


def test_syntax_error_has_line():
    with pytest.raises(RuleError) as err:
        parse_program(".decl e(a:number)\np(x) :- e(x)\n", "bad.dl")
    assert err.value.file == "bad.dl" and "syntax error" in str(err.value)


def test_equality_binding_is_range_restricted():
    prog = program(".decl e(a:number)\n.decl p(a:number, b:number)\np(x, y) :- e(x), y = x + 1.\n")
    assert len(prog.rules) == 1


def test_arithmetic_inside_a_body_atom_is_rejected():
    with pytest.raises(RuleError, match="arithmetic inside a body atom"):
        program(".decl q(a:number)\n.decl p(a:number)\np(x) :- q(x + 1).\n")


def test_column_types_are_checked():
    with pytest.raises(RuleError, match="constant 1 in a symbol column"):
        program(".decl q(a:number)\n.decl p(a:symbol)\np(1) :- q(_).\n")
    with pytest.raises(RuleError, match="both number and symbol"):
        program(".decl q(a:number)\n.decl r(a:symbol)\n.decl p(a:number)\np(x) :- q(x), r(x).\n")
