"""Progress bars on stderr for reading sources (silent when stderr is not a terminal).

`CountBar` shows work that reports `(done, total)`: a corpus's facts being read, an evaluation's
questions being planned. `ExtractProgress` is the snapshot an LLM extraction reports, and
`ProgressBar` shows it. `Working` shows that a long step (a KB build, `add`, `remove`) is still
going, once it has run for two seconds. The library reports progress through callbacks; only the
command line makes bars.

The extraction driver calls `progress(snapshot)` from its own thread after each window finishes (and once
at the start, with the cached windows counted). A callback may raise — KeyboardInterrupt
included — and the build stops as on Ctrl-C: finished windows stay cached, nothing at `out`
changes.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ExtractProgress:
    documents: int
    documents_done: int
    windows: int
    windows_done: int          # cached + answered + failed
    windows_cached: int
    windows_failed: int
    prompt_tokens: int
    completion_tokens: int
    rejected: int              # predicates rejected so far

    def describe(self) -> str:
        return (f"docs {self.documents_done}/{self.documents} · windows {self.windows_done}/{self.windows}"
                f" ({self.windows_cached} cached, {self.windows_failed} failed) · tokens "
                f"{self.prompt_tokens:,}+{self.completion_tokens:,} · rejected {self.rejected}")


class ProgressBar:
    """A transient bar on stderr (silent when stderr is not a terminal): a context manager that
    returns the callback to pass as `extract_corpus(..., progress=...)`."""

    def __init__(self, label: str = "extracting"):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        console = Console(stderr=True, highlight=False)
        self.bar = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                            TextColumn("{task.fields[detail]}"), TimeElapsedColumn(),
                            console=console, transient=True, disable=not console.is_terminal)
        self.label = label
        self.task = None

    def __enter__(self):
        self.bar.__enter__()
        return self.update

    def update(self, snapshot: ExtractProgress) -> None:
        if self.task is None:
            self.task = self.bar.add_task(self.label, total=snapshot.windows, detail="")
        self.bar.update(self.task, completed=snapshot.windows_done, total=snapshot.windows,
                        detail=snapshot.describe())

    def __exit__(self, *exc):
        self.bar.__exit__(*exc)


class CountBar:
    """A transient bar for work that reports (done, total): a context manager that returns the
    callback to pass as `progress=` (`build_corpus`, `evaluate`)."""

    def __init__(self, label: str):
        from rich.progress import Progress

        from latweave.terminal import console

        # data strings inside any renderable reach the terminal escaped (latweave/terminal.py)
        self.bar = Progress(console=console(stderr=True, highlight=False, soft_wrap=False), transient=True,
                            disable=not console(stderr=True, highlight=False, soft_wrap=False).is_terminal)
        self.label = label
        self.task = None

    def __enter__(self):
        self.bar.__enter__()
        return self.advance

    def advance(self, done: int, total: int) -> None:
        if self.task is None:
            self.task = self.bar.add_task(self.label, total=total or None)
        self.bar.update(self.task, completed=done, total=total or None)

    def __exit__(self, *exc):
        self.bar.__exit__(*exc)


class Working:
    """A transient spinner on stderr with the time taken, for work that reports no counts (a KB
    build, `add`, `remove`): shown only once the work has run `after` seconds (a quick command
    stays silent) and only when stderr is a terminal (never in a pipe or a log; stdout, where
    `--json` goes, is never touched). A context manager; `console`: where to draw (tests)."""

    def __init__(self, label: str, after: float = 2.0, console=None):
        import threading

        from latweave.terminal import console as make_console

        self.label, self.after = label, after
        self.console = console if console is not None else make_console(stderr=True, highlight=False,
                                                                        soft_wrap=False)
        self._lock = threading.Lock()
        self._live = None
        self._timer = None
        self._done = False

    def _show(self) -> None:
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        with self._lock:
            if self._done:
                return
            self._live = Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(),
                                  console=self.console, transient=True)
            self._live.add_task(self.label, total=None)
            self._live.start()

    def __enter__(self):
        import threading

        if self.console.is_terminal:
            self._timer = threading.Timer(self.after, self._show)
            self._timer.daemon = True
            self._timer.start()
        return self

    def __exit__(self, *exc):
        with self._lock:
            self._done = True
            if self._timer is not None:
                self._timer.cancel()
            if self._live is not None:
                self._live.stop()
