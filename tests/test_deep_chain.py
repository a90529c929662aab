"""A chain of values deeper than a proof can be built is one clear error (exit 4), never a
RecursionError traceback: a proof follows a chain level by level (proof/extract.py desc_proof).

The chain here is 150 levels, answered with its proof at Python's usual recursion limit; the same
run in a child whose limit is lowered to 250 frames cannot build that proof, as a chain of about
700 levels cannot at the usual limit (measured by hand: exit 1 with a traceback before the fix)."""

from __future__ import annotations

import json
import subprocess
import sys

import latweave
from latweave.cli import main

DEPTH = 150


def chain_corpus(folder):
    (folder / "documents").mkdir(parents=True)
    (folder / "dimensions.jsonl").write_text(json.dumps({"dimension": "kind", "kind": "taxonomy"}) + "\n",
                                             encoding="utf-8")
    rows = ["kind\tTOP\tk0"] + [f"kind\tk{i - 1}\tk{i}" for i in range(1, DEPTH)]
    (folder / "hierarchy.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    sentence = f"X is a k{DEPTH - 1}."
    (folder / "documents" / "x.txt").write_text(sentence + "\n", encoding="utf-8")
    fact = {"instance": "X", "dimension": "kind", "value": f"k{DEPTH - 1}",
            "evidence": {"doc": "x", "source_text": sentence}}
    (folder / "facts.jsonl").write_text(json.dumps(fact) + "\n", encoding="utf-8")
    return folder


def test_a_proof_too_deep_to_build_is_an_engine_error_not_a_traceback(tmp_path, capsys):
    lattice = tmp_path / "lattice"
    latweave.build(chain_corpus(tmp_path / "deep"), out=lattice)
    capsys.readouterr()
    assert main(["run", "--lattice", str(lattice), "--json", "meet(kind <= k0)"]) == 0
    assert json.loads(capsys.readouterr().out)["answers"] == ["X"]   # the chain has a proof here
    child = ("import sys\nfrom latweave.cli import main\nsys.setrecursionlimit(250)\n"
             f"sys.exit(main(['run', '--lattice', {str(lattice)!r}, '--json', 'meet(kind <= k0)']))\n")
    ran = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=120)
    assert ran.returncode == 4 and "Traceback" not in ran.stderr   # --json: the error is the JSON printed
    error = json.loads(ran.stdout)
    assert error["error"] == "EngineError" and error["message"].startswith("the proof of this plan's answers is nested deeper")
