"""folder/rows.py's plain lines spelled in SQL (DuckDB), for a bulk writer that keeps its rows there.

The DuckDB build (ingest/kb_duckdb.py) holds every predicate as a row of ids; formatting each
predicates.jsonl line in Python was most of its stream (docs/performance.md, round eleven). Here
the same lines are SQL expressions, so that DuckDB makes them on its threads and the writer only
moves them: `predicate_line` spells what `rows.plain_predicate_lines` gives (confidence 1.0, no
qualifiers), `instance_line` what `rows.plain_instance_line` gives, from columns that already hold
each string field as its JSON string (`json_table` makes them). tests/test_sql_lines.py holds the
two spellings equal on any text.

A JSON string in SQL (`json_string`) is the text between quotes with `\\` and `"` escaped: what
Python's `json.encoder.encode_basestring` (json.dumps with ensure_ascii=False) writes for a text
with no character below U+0020 — it escapes those too, and nothing else. So a text holding such a
control character is spelled by Python (`json_table`: a few rows in any real KB, none in most):
the two spellings are never mixed up by a rewrite in SQL, which a backslash in the text would
confuse. (DuckDB's own `to_json` spells every code point as Python does but nine control
characters, in upper-case hex; the replacements depend on no such measurement.) The legitimacy
gate's digests of flat values spell their rows with the same two (ingest/duckdb_legitimacy.py).
"""

from __future__ import annotations

from typing import Any

from latweave.folder.rows import _STRING   # (the Python spelling these stand for: rows.py's own)

#: the texts whose JSON string Python spells (module docstring): any control character
CONTROL = "[\\x00-\\x1f]"


def json_string(column: str) -> str:
    """The SQL expression of `column`'s JSON string as Python's encoder spells it, for a text
    with no control character (`CONTROL`; `json_table` spells those in Python)."""
    return f"""('"' || replace(replace({column}, '\\', '\\\\'), '"', '\\"') || '"')"""


def has_control(column: str) -> str:
    """The SQL condition that `column` holds a control character (its JSON string is Python's)."""
    return f"regexp_matches({column}, '{CONTROL}')"


def json_table(con: Any, table: str, query: str) -> int:
    """Create `table` (id, j): for each row `(id, text)` of `query`, `j` the text's JSON string
    as Python's encoder spells it — `json_string`, the texts holding a control character spelled
    here. Returns how many were spelled here."""
    con.execute(f"CREATE TABLE {table} AS SELECT id, CASE WHEN {has_control('text')} THEN NULL "
                f"ELSE {json_string('text')} END AS j FROM ({query}) q(id, text)")
    odd = con.execute(f"SELECT id, text FROM ({query}) q(id, text) WHERE {has_control('text')}").fetchall()
    if odd:
        con.execute(f"CREATE TEMP TABLE {table}_odd AS SELECT unnest(?) AS id, unnest(?::VARCHAR[]) AS j",
                    [[i for i, _ in odd], [_STRING(t) for _, t in odd]])
        con.execute(f"UPDATE {table} SET j = o.j FROM {table}_odd o WHERE {table}.id = o.id")
        con.execute(f"DROP TABLE {table}_odd")
    return len(odd)


def predicate_line(instance: str, dimension: str, value: str, doc: str, start: str, end: str, text: str) -> str:
    """The SQL expression of a predicate's predicates.jsonl line with its newline (confidence 1.0,
    no qualifiers: `rows.plain_predicate_lines`), from SQL expressions of its fields: the string
    fields as JSON strings (`json_table`), the offsets as integers."""
    return (f"'[' || {instance} || ',' || {dimension} || ',' || {value} || ',' || {doc} || ',' || "
            f"CAST({start} AS VARCHAR) || ',' || CAST({end} AS VARCHAR) || ',' || {text} || ']' || chr(10)")


def instance_line(label: str) -> str:
    """The SQL expression of an instance's instances.jsonl line with its newline, no aliases
    (`rows.plain_instance_line`), from its label's JSON string."""
    return f"""'{{"aliases": [], "label": ' || {label} || '}}' || chr(10)"""
