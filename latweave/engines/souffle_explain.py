"""Soufflé's own proofs (`souffle -t explain`), a cross-check for latweave's proofs.

latweave reads its proofs from the witness relations (latweave/proof/); this asks Soufflé for its
provenance of the same tuples, non-interactively, and returns Soufflé's JSON as it printed it.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from pathlib import Path

from latweave.datalog.ir import Program
from latweave.engines import rows as checks
from latweave.engines import souffle_binary as binary
from latweave.engines.dialects.souffle import render_program
from latweave.engines.rows import Facts
from latweave.engines.souffle_engine import ROWS, write_facts
from latweave.errors import EngineError

_TUPLE = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\((.*)\)\s*$", re.DOTALL)


def _check_tuple(program: Program, text: str) -> str:
    if any(ch in text for ch in "\n\r"):
        raise EngineError(f"souffle explain: a tuple cannot span lines: {text!r}")
    m = _TUPLE.match(text)
    if not m:
        raise EngineError(f"souffle explain: {text!r} is not written rel(arg, ...)")
    try:
        program.relation(m.group(1))
    except KeyError:
        raise EngineError(f"souffle explain: unknown relation {m.group(1)!r} in {text!r}") from None
    return text.strip()


def _parse_explain(stdout: str, count: int) -> list[dict | None]:
    """Concatenated JSON objects, one per `explain`, in order; "Tuple not found" becomes None."""
    decoder = json.JSONDecoder()
    results: list[dict | None] = []
    pos, n = 0, len(stdout)
    while pos < n:
        brace = stdout.find("{", pos)
        if brace < 0:
            rest = stdout[pos:].strip()
            if rest:
                raise EngineError(f"souffle explain printed something unexpected: {rest[:2000]}")
            break
        between = stdout[pos:brace].strip()
        for line in filter(None, (l.strip() for l in between.splitlines())):
            if line == "Tuple not found":  # a plain-text answer, should a build print one
                results.append(None)
            else:
                raise EngineError(f"souffle explain printed something unexpected: {line}")
        try:
            obj, end = decoder.raw_decode(stdout, brace)
        except json.JSONDecodeError as exc:
            raise EngineError(f"souffle explain printed invalid JSON ({exc}): {stdout[brace:brace + 500]}") from None
        pos = end
        proof = obj.get("proof") if isinstance(obj, dict) else None
        axiom = proof.get("axiom") if isinstance(proof, dict) else None
        if axiom == "Tuple not found":
            results.append(None)
        elif axiom in ("Relation not found", "Subproof not found"):
            raise EngineError(f"souffle explain: {axiom}")
        else:
            results.append(obj)
    if len(results) != count:
        raise EngineError(
            f"souffle explain answered {len(results)} of {count} tuples:\n{stdout[:4000]}")
    return results


def explain(program: Program, facts: Facts, tuples: list[str], depth: int = 10,
            *, timeout: float | None = None) -> list[dict | None]:
    """Soufflé's proof of each tuple (its JSON object: {"proof": ..., "rules": [...]}) or None.

    `tuples` are atoms written as Soufflé reads them, e.g. "answer(7, 100)". Runs
    `souffle -t explain` with commands on stdin (never the full-screen `explore`). Proof trees are
    cut at `depth` (deeper parts become `subproof` placeholders). A tuple that was not derived gives
    None. Only for cross-checks: Soufflé shows one proof, and only a leaf for a negated premise.
    """
    reason = binary.unavailable_reason()
    if reason is not None:
        raise EngineError(reason)
    if int(depth) < 1:
        raise EngineError(f"souffle explain: depth must be at least 1, got {depth}")
    checked = [_check_tuple(program, t) for t in tuples]
    if not checked:
        return []
    given = checks.check_relations(program, facts, ROWS)
    workdir = Path(tempfile.mkdtemp(prefix="latweave-souffle-explain-"))
    try:
        factsdir, outdir = workdir / "facts", workdir / "out"
        factsdir.mkdir()
        outdir.mkdir()
        program_file = workdir / "program.dl"
        program_file.write_text(render_program(program), encoding="utf-8")
        for rel in program.inputs:
            write_facts(factsdir / f"{rel.name}.facts", rel, facts[rel.name] if rel.name in given else ())
        commands = [f"setdepth {int(depth)}", "format json", *(f"explain {t}" for t in checked), "exit"]
        cmd = binary.command(1, factsdir, outdir, program_file, extra=("-t", "explain"))
        proc = binary.run(cmd, input="\n".join(commands) + "\n", timeout=timeout,
                            what="souffle -t explain")
        return _parse_explain(proc.stdout, len(checked))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
