"""A saved result is certified only against the lattice it names, and a lattice is only what its
content hash says: a folder whose files were rewritten together with their per-file hashes (the
content hash left as it was) is refused on open and fails audit; a result without its `lattice`
key fails audit; a lattice with a layer deleted fails audit as tampered (exit 5), not with a bare
file-not-found.

Through `latweave.cli.main`, as a user runs them."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from latweave.cli import main
from latweave.paths import RULES

CORPORA = RULES.parent / "corpora"
EXIT_BAD, EXIT_AUDIT = 2, 5


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    """A stat cache of this test's own: a record left by another test never vouches for a file."""
    monkeypatch.setenv("LATWEAVE_CACHE", str(tmp_path / "cache"))


def _build(corpus: Path, out: Path) -> Path:
    assert main(["build", str(corpus), "--out", str(out)]) == 0
    return out


def _save(lattice: Path, plan: str, to: Path) -> dict:
    assert main(["run", "--lattice", str(lattice), "--save", str(to), plan]) == 0
    return json.loads(to.read_text(encoding="utf-8"))


def _rename_everywhere(folder: Path, old: bytes, new: bytes) -> int:
    """Replace `old` by `new` (same length: binary files keep their shape) in every file of the
    folder, then write each touched file's sha256 and size into manifest.json — all but the
    content hash, as a careful forger would. Returns how many files changed."""
    assert len(old) == len(new)
    manifest_path = folder / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    changed = 0
    for name in sorted(manifest["files"]):
        file = folder / name
        data = file.read_bytes()
        if old in data:
            file.write_bytes(data.replace(old, new))
            manifest["files"][name] = hashlib.sha256(file.read_bytes()).hexdigest()
            manifest["sizes"][name] = file.stat().st_size
            changed += 1
    manifest_path.write_text(json.dumps(manifest, indent=2, sort_keys=True), encoding="utf-8")
    return changed


def test_files_rewritten_with_their_hashes_but_not_the_content_hash_are_refused(tmp_path, capsys):
    lattice = _build(CORPORA / "zoo", tmp_path / "zoo")
    saved = _save(lattice, "meet(species <= mammal, habitat <= aquatic)", tmp_path / "r.json")
    assert saved["answers"] == ["Whale"]
    assert _rename_everywhere(lattice, b"Whale", b"Orcas") >= 2
    capsys.readouterr()

    # opening it to run refuses it: its identity is not the hash of its files
    assert main(["run", "--lattice", str(lattice), "meet(species <= mammal)"]) == EXIT_BAD
    err = capsys.readouterr().err
    assert "content_hash" in err and "Traceback" not in err
    # and the result saved before fails audit against it
    assert main(["audit", str(tmp_path / "r.json"), "--lattice", str(lattice)]) == EXIT_AUDIT
    assert "content_hash" in capsys.readouterr().out


def test_a_saved_result_without_its_lattice_key_fails_audit(tmp_path, capsys):
    lattice = _build(CORPORA / "zoo", tmp_path / "zoo")
    saved = _save(lattice, "meet(species <= mammal, habitat <= aquatic)", tmp_path / "r.json")
    assert main(["audit", str(tmp_path / "r.json"), "--lattice", str(lattice)]) == 0
    del saved["lattice"]
    (tmp_path / "bare.json").write_text(json.dumps(saved), encoding="utf-8")
    capsys.readouterr()
    assert main(["audit", str(tmp_path / "bare.json"), "--lattice", str(lattice)]) == EXIT_AUDIT
    assert "names no lattice" in capsys.readouterr().out


def test_a_saved_verification_whose_result_lost_its_lattice_key_fails_audit(tmp_path, capsys):
    lattice = _build(CORPORA / "zoo", tmp_path / "zoo")
    claim = "argmax(lifespan_years, [Whale, Dog]) is Whale"
    assert main(["verify", "--lattice", str(lattice), claim, "--save", str(tmp_path / "v.json")]) == 0
    assert main(["audit", str(tmp_path / "v.json"), "--lattice", str(lattice)]) == 0
    saved = json.loads((tmp_path / "v.json").read_text(encoding="utf-8"))
    del saved["assertions"][0]["result"]["lattice"]
    (tmp_path / "bare.json").write_text(json.dumps(saved), encoding="utf-8")
    capsys.readouterr()
    assert main(["audit", str(tmp_path / "bare.json"), "--lattice", str(lattice)]) == EXIT_AUDIT
    assert "names no lattice" in capsys.readouterr().out


@pytest.mark.slow
def test_a_deleted_layer_is_tampering_not_a_missing_file(tmp_path, capsys):
    """A lattice grown by `add` has layers/000001; deleting it is an audit failure (exit 5) that
    says the folder no longer matches its manifest."""
    first, second = tmp_path / "part1", tmp_path / "part2"
    shutil.copytree(CORPORA / "zoo", first)
    shutil.copytree(CORPORA / "zoo", second)
    lines = (CORPORA / "zoo" / "facts.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    (first / "facts.jsonl").write_text("".join(l for l in lines if '"instance": "Whale"' in l), encoding="utf-8")
    (second / "facts.jsonl").write_text("".join(l for l in lines if '"instance": "Whale"' not in l),
                                        encoding="utf-8")
    for part, keep in ((first, lambda i: i == "Whale"), (second, lambda i: i != "Whale")):
        aliases = (part / "aliases.tsv").read_text(encoding="utf-8").splitlines(keepends=True)
        (part / "aliases.tsv").write_text("".join(l for l in aliases if l.startswith("#") or keep(l.split("\t")[0])),
                                          encoding="utf-8")
    lattice = _build(first, tmp_path / "zoo")
    assert main(["add", "--lattice", str(lattice), str(second)]) == 0
    assert (lattice / "layers" / "000001").is_dir()
    _save(lattice, "meet(species <= mammal)", tmp_path / "r.json")
    assert main(["audit", str(tmp_path / "r.json"), "--lattice", str(lattice)]) == 0
    shutil.rmtree(lattice / "layers" / "000001")
    capsys.readouterr()
    assert main(["audit", str(tmp_path / "r.json"), "--lattice", str(lattice)]) == EXIT_AUDIT
    out, err = capsys.readouterr()
    assert "does not match the manifest" in out and "Traceback" not in out + err
