"""`latweave verify`: claims in the plan language (`let` steps, assertions joined by `&`), each
assertion supported / refuted / contested / not enough evidence with its result and proof, the
conjunction's verdict, the same on every engine, every result auditable, and the CLI."""

from __future__ import annotations

import json

import pytest

from latweave.api import open as open_lattice
from latweave.cli import main
from latweave.errors import PlanError
from latweave.ingest.builds import build_corpus
from latweave.paths import RULES
from latweave.plan.parser import parse_claims
from latweave.plan.printer import claims_to_text, to_text
from latweave.proof.audit import audit
from latweave.verify import CONTESTED, NOT_ENOUGH, REFUTED, SUPPORTED
from tests.support.engines import suite_engines

CORPORA = RULES.parent / "corpora"


@pytest.fixture(scope="module")
def lattices(tmp_path_factory):
    root = tmp_path_factory.mktemp("verify")
    for name in ("zoo", "disputes"):
        build_corpus(CORPORA / name, root / name)
    return {name: root / name for name in ("zoo", "disputes")}


def test_a_claim_reads_back_from_its_canonical_text():
    text = ("let m = meet(species <= mammal)\nlet d = meet(species = $m) -> diet\n"
            "argmax(lifespan_years, [$m]) is Whale & holds(Salmon, diet = $d) & same(diet, Whale, Dog)"
            " & argmin(lifespan_years, [Dog, Salmon, Whale]) is [Dog, Salmon]")
    claims = parse_claims(text)
    assert parse_claims(claims_to_text(claims)) == claims
    assert claims_to_text(claims).splitlines()[-1].count(" & ") == 3
    # each assertion runs with the steps it reads, and the steps those read
    plans = [to_text(claims.plan_of(a)) for a in claims.assertions]
    assert plans[0] == "let m = meet(species <= mammal)\nargmax(lifespan_years, [$m])"
    assert plans[1].startswith("let m = meet(species <= mammal)\nlet d = ")
    assert plans[2] == "same(diet, Whale, Dog)"


@pytest.mark.parametrize("text, code, column", [
    ("meet(species <= mammal)", "not_a_claim", 1),
    ("same(diet, A, B) & meet(species <= mammal) -> diet", "not_a_claim", 20),
    ("argmax(lifespan_years, [A, B])", "missing_winner", 1),
    ("same(diet, A, B) is A", "misplaced_is", 18),
    ("argmax(lifespan_years, [A, B]) is $m", "ref_winner", 35),
    ("same(diet, A, B) &", "missing_assertion", 19),
    ("   # only a comment", "empty_claim", 1),
])
def test_what_is_no_claim_is_refused_at_its_place(text, code, column):
    with pytest.raises(PlanError) as caught:
        parse_claims(text)
    assert (caught.value.code, caught.value.line, caught.value.column) == (code, 1, column)
    assert caught.value.hint


def _verdicts(lattice, text):
    with open_lattice(lattice, "duckdb") as session:
        v = session.verify(text)
    return v, [c.verdict for c in v.checked]


def test_each_assertion_gets_its_verdict(lattices):
    v, got = _verdicts(lattices["zoo"], (
        "argmax(lifespan_years, [Whale, Dog]) is Whale & argmax(lifespan_years, [Whale, Dog]) is Dog"
        " & same(diet, Whale, Dog) & differ(diet, Whale, Dog) & holds(Whale, habitat <= aquatic)"
        " & holds(Whale, habitat <= terrestrial) & argmin(lifespan_years, [Whale, Dog, Salmon]) is Dog"
        " & argmin(lifespan_years, [Whale, Dog, Salmon]) is [Salmon, Dog]"
        " & argmin(first_described, [Whale, Dog]) is Dog & same(diet, Whale, Unicorn)"))
    assert got == [SUPPORTED, REFUTED, SUPPORTED, REFUTED, SUPPORTED, REFUTED,
                   REFUTED,      # Dog and Salmon tie: "Dog is the least" does not hold alone
                   SUPPORTED, NOT_ENOUGH, NOT_ENOUGH]
    assert v.verdict == REFUTED
    reasons = [c.result.reason for c in v.checked if c.verdict == NOT_ENOUGH]
    assert reasons == ["incomparable", "unknown_anchor"]


