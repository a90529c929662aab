"""A lattice stratum of a SQLite engine database kept as the rules derive it, as rows below change.

`Upkeep` works on an open database, one layer's changes at a time, whose changes below are in
TEMP tables (`<relation>$gain`, `$lose`, and both in `$chg`; the kinds of TEMP table are `Kind`:
sqlite_layers.py puts a layer's base rows there, through `temp`, `matching` and `record`);
`keep(stratum)` brings the stratum's relations up to date from the changes below and records their
own changes the same way, for the strata above (engines/sqlite_layers.py drives it, layer by layer,
stratum by stratum):

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

Each "round after round, until none is new" above is the one fixpoint loop, `_rounds`.

A row that is no candidate has no derivation through a changed row, before or after, so it is
held after exactly when it was before. Every statement comes from the rules through the SQLite
dialect (no rule is written here), each probe of a big table through an index
(dialects/sqlite.py `delta_indexes`) or its key (a lattice table is keyed on all its columns).
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from enum import Enum
from itertools import product
from typing import Callable, Mapping, Sequence

from latweave.datalog.ir import Atom, Const, Rule, Var
from latweave.datalog.strata import Stratum
from latweave.engines.dialects.sql import Select, full_table, ident
from latweave.engines.dialects.sqlite import Sqlite, without_negations
from latweave.errors import EngineError


class Kind(str, Enum):
    """The kinds of TEMP table a relation has while a layer is kept (`temp_name`)."""

    GAIN = "gain"     # rows it gained (this layer)
    LOSE = "lose"     # rows it lost
    CHG = "chg"       # both: what the strata above read
    CAND = "cand"     # candidates to derive again (`_redo`)
    FRONT = "front"   # a round's rows, read by the next (`_rounds`)
    NEXT = "next"     # the rows a round finds
    WAS = "was"       # candidates held before
    HELD = "held"     # candidates held after; a base relation's changed rows it held


#: What `keep` drops once a stratum is kept (its changes, GAIN, LOSE and CHG, stay for the strata
#: above until the layer ends: `CHANGES`).
SCRATCH = (Kind.CAND, Kind.FRONT, Kind.NEXT, Kind.WAS, Kind.HELD)
CHANGES = (Kind.GAIN, Kind.LOSE, Kind.CHG)


class Upkeep:
    """One layer's upkeep of an open engine database: `con`, with the SQLite dialect `sql` (known
    rows left out by probe), `types` (relation → column types), `keys` (relation → its table's
    primary key: every lattice table is keyed on all its columns, sqlite_store.py) and `counts`
    (table → rows), which it keeps in step. `changed` says, per relation, the rows it gained and
    lost this layer."""

    def __init__(self, con: sqlite3.Connection, sql: Sqlite, types: Mapping[str, tuple[str, ...]],
                 keys: Mapping[str, tuple[int, ...]], counts: dict[str, int]):
        self.con, self.sql, self.types, self.keys, self.counts = con, sql, types, keys, counts
        self.changed: dict[str, tuple[int, int]] = {}   # relation -> (rows gained, rows lost)

    # ------------------------------------------------------------ tables

    def temp(self, rel: str, kind: Kind) -> str:
        """A new, empty TEMP table for `rel`'s rows of one kind."""
        self.con.execute(f"DROP TABLE IF EXISTS temp.{temp_name(rel, kind)}")
        self.con.execute(self.sql.create_table(f"{rel}${kind.value}", self.types[rel], temp=True))
        return temp_name(rel, kind)

    def drop(self, rel: str, kinds: Sequence[Kind]) -> None:
        """`rel`'s TEMP tables of these kinds, if any, dropped."""
        for kind in kinds:
            self.con.execute(f"DROP TABLE IF EXISTS temp.{temp_name(rel, kind)}")

    def count(self, table: str) -> int:
        return int(self.con.execute(f"SELECT count(*) FROM {table}").fetchone()[0])

    def _exec(self, statement: str) -> int:
        before = self.con.total_changes
        self.con.execute(statement)
        return self.con.total_changes - before

    def same(self, a: str, b: str, rel: str) -> str:
        """`a.c0 = b.c0 AND ...` over `rel`'s columns."""
        return " AND ".join(f"{a}.c{j} = {b}.c{j}" for j in range(len(self.types[rel]))) or "1"

    def matching(self, rows: str, table: str, rel: str) -> str:
        """A SELECT of `table`'s rows that `rows` (a small TEMP table) holds, each probed by the
        table's key."""
        return f"SELECT t.* FROM {rows} AS r CROSS JOIN {table} AS t WHERE {self.same('t', 'r', rel)}"

    def record(self, rel: str, gain: str, lose: str) -> None:
        """`rel`'s gained and lost rows are in `gain` and `lose`: note them, count them, and put
        both in its changes table (what the strata above read)."""
        g, l = self.count(gain), self.count(lose)
        table = full_table(rel)
        self.counts[table] = self.counts.get(table, 0) + g - l
        if g or l:
            chg = self.temp(rel, Kind.CHG)
            self.con.execute(f"INSERT INTO {chg} SELECT * FROM {gain} UNION SELECT * FROM {lose}")
        self.changed[rel] = (g, l)

    def _has(self, rel: str, kind: Kind) -> bool:
        """Whether `rel` lost rows (LOSE) or changed at all (CHG) this layer."""
        g, l = self.changed.get(rel, (0, 0))
        return bool(l if kind is Kind.LOSE else g or l)

    def delete(self, table: str, rows: str, rel: str) -> None:
        """Delete from `table` the rows `rows` holds (each found by the table's key)."""
        if self.count(rows):
            cols = ", ".join(f"c{j}" for j in self.keys[rel])
            self.con.execute(f"DELETE FROM {table} WHERE ({cols}) IN (SELECT {cols} FROM {rows})")

    # ------------------------------------------------------------ lattice strata

    def keep(self, stratum: Stratum) -> None:
        """Keep the stratum's relations as the rules derive them from the relations below, changed.
        Where none of those lost a row and none read under negation changed, only rows are added,
        found semi-naively (`_grow`); else candidates are deleted and derived again (`_redo`)."""
        reads = {a.relation for r in stratum.rules for a in r.positive if a.relation not in stratum.relations}
        negated = {a.relation for r in stratum.rules for a in r.negative}
        if not any(self._has(rel, Kind.CHG) for rel in reads | negated):
            for rel in stratum.relations:
                self.changed[rel] = (0, 0)
            return
        if any(self._has(rel, Kind.LOSE) for rel in reads) or any(self._has(rel, Kind.CHG) for rel in negated):
            self._redo(stratum)
        else:
            self._grow(stratum)
        for rel in stratum.relations:
            self.drop(rel, SCRATCH)

    def _rounds(self, relations: Sequence[str], front: Mapping[str, str] | None, find: Finder,
                absorb: Callable[[str, str], None], recursive: bool = True) -> None:
        """The one fixpoint loop: round after round, `find(front, next)` puts the rows a round
        finds into new NEXT tables (`front`: the last round's rows, None in a first round that
        reads the changes below) and returns how many; each relation's `absorb(relation, next)`
        keeps them; they are the next round's front. Until a round finds none (or after one, not
        `recursive`)."""
        while True:
            nxt = {rel: self.temp(rel, Kind.NEXT) for rel in relations}
            if not find(front, nxt):
                return
            for rel in relations:
                absorb(rel, nxt[rel])
            if not recursive:
                return
            front = {rel: self.temp(rel, Kind.FRONT) for rel in relations}
            for rel in relations:
                self._copy(front[rel], nxt[rel])

    def _copy(self, into: str, rows: str) -> None:
        """Every row of the table `rows` inserted into the table `into`."""
        self.con.execute(f"INSERT INTO {into} SELECT * FROM {rows}")

    def _seeded(self, rule: Rule, own: set[str], front: Mapping[str, str] | None,
                others: Callable[[str], tuple[str, ...]]) -> list[Select]:
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
            elif atom.relation not in own and self._has(atom.relation, Kind.CHG):
                seeds.append((bare, i, temp_name(atom.relation, Kind.CHG)))
        if front is None:
            for atom in rule.negative:
                if self._has(atom.relation, Kind.CHG):
                    seeds.append((without_negations(rule, atom), len(bare.positive), temp_name(atom.relation, Kind.CHG)))
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
        gain = {rel: self.temp(rel, Kind.GAIN) for rel in stratum.relations}

        def find(front: Mapping[str, str] | None, into: Mapping[str, str]) -> int:
            return self._find(stratum, front, lambda rel: (ident(rel),), into, full_table)

        def absorb(rel: str, rows: str) -> None:
            self._copy(full_table(rel), rows)
            self._copy(gain[rel], rows)

        self._rounds(stratum.relations, None, find, absorb, stratum.recursive)
        for rel in stratum.relations:
            self.record(rel, gain[rel], self.temp(rel, Kind.LOSE))

    def _redo(self, stratum: Stratum) -> None:
        """Some relation below lost rows, or one read under negation changed: find the candidates
        (every row whose derivation may read a changed row, before or after), then derive them
        again."""
        own = set(stratum.relations)
        cands = {rel: self.temp(rel, Kind.CAND) for rel in stratum.relations}

        def before_or_after(rel: str) -> tuple[str, ...]:
            if rel in own:
                return ident(rel), cands[rel]
            return (ident(rel), temp_name(rel, Kind.LOSE)) if self._has(rel, Kind.LOSE) else (ident(rel),)

        def find(front: Mapping[str, str] | None, into: Mapping[str, str]) -> int:
            return self._find(stratum, front, before_or_after, into, cands.__getitem__)

        if find(None, cands) and stratum.recursive:
            self._rounds(stratum.relations, cands, find, lambda rel, rows: self._copy(cands[rel], rows))
        self._rederive(stratum, cands)

    def _rederive(self, stratum: Stratum, cands: Mapping[str, str]) -> None:
        """Delete each relation's candidate rows and derive them again over the relations as they
        are now, the stratum's relations together (in a recursive stratum of several, an atom reads
        its own relation's new rows, whichever relation's rule it is in); record each one's changes."""
        rels, own = stratum.relations, set(stratum.relations)
        was = {rel: self.temp(rel, Kind.WAS) for rel in rels}
        for rel in rels:
            self.con.execute(f"INSERT INTO {was[rel]} {self.matching(cands[rel], full_table(rel), rel)}")
            self.delete(full_table(rel), was[rel], rel)
        restricted = {rel: [_restricted(r, f"{rel}${Kind.CAND.value}") for r in stratum.rules if r.head.relation == rel]
                      for rel in rels}
        derived = {rel: self.temp(rel, Kind.FRONT) for rel in rels}
        for rel in rels:   # (each over the others as they are with every candidate deleted)
            first = [self.sql.select(r, [cands[rel]] + [ident(a.relation) for a in r.positive[1:]], 0)
                     for r in restricted[rel]]
            if first:
                self._exec(f"INSERT INTO {derived[rel]} {self.sql.union(first)}")
        for rel in rels:
            self._copy(full_table(rel), derived[rel])

        def find(front: Mapping[str, str] | None, into: Mapping[str, str]) -> int:
            assert front is not None
            found = 0
            for rel in rels:
                selects = [self.sql.select(r, [cands[rel]] + [front[a.relation] if k == i else ident(a.relation)
                                                              for k, a in enumerate(r.positive[1:], 1)], i)
                           for r in restricted[rel] for i, atom in enumerate(r.positive) if i and atom.relation in own]
                if selects:
                    found += self._exec(self.sql.insert(into[rel], selects, full_table(rel)))
            return found

        if stratum.recursive:
            self._rounds(rels, derived, find, lambda rel, rows: self._copy(full_table(rel), rows))
        for rel in rels:
            held = self.temp(rel, Kind.HELD)
            self.con.execute(f"INSERT INTO {held} {self.matching(cands[rel], full_table(rel), rel)}")
            gain, lose = self.temp(rel, Kind.GAIN), self.temp(rel, Kind.LOSE)
            self.con.execute(f"INSERT INTO {gain} SELECT * FROM {held} EXCEPT SELECT * FROM {was[rel]}")
            self.con.execute(f"INSERT INTO {lose} SELECT * FROM {was[rel]} EXCEPT SELECT * FROM {held}")
            self.record(rel, gain, lose)


#: `find(front, into)` of a round (`Upkeep._rounds`): the rows it inserted into `into`'s tables.
Finder = Callable[[Mapping[str, str] | None, Mapping[str, str]], int]


def temp_name(rel: str, kind: Kind) -> str:
    """The quoted name of `rel`'s TEMP table of one kind."""
    return ident(f"{rel}${kind.value}")


def _restricted(rule: Rule, cand: str) -> Rule:
    """`rule` with the candidate table of its head joined first: it derives only candidates."""
    for arg in rule.head.args:
        if not isinstance(arg, (Var, Const)):
            raise EngineError(f"rule {rule} derives a computed column; a layered engine database "
                              "cannot be kept for it", hint="open the lattice with --engine duckdb")
    return replace(rule, body=(Atom(cand, rule.head.args), *rule.body))
