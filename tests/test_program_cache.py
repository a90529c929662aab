"""The parsed rules kept in latweave's cache folder (datalog/program_cache.py): read back as the
same Program, keyed by the texts, and never trusted when the entry does not check out."""

from __future__ import annotations

import json

import pytest

from latweave.datalog import parser
from latweave.datalog.program_cache import decode, encode
from latweave.errors import RuleError
from latweave.paths import RULES


def _fresh_load(directory=None):
    parser._load.cache_clear()
    return parser.load_rules(directory)


def _origins(program):
    return ([(r.origin.file, r.origin.line) for r in program.rules],
            [(r.origin.file, r.origin.line) if r.origin else None for r in program.relations])


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LATWEAVE_CACHE", str(tmp_path / "cache"))
    yield tmp_path / "cache" / "rules"
    parser._load.cache_clear()


def test_the_rules_read_back_are_the_rules_parsed(cache):
    parsed = _fresh_load()
    (entry,) = cache.iterdir()
    read = _fresh_load()   # from the entry
    assert read == parsed and _origins(read) == _origins(parsed)
    assert encode(decode(encode(parsed))) == encode(parsed)
    assert [str(r) for r in read.rules] == [str(r) for r in parsed.rules]
    assert json.loads(entry.read_text())["key"] == entry.stem


def test_an_entry_that_does_not_check_out_is_parsed_again(cache, monkeypatch):
    parsed = _fresh_load()
    (entry,) = cache.iterdir()
    record = json.loads(entry.read_text())
    record["program"]["rules"][0][2][1] += 1          # a rule's line moved, the payload's hash not
    entry.write_text(json.dumps(record))
    calls = []
    real = parser.parse_program
    monkeypatch.setattr(parser, "parse_program", lambda *a, **k: calls.append(1) or real(*a, **k))
    again = _fresh_load()
    assert calls and _origins(again) == _origins(parsed)   # parsed, not read
    entry.write_text("{truncated")
    calls.clear()
    assert _fresh_load() == parsed and calls


def test_other_texts_are_another_entry_and_a_bad_one_is_never_kept(cache, tmp_path):
    _fresh_load()
    rules = tmp_path / "rules"
    rules.mkdir()
    for path in RULES.iterdir():
        (rules / path.name).write_text(path.read_text())
    (rules / "witness.dl").write_text((RULES / "witness.dl").read_text() + "\n// a comment\n")
    _fresh_load(rules)
    assert len(list(cache.iterdir())) == 2
    (rules / "witness.dl").write_text((RULES / "witness.dl").read_text() + "\nnot datalog(\n")
    with pytest.raises(RuleError) as caught:
        _fresh_load(rules)
    assert caught.value.file == "rules/witness.dl"
    assert len(list(cache.iterdir())) == 2


def test_the_key_covers_the_code_that_makes_a_program(tmp_path, monkeypatch):
    """A change to the transformer, the parser, the IR or the codec is another key: an entry
    written by other code is never read back."""
    from latweave.datalog import program_cache

    here = program_cache._HERE
    copy = tmp_path / "datalog"
    copy.mkdir()
    for name in program_cache._SOURCES:
        (copy / name).write_text((here / name).read_text(encoding="utf-8"), encoding="utf-8")
    texts, grammar = [("rules/a.dl", ".decl a(x: symbol)\n")], "start: rule*"
    monkeypatch.setattr(program_cache, "_HERE", copy)
    first = program_cache.key(texts, grammar)
    assert first == program_cache.key(texts, grammar)
    keys = {first}
    for name in program_cache._SOURCES:
        (copy / name).write_text((here / name).read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
        keys.add(program_cache.key(texts, grammar))
        (copy / name).write_text((here / name).read_text(encoding="utf-8"), encoding="utf-8")
    assert len(keys) == 1 + len(program_cache._SOURCES)
    assert program_cache.key(texts, grammar + " ") not in keys


def test_a_cache_that_cannot_be_written_only_means_parsing(cache, tmp_path, monkeypatch):
    """$LATWEAVE_CACHE where no folder can be made (a file there, as an odd setup has it): the
    rules are parsed, the same program as with a cache, and nothing is raised or written."""
    written = _fresh_load()
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file, not a folder")
    monkeypatch.setenv("LATWEAVE_CACHE", str(blocked))
    assert _origins(_fresh_load()) == _origins(written) and _fresh_load() == written
    assert blocked.read_text() == "a file, not a folder"
