"""The shipped corpora the tests build (corpora/zoo, corpora/movies), and one built into a fresh
temporary folder. Test modules import these from here; conftest.py keeps pytest's hooks and
fixtures alone (a test module never imports conftest)."""

from __future__ import annotations

from pathlib import Path

from latweave.paths import RULES

ZOO = RULES.parent / "corpora" / "zoo"
MOVIES = RULES.parent / "corpora" / "movies"


def built_lattice(tmp_path_factory, corpus: Path, name: str) -> Path:
    """The corpus folder `corpus` built into a fresh temporary folder; its lattice's path."""
    from latweave.ingest.builds import build_corpus

    out = tmp_path_factory.mktemp(name) / "lattice"
    build_corpus(corpus, out)
    return out
