"""Did you mean, for a value (issue 43.4): a misspelled value gets the value the dimension has
closest — in `check-plan --lattice` (an error, exit 2, at the value's line and column) and beside a
run's `unknown_anchor` abstention (a hint on stderr, the result itself unchanged) — and each
message shows the value as the user typed it."""

from __future__ import annotations

import json


import latweave


from tests.support.cli import cli, wide_terminal  # noqa: F401 (wide_terminal: an autouse fixture)


def test_check_plan_reports_a_value_that_is_no_value_with_did_you_mean(capsys, zoo_lattice):
    code, _, err = cli(capsys, "check-plan", "--lattice", zoo_lattice, "meet(diet <= Carnivor, species <= mammal)")
    assert code == 2
    assert "line 1, column 14: 'Carnivor' is not a value of diet" in err           # as typed, case and all
    assert "  meet(diet <= Carnivor, species <= mammal)\n               ^" in err
    assert "hint: did you mean carnivore? (running the plan abstains unknown_anchor)" in err


def test_check_plan_json_lists_every_unknown_value_and_no_hint_when_nothing_is_close(capsys, zoo_lattice):
    code, out, _ = cli(capsys, "check-plan", "--lattice", zoo_lattice, "--json",
                       "meet(habitat = land, species <= xyzzy, diet = herbivor)")
    errors = json.loads(out)["errors"]
    assert code == 2 and [(e["code"], e["message"]) for e in errors] == [
        ("unknown_value", "'xyzzy' is not a value of species"), ("unknown_value", "'herbivor' is not a value of diet")]
    assert "did you mean" not in errors[0]["hint"] and errors[1]["hint"].startswith("did you mean herbivore?")


def test_a_run_still_abstains_and_says_what_was_meant_beside_the_result(capsys, zoo_lattice):
    code, out, err = cli(capsys, "run", "--lattice", zoo_lattice, "meet(diet <= carnivor)")
    assert code == 3 and out.startswith("abstain unknown_anchor")
    assert "hint: 'carnivor' is not a value of diet: did you mean carnivore?" in err
    code, out, _ = cli(capsys, "run", "--lattice", zoo_lattice, "--json", "meet(diet <= carnivor)")
    assert code == 3 and json.loads(out)["reason"] == "unknown_anchor" and "did you mean" not in out


def test_the_api_gives_the_hint_and_keeps_plan_errors_to_type_errors(zoo_lattice):
    plan = latweave.parse_plan("meet(species <= mamal)")
    with latweave.open(zoo_lattice) as lattice:
        result = lattice.run(plan)
        assert lattice.suggest(plan, result) == ("'mamal' is not a value of species: did you mean mammal?",)
    assert latweave.plan_errors(plan, zoo_lattice) == []
    assert [e.code for e in latweave.plan_errors(plan, zoo_lattice, values=True)] == ["unknown_value"]
