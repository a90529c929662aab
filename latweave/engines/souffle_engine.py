"""Soufflé, run as a subprocess: the reference engine, used when `souffle` is on PATH.

The program handed to Soufflé is the IR rendered back to Soufflé's syntax (declarations,
`.input`/`.output`, then the rules in the order they were written, so that Soufflé's per-relation
rule numbers are the IR's). Fact values never enter the program text: every input relation is a
tab-separated `<rel>.facts` file in a facts folder given with `-F`, and every `.output` relation
is read back from `<rel>.csv` in the folder given with `-D`.

A session writes the base facts (the lattice) once; each run builds a small facts folder of
symlinks to those files plus the run's own facts (merged with the base file when a relation has
both), runs the interpreter, and parses the outputs by column type.

Soufflé is not in PyPI or Debian; it must be built from source. Without it on PATH the engine
registers anyway and `unavailable_reason()` says why.

`explain()` runs `souffle -t explain` non-interactively and returns Soufflé's own JSON proofs; it
is a cross-check for latweave's proofs, which are read from the witness relations instead.
"""

from __future__ import annotations

import json
import logging
import numbers
import os
import re
import shutil
import subprocess
import tempfile
import time
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence

from latweave.datalog.ir import Arith, Atom, Comparison, Const, Negation, Program, Relation, Rule, Var, Wildcard
from latweave.engines.base import Engine, Facts, Outputs, Row, Session, register, sorted_rows
from latweave.errors import EngineError

log = logging.getLogger("latweave.engines.souffle")

#: Soufflé's default `number` is a signed 32-bit integer unless built with SOUFFLE_DOMAIN_64BIT.
_DOMAIN_32 = (-(2 ** 31), 2 ** 31 - 1)
_DOMAIN_64 = (-(2 ** 63), 2 ** 63 - 1)

#: Characters Soufflé's default tab-separated reader cannot carry inside a symbol (no escapes).
_BAD_SYMBOL_CHARS = re.compile(r"[\t\n\r\x00]")

#: Environment variable: worker threads for `-j` (default 1; the batch is faster with 2).
JOBS_ENV = "LATWEAVE_SOUFFLE_JOBS"

_NOT_FOUND = (
    "`souffle` is not on PATH; Soufflé is not in PyPI or Debian and must be built from source "
    "(https://github.com/souffle-lang/souffle), then put on PATH"
)


# ---------------------------------------------------------------------------------------------
# finding the binary


@lru_cache(maxsize=8)
def _probe(path: str) -> tuple[str | None, str | None]:
    """(version line, None) when `path --version` works, else (None, why not)."""
    try:
        proc = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as exc:
        return None, f"`souffle` was found at {path} but `souffle --version` failed: {exc}"
    if proc.returncode != 0:
        err = (proc.stderr or proc.stdout).strip()
        return None, f"`souffle` was found at {path} but `souffle --version` exited {proc.returncode}: {err}"
    return proc.stdout, None


def souffle_path() -> str | None:
    return shutil.which("souffle")


def souffle_version() -> str | None:
    """Soufflé's version string (e.g. "2.5"), or None when it is not available."""
    path = souffle_path()
    if path is None:
        return None
    text, _ = _probe(path)
    if text is None:
        return None
    m = re.search(r"Version:\s*(\S+)", text)
    return m.group(1) if m else text.strip().splitlines()[0] if text.strip() else None


def _domain() -> tuple[int, int]:
    """The range of Soufflé's `number` ("Word size: 32 bits" in `souffle --version`)."""
    path = souffle_path()
    text = _probe(path)[0] if path else None
    m = re.search(r"Word size:\s*(\d+)", text or "")
    return _DOMAIN_64 if m and m.group(1) == "64" else _DOMAIN_32


# ---------------------------------------------------------------------------------------------
# rendering the IR as Soufflé text


def _symbol_literal(value: str) -> str:
    out = []
    for ch in value:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _term(term) -> str:
    if isinstance(term, Var):
        return term.name
    if isinstance(term, Wildcard):
        return "_"
    if isinstance(term, Const):
        if isinstance(term.value, str):
            return _symbol_literal(term.value)
        return str(int(term.value)) if term.value >= 0 else f"({int(term.value)})"
    if isinstance(term, Arith):
        return f"({_term(term.left)} {term.op} {_term(term.right)})"
    raise EngineError(f"souffle: cannot render term {term!r}")


