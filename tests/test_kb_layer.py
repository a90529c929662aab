"""A KB file's layer read from look-ups (ingest/kb_layer.py `kb_step`) is the layer the general path
(ingest/layered.py `step`, from the two whole lattices) writes: the same files, byte for byte, on
hand-made cases that reach every branch and on random KB parts (hypothesis) — and where it cannot
be read that way it says why and the general path writes it.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import latweave
from latweave.ingest import kb_layer
from latweave.folder.store import load_lattice, read_manifest
from latweave.ingest.sources import read_history
from latweave.folder.names import UNHASHED


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def both_ways(root: Path, base: str, *parts: str, functional=None) -> tuple[list, Path]:
    """Build `base`, add each part, once reading each part's layer from look-ups and once through
    the general path; the two lattices are the same files (history aside). Returns how each part
    was read (None: from look-ups; else the reason it was not) and the lattice folder."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "base.txt").write_text(base, encoding="utf-8")
    paths = []
    for n, part in enumerate(parts):
        (root / f"part{n}.txt").write_text(part, encoding="utf-8")
        paths.append(root / f"part{n}.txt")
    for name in ("fast", "slow"):
        latweave.build(root / "base.txt", root / name, format="pathquestion", functional=functional)
    read = []
    for path in paths:
        change = latweave.add(root / "fast", [path])
        read += [r["whole"] for r in change.line["read"]]
    real = kb_layer.kb_step
    try:
        kb_layer.kb_step = lambda *args, **kwargs: (_ for _ in ()).throw(kb_layer.Fallback("forced"))
        for path in paths:
            change = latweave.add(root / "slow", [path])
            assert [r["whole"] for r in change.line["read"]] == ["forced"]
    finally:
        kb_layer.kb_step = real
    a, b = files(root / "fast"), files(root / "slow")
    skip = {*UNHASHED, "manifest.json"}
    assert sorted(set(a) - skip) == sorted(set(b) - skip)
    for name in sorted(set(a) - skip):
        assert a[name] == b[name], name
    assert read_manifest(root / "fast")["content_hash"] == read_manifest(root / "slow")["content_hash"]
    # and a full build of all the files is the same lattice again
    latweave.build([root / "base.txt", *paths], root / "full", format="pathquestion", functional=functional)
    assert read_manifest(root / "full")["content_hash"] == read_manifest(root / "fast")["content_hash"]
    return read, root / "fast"


BASE = ("ann\tspouse\tbob\nann\tgender\tfemale\nbob\tgender\tmale\ncid\tparents\tann\n"
        "ann\tdate_of_birth\t1950-03-02\nbob\tdate_of_birth\tMarch 4, 1948\ncid\tplace_of_birth\tParis\n"
        "dee\theight\t1.62\nann\theight\t1.70\n")


@pytest.mark.slow
def test_a_part_about_known_people_is_read_from_lookups(tmp_path):
    part = ("dee\tspouse\tcid\ncid\tgender\tmale\nann\tspouse\tbob\n"             # a known fact again
            "eve\tdate_of_birth\t7 May 1990\neve\tparents\tann\tnot-a-date\n"   # a bad period: reported, skipped
            "ann\tdate_of_birth\t1950-03-02\n"                                  # the same date: a duplicate
            "bob\tspouse\tann\t1970\t1980\n")                                   # a period
    read, lat = both_ways(tmp_path, BASE, part)
    assert read == [None]
    lattice = load_lattice(lat)
    assert {"eve", "dee"} <= set(lattice.instances)
    spouse = [p for p in lattice.predicates if p.dimension == "spouse" and p.instance == "bob"]
    assert spouse and spouse[0].qualifiers == (("end", "1980"), ("start", "1970"))


@pytest.mark.slow
def test_a_second_gender_contests_the_coordinate_from_lookups(tmp_path):
    read, lat = both_ways(tmp_path, BASE, "ann\tgender\tmale\ncid\tplace_of_birth\tRome\n")
    assert read == [None]
    created = read_history(lat)[-1]["contested"]["created"]
    assert created == [["ann", "gender"], ["cid", "place_of_birth"]]


@pytest.mark.slow
def test_new_relations_are_classified_by_their_first_file(tmp_path):
    part = "ann\tnickname\tAnnie\nbob\tborn_in_year\t1948\ncid\tborn_in_year\t1971\neve\tfriend\tann\n"
    read, lat = both_ways(tmp_path, BASE, part)
    assert read == [None]
    dims = load_lattice(lat).dimensions
    assert dims["born in year"].kind == "date" and dims["nickname"].kind == "taxonomy" and "inverse friend" in dims


@pytest.mark.slow
def test_a_subject_whose_every_triple_was_skipped_is_still_a_subject(tmp_path):
    # "zed" is a subject only through a date that does not parse; then "zed" as an object of a new
    # relation counts as a subject, as the general path counts it
    base = BASE + "zed\tdate_of_birth\tunknown\n"
    part = "ann\tmentor\tzed\nbob\tmentor\tzed\ncid\tmentor\t1999\n"
    read, _ = both_ways(tmp_path, base, part)
    assert read == [None]


