"""Soufflé, run as a subprocess: the reference engine, used when `souffle` is on PATH.

The program handed to Soufflé is the IR rendered by the Soufflé dialect (dialects/souffle.py).
Fact values never enter the program text: every input relation is a tab-separated `<rel>.facts`
file in a facts folder given with `-F`, and every `.output` relation is read back from `<rel>.csv`
in the folder given with `-D`.

A session writes the base facts (the lattice) once; each run builds a small facts folder of
symlinks to those files plus the run's own facts (merged with the base file when a relation has
both), runs the interpreter, and parses the outputs by column type. Finding and calling the binary
is souffle_binary.py; Soufflé's own proofs (`explain`) are souffle_explain.py.
"""

from __future__ import annotations

import logging
import re
import shutil
import tempfile
import time
from pathlib import Path
from typing import Iterable, Sequence

from latweave.datalog.ir import Program, Relation
from latweave.engines import rows as checks
from latweave.engines import souffle_binary as binary
from latweave.engines.base import Engine, Facts, Outputs, Row, Session
from latweave.engines.dialects.souffle import render_program
from latweave.engines.rows import sorted_rows
from latweave.errors import EngineError

log = logging.getLogger("latweave.engines.souffle")

#: Characters Soufflé's default tab-separated reader cannot carry inside a symbol (no escapes).
_BAD_SYMBOL_CHARS = re.compile(r"[\t\n\r\x00]")


def _refuse_symbol(rel: str, col: str, value: str) -> EngineError | None:
    if not _BAD_SYMBOL_CHARS.search(value):
        return None
    return EngineError(
        f"souffle: symbol {value!r} in column {col} of {rel} holds a tab, newline, carriage return "
        "or NUL, which Soufflé's .facts reader cannot escape",
        hint="intern strings to integer ids before they reach the engine")


#: What Soufflé accepts as facts; the number domain is the installed binary's (`rules()`).
ROWS = checks.RowRules("souffle", numbers="integral", refuse_symbol=_refuse_symbol)


def rules() -> checks.RowRules:
    return ROWS.with_bounds(binary.domain())


def write_facts(path: Path, rel: Relation, rows: Iterable[Sequence], mode: str = "w") -> int:
    """Check `rows` and write them as Soufflé's tab-separated .facts; the number written."""
    rows = rows if isinstance(rows, list) else list(rows)
    exact = checks.check_rows(rel, rows, rules())
    numbers = [c.type == "number" for c in rel.columns]
    with open(path, mode, encoding="utf-8", newline="\n") as fh:
        for start in range(0, len(rows), 65536):
            chunk = rows[start:start + 65536]
            if exact:
                fh.write("".join("\t".join(map(str, row)) + "\n" for row in chunk))
            else:
                fh.write("".join("\t".join(str(int(v)) if n else v for n, v in zip(numbers, row)) + "\n"
                                 for row in chunk))
    return len(rows)


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


def _parse_row(rel: Relation, path: Path, lineno: int, line: str) -> Row:
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
                raise EngineError(f"souffle: {path.name}:{lineno}: {cell!r} is not a number") from None
        else:
            row.append(cell)
    return tuple(row)


def parse_outputs(program: Program, outdir: Path) -> Outputs:
    """Every output relation read back from `<rel>.csv`, rows sorted."""
    outputs: Outputs = {}
    for rel in program.outputs:
        path = outdir / f"{rel.name}.csv"
        if not path.exists():
            raise EngineError(f"souffle wrote no output file for {rel.name} ({path.name})")
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if rel.arity == 0:
            outputs[rel.name] = [()] if lines else []
        elif all(c.type == "number" for c in rel.columns):
            outputs[rel.name] = _parse_numbers(rel, path, text, len(lines))
        else:
            outputs[rel.name] = sorted_rows(_parse_row(rel, path, n, line) for n, line in enumerate(lines, 1))
    return outputs


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
            given = checks.check_relations(self.program, base, ROWS)
            self._base_counts: dict[str, int] = {}
            for rel in self.program.inputs:
                rows = base.get(rel.name, ()) if rel.name in given else ()
                self._base_counts[rel.name] = write_facts(self._base_dir / f"{rel.name}.facts", rel, rows)
        except BaseException:
            shutil.rmtree(self._dir, ignore_errors=True)
            raise

    def run(self, facts: Facts) -> Outputs:
        if self._closed:
            raise EngineError("souffle: this session is closed")
        given = checks.check_relations(self.program, facts, ROWS)
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
                        write_facts(target, rel, facts[rel.name], mode="a")
                    else:
                        write_facts(target, rel, facts[rel.name])
                else:
                    target.symlink_to(base_file)
            cmd = binary.command(self.engine.jobs, factsdir, outdir, self._program_file)
            start = time.perf_counter()
            timeouts = [t for t in (self.timeout, self.engine.timeout) if t is not None]
            binary.run(cmd, timeout=min(timeouts) if timeouts else None)
            log.debug("souffle run %d took %.3f s", self._runs, time.perf_counter() - start)
            return parse_outputs(self.program, outdir)
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


class SouffleEngine(Engine):
    """Soufflé's interpreter over the rendered rules; facts through files, outputs from CSV."""

    name = "souffle"

    def __init__(self, program: Program, *, jobs: int | None = None, timeout: float | None = None):
        super().__init__(program)
        self.program_text = render_program(program)
        self.jobs = binary.jobs() if jobs is None else jobs
        self.timeout = timeout

    @classmethod
    def unavailable_reason(cls) -> str | None:
        return binary.unavailable_reason()

    def open(self, base: Facts) -> Session:
        reason = self.unavailable_reason()
        if reason is not None:
            raise EngineError(reason)
        return SouffleSession(self, base)
