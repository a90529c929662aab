"""`latweave build` goes live only with unique meets (issue 6): refused with the report and exit 6,
the previous lattice untouched; `--allow` writes it with legitimacy.json; `latweave check` agrees."""

from __future__ import annotations

import json
from pathlib import Path

from latweave.cli import EXIT_NOT_LIVE, EXIT_OK, main
from latweave.folder.store import read_manifest


def _corpus(root: Path, diamond: bool) -> Path:
    """Dimension `colour`: ⊤ over warm and bright; amber below both, and (diamond) gold too —
    so warm ∧ bright has two competing lower bounds."""
    (root / "documents").mkdir(parents=True)
    (root / "documents" / "d.txt").write_text("The lamp glows amber.", encoding="utf-8")
    (root / "dimensions.jsonl").write_text('{"dimension": "colour", "kind": "taxonomy"}\n', encoding="utf-8")
    edges = ["TOP\twarm", "TOP\tbright", "warm\tamber", "bright\tamber"]
    if diamond:
        edges += ["warm\tgold", "bright\tgold"]
    (root / "hierarchy.tsv").write_text("".join(f"colour\t{e}\n" for e in edges), encoding="utf-8")
    (root / "facts.jsonl").write_text(json.dumps(
        {"instance": "Lamp", "dimension": "colour", "value": "amber",
         "evidence": {"doc": "d", "source_text": "The lamp glows amber."}}) + "\n", encoding="utf-8")
    return root


def test_build_refuses_competing_meets_and_keeps_the_old_lattice(tmp_path, capsys):
    out = tmp_path / "lattice"
    good = _corpus(tmp_path / "good", diamond=False)
    assert main(["build", str(good), "--out", str(out), "--json"]) == EXIT_OK
    built = json.loads(capsys.readouterr().out)
    assert built["legitimacy"] == {"ok": True, "live_blockers": [], "allowed": False, "file": "legitimacy.json",
                                   "contested": {}}
    before = read_manifest(out)["content_hash"]
    assert json.loads((out / "legitimacy.json").read_text())["ok"] is True

    bad = _corpus(tmp_path / "bad", diamond=True)
    assert main(["build", str(bad), "--out", str(out), "--json"]) == EXIT_NOT_LIVE
    refused = json.loads(capsys.readouterr().out)
    assert refused["error"] == "NotLive" and "colour" in refused["message"]
    colour = refused["legitimacy"]["dimensions"]["colour"]
    assert colour["is_lattice"] is False
    assert colour["competing_lower_bounds"] == [{"pair": ["bright", "warm"], "lower_bounds": ["amber", "gold"]}]
    assert read_manifest(out)["content_hash"] == before            # the old lattice is untouched

    assert main(["build", str(bad), "--out", str(out), "--allow"]) == EXIT_OK
    assert "written with --allow" in capsys.readouterr().out
    report = json.loads((out / "legitimacy.json").read_text())
    assert report["ok"] is False and report["live_blockers"] == ["colour"]
    assert read_manifest(out)["content_hash"] != before

    assert main(["check", str(out), "--json"]) == EXIT_NOT_LIVE
    checked = json.loads(capsys.readouterr().out)
    assert checked["dimensions"]["colour"]["added_by_completion"] == colour["added_by_completion"] != []


def test_check_zoo_is_ok(zoo_lattice, capsys):
    assert main(["check", str(zoo_lattice)]) == EXIT_OK
    text = capsys.readouterr().out
    assert "every dimension has unique meets" in text and "habitat" in text
