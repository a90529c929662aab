"""The `latweave` command as a user runs it: real processes, JSON output, exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.support.corpora import ZOO


def latweave(*args, stdin=None):
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "latweave.cli", *args], capture_output=True, text=True,
                          env=env, input=stdin, timeout=300)


@pytest.mark.slow
def test_build_then_run_json(tmp_path):
    out = tmp_path / "lat"
    built = latweave("build", str(ZOO), "--out", str(out), "--json")
    assert built.returncode == 0, built.stderr
    assert json.loads(built.stdout)["counts"]["instances"] == 9
    plan = json.dumps({"meet": [["species", "<=", "mammal"], ["habitat", "<=", "aquatic"]]})
    run = latweave("run", "--lattice", str(out), "--json", plan)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert set(result) >= {"status", "answers", "verdict", "reason", "witness", "proof"}
    assert (result["status"], result["answers"], result["verdict"], result["reason"]) == ("answer", ["Whale"], None, None)
    again = latweave("run", "--lattice", str(out), "--json", plan)
    assert again.stdout == run.stdout


@pytest.mark.slow
def test_abstain_exit_code_and_plan_file(tmp_path):
    out = tmp_path / "lat"
    latweave("build", str(ZOO), "--out", str(out))
    plan_file = tmp_path / "plan.json"
    plan_file.write_text(json.dumps({"meet": [["species", "<=", "whale"], ["habitat", "<=", "terrestrial"]]}))
    run = latweave("run", "--lattice", str(out), "--json", "-f", str(plan_file))
    assert run.returncode == 3
    assert json.loads(run.stdout)["reason"] == "empty"


@pytest.mark.slow
def test_user_errors_exit_2_without_traceback(tmp_path):
    out = tmp_path / "lat"
    latweave("build", str(ZOO), "--out", str(out))
    bad = latweave("run", "--lattice", str(out), '{"meet": [["species", "<<", "x"]]}')
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and "constraint must be" in bad.stderr
    missing = latweave("run", "--lattice", str(tmp_path / "nope"), '{"meet": [["species", "<=", "x"]]}')
    assert missing.returncode == 2 and "no lattice folder" in missing.stderr
    corpus = latweave("build", str(tmp_path), "--out", str(tmp_path / "x"))
    assert corpus.returncode == 2 and "dimensions.jsonl is missing" in corpus.stderr


def test_an_error_naming_a_long_path_keeps_it_on_one_line(tmp_path):
    """Error messages are never wrapped at the terminal's width: the path can be copied."""
    deep = tmp_path / ("a-folder-with-a-long-name-" * 6) / "nope"
    missing = latweave("run", "--lattice", str(deep), "meet(species <= x)")   # COLUMNS=100: shorter than the line
    assert missing.returncode == 2
    assert f"error: {deep}: no lattice folder here" in missing.stderr.splitlines()


@pytest.mark.slow
def test_unavailable_engine_exits_4(tmp_path):
    out = tmp_path / "lat"
    latweave("build", str(ZOO), "--out", str(out))
    env_path = {**os.environ, "PATH": "/nonexistent"}
    run = subprocess.run([sys.executable, "-m", "latweave.cli", "run", "--lattice", str(out), "--engine", "souffle",
                          '{"meet": [["species", "<=", "whale"]]}'], capture_output=True, text=True, env=env_path)
    assert run.returncode == 4 and "not on PATH" in run.stderr


@pytest.mark.slow
def test_demo_runs(tmp_path):
    demo = latweave("demo", "--out", str(tmp_path / "demo"))
    assert demo.returncode == 0, demo.stderr
    assert "answer Whale" in demo.stdout and "abstain conflict" in demo.stdout
    assert "legitimate: every one of 5 dimensions has unique meets" in " ".join(demo.stdout.split())
    assert (tmp_path / "demo" / "legitimacy.json").is_file()


@pytest.mark.slow
def test_audit_passes_a_saved_result_and_fails_a_tampered_one(tmp_path):
    out = tmp_path / "lat"
    latweave("build", str(ZOO), "--out", str(out))
    saved = tmp_path / "result.json"
    run = latweave("run", "--lattice", str(out), "--save", str(saved), "meet(species <= mammal, habitat <= aquatic)")
    assert run.returncode == 0, run.stderr
    ok = latweave("audit", "--lattice", str(out), "--json", str(saved))
    assert ok.returncode == 0 and json.loads(ok.stdout)["ok"] is True
    saved.write_text(saved.read_text().replace('\\"marine\\"', '\\"freshwater\\"'))
    bad = latweave("audit", "--lattice", str(out), "--json", str(saved))
    report = json.loads(bad.stdout)
    assert bad.returncode == 5 and report["ok"] is False
    assert any("freshwater" in f["step"] for f in report["failures"])


