"""One line of a generic KB file → its fields: tab-separated values, CSV, N-Triples.

A line-based KB states one fact a line (so a predicate's evidence is that exact line); these
are the splitters the readers of latweave/ingest/kb.py and the detector (kb_detect.py) share, so
what is detected is exactly what is read. Each takes a line's text (no line ending) and returns
its fields, or None for a line that states nothing (a blank line; an N-Triples `#` comment), or
raises LineError saying why the line is no such line.

* TSV: `subject<TAB>relation<TAB>object[<TAB>start[<TAB>end]]`, fields as they stand.
* CSV: the same fields, comma-separated, RFC 4180 quoting (`"Smith, John",born in,1950`); one
  record a line (a quoted field may not span lines: the evidence is one line).
* N-Triples (W3C): `<subject-IRI> <predicate-IRI> <object-IRI> .`, a blank node `_:b1` for a
  subject or object, or a literal object `"lexical form"` with an optional `@lang` or
  `^^<datatype>`. An IRI becomes its *local name* (after the last `#`, `/` or `:`; %-escapes
  decoded), so `<http://example.org/Blade_Runner>` is the entity `Blade_Runner` and the predicate
  `<http://xmlns.com/foaf/0.1/knows>` the relation `knows`: names a plan can write. A literal is
  its lexical form (escapes decoded); its language tag and datatype are dropped — a relation's
  kind (date, number, entity) is decided from its values, as for every KB format.

Values from the file are never program text: they are only ever split and unescaped here.
"""

from __future__ import annotations

import csv
import re
from urllib.parse import unquote

#: The header line a TSV or CSV file may open with (any case); it is skipped, not read as a fact.
HEADER = ("subject", "relation", "object")


class LineError(ValueError):
    """A line that is not a line of the format; the message says what was expected."""


def split_tsv(text: str) -> list[str] | None:
    """A tab-separated line's fields (None for a blank line)."""
    cells = text.split("\t")
    return None if not text.strip() and len(cells) <= 1 else cells   # `\t\t` is three empty fields


def split_csv(text: str) -> list[str] | None:
    """A CSV line's fields, RFC 4180 quoting (None for a blank line)."""
    if not text.strip():
        return None
    try:
        rows = list(csv.reader([text], strict=True))
    except csv.Error as exc:
        raise LineError(f"not a CSV line ({exc})") from None
    return rows[0] if rows else None


_IRI = r"<([^<>\"{}|^`\\\x00-\x20]*)>"
_BLANK = r"_:([A-Za-z0-9_][A-Za-z0-9_.\-]*)"
_LITERAL = r'"((?:[^"\\\n\r]|\\.)*)"(?:@[A-Za-z]+(?:-[A-Za-z0-9]+)*|\^\^' + _IRI + r")?"
_NTRIPLE = re.compile(rf"\s*(?:{_IRI}|{_BLANK})\s*{_IRI}\s*(?:{_IRI}|{_BLANK}|{_LITERAL})\s*\.\s*(?:#.*)?")
_ESCAPE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))")
_CHARS = {"t": "\t", "b": "\b", "n": "\n", "r": "\r", "f": "\f", '"': '"', "'": "'", "\\": "\\"}

#: What an N-Triples line looks like, for messages.
NTRIPLES_SHAPE = "<subject> <predicate> <object> ."


def _unescape(text: str) -> str:
    def one(m: re.Match) -> str:
        if m.group(3) is not None:
            if m.group(3) not in _CHARS:
                raise LineError(f"unknown escape \\{m.group(3)} in an N-Triples literal")
            return _CHARS[m.group(3)]
        code = int(m.group(1) or m.group(2), 16)
        if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
            raise LineError(f"\\u escape {m.group(0)} is no character")
        return chr(code)
    return _ESCAPE.sub(one, text)


def local_name(iri: str) -> str:
    """An IRI's local name: what follows its last `#`, `/` or `:` (%-escapes decoded); the whole
    IRI when that is empty (`<http://example.org/>`)."""
    iri = _unescape(iri)
    cut = max(iri.rfind("#"), iri.rfind("/"), iri.rfind(":"))
    name = unquote(iri[cut + 1:]) if cut >= 0 else unquote(iri)
    return name if name.strip() else iri


def split_ntriples(text: str) -> list[str] | None:
    """An N-Triples line's subject, relation and object names (None for a blank or comment line)."""
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return None
    m = _NTRIPLE.fullmatch(text)
    if m is None:
        raise LineError(f"not an N-Triples statement ({NTRIPLES_SHAPE})")
    s_iri, s_blank, p_iri, o_iri, o_blank, o_literal = m.group(1, 2, 3, 4, 5, 6)
    subject = local_name(s_iri) if s_iri is not None else "_:" + s_blank
    if o_iri is not None:
        obj = local_name(o_iri)
    elif o_blank is not None:
        obj = "_:" + o_blank
    else:
        obj = _unescape(o_literal)
    return [subject, local_name(p_iri), obj]


def is_header(cells: list[str]) -> bool:
    """Whether a first line's fields are the header `subject, relation, object[, start[, end]]`."""
    names = tuple(c.strip().lower() for c in cells)
    return names[:3] == HEADER and names[3:] in ((), ("start",), ("start", "end"))
