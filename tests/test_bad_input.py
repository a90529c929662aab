"""Bad input gets a clear error and loses nothing (issue 10, section 3).

Each test is one thing a user tried: before its fix it was a traceback (exit 1), a wrong answer,
or silently accepted. The rule: a message with the file and line (or line and column) and a hint,
exit 2 — never a traceback; an engine stopped by --timeout exits 4.
"""

from __future__ import annotations

import io
import json
import shutil
import sys

import pytest

from latweave.errors import CorpusError, PlanError, SourceError
from tests.support.corpora import ZOO


@pytest.fixture(scope="module")
def zoo(tmp_path_factory):
    from latweave.ingest.builds import build_corpus

    out = tmp_path_factory.mktemp("bad-input") / "zoo"
    build_corpus(ZOO, out)
    return out


from tests.support.cli import cli, wide_terminal  # noqa: F401 (wide_terminal: an autouse fixture)


def corpus_copy(tmp_path):
    folder = tmp_path / "corpus"
    shutil.copytree(ZOO, folder)
    return folder


# ------------------------------------------------------------------------ bytes that are not UTF-8

def test_plan_file_not_utf8_names_the_file_and_line(capsys, zoo, tmp_path, monkeypatch):
    plan = tmp_path / "plan.txt"
    plan.write_bytes(b"# a plan\nmeet(species <= \xff)\n")
    code, _, err = cli(capsys, "run", "--lattice", zoo, "-f", plan)
    assert code == 2 and f"{plan}:2: not UTF-8" in err and "0xff" in err
    # the same bytes on standard input
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"meet(species <= \xff)")))
    code, _, err = cli(capsys, "run", "--lattice", zoo, "-f", "-")
    assert code == 2 and "<stdin>:1: not UTF-8" in err


@pytest.mark.parametrize("fmt, data, line", [
    ("pathquestion", b"alice\tknows\tbob\nbo\xffb\tknows\tcarol\n", 2),
    ("metaqa", b"Alien|directed_by|Ridley Scott\r\nAlien|release_year|1979\r\nX|written_by|\xc3\n", 3),
    ("2wiki", b'{"_id": "q1", "evidences": [["a", "b", "c"]]}\n{"_id": "q2", "evidences": [["\xfe", "r", "o"]]}\n', 2),
])
def test_kb_line_not_utf8_names_the_line_of_the_byte(capsys, tmp_path, fmt, data, line):
    kb = tmp_path / "kb.txt"
    kb.write_bytes(data)
    code, _, err = cli(capsys, "build", kb, "--format", fmt, "--out", tmp_path / "out")
    assert code == 2 and f"{kb}:{line}: not UTF-8" in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("name", ["dimensions.jsonl", "hierarchy.tsv", "synonyms.tsv", "aliases.tsv",
                                  "facts.jsonl", "documents/whale.txt"])
def test_corpus_file_not_utf8_names_the_file_and_line(capsys, tmp_path, name):
    corpus = corpus_copy(tmp_path)
    path = corpus / name
    lines = path.read_bytes().count(b"\n")
    with path.open("ab") as handle:
        handle.write(b"caf\xe9\n")  # Latin-1, the usual culprit
    code, _, err = cli(capsys, "build", corpus, "--out", tmp_path / "out")
    assert code == 2 and f"{path}:{lines + 1}: not UTF-8 text: byte 0xe9 at column 4" in err


@pytest.mark.parametrize("command", ["explain", "audit"])
def test_result_file_not_utf8(capsys, zoo, tmp_path, command):
    saved = tmp_path / "r.json"
    saved.write_bytes(b'{"status": "answer",\n "answers": ["\xff"]}')
    code, _, err = cli(capsys, command, saved, *(["--lattice", zoo] if command == "audit" else []))
    assert code == 2 and f"{saved}:2: not UTF-8" in err


def test_text_corpus_document_not_utf8(tmp_path):
    from latweave.ingest.extract.corpus import read_text_corpus

    (tmp_path / "documents").mkdir()
    (tmp_path / "documents" / "a.txt").write_bytes(b"Ada was born in\nLeiden \x80.\n")
    with pytest.raises(CorpusError, match=r"a\.txt:2: not UTF-8"):
        read_text_corpus(tmp_path)


