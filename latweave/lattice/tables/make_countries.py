"""Write countries.tsv, the country table `latweave.lattice.canonical` reads, from world-countries.

    npm pack world-countries@5.1.0 && tar xzf world-countries-5.1.0.tgz
    python latweave/lattice/tables/make_countries.py package/countries.json > latweave/lattice/tables/countries.tsv

Each row is `class <TAB> spelling <TAB> kind`: a country's common name (its class), and one way
evidence spells it — the common and official names, the alternative spellings, and the English
demonyms (kind `name`, `official`, `alt`, `demonym`), plus the few spellings in SUPPLEMENT that
the source lacks (kind `supplement`). A spelling that several countries share is kept for the
independent one when exactly one of them is independent ("American": the United States, not the
Northern Mariana Islands) and dropped otherwise ("Congolese", "Dominican"): a table that had to
guess would make `same` guess. Rows are sorted, so the file is the same for the same source.
This script is not part of the package's runtime; it documents, and reproduces, the shipped file.
"""

from __future__ import annotations

import json
import sys
import unicodedata

#: Spellings common in evidence that world-countries 5.1.0 does not list, each unambiguous as a
#: country in a country-valued dimension (chosen by the team; see SOURCE.md).
SUPPLEMENT = (("United States", "America"), ("United Kingdom", "Britain"))


def _key(text: str) -> str:
    """The table's matching key (the same as latweave.lattice.canonical.spelling_key)."""
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[3]))
    from latweave.lattice.canonical import spelling_key
    return spelling_key(text)


def rows(countries: list[dict]) -> tuple[list[tuple[str, str, str]], list[tuple[str, list[str]]]]:
    by_key: dict[str, dict[str, tuple[str, str]]] = {}
    independent = {}
    for c in countries:
        name = unicodedata.normalize("NFC", c["name"]["common"])
        independent[name] = c.get("independent") is True
        spellings = [(c["name"]["common"], "name"), (c["name"]["official"], "official")]
        spellings += [(s, "alt") for s in c.get("altSpellings", ())]
        eng = (c.get("demonyms") or {}).get("eng") or {}
        spellings += [(eng[g], "demonym") for g in ("m", "f") if eng.get(g)]
        for spelling, kind in spellings:
            spelling = unicodedata.normalize("NFC", spelling).strip()
            key = _key(spelling)
            if key:
                by_key.setdefault(key, {}).setdefault(name, (spelling, kind))
    for name, spelling in SUPPLEMENT:
        by_key.setdefault(_key(spelling), {}).setdefault(name, (spelling, "supplement"))
    out, dropped = [], []
    for key, classes in sorted(by_key.items()):
        names = sorted(classes)
        if len(names) > 1:
            sovereign = [n for n in names if independent.get(n)]
            if len(sovereign) != 1:
                dropped.append((key, names))
                continue
            names = sovereign
        spelling, kind = classes[names[0]]
        out.append((names[0], spelling, kind))
    return sorted(set(out)), dropped


def main(path: str) -> None:
    with open(path, encoding="utf-8") as handle:
        table, dropped = rows(json.load(handle))
    sys.stdout.write("# class\tspelling\tkind — from world-countries 5.1.0 (ODbL 1.0), see SOURCE.md\n")
    for row in table:
        sys.stdout.write("\t".join(row) + "\n")
    for key, names in dropped:
        print(f"dropped {key!r}: {', '.join(names)}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