def test_the_refuting_evidence_is_in_the_result(lattices):
    v, _ = _verdicts(lattices["zoo"], "holds(Whale, habitat <= terrestrial)")
    proof = json.dumps(v.checked[0].result.to_dict()["proof"])
    assert "The blue whale is a marine mammal." in proof


def test_contested_sources_make_an_assertion_contested(lattices):
    v, got = _verdicts(lattices["disputes"], 'argmin(born, ["Dawn" -> directed_by, "Dusk" -> directed_by]) is Dawn'
                                             ' & argmin(born, ["Bo Brandt", "Cy Corin"]) is "Bo Brandt"')
    assert got == [CONTESTED, SUPPORTED] and v.verdict == CONTESTED
    assert v.checked[0].result.reason == "conflict" and v.checked[0].result.witness


@pytest.mark.parametrize("verdicts, whole", [
    ([SUPPORTED, SUPPORTED], SUPPORTED), ([SUPPORTED, NOT_ENOUGH], NOT_ENOUGH),
    ([NOT_ENOUGH, CONTESTED], CONTESTED), ([CONTESTED, REFUTED, NOT_ENOUGH], REFUTED)])
def test_the_conjunction_takes_the_weakest_verdict(lattices, verdicts, whole):
    parts = {SUPPORTED: "same(diet, Whale, Dog)", REFUTED: "differ(diet, Whale, Dog)",
             NOT_ENOUGH: "same(diet, Whale, Unicorn)"}
    lattice = lattices["disputes"] if CONTESTED in verdicts else lattices["zoo"]
    if CONTESTED in verdicts:
        parts = {SUPPORTED: 'holds("Ada Lovell", city <= france)', REFUTED: 'holds("Ada Lovell", city <= germany)',
                 NOT_ENOUGH: 'holds("Nobody", city <= france)',
                 CONTESTED: 'argmin(born, ["Dawn" -> directed_by, "Dusk" -> directed_by]) is Dawn'}
    v, got = _verdicts(lattice, " & ".join(parts[x] for x in verdicts))
    assert got == verdicts and v.verdict == whole


@pytest.mark.slow
def test_every_engine_gives_the_same_verification_and_every_result_audits(lattices):
    text = ("let m = meet(species <= mammal)\nargmax(lifespan_years, [$m]) is Whale"
            " & holds(Whale, habitat <= terrestrial) & same(diet, Salmon, Eagle, Penguin)")
    out = {}
    for engine in suite_engines():
        with open_lattice(lattices["zoo"], engine) as session:
            out[engine] = session.verify(text)
    reference = out["duckdb"].to_json()
    assert all(v.to_json() == reference for v in out.values()), sorted(out)
    for checked in out["duckdb"].checked:
        report = audit(lattices["zoo"], checked.result.to_dict())
        assert report.ok, report.failures


ALIASED = ('argmax(lifespan_years, [Whale, Dog]) is "Blue whale"'       # the winner by its alias
           ' & argmax(lifespan_years, ["Blue whale", Dog]) is Whale'      # an argument by its alias
           ' & argmin(lifespan_years, [Whale, "Domestic dog"]) is Dog'
           ' & argmax(lifespan_years, [Whale, Dog]) is "Domestic dog"'    # another instance: refuted
           ' & argmax(lifespan_years, [Whale, Dog]) is "Balaenoptera"')   # names nothing: not judged


