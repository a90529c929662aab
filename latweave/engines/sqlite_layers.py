"""The SQLite engine database of a lattice of several layers: an earlier one, kept up to date.

A lattice of one source has `engine/sqlite.db` (sqlite_store.py): its relations, every lattice
stratum evaluated (`desc`, `resolve`, `contested`, `world`, ...), indexed. A later layer
(folder/layers.py) is what one source adds and takes away: rows gained and lost per relation.
Evaluating every lattice stratum again for a layer of a thousand lines would cost what the build
did; instead `extend_engine_db` copies the database of an earlier layer and keeps it up to date,
layer by layer, each in one transaction: the layer's base rows go out and in (only rows the
relation holds leave, only rows it lacks enter), then each lattice stratum, in order, changes by
exactly what those changes change (sqlite_upkeep.py: semi-naively where only rows were added,
else delete and re-derive on candidates). The file's fingerprint stays the rules', its counts are
updated. The same database and the same layers in the same order give the same bytes, in one call
or one call per layer (tested): what `latweave build A B C` and `build A; add B; add C` write
must be one file.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import threading
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from latweave.engines.dialects.sqlite import Sqlite
from latweave.engines.rows import Row
from latweave.engines.sqlite_connection import Use, connect
from latweave.engines.sqlite_engine import SqliteEngine
from latweave.engines.sqlite_store import checked_meta, update_counts
from latweave.engines.dialects.sql import full_table
from latweave.engines.sqlite_upkeep import CHANGES, Kind, Upkeep
from latweave.errors import EngineError

#: A layer's changes: relation -> rows gained, relation -> rows lost.
Change = tuple[Mapping[str, Sequence[Row]], Mapping[str, Sequence[Row]]]


class StartCopy:
    """The copy `extend_engine_db` starts from, begun early on a thread of its own: a change
    (ingest/write.py) starts it as soon as it knows which database it extends, and computes its
    layer meanwhile — the copy runs in the kernel (sendfile), without the GIL, so it costs that
    change nothing on a machine with a second core (170 MB on the 1M-line KB: 0.05-0.1 s). It is
    made at `staged` (a file of the folder being written, beside no layer's: the layer's folder is
    made by its writer), which `extend_engine_db` renames to the database's place. `wait` waits for
    it whatever became of it; `close` also removes the staged file when it was not taken."""

    def __init__(self, start: Path | str, staged: Path | str):
        self.start, self.staged = Path(start), Path(staged)
        _fresh(self.staged)
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._copy, name="latweave-copy-engine-db", daemon=True)
        self._thread.start()

    def _copy(self) -> None:
        try:
            shutil.copyfile(self.start, self.staged)
        except BaseException as exc:   # raised again by `take`, in the thread that asked
            self._error = exc

    def take(self, out: Path) -> None:
        """Wait for the copy and put it at `out` (which must not exist)."""
        self._thread.join()
        if self._error is not None:
            raise self._error
        _fresh(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        os.rename(self.staged, out)   # (`out` is checked absent above)

    def wait(self) -> None:
        """Until the copy is done (or failed)."""
        self._thread.join()

    def close(self) -> None:
        """Wait for the copy, and remove it when it was not taken."""
        self._thread.join()
        self.staged.unlink(missing_ok=True)


def _fresh(out: Path) -> None:
    if out.exists():
        raise EngineError(f"{out}: already exists; an engine database is written once, into a new lattice folder",
                          hint="write it to a path that does not exist")


def extend_engine_db(start: Path | str, changes: Iterable[Change], out: Path | str,
                     engine: SqliteEngine | None = None, *, copy: StartCopy | None = None) -> Path:
    """Copy the engine database at `start` to `out` (which must not exist) and apply each layer's
    changes to it in order: base rows, then every lattice stratum kept as the rules derive it.
    With no `engine`, the rules under rules/ (`SqliteEngine.of_rules`). `copy`: that copy, begun
    already (a `StartCopy` of `start`). Returns `out`; a failure removes it. EngineError
    when `start` is not an engine database of these rules, or a change names a relation it does
    not hold."""
    engine = engine or SqliteEngine.of_rules()
    start, out = Path(start), Path(out)
    if copy is not None and copy.start == start:
        copy.take(out)
    else:
        _fresh(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(start, out)
    try:
        con = connect(Use.WRITE, out)
        try:
            Maintainer(engine, con, out).apply_all(changes)
        finally:
            con.close()
    except BaseException:
        out.unlink(missing_ok=True)
        raise
    return out


class Maintainer:
    """One open engine database, its meta checked; `apply_all` applies layers' changes to it, each
    through an `Upkeep` (sqlite_upkeep.py)."""

    def __init__(self, engine: SqliteEngine, con: sqlite3.Connection, path: Path):
        self.con, self.path = con, path
        meta = checked_meta(con, path, engine)
        self.base_inputs = meta.base_inputs
        plan, _ = engine.plan(self.base_inputs)
        self.types = plan.types
        self.strata = [p.stratum for p in plan.schedule(self.base_inputs).at_open()]
        self.keys = engine.layout(self.base_inputs)[0]   # every lattice table keyed on all its columns
        self.sql = Sqlite(probe=True)   # a new row probed, never EXCEPT a big table
        self.counts = dict(meta.counts)

    def apply_all(self, changes: Iterable[Change]) -> None:
        """Each layer in its own transaction, so that the file reached through layers 1…k in one
        call is, byte for byte, the one reached by k calls of one layer each (an `add` starts from
        the previous top layer's database; a build of the same sources from layer 0's)."""
        for gained, lost in changes:
            self.con.execute("BEGIN")
            self.apply(gained, lost)
            update_counts(self.con, self.counts)
            self.con.execute("COMMIT")

    def apply(self, gained: Mapping[str, Sequence[Row]], lost: Mapping[str, Sequence[Row]]) -> None:
        """One layer: its base rows, then each lattice stratum in order."""
        unknown = sorted(rel for rel in (set(gained) | set(lost)) - self.base_inputs
                         if gained.get(rel) or lost.get(rel))
        if unknown:
            raise EngineError(f"{self.path}: a layer changes {', '.join(unknown)}, which this engine database "
                              "does not hold", hint="rebuild the lattice with this version of latweave")
        upkeep = Upkeep(self.con, self.sql, self.types, self.keys, self.counts)
        for rel in sorted(self.base_inputs):
            self._base(upkeep, rel, gained.get(rel, ()), lost.get(rel, ()))
        for stratum in self.strata:
            upkeep.keep(stratum)
        for rel in sorted(upkeep.changed):
            upkeep.drop(rel, CHANGES)

    def _base(self, upkeep: Upkeep, rel: str, gained: Sequence[Row], lost: Sequence[Row]) -> None:
        """A base relation's rows out and in: only rows it holds leave, only rows it lacks enter."""
        if not gained and not lost:
            upkeep.changed[rel] = (0, 0)
            return
        table, arity = full_table(rel), len(self.types[rel])
        values = f"VALUES ({', '.join('?' * arity)})"
        gain, lose = upkeep.temp(rel, Kind.GAIN), upkeep.temp(rel, Kind.LOSE)
        self.con.executemany(f"INSERT INTO {gain} {values}", sorted(set(map(tuple, gained))))
        self.con.executemany(f"INSERT INTO {lose} {values}", sorted(set(map(tuple, lost))))
        # exactly what changes: a lost row the relation holds, a gained one it lacks (or loses here)
        held = upkeep.temp(rel, Kind.HELD)
        for rows in (lose, gain):
            if upkeep.count(rows):
                self.con.execute(f"INSERT INTO {held} {upkeep.matching(rows, table, rel)}")
        self.con.execute(f"DELETE FROM {lose} WHERE NOT EXISTS (SELECT 1 FROM {held} AS t WHERE "
                         f"{upkeep.same('t', lose, rel)})")
        self.con.execute(f"DELETE FROM {gain} WHERE EXISTS (SELECT 1 FROM {held} AS t WHERE "
                         f"{upkeep.same('t', gain, rel)}) AND NOT EXISTS (SELECT 1 FROM {lose} AS l WHERE "
                         f"{upkeep.same('l', gain, rel)})")
        self.con.execute(f"DROP TABLE temp.{held}")
        upkeep.delete(table, lose, rel)
        self.con.execute(f"INSERT INTO {table} SELECT * FROM {gain}")
        upkeep.record(rel, gain, lose)
