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

    def to_dict(self) -> dict:
        return {"status": self.status, "answers": list(self.answers), "verdict": self.verdict,
                "reason": self.reason, "reasons": list(self.reasons), "witness": self.witness,
                "proof": self.proof, "plan": self.plan}

    @classmethod
    def from_dict(cls, obj: dict) -> "Result":
        return cls(obj["status"], tuple(obj.get("answers", ())), obj.get("verdict"), obj.get("reason"),
                   tuple(obj.get("reasons", ())), obj.get("witness", {}), obj.get("proof", {}), obj.get("plan"))

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True, indent=indent)

    def __rich__(self):
        from rich.text import Text
        from rich.tree import Tree

        if self.status == "answer":
            title = Text.assemble(("answer ", "bold green"), (", ".join(self.answers), "bold"))
        elif self.status == "verdict":
            title = Text.assemble(("verdict ", "bold green"), (str(self.verdict).lower(), "bold"))
        else:
            title = Text.assemble(("abstain ", "bold yellow"), (self.reason or "", "bold"))
        tree = Tree(title)
        if self.plan:
            tree.add(Text(self.plan, style="magenta"))
        if self.status == "abstain":
            for reason, detail in self.witness.items():
                tree.add(Text.assemble((reason, "yellow"), ": ", json.dumps(detail, ensure_ascii=False, sort_keys=True)))
            return tree
        for proof in self.proof.get("trees", [self.proof] if self.proof else []):
            _add(tree, proof)
        return tree


def _add(tree, proof: dict) -> None:
    from rich.text import Text

    if "axiom" in proof:
        label = Text(proof["axiom"], style="cyan")
        evidence = proof.get("evidence")
        if evidence:
            label.append(f'  “{evidence["source_text"]}”', style="italic")
            label.append(f'  [{evidence["doc"]} {evidence["start"]}:{evidence["end"]}]', style="dim")
        tree.add(label)
        return
    label = Text(proof["premises"], style="bold")
    if proof.get("note"):  # a readable gloss, e.g. a span of days in years
        label.append(f'  {proof["note"]}', style="dim")
    branch = tree.add(label)
    for child in proof.get("children", []):
        _add(branch, child)
