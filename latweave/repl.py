"""`latweave repl`: type plans, see results.

A blank line (or `;;`) runs what was typed; `:json` toggles JSON output; `:dims` lists the
lattice's dimensions, their kinds and (for small taxonomies) their values, as the LLM planner's
prompt shows them; `:help` lists the commands and the plan language in brief; `:quit`, `:q` or
the end of input leaves. An error is shown and the loop goes on. At a terminal, lines are edited
with readline: history kept between sessions, Tab completes commands, keywords, dimension names,
after `dimension <=` (or `=`, `<`...) that dimension's values, and inside a quoted name the
instances whose names begin so (latweave/repl_editing.py).

Large answer sets come a page at a time: `:limit N` (or `latweave repl --limit N`) shows the
first N answers of each plan with their proofs and the exact total, `:more` the next page of the
last plan — from the outputs already at hand, the engine does not run again — and `:limit off`
shows whole answer sets again (the default). At a terminal the loop prompts
(`> `, then `... ` inside a plan) and greets; reading a pipe, it does neither, so a script of
plans gives just their results.
"""

from __future__ import annotations

import sys
from typing import Callable

from rich.text import Text

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


def _limit(text: str) -> int | None:
    """The page size `:limit` sets: a whole number at least 1, or `off` (no paging)."""
    if text == "off":
        return None
    if not text.isdigit() or int(text) < 1:
        raise LatweaveError(f":limit takes a whole number, at least 1, or off; got {text!r}",
                            hint=":limit 100 shows 100 answers at a time, :more the next ones")
    return int(text)


def run_repl(session: LatticeSession, label: str, *, as_json: bool, console,
             show_json: Callable[[Result], None], show_error: Callable[[LatweaveError], None],
             limit: int | None = None) -> None:
    """Read plans from stdin and run them on `session` until `:quit` or the end of input.
    `label` names the lattice in the greeting; results go to `console` (or to `show_json`
    while JSON is on), errors to `show_error`. `limit`: the page size to start with (None:
    whole answer sets; `:limit` changes it)."""
    from rich.markup import escape

    from latweave.terminal import safe

    interactive = sys.stdin.isatty()
    if hasattr(sys.stdin, "reconfigure"):  # a byte that is not UTF-8 becomes a character the parser
        sys.stdin.reconfigure(errors="surrogateescape")  # reports (line, column), not a traceback
    editor = None
    if interactive:
        from latweave.repl_editing import LineEditor

        editor = LineEditor(session.lattice)
        console.print(f"latweave repl on {escape(safe(label))} ({session.engine}); blank line runs, "
                      ":help for more, :quit leaves")
    try:
        _loop(session, interactive, as_json, console, show_json, show_error, limit)
    finally:
        if editor is not None:
            editor.close()


HELP = """\
Type a plan; a blank line (or ;;) runs it. Commands:
  :dims         the lattice's dimensions, kinds and values
  :limit N|off  page answer sets N at a time (off: whole sets); :more shows the next page
  :json         toggle JSON output
  :help         this text;  :quit (or :q, or Ctrl-D) leaves
Plans (grammars/plan.lark):
  meet(species <= mammal, habitat <= aquatic)     the complete answer set
  meet(subject = "Blade Runner") -> directed_by   a chain: follow a dimension from the answers
  let d = ... then meet(directed_by = $d)         a named step
  argmin(date_of_birth, [A, B]) / same(d, A, B)   compare: an extremum or a verdict
  <= means 'is or lies under' (a value and everything more specific); = means exactly that value.
  On a number or date: <= at most, >= at least, <, > strictly, in lo..hi both ends included
  (within 1901: born in 1901..1901).
Tab completes commands, keywords, dimensions, after 'dimension <=' its values, and \"quoted names."""


def _dims(session: LatticeSession) -> str:
    from latweave.planner.prompt import vocabulary

    return vocabulary(session.lattice, max_dimensions=len(session.lattice.dimensions) + 1)


def _loop(session, interactive, as_json, console, show_json, show_error, limit) -> None:
    buffer: list[str] = []
    last: Result | None = None  # the last paged result, which `:more` continues

    def show(result: Result) -> None:
        if as_json:
            show_json(result)
        else:
            console.print(result)

    while True:
        line = _read_line(interactive, more=bool(buffer))
        if line is not None:
            command = line.strip()
            if command in (":quit", ":q"):
                break
            if command == ":json":
                as_json = not as_json
                continue
            if not buffer and command in (":help", ":dims"):
                console.print(Text(HELP if command == ":help" else _dims(session)), highlight=False, soft_wrap=True)
                continue
            if not buffer and (command == ":more" or command.split(" ", 1)[0] == ":limit"):
                try:
                    if command == ":more":
                        last = _more(last)
                        show(last)
                    else:
                        limit = _limit(command[len(":limit"):].strip())
                except LatweaveError as exc:
                    show_error(exc)
                continue
            if command and command != ";;":
                buffer.append(line)
                continue
        text = "\n".join(buffer).strip()
        buffer = []
        if text:
            try:
                result = session.run(text, limit=limit)
                last = result if result.page is not None else None
                show(result)
                if not as_json:
                    for hint in session.suggest(text, result):
                        console.print(Text.assemble(("hint", "bold yellow"), ": ", hint), highlight=False)
            except LatweaveError as exc:
                show_error(exc)
        if line is None:
            break


def _more(last: Result | None) -> Result:
    """The page after `last`'s, from the answer set it holds (no engine run)."""
    if last is None:
        raise LatweaveError("no paged answer set to continue",
                            hint="set :limit N, then run a plan; :more shows its next N answers")
    if not last.page.more:
        raise LatweaveError(f"no more answers: that was the last page ({last.page.total:,} answers)")
    return last.page_at(last.page.page.next())
