"""The plan language as written by hand: every documented form parses and round-trips, and every
malformed plan is answered with a labelled PlanError (code, line, column, message, hint), never a
lark exception or a traceback, by the parser, the type checker and `latweave check-plan`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from latweave.errors import PlanError
from latweave.folder.store import load_lattice
from latweave.paths import RULES
from latweave.plan.ast import Arg, Compare, Constraint, Holds, Meet, Name, Range, Ref, Union
from latweave.plan.check import check_plan, plan_errors
from latweave.plan.parser import parse_plan
from latweave.plan.printer import to_text
from tests.support.corpora import built_lattice

CORPORA = RULES.parent / "corpora"


@pytest.fixture(scope="module")
def movies_lattice(tmp_path_factory):
    return built_lattice(tmp_path_factory, CORPORA / "movies", "movies")


@pytest.fixture(scope="module")
def lattices(zoo_lattice, movies_lattice):
    return {"zoo": load_lattice(zoo_lattice), "movies": load_lattice(movies_lattice)}


# ---------------------------------------------------------------------------------------------
# (a) what parses

EXAMPLES = [
    ("movies", 'meet(subject = "Blade Runner") -> directed_by'),
    ("movies", 'let d = meet(subject = "Blade Runner") -> directed_by\nmeet(directed_by = $d) -> subject'),
    ("movies", "meet(genre = comedy) | meet(genre = drama)"),
    ("movies", 'same(nationality, "Scott Derrickson", "Ed Wood")'),
    ("movies", 'argmin(date_of_birth, ["Taxi!", "What Price Hollywood?"])'),
    ("movies", 'argmin(date_of_birth, ["Taxi!" -> directed_by, "What Price Hollywood?" -> directed_by])'),
    ("movies", 'differ(nationality, "Taxi!" -> directed_by, "Ed Wood")'),
    ("movies", "meet(release_date in 1980..1990-06-30)"),
    ("movies", "meet(release_date < 1985, genre <= drama)"),
    ("zoo", "meet(species <= mammal, habitat <= aquatic)"),
    ("zoo", "meet(habitat = amphibious)"),
    ("zoo", 'holds("Whale", habitat <= aquatic)'),
    ("zoo", "holds(Whale, habitat <= aquatic, species <= mammal)"),
    ("zoo", "meet(lifespan_years < 20)"),
    ("zoo", "meet(lifespan_years > 50)"),
    ("zoo", "meet(lifespan_years > -1.5)"),
    ("zoo", "meet(lifespan_years in 10..60)"),
    ("zoo", 'meet(first_described in "1758"..1800-01)'),
    ("zoo", "meet(first_described <= 1758)"),
    ("zoo", "# aquatic mammals\nmeet(species <= mammal,  # the class\n     habitat <= aquatic)  # where\n"),
    ("zoo", "let b = meet(species <= bird) -> diet; meet(diet = $b);"),
    ("zoo", "let a = meet(species <= fish) -> habitat\nlet b = meet(habitat = $a)\n"
            "meet(species <= mammal, species = $b) | meet(species <= bird, species = $b)"),
    ("zoo", "argmax(lifespan_years, [Whale, Dog])"),
    ("movies", 'argmin(release_date - date_of_birth, ["Taxi!" -> directed_by, "Ed Wood"])'),
]


@pytest.mark.parametrize("corpus,text", EXAMPLES, ids=[str(i) for i in range(len(EXAMPLES))])
def test_example_parses_checks_and_round_trips(lattices, corpus, text):
    plan = parse_plan(text)
    assert parse_plan(to_text(plan)) == plan
    assert to_text(parse_plan(to_text(plan))) == to_text(plan)
    assert check_plan(plan, lattices[corpus], text) is plan


def test_examples_parse_to_the_expected_nodes():
    plan = parse_plan("meet(species <= mammal, habitat <= aquatic)")
    assert plan.lets == () and plan.final == Meet((Constraint("species", "<=", Name("mammal")),
                                                   Constraint("habitat", "<=", Name("aquatic"))))
    plan = parse_plan('let d = meet(subject = "Blade Runner") -> directed_by\nmeet(directed_by = $d) -> subject')
    assert plan.lets[0].var == "d" and plan.lets[0].expr.project == "directed_by"
    assert plan.final == Meet((Constraint("directed_by", "=", Ref("d")),), "subject")
    assert isinstance(parse_plan("meet(genre = comedy) | meet(genre = drama)").final, Union)
    assert parse_plan('same(nationality, "Scott Derrickson", "Ed Wood")').final == Compare(
        "same", "nationality", (Arg(Name("Scott Derrickson")), Arg(Name("Ed Wood"))))
    assert parse_plan('argmin(date_of_birth, ["Taxi!" -> directed_by])').final.args == (
        Arg(Name("Taxi!"), ("directed_by",)),)
    assert parse_plan('holds("Whale", habitat <= aquatic)').final == Holds(
        Name("Whale"), (Constraint("habitat", "<=", Name("aquatic")),))
    assert parse_plan("meet(lifespan_years in 10..60)").final.constraints[0] == Constraint(
        "lifespan_years", "in", Range("10", "60"))
    assert [c.op for c in parse_plan("meet(x < 3, y > 2020-01-31)").final.constraints] == ["<", ">"]
    # a keyword where only a value can stand is read as a value
    assert parse_plan("meet(species <= in)").final.constraints[0].value == Name("in")


def test_a_difference_of_dimensions_parses_to_minus():
    plan = parse_plan('argmax(date_of_death - date_of_birth, ["Ann", "Bob" -> directed_by])')
    assert plan.final == Compare("argmax", "date_of_death", (Arg(Name("Ann")), Arg(Name("Bob"), ("directed_by",))),
                                 minus="date_of_birth")
    assert plan.final.measure == "date_of_death - date_of_birth"
    assert to_text(plan) == 'argmax(date_of_death - date_of_birth, [Ann, Bob -> directed_by])'
    assert parse_plan("argmin(a-b,[$x])").final.minus == "b"
    with pytest.raises(ValueError):
        Compare("same", "date_of_death", (Arg(Name("Ann")), Arg(Name("Bob"))), minus="date_of_birth")


def test_positions_are_kept_and_ignored_by_equality():
    plan = parse_plan("let d = meet(species <= mammal)\n  meet(species = $d)")
    assert (plan.final.pos.line, plan.final.pos.column) == (2, 3)
    assert (plan.final.constraints[0].value.pos.line, plan.final.constraints[0].value.pos.column) == (2, 18)
    assert plan == parse_plan("let d = meet(species <= mammal); meet(species = $d)")


# ---------------------------------------------------------------------------------------------
# (b) what does not: (corpus, text, code, line, column, a phrase of the message, a phrase of the hint)

SYNTAX_ERRORS = [
    ('meet(subject = Blade Runner) -> directed_by', "unquoted_name", 1, 16, "several words needs quotes",
     'write "Blade Runner"'),
    ('argmax(lifespan_years, [Blue whale, Dog])', "unquoted_name", 1, 25, "needs quotes", 'write "Blue whale"'),
    ('holds(The Big Sleep, genre <= comedy)', "unquoted_name", 1, 7, "needs quotes", 'write "The Big Sleep"'),
    ("", "empty_plan", 1, 1, "empty", "meet("),
    ("   \n\t\n", "empty_plan", 1, 1, "empty", "meet("),
    ("# only a comment\n", "empty_plan", 1, 1, "only comments", "meet("),
    ("meet(species <= mammal", "unclosed_paren", 1, 23, "missing ')'", "needs its )"),
    ("meet(species <= mammal,\n     habitat <= aquatic  # no closing paren", "unclosed_paren", 2, 24,
     "'(' at line 1, column 5", "needs its )"),
    ("meet(species <= mammal; meet(x = y)", "unclosed_paren", 1, 23, "missing ')'", None),
    ('argmax(lifespan_years, ["Whale", "Dog")', "unclosed_bracket", 1, 39, "missing ']'", "needs its ]"),
    ("meet(species <= mammal habitat <= aquatic)", "missing_comma", 1, 24, "expected ','", "','"),
    ("meet(species <= mammal,)", "trailing_comma", 1, 23, "trailing ','", "remove"),
    ('same(diet, "Whale", "Dog",)', "trailing_comma", 1, 26, "trailing ','", "remove"),
    ("meet(species <= mammal, , habitat <= aquatic)", "missing_constraint", 1, 25, "between commas", "meet("),
    ("meet()", "missing_constraint", 1, 6, "at least one constraint", "meet(dim <= value)"),
    ("meet(species mammal)", "missing_operator", 1, 14, "operator after the dimension", "dim <= value"),
    ("meet(species == mammal)", "unknown_operator", 1, 14, "'=='", "single ="),
    ("meet(lifespan_years => 5)", "unknown_operator", 1, 21, "'=>'", "did you mean >= (on a number or date: at least)?"),
    ("meet(species != mammal)", "unknown_operator", 1, 14, "'!='", "differ("),
    ("meet(species =< mammal)", "unknown_operator", 1, 14, "'=<'", "<="),
    ("meet(species <= )", "missing_value", 1, 17, "missing value", "value after the operator"),
    ("meet(species =", "missing_value", 1, 15, "missing value", "dim = value"),
    # the operator the plan ends after is named as written, two characters and all (issue 42.7)
    ("meet(species <=", "missing_value", 1, 16, "missing value after '<='", "dim <= value"),
    ("meet(lifespan_years <", "missing_value", 1, 22, "missing value after '<'", None),
    ('meet(subject = "Blade Runner)', "unterminated_string", 1, 16, "unterminated", 'close the string'),
    ('meet(subject = "Blade\nRunner")', "unterminated_string", 1, 16, "unterminated", "\\n"),
    ("meet(subject = 'Blade Runner')", "single_quotes", 1, 16, "double quotes", '"Blade Runner"'),
    ('meet(subject = "Blade\\qRunner")', "bad_string", 1, 16, "bad escape", "JSON escapes"),
    ("meat(species <= mammal)", "unknown_form", 1, 1, "'meat'", "did you mean 'meet'?"),
    ("sme(diet, Whale, Dog)", "unknown_form", 1, 1, "'sme'", "did you mean 'same'?"),
    ("frobnicate(x)", "unknown_form", 1, 1, "'frobnicate'", "meet, same"),
    ("meet(species <= mammal) meet(habitat <= aquatic)", "two_finals", 1, 25, "one final expression", "let"),
    ("meet(species <= mammal)\nmeet(habitat <= aquatic)", "two_finals", 2, 1, "one final expression", "let"),
    ("meet(species <= mammal)\nlet d = meet(species <= bird)", "misplaced_let", 2, 1, "before the final", None),
    ("let = meet(species <= mammal)\nmeet(species = $x)", "missing_let_name", 1, 5, "name before '='", "let d ="),
    ("let 5 = meet(species <= mammal)", "missing_let_name", 1, 5, "step name", "letters"),
    ("let d meet(species <= mammal)", "missing_equals", 1, 7, "'=' after let d", "let d = meet"),
    ("let d = meet(species <= mammal) -> diet", "missing_final", 1, 40, "final expression", "$d"),
    ("let d = meet(species <= mammal)  # just a step\n", "missing_final", 1, 32, "final expression", None),
    ("let d = ", "missing_expression", 1, 8, "after '='", "let d = meet"),
    ("meet(species <= mammal) ->", "missing_projection", 1, 27, "after '->'", "-> directed_by"),
    ('meet(species <= mammal) -> "diet"', "missing_projection", 1, 28, "after '->'", "bare"),
    ("meet(species <= mammal) -> diet -> habitat", "double_projection", 1, 33, "one '->'", "let d"),
    ('argmax(lifespan_years, "Whale", "Dog")', "missing_list", 1, 24, "bracketed list", '["A", "B"]'),
    ('argmax(["Whale", "Dog"])', "missing_dimension", 1, 8, "dimension", "argmax(dim"),
    ('same(diet, "Whale")', "too_few_arguments", 1, 19, "at least two", 'same(dim, "A", "B")'),
    ('holds("Whale")', "missing_constraint", 1, 14, "needs a constraint", "habitat <= aquatic"),
    ('holds("Whale", )', "missing_constraint", 1, 16, "needs a constraint", "habitat <= aquatic"),
    ("holds(species <= mammal)", "missing_item", 1, 15, "thing to check first", 'holds("Whale"'),
    ("meet(lifespan_years in 10..foo)", "bad_bound", 1, 28, "range bound", "10..20"),
    ("meet(lifespan_years in 10...20)", "bad_bound", 1, 28, "two dots", "10..20"),
    ("meet(lifespan_years in 10-20)", "incomplete_range", 1, 26, "lo..hi", "10..20"),
    ("meet(lifespan_years in 10)", "incomplete_range", 1, 26, "lo..hi", "10..20"),
    ("meet(species <= mammal) @", "bad_character", 1, 25, "'@'", "remove"),
    ("meet(species <= R2+D2)", "bad_character", 1, 19, "'+'", "quote"),
    ("meet(species <= $)", "bad_variable", 1, 17, "'$'", "let d"),
    ("$d", "unexpected_token", 1, 1, "cannot stand alone", "meet(dim = $d)"),
    ("meet(species <= mammal))", "unbalanced_paren", 1, 24, "closes nothing", "remove"),
    ("meet(species <= mammal) |", "missing_branch", 1, 26, "after '|'", "|"),
    ("meet", "missing_paren", 1, 5, "'('", "meet(dim <= value"),
    ("meet(species <= mammal);;", "trailing_input", 1, 25, "after the final expression", None),
    # a difference of two dimensions: only as the measure of argmax/argmin
    ('same(date_of_birth - release_date, "Ed Wood", "Ridley Scott")', "misplaced_difference", 1, 20,
     "not a difference", "two date dimensions, in days"),
    ('holds("Ed Wood", date_of_birth - release_date > 3)', "misplaced_difference", 1, 32, "in a constraint",
     "argmax(date_of_death - date_of_birth"),
    ('argmax(date_of_birth, ["Ed Wood" - release_date])', "misplaced_difference", 1, 34, "in an argument",
     "only argmax/argmin"),
    ('argmax(date_of_birth -, ["Ed Wood"])', "missing_dimension", 1, 23, "dimension to subtract", "in days"),
    ("argmin(date_of_birth -", "missing_dimension", 1, 23, "dimension to subtract", "in days"),
    ("argmax(date_of_birth - release_date - x, [A, B])", "bad_difference", 1, 37, "exactly two dimensions",
     "in days"),
    # the error on line 3, after a comment, with a tab before it
    ("let d = meet(species <= mammal) -> diet  # step\n# the question:\n\tmeet(diet = $d habitat <= aquatic)",
     "missing_comma", 3, 17, "expected ','", None),
]


@pytest.mark.parametrize("text,code,line,column,message,hint", SYNTAX_ERRORS,
                         ids=[f"{i}-{c[1]}" for i, c in enumerate(SYNTAX_ERRORS)])
def test_syntax_error_is_labelled(text, code, line, column, message, hint):
    with pytest.raises(PlanError) as info:
        parse_plan(text)
    err = info.value
    assert (err.code, err.line, err.column) == (code, line, column), str(err)
    assert message in err.message, str(err)
    if hint is not None:
        assert err.hint and hint in err.hint, str(err)
    assert err.__cause__ is None and (err.__context__ is None or err.__suppress_context__), \
        "a lark exception leaked as the cause"
    _assert_well_formed(err, text)


TYPE_ERRORS = [
    ("zoo", "meet(specis <= mammal)", "unknown_dimension", 1, 6, "'specis'", "did you mean 'species'?"),
    ("zoo", "meet(species <= mammal) -> dite", "unknown_dimension", 1, 28, "'dite' after '->'", "'diet'"),
    ("movies", 'same(nationalty, "Scott Derrickson", "Ed Wood")', "unknown_dimension", 1, 1, "'nationalty'",
     "'nationality'"),
    ("movies", 'argmin(date_of_birth, ["Taxi!" -> directd_by, "Ed Wood"])', "unknown_dimension", 1, 24,
     "'directd_by' in the path of Taxi!", "'directed_by'"),
    ("zoo", "meet(species < 5)", "not_ordered", 1, 6, "taxonomy dimension", "species <= value"),
    ("movies", "meet(genre in 1..5)", "not_ordered", 1, 6, "taxonomy dimension", "genre <= value"),
    ("zoo", 'meet(first_described = "the day after")', "bad_value", 1, 24, "not a date value", "1961-04-27"),
    ("movies", "meet(release_date in 1982-02-30..1990)", "bad_value", 1, 22, "not a date value", "1961-04-27"),
    ("zoo", 'meet(lifespan_years > "abc")', "bad_value", 1, 23, "not a number value", "42"),
    ("zoo", "meet(lifespan_years in 50..10)", "bad_range", 1, 24, "empty range 50..10", "lower bound first"),
    ("movies", "meet(date_of_birth in 1990..1980)", "bad_range", 1, 23, "empty range", "lower bound first"),
    ("zoo", "meet(species <= $d)", "unbound_variable", 1, 17, "$d is used before", "let d ="),
    ("zoo", "let dd = meet(species <= bird)\nmeet(species = $d)", "unbound_variable", 2, 16, "$d", "$dd"),
    ("zoo", "let d = meet(species = $d)\nmeet(species = $d)", "unbound_variable", 1, 24, "$d", None),
    ("zoo", "let d = meet(species <= mammal)\nlet d = meet(species <= bird)\nmeet(species = $d)",
     "duplicate_let", 2, 1, "bound twice", "its own name"),
    ("zoo", 'let d = same(diet, "Whale", "Dog")\nmeet(species <= $d)', "let_binds_compare", 1, 9,
     "only a meet or a union", "final expression"),
    ("zoo", 'let d = holds("Whale", habitat <= aquatic)\nmeet(species = $d)', "let_binds_compare", 1, 9,
     "not holds", None),
    ("zoo", 'meet(species <= mammal) | same(diet, "Whale", "Dog")', "union_outside_meet_path", 1, 27,
     "compare inside a union", "meet(...)"),
    ("zoo", "meet(species <= mammal) -> diet | meet(species <= bird)", "mixed_union", 1, 1,
     "different things", "same dimension"),
    ("zoo", "meet(species <= mammal) -> diet | meet(species <= bird) -> habitat", "mixed_union", 1, 1,
     "different things", None),
    ("zoo", 'argmax(lifespan_years, ["Whale"])', "too_few_arguments", 1, 1, "at least two", "argmax(lifespan_years"),
    ("zoo", "let d = meet(species <= mammal) -> lifespan_years\nmeet(lifespan_years < $d)", "ref_in_window",
     2, 23, "not $d", "lifespan_years = $d"),
    ("zoo", "meet(species <= mammal,\n     habitat <= aquatic, specis <= bird)", "unknown_dimension", 2, 26,
     "'specis'", "'species'"),
    # a difference is defined between two date dimensions, in days
    ("movies", 'argmax(date_of_birth - nationality, ["Ed Wood", "Ridley Scott"])', "difference_not_dates", 1, 24,
     "'nationality' is a taxonomy dimension", "two date dimensions, in days"),
    ("zoo", "argmax(lifespan_years - first_described, [Whale, Dog])", "difference_not_dates", 1, 8,
     "'lifespan_years' is a number dimension", "two date dimensions, in days"),
    ("movies", 'argmax(date_of_birth - date_of_birth, ["Ed Wood", "Ridley Scott"])', "difference_of_itself", 1, 24,
     "from itself", "two date dimensions"),
    ("movies", 'argmin(date_of_birht - release_date, ["Ed Wood", "Ridley Scott"])', "unknown_dimension", 1, 8,
     "'date_of_birht'", "did you mean 'date_of_birth'?"),
    ("movies", 'argmin(release_date -\n  date_of_brth, ["Ed Wood", "Ridley Scott"])', "unknown_dimension", 2, 3,
     "'date_of_brth' after '-'", "did you mean 'date_of_birth'?"),
]


@pytest.mark.parametrize("corpus,text,code,line,column,message,hint", TYPE_ERRORS,
                         ids=[f"{i}-{c[2]}" for i, c in enumerate(TYPE_ERRORS)])
def test_type_error_is_labelled(lattices, corpus, text, code, line, column, message, hint):
    plan = parse_plan(text)
    errors = plan_errors(plan, lattices[corpus], text)
    assert errors, "the checker accepted a plan it must refuse"
    err = errors[0]
    assert (err.code, err.line, err.column) == (code, line, column), str(err)
    assert message in err.message, str(err)
    if hint is not None:
        assert err.hint and hint in err.hint, str(err)
    _assert_well_formed(err, text)
    with pytest.raises(PlanError) as info:
        check_plan(plan, lattices[corpus], text)
    assert info.value is errors[0] or info.value.to_dict() == err.to_dict()


def test_every_error_is_reported_in_source_order(lattices):
    text = "let d = meet(specis <= x)\nmeet(habitat < 3, diet = $e) -> wingspan"
    codes = [(e.code, e.line) for e in plan_errors(parse_plan(text), lattices["zoo"], text)]
    assert codes == [("unknown_dimension", 1), ("not_ordered", 2), ("unbound_variable", 2),
                     ("unknown_dimension", 2)]


def test_there_are_enough_cases():
    assert len(SYNTAX_ERRORS) + len(TYPE_ERRORS) >= 30
    codes = {c[1] for c in SYNTAX_ERRORS} | {c[2] for c in TYPE_ERRORS}
    assert len(codes) >= 30


def _assert_well_formed(err: PlanError, text: str) -> None:
    """What a planner gets back: a JSON-able dict, a context line with a caret under the column."""
    d = err.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["error"] == "PlanError" and d["code"] == err.code and d["message"]
    assert "Traceback" not in str(err) and "lark" not in str(err).lower() and "__ANON" not in str(err)
    assert all(not e.startswith("__") and e == e.strip() for e in err.expected)
    if err.line is not None:
        source, caret = err.context.split("\n")
        lines = text.split("\n")
        assert source == "  " + (lines[err.line - 1] if err.line <= len(lines) else "")
        assert caret.endswith("^") and len(caret) == 2 + err.column


# ---------------------------------------------------------------------------------------------
# the CLI: exit code 2 and the error as JSON, for syntax and type errors alike

CLI_CASES = [
    ("meet(species <= mammal", "unclosed_paren", 1, 23),
    ("meat(species <= mammal)", "unknown_form", 1, 1),
    ("meet(specis <= mammal)", "unknown_dimension", 1, 6),
    ("let d = meet(species <= mammal)\nmeet(lifespan_years in 50..10, diet = $d)", "bad_range", 2, 24),
    ("", "empty_plan", 1, 1),
]


@pytest.mark.parametrize("text,code,line,column", CLI_CASES, ids=[c[1] for c in CLI_CASES])
def test_check_plan_cli_reports_json(zoo_lattice, text, code, line, column):
    run = subprocess.run([sys.executable, "-m", "latweave.cli", "check-plan", "--lattice", str(zoo_lattice),
                          "--json", "-f", "-"], input=text, capture_output=True, text=True, timeout=120)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "Traceback" not in run.stderr
    out = json.loads(run.stdout)
    err = out["errors"][0] if "errors" in out else out
    assert (err["code"], err["line"], err["column"]) == (code, line, column)
    assert err["error"] == "PlanError" and err["message"]


def test_check_plan_cli_accepts_a_good_plan(zoo_lattice):
    run = subprocess.run([sys.executable, "-m", "latweave.cli", "check-plan", "--lattice", str(zoo_lattice),
                          "--json", "meet(species<=mammal,habitat<=aquatic)"], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == {"ok": True, "plan": "meet(species <= mammal, habitat <= aquatic)"}