@pytest.mark.slow
def test_a_winner_named_by_an_alias_is_resolved_as_an_argument_is(lattices, tmp_path, capsys):
    """`is W` compares instances, W resolved by its label or an alias as an argument is: a true
    claim naming the winner by an alias is supported on every engine, a name the lattice does not
    know is never refuted, and the auditor replays the same verdicts."""
    out = {}
    for engine in suite_engines():
        with open_lattice(lattices["zoo"], engine) as session:
            out[engine] = session.verify(ALIASED)
        assert [c.verdict for c in out[engine].checked] == [SUPPORTED, SUPPORTED, SUPPORTED, REFUTED, NOT_ENOUGH]
    assert len({v.to_json() for v in out.values()}) == 1, sorted(out)
    zoo, saved = str(lattices["zoo"]), tmp_path / "v.json"
    assert main(["verify", "--lattice", zoo, "--save", str(saved), ALIASED]) == 0
    capsys.readouterr()
    assert main(["audit", "--lattice", zoo, str(saved)]) == 0
    assert "audit ok" in capsys.readouterr().out
    _tampered(saved, lambda v: v["assertions"][0].update(verdict="refuted"))
    assert main(["audit", "--lattice", zoo, "--json", str(saved)]) == 5
    failures = json.loads(capsys.readouterr().out)["failures"]
    assert any("its result gives 'supported'" in f["problem"] for f in failures), failures


def test_cli_verify(lattices, tmp_path, capsys):
    zoo = str(lattices["zoo"])
    assert main(["verify", "--lattice", zoo, "same(diet, Whale, Dog) & holds(Whale, habitat <= aquatic)"]) == 0
    assert "claim supported" in capsys.readouterr().out
    assert main(["verify", "--lattice", zoo, "differ(diet, Whale, Dog)"]) == 0     # decided: refuted
    capsys.readouterr()
    saved = tmp_path / "v.json"
    assert main(["verify", "--lattice", zoo, "--json", "--save", str(saved), "same(diet, Whale, Unicorn)"]) == 3
    printed = json.loads(capsys.readouterr().out)
    kept = json.loads(saved.read_text(encoding="utf-8"))
    # the file names the lattice folder besides (audit finds it from there); --json does not
    assert kept["assertions"][0]["result"]["lattice"].pop("folder") == str(lattices["zoo"])
    assert printed == kept
    assert printed["verdict"] == "not_enough_evidence"
    assert printed["assertions"][0]["result"]["reason"] == "unknown_anchor"
    claim = tmp_path / "claim.txt"
    claim.write_text("meet(species <= mammal)\n", encoding="utf-8")
    assert main(["verify", "--lattice", zoo, "-f", str(claim)]) == 2
    assert "line 1, column 1" in capsys.readouterr().err
    assert main(["verify", "--lattice", zoo, "-f", str(claim), "same(diet, Whale, Dog)"]) == 2
    assert "given twice" in capsys.readouterr().err


def _tampered(path, edit) -> None:
    obj = json.loads(path.read_text(encoding="utf-8"))
    edit(obj)
    path.write_text(json.dumps(obj), encoding="utf-8")


@pytest.mark.parametrize("edit, problem", [
    (lambda v: v["assertions"][1].update(verdict="supported"), "its result gives 'refuted'"),
    (lambda v: v.update(verdict="supported"), "its assertions give 'refuted'"),
    (lambda v: v["assertions"].reverse(), "the entry is for"),
    (lambda v: v["assertions"][0]["result"].update(answers=["Dog"]), "answers"),
    (lambda v: v["assertions"].pop(), "the file lists 1"),
])
def test_a_saved_verification_audits_and_a_tampered_one_fails(lattices, tmp_path, capsys, edit, problem):
    zoo, saved = str(lattices["zoo"]), tmp_path / "v.json"
    assert main(["verify", "--lattice", zoo, "--save", str(saved),
                 "argmax(lifespan_years, [Whale, Dog]) is Whale & holds(Whale, habitat <= terrestrial)"]) == 0
    capsys.readouterr()
    assert main(["audit", "--lattice", zoo, str(saved)]) == 0
    assert "audit ok" in capsys.readouterr().out
    _tampered(saved, edit)
    assert main(["audit", "--lattice", zoo, "--json", str(saved)]) == 5
    report = json.loads(capsys.readouterr().out)
    assert not report["ok"] and any(problem in f["problem"] for f in report["failures"]), report["failures"]


# ---------------------------------------------------------------------------------------------
# the measurement: comparison questions turned into claims, both polarities

