"""`latweave build`: a corpus folder → a lattice folder (model files + compiled facts), atomically."""

from __future__ import annotations

from pathlib import Path

from latweave.build.corpus import read_corpus
from latweave.compile.lattice_facts import compile_lattice
from latweave.lattice.model import Lattice
from latweave.lattice.store import write_lattice


def save_lattice(lattice: Lattice, out: Path | str) -> dict:
    """Validate, compile and write `lattice` at `out` in one atomic step; returns the manifest."""
    lattice.validate()
    compiled = compile_lattice(lattice)
    return write_lattice(lattice, out, {"facts": compiled.write})


def build_corpus(corpus: Path | str, out: Path | str, progress=None) -> dict:
    return save_lattice(read_corpus(corpus, progress), out)