# ------------------------------------------------------------------------ other tracebacks

def test_corpus_without_facts_builds_with_a_progress_bar(capsys, tmp_path):
    corpus = corpus_copy(tmp_path)
    (corpus / "facts.jsonl").unlink()
    (corpus / "aliases.tsv").unlink()  # they name instances, which only facts make
    from latweave.ingest.corpus import read_corpus

    seen = []
    lattice = read_corpus(corpus, progress=lambda done, total: seen.append((done, total)))
    assert not lattice.instances and seen == [(0, 0)]
    code, _, err = cli(capsys, "build", corpus, "--out", tmp_path / "out")  # the CLI always passes one
    assert code == 0, err


def test_json_plan_nested_500_deep_is_a_plan_error(capsys, zoo):
    deep = '{"meet": [["species", "<=", ' + "[" * 500 + "]" * 500 + "]]}"
    code, _, err = cli(capsys, "run", "--lattice", zoo, deep)
    assert code == 2 and "nests deeper than 32 levels" in err and "at most 32" in err
    with pytest.raises(PlanError) as caught:
        from latweave.plan.read import read_plan
        read_plan('{"let": ' + '{"return": ' * 400 + "1" + "}" * 401)
    assert caught.value.code == "too_deep"


def test_5000_digit_number_in_a_plan_and_a_json_plan(capsys, zoo):
    from latweave.plan.read import read_plan

    digits = "1" * 5000
    with pytest.raises(PlanError) as caught:
        read_plan(f"meet(lifespan_years > {digits})")
    assert caught.value.code == "value_too_long" and (caught.value.line, caught.value.column) == (1, 23)
    with pytest.raises(PlanError) as caught:
        read_plan('{"meet": [["lifespan_years", ">", %s]]}' % digits)
    assert caught.value.code == "value_too_long"
    code, _, err = cli(capsys, "run", "--lattice", zoo, '{"meet": [["lifespan_years", ">", %s]]}' % digits)
    assert code == 2 and "5,000 digits" in err
    # 400 digits fit the value limit, but are no finite number: a bad value at its column
    code, _, err = cli(capsys, "check-plan", "--lattice", zoo, f"meet(lifespan_years > {'9' * 400})")
    assert code == 2 and "column 23" in err and "is not a number value" in err


@pytest.mark.parametrize("content", ["[]", "5", '"answer"', "null", '{"status": 5}', '{"answers": []}',
                                     '{"status": "answer", "answers": [1]}',
                                     '{"status": "verdict", "verdict": "yes"}',
                                     '{"status": "abstain", "reason": null}',
                                     '{"status": "answer", "proof": {"trees": [5]}}',
                                     '{"status": "answer", "proof": {"premises": "a", "children": [{"x": 1}]}}',
                                     '{"status": "answer", "proof": {"axiom": "a", "evidence": {"doc": 1}}}'])
@pytest.mark.parametrize("command", ["explain", "audit"])
def test_result_file_of_the_wrong_shape(capsys, zoo, tmp_path, command, content):
    saved = tmp_path / "r.json"
    saved.write_text(content, encoding="utf-8")
    code, out, err = cli(capsys, command, saved, *(["--lattice", zoo] if command == "audit" else []))
    assert code == 2 and f"{saved}: not a saved result" in err and not out


def test_explain_of_status_5_is_refused_not_printed_as_abstain(capsys, tmp_path):
    saved = tmp_path / "r.json"
    saved.write_text('{"status": 5}', encoding="utf-8")
    code, out, err = cli(capsys, "explain", saved)
    assert code == 2 and "abstain" not in out and '"status" is 5, not one of answer, verdict, abstain' in err


