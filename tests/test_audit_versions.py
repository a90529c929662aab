"""A saved result is audited against the version of the lattice it names (issue 43.9): after an
`add`, the layers it was computed on are still in the folder, and the audit reads those alone;
after a `remove` that dropped or rewrote them it fails and says why; another lattice is called
that, not "changed". `latweave audit FILE` finds the lattice from the file (issue 43.7).

Through `latweave.cli.main`, as a user runs them."""

from __future__ import annotations

import json
import shutil

import pytest

from latweave.cli import main
from latweave.paths import RULES

CORPORA = RULES.parent / "corpora"
ZOO_PLAN = "meet(species <= mammal)"
MOVIES_PLAN = "meet(genre <= drama)"


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LATWEAVE_CACHE", str(tmp_path / "cache"))


def _save(lattice, plan: str, to) -> dict:
    assert main(["run", "--lattice", str(lattice), "--save", str(to), plan]) == 0
    return json.loads(to.read_text(encoding="utf-8"))


def _audit(capsys, *args) -> tuple[int, dict | str]:
    capsys.readouterr()
    code = main(["audit", "--json", *map(str, args)])
    out = capsys.readouterr()
    return code, json.loads(out.out) if out.out.strip().startswith("{") and code != 2 else out.out + out.err


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    """The zoo, a result saved from it; the movies added, a result saved from that version."""
    root = tmp_path_factory.mktemp("versions")
    lattice = root / "zoo"
    assert main(["build", str(CORPORA / "zoo"), "--out", str(lattice)]) == 0
    _save(lattice, ZOO_PLAN, root / "one.json")
    assert main(["add", "--lattice", str(lattice), str(CORPORA / "movies")]) == 0
    _save(lattice, MOVIES_PLAN, root / "two.json")
    return root


def test_a_result_saved_before_an_add_audits_against_the_layers_it_was_computed_on(history, capsys):
    code, report = _audit(capsys, "--lattice", history / "zoo", history / "one.json")
    assert code == 0, report
    assert any("first 1 of 2 layers" in note for note in report["notes"])


def test_a_result_of_the_current_version_audits_as_before(history, capsys):
    code, report = _audit(capsys, "--lattice", history / "zoo", history / "two.json")
    assert code == 0 and not any("layers" in note for note in report["notes"])


def test_a_version_whose_top_layer_was_removed_is_named_gone(history, tmp_path, capsys):
    lattice = tmp_path / "zoo"
    shutil.copytree(history / "zoo", lattice)
    assert main(["remove", "--lattice", str(lattice), "--source", "movies"]) == 0
    code, report = _audit(capsys, "--lattice", lattice, history / "two.json")
    assert code == 5
    problem = report["failures"][0]["problem"]
    assert "the lattice changed since this result was computed" in problem and "layer 1 was removed" in problem
    assert "1 change(s) since, the `remove` of" in problem     # from history.jsonl
    assert _audit(capsys, "--lattice", lattice, history / "one.json")[0] == 0   # its first layer is still there


def test_a_version_whose_first_layer_was_rewritten_is_this_lattice_changed_not_another(history, tmp_path, capsys):
    lattice = tmp_path / "zoo"
    shutil.copytree(history / "zoo", lattice)
    assert main(["remove", "--lattice", str(lattice), "--doc", "whale"]) == 0
    code, report = _audit(capsys, "--lattice", lattice, history / "one.json")
    problem = report["failures"][0]["problem"]
    assert code == 5 and problem.startswith("the lattice changed since") and "layer 0 of its version" in problem


def test_another_lattice_is_called_that(history, tmp_path, capsys):
    other = tmp_path / "movies"
    assert main(["build", str(CORPORA / "movies"), "--out", str(other)]) == 0
    code, report = _audit(capsys, "--lattice", other, history / "one.json")
    assert code == 5 and report["failures"][0]["problem"].startswith("another lattice")


def test_a_stamp_without_layer_hashes_says_why_no_version_is_looked_for(history, tmp_path, capsys):
    old = json.loads((history / "one.json").read_text(encoding="utf-8"))
    del old["lattice"]["layers"]
    (tmp_path / "old.json").write_text(json.dumps(old), encoding="utf-8")
    code, report = _audit(capsys, "--lattice", history / "zoo", tmp_path / "old.json")
    assert code == 5 and "names no layer hashes" in report["failures"][0]["problem"]


def test_a_stamp_that_names_fewer_layers_than_the_result_used_fails(history, tmp_path, capsys):
    """A forged stamp cannot pass a result off as one of an earlier version: the audit then reads
    the earlier version's layers alone, where the movies' answers are not."""
    forged = json.loads((history / "two.json").read_text(encoding="utf-8"))
    forged["lattice"]["layers"] = forged["lattice"]["layers"][:1]
    forged["lattice"]["content_hash"] = "0" * 64
    (tmp_path / "forged.json").write_text(json.dumps(forged), encoding="utf-8")
    code, report = _audit(capsys, "--lattice", history / "zoo", tmp_path / "forged.json")
    assert code == 5 and not report["ok"]


def test_audit_finds_the_lattice_the_saved_file_names(history, tmp_path, capsys):
    saved = json.loads((history / "one.json").read_text(encoding="utf-8"))
    assert saved["lattice"]["folder"] == str(history / "zoo")
    code, report = _audit(capsys, history / "one.json")
    assert code == 0, report
    # moved away: said, exit 2; a result from --json (no folder) asks for the lattice folder
    moved = json.loads((history / "one.json").read_text(encoding="utf-8"))
    moved["lattice"]["folder"] = str(tmp_path / "gone")
    (tmp_path / "moved.json").write_text(json.dumps(moved), encoding="utf-8")
    code, text = _audit(capsys, tmp_path / "moved.json")
    assert code == 2 and "which is not there now" in text and "name the lattice folder where it is now" in text
    del moved["lattice"]["folder"]
    (tmp_path / "bare.json").write_text(json.dumps(moved), encoding="utf-8")
    code, text = _audit(capsys, tmp_path / "bare.json")
    assert code == 2 and "does not name the lattice folder" in text and "name the lattice folder to audit" in text


def test_json_output_names_no_folder(history, capsys):
    capsys.readouterr()
    assert main(["run", "--lattice", str(history / "zoo"), "--json", ZOO_PLAN]) == 0
    assert "folder" not in json.loads(capsys.readouterr().out)["lattice"]


def test_audit_finds_the_lattice_of_a_saved_verification(history, tmp_path, capsys):
    saved = tmp_path / "v.json"
    assert main(["verify", "--lattice", str(history / "zoo"), "--save", str(saved), "holds(Whale, species <= mammal)"]) == 0
    code, report = _audit(capsys, saved)
    assert code == 0, report
