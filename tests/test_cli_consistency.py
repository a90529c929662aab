"""One spelling and one meaning across the command and its documents: the lattice is `--lattice
DIR` in every command (check's positional is an old spelling, still read, with a note), `--limit`
is a page of answers wherever it appears (eval's question count is `--max-questions`), the
engine's limit is `--engine-timeout` in the documents too, counts carry thousands separators on
every line, brackets in an engine's reason survive, and `dir(latweave)` is the public API."""

from __future__ import annotations

import argparse
import dataclasses
import io
import re
from pathlib import Path

from rich.console import Console

from latweave.cli import main, parser

ROOT = Path(__file__).resolve().parents[1]


def _render(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(renderable)
    return out.getvalue()


def test_check_takes_its_lattice_as_every_command_does_and_notes_the_old_spelling(zoo_lattice, capsys):
    assert main(["check", "--lattice", str(zoo_lattice)]) == 0
    assert "note" not in capsys.readouterr().err
    assert main(["check", str(zoo_lattice)]) == 0             # the old spelling still works
    assert f"note: every command takes the lattice as --lattice DIR: latweave check --lattice {zoo_lattice}" \
        in capsys.readouterr().err
    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    shown = [(name, a.dest) for name, command in sub.choices.items() for a in command._actions
             if not a.option_strings and a.help is not argparse.SUPPRESS and "lattice" in a.dest]
    assert shown == []                                          # no command documents a lattice positional


def test_limit_is_a_page_of_answers_wherever_it_is_documented(capsys, tmp_path):
    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    helps = {name: a.help for name, command in sub.choices.items() for a in command._actions
             if "--limit" in a.option_strings and a.help is not argparse.SUPPRESS}
    assert set(helps) == {"run", "repl"} and all("answers" in h for h in helps.values())
    assert parser().parse_args(["eval", "pathquestion", "--max-questions", "60"]).limit == 60
    # the old name is still read, with a note naming the new one
    missing = tmp_path / "nope.txt"
    assert main(["eval", "pathquestion", "--limit", "7", "--questions", str(missing)]) == 2
    err = capsys.readouterr().err
    assert "note: eval's --limit is now --max-questions" in err and "--max-questions 7" in err
    assert main(["eval", "pathquestion", "--limit", "7", "--max-questions", "7"]) == 2
    assert "old name of --max-questions" in capsys.readouterr().err


def test_the_documents_name_the_engine_timeout_and_the_default_engine(zoo_lattice):
    import latweave

    for doc in (ROOT / "README.md", ROOT / "docs" / "engines.md"):
        text = re.sub(r"\s+", " ", doc.read_text(encoding="utf-8"))
        assert not re.search(r"latweave run --timeout", text), doc
        assert "latweave run --engine-timeout SECONDS" in text, doc
    comment = next(line for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
                   if "engine=None:" in line)
    with latweave.open(zoo_lattice) as session:
        single, batch = session.engines["single"], session.engines["batch"]
    assert f"{'SQLite' if single == 'sqlite' else single} for one plan" in comment and "DuckDB for a batch" in comment
    assert batch == "duckdb"


def test_an_engines_reason_keeps_its_brackets():
    from latweave.api.engine_table import EngineTable

    table = EngineTable((("spark", "pyspark cannot be imported; pip install 'latweave[spark]'"), ("sqlite", None)),
                        "duckdb")
    shown = _render(table)
    assert "spark: unavailable: pyspark cannot be imported; pip install 'latweave[spark]'" in shown
    assert "sqlite: available" in shown


def test_counts_carry_thousands_separators_on_every_line(tmp_path):
    import latweave

    summary = latweave.build(ROOT / "corpora" / "zoo", out=tmp_path / "zoo")
    counts = {**summary.manifest["counts"], "instances": 12345, "predicates": 1234567}
    shown = _render(dataclasses.replace(summary, manifest={**summary.manifest, "counts": counts}))
    assert "12,345 instances" in shown and "1,234,567 predicates" in shown
    from latweave.eval.harness import EvalReport

    report = EvalReport("2wiki", "dev", "offline", False, 12345, {"any_hit": 0.5}, {}, {},
                        records=[{"status": "abstain", "reason": "empty"}] * 1234,
                        extra={"failures": {"n_missed": 6172, "classes": {"no_plan": 6172}}})
    shown = _render(report)
    assert "n=12,345" in shown and "abstentions: empty 1,234" in shown and "why 6,172 were missed" in shown
    assert re.search(r"│ n +│ +12,345 │", shown) and re.search(r"│ no plan +│ 6,172 +│", shown)


def test_dir_shows_the_public_api():
    import latweave

    names = dir(latweave)
    assert "TYPE_CHECKING" not in names and "annotations" not in names and "_API" not in names
    assert set(latweave.__all__) <= set(names) and "__version__" in names
