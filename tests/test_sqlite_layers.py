"""The SQLite engine database of a layered lattice (engines/sqlite_layers.py): an earlier database
kept up to date with each layer's rows gained and lost equals, relation by relation, the database
written from scratch over the facts it ends with; a lattice after `add` keeps one in its top
layer only, opens it in place, and answers as the build of its sources in one layer does."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

import latweave
from latweave.compile.facts import LATTICE_RELATIONS
from latweave.datalog.parser import load_rules
from latweave.engines.sqlite_engine import SqliteEngine
from latweave.engines.sqlite_layers import StartCopy, extend_engine_db
from latweave.engines.sqlite_places import READ_ONLY
from latweave.engines.sqlite_write import write_engine_db
from latweave.errors import EngineError
from latweave.execute import Runner
from latweave.folder.layers import engine_db_name

KB = """ann\tparents\tbob
bob\tparents\tcid
cid\tplace_of_birth\tparis
bob\tplace_of_birth\trome
ann\tgender\tfemale
"""
MORE = """dee\tparents\tann
dee\tplace_of_birth\tparis
eve\tparents\tdee
bob\tgender\tmale
"""
LAST = """fay\tparents\teve
ann\tplace_of_birth\trome
"""


def random_facts(rng: random.Random) -> dict[str, set[tuple]]:
    """Lattice relations over two small dimensions: DAG edges (cycles too), synonyms, classes,
    instances, aliases and coordinates, two to a functional dimension now and then (contested)."""
    facts: dict[str, set[tuple]] = {r: set() for r in LATTICE_RELATIONS}
    for d in (1, 2):
        facts["dimension"].add((d,))
        if rng.random() < 0.7:
            facts["functional"].add((d,))
        facts["node"] |= {(d, v) for v in range(10, 20) if rng.random() < 0.6}
        facts["subsumes"] |= {(d, rng.randrange(10, 20), rng.randrange(10, 20)) for _ in range(8)}
        facts["synonym"] |= {(d, rng.randrange(30, 33), rng.randrange(10, 20)) for _ in range(2)}
        facts["canonical"] |= {(d, rng.randrange(10, 20), rng.randrange(1, 3)) for _ in range(2)}
    for x in range(100, 106):
        if rng.random() < 0.8:
            facts["instance"].add((x,))
        if rng.random() < 0.3:
            facts["alias"].add((rng.randrange(40, 43), x))
        facts["coord"] |= {(x, rng.choice((1, 2)), rng.randrange(10, 20), rng.randrange(1000, 1010)) for _ in range(3)}
    return facts


def tables(path: Path) -> tuple[dict, dict]:
    """Every table's rows, in order, and the recorded row counts (a relation of none may be unlisted)."""
    con = sqlite3.connect(path)
    try:
        names = sorted(r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                                 "AND name NOT LIKE 'latweave%'"))
        rows = {n: sorted(con.execute(f'SELECT * FROM "{n}"').fetchall()) for n in names}
        counts = json.loads(con.execute('SELECT counts FROM "latweave$engine"').fetchone()[0])
    finally:
        con.close()
    return rows, {t: n for t, n in counts.items() if n}


RULES_ENGINE = SqliteEngine(load_rules())