def _atom(atom: Atom) -> str:
    return f"{atom.relation}({', '.join(_term(a) for a in atom.args)})"


def _literal(lit) -> str:
    if isinstance(lit, Atom):
        return _atom(lit)
    if isinstance(lit, Negation):
        return "!" + _atom(lit.atom)
    if isinstance(lit, Comparison):
        return f"{_term(lit.left)} {lit.op} {_term(lit.right)}"
    raise EngineError(f"souffle: cannot render literal {lit!r}")


def _rule(rule: Rule) -> str:
    return f"{_atom(rule.head)} :- {', '.join(_literal(l) for l in rule.body)}."


def _decl(rel: Relation) -> str:
    return f".decl {rel.name}({', '.join(f'{c.name}:{c.type}' for c in rel.columns)})"


def render_program(program: Program) -> str:
    """The program in Soufflé's syntax. Rules keep their order (Soufflé numbers them per relation).

    Each rule is preceded by a comment naming where it was written, so that a Soufflé error that
    cites a line of this text can be traced back to rules/*.dl.
    """
    lines = ["// latweave: rules rendered from the IR for Soufflé", ""]
    for rel in program.relations:
        origin = f"  // {rel.origin}" if rel.origin is not None else ""
        lines.append(_decl(rel) + origin)
    lines.append("")
    for rel in program.relations:
        if rel.is_input:
            lines.append(f".input {rel.name}")
    for rel in program.relations:
        if rel.is_output:
            lines.append(f".output {rel.name}")
    lines.append("")
    for rule in program.rules:
        lines.append(f"// {rule.origin}")
        lines.append(_rule(rule))
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# facts files


def _format_row(rel: Relation, row: Sequence, lo: int, hi: int) -> str:
    if len(row) != rel.arity:
        raise EngineError(f"souffle: {rel.name} takes {rel.arity} columns, got {len(row)}: {tuple(row)!r}")
    cells = []
    for col, value in zip(rel.columns, row):
        if col.type == "number":
            if isinstance(value, bool) or not isinstance(value, numbers.Integral):
                raise EngineError(
                    f"souffle: column {col.name} of {rel.name} is a number, got {value!r}")
            value = int(value)
            if not lo <= value <= hi:
                raise EngineError(
                    f"souffle: {value} in column {col.name} of {rel.name} is outside Soufflé's "
                    f"number domain [{lo}, {hi}]")
            cells.append(str(value))
        else:
            if not isinstance(value, str):
                raise EngineError(
                    f"souffle: column {col.name} of {rel.name} is a symbol, got {value!r}")
            if _BAD_SYMBOL_CHARS.search(value):
                raise EngineError(
                    f"souffle: symbol {value!r} in column {col.name} of {rel.name} holds a tab, "
                    "newline, carriage return or NUL, which Soufflé's .facts reader cannot escape",
                    hint="intern strings to integer ids before they reach the engine")
            cells.append(value)
    return "\t".join(cells) + "\n"


def _write_facts(path: Path, rel: Relation, rows: Iterable[Sequence], mode: str = "w") -> int:
    lo, hi = _domain()
    all_numbers = all(c.type == "number" for c in rel.columns)
    arity = rel.arity
    n = 0
    with open(path, mode, encoding="utf-8", newline="\n") as fh:
        buf: list[str] = []
        for row in rows:
            # fast path: a row of plain ints in range (the common case: everything is interned)
            if (all_numbers and len(row) == arity
                    and all(type(v) is int and lo <= v <= hi for v in row)):
                buf.append("\t".join(map(str, row)) + "\n")
            else:
                buf.append(_format_row(rel, row, lo, hi))
            n += 1
            if len(buf) >= 65536:
                fh.write("".join(buf))
                buf.clear()
        fh.write("".join(buf))
    return n


def _check_relations(program: Program, facts: Facts) -> dict[str, Relation]:
    """The input relations that `facts` names; raises for anything else."""
    found: dict[str, Relation] = {}
    for name in facts:
        try:
            rel = program.relation(name)
        except KeyError:
            raise EngineError(f"souffle: facts given for undeclared relation {name!r}") from None
        if not rel.is_input:
            raise EngineError(f"souffle: facts given for {name!r}, which is not an .input relation")
        found[name] = rel
    return found