@pytest.mark.slow
@pytest.mark.parametrize("base, part", [
    ("ann\tnationality\tUSA\n", "bob\tnationality\tUnited States\ncid\tnationality\tFrance\n"),  # one member: now two
    ("ann\tnationality\tUSA\nbob\tnationality\tU.S.\n", "cid\tnationality\tUnited States\n"),    # a third member
    ("ann\tnationality\tFrance\n", "bob\tnationality\tUSA\ncid\tnationality\tUnited States\n"),   # two new members
    ("ann\tspouse\tbob\n", "ann\tcitizen_of\tUSA\nbob\tcitizen_of\tUnited States\n"),           # a new dimension's
])
def test_values_the_country_table_names_join_their_class_from_lookups(tmp_path, base, part):
    read, lat = both_ways(tmp_path, base, part)
    assert read == [None]
    classes = {d.key: d.classes for d in load_lattice(lat).dimensions.values() if d.classes}
    assert any(len(set(c.values())) < len(c) for c in classes.values())   # two values compare as one


@pytest.mark.slow
@pytest.mark.parametrize("part, reason", [
    ("ann\theight\t1.99\n", "number dimension"),                     # its ranks move
    ("eve\tdate_of_birth\t1950\n", "interval"),                       # a year: an interval over days
])
def test_what_lookups_cannot_read_goes_the_general_way_and_says_why(tmp_path, part, reason):
    read, _ = both_ways(tmp_path, BASE, part)
    assert read[0] is not None and reason in read[0]


@pytest.mark.slow
def test_several_parts_each_on_the_layer_before(tmp_path):
    read, lat = both_ways(tmp_path, BASE, "eve\tspouse\tfay\n", "fay\tgender\tfemale\neve\tspouse\tgus\n",
                          "gus\theight\t1.8\n")
    assert read[:2] == [None, None] and read[2] is not None
    assert read_manifest(lat)["layers"] == 4


NAMES = ["ann", "bob", "cid", "dee", "eve", "fay"]
RELATIONS = {"spouse": NAMES, "parents": NAMES, "gender": ["male", "female"], "place_of_birth": ["paris", "rome", "oslo"],
             "date_of_birth": ["1950-03-02", "March 4, 1948", "7 May 1990", "2001-12-31", "unknown"],
             "mentor": NAMES + ["1999"], "height": ["1.62", "1.70"]}


def kb_lines(rng: random.Random, n: int, relations: list[str]) -> str:
    lines = []
    for _ in range(n):
        r = rng.choice(relations)
        line = f"{rng.choice(NAMES)}\t{r}\t{rng.choice(RELATIONS[r])}"
        if r == "spouse" and rng.random() < 0.3:
            line += f"\t{rng.randint(1960, 1990)}"
        lines.append(line)
    return "".join(line + "\n" for line in lines)


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 100_000))
def test_random_parts_are_read_the_same_both_ways(tmp_path_factory, seed):
    rng = random.Random(seed)
    base = kb_lines(rng, rng.randint(3, 12), ["spouse", "parents", "gender", "place_of_birth", "date_of_birth", "height"])
    parts = [kb_lines(rng, rng.randint(1, 8), ["spouse", "parents", "gender", "place_of_birth", "date_of_birth",
                                               "mentor"]) for _ in range(rng.randint(1, 2))]
    both_ways(tmp_path_factory.mktemp("kb"), base, *parts)


@pytest.mark.slow
@pytest.mark.data
def test_pathquestion_cut_in_two_is_read_the_same_both_ways(tmp_path):
    """The data, not only hand-made parts: PathQuestion's 2-hop KB cut in half, the second half
    added to the first — a contest (julia_ward_howe's gender), country-table classes, periods —
    from look-ups and from the two lattices, the same files."""
    from latweave.eval.datasets import data_dir

    kb = data_dir() / "pathquestion" / "2H-kb.txt"
    if not kb.is_file():
        pytest.skip(f"PathQuestion's KB is not at {kb} (the benchmark data)")
    lines = kb.read_text(encoding="utf-8").splitlines(keepends=True)
    half = len(lines) // 2
    read, lat = both_ways(tmp_path, "".join(lines[:half]), "".join(lines[half:]))
    assert read == [None]
    assert read_history(lat)[-1]["contested"]["created"] == [["julia_ward_howe", "gender"]]


@settings(max_examples=200, deadline=None)
@given(label=st.text(), aliases=st.lists(st.text(), max_size=3), key=st.one_of(st.none(), st.text()))
def test_a_probe_reads_the_field_the_row_has(label, aliases, key):
    """`layers.string_field` (a look-up's probe) reads the same string as parsing the row, whatever
    the strings hold — quotes, backslashes, a `"label": "` of their own, any character."""
    import json

    from latweave.folder.layers import string_field

    row = {"aliases": aliases + ['x"label": "y', '\\\\"label": "'], "label": label}
    if key is not None:
        row["key"] = key
    line = json.dumps(row, ensure_ascii=False, sort_keys=True)
    assert string_field(line, "label") == label
    assert string_field(line, "key") == key
