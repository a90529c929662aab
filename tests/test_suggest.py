"""`=` that matches nothing where `<=` would: a hint beside the result, never inside it."""

from __future__ import annotations

import json

from latweave import api
from latweave.cli import main


def test_an_empty_exact_match_suggests_at_or_below(zoo_lattice):
    with api.open(zoo_lattice) as session:
        result = session.run("meet(species = mammal)")
        assert result.status == "abstain" and "empty" in result.reasons
        hints = session.suggest("meet(species = mammal)", result)
        assert len(hints) == 1
        assert "`species <= mammal`" in hints[0] and "answers 3 (Bat, Dog, Whale)" in hints[0]
        # inside a let step and beside another constraint, the one `=` is turned into `<=`
        plan = "let d = meet(species = mammal, habitat <= aquatic) -> diet\nmeet(diet = $d)"
        nested = session.run(plan)
        assert nested.status == "abstain"
        assert ["`species = mammal`" in h and "`species <= mammal`" in h for h in session.suggest(plan, nested)] == [True]
        # nothing to say: a leaf value (nothing under it), a plan that answers, a `<=` already
        assert session.suggest("meet(species = whale, habitat <= terrestrial)",
                               session.run("meet(species = whale, habitat <= terrestrial)")) == ()
        assert session.suggest("meet(species <= mammal)", session.run("meet(species <= mammal)")) == ()
        assert session.suggest("meet(species <= unicorn)", session.run("meet(species <= unicorn)")) == ()
        # a hint reads the stored view and the compiled edges, never the whole model (minutes on a big KB)
        assert session._runner._lattice is None


def test_the_cli_prints_the_hint_on_stderr_and_keeps_the_result_as_it_is(zoo_lattice, capsys):
    assert main(["run", "--lattice", str(zoo_lattice), "meet(species = mammal)", "--json"]) == 3
    captured = capsys.readouterr()
    assert json.loads(captured.out)["reason"] == "empty" and captured.err == ""    # JSON: the result alone
    assert main(["run", "--lattice", str(zoo_lattice), "meet(species = mammal)"]) == 3
    captured = capsys.readouterr()
    assert "hint: `species = mammal` means exactly mammal" in captured.err
    assert "species <= mammal" not in captured.out


def test_the_repl_shows_the_hint_after_the_result(zoo_lattice):
    import subprocess
    import sys

    run = "import sys; from latweave.cli import main; sys.exit(main())"
    out = subprocess.run([sys.executable, "-c", run, "repl", "--lattice", str(zoo_lattice)],
                         input="meet(species = mammal)\n\n:json\nmeet(species = mammal)\n\n", capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 3   # a batch exits as its worst plan would: abstained
    assert out.stdout.count("hint: `species = mammal` means exactly mammal") == 1   # not in JSON mode
    assert '"reason": "empty"' in out.stdout
