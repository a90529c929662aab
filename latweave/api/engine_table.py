"""`latweave engines`: every engine, whether it can run here (or why not), and which
engine runs what when none is named — one plan, or a batch of plans — with the reason (its measured figures: docs/performance.md).
It renders itself and serialises to JSON, so the command line only prints it."""

from __future__ import annotations

import json
from dataclasses import dataclass


@dataclass(frozen=True)
class EngineTable:
    #: (name, why it cannot run here — None when it can), by name
    rows: tuple[tuple[str, str | None], ...]
    #: the batch default (what `--engine` defaults to where one engine serves a command)
    default: str
    #: (role, engine, why) for each role: "single" (one plan), "batch" (many plans at once)
    uses: tuple[tuple[str, str, str], ...] = ()

    @classmethod
    def here(cls) -> "EngineTable":
        """The engines of this installation, as `latweave.engines` reports them."""
        from latweave.engines.base import DEFAULT_ENGINE, DEFAULTS, engine_status

        return cls(tuple(engine_status()), DEFAULT_ENGINE,
                   tuple((role, name, why) for role, (name, why) in DEFAULTS.items()))

    @property
    def available(self) -> list[str]:
        return [name for name, reason in self.rows if reason is None]

    def to_dict(self) -> dict:
        return {"default": self.default,
                "engines": {name: {"available": reason is None, "reason": reason} for name, reason in self.rows},
                "used_for": {role: {"engine": name, "why": why} for role, name, why in self.uses}}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True, indent=2)

    def __rich__(self):
        from rich.console import Group
        from rich.text import Text

        lines = []
        for name, reason in self.rows:
            # a reason is text, never markup: `pip install 'latweave[spark]'` keeps its brackets
            mark = ("available", "green") if reason is None else Text.assemble(("unavailable", "yellow"), ": ", reason)
            roles = [role for role, used, _ in self.uses if used == name]
            tag = f" (default: {' and '.join(ROLE_WORDS[r] for r in roles)})" if roles else ""
            lines.append(Text.assemble(f"{name}{tag}: ", mark))
        if self.uses:
            lines.append(Text("\nwhen no --engine is named:", style="bold"))
            for role, name, why in self.uses:
                lines.append(Text(f"  {ROLE_WORDS[role]}: {name} — {why}"))
        return Group(*lines)


#: how each role reads in the table
ROLE_WORDS = {"single": "one plan", "batch": "batches"}
