"""Proof text: ground atoms such as `hit("genre", "<=", "drama", "Taxi!", "drama")`, parsed.

A proof node names its fact as text (`premises` for an inner node, `axiom` for a leaf); the
checks read those atoms back into a relation and JSON arguments, find a node's premises of one
relation, and compare constraint triples the way the plan spells them.
"""

from __future__ import annotations

import json
import re

from latweave.lattice.names import normalize

_ATOM = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\((.*)\)$", re.S)


def parse_atom(text: str) -> tuple[str, list] | None:
    """`rel("a", "b")` → ("rel", ["a", "b"]); None when it is not an atom."""
    m = _ATOM.match(text or "")
    if not m:
        return None
    try:
        args = json.loads(f"[{m.group(2)}]")
    except json.JSONDecodeError:
        return None
    return m.group(1), args


def label(tree: dict) -> str:
    """The text a proof node stands for (its premises or its axiom), for paths and messages."""
    return tree.get("premises", tree.get("axiom", "?")) if isinstance(tree, dict) else repr(tree)


def premises(children, rel: str) -> list[tuple[dict, list]]:
    """The children that prove (or state) a `rel` atom, each with that atom's arguments."""
    out = []
    for child in children:
        text = child.get("premises", child.get("axiom")) if isinstance(child, dict) else None
        parsed = parse_atom(text or "")
        if parsed and parsed[0] == rel:
            out.append((child, parsed[1]))
    return out


def same_triple(a, b) -> bool:
    """Two (dimension, op, text) constraint triples agree, up to the dimension's spelling."""
    return (len(a) == 3 and len(b) == 3 and normalize(a[0]) == normalize(b[0])
            and a[1] == b[1] and a[2] == b[2])
