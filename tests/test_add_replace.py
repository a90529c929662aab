"""`latweave add --replace` refreshes a source in one atomic change (issue 43.9): the lattice is
then the full build of its sources with the new one where the old one was, content hash and all;
what it cannot replace is refused with nothing changed. Long changes and KB builds show that they
are working (ingest/progress.py `Working`) on a terminal's stderr only, after two seconds.

Through `latweave.cli.main`, as a user runs them."""

from __future__ import annotations

import io
import json
import shutil
import threading

import pytest
from rich.console import Console

from latweave.cli import main
from latweave.ingest.progress import Working
from latweave.paths import RULES

CORPORA = RULES.parent / "corpora"


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LATWEAVE_CACHE", str(tmp_path / "cache"))


def _zoo_without_the_whale(root):
    """The zoo as it is a day later: the whale's document, facts and aliases gone."""
    zoo = root / "new" / "zoo"
    shutil.copytree(CORPORA / "zoo", zoo)
    for name in ("facts.jsonl", "aliases.tsv"):
        lines = (zoo / name).read_text(encoding="utf-8").splitlines(keepends=True)
        (zoo / name).write_text("".join(line for line in lines if "Whale" not in line), encoding="utf-8")
    (zoo / "documents" / "whale.txt").unlink()
    return zoo


def _pets(root):
    """A corpus of one document and two facts on the zoo's species: a second source, small."""
    pets = root / "pets"
    (pets / "documents").mkdir(parents=True)
    (pets / "dimensions.jsonl").write_text('{"dimension": "species", "kind": "taxonomy", "functional": true}\n',
                                           encoding="utf-8")
    (pets / "hierarchy.tsv").write_text("species\tTOP\tanimal\nspecies\tanimal\tmammal\nspecies\tmammal\tcat\n",
                                        encoding="utf-8")
    (pets / "documents" / "cat.txt").write_text("The cat is a mammal.\n", encoding="utf-8")
    (pets / "facts.jsonl").write_text(
        '{"instance": "Cat", "dimension": "species", "value": "cat", "evidence": {"doc": "cat", '
        '"source_text": "The cat is a mammal."}}\n', encoding="utf-8")
    return pets


def _manifest(folder) -> dict:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def test_replace_gives_the_full_build_with_the_new_source_in_place(tmp_path, capsys):
    new = _zoo_without_the_whale(tmp_path)
    lattice = tmp_path / "lattice"
    pets = _pets(tmp_path)
    assert main(["build", str(CORPORA / "zoo"), str(pets), "--out", str(lattice)]) == 0
    assert main(["add", "--lattice", str(lattice), "--replace", str(new)]) == 0
    assert main(["build", str(new), str(pets), "--out", str(tmp_path / "full")]) == 0
    assert _manifest(lattice)["content_hash"] == _manifest(tmp_path / "full")["content_hash"]
    capsys.readouterr()
    assert main(["history", "--lattice", str(lattice), "--json"]) == 0
    history = json.loads(capsys.readouterr().out)
    last = history["changes"][-1]
    assert last["change"] == "replace" and [s["name"] for s in last["sources"]] == ["zoo"]
    assert last["sources"][0]["was"] != last["sources"][0]["sha256"]
    assert [s["name"] for s in history["sources"]["sources"]] == ["zoo", "pets"]


@pytest.mark.parametrize("case", ["unknown-name", "bad-source"])
def test_what_cannot_be_replaced_is_refused_with_nothing_changed(tmp_path, capsys, case):
    lattice = tmp_path / "lattice"
    assert main(["build", str(CORPORA / "zoo"), "--out", str(lattice)]) == 0
    before = (lattice / "manifest.json").read_bytes()
    if case == "unknown-name":
        given, message = CORPORA / "movies", "no source named 'movies' to replace"
    else:   # the new zoo breaks its own aliases: an error half-way through the change
        given = _zoo_without_the_whale(tmp_path)
        (given / "aliases.tsv").write_text("Whale\tBlue whale\n", encoding="utf-8")
        message = "no instance 'Whale'"
    capsys.readouterr()
    assert main(["add", "--lattice", str(lattice), "--replace", str(given)]) == 2
    assert message in capsys.readouterr().err
    assert (lattice / "manifest.json").read_bytes() == before


def _drawn(after: float, terminal: bool, work) -> str:
    out = io.StringIO()
    with Working("adding to out/zoo", after=after, console=Console(file=out, force_terminal=terminal, width=80)):
        work()
    return out.getvalue()


def test_working_shows_on_a_terminal_once_the_work_runs_long():
    done = threading.Event()
    assert "adding to out/zoo" in _drawn(0.01, True, lambda: done.wait(0.3))


def test_working_stays_silent_for_quick_work_and_off_a_terminal():
    assert _drawn(60, True, lambda: None) == ""
    assert _drawn(0.0, False, lambda: threading.Event().wait(0.2)) == ""