@pytest.mark.slow
@pytest.mark.parametrize("takes", [False, True], ids=["layers-only-add", "layers-add-and-take"])
def test_a_kept_database_is_the_one_written_from_scratch(tmp_path, takes):
    """Random lattices and layers (with `takes`, each layer also takes rows away: the delete and
    re-derive path; else only additions: the semi-naive one): after every sequence, the kept
    database holds exactly what one written over the final facts holds, no duplicate row, and its
    counts are right."""
    for seed in range(10):
        rng = random.Random(seed)
        states = [random_facts(rng)]
        for _ in range(rng.randrange(1, 4)):
            more = random_facts(rng)
            states.append({r: {row for row in rows if not (takes and rng.random() < 0.15)}
                              | {row for row in more[r] if rng.random() < 0.3}
                           for r, rows in states[-1].items()})
        work = tmp_path / f"{seed}"
        write_engine_db(work / "first.db", {r: sorted(rows) for r, rows in states[0].items()}, RULES_ENGINE)
        changes = [({r: sorted(b[r] - a[r]) for r in a}, {r: sorted(a[r] - b[r]) for r in a})
                   for a, b in zip(states, states[1:])]
        assert any(any(lost.values()) for _, lost in changes) == takes
        extend_engine_db(work / "first.db", changes, work / "kept.db", RULES_ENGINE)
        write_engine_db(work / "scratch.db", {r: sorted(rows) for r, rows in states[-1].items()}, RULES_ENGINE)
        kept, scratch = tables(work / "kept.db"), tables(work / "scratch.db")
        assert kept[0] == scratch[0], seed
        assert kept[1] == scratch[1], seed
        assert any(kept[0][t] for t in ("desc", "contested", "world_next")), "the lattice strata hold rows"


def test_one_call_over_two_layers_gives_the_bytes_of_two_calls(tmp_path):
    """What a build of three sources writes (layers 1 and 2 applied to layer 0's database in one
    call) and what `add` twice writes (each from the previous top layer's) are the same file."""
    rng = random.Random(7)
    a, b, c = random_facts(rng), random_facts(rng), random_facts(rng)
    b = {r: a[r] | b[r] for r in a}
    c = {r: b[r] | c[r] for r in a}
    step = lambda x, y: ({r: sorted(y[r] - x[r]) for r in x}, {r: sorted(x[r] - y[r]) for r in x})
    write_engine_db(tmp_path / "0.db", {r: sorted(rows) for r, rows in a.items()})
    extend_engine_db(tmp_path / "0.db", [step(a, b), step(b, c)], tmp_path / "both.db")
    extend_engine_db(tmp_path / "0.db", [step(a, b)], tmp_path / "1.db")
    extend_engine_db(tmp_path / "1.db", [step(b, c)], tmp_path / "2.db")
    assert (tmp_path / "both.db").read_bytes() == (tmp_path / "2.db").read_bytes()


def test_a_copy_begun_early_gives_the_same_file_and_leaves_nothing_behind(tmp_path):
    """`StartCopy` (what `add` begins while it reads its layer): extended from it, the same bytes
    as from a copy made then; a copy never taken is removed by `close`; a copy that failed raises
    when taken, and leaves no database."""
    rng = random.Random(3)
    a, b = random_facts(rng), random_facts(rng)
    b = {r: a[r] | b[r] for r in a}
    change = ({r: sorted(b[r] - a[r]) for r in a}, {r: sorted(a[r] - b[r]) for r in a})
    write_engine_db(tmp_path / "0.db", {r: sorted(rows) for r, rows in a.items()})
    extend_engine_db(tmp_path / "0.db", [change], tmp_path / "plain.db")
    early = StartCopy(tmp_path / "0.db", tmp_path / ".staged")
    extend_engine_db(tmp_path / "0.db", [change], tmp_path / "top" / "early.db", copy=early)
    early.close()
    assert (tmp_path / "top" / "early.db").read_bytes() == (tmp_path / "plain.db").read_bytes()
    assert not (tmp_path / ".staged").exists()
    untaken = StartCopy(tmp_path / "0.db", tmp_path / ".staged")
    untaken.close()
    assert not (tmp_path / ".staged").exists()
    failed = StartCopy(tmp_path / "gone.db", tmp_path / ".staged")
    with pytest.raises(FileNotFoundError):
        extend_engine_db(tmp_path / "gone.db", [change], tmp_path / "never.db", copy=failed)
    failed.close()
    assert not (tmp_path / "never.db").exists() and not (tmp_path / ".staged").exists()


