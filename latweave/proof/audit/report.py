"""The audit's verdict on one result: what failed, how many steps held, what could not be checked.

An `AuditReport` renders itself (`__rich__`) as a tree of failures and notes, and serialises to
JSON (`to_dict`), so the CLI only prints it and scripts can read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class AuditReport:
    """What the audit found: `ok` when no step failed; `checked` counts verified steps."""

    ok: bool = True
    checked: int = 0
    failures: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)   # claims left unverified (none since the audit
    # evaluates the plan itself: kept so that saved reports keep their shape)

    def to_dict(self) -> dict:
        return {"ok": self.ok, "checked": self.checked, "failures": list(self.failures),
                "notes": list(self.notes)}

    def __rich__(self):
        from rich.text import Text
        from rich.tree import Tree

        if self.ok:
            title = Text.assemble(("audit ok ", "bold green"), (f"{self.checked} steps verified", "dim"))
        else:
            title = Text.assemble(("audit FAILED ", "bold red"),
                                  (f"{len(self.failures)} failure(s), {self.checked} steps verified", "dim"))
        tree = Tree(title)
        for failure in self.failures:
            branch = tree.add(Text.assemble(("✗ ", "red"), (failure["step"], "bold"), "  ",
                                            (failure["problem"], "red")))
            if len(failure["path"]) > 1:
                branch.add(Text(" ⟶ ".join(failure["path"][:-1]), style="dim"))
        for note in self.notes:
            tree.add(Text.assemble(("? ", "yellow"), (note, "yellow")))
        return tree
