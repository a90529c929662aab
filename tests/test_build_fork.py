"""A build's two halves in two processes (ingest/beside.py) write the lattice one process writes,
byte for byte; a child that fails leaves the work to the parent; a refusal is the same refusal."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from latweave.cli import EXIT_NOT_LIVE, EXIT_OK, main
from latweave.folder.store import read_manifest
from latweave.ingest import beside as beside_mod
from latweave.ingest.beside import Beside

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no os.fork here")

ROOT = Path(__file__).resolve().parents[1]


def _kb(path: Path, people: int, seed: int) -> Path:
    import importlib.util

    spec = importlib.util.spec_from_file_location("kb_gen", ROOT / "bench" / "kb_gen.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    path.write_text("".join(gen.lines(people, seed)), encoding="utf-8")
    return path


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _build(monkeypatch, fork: str, args: list[str]) -> int:
    monkeypatch.setenv("LATWEAVE_BUILD_FORK", fork)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    return main(args)


@pytest.mark.slow
@pytest.mark.parametrize("sources", ["kb", "two kbs", "corpus"])
def test_forked_build_writes_the_same_bytes(tmp_path, monkeypatch, capsys, sources):
    if sources == "corpus":
        args = [str(ROOT / "corpora" / "tenures")]
    else:
        args = [str(_kb(tmp_path / "a.txt", 60, 7))]
        if sources == "two kbs":
            args.append(str(_kb(tmp_path / "b.txt", 40, 3)))
        args += ["--format", "pathquestion"]
    one, two = tmp_path / "one", tmp_path / "two"
    assert _build(monkeypatch, "0", ["build", *args, "--out", str(one)]) == EXIT_OK
    assert _build(monkeypatch, "1", ["build", *args, "--out", str(two)]) == EXIT_OK
    capsys.readouterr()
    assert _files(one) == _files(two)
    read_manifest(two)   # every file as the manifest lists it


def test_a_failed_child_leaves_the_work_to_the_parent(tmp_path, monkeypatch, capsys):
    """The child dies (here: its work raises there only); the parent does the work itself and
    writes the same lattice."""
    parent = os.getpid()
    real = Beside._start

    def start(self):
        work = self.work

        def failing():
            if os.getpid() != parent:
                raise RuntimeError("the child fails")
            return work()

        self.work = failing
        real(self)

    kb = str(_kb(tmp_path / "a.txt", 30, 5))
    one, two = tmp_path / "one", tmp_path / "two"
    assert _build(monkeypatch, "0", ["build", kb, "--format", "pathquestion", "--out", str(one)]) == EXIT_OK
    monkeypatch.setattr(Beside, "_start", start)
    assert _build(monkeypatch, "1", ["build", kb, "--format", "pathquestion", "--out", str(two)]) == EXIT_OK
    capsys.readouterr()
    assert _files(one) == _files(two)


def test_a_forked_refusal_is_the_same_refusal(tmp_path, monkeypatch, capsys):
    from tests.test_legitimacy_gate import _corpus

    bad = _corpus(tmp_path / "bad", diamond=True)
    out = tmp_path / "lattice"
    assert _build(monkeypatch, "1", ["build", str(bad), "--out", str(out), "--json"]) == EXIT_NOT_LIVE
    refused = json.loads(capsys.readouterr().out)
    assert refused["error"] == "NotLive" and "colour" in refused["message"]
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad"]   # no half-written folder left beside it


def test_fork_wanted(monkeypatch):
    monkeypatch.setenv("LATWEAVE_BUILD_FORK", "0")
    assert not beside_mod.fork_wanted(10 ** 9)
    monkeypatch.setenv("LATWEAVE_BUILD_FORK", "1")
    assert beside_mod.fork_wanted(1) == os.uname().sysname.startswith("Linux")
    monkeypatch.delenv("LATWEAVE_BUILD_FORK")
    assert not beside_mod.fork_wanted(beside_mod.FORK_PREDICATES - 1)


def test_beside_returns_the_childs_value_and_ends_a_child_left_running():
    with Beside(lambda: {"answer": 42, "pid": os.getpid()}, fork=True) as side:
        got = side.result()
    assert got["answer"] == 42 and got["pid"] != os.getpid()
    import time

    side = Beside(lambda: time.sleep(60), fork=True)
    pid = side.pid
    side.close()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, 0)


def test_predicate_lines_are_the_codecs_arrays():
    """folder/rows.py predicate_line formats a predicates.jsonl line from its fields: the bytes the
    compact encoder writes for the row's array, whatever the strings hold; other field types go
    through the encoder; the line reads back as the predicate."""
    from latweave.folder.rows import _COMPACT, predicate_line, predicate_of_line
    from latweave.lattice.model import Evidence, Predicate

    tricky = ['a"b', "back\\slash", "ctl\x01\x1f\x7f", "tab\tnl\n", "é ü 漢字 \u2028 \u2029 😀", "", "\ud800x"]
    for text in tricky:
        for confidence in (1.0, 0.5, 0.1, 1e-7, 0.0, 1, True, float("nan"), 2.5):
            for quals in ((), (("start", "1990"), ("end", text))):
                p = Predicate(text, "dim " + text, text + "v", Evidence("doc" + text, text, 3, 17), confidence, quals)
                row = [text, "dim " + text, text + "v", "doc" + text, 3, 17, text]
                if confidence != 1.0 or quals:
                    row.append(confidence)
                if quals:
                    row.append([list(q) for q in quals])
                line = predicate_line(p)
                assert line == _COMPACT.encode(row) + "\n" and "\n" not in line[:-1]
                if confidence == confidence:   # (nan is no value it equals)
                    assert predicate_of_line(line) == p


def test_sorted_rows_are_written_as_write_facts_writes_them(tmp_path):
    """compile/lattice_facts.py write_rows: write_facts' bytes (and its TypeError) for rows in
    every shape, the sorted distinct int tuples it writes directly and the rest it hands over."""
    from latweave.compile.facts import write_facts
    from latweave.compile.lattice_facts import write_rows

    cases = {"sorted": [(1, 2), (1, 3), (2, 0)], "empty": [], "unsorted": [(3,), (1,), (3,)], "bool": [(1, True)],
             "big": [(-5, 10 ** 20)], "nullary": [()], "a tuple": ((1,),), "lists": [[1], [2]], "float": [(1.0,)],
             "mixed arity": [(1,), (1, 2)]}
    for name, rows in cases.items():
        written = {}
        for how, write in (("old", write_facts), ("new", write_rows)):
            try:
                write(tmp_path / how, {name: rows}, (name,))
                written[how] = (tmp_path / how / f"{name}.facts").read_bytes()
            except TypeError:
                written[how] = TypeError
        assert written["old"] == written["new"], name
    write_facts(tmp_path / "old", {}, ("none",))
    write_rows(tmp_path / "new", {}, ("none",))
    assert (tmp_path / "old" / "none.facts").read_bytes() == (tmp_path / "new" / "none.facts").read_bytes() == b""


def test_value_rows_hash_as_json_dumps_encodes_them():
    """legitimacy/check.py `_json`: the text json.dumps gives, for value rows it formats itself
    and for anything else (digests stored in legitimacy.json must not move)."""
    from latweave.legitimacy.check import _json

    items = [["a", "b", [], None], ["k\"", "l\u2028é", ["p", "q\\"], [1.0, 2.5]], ["k", "l", ["p"], [1, 2]],
             ["k", "l", [], [float("inf"), 1.0]], ["k", "l", [], [float("nan"), 1.0]], ["k", "l", [], [True, 1.0]],
             ["n", "taxonomy", False, True], ["k", "l", [1], None], ["k", "l", [], [1e300, -0.0, 5e-324, 0.1]],
             ["k", "l", (), None], "x", [1, 2, 3, 4], ["a", "b", [], None, 5], ["\x00\x1f\x7f", "😀", ["é"], None]]
    for item in items:
        assert _json(item) == json.dumps(item, ensure_ascii=False), item


def test_formal_context_from_pairs_in_any_order():
    """legitimacy/fca.py from_incidence sorts the pairs once: the same context as numbering
    sorted objects and attributes and sorting each extent and intent, duplicates and all."""
    import random

    from latweave.legitimacy.fca import FormalContext

    rng = random.Random(1)
    for _ in range(200):
        pairs = [(rng.choice("abcdefg") + str(rng.randint(0, 5)), (rng.choice("xyz"), str(rng.randint(0, 9))))
                 for _ in range(rng.randint(0, 40))]
        pairs += pairs[:rng.randint(0, len(pairs))]
        rng.shuffle(pairs)
        got = FormalContext.from_incidence(iter(pairs))
        objects = tuple(sorted({g for g, _ in pairs}))
        attributes = tuple(sorted({m for _, m in pairs}))
        assert got.objects == objects and got.attributes == attributes
        assert got.extent_of == tuple(tuple(sorted({objects.index(g) for g, m2 in pairs if m2 == m})) for m in attributes)
        assert got.intent_of == tuple(tuple(sorted({attributes.index(m) for g2, m in pairs if g2 == g})) for g in objects)


def test_sorted_distinct_is_sorted_set():
    import random

    from latweave.compile.lattice_facts import _sorted_distinct

    rng = random.Random(3)
    for _ in range(300):
        rows = [tuple(rng.randint(0, 4) for _ in range(2)) for _ in range(rng.randint(0, 30))]
        if rng.random() < 0.3:
            rows = sorted(set(rows))
        assert _sorted_distinct(list(rows)) == sorted(set(rows))


def test_unchanged_trusts_its_own_sort_only_inside_and_only_until_a_predicate_is_added():
    from latweave.lattice.model import Dimension, Lattice

    lattice = Lattice()
    lattice.add_document("d", "a b c")
    lattice.add_dimension(Dimension("colour", open=True))
    for name in ("b", "a"):
        lattice.add_predicate(name, "colour", "red", doc="d", source_text=name)
    ordered = lattice.sorted_predicates()
    assert [p.instance for p in ordered] == ["a", "b"]
    with lattice.unchanged():
        assert lattice.sorted_predicates() == ordered
        lattice.add_predicate("c", "colour", "red", doc="d", source_text="c")   # a new sort, not the old one
        assert [p.instance for p in lattice.sorted_predicates()] == ["a", "b", "c"]
    first = lattice.sorted_predicates()[0]
    lattice.predicates.discard(first)   # by hand, outside: the set is checked and the list sorted again
    lattice.predicates.add(type(first)("z", first.dimension, first.value, first.evidence))
    assert [p.instance for p in lattice.sorted_predicates()] == ["b", "c", "z"]


def test_canonical_order_instance_by_instance_is_the_one_sort():
    import random

    from latweave.lattice.model import Evidence, Predicate, _canonical, predicate_key

    rng = random.Random(5)
    for _ in range(100):
        preds = {Predicate(rng.choice("abcd"), rng.choice("xy"), rng.choice("uv"),
                           Evidence("d", rng.choice("st"), rng.randint(0, 3), 9), rng.choice((0.5, 1.0)),
                           rng.choice(((), (("start", "1990"),))))
                 for _ in range(rng.randint(0, 40))}
        assert _canonical(preds) == sorted(preds, key=predicate_key)


def _old_values_by_instance(lattice) -> list:
    """What legitimacy/dependence.py grouped as it was: a dict of sets per instance, in key order."""
    grouped = {}
    for p in lattice.predicates:
        grouped.setdefault(p.instance, {}).setdefault(p.dimension, set()).add(p.value)
    return sorted((i, {d: frozenset(v) for d, v in dims.items()}) for i, dims in grouped.items())


def test_dependent_dimensions_read_in_canonical_order(tmp_path):
    import random

    from latweave.ingest.kb import BuildReport, kb_lattice
    from latweave.legitimacy.dependence import _values_by_instance
    from latweave.lattice.model import Dimension, Lattice

    lattice = kb_lattice(_kb(tmp_path / "a.txt", 300, 9), "pathquestion", report=BuildReport())
    assert list(_values_by_instance(lattice)) == _old_values_by_instance(lattice)
    rng = random.Random(2)
    for _ in range(40):
        lattice = Lattice()
        lattice.add_document("d", "x")
        for dim in "pqrs":
            lattice.add_dimension(Dimension(dim, open=True))
        for _ in range(rng.randint(0, 80)):
            lattice.add_predicate(f"i{rng.randint(0, 12)}", rng.choice("pqrs"), f"v{rng.randint(0, 3)}",
                                  doc="d", source_text="x")
        assert list(_values_by_instance(lattice)) == _old_values_by_instance(lattice)


def test_value_and_predicate_lines_are_the_encoders_lines(tmp_path):
    from latweave.folder.names import VALUES
    from latweave.folder.rows import predicate_line, predicate_lines, value_line_of, value_row
    from latweave.folder.store import dimension_rows, value_lines
    from latweave.ingest.corpus import read_corpora
    from latweave.ingest.kb import BuildReport, kb_lattice
    from latweave.lattice.model import Dimension, Lattice

    odd = Lattice()
    size = odd.add_dimension(Dimension("size", "number", open=True))
    size.add_value("3")
    size.add_value("1..2")
    size.labels["weird"], size.bounds["weird"], size.parents["weird"] = 'we"ird', (float("inf"), 1.0), {"⊤", "x\\y"}
    tree = odd.add_dimension(Dimension("t é", open=True))
    tree.add_edge("TOP", "a\u2028")
    tree.add_edge("a\u2028", "b")
    lattices = [kb_lattice(_kb(tmp_path / "a.txt", 80, 4), "pathquestion", report=BuildReport()),
                read_corpora([ROOT / "corpora" / "tenures"]), odd]
    for lattice in lattices:
        rows = list(dimension_rows(lattice)[VALUES])
        lines = list(value_lines(lattice))
        assert lines == [value_line_of(r) for r in rows]
        assert [value_row(line) for line in lines] == rows
        ordered = lattice.sorted_predicates()
        assert list(predicate_lines(ordered)) == [predicate_line(p) for p in ordered]


def test_add_evidenced_checks_what_add_predicate_checks_but_the_cut_evidence():
    from latweave.errors import LatticeError
    from latweave.lattice.model import Dimension, Evidence, Lattice

    lattice = Lattice()
    lattice.add_document("d", "a\tcolour\tred")
    lattice.add_dimension(Dimension("colour", open=True))
    evidence = Evidence("d", "a\tcolour\tred", 0, 12)
    made = lattice.add_evidenced("a", "colour", "red", evidence)
    assert made == lattice.add_predicate("a", "colour", "red", doc="d", source_text="a\tcolour\tred", start=0, end=12)
    assert len(lattice.predicates) == 1
    for bad in (dict(evidence=Evidence("nope", "x", 0, 1)), dict(value="r\ud800d"), dict(dimension="size"),
                dict(qualifiers=(("start", "not a date"),))):
        args = {"instance": "a", "dimension": "colour", "value": "red", "evidence": evidence, **bad}
        with pytest.raises(LatticeError):
            lattice.add_evidenced(**args)


@pytest.mark.skipif(not os.uname().sysname.startswith("Linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_a_child_dies_with_its_parent(tmp_path):
    """A build killed outright (SIGKILL) leaves no child writing into its abandoned folder."""
    import signal
    import subprocess
    import sys
    import time

    script = ("import time; from latweave.ingest.beside import Beside; "
              "b = Beside(lambda: time.sleep(60), fork=True); print(b.pid, flush=True); time.sleep(60)")
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    child = int(parent.stdout.readline())
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    for _ in range(50):
        try:
            with open(f"/proc/{child}/stat") as handle:
                state = handle.read().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            return
        if state in ("Z", "X"):
            return
        time.sleep(0.1)
    os.kill(child, signal.SIGKILL)
    pytest.fail("the child outlived its parent")
