"""`latweave repl` reading a pipe (a batch): JSON Lines under --json, errors as objects too, the
worst plan's exit status at the end, `;`/`;;` at the end of a line, and `:dims` at a terminal
broken between values, never inside one. In process: stdin is a StringIO, stdout captured."""

from __future__ import annotations

import io
import json

import pytest

from latweave.cli import main


def repl(monkeypatch, capsys, lattice, script: str, *args: str):
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    code = main(["repl", "--lattice", str(lattice), *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_lines_one_object_per_plan_and_error_and_the_worst_exit(monkeypatch, capsys, zoo_lattice):
    script = ("meet(species <= mammal,\n habitat <= aquatic)\n\n"   # a blank line runs it
              "meet(species = mammal)\n\n"                         # abstains: 3
              "meet(specis <= x);;\n"                               # refused: 2, worse than 3
              ":limit x\n"                                          # a command refused: an object too
              "let d = meet(species <= whale) -> habitat;\n"       # a let with `;`: reading goes on...
              "meet(habitat = $d);\n"                               # ...until the plan is whole
              "meet(species <= bird);;\n"
              ":dims\n")                                             # text inside an object too
    code, out, err = repl(monkeypatch, capsys, zoo_lattice, script, "--json")
    lines = out.splitlines()
    objects = [json.loads(line) for line in lines]                # every line is one JSON object
    assert [o.get("status") or o.get("error") for o in objects] == ["answer", "abstain", "PlanError",
                                                                    "LatweaveError", "answer", "answer", None]
    assert objects[6]["dims"].startswith("Dimensions") and "species (taxonomy" in objects[6]["dims"]
    assert objects[0]["answers"] == ["Whale"] and objects[4]["answers"] == ["Penguin", "Shark", "Whale"]
    assert objects[2]["plan"] == "meet(specis <= x)" and objects[2]["code"] and objects[2]["line"] == 1
    assert objects[3]["command"] == ":limit x"
    assert objects[5]["plan"] == "meet(species <= bird)"
    assert code == 2 and err == ""


@pytest.mark.parametrize("script, status", [
    ("meet(species <= bird)\n\nmeet(species <= mammal);;\n", 0),
    ("meet(species <= bird)\n\nmeet(species = mammal);;\n", 3),   # an abstention, as `latweave run` exits
    ("meet(species = mammal);;\nmeet(species <= bird\n", 2),        # the last plan, cut off at the end of input
])
def test_a_batch_exits_with_its_worst_plans_status(monkeypatch, capsys, zoo_lattice, script, status):
    code, out, err = repl(monkeypatch, capsys, zoo_lattice, script)
    assert code == status and "Traceback" not in err


def test_dims_is_broken_between_values_at_a_terminal():
    from latweave.repl import _wrapped

    line = ('- directed_by (taxonomy): "Edward D. Wood Jr.", "George Cukor", "Ridley Scott", '
            '"Roy Del Ruth", "Scott Derrickson", "Tim Burton"')
    shown = _wrapped("Dimensions:\n" + line, 40)
    rows = shown.split("\n")
    assert rows[0] == "Dimensions:" and all(len(row) <= 40 for row in rows)
    assert all(row.startswith("    ") for row in rows[2:])
    for name in ("Edward D. Wood Jr.", "George Cukor", "Roy Del Ruth", "Scott Derrickson", "Tim Burton"):
        assert f'"{name}"' in shown                                 # no quoted name broken
    assert " ".join(row.strip() for row in rows[1:]) == line        # nothing lost, nothing added


def test_an_idle_interrupt_and_a_reset_change_no_answer(zoo_lattice):
    """What the REPL's Ctrl-C calls, outside a run: `interrupt` with nothing running stops nothing
    later, and a `reset` session answers as the one it replaced (its engine sessions closed)."""
    import latweave

    with latweave.open(zoo_lattice) as session:
        before = session.run("meet(species <= mammal)").to_json()
        stopped = session._runner
        session.interrupt()
        assert session.run("meet(species <= mammal)").to_json() == before
        session.reset()
        assert session._runner is not stopped and stopped._sessions == {}
        assert session.run("meet(species <= mammal)").to_json() == before
