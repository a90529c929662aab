"""Compare classes: values of one dimension that are one thing spelled apart ("American", "US",
"United States").

Evidence spells a country many ways — a name, an official name, a code, a demonym — and `same` /
`differ` that compared spellings would answer "no" to "are both from the same country?" for
`American` and `United States`. So those two compare *classes*: a value's class is the country the
country table (tables/countries.tsv, built from world-countries 5.1.0, see tables/SOURCE.md) says
its spelling names, matched by `spelling_key` (case, accents and punctuation folded: "U.S." is
"US"). A value gets a class only when another value of the same dimension shares it — elsewhere a
class could not change a verdict — and never on an ordered dimension. Nothing else reads classes:
a meet constraint still matches values, and every answer keeps the spelling of its evidence (the
answer surface); the proof of a verdict shows the class step, and the auditor checks it against
the lattice's classes.jsonl.

A lattice stores its classes (`Dimension.classes`, written to classes.jsonl) so that what a
lattice means never changes under it when a later version ships a larger table; a fresh build
derives them here.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Iterable, Mapping

from latweave.lattice.names import TOP, fold_joined, normalize

TABLE = Path(__file__).resolve().parent / "tables" / "countries.tsv"

#: Where a class comes from, as classes.jsonl and a proof name it.
COUNTRY_TABLE = "country table"


def spelling_key(text: str) -> str:
    """How the table matches a spelling: its folded words run together ("U.S." and "US": "us")."""
    return fold_joined(text)


@lru_cache(maxsize=1)
def country_table() -> Mapping[str, str]:
    """spelling key → the country's common name (its class label), read once."""
    table: dict[str, str] = {}
    with TABLE.open(encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("#") or not line.strip():
                continue
            name, spelling, _kind = line.rstrip("\n").split("\t")
            table[spelling_key(spelling)] = name
    return table


@lru_cache(maxsize=2)
def _heads(n: int) -> frozenset[str]:
    """The first `n` characters of every spelling key the table holds (all of a shorter one)."""
    return frozenset(key[:n] for key in country_table())


def country_heads() -> frozenset[str]:
    """The lower-cased first six characters of every spelling key: a key whose first six are
    ASCII letters or digits and, lower-cased, none of these is no country (`country_of`'s first
    test, for a caller that runs it inline over many keys)."""
    return _heads(6)


def country_of(key: str) -> str | None:
    """The country the table says `key` spells (its class label), or None. A key whose first six
    (else three) characters are ASCII letters or digits begins its spelling key with them,
    lower-cased, so one no table spelling begins with is turned away without its spelling key —
    most of a KB's values (`spelling_key` of every value was half of a flat dimension's scan,
    ingest/flat.py; three characters let "person 17" through, as "peru" begins so)."""
    head = key[:6]
    if head.isascii() and head.isalnum():
        if head.lower() not in _heads(6):
            return None
    else:
        head = key[:3]
        if head.isascii() and head.isalnum() and head.lower() not in _heads(3):
            return None
    return country_table().get(spelling_key(key))


def class_members(keys: Iterable[str]) -> dict[str, list[str]]:
    """class label → the value keys among `keys` that the table names, in the order given (⊤ is
    in no class). A class of one member is none yet: see `compare_classes`."""
    members: dict[str, list[str]] = {}
    for key in keys:
        if key == TOP:
            continue
        name = country_of(key)
        if name is not None:
            members.setdefault(name, []).append(key)
    return members


def compare_classes(labels: Mapping[str, str], ordered: bool = False) -> dict[str, str]:
    """value key → class label, for the values (`labels`: key → label) that share a class with
    another value of their dimension."""
    if ordered:
        return {}
    members = class_members(labels)   # no sort of every value: only the few classes' members are sorted
    return {key: name for name, keys in sorted(members.items()) if len(keys) > 1 for key in sorted(keys)}


def class_key(label: str) -> str:
    """The symbol a class compares as in the rules (a value's own key when it has no class)."""
    return normalize(label)
