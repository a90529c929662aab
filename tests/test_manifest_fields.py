"""Every field of manifest.json beside the hashed `files` is checked against the lattice's files
(latweave/folder/fields.py), or changes nothing a reader reads (issue 42.1): a lattice of two
layers whose manifest says one would answer without its top layer and audit ok. Each row edits
one field of a real lattice's manifest (the content hash stays right: it covers `files` alone)
and requires `run` to refuse (exit 2), `check` too, and `audit` of a result saved before the
edit to fail (exit 5) — or, for a harmless field, everything to go on as before. Lattice folders
follow the umask, as `--save` does (issue 42.7).

Through `latweave.cli.main`, as a user runs them."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path
from typing import Callable

import pytest

from latweave.cli import main
from latweave.paths import RULES

CORPORA = RULES.parent / "corpora"
PLAN = "meet(species <= mammal)"


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LATWEAVE_CACHE", str(tmp_path / "cache"))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The zoo (one layer) and the zoo with the movies added (two layers), each with a result
    saved from it."""
    root = tmp_path_factory.mktemp("fields")
    out = {}
    for name, extra in (("one", None), ("two", CORPORA / "movies")):
        lattice = root / name
        assert main(["build", str(CORPORA / "zoo"), "--out", str(lattice)]) == 0
        if extra is not None:
            assert main(["add", "--lattice", str(lattice), str(extra)]) == 0
        assert main(["run", "--lattice", str(lattice), "--save", str(root / f"{name}.json"), PLAN]) == 0
        out[name] = (lattice, root / f"{name}.json")
    return out


def _edit(field: str, value) -> Callable[[dict], None]:
    def go(manifest: dict) -> None:
        if "." in field:
            outer, inner = field.split(".", 1)
            manifest[outer][inner] = value(manifest[outer][inner]) if callable(value) else value
        else:
            manifest[field] = value(manifest[field]) if callable(value) else value
    return go


#: (id, lattice, edit, tampering?: True tampering, False harmless, None no lattice of this schema)
#: — every field of a written manifest, edited (content_hash and files: tests/test_audit_identity.py)
ROWS = [
    ("layers/2-to-1", "two", _edit("layers", 1), True),
    ("layers/2-to-3", "two", _edit("layers", 3), True),
    ("layers/1-to-2", "one", _edit("layers", 2), True),
    ("layers/not-an-int", "two", _edit("layers", "2"), True),
    ("counts/instances-one-layer", "one", _edit("counts.instances", lambda n: n + 1), True),
    ("counts/predicates-two-layers", "two", _edit("counts.predicates", lambda n: n - 1), True),
    ("counts/dimensions", "one", _edit("counts.dimensions", 4), True),
    ("counts/unknown-key", "one", _edit("counts.extra", 1), True),
    ("counts/key-deleted", "two", lambda m: m["counts"].pop("predicates"), True),   # found by bench/fuzz.py
    ("name/deleted", "one", lambda m: m.pop("name"), True),
    ("sizes/one-file", "two", _edit("sizes.instances.jsonl", lambda n: n + 1), True),
    # a block file's lines' sha256 (folder/blocks.py), which the content hash takes for it
    ("lines/one-file", "two", _edit("lines.predicates.blocks", "0" * 64), True),
    ("lines/deleted", "one", lambda m: m.pop("lines"), True),
    # not a lattice of this schema: refused everywhere as a user's error (rebuild it), audit too
    ("schema_version", "one", _edit("schema_version", 5), None),
    ("format", "one", _edit("format", "something-else"), None),
    ("name", "two", _edit("name", "renamed"), False),
]


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_an_edited_manifest_field_is_refused_or_changes_nothing(built, row, tmp_path, capsys):
    _, which, edit, tampering = row
    original, saved = built[which]
    lattice = tmp_path / "lattice"
    shutil.copytree(original, lattice)
    path = lattice / "manifest.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    edit(manifest)
    path.write_text(json.dumps(manifest, indent=2, sort_keys=True), encoding="utf-8")
    capsys.readouterr()
    ran = main(["run", "--lattice", str(lattice), "--json", PLAN])
    out = capsys.readouterr()
    audited = main(["audit", "--lattice", str(lattice), str(saved)])
    checked = main(["check", str(lattice)])
    capsys.readouterr()
    if tampering is not False:
        assert (ran, audited, checked) == (2, 5 if tampering else 2, 2)
        assert "Traceback" not in out.out + out.err and json.loads(out.out)["error"] == "StoreError"
    else:
        assert (ran, audited, checked) == (0, 0, 0)
        assert json.loads(out.out)["answers"] == json.loads(saved.read_text(encoding="utf-8"))["answers"]


def test_dropping_the_top_layer_names_the_layers_the_files_hold(built, tmp_path, capsys):
    lattice = tmp_path / "lattice"
    shutil.copytree(built["two"][0], lattice)
    path = lattice / "manifest.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    manifest["layers"] = 1
    path.write_text(json.dumps(manifest), encoding="utf-8")
    capsys.readouterr()
    assert main(["run", "--lattice", str(lattice), PLAN]) == 2
    assert "it says 1 layer(s), but the files it lists are of layers 0, 1" in capsys.readouterr().err


def test_a_layer_folder_the_manifest_does_not_list_is_refused(built, tmp_path, capsys):
    lattice = tmp_path / "lattice"
    shutil.copytree(built["two"][0], lattice)
    shutil.copytree(lattice / "layers" / "000001", lattice / "layers" / "000002")
    assert main(["run", "--lattice", str(lattice), PLAN]) == 2
    assert "layers/ also holds 000002" in capsys.readouterr().err


@pytest.mark.parametrize("mask", [0o022, 0o077])
def test_a_lattice_folder_follows_the_umask(tmp_path, mask):
    old = os.umask(mask)
    try:
        assert main(["build", str(CORPORA / "zoo"), "--out", str(tmp_path / "zoo")]) == 0
    finally:
        os.umask(old)
    folder = os.path.realpath(tmp_path / "zoo")
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o777 & ~mask
    assert stat.S_IMODE(os.stat(Path(folder) / "engine").st_mode) == 0o777 & ~mask
