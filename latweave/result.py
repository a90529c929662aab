"""One result type for every plan: an answer set, a verdict, or an abstention with its reason.

It serialises to the JSON the CLI prints (`to_json` is byte-stable: sorted keys, fixed layout)
and renders itself in a terminal through rich's `__rich__` protocol.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Result:
    status: str                      # "answer" | "verdict" | "abstain"
    answers: tuple[str, ...] = ()
    verdict: bool | None = None
    reason: str | None = None
    reasons: tuple[str, ...] = ()
    witness: dict = field(default_factory=dict, compare=False, hash=False)
    proof: dict = field(default_factory=dict, compare=False, hash=False)
    plan: str | None = None          # the plan's canonical text
    # answers a meet could not decide (a contested coordinate on their route): each
    # {"answer", "supported_by": [...], "contradicted_by": [...]}, sorted by answer
    contested: tuple = field(default=(), compare=False, hash=False)

    def to_dict(self) -> dict:
        return {"status": self.status, "answers": list(self.answers), "verdict": self.verdict,
                "reason": self.reason, "reasons": list(self.reasons), "witness": self.witness,
                "proof": self.proof, "plan": self.plan, "contested": list(self.contested)}

    @classmethod
    def from_dict(cls, obj: dict) -> "Result":
        return cls(obj["status"], tuple(obj.get("answers", ())), obj.get("verdict"), obj.get("reason"),
                   tuple(obj.get("reasons", ())), obj.get("witness", {}), obj.get("proof", {}), obj.get("plan"),
                   tuple(obj.get("contested", ())))

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True, indent=indent)

    def __rich__(self):
        from rich.text import Text
        from rich.tree import Tree

        from latweave.terminal import safe  # data strings reach the terminal escaped

        if self.status == "answer":
            title = Text.assemble(("answer ", "bold green"), (safe(", ".join(self.answers)), "bold"))
            if self.contested:
                title.append(f"  ({len(self.contested)} contested: "
                             + safe(", ".join(e["answer"] for e in self.contested)) + ")", style="yellow")
        elif self.status == "verdict":
            title = Text.assemble(("verdict ", "bold green"), (str(self.verdict).lower(), "bold"))
        else:
            title = Text.assemble(("abstain ", "bold yellow"), (safe(self.reason or ""), "bold"))
        tree = Tree(title)
        if self.plan:
            tree.add(Text(safe(self.plan, newlines=True), style="magenta"))
        if self.status == "abstain":
            for reason, detail in self.witness.items():
                _add_witness(tree, reason, detail)
            return tree
        for proof in self.proof.get("trees", [self.proof] if self.proof else []):
            _add(tree, proof)
        for entry in self.contested:
            _add_contested(tree, entry)
        return tree


#: Witness keys whose entries render as contested answers, items or values (with evidence).
_CONTESTED_KEYS = ("contested", "undecided_items")


def _add_witness(tree, reason: str, detail) -> None:
    """One abstention reason: plan-level conflicts as lines, contested entries with their
    evidence on each side, anything else as compact JSON (data strings escaped)."""
    from rich.text import Text

    from latweave.terminal import safe

    def dumps(obj) -> str:
        return safe(json.dumps(obj, ensure_ascii=False, sort_keys=True))

    if not isinstance(detail, dict):
        tree.add(Text.assemble((safe(reason), "yellow"), ": ", dumps(detail)))
        return
    rest = {k: v for k, v in detail.items() if k not in _CONTESTED_KEYS and not (k == "conflicts" and v == [])}
    conflicts = rest.pop("conflicts", None) if reason == "conflict" else None
    head = Text(safe(reason), style="yellow")
    if rest:
        head.append(": " + dumps(rest))
    branch = tree.add(head)
    for conflict in conflicts or ():
        branch.add(Text(safe(f"{' and '.join(conflict['constraints'])}: no common lower bound on "
                             f"{conflict['dimension']}")))
    for key in _CONTESTED_KEYS:
        for entry in detail.get(key) or ():
            _add_contested(branch, entry)


def _add_contested(tree, entry: dict) -> None:
    """A contested answer (or item, or value) with the evidence on each side."""
    from rich.text import Text

    from latweave.terminal import safe

    if "values" in entry:  # a compare's contested coordinate: every stated value
        branch = tree.add(Text.assemble(("contested ", "bold yellow"), (safe(entry["item"]), "bold"),
                                        safe(f" on {entry['dimension']}")))
        for stated in entry["values"]:
            _add_stated(branch, stated)
        return
    label = entry.get("answer", entry.get("item", ""))
    head = Text.assemble(("contested ", "bold yellow"), (safe(label), "bold"))
    if entry.get("argument"):
        head.append(safe(f" (argument {entry['argument']})"))
    branch = tree.add(head)
    for side, title in (("supported_by", "supported by"), ("contradicted_by", "contradicted by")):
        if entry.get(side):
            sub = branch.add(Text(title, style="green" if side == "supported_by" else "red"))
            for stated in entry[side]:
                _add_stated(sub, stated)


def _add_stated(tree, stated: dict) -> None:
    """One stated predicate: instance, dimension, value and its evidence (escaped)."""
    from rich.text import Text

    from latweave.terminal import safe

    label = Text(safe(f'{stated["instance"]}: {stated["dimension"]} = {stated["value"]}'), style="cyan")
    evidence = stated.get("evidence") or {}
    if evidence:
        label.append(f'  “{safe(evidence["source_text"])}”', style="italic")
        label.append(f'  [{safe(evidence["doc"])} {evidence["start"]}:{evidence["end"]}]', style="dim")
    tree.add(label)


def _add(tree, proof: dict) -> None:
    from rich.text import Text

    from latweave.terminal import safe

    if "axiom" in proof:
        label = Text(safe(proof["axiom"]), style="cyan")
        evidence = proof.get("evidence")
        if evidence:
            label.append(f'  “{safe(evidence["source_text"])}”', style="italic")
            label.append(f'  [{safe(evidence["doc"])} {evidence["start"]}:{evidence["end"]}]', style="dim")
        tree.add(label)
        return
    label = Text(safe(proof["premises"]), style="bold")
    if proof.get("note"):  # a readable gloss, e.g. a span of days in years
        label.append(f'  {safe(proof["note"])}', style="dim")
    branch = tree.add(label)
    for child in proof.get("children", []):
        _add(branch, child)