def _parse_numbers(rel: Relation, path: Path, text: str, nlines: int) -> list[Row]:
    """Fast path for all-number relations; same result as sorted_rows (ints sort plainly)."""
    cells = text.split()
    if len(cells) != nlines * rel.arity or text.count("\t") != nlines * (rel.arity - 1):
        raise EngineError(f"souffle: {path.name} does not have {rel.arity} fields on every line")
    try:
        nums = list(map(int, cells))
    except ValueError as exc:
        raise EngineError(f"souffle: {path.name}: {exc}") from None
    rows = list(zip(*[iter(nums)] * rel.arity))
    rows.sort()  # Soufflé usually writes in index order already: near-linear
    if any(a == b for a, b in zip(rows, rows[1:])):  # a relation is a set; be safe anyway
        rows = sorted(set(rows))
    return rows


def _parse_outputs(program: Program, outdir: Path) -> Outputs:
    outputs: Outputs = {}
    for rel in program.outputs:
        path = outdir / f"{rel.name}.csv"
        if not path.exists():
            raise EngineError(f"souffle wrote no output file for {rel.name} ({path.name})")
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        rows: list[Row] = []
        if rel.arity == 0:
            outputs[rel.name] = [()] if lines else []
            continue
        if all(c.type == "number" for c in rel.columns):
            outputs[rel.name] = _parse_numbers(rel, path, text, len(lines))
            continue
        for lineno, line in enumerate(lines, 1):
            cells = line.split("\t")
            if len(cells) != rel.arity:
                raise EngineError(
                    f"souffle: {path.name}:{lineno} has {len(cells)} fields, {rel.name} has "
                    f"{rel.arity} (a symbol holding a tab or newline?): {line!r}")
            row: list = []
            for col, cell in zip(rel.columns, cells):
                if col.type == "number":
                    try:
                        row.append(int(cell))
                    except ValueError:
                        raise EngineError(
                            f"souffle: {path.name}:{lineno}: {cell!r} is not a number") from None
                else:
                    row.append(cell)
            rows.append(tuple(row))
        outputs[rel.name] = sorted_rows(rows)
    return outputs


# ---------------------------------------------------------------------------------------------
# running


_seen_warnings: set[str] = set()


def _report_stderr(stderr: str) -> None:
    """Soufflé warnings go to the log (once per distinct text at WARNING, then at DEBUG)."""
    text = stderr.strip()
    if not text:
        return
    if text in _seen_warnings:
        log.debug("souffle: %s", text)
    else:
        _seen_warnings.add(text)
        log.warning("souffle: %s", text)


def _jobs() -> int:
    raw = os.environ.get(JOBS_ENV, "").strip()
    if not raw:
        return 1
    try:
        return max(1, int(raw))
    except ValueError:
        raise EngineError(f"{JOBS_ENV}={raw!r} is not a number of threads") from None


def _souffle_cmd(jobs: int, factsdir: Path, outdir: Path, program_file: Path, extra=()) -> list[str]:
    binary = souffle_path()
    if binary is None:
        raise EngineError(_NOT_FOUND)
    return [binary, f"-j{max(1, int(jobs))}", "-F", str(factsdir), "-D", str(outdir), *extra, str(program_file)]


def _run_souffle(cmd: list[str], *, input: str | None = None, timeout: float | None = None,
                 what: str = "souffle") -> subprocess.CompletedProcess:
    try:
        proc = subprocess.run(cmd, input=input, capture_output=True, text=True, timeout=timeout,
                              encoding="utf-8", errors="replace")
    except subprocess.TimeoutExpired:  # subprocess.run has killed it
        from latweave.engines.timeout import timeout_error

        raise timeout_error(what, timeout) from None
    except OSError as exc:
        raise EngineError(f"{what} could not be started: {exc}") from exc
    stderr = proc.stderr or ""
    if proc.returncode != 0 or re.search(r"^Error:", stderr, re.MULTILINE):
        how = (f"was killed by signal {-proc.returncode}" if proc.returncode < 0
               else f"exited {proc.returncode}")
        raise EngineError(f"{what} {how}:\n{stderr.strip() or (proc.stdout or '').strip()[-4000:]}")
    _report_stderr(stderr)
    return proc


