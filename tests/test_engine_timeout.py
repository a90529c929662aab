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
