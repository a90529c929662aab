"""Where `latweave run`'s output goes (latweave/output.py): at a terminal through a pager, the
answers capped with the command for the next ones spelled out; piped, never paged, never capped
and never wrapped; `--answers-only` prints the answers alone. The terminal is a real
pseudo-terminal, the pager a real program that records it was run."""

from __future__ import annotations

import os
import stat
import sys

import pytest

from latweave.cli import TERMINAL_ANSWERS, main, parser
from latweave.ingest.write import save_lattice
from latweave.lattice.model import Dimension, Lattice
from latweave.output import DEFAULT_PAGER, pager_command, wants_pager
from tests.test_repl_tty import Terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")

LONG = "Creature " + "with-a-name-far-wider-than-a-terminal-" * 5   # 199 characters
COUNT = TERMINAL_ANSWERS + 11   # one page at a terminal, and 11 more
PLAN = "meet(kind <= animal)"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    lattice = Lattice(name="creatures")
    kind = lattice.add_dimension(Dimension("kind"))
    kind.add_edge("TOP", "animal")
    kind.add_edge("animal", "mammal")
    lattice.add_document("doc", "generated")
    for name in [f"Item {i}" for i in range(COUNT - 1)] + [LONG]:
        lattice.add_predicate(name, "kind", "mammal", doc="doc", source_text="generated")
    out = tmp_path_factory.mktemp("output") / "lattice"
    save_lattice(lattice, out)
    return out


@pytest.fixture
def pager(tmp_path):
    """A pager that records its arguments and what it was given, and shows it (as `cat` would)."""
    script = tmp_path / "pager.sh"
    script.write_text(f'#!/bin/sh\necho "$@" > "{tmp_path}/pager-ran"\ntee "{tmp_path}/paged"\n')
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def _tty_env(tmp_path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PAGER", "LATWEAVE_PAGER")}
    return {**env, "TERM": "xterm", "NO_COLOR": "1", "HOME": str(tmp_path), "COLUMNS": "100", "LINES": "40", **extra}


def test_at_a_terminal_the_result_goes_through_the_pager_capped(folder, pager, tmp_path):
    term = Terminal(["run", "--lattice", str(folder), PLAN], _tty_env(tmp_path, PAGER=f"{pager} --from-env"))
    shown = term.expect(r"11 more: [^\n]*--offset 20")
    assert term.close() == 0
    assert (tmp_path / "pager-ran").read_text().strip() == "--from-env"
    paged = (tmp_path / "paged").read_text()
    assert f"answers 1–{TERMINAL_ANSWERS} of {COUNT:,}; more follow" in paged
    assert paged.count('answer("') == TERMINAL_ANSWERS       # proofs for the page only
    # the command for the next page, spelled out after the pager has ended (stderr)
    assert f"latweave run --lattice {folder} '{PLAN}' --limit {TERMINAL_ANSWERS} --offset {TERMINAL_ANSWERS}" in shown


def test_no_pager_at_a_terminal_prints_directly(folder, pager, tmp_path):
    term = Terminal(["--no-pager", "run", "--lattice", str(folder), PLAN, "--all"],
                    _tty_env(tmp_path, LATWEAVE_PAGER=str(pager)))
    shown = term.expect(r"Item 9\"\)")
    assert term.close() == 0
    assert not (tmp_path / "pager-ran").exists()
    assert shown.count('answer("') == COUNT and "more follow" not in shown       # --all: no cap


def test_the_pager_is_chosen_as_git_chooses_it():
    assert pager_command({}) == DEFAULT_PAGER == "less -FRX"
    assert pager_command({"PAGER": "most"}) == "most"
    assert pager_command({"PAGER": "most", "LATWEAVE_PAGER": "less -S"}) == "less -S"
    assert pager_command({"PAGER": "cat"}) is None and pager_command({"LATWEAVE_PAGER": " "}) is None
    assert pager_command({"PAGER": "most", "LATWEAVE_PAGER": ""}) is None
    master, slave = os.openpty()
    with open(slave, "w") as terminal:
        assert wants_pager(terminal, {"TERM": "xterm", "PAGER": "sh -c cat"}) == "sh -c cat"
        assert wants_pager(terminal, {"TERM": "dumb"}) is None                   # as git: less needs a terminal
        assert wants_pager(terminal, {"TERM": "xterm", "PAGER": "no-such-pager-here"}) is None   # not installed
    os.close(master)
    with open(os.devnull, "w") as null:
        assert wants_pager(null, {"TERM": "xterm", "PAGER": "sh -c cat"}) is None
    # --no-pager before the command (as git takes it) or after it
    for argv in (["--no-pager", "run", "--lattice", "x", PLAN], ["run", "--lattice", "x", PLAN, "--no-pager"]):
        assert parser().parse_args(argv).no_pager is True
    assert parser().parse_args(["run", "--lattice", "x", PLAN]).no_pager is False


def test_piped_output_is_never_paged_capped_or_wrapped(folder, pager, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PAGER", str(pager))
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["run", "--lattice", str(folder), PLAN]) == 0
    out = capsys.readouterr().out
    assert not (tmp_path / "pager-ran").exists()
    assert out.count('answer("') == COUNT
    assert f'answer("{LONG}")' in out.splitlines()[out.splitlines().index(f'├── answer("{LONG}")')]
    assert any(line.endswith(f'member("meet#0", "{LONG}")') for line in out.splitlines())


def test_answers_only_prints_one_answer_a_line(folder, capsys):
    assert main(["run", "--lattice", str(folder), PLAN, "--answers-only", "--limit", "3", "--offset", "1"]) == 0
    shown = capsys.readouterr()
    assert shown.out.splitlines() == ["Item 0", "Item 1", "Item 10"]   # text order (README says why)
    assert shown.err.strip() == (f"{COUNT - 4} more: latweave run --lattice {folder} '{PLAN}' --answers-only "
                                 "--limit 3 --offset 4")
    # an abbreviated --offset is moved on too, and the new flags go before a `--`
    assert main(["run", "--lattice", str(folder), "--limit", "29", "--o=1", "--answers-only", "--", PLAN]) == 0
    assert capsys.readouterr().err.strip() == (f"1 more: latweave run --lattice {folder} --limit 29 --answers-only "
                                               f"--offset 30 -- '{PLAN}'")
    assert main(["run", "--lattice", str(folder), "meet(kind <= plant)", "--answers-only"]) == 3
    assert capsys.readouterr().out == "abstain unknown_anchor\n"


def test_answers_only_builds_no_proof_unless_it_saves_the_result(folder, capsys, monkeypatch, tmp_path):
    """`--answers-only` shows no proof, so none is built (the lines are the same); with `--save`
    the saved result keeps its proofs."""
    from latweave.proof.extract import QueryDecoder

    assert main(["run", "--lattice", str(folder), PLAN, "--answers-only"]) == 0
    shown = capsys.readouterr().out

    def no_proof(*args, **kwargs):
        raise AssertionError("a proof was built for --answers-only")

    monkeypatch.setattr(QueryDecoder, "answer_tree", no_proof)
    assert main(["run", "--lattice", str(folder), PLAN, "--answers-only"]) == 0
    assert capsys.readouterr().out == shown and len(shown.splitlines()) == COUNT
    monkeypatch.undo()
    saved = tmp_path / "r.json"
    assert main(["run", "--lattice", str(folder), PLAN, "--answers-only", "--save", str(saved)]) == 0
    assert capsys.readouterr().out == shown
    assert saved.read_text(encoding="utf-8").count('"premises": "answer(') == COUNT
