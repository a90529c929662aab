"""Results render themselves (rich `__rich__`): snapshot tests on a fixed-width colourless console,
and SVG/HTML export through rich for reports."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from latweave.execute import Runner
from latweave.plan.parser import parse_plan
from tests.support.golden import check_golden

GOLDEN = Path(__file__).parent / "golden"
SNAPSHOTS = {
    "aquatic_mammals": "meet(species <= mammal, habitat <= aquatic)",
    "conflict": "meet(species <= mammal, species <= bird)",
    "argmax_lifespan": 'argmax(lifespan_years, ["Whale", "Dog"])',
    "holds_false": 'holds("Whale", habitat <= terrestrial)',
}


def render(result, width=100) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=width, color_system=None, force_terminal=False, legacy_windows=False).print(result)
    return buffer.getvalue()


@pytest.mark.parametrize("name", sorted(SNAPSHOTS))
def test_snapshot(zoo_lattice, name):
    with Runner(zoo_lattice) as runner:
        text = render(runner.run_one(parse_plan(SNAPSHOTS[name])))
    check_golden(GOLDEN / f"{name}.txt", text)


def test_rendering_quotes_evidence_and_names_the_plan(zoo_lattice):
    with Runner(zoo_lattice) as runner:
        text = render(runner.run_one(parse_plan(SNAPSHOTS["aquatic_mammals"])), width=200)
    assert text.startswith("answer Whale")
    assert "meet(species <= mammal, habitat <= aquatic)" in text
    assert "“The blue whale is a marine mammal.”" in text and "[whale:1]" in text


def test_explain_exports_svg_and_html(zoo_lattice, tmp_path):
    from latweave.cli import main

    saved = tmp_path / "result.json"
    assert main(["run", "--lattice", str(zoo_lattice), "--save", str(saved), "--json",
                 SNAPSHOTS["aquatic_mammals"]]) == 0
    assert json.loads(saved.read_text())["answers"] == ["Whale"]
    svg, html = tmp_path / "proof.svg", tmp_path / "proof.html"
    assert main(["explain", str(saved), "--svg", str(svg), "--html", str(html)]) == 0
    assert svg.read_text().lstrip().startswith("<svg") and "Whale" in svg.read_text()
    assert "<html" in html.read_text().lower() and "marine mammal" in html.read_text()


def test_golden_update_rewrites_and_fails(tmp_path, monkeypatch):
    """With LATWEAVE_UPDATE_GOLDEN set, a changed golden is rewritten and the test fails (a rewrite
    never passes by comparing with itself); an unchanged one is compared; without the variable a
    change fails and the file is left as it was."""
    golden = tmp_path / "g.txt"
    golden.write_text("old\n", encoding="utf-8")
    with pytest.raises(AssertionError):
        check_golden(golden, "new\n")
    assert golden.read_text(encoding="utf-8") == "old\n"
    monkeypatch.setenv("LATWEAVE_UPDATE_GOLDEN", "1")
    with pytest.raises(pytest.fail.Exception, match="golden rewritten — review the diff"):
        check_golden(golden, "new\n")
    assert golden.read_text(encoding="utf-8") == "new\n"
    check_golden(golden, "new\n")
    with pytest.raises(pytest.fail.Exception, match="golden rewritten"):
        check_golden(tmp_path / "absent.txt", "x")
    assert (tmp_path / "absent.txt").read_text(encoding="utf-8") == "x"
