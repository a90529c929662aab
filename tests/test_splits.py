"""Deterministic stratified splits: the same ids for the same seed, every stratum cut alike."""

from __future__ import annotations

from collections import Counter

import pytest

from latweave.eval.datasets import Example, data_dir, load_pathquestion
from latweave.eval.splits import split_2wiki, split_pathquestion, stratified_split


def _examples(n2=100, n3=50):
    out = [Example(f"q{i:04d}", f"question {i}", ("a",), "2H", 2) for i in range(n2)]
    out += [Example(f"r{i:04d}", f"question {i}", ("a",), "3H", 3) for i in range(n3)]
    return out


def ids(parts):
    return {k: [e.qid for e in v] for k, v in parts.items()}


def test_stable_for_a_seed_and_input_order():
    ex = _examples()
    a = ids(split_pathquestion(ex))
    b = ids(split_pathquestion(list(reversed(ex))))
    assert a == b
    assert ids(split_pathquestion(ex, seed=89)) != a


def test_stratified_and_complete():
    ex = _examples()
    parts = split_pathquestion(ex)
    assert {k: len(v) for k, v in parts.items()} == {"train": 120, "dev": 15, "test": 15}
    for name, want in (("train", (80, 40)), ("dev", (10, 5)), ("test", (10, 5))):
        counts = Counter(e.hops for e in parts[name])
        assert (counts[2], counts[3]) == want
    all_ids = [e.qid for v in parts.values() for e in v]
    assert sorted(all_ids) == sorted(e.qid for e in ex)       # disjoint and complete


def test_two_wiki_by_type():
    ex = [Example(f"{t}{i:03d}", "q", ("a",), t, 2) for t, n in (("comparison", 40), ("inference", 20))
          for i in range(n)]
    parts = split_2wiki(ex)
    assert Counter(e.qtype for e in parts["heldout"]) == {"comparison": 4, "inference": 2}
    assert len(parts["dev"]) == 54


def test_fractions_must_sum_to_one():
    with pytest.raises(ValueError):
        stratified_split(_examples(), lambda e: e.hops, {"a": 0.5, "b": 0.2}, 1)


def test_pathquestion_split_on_real_data():
    path = data_dir() / "pathquestion" / "PQ-2H.txt"
    if not path.is_file():
        pytest.skip(f"benchmark data absent: {path} (set LATWEAVE_DATA)")
    parts = split_pathquestion(load_pathquestion(path))
    assert {k: len(v) for k, v in parts.items()} == {"train": 1526, "dev": 191, "test": 191}
    assert ids(parts) == ids(split_pathquestion(load_pathquestion(path)))


def test_a_fraction_of_training_is_stratified_nested_and_seeded():
    from latweave.eval.splits import fraction_of

    ex = _examples(100, 50)
    tenth, third, whole = (fraction_of(ex, f, lambda e: e.qtype) for f in (0.1, 0.3, 1.0))
    assert Counter(e.qtype for e in tenth) == {"2H": 10, "3H": 5}
    assert Counter(e.qtype for e in third) == {"2H": 30, "3H": 15}
    assert {e.qid for e in tenth} < {e.qid for e in third} < {e.qid for e in whole} == {e.qid for e in ex}
    assert [e.qid for e in tenth] == sorted(e.qid for e in tenth)
    assert [e.qid for e in fraction_of(list(reversed(ex)), 0.1, lambda e: e.qtype)] == [e.qid for e in tenth]
    for bad in (0.0, -0.1, 1.5):
        with pytest.raises(ValueError):
            fraction_of(ex, bad, lambda e: e.qtype)
