"""Proof nodes as the checks read them: a node's label, its premises of one relation, triples.

The proof is read once, at the audit's entry point, into the typed model
(`latweave.proof.model`: atoms with a relation and arguments); the checks ask a node for
`atom.relation` / `atom.args` and never parse text. This module holds the few questions they
share: the text a node stands for (for paths and messages), the children that prove one
relation (or all of them do), and whether two constraint triples agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from latweave.lattice.names import normalize
from latweave.proof.model import Atom, Node

__all__ = ["Premise", "label", "only_premises", "parse_atom", "premises", "same_triple"]


@dataclass(frozen=True, slots=True)
class Premise:
    """A child of a proof node that proves (or states) an atom of the relation asked for, and
    that atom's arguments (a list: the checks compare them with lists)."""

    node: Node
    args: list

    def arg(self, i: int):
        """The i-th argument; None when the atom has fewer (a malformed proof, which the check
        then names)."""
        return self.args[i] if i < len(self.args) else None


def label(tree) -> str:
    """The text a proof node stands for (its premises or its axiom), for paths and messages."""
    return tree if isinstance(tree, str) else tree.label


def parse_atom(text: str) -> tuple[str, list] | None:
    """`rel("a", "b")` → ("rel", ["a", "b"]); None when it is not an atom (for scripts and tests:
    the checks read `node.atom`)."""
    atom = Atom.parse(text)
    return (atom.relation, list(atom.args)) if atom is not None else None


def premises(children, relation: str) -> list[Premise]:
    """The children that prove (or state) a `relation` atom, in order."""
    return [Premise(child, list(child.atom.args)) for child in children
            if child.atom is not None and child.atom.relation == relation]


def only_premises(children, relation: str) -> list[Premise] | None:
    """The premises of a node that rests on `relation` atoms alone, at least one of them (each
    with its arguments); None when it has none, or any child of another kind."""
    found = premises(children, relation)
    return found if found and len(found) == len(children) else None


def same_triple(a, b) -> bool:
    """Two (dimension, op, text) constraint triples agree, up to the dimension's spelling."""
    return (len(a) == 3 and len(b) == 3 and normalize(a[0]) == normalize(b[0])
            and a[1] == b[1] and a[2] == b[2])