class SouffleSession(Session):
    def __init__(self, engine: "SouffleEngine", base: Facts):
        self.engine = engine
        self.program = engine.program
        self._dir = Path(tempfile.mkdtemp(prefix="latweave-souffle-"))
        self._runs = 0
        self._closed = False
        try:
            self._program_file = self._dir / "program.dl"
            self._program_file.write_text(engine.program_text, encoding="utf-8")
            self._base_dir = self._dir / "base"
            self._base_dir.mkdir()
            given = _check_relations(self.program, base)
            self._base_counts: dict[str, int] = {}
            for rel in self.program.inputs:
                rows = base.get(rel.name, ()) if rel.name in given else ()
                self._base_counts[rel.name] = _write_facts(self._base_dir / f"{rel.name}.facts", rel, rows)
        except BaseException:
            shutil.rmtree(self._dir, ignore_errors=True)
            raise

    def run(self, facts: Facts) -> Outputs:
        if self._closed:
            raise EngineError("souffle: this session is closed")
        given = _check_relations(self.program, facts)
        self._runs += 1
        rundir = self._dir / f"run{self._runs}"
        factsdir, outdir = rundir / "facts", rundir / "out"
        factsdir.mkdir(parents=True)
        outdir.mkdir()
        try:
            for rel in self.program.inputs:
                target = factsdir / f"{rel.name}.facts"
                base_file = self._base_dir / f"{rel.name}.facts"
                if rel.name in given:
                    if self._base_counts[rel.name]:
                        shutil.copyfile(base_file, target)
                        _write_facts(target, rel, facts[rel.name], mode="a")
                    else:
                        _write_facts(target, rel, facts[rel.name])
                else:
                    target.symlink_to(base_file)
            cmd = _souffle_cmd(self.engine.jobs, factsdir, outdir, self._program_file)
            start = time.perf_counter()
            timeouts = [t for t in (self.timeout, self.engine.timeout) if t is not None]
            _run_souffle(cmd, timeout=min(timeouts) if timeouts else None)
            log.debug("souffle run %d took %.3f s", self._runs, time.perf_counter() - start)
            return _parse_outputs(self.program, outdir)
        finally:
            shutil.rmtree(rundir, ignore_errors=True)

    def close(self) -> None:
        self._closed = True
        shutil.rmtree(self._dir, ignore_errors=True)

    def __del__(self):  # pragma: no cover - best effort when a session is not closed
        try:
            if not self._closed:
                shutil.rmtree(self._dir, ignore_errors=True)
        except Exception:
            pass


@register
class SouffleEngine(Engine):
    """Soufflé's interpreter over the rendered rules; facts through files, outputs from CSV."""

    name = "souffle"

    def __init__(self, program: Program, *, jobs: int | None = None, timeout: float | None = None):
        super().__init__(program)
        self.program_text = render_program(program)
        self.jobs = _jobs() if jobs is None else jobs
        self.timeout = timeout

    @classmethod
    def unavailable_reason(cls) -> str | None:
        path = souffle_path()
        if path is None:
            return _NOT_FOUND
        return _probe(path)[1]

    def open(self, base: Facts) -> Session:
        reason = self.unavailable_reason()
        if reason is not None:
            raise EngineError(reason)
        return SouffleSession(self, base)


# ---------------------------------------------------------------------------------------------
# provenance: Soufflé's own proofs, for cross-checks


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
    reason = SouffleEngine.unavailable_reason()
    if reason is not None:
        raise EngineError(reason)
    if int(depth) < 1:
        raise EngineError(f"souffle explain: depth must be at least 1, got {depth}")
    checked = [_check_tuple(program, t) for t in tuples]
    if not checked:
        return []
    given = _check_relations(program, facts)
    workdir = Path(tempfile.mkdtemp(prefix="latweave-souffle-explain-"))
    try:
        factsdir, outdir = workdir / "facts", workdir / "out"
        factsdir.mkdir()
        outdir.mkdir()
        program_file = workdir / "program.dl"
        program_file.write_text(render_program(program), encoding="utf-8")
        for rel in program.inputs:
            _write_facts(factsdir / f"{rel.name}.facts", rel, facts[rel.name] if rel.name in given else ())
        commands = [f"setdepth {int(depth)}", "format json", *(f"explain {t}" for t in checked), "exit"]
        cmd = _souffle_cmd(1, factsdir, outdir, program_file, extra=("-t", "explain"))
        proc = _run_souffle(cmd, input="\n".join(commands) + "\n", timeout=timeout,
                            what="souffle -t explain")
        return _parse_explain(proc.stdout, len(checked))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