class _ScriptedPlanner:
    """A planner that plans each question with the plan written beside it (what a query
    translator would give), so the claim evaluation's bookkeeping is tested on its own."""

    name = "scripted"

    def __init__(self, plans: dict[str, str | None]):
        self.plans = plans

    def plan(self, question, qid):
        from latweave.plan.read import read_plan
        from latweave.planner.base import PlanOutput

        text = self.plans[question]
        return PlanOutput(read_plan(text) if text else None, None if text else "below_threshold", 1.0)


def test_comparison_questions_make_one_true_and_one_false_claim(lattices):
    from latweave.eval.claims import claims_of, evaluate_claims
    from latweave.execute import Runner
    from latweave.plan.read import read_plan
    from latweave.planner.example import Example

    made = claims_of(read_plan("same(diet, Whale, Dog)"), ("no",))
    assert [(claims_to_text(c), w) for c, w in made] == [("same(diet, Whale, Dog)", REFUTED),
                                                         ("differ(diet, Whale, Dog)", SUPPORTED)]
    made = claims_of(read_plan("argmin(lifespan_years, [Whale, Dog])"), ("Dog",))
    assert [(claims_to_text(c), w) for c, w in made] == [("argmin(lifespan_years, [Whale, Dog]) is Dog", SUPPORTED),
                                                         ("argmin(lifespan_years, [Whale, Dog]) is Whale", REFUTED)]
    assert claims_of(read_plan("meet(species <= mammal)"), ("Dog",)) is None
    assert claims_of(read_plan("argmin(lifespan_years, [Whale, Dog])"), ("Salmon",)) is None

    questions = {"Do whales and dogs eat alike?": ("same(diet, Whale, Dog)", ("yes",)),
                 "Do whales and dogs live alike?": ("same(habitat, Whale, Dog)", ("yes",)),   # gold says yes: the lattice says no
                 "Which lives longer, whale or dog?": ("argmax(lifespan_years, [Whale, Dog])", ("Whale",)),
                 "Which was described first, whale or dog?": ("argmin(first_described, [Whale, Dog])", ("Dog",)),
                 "Who knows?": (None, ("yes",))}
    examples = [Example(f"q{i}", q, gold, "comparison", 2) for i, (q, (_, gold)) in enumerate(questions.items())]
    examples.append(Example("q9", "Where do whales live?", ("ocean",), "compositional", 2))
    planner = _ScriptedPlanner({q: p for q, (p, _) in questions.items()})
    with Runner(lattices["zoo"], "duckdb") as runner:
        got = evaluate_claims(examples, planner, runner)
    assert (got["questions"], got["claims"], got["formed"]) == (5, 10, 8)
    # right: both diet claims, both lifespan claims; wrong: both habitat claims (the lattice
    # disagrees with the gold), both first_described claims (a year and a day: not enough evidence)
    assert got["accuracy"] == 4 / 10 and got["accuracy_formed"] == 4 / 8
    assert got["verdicts"] == {"supported": 3, "refuted": 3, "contested": 0, "not_enough_evidence": 2}
    assert got["unformed"] == {"comparison": 1}
    assert sorted(m["qid"] for m in got["missed"]) == ["q1", "q1", "q3", "q3"]


def test_a_claim_is_capped_across_its_assertions():
    """Each assertion is held to the plan limits; the claim as a whole to MAX_ASSERTIONS of them,
    refused at the first one over (a claim file of thousands of assertions is not a claim)."""
    from latweave.plan.limits import MAX_ASSERTIONS

    one = "argmax(lifespan_years, [Whale, Dog]) is Whale"
    assert len(parse_claims(" & ".join([one] * MAX_ASSERTIONS)).assertions) == MAX_ASSERTIONS
    text = " &\n".join([one] * (MAX_ASSERTIONS + 1))
    with pytest.raises(PlanError) as info:
        parse_claims(text)
    assert info.value.code == "too_many_assertions"
    assert (info.value.line, info.value.column) == (MAX_ASSERTIONS + 1, 1)