def test_result_file_too_deep(capsys, tmp_path):
    saved = tmp_path / "r.json"
    node = {"axiom": "x"}
    for _ in range(450):
        node = {"premises": "p", "children": [node]}
    saved.write_text(json.dumps({"status": "answer", "answers": ["x"], "proof": node}), encoding="utf-8")
    code, _, err = cli(capsys, "explain", saved)
    assert code == 2 and "nested deeper than 400" in err
    saved.write_text('{"status": "answer", "witness": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    code, _, err = cli(capsys, "explain", saved)
    assert code == 2 and "nested too deeply" in err


@pytest.mark.parametrize("value", ["-1", "0", "nan", "NaN", "inf", "-inf", "1e308", "86401", "soon"])
@pytest.mark.parametrize("command", [
    ["run", "--lattice", "L", "meet(species <= mammal)", "--engine-timeout"],
    ["ask", "q", "--lattice", "L", "--timeout"],
    ["build", "corpus", "--extract", "llm", "--out", "O", "--timeout"],
    ["eval", "pathquestion", "--engine-timeout"],
    ["eval", "pathquestion", "--timeout"],
], ids=["run", "ask", "build-extract", "eval-engine", "eval-llm"])
def test_timeout_must_be_a_positive_finite_number_of_seconds(capsys, command, value):
    *argv, flag = command
    code, _, err = cli(capsys, *argv, f"{flag}={value}")  # `--timeout -inf` would read -inf as an option
    assert code == 2 and "expected a positive number of seconds, at most 86,400 (one day)" in err


# ------------------------------------------------------------------------ byte-order marks

BOM = b"\xef\xbb\xbf"


def test_kb_with_a_byte_order_mark_answers_its_first_subject(capsys, tmp_path):
    from latweave.folder.store import load_lattice

    kb = tmp_path / "kb.txt"
    kb.write_bytes(BOM + b"alice\tknows\tbob\nbob\tknows\tcarol\n")
    code, _, err = cli(capsys, "build", kb, "--format", "pathquestion", "--out", tmp_path / "lat")
    assert code == 0, err
    code, out, _ = cli(capsys, "run", "--lattice", tmp_path / "lat", "--json", "meet(subject = alice) -> knows")
    result = json.loads(out)
    assert code == 0 and result["status"] == "answer" and result["answers"] == ["bob"]
    lattice = load_lattice(tmp_path / "lat")
    text = lattice.documents["kb.txt"]
    assert not text.startswith("\ufeff")
    for p in lattice.predicates:  # every evidence line still sits at its offsets
        e = p.evidence
        assert text[e.start:e.end] == e.source_text and "\ufeff" not in e.source_text


def test_every_text_input_reads_past_a_byte_order_mark(capsys, zoo, tmp_path):
    from latweave.ingest.corpus import read_corpus
    from latweave.ingest.extract.corpus import read_text_corpus
    from latweave.eval.datasets import load_pathquestion
    from latweave.planner.prompt import read_exemplars

    corpus = corpus_copy(tmp_path)
    for name in ("dimensions.jsonl", "hierarchy.tsv", "synonyms.tsv", "aliases.tsv", "facts.jsonl",
                 "documents/whale.txt"):
        path = corpus / name
        path.write_bytes(BOM + path.read_bytes())
    lattice = read_corpus(corpus)  # a BOM before the first JSON line was "not valid JSON"
    assert "Whale" in {i.label for i in lattice.instances.values()}
    assert not lattice.documents["whale"].startswith("\ufeff")

    plan = tmp_path / "plan.txt"
    plan.write_bytes(BOM + b"meet(species <= mammal, habitat <= aquatic)")
    code, out, _ = cli(capsys, "run", "--lattice", zoo, "--json", "-f", plan, "--save", tmp_path / "r.json")
    assert code == 0 and json.loads(out)["answers"] == ["Whale"]
    saved = tmp_path / "r.json"
    saved.write_bytes(BOM + saved.read_bytes())
    assert cli(capsys, "explain", saved)[0] == 0
    assert cli(capsys, "audit", "--lattice", zoo, saved)[0] == 0

    exemplars = tmp_path / "ex.jsonl"
    exemplars.write_bytes(BOM + (ZOO / "exemplars.jsonl").read_bytes())
    assert read_exemplars(exemplars)[0].question == "Which mammals live in water?"

    text = tmp_path / "text"
    (text / "documents").mkdir(parents=True)
    (text / "documents" / "a.txt").write_bytes(BOM + b"Ada was born in Leiden.")
    (text / "variants.tsv").write_bytes(BOM + b"born in\tplace_of_birth\n")
    (text / "dimensions.jsonl").write_bytes(BOM + b'{"dimension": "place_of_birth"}\n')
    read = read_text_corpus(text)
    assert read.documents == (("a", "Ada was born in Leiden."),)
    assert read.variants == (("born in", "place_of_birth"),)

    questions = tmp_path / "PQ.txt"
    questions.write_bytes(BOM + b"who is a 's b ?\tc(c/)\ta#r#c#<end>#c\n")
    assert load_pathquestion(questions)[0].question == "who is a 's b ?"


# ------------------------------------------------------------------------ limits

def _plan_error(text) -> PlanError:
    from latweave.plan.read import read_plan

    with pytest.raises(PlanError) as caught:
        read_plan(text)
    return caught.value


def test_plan_size_limits_are_plan_errors_at_the_first_item_over():
    from latweave.plan import limits
    from latweave.plan.read import read_plan

    cs = ", ".join(f"lifespan_years > {i}" for i in range(limits.MAX_CONSTRAINTS))
    read_plan(f"meet({cs})")  # at the limit: fine
    error = _plan_error(f"meet({cs}, species <= mammal)")
    assert error.code == "too_many_constraints" and "at most 64" in error.hint
    assert (error.line, error.column) == (1, 6 + len(cs) + 2) and error.context.rstrip().endswith("^")

    lets = "\n".join(f"let d{i} = meet(species <= mammal)" for i in range(limits.MAX_LETS + 1))
    error = _plan_error(lets + "\nmeet(species <= mammal)")
    assert error.code == "too_many_lets" and error.line == limits.MAX_LETS + 1

    union = " | ".join("meet(species <= mammal)" for _ in range(limits.MAX_BRANCHES + 1))
    assert _plan_error(union).code == "too_many_branches"
    args = ", ".join('"Whale"' for _ in range(limits.MAX_ARGS + 1))
    assert _plan_error(f"argmax(lifespan_years, [{args}])").code == "too_many_arguments"
    path = " -> species" * (limits.MAX_PATH + 1)
    assert _plan_error(f'argmax(lifespan_years, ["Whale"{path}, "Dog"])').code == "path_too_long"
    assert _plan_error('meet(species = "%s")' % ("x" * 1001)).code == "value_too_long"
    error = _plan_error("meet(species <= mammal)" + " " * limits.MAX_PLAN_CHARS)
    assert error.code == "plan_too_long" and "20,000" in error.hint
    many = "\n".join(f"let d{i} = meet({cs})" for i in range(4)) + f"\nmeet({cs})"
    assert "constraints of the whole plan at most 256" in _plan_error(many).hint


def test_plan_size_limits_in_the_json_form():
    from latweave.plan import limits

    meet = {"meet": [["lifespan_years", ">", i] for i in range(limits.MAX_CONSTRAINTS + 1)]}
    error = _plan_error(json.dumps({"let": [["d", meet]], "return": {"meet": [["species", "=", "x"]]}}))
    assert error.code == "too_many_constraints" and error.message.startswith("$.let[0][1].meet[64]:")
    union = {"union": [{"meet": [["species", "=", "x"]]}] * (limits.MAX_BRANCHES + 1)}
    assert _plan_error(json.dumps(union)).message.startswith("$.union[16]:")
    compare = {"argmax": "lifespan_years", "args": ["Whale"] * (limits.MAX_ARGS + 1)}
    assert _plan_error(json.dumps(compare)).code == "too_many_arguments"
    lets = {"let": [[f"d{i}", {"meet": [["species", "=", "x"]]}] for i in range(limits.MAX_LETS + 1)],
            "return": {"meet": [["species", "=", "x"]]}}
    assert _plan_error(json.dumps(lets)).code == "too_many_lets"


def test_limits_are_listed_in_the_readme():
    from latweave.paths import RULES
    from latweave.plan import limits

    readme = (RULES.parent / "README.md").read_text(encoding="utf-8")
    for what, value, _code in limits.LIMITS:
        assert f"{value:,}" in readme and what in readme, what


# ------------------------------------------------------------------------ non-finite numbers

@pytest.mark.parametrize("word", ["nan", "NaN", "inf", "Infinity"])
def test_non_finite_numbers_are_refused_at_their_column(zoo, word):
    from latweave.folder.store import load_lattice
    from latweave.plan.check import plan_errors
    from latweave.plan.read import read_plan

    text = f"meet(lifespan_years > {word})"
    errors = plan_errors(read_plan(text), load_lattice(zoo), text)
    assert [(e.code, e.line, e.column) for e in errors] == [("bad_value", 1, 23)]
    text = f'meet(lifespan_years in 1.."{word}")'
    assert [e.code for e in plan_errors(read_plan(text), load_lattice(zoo), text)] == ["bad_value"]


def test_nan_in_a_json_plan_and_in_a_corpus(tmp_path):
    assert _plan_error('{"meet": [["lifespan_years", ">", NaN]]}').code == "bad_value"
    assert _plan_error('{"meet": [["lifespan_years", ">", -Infinity]]}').code == "bad_value"
    from latweave.ingest.corpus import read_corpus

    corpus = corpus_copy(tmp_path)
    with (corpus / "facts.jsonl").open("a", encoding="utf-8") as handle:
        handle.write('{"instance": "Whale", "dimension": "lifespan_years", "value": NaN, "evidence": '
                     '{"doc": "whale", "source_text": "Blue whales"}}\n')
    with pytest.raises(CorpusError, match="'nan' is not a number value"):
        read_corpus(corpus)


# ------------------------------------------------------------------------ terminal escapes

def test_control_characters_from_data_reach_the_terminal_escaped(capsys, tmp_path):
    kb = tmp_path / "kb.txt"
    kb.write_bytes(b"esc\x1b[31mred\tknows\tbob\nbidi\xe2\x80\xaeevil\tknows\tbob\n")
    code, out, err = cli(capsys, "build", kb, "--format", "pathquestion", "--out", tmp_path / "lat")
    assert code == 0, err
    assert "\x1b" not in out
    plan = 'meet(subject = "esc\\u001b[31mred")'
    code, out, _ = cli(capsys, "run", "--lattice", tmp_path / "lat", plan, "--save", tmp_path / "r.json")
    assert code == 0 and out.startswith("answer esc\\x1b[31mred\n") and "\x1b" not in out
    code, out, _ = cli(capsys, "run", "--lattice", tmp_path / "lat", "--json", plan)
    assert json.loads(out)["answers"] == ["esc\x1b[31mred"]  # JSON keeps the exact string
    for argv in (["explain", tmp_path / "r.json"], ["audit", "--lattice", tmp_path / "lat", tmp_path / "r.json"],
                 ["run", "--lattice", tmp_path / "lat", 'meet(subject = "bidi\\u202eevil") -> knows'],
                 ["check", tmp_path / "lat"]):
        code, out, err = cli(capsys, *argv)
        assert code in (0, 6) and "\x1b" not in out + err and "\u202e" not in out + err, argv


def test_safe_escapes_one_character_at_a_time():
    from latweave.terminal import safe

    assert safe("a\x1b[31mb\x07\x7f\x9b\u202e\udcff\tc") == "a\\x1b[31mb\\x07\\x7f\\x9b\\u202e\\udcff\tc"
    assert safe("two\nlines") == "two\\nlines" and safe("two\nlines", newlines=True) == "two\nlines"
    assert safe("Amélie ⊤ 東京") == "Amélie ⊤ 東京"


def test_brackets_in_data_are_not_rich_markup(capsys, zoo, tmp_path):
    code, _, err = cli(capsys, "run", "--lattice", zoo, "meet(species <= [/])")
    assert code == 2 and "meet(species <= [/])" in err
    code, out, _ = cli(capsys, "check-plan", 'meet(species <= "[bold]x[/]")')
    assert code == 0 and '"[bold]x[/]"' in out
    kb = tmp_path / "kb.txt"
    kb.write_text("alice\t[/]\tbob\n", encoding="utf-8")
    code, out, _ = cli(capsys, "build", kb, "--format", "pathquestion", "--out", tmp_path / "lat")
    assert code == 0 and "[/]" in out


# ------------------------------------------------------------------------ silently accepted

def test_json_plan_with_an_unknown_key_is_refused():
    error = _plan_error('{"meet": [["species", "<=", "mammal"]], "projct": "diet"}')
    assert error.code == "unknown_key" and error.message == '$: unknown key "projct" for a meet'
    assert error.hint == 'a meet takes only "meet", "project", "at", "during"'
    error = _plan_error('{"let": [["d", {"meet": [["species", "<=", "bird"]], "project": "diet", "x": 1}]], '
                        '"return": {"meet": [["diet", "=", {"ref": "d"}]]}}')
    assert error.message.startswith('$.let[0][1]: unknown key "x"')
    error = _plan_error('{"return": {"argmax": "lifespan_years", "args": ["Whale", "Dog"]}, "lets": []}')
    assert error.message.startswith('$: unknown key "lets"') and '"let", "return"' in error.hint
    error = _plan_error('{"meet": [["diet", "=", {"ref": "d", "as": "x"}]]}')
    assert error.message.startswith("$.meet[0][2]: unknown key")


def test_run_refuses_a_plan_file_and_a_plan_text_together(capsys, zoo, tmp_path):
    plan = tmp_path / "plan.txt"
    plan.write_text("meet(species <= bird)", encoding="utf-8")
    code, out, err = cli(capsys, "run", "--lattice", zoo, "-f", plan, "meet(species <= mammal)")
    assert code == 2 and not out and "a plan is given twice" in err
    code, _, err = cli(capsys, "check-plan", "-f", plan, "meet(species <= mammal)")
    assert code == 2 and "not both" in err


# ------------------------------------------------------------------------ --timeout

def _heavy_plan():
    from latweave.plan import limits
    from latweave.plan.read import read_plan

    cs = ", ".join(["species <= animal", "lifespan_years > 1", "lifespan_years < 1000"][i % 3]
                   for i in range(limits.MAX_CONSTRAINTS))
    return read_plan(f"meet({cs})")


def test_timeout_stops_every_engine_and_the_runner_goes_on(zoo, engine):
    from latweave.errors import EngineTimeout
    from latweave.execute import Runner
    from latweave.plan.read import read_plan

    with Runner(zoo, engine, timeout=0.001) as runner:
        with pytest.raises(EngineTimeout, match="ran past the timeout of 0.001 s"):
            runner.run_one(_heavy_plan())
        runner.timeout = None  # a fresh session after the stopped one
        assert runner.run_one(read_plan("meet(species <= whale)")).answers == ("Whale",)


def test_run_timeout_exits_4_and_saves_nothing(capsys, zoo, tmp_path):
    from latweave.plan.printer import to_text

    plan = tmp_path / "plan.txt"
    plan.write_text(to_text(_heavy_plan()), encoding="utf-8")
    code, out, err = cli(capsys, "run", "--lattice", zoo, "-f", plan, "--engine-timeout", "0.001",
                         "--save", tmp_path / "r.json")
    assert code == 4 and not out and "the engine ran past the timeout of 0.001 s" in err
    assert not (tmp_path / "r.json").exists()
    assert cli(capsys, "run", "--lattice", zoo, "-f", plan, "--engine-timeout", "600")[0] == 0


def test_eval_engine_timeout_exits_4(capsys, tmp_path):
    fixture = ZOO.parents[1] / "tests" / "fixtures" / "pathquestion"
    code, _, err = cli(capsys, "eval", "pathquestion", "--questions", fixture / "questions.txt",
                       "--kb", fixture / "kb.txt", "--split", "train", "--planner", "oracle",
                       "--lattices", tmp_path / "cache", "--engine-timeout", "0.001")
    assert code == 4 and "ran past the timeout" in err


def test_source_error_names_file_and_line():
    from latweave.textio import decode

    with pytest.raises(SourceError) as caught:
        decode(b"\xef\xbb\xbfok\r\nok\rcaf\xe9", "f.txt")
    assert (caught.value.file, caught.value.line) == ("f.txt", 3) and "column 4" in caught.value.message
    assert decode(b"\xef\xbb\xbfok", "f.txt") == "ok"


# ------------------------------------------------------------------------ values that are no text

def test_1e309_in_a_json_plan_is_refused_not_read_as_inf(capsys, zoo):
    code, _, err = cli(capsys, "run", "--lattice", zoo, '{"meet": [["lifespan_years", "=", 1e309]]}')
    assert code == 2 and "$.meet[0][2]" in err and "finite" in err and "'inf'" not in err


@pytest.mark.parametrize("name", ["", "   ", "\t"])
def test_an_empty_or_blank_instance_name_is_refused_at_its_line(capsys, tmp_path, name):
    corpus = corpus_copy(tmp_path)
    lines = (corpus / "facts.jsonl").read_text(encoding="utf-8").count("\n")
    with (corpus / "facts.jsonl").open("a", encoding="utf-8") as handle:
        handle.write(json.dumps({"instance": name, "dimension": "habitat", "value": "marine",
                                 "evidence": {"doc": "whale", "source_text": "The blue whale is a marine mammal."}}) + "\n")
    code, _, err = cli(capsys, "build", corpus, "--out", tmp_path / "lat")
    assert code == 2 and f"facts.jsonl:{lines + 1}: an instance name is empty" in err
    assert not (tmp_path / "lat").exists()


@pytest.mark.parametrize("command", ["build", "add"])
def test_a_lone_surrogate_in_a_name_is_refused_at_its_line(capsys, zoo, tmp_path, command):
    corpus = corpus_copy(tmp_path)
    with (corpus / "facts.jsonl").open("a", encoding="utf-8") as handle:
        handle.write('{"instance": "Whale\\ud800", "dimension": "habitat", "value": "marine", "evidence": '
                     '{"doc": "whale", "source_text": "The blue whale is a marine mammal."}}\n')
    if command == "build":
        code, _, err = cli(capsys, "build", corpus, "--out", tmp_path / "lat")
    else:
        lattice = tmp_path / "zoo"
        shutil.copytree(zoo, lattice)
        before = {p: p.read_bytes() for p in sorted(lattice.rglob("*")) if p.is_file()}
        code, _, err = cli(capsys, "add", "--lattice", lattice, corpus)
        assert {p: p.read_bytes() for p in sorted(lattice.rglob("*")) if p.is_file()} == before
    assert code == 2 and "facts.jsonl:" in err and "lone surrogate" in err


def test_two_byte_order_marks_are_refused_at_line_1(capsys, tmp_path):
    kb = tmp_path / "kb.txt"
    kb.write_bytes(BOM + BOM + b"alice\tknows\tbob\n")
    code, _, err = cli(capsys, "build", kb, "--format", "pathquestion", "--out", tmp_path / "lat")
    assert code == 2 and "kb.txt:1: the file starts with two byte-order marks" in err
    corpus = corpus_copy(tmp_path)
    (corpus / "aliases.tsv").write_bytes(BOM + BOM + (corpus / "aliases.tsv").read_bytes())
    code, _, err = cli(capsys, "build", corpus, "--out", tmp_path / "lat2")
    assert code == 2 and "aliases.tsv:1: the file starts with two byte-order marks" in err


def test_a_kb_line_of_empty_fields_is_counted_as_malformed(capsys, tmp_path):
    kb = tmp_path / "kb.txt"
    kb.write_bytes(b"alice\tknows\tbob\n\t\t\n\nbob\tknows\tcarol\n")
    code, out, err = cli(capsys, "build", kb, "--format", "pathquestion", "--out", tmp_path / "lat", "--json")
    report = json.loads(out)["report"]
    assert code == 0 and report["counts"]["malformed"] == 1
    assert [(p["kind"], p["line"]) for p in report["problems"]] == [("malformed", 2)]


@pytest.mark.parametrize("reason,detail", [
    ("empty", {"undecided_items": [5]}),
    ("empty", {"steps": 7, "undecided_items": [{"item": ["x"]}]}),
    ("unknown_anchor", {"unknown": [{"name": 5, "dimension": ["x"]}], "extra": [[1]]}),
    ("unknown_anchor", {"unknown": "not a list"}),
], ids=["undecided-not-an-object", "odd-entries", "odd-types", "a-string-for-a-list"])
def test_explain_shows_a_tampered_witness_as_it_stands(capsys, zoo, tmp_path, reason, detail):
    """A witness detail of a shape latweave never writes is shown as it stands (sentences that
    cannot read it are left out): no traceback, the rest of the result rendered."""
    code, out, _ = cli(capsys, "run", "--lattice", zoo, "meet(species = unicorn)", "--json")
    assert code == 3
    result = json.loads(out)
    result["witness"][reason] = detail
    saved = tmp_path / "r.json"
    saved.write_text(json.dumps(result), encoding="utf-8")
    code, out, err = cli(capsys, "explain", saved)
    assert code == 3 and "Traceback" not in err and "meet(species = unicorn)" in out   # explained: an abstention
