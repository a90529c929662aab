"""`latweave repl`: type plans, see results.

A blank line (or `;;`) runs what was typed; `:json` toggles JSON output; `:quit`, `:q` or the
end of input leaves. An error is shown and the loop goes on. At a terminal the loop prompts
(`> `, then `... ` inside a plan) and greets; reading a pipe, it does neither, so a script of
plans gives just their results.
"""

from __future__ import annotations

import sys
from typing import Callable

from latweave.api import LatticeSession
from latweave.errors import LatweaveError
from latweave.result import Result


def _read_line(interactive: bool, more: bool) -> str | None:
    """The next input line without its newline; None at the end of input. At a terminal the
    prompt says whether a plan is being continued (`... `) or begun (`> `)."""
    try:
        line = input("... " if more else "> ") if interactive else sys.stdin.readline()
    except EOFError:  # Ctrl-D at a terminal
        return None
    if not interactive and line == "":
        return None
    return line.rstrip("\n")


def run_repl(session: LatticeSession, label: str, *, as_json: bool, console,
             show_json: Callable[[Result], None], show_error: Callable[[LatweaveError], None]) -> None:
    """Read plans from stdin and run them on `session` until `:quit` or the end of input.
    `label` names the lattice in the greeting; results go to `console` (or to `show_json`
    while JSON is on), errors to `show_error`."""
    from rich.markup import escape

    from latweave.terminal import safe

    interactive = sys.stdin.isatty()
    if hasattr(sys.stdin, "reconfigure"):  # a byte that is not UTF-8 becomes a character the parser
        sys.stdin.reconfigure(errors="surrogateescape")  # reports (line, column), not a traceback
    if interactive:
        console.print(f"latweave repl on {escape(safe(label))} ({session.engine}); blank line runs, :quit leaves")
    buffer: list[str] = []
    while True:
        line = _read_line(interactive, more=bool(buffer))
        if line is not None:
            if line.strip() in (":quit", ":q"):
                break
            if line.strip() == ":json":
                as_json = not as_json
                continue
            if line.strip() and line.strip() != ";;":
                buffer.append(line)
                continue
        text = "\n".join(buffer).strip()
        buffer = []
        if text:
            try:
                result = session.run(text)
                if as_json:
                    show_json(result)
                else:
                    console.print(result)
            except LatweaveError as exc:
                show_error(exc)
        if line is None:
            break
