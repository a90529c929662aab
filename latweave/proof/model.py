"""The proof model: ground atoms, rule nodes and leaves, typed — built by `extract`, walked by the auditor.

A proof is a tree in Soufflé's provenance shape. Inner nodes serialise as
`{"premises": "member(\\"meet#0\\", \\"Whale\\")", "rule-number": "(R1)", "children": [...]}`, leaves
as `{"axiom": "coord(...)", "evidence": {...}}`, each with its atom structured beside the text
(`"atom": {"pred": "member", "args": ["meet#0", "Whale"]}`: a script need not parse the text); an
answer result wraps its trees as `{"trees": [...], "contested": [...]}`, a verdict or an abstention
is one tree. `to_json()` writes exactly that JSON and `from_json()` reads it back (a saved result,
Soufflé's own `explain`), so that `Proof.from_json(p.to_json()) == p` and the JSON round-trips
unchanged (a file written before atoms were structured is written back without them).

Atom text is written in one place (`Atom.__str__`: string arguments JSON-quoted, as Soufflé prints
them) and read in one place (`Atom.parse`: a small tokenizer over the arguments with
`json.JSONDecoder.raw_decode`). A node read from a file that is not well formed (a tampered
result) is kept as it is — an `Opaque` node, or a head that is text rather than an atom — so the
auditor can say what is wrong with it and the JSON still round-trips.

Every node renders itself (`__rich__`, or `render_into` a rich Tree), data strings escaped through
`latweave.terminal.safe`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping, Union

from latweave.terminal import safe

Arg = Union[str, int]
_DECODER = json.JSONDecoder()
_IDENT_START = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")
_IDENT = _IDENT_START | frozenset("0123456789")


def _quoted(arg: Arg) -> str:
    """An argument as Soufflé prints it: a string JSON-quoted, a number as itself."""
    try:
        return _quoted_cached(arg)
    except TypeError:  # an unhashable value read from a file (a JSON list): written as JSON
        return json.dumps(arg, ensure_ascii=False)


@lru_cache(maxsize=1 << 16)
def _quoted_cached(arg: Arg) -> str:
    return json.dumps(arg, ensure_ascii=False)


# ---- atoms ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Atom:
    """A ground atom: `Atom("hit", ("genre", "<=", "drama", "Taxi!", "drama"))`.

    `str(atom)` is the text proofs carry: `hit("genre", "<=", "drama", "Taxi!", "drama")`.
    `spelling` keeps the text an atom was read from when it is not that canonical text (other
    spacing), so that what was read is what is written back."""

    relation: str
    args: tuple[Arg, ...] = ()
    spelling: str | None = field(default=None, compare=False, repr=False)

    @classmethod
    def of(cls, relation: str, *args: Arg) -> "Atom":
        return cls(relation, tuple(args))

    def __str__(self) -> str:
        if self.spelling is not None:
            return self.spelling
        return f"{self.relation}({', '.join(_quoted(a) for a in self.args)})"

    def to_json(self) -> dict:
        """The atom structured, beside its text in a proof's JSON: `{"pred": "hit", "args": [...]}`
        (a script reads it without parsing the text)."""
        return {"pred": self.relation, "args": list(self.args)}

    @classmethod
    def parse(cls, text: object) -> "Atom | None":
        """`rel("a", 1)` → Atom("rel", ("a", 1)); None when `text` is not a ground atom (a relation
        name, then JSON values separated by commas in parentheses)."""
        if not isinstance(text, str) or not text or text[0] not in _IDENT_START:
            return None
        open_at = text.find("(")
        if open_at < 0 or not text.endswith(")") or any(c not in _IDENT for c in text[:open_at]):
            return None
        args, pos, end = [], open_at + 1, len(text) - 1
        pos = _skip_space(text, pos, end)
        while pos < end:
            try:
                value, pos = _DECODER.raw_decode(text, pos)
            except json.JSONDecodeError:
                return None
            if pos > end:
                return None
            args.append(value)
            pos = _skip_space(text, pos, end)
            if pos < end:
                if text[pos] != ",":
                    return None
                pos = _skip_space(text, pos + 1, end)
                if pos == end:  # a trailing comma
                    return None
        atom = cls(text[:open_at], tuple(args))
        return atom if str(atom) == text else cls(atom.relation, atom.args, spelling=text)


def _skip_space(text: str, pos: int, end: int) -> int:
    while pos < end and text[pos] in " \t\n\r":
        pos += 1
    return pos


# ---- evidence -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Evidence:
    """Where a lattice fact was read: predicate id, document, the verbatim text and its offsets,
    and the `line` and `column` (1-based, in characters) of the document where the text starts —
    what a person opens the file at. A result saved before they were cited has neither (it
    renders with its offsets)."""

    predicate: Any
    doc: Any
    source_text: Any
    start: Any
    end: Any
    confidence: Any
    line: Any = None
    column: Any = None

    KEYS = ("predicate", "doc", "source_text", "start", "end", "confidence")
    PLACE = ("line", "column")

    def to_json(self) -> dict:
        out = {k: getattr(self, k) for k in self.KEYS}
        if self.line is not None:
            out.update(line=self.line, column=self.column)
        return out

    @classmethod
    def from_json(cls, obj) -> "Evidence | None":
        """The evidence `obj` states; None when it is not exactly an evidence object (the six
        keys, and both or neither of line and column)."""
        if not isinstance(obj, dict) or set(obj) not in (set(cls.KEYS), set(cls.KEYS + cls.PLACE)):
            return None
        if "line" in obj and obj["line"] is None:
            return None
        return cls(**obj)


def append_evidence(label, evidence: Mapping) -> None:
    """Quote evidence after a label: “source text”  [doc:line] (file:line, as an editor opens
    it; `doc:line:column` when the text starts inside a line), or [doc start:end] when the
    evidence gives no line (a result saved before lines were cited)."""
    label.append(f'  “{safe(evidence["source_text"])}”', style="italic")
    label.append(f'  [{safe(evidence["doc"])}{_where(evidence)}]', style="dim")


def _where(evidence: Mapping) -> str:
    line, column = evidence.get("line"), evidence.get("column")
    if not _whole(line):
        return f' {evidence["start"]}:{evidence["end"]}'
    return f":{line}" if column == 1 or not _whole(column) else f":{line}:{column}"


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ---- nodes ----------------------------------------------------------------------------------------

class _Node:
    """What every kind of node shares: it renders as a tree of its own."""

    def __rich__(self):
        return _standalone(self)

    def _repr_html_(self) -> str:   # a notebook shows the tree, escaped (latweave/proof/notebook.py)
        from latweave.proof.notebook import html_of

        return html_of(self)


class _Headed(_Node):
    """A node named by its head: an `Atom`, or the text a file had when it is not one (kept as
    written, so the auditor can name it and it is written back unchanged)."""

    head: "Atom | str"

    @property
    def atom(self) -> Atom | None:
        return self.head if isinstance(self.head, Atom) else None

    @property
    def label(self) -> str:
        return str(self.head)

    def _with_atom(self, out: dict) -> dict:
        """`out` with the head structured under "atom" (when it is an atom; a file read without
        the key is written back without it, and one whose "atom" differs keeps its own in extras)."""
        if isinstance(self.head, Atom) and "atom" not in self.absent:
            out["atom"] = self.head.to_json()
        return out


def _atom_fields(obj: dict, head) -> tuple[dict, frozenset]:
    """The keys of node JSON `obj` other than its structured atom, when that is `head`'s own (it is
    written again from the head), and whether the file left the atom out."""
    if not isinstance(head, Atom):
        return obj, frozenset()
    if "atom" not in obj:
        return obj, frozenset({"atom"})
    if obj["atom"] == head.to_json():
        return {k: v for k, v in obj.items() if k != "atom"}, frozenset()
    return obj, frozenset()


@dataclass(frozen=True)
class Rule(_Headed):
    """An inner node: `atom` derived by rule `rule` ("(R1)", "(meet)", ...) from `children`.

    `note` is a readable gloss (a span of days in years); `meet` names the plan meet a member
    belongs to; `contested` explains an argument reached only by a doubtful route; `order` says how
    two values were compared; `extras` holds any other field (`winner_item`, ...) in order."""

    head: "Atom | str"
    rule: Any = None
    children: tuple["Node", ...] = ()
    note: Any = None
    meet: Any = None
    contested: Any = None
    order: Any = None
    extras: Mapping[str, Any] = field(default_factory=dict)
    absent: frozenset = field(default=frozenset(), compare=False, repr=False)  # keys a file left out

    _OPTIONAL = ("note", "meet", "contested", "order")

    def __post_init__(self):
        if not isinstance(self.children, tuple):  # built from a list
            object.__setattr__(self, "children", tuple(self.children))

    def to_json(self) -> dict:
        out = self._with_atom({"premises": self.label, "rule-number": self.rule,
                               "children": [c.to_json() for c in self.children]})
        for key in self.absent - {"atom"}:
            del out[key]
        for key in self._OPTIONAL:
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        out.update(self.extras)
        return out

    def json_field(self, key: str, default=None):
        """A field as the JSON holds it (for checks that compare it with the lattice's rows)."""
        if key in self._OPTIONAL:
            value = getattr(self, key)
            return default if value is None else value
        return self.extras.get(key, default)

    def render_into(self, tree, fold=None) -> None:
        """Add this subtree under `tree`; with `fold` (latweave/proof/fold.py), a subtree shown
        before is one line that refers to it."""
        from rich.text import Text

        label = Text(safe(self.label), style="bold")
        if self.note:  # a readable gloss, e.g. a span of days in years
            label.append(f"  {safe(self.note)}", style="dim")
        how, number = fold.show(self) if fold is not None and self.children else ("full", None)
        if how == "ref":
            label.append(f"  … (as above, #{number})", style="dim")
            tree.add(label)
            return
        if number is not None:
            label.append(f"  (#{number})", style="dim")
        branch = tree.add(label)
        for child in self.children:
            child.render_into(branch, fold)


@dataclass(frozen=True)
class Leaf(_Headed):
    """A leaf: a lattice fact (`coord`, `subsumes`, `bounds`, ...) or a premise the rules take as
    given (`beats`, `ties`), with the evidence it rests on, the bounds it states, or the order by
    which two values were compared; `extras` holds any other field in order."""

    head: "Atom | str"
    evidence: Evidence | None = None
    bounds: tuple | None = None
    order: Any = None
    extras: Mapping[str, Any] = field(default_factory=dict)
    absent: frozenset = field(default=frozenset(), compare=False, repr=False)  # "atom", when a file left it out

    children: tuple = ()

    def to_json(self) -> dict:
        out: dict = self._with_atom({"axiom": self.label})
        if self.evidence is not None:
            out["evidence"] = self.evidence.to_json()
        if self.bounds is not None:
            out["bounds"] = list(self.bounds)
        if self.order is not None:
            out["order"] = self.order
        out.update(self.extras)
        return out

    def json_field(self, key: str, default=None):
        """A field as the JSON holds it (for checks that compare it with the lattice's rows)."""
        if key == "evidence" and self.evidence is not None:
            return self.evidence.to_json()
        if key == "bounds" and self.bounds is not None:
            return list(self.bounds)
        if key == "order" and self.order is not None:
            return self.order
        return self.extras.get(key, default)

    def render_into(self, tree, fold=None) -> None:
        from rich.text import Text

        label = Text(safe(self.label), style="cyan")
        evidence = self.json_field("evidence")
        if evidence:
            append_evidence(label, evidence)
        source = self.json_field("source")
        if isinstance(source, str):  # where a stated fact that is no predicate comes from (a table)
            label.append(f"  [{safe(source)}]", style="dim")
        tree.add(label)


@dataclass(frozen=True)
class WitnessLeaf(_Node):
    """A leaf of an `abstain(reason)` proof: one reason's witness, which the JSON states as the
    witness's own JSON text (`{"axiom": "{\\"unknown\\": ...}", "reason": "unknown_anchor"}`)."""

    reason: Any
    detail: Any
    spelling: str | None = field(default=None, compare=False, repr=False)
    extras: Mapping[str, Any] = field(default_factory=dict)

    children: tuple = ()
    atom = None

    @property
    def label(self) -> str:
        if self.spelling is not None:
            return self.spelling
        return json.dumps(self.detail, ensure_ascii=False, sort_keys=True)

    def to_json(self) -> dict:
        out = {"axiom": self.label}
        if self.reason is not None:
            out["reason"] = self.reason
        out.update(self.extras)
        return out

    def json_field(self, key: str, default=None):
        return self.reason if key == "reason" and self.reason is not None else self.extras.get(key, default)

    def render_into(self, tree, fold=None) -> None:
        from latweave.proof.witness import render_reason

        render_reason(tree, str(self.reason) if self.reason is not None else "witness", self.detail)


@dataclass(frozen=True)
class Opaque(_Node):
    """A node read from JSON that is none of the above (not an object, or no premises or axiom
    text): kept as it was, so the auditor can name it and it is written back unchanged."""

    raw: Any

    children: tuple = ()
    atom = None

    @property
    def label(self) -> str:
        if isinstance(self.raw, dict):
            text = self.raw.get("premises", self.raw.get("axiom", "?"))
            return text if isinstance(text, str) else repr(text)
        return repr(self.raw)

    def to_json(self):
        return self.raw

    def json_field(self, key: str, default=None):
        return self.raw.get(key, default) if isinstance(self.raw, dict) else default

    def render_into(self, tree, fold=None) -> None:
        from rich.text import Text

        tree.add(Text(safe(self.label), style="bold"))


Node = Union[Rule, Leaf, WitnessLeaf, Opaque]


def _standalone(node: Node):
    """A node as a rich Tree of its own (its label the root)."""
    from rich.tree import Tree

    holder = Tree("")
    node.render_into(holder)
    return holder.children[0]


def node_from_json(obj) -> Node:
    """The node `obj` (a provenance JSON node) states; an `Opaque` one when it is not well formed."""
    if not isinstance(obj, dict):
        return Opaque(obj)
    if "axiom" in obj:
        return _leaf_from_json(obj)
    premises, children = obj.get("premises"), obj.get("children", [])
    if not isinstance(premises, str) or not isinstance(children, list):
        return Opaque(obj)
    head = Atom.parse(premises) or premises
    rest, no_atom = _atom_fields(obj, head)
    fields = {key: obj[key] for key in Rule._OPTIONAL if key in obj and obj[key] is not None}
    extras = {k: v for k, v in rest.items() if k not in ("premises", "rule-number", "children") and k not in fields}
    absent = frozenset(k for k in ("rule-number", "children") if k not in obj) | no_atom
    return Rule(head, obj.get("rule-number"),
                tuple(node_from_json(c) for c in children), extras=extras, absent=absent, **fields)


def _leaf_from_json(obj: dict) -> Node:
    text = obj["axiom"]
    if not isinstance(text, str):
        return Opaque(obj)
    atom = Atom.parse(text)
    if atom is None:
        try:
            detail = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            detail = None
        else:
            leaf = WitnessLeaf(obj.get("reason"), detail,
                               extras={k: v for k, v in obj.items() if k not in ("axiom", "reason")})
            if leaf.label != text:
                leaf = WitnessLeaf(leaf.reason, detail, spelling=text, extras=leaf.extras)
            return leaf if leaf.to_json() == obj else Opaque(obj)
    fields: dict = {}
    evidence = Evidence.from_json(obj.get("evidence"))
    if evidence is not None:
        fields["evidence"] = evidence
    if isinstance(obj.get("bounds"), list):
        fields["bounds"] = tuple(obj["bounds"])
    if obj.get("order") is not None:
        fields["order"] = obj["order"]
    head = atom if atom is not None else text
    rest, no_atom = _atom_fields(obj, head)
    extras = {k: v for k, v in rest.items() if k != "axiom" and k not in fields}
    leaf = Leaf(head, extras=extras, absent=no_atom, **fields)
    return leaf if leaf.to_json() == obj else Opaque(obj)


# ---- the proof ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Proof:
    """A result's proof: one tree (a verdict, an abstention), or an answer set's `trees` (one
    `answer(y)` tree each) with the `contested` answers' trees beside them; empty when proofs were
    skipped. `extras` keeps any other top-level field a file holds."""

    tree: Node | None = None
    trees: tuple[Node, ...] | None = None
    contested: tuple[Node, ...] | None = None
    extras: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, tree: Node) -> "Proof":
        return cls(tree=tree)

    @classmethod
    def answers(cls, trees, contested=None) -> "Proof":
        return cls(trees=tuple(trees), contested=tuple(contested) if contested else None)

    def __bool__(self) -> bool:  # as its JSON would be: {} is the only empty proof
        return self.tree is not None or self.trees is not None or self.contested is not None or bool(self.extras)

    @property
    def root(self) -> Node:
        """The one tree of a verdict or an abstention (an Opaque node standing for the whole proof
        when it is not one tree)."""
        return self.tree if self.tree is not None else Opaque(self.to_json())

    @property
    def shown(self) -> tuple[Node, ...]:
        """The trees a reader is shown: the answer trees, or the one tree."""
        if self.trees is not None:
            return self.trees
        return (self.tree,) if self.tree is not None else ()

    def to_json(self) -> dict:
        if self.tree is not None:
            return self.tree.to_json()
        out: dict = {}
        if self.trees is not None:
            out["trees"] = [t.to_json() for t in self.trees]
        if self.contested is not None:
            out["contested"] = [t.to_json() for t in self.contested]
        out.update(self.extras)
        return out

    @classmethod
    def from_json(cls, obj) -> "Proof":
        if obj is None or obj == {}:
            return cls()
        if not isinstance(obj, dict):
            return cls(tree=Opaque(obj))
        if "trees" not in obj and "contested" not in obj:
            return cls(tree=node_from_json(obj))
        fields: dict = {}
        for key in ("trees", "contested"):
            if isinstance(obj.get(key), list):
                fields[key] = tuple(node_from_json(t) for t in obj[key])
        extras = {k: v for k, v in obj.items() if k not in fields}
        return cls(extras=extras, **fields)

    def render_into(self, tree) -> None:
        """The trees a reader is shown, folded: a subtree shown before is referred to (fold.py)."""
        from latweave.proof.fold import Folding

        fold = Folding(self.shown)
        for node in self.shown:
            node.render_into(tree, fold)

    def __rich__(self):
        from rich.tree import Tree

        holder = Tree("proof")
        self.render_into(holder)
        return holder

    def _repr_html_(self) -> str:   # a notebook shows the tree, escaped (latweave/proof/notebook.py)
        from latweave.proof.notebook import html_of

        return html_of(self)


def walk(node: Node):
    """Every node of a tree, depth first (iteratively: a saved proof may be deep)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))
