"""A lattice stratum of a SQLite engine database kept as the rules derive it, as rows below change.

`Upkeep` works on an open database whose lower relations have changed and whose changes are in
TEMP tables (`<relation>$gain`, `$lose`, and both in `$chg`); `keep(stratum)` brings the
stratum's relations up to date and records their own changes the same way, for the strata above
(engines/sqlite_layers.py drives it, layer by layer, stratum by stratum):

* only additions below, none under negation: the stratum's new rows, semi-naively — every rule
  with one atom reading the changes below joined first, then round after round its own new rows,
  each row inserted where its relation lacks it (`_grow`);
* else, delete and re-derive on candidates (`_redo`): the rows whose derivation may read a changed
  row — every rule with one atom reading changed rows (a negated atom's, read positively) and
  every other positive atom reading its relation before *or* after (the full table, or the rows
  it lost; negations dropped: more candidates, never fewer), for a recursive stratum again over
  the candidates found until none is new — are deleted and derived again over the relations as
  they are now (the rules restricted to the candidates, the candidate table joined first;
  semi-naively for a recursive stratum); what the relation gained and lost is the candidates held
  after less those held before, and the reverse.

A row that is no candidate has no derivation through a changed row, before or after, so it is
held after exactly when it was before. Every statement comes from the rules through the SQLite
dialect (no rule is written here), each probe of a big table through an index
(dialects/sqlite.py `delta_indexes`) or its key (a lattice table is keyed on all its columns).
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from itertools import product
from typing import Callable, Mapping

from latweave.datalog.ir import Atom, Const, Rule, Var
from latweave.datalog.strata import Stratum
from latweave.engines.dialects.sql import full_table, ident
from latweave.engines.dialects.sqlite import Sqlite, without_negations
from latweave.errors import EngineError


class Upkeep:
    """The tables and statements of keeping a database's lattice strata; a subclass sets `con`,
    `sql` (the SQLite dialect, leaving out known rows by probe), `types` (relation → column types),
    `counts` (table → rows) and `keys` (relation → its table's primary key: every lattice table
    is keyed on all its columns, sqlite_store.py)."""

    con: sqlite3.Connection
    sql: Sqlite
    types: Mapping[str, tuple[str, ...]]
    counts: dict[str, int]
    keys: Mapping[str, tuple[int, ...]]
    _changed: dict[str, tuple[int, int]]   # relation -> (rows gained, rows lost), this layer

    # ------------------------------------------------------------ tables

    def _temp(self, rel: str, kind: str) -> str:
        """A new, empty TEMP table for `rel`'s rows of one kind (gain, lose, cand, ...)."""
        self.con.execute(f"DROP TABLE IF EXISTS temp.{temp_name(rel, kind)}")
        self.con.execute(self.sql.create_table(f"{rel}${kind}", self.types[rel], temp=True))
        return temp_name(rel, kind)

    def _count(self, table: str) -> int:
        return self.con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]

    def _exec(self, statement: str) -> int:
        before = self.con.total_changes
        self.con.execute(statement)
        return self.con.total_changes - before

    def _same(self, a: str, b: str, rel: str) -> str:
        """`a.c0 = b.c0 AND ...` over `rel`'s columns."""
        return " AND ".join(f"{a}.c{j} = {b}.c{j}" for j in range(len(self.types[rel]))) or "1"

    def _matching(self, rows: str, table: str, rel: str) -> str:
        """A SELECT of `table`'s rows that `rows` (a small TEMP table) holds, each probed by the
        table's key."""
        return f"SELECT t.* FROM {rows} AS r CROSS JOIN {table} AS t WHERE {self._same('t', 'r', rel)}"

    def _record(self, rel: str, gain: str, lose: str) -> None:
        """`rel`'s gained and lost rows are in `gain` and `lose`: note them, count them, and put
        both in its changes table (what the strata above read)."""
        g, l = self._count(gain), self._count(lose)
        table = full_table(rel)
        self.counts[table] = self.counts.get(table, 0) + g - l
        if g or l:
            chg = self._temp(rel, "chg")
            self.con.execute(f"INSERT INTO {chg} SELECT * FROM {gain} UNION SELECT * FROM {lose}")
        self._changed[rel] = (g, l)

    def _has(self, rel: str, kind: str) -> bool:
        g, l = self._changed.get(rel, (0, 0))
        return bool(l if kind == "lose" else g or l)

    def _delete(self, table: str, rows: str, rel: str) -> None:
        """Delete from `table` the rows `rows` holds (each found by the table's key)."""
        if self._count(rows):
            cols = ", ".join(f"c{j}" for j in self.keys[rel])
            self.con.execute(f"DELETE FROM {table} WHERE ({cols}) IN (SELECT {cols} FROM {rows})")

    # ------------------------------------------------------------ lattice strata

    def keep(self, stratum: Stratum) -> None:
        """Keep the stratum's relations as the rules derive them from the relations below, changed.
        Where none of those lost a row and none read under negation changed, only rows are added,
        found semi-naively (`_grow`); else candidates are deleted and derived again (`_redo`)."""
        reads = {a.relation for r in stratum.rules for a in r.positive if a.relation not in stratum.relations}
        negated = {a.relation for r in stratum.rules for a in r.negative}
        if not any(self._has(rel, "chg") for rel in reads | negated):
            for rel in stratum.relations:
                self._changed[rel] = (0, 0)
            return
        if any(self._has(rel, "lose") for rel in reads) or any(self._has(rel, "chg") for rel in negated):
            self._redo(stratum)
        else:
            self._grow(stratum)
        for rel in stratum.relations:
            for kind in ("cand", "front", "next", "was", "held", "d0", "d1"):
                self.con.execute(f"DROP TABLE IF EXISTS temp.{temp_name(rel, kind)}")

    def _seeded(self, rule: Rule, own: set[str], front: Mapping[str, str] | None,
                others: Callable[[str], tuple[str, ...]]) -> list:
        """`rule`'s SELECTs with one atom reading changed rows — a lower relation's changes (its
        `$chg` table; a negated atom's read positively) when `front` is None, else this stratum's
        frontier — joined first; each other positive atom reads each table `others(relation)`
        offers in turn. Negations are dropped: they only ever narrow what is found."""
        bare = without_negations(rule)
        seeds: list[tuple[Rule, int, str]] = []
        for i, atom in enumerate(bare.positive):
            if front is not None:
                if atom.relation in own:
                    seeds.append((bare, i, front[atom.relation]))
            elif atom.relation not in own and self._has(atom.relation, "chg"):
                seeds.append((bare, i, temp_name(atom.relation, "chg")))
        if front is None:
            for atom in rule.negative:
                if self._has(atom.relation, "chg"):
                    seeds.append((without_negations(rule, atom), len(bare.positive), temp_name(atom.relation, "chg")))
        selects = []
        for seeded, pos, table in seeds:
            choices = [(table,) if j == pos else others(atom.relation) for j, atom in enumerate(seeded.positive)]
            selects += [self.sql.select(seeded, list(sources), pos) for sources in product(*choices)]
        return selects

    def _find(self, stratum: Stratum, front: Mapping[str, str] | None, others: Callable[[str], tuple[str, ...]],
              into: Mapping[str, str], held: Callable[[str], str]) -> int:
        """Insert into `into[relation]`, for each relation of the stratum, the heads `_seeded` finds
        that `held(relation)` lacks (each probed: an index serves a lattice table, where EXCEPT
        would scan it whole). Returns the rows inserted."""
        own, new = set(stratum.relations), 0
        for rel in stratum.relations:
            selects = [s for r in stratum.rules if r.head.relation == rel for s in self._seeded(r, own, front, others)]
            if selects:
                new += self._exec(self.sql.insert(into[rel], selects, held(rel)))
        return new

    def _grow(self, stratum: Stratum) -> None:
        """Only additions reach this stratum: its new rows, semi-naively (the changes of the
        relations below, then round after round its own new rows, joined first), each inserted
        where its relation lacks it."""
        gain = {rel: self._temp(rel, "gain") for rel in stratum.relations}
        front: Mapping[str, str] | None = None
        while True:
            nxt = {rel: self._temp(rel, "next") for rel in stratum.relations}
            if not self._find(stratum, front, lambda rel: (ident(rel),), nxt, full_table):
                break
            for rel in stratum.relations:
                self.con.execute(f"INSERT INTO {full_table(rel)} SELECT * FROM {nxt[rel]}")
                self.con.execute(f"INSERT INTO {gain[rel]} SELECT * FROM {nxt[rel]}")
            if not stratum.recursive:
                break
            front = {rel: self._temp(rel, "front") for rel in stratum.relations}
            for rel in stratum.relations:
                self.con.execute(f"INSERT INTO {front[rel]} SELECT * FROM {nxt[rel]}")
        for rel in stratum.relations:
            self._record(rel, gain[rel], self._temp(rel, "lose"))

    def _redo(self, stratum: Stratum) -> None:
        """Some relation below lost rows, or one read under negation changed: find the candidates
        (every row whose derivation may read a changed row, before or after), then derive them
        again."""
        own = set(stratum.relations)
        cands = {rel: self._temp(rel, "cand") for rel in stratum.relations}

        def before_or_after(rel: str) -> tuple[str, ...]:
            if rel in own:
                return ident(rel), cands[rel]
            return (ident(rel), temp_name(rel, "lose")) if self._has(rel, "lose") else (ident(rel),)

        def find(front: Mapping[str, str] | None, into: Mapping[str, str]) -> int:
            return self._find(stratum, front, before_or_after, into, cands.__getitem__)

        found = find(None, cands)
        if stratum.recursive and found:
            front = {rel: self._temp(rel, "front") for rel in stratum.relations}
            for rel in stratum.relations:
                self.con.execute(f"INSERT INTO {front[rel]} SELECT * FROM {cands[rel]}")
            while True:
                nxt = {rel: self._temp(rel, "next") for rel in stratum.relations}
                if not find(front, nxt):
                    break
                for rel in stratum.relations:
                    self.con.execute(f"INSERT INTO {cands[rel]} SELECT * FROM {nxt[rel]}")
                    self.con.execute(f"DELETE FROM {front[rel]}")
                    self.con.execute(f"INSERT INTO {front[rel]} SELECT * FROM {nxt[rel]}")
        for rel in stratum.relations:
            self._rederive(rel, stratum, cands[rel])

    def _rederive(self, rel: str, stratum: Stratum, cand: str) -> None:
        """Delete `rel`'s candidate rows, derive them again over the relations as they are now,
        and record what it gained and lost."""
        table = full_table(rel)
        was = self._temp(rel, "was")
        self.con.execute(f"INSERT INTO {was} {self._matching(cand, table, rel)}")
        self._delete(table, was, rel)
        restricted = [_restricted(r, f"{rel}$cand") for r in stratum.rules if r.head.relation == rel]
        own = set(stratum.relations)
        first = [self.sql.select(r, [cand] + [ident(a.relation) for a in r.positive[1:]], 0) for r in restricted]
        d0 = self._temp(rel, "d0")
        self._exec(f"INSERT INTO {d0} {self.sql.union(first)}")
        self.con.execute(f"INSERT INTO {table} SELECT * FROM {d0}")
        if stratum.recursive:
            read, write = d0, self._temp(rel, "d1")
            while self._count(read):
                selects = [self.sql.select(r, [cand] + [read if k == i else ident(a.relation)
                                                        for k, a in enumerate(r.positive[1:], 1)], i)
                           for r in restricted for i, atom in enumerate(r.positive) if i and atom.relation in own]
                self.con.execute(f"DELETE FROM {write}")
                if selects:
                    self.con.execute(self.sql.insert(write, selects, table))
                self.con.execute(f"INSERT INTO {table} SELECT * FROM {write}")
                read, write = write, read
        held = self._temp(rel, "held")
        self.con.execute(f"INSERT INTO {held} {self._matching(cand, table, rel)}")
        gain, lose = self._temp(rel, "gain"), self._temp(rel, "lose")
        self.con.execute(f"INSERT INTO {gain} SELECT * FROM {held} EXCEPT SELECT * FROM {was}")
        self.con.execute(f"INSERT INTO {lose} SELECT * FROM {was} EXCEPT SELECT * FROM {held}")
        self._record(rel, gain, lose)


def temp_name(rel: str, kind: str) -> str:
    """The quoted name of `rel`'s TEMP table of one kind."""
    return ident(f"{rel}${kind}")


def _restricted(rule: Rule, cand: str) -> Rule:
    """`rule` with the candidate table of its head joined first: it derives only candidates."""
    for arg in rule.head.args:
        if not isinstance(arg, (Var, Const)):
            raise EngineError(f"rule {rule} derives a computed column; a layered engine database "
                              "cannot be kept for it", hint="open the lattice with --engine duckdb")
    return replace(rule, body=(Atom(cand, rule.head.args), *rule.body))
