"""A proof folded for reading: a subtree already shown is printed once, and referred to afterwards.

The proof of a chain's answers repeats itself — every answer of `meet(directed_by = $d)` rests on
the same proof of `$d`, and a 3-hop plan with three answers prints each hop's proof three times.
A terminal tree shows each repeated subtree in full where it first appears, its label marked
`(#n)`, and every later copy as one line, its label and `… (as above, #n)`. Only the rendering is
folded: the JSON (`to_json`) keeps the whole proof, every copy in place, for the auditor and for
scripts.

Two subtrees are the same when their JSON is (the same atoms, rule, notes, evidence and children
in order); a leaf is one line and is never folded. Subtrees are numbered in the order a reader
meets them, and only those that are referred to get a number. The walks are iterative (a saved
proof may be deep); each node's identity is computed once, from its children's.
"""

from __future__ import annotations

import json
from typing import Iterable


class Folding:
    """Which subtrees of `roots` (rendered in that order) repeat, and the state of one rendering:
    `show(node)` answers, in rendering order, how each foldable node is to be drawn."""

    def __init__(self, roots: Iterable):
        self.roots = tuple(roots)
        self._keys: dict[int, int] = {}       # id(node) → its structure's number
        self._interned: dict[tuple, int] = {}   # (ids stay valid: self.roots keeps every node alive)
        for root in self.roots:
            self._key_all(root)
        self.numbers = self._numbers()
        self._shown: set[int] = set()

    # ---- which subtrees repeat ----
    def key(self, node) -> int:
        return self._keys[id(node)]

    def _key_all(self, root) -> None:
        """Every node's structure number, children before parents (iteratively)."""
        stack = [(root, False)]
        while stack:
            node, expanded = stack.pop()
            if id(node) in self._keys:
                continue
            children = getattr(node, "children", ())
            if expanded or not children:
                self._keys[id(node)] = self._intern(node, children)
            else:
                stack.append((node, True))
                stack.extend((child, False) for child in reversed(children))

    def _intern(self, node, children) -> int:
        if _foldable(node):   # its own fields (not its children's JSON again: that would be quadratic)
            own = _text([node.label, node.rule, *(getattr(node, key) for key in node._OPTIONAL),
                         dict(node.extras), sorted(node.absent)])
        else:
            own = _text(node.to_json())
        shape = (type(node).__name__, own, tuple(self._keys[id(c)] for c in children))
        return self._interned.setdefault(shape, len(self._interned))

    def _numbers(self) -> dict[int, int]:
        """The structures a rendering refers back to, numbered in the order they are first shown."""
        seen, order, referred = set(), [], set()
        stack = list(reversed(self.roots))
        while stack:
            node = stack.pop()
            if not _foldable(node):
                continue
            key = self.key(node)
            if key in seen:
                referred.add(key)
                continue
            seen.add(key)
            order.append(key)
            stack.extend(reversed(node.children))
        return {key: n for n, key in enumerate((k for k in order if k in referred), start=1)}

    # ---- one rendering ----
    def show(self, node) -> tuple[str, int | None]:
        """("full", n or None) the first time a foldable subtree is drawn (n: its number, when a
        later copy refers to it); ("ref", n) for every later copy."""
        key = self.key(node)
        if key in self._shown:
            return "ref", self.numbers[key]
        self._shown.add(key)
        return "full", self.numbers.get(key)


def _foldable(node) -> bool:
    """A subtree worth folding: an inner node with children that is a rule (not a leaf or opaque)."""
    return bool(getattr(node, "children", ())) and hasattr(node, "rule")


def _text(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, default=repr)
