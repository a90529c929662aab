"""folder/sql_lines.py: the predicates.jsonl and instances.jsonl lines a DuckDB build spells in SQL
are the ones folder/rows.py spells in Python, on any text — control characters, quotes and
backslashes among them — and every code point but the surrogates spells as Python's JSON
encoder does."""

from __future__ import annotations

import json

import duckdb
from hypothesis import given, settings
from hypothesis import strategies as st

from latweave.folder.rows import plain_instance_line, plain_predicate_lines
from latweave.folder.sql_lines import instance_line, json_table, predicate_line
from latweave.folder.store import instance_row
from latweave.lattice.model import Instance

# text that UTF-8 can write (a lone surrogate cannot: the model refuses one), control characters often
_text = st.text(st.one_of(st.characters(blacklist_categories=("Cs",)), st.characters(max_codepoint=0x1f),
                          st.sampled_from('\\"/u')))
_offset = st.integers(0, 2 ** 62)


def _spelled(con, texts: list[str]) -> list[str]:
    """Each text's JSON string as `json_table` spells it."""
    con.execute("CREATE OR REPLACE TABLE texts AS SELECT unnest(?::BIGINT[]) AS id, unnest(?::VARCHAR[]) AS text",
                [list(range(len(texts))), texts])
    con.execute("DROP TABLE IF EXISTS spelled")
    json_table(con, "spelled", "SELECT id, text FROM texts")
    return [j for _, j in con.execute("SELECT id, j FROM spelled ORDER BY id").fetchall()]


def test_every_code_point_spells_as_pythons_encoder():
    con = duckdb.connect()
    # each control character in a text of its own (such a text is spelled in Python), the other
    # code points 64 to a text (spelled by DuckDB), each after a backslash and before a quote
    points = [c for c in range(0x20, 0x110000) if not 0xD800 <= c <= 0xDFFF]
    texts = [f"a{chr(c)}\\{chr(c)}\"" for c in range(0x20)]
    texts += ["".join(f"\\{chr(c)}\"" for c in points[at:at + 64]) for at in range(0, len(points), 64)]
    texts += ["", "\\u001A", "\\\x1a", "\x00"]
    got = _spelled(con, texts)
    assert [i for i, (text, j) in enumerate(zip(texts, got)) if j != json.dumps(text, ensure_ascii=False)] == []
    # what is spelled in Python: the texts with a control character, and no other
    assert json_table(con, "again", "SELECT id, text FROM texts") == sum(
        any(ord(ch) < 0x20 for ch in text) for text in texts)


_CON = duckdb.connect()


@settings(max_examples=100, deadline=None)
@given(rows=st.lists(st.tuples(_text, _text, _text, _text, _offset, _offset, _text), min_size=1, max_size=6),
       label=_text)
def test_a_line_spelled_in_sql_is_the_line_spelled_in_python(rows, label):
    con = _CON
    strings = sorted({s for row in rows for s in (row[0], row[1], row[2], row[3], row[6])} | {label})
    spelled = dict(zip(strings, _spelled(con, strings)))
    con.execute("CREATE OR REPLACE TABLE fields (i VARCHAR, d VARCHAR, v VARCHAR, doc VARCHAR, a BIGINT, b BIGINT, t VARCHAR, "
                "n INTEGER)")
    con.executemany("INSERT INTO fields VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [(spelled[i], spelled[d], spelled[v], spelled[doc], a, b, spelled[t], n)
                     for n, (i, d, v, doc, a, b, t) in enumerate(rows)])
    got = [line for (line,) in con.execute(
        f"SELECT {predicate_line('i', 'd', 'v', 'doc', 'a', 'b', 't')} FROM fields ORDER BY n").fetchall()]
    expected = [plain_predicate_lines(i, [(d, v, doc, a, b, t)], {})[0] for i, d, v, doc, a, b, t in rows]
    assert got == expected
    (line,) = con.execute(f"SELECT {instance_line('?')}", [spelled[label]]).fetchone()
    assert line == plain_instance_line(label) == json.dumps(instance_row(Instance(label)), ensure_ascii=False,
                                                            sort_keys=True) + "\n"
