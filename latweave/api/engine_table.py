"""`latweave engines`: every registered engine, the default marked, and whether it can run here
(or why not). It renders itself and serialises to JSON, so the command line only prints it."""

from __future__ import annotations

import json
from dataclasses import dataclass


@dataclass(frozen=True)
class EngineTable:
    #: (name, why it cannot run here — None when it can), by name
    rows: tuple[tuple[str, str | None], ...]
    default: str

    @classmethod
    def here(cls) -> "EngineTable":
        """The engines of this installation, as `latweave.engines` reports them."""
        from latweave.engines.base import DEFAULT_ENGINE, engine_status

        return cls(tuple(engine_status()), DEFAULT_ENGINE)

    @property
    def available(self) -> list[str]:
        return [name for name, reason in self.rows if reason is None]

    def to_dict(self) -> dict:
        return {"default": self.default,
                "engines": {name: {"available": reason is None, "reason": reason} for name, reason in self.rows}}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True, indent=2)

    def __rich__(self):
        from rich.console import Group
        from rich.text import Text

        lines = []
        for name, reason in self.rows:
            mark = "[green]available[/]" if reason is None else f"[yellow]unavailable[/]: {reason}"
            lines.append(Text.from_markup(f"{name}{' (default)' if name == self.default else ''}: {mark}"))
        return Group(*lines)