def test_a_bad_start_is_refused_and_leaves_no_file(tmp_path):
    (tmp_path / "not.db").write_bytes(b"")
    sqlite3.connect(tmp_path / "not.db").execute("CREATE TABLE t (x)").connection.close()
    with pytest.raises(EngineError, match="not a latweave engine database"):
        extend_engine_db(tmp_path / "not.db", [({}, {})], tmp_path / "out.db")
    assert not (tmp_path / "out.db").exists()
    write_engine_db(tmp_path / "ok.db", {"dimension": [(1,)]})
    with pytest.raises(EngineError, match="already exists"):
        extend_engine_db(tmp_path / "ok.db", [], tmp_path / "not.db")


PLANS = ["meet(subject = ann) -> parents",
         'let a = meet(subject = "eve") -> parents\nlet b = meet(subject = $a) -> parents\nmeet(subject = $b) -> place_of_birth',
         "meet(parents <= ann)", "meet(place_of_birth <= paris)"]


@pytest.mark.slow
def test_a_lattice_after_add_opens_its_top_layers_database_and_answers_as_one_layer(tmp_path):
    parts = []
    for n, text in enumerate((KB, MORE, LAST)):
        parts.append(tmp_path / f"part{n}.txt")
        parts[-1].write_text(text)
    lat = tmp_path / "lat"
    latweave.build(parts[0], lat, format="pathquestion")
    latweave.add(lat, [parts[1]])
    latweave.add(lat, [parts[2]])
    one = tmp_path / "one.txt"
    one.write_text(KB + MORE + LAST)
    latweave.build(one, tmp_path / "whole", format="pathquestion")
    # only the top layer keeps a database; the one under it went when the layer above came
    assert (lat / engine_db_name(3)).is_file() and engine_db_name(3) == "layers/000002/engine/sqlite.db"
    assert not (lat / "layers" / "000001" / "engine").exists()
    runner = Runner(lat)
    assert runner.engines["single"] == "sqlite"
    assert runner.session_for("single").place is READ_ONLY   # read in place, nothing evaluated at open
    runner.close()

    def outcomes(folder: Path, engine: str) -> list:
        with latweave.open(folder, engine=engine) as session:
            return [(r.status, r.answers, r.verdict, r.reason) for r in (session.run(p) for p in PLANS)]

    want = outcomes(tmp_path / "whole", "sqlite")
    assert any(answers for _, answers, _, _ in want)
    assert outcomes(lat, "sqlite") == want
    assert outcomes(lat, "duckdb") == want


MUTUAL = """
.decl edge(a:number, b:number)
.input edge
.decl ra(a:number, b:number)
.decl rb(a:number, b:number)
.output rb
ra(a, b) :- edge(a, b).
ra(a, c) :- rb(a, b), edge(b, c).
rb(a, b) :- ra(a, b).
"""


def test_a_stratum_of_two_mutually_recursive_relations_is_kept_as_written_from_scratch(tmp_path):
    """A lattice stratum of several relations (none in rules/ today), some of its rows lost: each
    relation is derived again with every atom of the stratum reading its own relation's new rows
    (sqlite_upkeep.py `_rederive`; reading the head relation's rows everywhere lost rows here)."""
    from tests.support.programs import program

    engine = SqliteEngine(program(MUTUAL))
    assert [s.relations for s in engine.strata if s.recursive] == [("ra", "rb")]
    lost_some = 0
    for seed in range(12):
        rng = random.Random(seed)
        before = {(rng.randrange(8), rng.randrange(8)) for _ in range(12)}
        after = {e for e in before if rng.random() > 0.3} | {(rng.randrange(8), rng.randrange(8)) for _ in range(3)}
        lost_some += bool(before - after)
        work = tmp_path / f"{seed}"
        write_engine_db(work / "first.db", {"edge": sorted(before)}, engine)
        extend_engine_db(work / "first.db", [({"edge": sorted(after - before)}, {"edge": sorted(before - after)})],
                         work / "kept.db", engine)
        write_engine_db(work / "scratch.db", {"edge": sorted(after)}, engine)
        assert tables(work / "kept.db") == tables(work / "scratch.db"), seed
    assert lost_some
