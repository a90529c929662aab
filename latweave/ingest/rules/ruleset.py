"""The extraction rules as data: `rules.toml` (or another file in its format) read, checked and compiled.

A rule names its relation, the kind of value it reads (entity, date, number), the sentences it
reads (its scope), a regular expression with named `value` groups, and an example sentence it
must match. Macros in braces ({DATE}, {NAME}, {PLACE}, {NAT}, {COUNTRY}, {YEAR}, {SKIP}) expand to the shared
sub-patterns below, so a rule says what is particular to it. Nothing here branches on a relation:
adding a relation is a line in the file, not code. A malformed file is a `RuleError` naming the
file and the rule (TOML's own syntax errors carry its line and column).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from latweave.errors import CorpusError
from latweave.lattice.names import normalize

#: The rule file shipped with latweave, the default of `build --extract rules`.
DEFAULT_RULES = Path(__file__).with_name("rules.toml")

SCOPES = ("lead", "subject", "possessive")
#: A rule's value kind → the dimension kinds it may fill.
KINDS = {"entity": "taxonomy", "date": "date", "number": "number"}

_MONTH = (r"(?:January|February|March|April|May|June|July|August|September|October|November|December|"
          r"Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept?\.?|Oct\.?|Nov\.?|Dec\.?)")
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_DATE = (rf"(?:(?:c\.|ca\.|circa)\s*)?(?:{_DAY}\s+(?:of\s+)?{_MONTH},?\s+\d{{3,4}}|{_MONTH}\s+{_DAY},?\s+\d{{3,4}}"
         rf"|{_MONTH},?\s+\d{{3,4}}|\d{{3,4}}(?!\s*(?:BC|BCE|B\.C\.)))(?![\d])")
_UPPER = "A-ZÀ-ÖØ-ÞĀĂĄĆĈĊČĎĐĒĔĖĘĚĜĞĠĢĤĦĨĪĬĮİĲĴĶĹĻĽĿŁŃŅŇŊŌŎŐŒŔŖŘŚŜŞŠŢŤŦŨŪŬŮŰŲŴŶŸŹŻŽ"
#: One capitalised word of a name (an initial "N." too, a regnal number "II", "7th").
_WORD = rf"(?:[{_UPPER}][\w'’.\-]*|\d+(?:st|nd|rd|th))"
#: Lower-case words a name may hold between capitalised ones.
_PARTICLE = r"(?:of|the|de|da|do|dos|das|van|von|der|den|del|della|di|du|le|la|y|bin|bint|ibn|al|el|zu|ter|te)"
_NAME_CORE = rf"{_WORD}(?:(?:\s+|-\s?)(?:{_PARTICLE}\s+)*{_WORD})*"   # "Schleswig- Holstein": 2Wiki's spaced hyphens
_TITLED = r"(?:Duke|Duchess|Earl|Count|Countess|Baron|Baroness|Marquess|Marquis|Viscount|Prince|Princess|King|Queen|Lord|Lady|Margrave|Landgrave|Elector|Bishop|Archbishop)"
_NAME = (rf"{_NAME_CORE}(?:,?\s+(?:Jr|Sr)\.?|,\s+(?:\d+(?:st|nd|rd|th)\s+)?{_TITLED}\s+of\s+{_NAME_CORE}"
         rf"|,\s+\d+(?:st|nd|rd|th)\s+{_TITLED}\s+{_NAME_CORE}"
         rf"|,\s+\d+(?:st|nd|rd|th)\s+Baronet)?")
_PLACE = rf"{_NAME_CORE}(?:,\s+{_NAME_CORE})*"


class RuleError(CorpusError):
    """A rule file that cannot be used: which file, which rule, what is wrong."""


@dataclass(frozen=True)
class Relation:
    """A dimension the rules fill."""

    name: str
    kind: str            # taxonomy, date, number
    functional: bool
    person: bool = False # its values are people (a surname alone may name a document's subject)


@dataclass(frozen=True)
class Rule:
    """One sentence pattern and what it fills."""

    name: str
    relation: str
    kind: str            # entity, date, number: what its values are
    scope: str           # SCOPES
    pattern: str         # as written (macros unexpanded)
    regex: re.Pattern
    example: str
    example_subject: str
    example_value: str


@dataclass(frozen=True)
class RuleSet:
    """A rule file read: its relations (by normalised name), rules in file order, a digest."""

    path: str
    version: str
    relations: dict[str, Relation]
    rules: tuple[Rule, ...]
    digest: str          # sha256 of the file's bytes: what a lattice built by them records
    #: a short given name → the full one it stands for ("Joe" → "Joseph"): the file's `nicknames`,
    #: by which "directed by Joe De Grasse" names the document "Joseph De Grasse"
    nicknames: tuple[tuple[str, str], ...] = ()


def _demonyms(extra: list[str]) -> list[str]:
    from latweave.lattice.canonical import TABLE

    names = set(extra)
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) == 3 and cells[2] == "demonym":
            names.add(cells[1])
    return sorted(names, key=lambda n: (-len(n), n))


def _countries() -> list[str]:
    from latweave.lattice.canonical import TABLE

    names = set()
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        cells = line.split("\t")
        if not line.startswith("#") and len(cells) == 3 and cells[2] in ("name", "official") and len(cells[1]) > 3:
            names.add(cells[1])
    return sorted(names, key=lambda n: (-len(n), n))


def macros(extra_demonyms: list[str], female_names: Sequence[str] = ()) -> dict[str, str]:
    """The macro table: {NAME} → its sub-pattern ({FEMALE}: the rule file's `female_names`)."""
    nat = "|".join(re.escape(d) for d in _demonyms(extra_demonyms))
    female = "|".join(re.escape(n) for n in sorted(set(female_names), key=lambda n: (-len(n), n))) or "(?!)"
    return {"DATE": _DATE, "YEAR": r"\d{4}", "NAME": _NAME, "PLACE": _PLACE,
            "NAT": rf"(?:{nat})(?![\w])", "MONTH": _MONTH, "FEMALE": rf"(?:{female})(?![\w'’-])",
            "SKIP": r"(?:\([^()]*\)|[^;()])*?",
            "COUNTRY": "(?:" + "|".join(re.escape(c) for c in _countries()) + ")",
            "LOCALITY": _locality()}


def _locality() -> str:
    r"""{PLACE} without a last part that is a country ("Al Khor, Qatar" → "Al Khor"): a place is
    named by its own name, as the benchmarks' answers and the documents' titles name it; a rule
    writes `(?P<value>{LOCALITY})(?:,\s+{COUNTRY})?` to read the country past it. "Georgia" after a
    comma is a US state ("Atlanta, Georgia"), and stays."""
    country = "(?:" + "|".join(re.escape(c) for c in _countries() if c != "Georgia") + ")"
    return rf"{_NAME_CORE}(?:,\s+(?!{country}(?![\w-])){_NAME_CORE})*"


def _expand(pattern: str, table: dict[str, str], where: str, path: str) -> str:
    def one(m: re.Match) -> str:
        name = m.group(1)
        if name not in table:
            raise RuleError(f"{where}: unknown macro {{{name}}}", file=path,
                            hint="one of " + ", ".join("{" + k + "}" for k in sorted(table)))
        return table[name]

    return re.sub(r"\{([A-Z]+)\}", one, pattern)


def _field(obj: dict, key: str, where: str, path: str, default=None) -> str:
    value = obj.get(key, default)
    if not isinstance(value, str) or not value.strip():
        raise RuleError(f"{where}: `{key}` must be a non-empty string", file=path)
    return value


def load_rules(path: Path | str | None = None) -> RuleSet:
    """Read, check and compile a rule file (default: the shipped one)."""
    return _load(str(Path(path) if path is not None else DEFAULT_RULES))


@lru_cache(maxsize=8)
def _load(path: str) -> RuleSet:
    try:
        import tomllib
    except ImportError:   # Python 3.10
        try:
            import tomli as tomllib  # type: ignore[no-redef]
        except ImportError:
            raise RuleError("reading a rule file needs Python 3.11's tomllib (or the tomli package)",
                            file=path, hint="pip install tomli") from None
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise RuleError(f"cannot read the rule file: {exc.strerror}", file=path) from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise RuleError(f"not a TOML rule file: {exc}", file=path) from None
    table = macros([d for d in data.get("demonyms", []) if isinstance(d, str)],
                   [n for n in data.get("female_names", []) if isinstance(n, str)])
    relations: dict[str, Relation] = {}
    for name, spec in sorted((data.get("relations") or {}).items()):
        where = f"relation {name!r}"
        kind = spec.get("kind", "taxonomy") if isinstance(spec, dict) else None
        if kind not in ("taxonomy", "date", "number"):
            raise RuleError(f"{where}: kind must be taxonomy, date or number", file=path)
        relations[normalize(name)] = Relation(name, kind, bool(spec.get("functional", False)),
                                               bool(spec.get("person", False)))
    rules: list[Rule] = []
    seen: set[str] = set()
    for i, spec in enumerate(data.get("rule") or [], 1):
        if not isinstance(spec, dict):
            raise RuleError(f"rule {i}: a [[rule]] table expected", file=path)
        name = _field(spec, "name", f"rule {i}", path)
        where = f"rule {i} ({name})"
        if name in seen:
            raise RuleError(f"{where}: the name is used by an earlier rule", file=path)
        seen.add(name)
        relation = _field(spec, "relation", where, path)
        rel = relations.get(normalize(relation))
        if rel is None:
            raise RuleError(f"{where}: relation {relation!r} is not declared", file=path,
                            hint=f'add [relations."{relation}"] with its kind')
        kind = _field(spec, "kind", where, path)
        if KINDS.get(kind) != rel.kind:
            raise RuleError(f"{where}: kind {kind!r} does not fill relation {rel.name!r} (a {rel.kind} dimension)",
                            file=path, hint="entity fills taxonomy, date fills date, number fills number")
        scope = _field(spec, "scope", where, path, "subject")
        if scope not in SCOPES:
            raise RuleError(f"{where}: scope {scope!r} is not one of {', '.join(SCOPES)}", file=path)
        pattern = _field(spec, "pattern", where, path)
        try:
            regex = re.compile(_expand(pattern, table, where, path))
        except re.error as exc:
            raise RuleError(f"{where}: the pattern does not compile: {exc}", file=path) from None
        if "value" not in regex.groupindex:
            raise RuleError(f"{where}: the pattern has no (?P<value>…) group", file=path)
        rules.append(Rule(name, rel.name, kind, scope, pattern, regex, _field(spec, "example", where, path),
                          _field(spec, "example_subject", where, path), _field(spec, "example_value", where, path)))
    if not rules:
        raise RuleError("the rule file holds no [[rule]]", file=path)
    nicknames = data.get("nicknames") or {}
    if not isinstance(nicknames, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                  for k, v in nicknames.items()):
        raise RuleError("`nicknames` must be a table of short name = full name", file=path)
    return RuleSet(path, str(data.get("version", "")), relations, tuple(rules), hashlib.sha256(raw).hexdigest(),
                   tuple(sorted(nicknames.items())))
