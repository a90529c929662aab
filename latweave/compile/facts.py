"""Facts files in Souffle's format: one tab-separated row of decimal integers per line.

Only integers are written (strings go through the symbol table first); a non-integer cell is a
bug and raises, rather than being written in a form some engine would misread.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Mapping, Sequence


def encode_row(row: Sequence[int]) -> str:
    for cell in row:
        if type(cell) is not int:
            raise TypeError(f"facts hold interned integers only, got {cell!r} in {tuple(row)!r}")
    return "\t".join(str(cell) for cell in row)


def write_facts(directory: Path, facts: Mapping[str, Iterable[Sequence[int]]],
                relations: Iterable[str]) -> None:
    """Write `<relation>.facts` for each of `relations` (empty when `facts` has none), rows sorted."""
    directory.mkdir(parents=True, exist_ok=True)
    for name in relations:
        rows = sorted({tuple(r) for r in facts.get(name, ())})
        with (directory / f"{name}.facts").open("w", encoding="ascii", newline="\n") as handle:
            for row in rows:
                handle.write(encode_row(row) + "\n")


def read_facts(directory: Path, relations: Iterable[str]) -> dict[str, list[tuple[int, ...]]]:
    out: dict[str, list[tuple[int, ...]]] = {}
    for name in relations:
        path = directory / f"{name}.facts"
        rows = []
        if path.is_file():
            with path.open(encoding="ascii") as handle:
                rows = [tuple(int(c) for c in line.rstrip("\n").split("\t")) for line in handle if line.strip()]
        out[name] = rows
    return out


#: Input relations a compiled lattice provides (the rest of schema.dl's inputs come from plans).
LATTICE_RELATIONS = ("dimension", "functional", "ordered", "node", "top", "subsumes", "synonym",
                     "bounds", "magnitude", "canonical", "instance", "alias", "coord", "qualifier",
                     "period")
