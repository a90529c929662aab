"""Python's cyclic garbage collector and a long session (docs/performance.md, round twenty-four):
it is paused while a run runs (latweave/collector.py), on every thread's runs at once, and left
as the process had it; and what a stored lattice's readers keep of predicates and instances is
held as tuples of strings and numbers, which the collector stops tracking — so a full collection
does not walk a session's kept rows — while a lookup still gives the model's objects."""

from __future__ import annotations

import gc
import threading

import pytest

import latweave
from latweave import collector
from latweave.execute import Runner
from latweave.plan.read import read_plan
from latweave.proof.extract import QueryDecoder


@pytest.fixture
def collecting():
    """The collector enabled for the test, as the process had it after."""
    was = gc.isenabled()
    gc.enable()
    yield
    (gc.enable if was else gc.disable)()


def test_paused_disables_the_collector_until_the_last_block_on_any_thread_ends(collecting):
    inner_started, outer_may_end = threading.Event(), threading.Event()
    seen = []

    def other() -> None:
        with collector.paused():
            inner_started.set()
            outer_may_end.wait(10)
            seen.append(gc.isenabled())
        seen.append(gc.isenabled())

    with collector.paused():
        assert not gc.isenabled()
        thread = threading.Thread(target=other)
        thread.start()
        assert inner_started.wait(10)
    assert not gc.isenabled()    # the other thread's block still runs
    outer_may_end.set()
    thread.join(10)
    assert seen == [False, True] and gc.isenabled()


def test_runs_that_keep_the_pause_open_one_after_another_still_collect(collecting, monkeypatch):
    """A server's runs overlapping on its threads: past YOUNG_EVERY (FULL_EVERY) seconds of one
    pause, a run that ends while others run collects the young generations (all of them)."""
    collected = []
    record = lambda phase, info: phase == "start" and collected.append(info["generation"])  # noqa: E731
    gc.callbacks.append(record)
    try:
        monkeypatch.setattr(collector, "YOUNG_EVERY", 0.0)
        with collector.paused():
            with collector.paused():
                pass
            assert collected == [1] and not gc.isenabled()
            monkeypatch.setattr(collector, "FULL_EVERY", 0.0)
            with collector.paused():
                pass
            assert collected == [1, 2] and not gc.isenabled()
        monkeypatch.setattr(collector, "YOUNG_EVERY", 3600.0)
        monkeypatch.setattr(collector, "FULL_EVERY", 3600.0)
        del collected[:]
        with collector.paused():
            with collector.paused():
                pass
        assert collected == [] and gc.isenabled()
    finally:
        gc.callbacks.remove(record)


def test_a_collector_the_process_disabled_stays_disabled(collecting, monkeypatch):
    gc.disable()
    monkeypatch.setattr(collector, "YOUNG_EVERY", 0.0)   # (and none of its collections is made)
    collected = []
    record = lambda phase, info: collected.append(phase)  # noqa: E731
    gc.callbacks.append(record)
    try:
        with collector.paused():
            with collector.paused():
                assert not gc.isenabled()
    finally:
        gc.callbacks.remove(record)
    assert not gc.isenabled() and collected == []
    gc.enable()
    with pytest.raises(ValueError):
        with collector.paused():
            raise ValueError("a run that fails")
    assert gc.isenabled()


def test_a_run_and_a_text_along_its_prepared_path_run_with_the_collector_paused(zoo_lattice, collecting, monkeypatch):
    """Both ways a session answers (`Runner.run`; `Runner.run_text`, a template's prepared path)
    decode their results with the collector paused, and it runs again after them."""
    states = []
    outcome = QueryDecoder.outcome
    monkeypatch.setattr(QueryDecoder, "outcome", lambda self, *a, **k: states.append(gc.isenabled())
                        or outcome(self, *a, **k))
    with Runner(zoo_lattice) as runner:
        assert runner.run([read_plan("meet(species <= mammal, habitat <= aquatic)")])[0].answers
    assert states == [False] and gc.isenabled()
    with latweave.open(zoo_lattice) as session:
        served, run_text = [], session._runner.run_text
        session._runner.run_text = lambda text, *a: served.append(run_text(text, *a)) or served[-1]
        for name in ("whale", "eagle", "shark"):   # (the first makes the template's recipe the general way)
            assert session.run(f'meet(species = "{name}") -> habitat').answers
    assert [r is not None for r in served] == [False, True, True]
    assert len(states) == 4 and not any(states) and gc.isenabled()


def test_the_rows_a_stored_lattice_keeps_are_not_tracked_and_read_as_the_model(zoo_lattice):
    from latweave.folder.store import load_lattice

    model = load_lattice(zoo_lattice)
    with Runner(zoo_lattice) as runner:
        runner.run([read_plan("meet(species <= mammal, habitat <= aquatic)")])
        view = runner.view
        predicates, instances = view.predicates, view.instances
        for key in sorted(model.instances)[:5] + ["nobody"]:   # (a proof reads its labels by symbol id,
            instances.get(key)                                 # unkept: a look-up by key keeps its row)
        assert predicates._kept and instances._kept
        gc.collect()   # (a tuple stops being tracked when a collection finds only strings and numbers in it;
        gc.collect()   # one holding a tuple of aliases, when the next finds that one untracked)
        kept = [*predicates._kept.values(), *(row for row in instances._kept.values() if row is not None)]
        assert kept and not any(gc.is_tracked(row) for row in kept)
        stated = set(model.predicates)
        assert all(predicates[p] in stated for p in predicates._kept)
        for key, row in instances._kept.items():
            assert (instances.get(key), row is None) == (model.instances.get(key), model.instances.get(key) is None)


def test_a_runs_decoder_and_outputs_are_freed_by_their_reference_counts(zoo_lattice, collecting):
    """A run's objects are no garbage with cycles (`paused` relies on it): its decoder and the
    outputs it reads go as the run's results do (proof/contested.py `Doubts` holds the decoder by
    a weak proxy; a cycle between them kept a batch's whole outputs for the collector)."""
    from tests.support.plans import ZOO_PLANS

    with Runner(zoo_lattice, "sqlite") as runner:
        runner.run([read_plan(ZOO_PLANS[0])])   # (the session opened, the lattice strata read)
        plans = [read_plan(text) for text in ZOO_PLANS[:6]]
        gc.collect()
        gc.disable()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            runner.run(plans)
            for plan in plans:
                runner.run([plan])
            gc.collect()
            left = sorted({type(o).__name__ for o in gc.garbage})
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
    assert "QueryDecoder" not in left and "Doubts" not in left, left