@pytest.mark.slow
def test_a_saved_result_fails_audit_once_its_lattice_has_changed(tmp_path):
    """A result names the lattice it was computed on (its manifest's content hash); rebuilt from
    other sources, the lattice at the same path no longer certifies it, and the audit says why."""
    import shutil

    corpus, out, saved = tmp_path / "zoo", tmp_path / "lat", tmp_path / "result.json"
    shutil.copytree(ZOO, corpus)
    latweave("build", str(corpus), "--out", str(out))
    run = latweave("run", "--lattice", str(out), "--save", str(saved), "meet(species <= mammal)")
    stamp = json.loads(saved.read_text())["lattice"]
    assert run.returncode == 0 and stamp["content_hash"] == json.loads((out / "manifest.json").read_text())["content_hash"]
    assert latweave("audit", "--lattice", str(out), str(saved)).returncode == 0
    facts = (corpus / "facts.jsonl").read_text(encoding="utf-8").splitlines()
    (corpus / "facts.jsonl").write_text("\n".join(l for l in facts if '"Bat"' not in l) + "\n", encoding="utf-8")
    assert latweave("build", str(corpus), "--out", str(out)).returncode == 0
    bad = latweave("audit", "--lattice", str(out), "--json", str(saved))
    report = json.loads(bad.stdout)
    assert bad.returncode == 5 and [f["step"] for f in report["failures"]] == ["lattice"]
    # rebuilt from scratch, the folder holds a lattice with no record of the one the result names
    assert report["failures"][0]["problem"].startswith("another lattice: the result was computed on a lattice that is not this one")


@pytest.mark.slow
def test_save_replaces_a_saved_result_but_never_a_file_of_the_users(tmp_path):
    out = tmp_path / "lat"
    latweave("build", str(ZOO), "--out", str(out))
    notes = tmp_path / "notes.json"
    notes.write_text('{"my": "notes"}\n', encoding="utf-8")
    refused = latweave("run", "--lattice", str(out), "--save", str(notes), "meet(species <= mammal)")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert f"{notes}: exists and is not a saved result" in refused.stderr
    assert notes.read_text(encoding="utf-8") == '{"my": "notes"}\n'
    saved = tmp_path / "result.json"
    for plan, answers in (("meet(species <= mammal, habitat <= aquatic)", ["Whale"]), ("meet(habitat = amphibious)", None)):
        assert latweave("run", "--lattice", str(out), "--save", str(saved), plan).returncode == 0
    assert json.loads(saved.read_text())["plan"] == "meet(habitat = amphibious)"   # replaced: it was a result
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lat", "notes.json", "result.json"]   # no leftovers
    folder = latweave("run", "--lattice", str(out), "--save", str(tmp_path), "meet(species <= mammal)")
    assert folder.returncode == 2 and "is a folder" in folder.stderr


@pytest.mark.slow
def test_repl_runs_plans_from_stdin_and_survives_errors(tmp_path):
    out = tmp_path / "lat"
    latweave("build", str(ZOO), "--out", str(out))
    session = ('meet(species <= mammal,\n     habitat <= aquatic)\n\nmeet(specis <= x)\n\n'
               ':json\nholds("Whale", habitat <= aquatic)\n')
    repl = latweave("repl", "--lattice", str(out), stdin=session)
    assert repl.returncode == 2, repl.stderr   # a batch exits with its worst plan's status: the refused one
    assert repl.stdout.startswith("answer Whale")
    assert "unknown dimension 'specis'" in repl.stderr and "did you mean 'species'" in repl.stderr
    last = json.loads(repl.stdout[repl.stdout.index("{"):])
    assert last["status"] == "verdict" and last["verdict"] is True


