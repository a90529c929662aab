"""`--engine-timeout` fires on a plan that runs long (issue 42.7): a plan of 64 constraints that
pyDatalog, a real engine, takes minutes to evaluate on the zoo (plain Python: it is run in a child
process, killed at the timeout), stopped after half a second — exit 4, the message naming the
timeout, and nothing saved. The outcome is asserted, not the time taken."""

from __future__ import annotations

from latweave.cli import main
from latweave.plan import limits
from tests.support.engines import require_engine

#: Every constraint holds of every animal with a lifespan, so nothing prunes the evaluation early.
LONG_PLAN = "meet(" + ", ".join(["species <= animal", "lifespan_years > 1", "lifespan_years < 1000"][i % 3]
                                for i in range(limits.MAX_CONSTRAINTS)) + ")"


def test_engine_timeout_stops_a_long_plan_exit_4_and_nothing_saved(capsys, zoo_lattice, tmp_path, monkeypatch):
    engine = require_engine("pydatalog")
    monkeypatch.setenv("COLUMNS", "3000")
    saved = tmp_path / "r.json"
    code = main(["run", "--lattice", str(zoo_lattice), "--engine", engine, "--engine-timeout", "0.5",
                 "--save", str(saved), LONG_PLAN])
    out, err = capsys.readouterr()
    assert code == 4 and not out
    assert f"{engine}: the engine ran past the timeout of 0.5 s and was stopped" in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []          # no result, and no temporary file left where it would go


def test_sqlites_deadline_stops_a_statement_by_the_clock_and_leaves_no_handler():
    """engines/timeout.py `Deadline`: the progress handler stops the statement running past the
    deadline (`fired`), and once the block is left no later statement is stopped."""
    import sqlite3
    import pytest

    from latweave.engines.timeout import Deadline

    con = sqlite3.connect(":memory:")
    endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
    with Deadline(con, 0.05) as guard:
        with pytest.raises(sqlite3.OperationalError, match="interrupted"):
            con.execute(endless).fetchone()
    assert guard.fired
    with Deadline(con, 60) as calm:
        assert con.execute("SELECT 1").fetchone() == (1,)
    assert not calm.fired
    long = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000) SELECT count(*) FROM c"
    assert con.execute(long).fetchone() == (300_000,)


def test_a_sqlite_run_with_a_timeout_starts_no_thread_and_is_still_stopped(zoo_lattice, monkeypatch):
    """A served lattice has a timeout on every question: SQLite keeps it by its progress handler,
    not by a timer thread a run (which cost more than the question, docs/performance.md)."""
    import threading

    import pytest

    from latweave.errors import EngineTimeout
    from latweave.execute import Runner
    from latweave.plan.read import read_plan

    started: list[str] = []
    real = threading.Thread.start
    monkeypatch.setattr(threading.Thread, "start", lambda self: started.append(self.name) or real(self))
    with Runner(zoo_lattice, "sqlite", timeout=30) as runner:
        assert runner.run_one(read_plan("meet(species <= whale)")).answers == ("Whale",)
    with Runner(zoo_lattice, "sqlite", timeout=0.001) as runner:
        with pytest.raises(EngineTimeout, match="ran past the timeout of 0.001 s"):
            runner.run_one(read_plan(LONG_PLAN))
    assert "latweave-timeout" not in started
