"""One result type for every plan: an answer set, a verdict, or an abstention with its reason.

Its proof and witness are typed (`latweave.proof.model.Proof`, `latweave.proof.witness.Witness`);
it serialises to the JSON the CLI prints (`to_json` is byte-stable: sorted keys, fixed layout) and
renders itself in a terminal through rich's `__rich__` protocol, delegating to what it holds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from latweave.proof.model import Proof
from latweave.proof.witness import Witness, render_contested
from latweave.reasons import Reason


@dataclass(frozen=True)
class Result:
    status: str                      # "answer" | "verdict" | "abstain"
    answers: tuple[str, ...] = ()
    verdict: bool | None = None
    reason: Reason | str | None = None
    reasons: tuple[Reason | str, ...] = ()
    witness: Witness = field(default_factory=Witness, compare=False, hash=False)
    proof: Proof = field(default_factory=Proof, compare=False, hash=False)
    plan: str | None = None          # the plan's canonical text
    # answers a meet could not decide (a contested coordinate on their route): each
    # {"answer", "supported_by": [...], "contradicted_by": [...]}, sorted by answer
    contested: tuple = field(default=(), compare=False, hash=False)

    def __post_init__(self):
        # a witness or proof given as its JSON (a script, an old caller) is read into the model
        if not isinstance(self.witness, Witness):
            object.__setattr__(self, "witness", Witness.from_json(self.witness or {}))
        if not isinstance(self.proof, Proof):
            object.__setattr__(self, "proof", Proof.from_json(self.proof))

    def to_dict(self) -> dict:
        return {"status": self.status, "answers": list(self.answers), "verdict": self.verdict,
                "reason": self.reason, "reasons": list(self.reasons), "witness": self.witness.to_json(),
                "proof": self.proof.to_json(), "plan": self.plan, "contested": list(self.contested)}

    @classmethod
    def from_dict(cls, obj: dict) -> "Result":
        return cls(obj["status"], tuple(obj.get("answers", ())), obj.get("verdict"), obj.get("reason"),
                   tuple(obj.get("reasons", ())), Witness.from_json(obj.get("witness", {})),
                   Proof.from_json(obj.get("proof", {})), obj.get("plan"), tuple(obj.get("contested", ())))

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
            self.witness.render_into(tree)
            return tree
        self.proof.render_into(tree)
        for entry in self.contested:
            render_contested(tree, entry)
        return tree