@pytest.mark.slow
def test_a_built_wheel_carries_rules_grammars_and_corpora(tmp_path):
    """`pip install .` (not only -e) must work: the wheel holds copies of the top-level folders, and
    the server's page (latweave/serve/static/)."""
    import shutil
    import zipfile

    # Build from a clean copy: a stale build/ folder in the checkout must not leak into the wheel.
    source = tmp_path / "src"
    shutil.copytree(ZOO.parents[1], source, symlinks=True,
                    ignore=shutil.ignore_patterns(".venv", ".git", "build", "out", "*.egg-info", "__pycache__",
                                                  ".pytest_cache", ".hypothesis"))
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                            "-w", str(tmp_path), str(source)], capture_output=True, text=True, timeout=600)
    if build.returncode != 0 and "No module named" in build.stderr:
        import pytest

        pytest.skip(f"cannot build a wheel here: {build.stderr.strip()[-200:]}")
    assert build.returncode == 0, build.stderr
    (wheel,) = tmp_path.glob("latweave-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "latweave/proof/audit/__init__.py" in names and "latweave/proof/audit.py" not in names
    for needed in ("latweave/_data/rules/meet.dl", "latweave/_data/grammars/plan.lark",
                   "latweave/_data/grammars/datalog.lark", "latweave/_data/corpora/zoo/facts.jsonl",
                   "latweave/_data/corpora/zoo/documents/whale.txt", "latweave/serve/static/index.html",
                   "latweave/serve/static/page.js", "latweave/serve/static/page.css"):
        assert needed in names, needed


def test_version_and_a_top_level_help_that_says_what_the_tool_is():
    import tomllib

    from latweave.paths import RULES

    project = tomllib.loads((RULES.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    done = latweave("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"latweave {project['version']}"
    done = latweave("--help")
    assert done.returncode == 0 and "question answering on knowledge lattices" in done.stdout
    assert "exit codes:" in done.stdout and "latweave demo" in done.stdout
    assert (RULES.parent / "LICENSE").read_text(encoding="utf-8").startswith(f"{project['license']['text']} License")


def test_ci_runs_the_readmes_test_command():
    """.ci/run's last line is the README's second command, word for word (Soufflé on PATH included)."""
    import re

    from latweave.paths import RULES

    readme = (RULES.parent / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```bash\n(.+?)\n```", readme)
    ci = (RULES.parent / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert commands[1] == ci and "souffle/bin" in ci and "pytest" in ci


@pytest.mark.slow
def test_a_corpus_folder_given_as_the_lattice_says_build_it_first(tmp_path):
    text = tmp_path / "texts"      # a text corpus folder: documents only
    (text / "documents").mkdir(parents=True)
    (text / "documents" / "a.txt").write_text("Ada was born in 1815.", encoding="utf-8")
    done = latweave("run", "--lattice", str(text), "meet(species <= mammal)")
    assert done.returncode == 2 and "a corpus folder, not a lattice: build it first" in done.stderr
    done = latweave("run", "--lattice", str(ZOO), "meet(species <= mammal)")
    assert done.returncode == 2 and "a corpus folder, not a lattice: build it first" in done.stderr
    assert f"latweave build {ZOO} --out out/zoo" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.slow
def test_check_takes_lattice_as_every_command_does(tmp_path):
    out = tmp_path / "lat"
    assert latweave("build", str(ZOO), "--out", str(out)).returncode == 0
    flag, positional = latweave("check", "--lattice", str(out), "--json"), latweave("check", str(out), "--json")
    assert flag.returncode == positional.returncode == 0 and flag.stdout == positional.stdout
    assert json.loads(flag.stdout)["ok"] is True
    for argv in (["check"], ["check", str(out), "--lattice", str(out)]):
        done = latweave(*argv)
        assert done.returncode == 2 and "check needs one lattice folder" in done.stderr and "Traceback" not in done.stderr


def test_every_flag_has_help_and_shared_flags_mean_one_thing():
    """Every argument of every command says what it is; `--timeout` is the LLM request's seconds
    and `--cache` the cache of the model's replies wherever they appear (the engine's limit is
    `--engine-timeout`, eval's lattice folder `--lattices`)."""
    import argparse

    from latweave.cli import parser

    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    silent = [(name, a.option_strings or a.dest) for name, command in sub.choices.items()
              for a in command._actions
              if not a.help and not isinstance(a, argparse._HelpAction)]
    assert silent == []
    helps: dict[str, set[str]] = {}
    for name, command in sub.choices.items():
        for a in command._actions:
            for flag in a.option_strings:
                if a.help is not argparse.SUPPRESS:
                    helps.setdefault(flag, set()).add(a.help)
    assert all("request" in h for h in helps["--timeout"]) and len(helps["--timeout"]) >= 2
    assert all("model" in h or "extraction" in h for h in helps["--cache"])
    assert all("engine" in h for h in helps["--engine-timeout"])


def test_run_timeout_says_which_flag_stops_the_engine(capsys, zoo_lattice, tmp_path):
    from latweave.cli import main

    assert main(["run", "--lattice", str(zoo_lattice), "meet(species <= mammal)", "--timeout", "5"]) == 2
    err = capsys.readouterr().err
    assert "run asks no model" in err and "--engine-timeout 5" in err
    assert main(["eval", "pathquestion", "--cache", str(tmp_path)]) == 2
    assert "--lattices" in capsys.readouterr().err
