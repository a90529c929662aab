"""`latweave repl`: type plans, see results.

A blank line runs what was typed, and so does a line ending in `;;` (`meet(...);;`, or `;;`
alone), or in `;` once what was typed is a whole plan (`let d = meet(...);` goes on reading, as
a `let` needs the expression after it). `:json` toggles JSON output; `:dims` lists the lattice's
dimensions, their kinds and (for small taxonomies) their values, as the LLM planner's prompt shows
them; `:help` lists the commands and the plan language in brief; `:quit`, `:q` or the end of
input (Ctrl-D) leaves. An error is shown and the loop goes on. At a terminal, lines are edited
with readline: a history per lattice (a plan comes back whole, however many lines it took;
latweave/repl_history.py), Tab completes commands, keywords, dimension names, after `dimension
<=` (or `=`, `<`...) that dimension's values, and inside a quoted name the instances whose names
begin so (latweave/repl_editing.py). Ctrl-C drops what was typed and prompts again, as python,
sqlite3 and duckdb do; while a plan runs it stops the plan (the engine's session is opened
afresh, so nothing the stopped run half-built is reused) and prompts again.

Large answer sets come a page at a time: `:limit N` (or `latweave repl --limit N`) shows the
first N answers of each plan with their proofs and the exact total, `:more` the next page of the
last plan — from the outputs already at hand, the engine does not run again — and `:limit off`
shows whole answer sets again (the default). At a terminal the loop prompts
(`> `, then `... ` inside a plan) and greets; reading a pipe, it does neither, so a script of
plans gives just their results.

Reading a pipe is a batch: with JSON on, each result is one line of compact JSON (JSON Lines),
and so is each error (the error's object, with the `plan` or `command` it was about) and what
`:dims` and `:help` print (`{"dims": "<text>"}`); the exit
status is the worst of what each plan's `latweave run` would have exited with — 4 (an engine
failed) over 2 (a plan or command was refused) over 3 (a plan abstained) over 0 — and 130 when
Ctrl-C stopped it. At a terminal the REPL exits 0, and JSON is indented for reading.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
from contextlib import contextmanager
from typing import Callable

from rich.text import Text

from latweave.api import LatticeSession
from latweave.engines.timeout import keep_interrupting
from latweave.errors import EXIT_ABSTAIN, EXIT_ENGINE, EXIT_OK, EXIT_USER, LatweaveError, PlanError
from latweave.outcomes import exit_code
from latweave.result import Result

#: Exit statuses as `latweave run` gives them for one plan (README, "Exit codes"), least severe first:
#: a batch exits with the most severe it met.
ANSWERED, ABSTAINED, REFUSED, ENGINE_FAILED = EXIT_OK, EXIT_ABSTAIN, EXIT_USER, EXIT_ENGINE
SEVERITY = (ANSWERED, ABSTAINED, REFUSED, ENGINE_FAILED)


def _severity(status: int) -> int:
    """Where an exit status ranks in SEVERITY (one that is not listed there ranks above them all)."""
    return SEVERITY.index(status) if status in SEVERITY else len(SEVERITY)


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
             write_json: Callable[[str], None], show_error: Callable[[LatweaveError], None],
             limit: int | None = None) -> int:
    """Read plans from stdin and run them on `session` until `:quit` or the end of input; the
    exit status (module docstring). `label` names the lattice in the greeting; results go to
    `console`, or as JSON text to `write_json` while JSON is on (errors too, then); errors
    otherwise to `show_error`. `limit`: the page size to start with (None: whole answer sets;
    `:limit` changes it)."""
    from rich.markup import escape

    from latweave.terminal import safe

    interactive = sys.stdin.isatty()
    if hasattr(sys.stdin, "reconfigure"):  # a byte that is not UTF-8 becomes a character the parser
        sys.stdin.reconfigure(errors="surrogateescape")  # reports (line, column), not a traceback
    editor = None
    try:
        if interactive:
            from latweave.repl_editing import LineEditor
            from latweave.repl_history import History, history_path

            editor = LineEditor(session.lattice, History(history_path(session.path)))
            console.print(f"latweave repl on {escape(safe(label))} ({session.engine}); blank line runs, "
                          ":help for more, :quit leaves")
        repl = _Repl(session, interactive, as_json, console, write_json, show_error, limit, editor)
        repl.note_history()
        repl.loop()
        return repl.worst if not interactive else ANSWERED
    finally:   # Ctrl-C reading a pipe (or still starting) goes on up: `latweave` exits 130 (cli.main)
        if editor is not None:
            editor.close()


HELP = """\
Type a plan; a blank line runs it, or ;; at the end of a line (or ; once the plan is whole).
Ctrl-C drops what was typed, or stops a running plan. Commands:
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


