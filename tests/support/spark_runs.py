"""The Spark differential tests' lattices, plans and runs (tests/test_spark_engine.py and
tests/test_spark_sessions.py: two modules, so that two test workers share the Spark evaluations)."""

from __future__ import annotations

from pathlib import Path

from latweave.execute import Runner
from latweave.plan.read import read_plan

ROOT = Path(__file__).resolve().parents[2]
#: the zoo and the movies, one lattice (`latweave build corpora/zoo corpora/movies`)
ZOO = "zoo+movies"


def plans(name: str, folder: Path) -> list[str]:
    from latweave.folder.store import load_lattice
    from tests.support.plans import MOVIE_PLANS, ZOO_PLANS
    from tests.support.lattices import random_plans
    from tests.support.plans import EXAMPLES
    from tests.support.plans import ZOO_CASES as CASES
    from latweave.plan.json_form import plan_from_json
    from latweave.plan.printer import to_text

    if name == ZOO:   # the zoo's cases first (test_zoo_expected_outcomes_on_spark reads them in order)
        return list(dict.fromkeys([to_text(plan_from_json(c[0])) for c in CASES] + ZOO_PLANS
                                  + [e[1] for e in EXAMPLES if e[0] == "movies"] + MOVIE_PLANS))
    if name == "contested0":
        return random_plans(load_lattice(folder), 110, 40)
    # 2wiki: a sample of 30 random plans, half of them plans DuckDB answers (most random plans on
    # a KB abstain), chosen before Spark runs
    texts = random_plans(load_lattice(folder), 11, 150)
    statuses = [r["status"] for r in run(folder, "duckdb", texts)]
    answered = [t for t, s in zip(texts, statuses) if s != "abstain"][:15]
    return answered + [t for t in texts if t not in answered][:30 - len(answered)]


def lattice(name: str, root: Path, tmp_path_factory=None) -> Path:
    """The lattice `name` in `root`; 2Wiki's is the run's one build (tests/support/shared_builds.py,
    read-only: Spark derives its Parquet into $LATWEAVE_CACHE, not into the lattice) where
    `tmp_path_factory` is given, else built in `root`."""
    from latweave.ingest.write import save_lattice
    from latweave.ingest.living import build_sources
    from tests.support.lattices import random_lattice

    out = root / name
    if name == ZOO:
        build_sources([ROOT / "corpora" / "zoo", ROOT / "corpora" / "movies"], out)
    elif name == "contested0":
        save_lattice(random_lattice(10, functional_pairs=True, periods=True), out)
    else:
        from latweave.ingest.builds import build_kb
        from tests.support.engines import data_path as _data
        from tests.support.shared_builds import shared_kb

        source = _data("2wikimultihopqa", "lag", "dev.json")
        if tmp_path_factory is not None:
            return shared_kb(tmp_path_factory, source, "2wiki")
        build_kb(source, "2wiki", out)
    return out


#: (lattice folder, engine) → the lattice relations its session read evaluated from the engine
#: database at open (engines/stored_strata.py), for the last `run` of the two
STRATA_READ: dict[tuple[str, str], frozenset[str]] = {}


def run(folder: Path, engine: str, texts: list[str]) -> list[dict]:
    plans = [read_plan(t) for t in texts]
    with Runner(folder, engine) as runner:
        STRATA_READ[(str(folder), engine)] = runner.session.strata_read
        return [r.to_dict() for r in runner.run(plans)]




def runs_of(root: Path, tmp_path_factory=None):
    """name -> (lattice folder, plan texts, DuckDB's results, Spark's results); built on demand
    (2Wiki's lattice shared with the run's other readers when `tmp_path_factory` is given)."""
    cache: dict[str, tuple] = {}

    def get(name: str):
        if name not in cache:
            folder = lattice(name, root, tmp_path_factory)
            texts = plans(name, folder)
            cache[name] = (folder, texts, run(folder, "duckdb", texts), run(folder, "spark", texts))
        return cache[name]
    return get


def assert_as_duckdb_and_audited(run_of: tuple) -> None:
    """Spark's results (`runs_of`'s tuple) are DuckDB's JSON byte for byte, answer and abstain
    both occur, and every one passes the auditor."""
    import json

    from latweave.proof.audit import audit_many

    folder, texts, reference, got = run_of
    assert len(got) == len(texts) >= 20
    for text, ref, res in zip(texts, reference, got):
        assert json.dumps(res, sort_keys=True) == json.dumps(ref, sort_keys=True), f"spark differs on {text!r}"
    statuses = {r["status"] for r in got}
    assert "abstain" in statuses and "answer" in statuses
    for text, report in zip(texts, audit_many(folder, got)):
        assert report.ok, (text, report.failures[:3])
