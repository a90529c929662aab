"""Progress bars on stderr for reading sources (silent when stderr is not a terminal).

`CountBar` shows work that reports `(done, total)`: a corpus's facts being read, an evaluation's
questions being planned. `ExtractProgress` is the snapshot an LLM extraction reports, and
`ProgressBar` shows it. The library reports progress through callbacks; only the command line
makes bars.

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