def _whole(text: str) -> bool:
    """Whether `text`, ending in `;`, is a plan to run now rather than `let` steps awaiting the
    expression after them (any other error is the run's to report)."""
    from latweave.plan.parser import parse_plan

    try:
        parse_plan(text)
    except PlanError as exc:
        return exc.code != "missing_final"
    return True


@contextmanager
def _stoppable(interrupt: Callable[[], None]):
    """Ctrl-C inside the block raises KeyboardInterrupt out of it, however busy the block is.
    Python sees a signal only between bytecodes, so a long database statement would hold it off:
    a watcher thread, woken through the signal module's wakeup fd the moment SIGINT arrives, calls
    `interrupt()` (the engine stops its statement and raises) every 10 ms until the block ends, as
    engines/timeout.py's Interrupter does. And where the engine turned the stop into its own error
    (DuckDB's "Query interrupted", SQLite's "interrupted"), the error becomes KeyboardInterrupt
    again. Only the main thread receives signals; elsewhere the block
    runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    hit = []

    def interrupted(signum, frame):
        hit.append(signum)
        raise KeyboardInterrupt

    wake, woken = os.pipe()
    os.set_blocking(woken, False)
    done = threading.Event()

    def watch():
        while data := os.read(wake, 64):
            if signal.SIGINT in data:
                keep_interrupting(interrupt, done)
                return

    watcher = threading.Thread(target=watch, name="latweave-repl-ctrl-c", daemon=True)
    try:
        previous_fd = signal.set_wakeup_fd(woken, warn_on_full_buffer=False)
    except (ValueError, OSError):   # Windows wants a socket here: Python's own signal handling alone
        previous_fd = None
    else:
        watcher.start()
    previous = signal.signal(signal.SIGINT, interrupted)
    try:
        yield
    except Exception:
        if hit:
            raise KeyboardInterrupt from None
        raise
    finally:
        try:
            signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)
            if previous_fd is not None:
                signal.set_wakeup_fd(previous_fd)
        finally:
            done.set()
            os.close(woken)   # the watcher reads the end of the pipe and returns
            if watcher.is_alive():
                watcher.join()
            os.close(wake)


def _wrapped(text: str, width: int) -> str:
    """`:dims` at a terminal: each line broken after a `, ` or `: ` (never inside a word or a
    quoted name) to fit `width`, continued under a four-space indent."""
    from rich.cells import cell_len

    out = []
    for line in text.split("\n"):
        pieces, start, quoted = [], 0, False
        for at, char in enumerate(line):
            quoted = quoted != (char == '"')
            if char == " " and not quoted and at and line[at - 1] in ",:":
                pieces.append(line[start:at + 1])
                start = at + 1
        pieces.append(line[start:])
        row = ""
        for piece in pieces:
            if row.strip() and cell_len(row + piece.rstrip()) > width:
                out.append(row.rstrip())
                row = "    "
            row += piece
        out.append(row.rstrip())
    return "\n".join(out)


class _Repl:
    """The loop's state: what was typed of the plan so far, the last paged result, the worst exit
    status met."""

    def __init__(self, session, interactive, as_json, console, write_json, show_error, limit, editor):
        self.session, self.interactive, self.as_json = session, interactive, as_json
        self.console, self.write_json, self.show_error = console, write_json, show_error
        self.limit, self.editor = limit, editor
        self.buffer: list[str] = []         # the plan's lines so far, as typed
        self.last: Result | None = None     # the last paged result, which `:more` continues
        self.worst = ANSWERED
        self._history_noted = False

    def note_history(self) -> None:
        """Say once why the history file is not written (a link, not a regular file, a failed write)."""
        history = self.editor.history if self.editor is not None else None
        if history is not None and history.refused and not self._history_noted:
            self._history_noted = True
            self.console.print(Text.assemble(("note", "bold yellow"), ": history not saved: ", history.refused),
                               highlight=False, soft_wrap=True)

    def loop(self) -> None:
        while True:
            try:
                if not self.step():
                    break
            except KeyboardInterrupt:
                if not self.interactive:
                    raise
                self.buffer = []   # Ctrl-C drops what was typed: a fresh prompt
                self.console.print()

    def step(self) -> bool:
        """Read one line and act on it; False once the REPL should end."""
        line = _read_line(self.interactive, more=bool(self.buffer))
        if line is None:
            self.run()
            return False
        *before, line = line.split("\n")   # a plan of several lines, recalled from the history whole
        self.buffer += before
        command = line.strip()
        if command in (":quit", ":q"):
            self.remember(command)
            return False
        if command == ":json":
            self.remember(command)
            self.as_json = not self.as_json
        elif not self.buffer and command.split(" ", 1)[0] in (":help", ":dims", ":more", ":limit"):
            self.command(command)
        elif command in ("", ";;"):
            self.run()
        else:
            self.buffer.append(line)
            if command.endswith(";;") or (command.endswith(";") and _whole("\n".join(self.buffer))):
                self.run()
        return True

    def command(self, command: str) -> None:
        self.remember(command)
        try:
            if command in (":help", ":dims"):
                text = HELP if command == ":help" else _dims(self.session)
                if self.as_json and not self.interactive:   # JSON Lines stay JSON: {"dims": "<text>"}
                    self.write_json(json.dumps({command[1:]: text}, ensure_ascii=False))
                else:
                    text = _wrapped(text, self.console.width) if self.interactive else text
                    self.console.print(Text(text), highlight=False, soft_wrap=True)
            elif command == ":more":
                self.last = _more(self.last)
                self.show(self.last)
            elif command == ":limit":
                self.limit = _limit("")
            elif command.startswith(":limit "):
                self.limit = _limit(command[len(":limit"):].strip())
            else:
                self.buffer.append(command)   # `:dimsx`: plan text, which the parser will refuse
        except LatweaveError as exc:
            self.fail(exc, command=command)

    def run(self) -> None:
        """Run what was typed (a `;;` at its end is not part of the plan) and show the outcome."""
        typed, self.buffer = self.buffer, []
        text = "\n".join(typed).strip()
        if text.endswith(";;"):
            text = text[:-2].rstrip()
        if not text:
            return
        self.remember("\n".join(typed))
        try:
            with _stoppable(self.session.interrupt):   # the hints run plans too
                result = self.session.run(text, limit=self.limit)
                hints = () if self.as_json else self.session.suggest(text, result)
        except KeyboardInterrupt:
            if not self.interactive:
                raise
            self._reopen()
            return
        except LatweaveError as exc:
            self.fail(exc, plan=text)
            return
        self.last = result if result.page is not None else None
        self.show(result)
        self._met(ABSTAINED if result.status == "abstain" else ANSWERED)
        for hint in hints:
            self.console.print(Text.assemble(("hint", "bold yellow"), ": ", hint), highlight=False)

    def _reopen(self) -> None:
        """After Ctrl-C stopped a plan: the engine session starts afresh, and the prompt comes back."""
        self.console.print()
        self.console.print(Text("interrupted: the plan was stopped", style="yellow"), highlight=False)
        try:
            self.session.reset()
        except LatweaveError as exc:
            self.fail(exc)

    def remember(self, entry: str) -> None:
        if self.editor is not None:
            self.editor.remember(entry)
            self.note_history()

    def show(self, result: Result) -> None:
        if self.as_json:
            self.write_json(result.to_json(indent=2 if self.interactive else None))
        else:
            self.console.print(result)

    def fail(self, exc: LatweaveError, **about: str) -> None:
        """An error, shown (as one JSON object while JSON is on: the error's, with the plan or
        command it is about), and counted for the exit status."""
        self._met(exit_code(exc))   # as `latweave run` exits with it (latweave/outcomes.py)
        if self.as_json:
            self.write_json(json.dumps({**exc.to_dict(), **about}, ensure_ascii=False, sort_keys=True,
                                       indent=2 if self.interactive else None))
        else:
            self.show_error(exc)

    def _met(self, status: int) -> None:
        self.worst = max(self.worst, status, key=_severity)


def _more(last: Result | None) -> Result:
    """The page after `last`'s, from the answer set it holds (no engine run)."""
    if last is None:
        raise LatweaveError("no paged answer set to continue",
                            hint="set :limit N, then run a plan; :more shows its next N answers")
    if not last.page.more:
        raise LatweaveError(f"no more answers: that was the last page ({last.page.total:,} answers)")
    return last.page_at(last.page.page.next())
