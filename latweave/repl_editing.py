"""The REPL's line editing at a terminal: history kept between sessions, and Tab completion of
commands, plan keywords, dimension names, — after `dimension <op>` — that dimension's values, and
inside a quoted name ("Blade R…) the instances whose names begin so.

Built on the standard library's `readline` (GNU readline or libedit, whichever Python was built
with): `input()` then edits lines (arrows, Ctrl-A/E, Ctrl-R search) with no other dependency.
Where `readline` is missing (Windows without pyreadline) the REPL still runs, without editing.

History is kept per lattice folder, one entry per command or plan (a plan typed over several
lines comes back whole, as it was typed), appended to its file as it is entered and never
rewritten (latweave/repl_history.py); a history that cannot be read or written is skipped, never
an error — it is a convenience. Readline's own history writer is not used: it rewrites the file.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from latweave.lattice.names import TOP, normalize
from latweave.plan.printer import KEYWORDS, print_dimension, print_name
from latweave.repl_history import History

#: The REPL's own commands (each explained by `:help`).
COMMANDS = (":dims", ":help", ":json", ":limit", ":more", ":q", ":quit")
#: Values offered for one dimension at most (an ordered dimension's are intervals: none offered).
MAX_VALUES = 5000
#: Instance names offered at once, inside a quoted name.
MAX_NAMES = 50
_AFTER_OPERATOR = re.compile(r"([A-Za-z_][\w ]*?|\"[^\"]*\")\s*(<=|=|<|>|\bin\b)\s*\"?$")   # the plan language's operators


class Completer:
    """Tab completion over one lattice's vocabulary (dimension names as the plan language spells
    them, and each small taxonomy's values), sorted so that a prefix is found by bisection. A
    dimension is offered as written in its corpus and in its normal form, both as the printer
    spells them (`designed_by`, never the key `designed by`, which does not parse)."""

    def __init__(self, lattice):
        self.instances = lattice.instances
        self._keys: list[str] | None = None   # a model's instance keys, sorted (a stored view bisects its file)
        self.dimensions: dict[str, object] = {}
        for dim in sorted(lattice.dimensions.values(), key=lambda d: d.key):
            self.dimensions[print_dimension(dim.name)] = dim
            self.dimensions.setdefault(print_dimension(dim.key), dim)
        words = set(COMMANDS) | set(KEYWORDS) | set(self.dimensions)
        self.words = sorted(words)
        self._values: dict[str, list[str]] = {}

    def values(self, dim) -> list[str]:
        if dim.key not in self._values:
            labels = [] if dim.ordered or len(dim.labels) > MAX_VALUES else \
                sorted(print_name(label) for key, label in dim.labels.items() if key != TOP)
            self._values[dim.key] = labels
        return self._values[dim.key]

    def names(self, typed: str) -> list[str]:
        """The labels of up to MAX_NAMES instances whose names begin with `typed` (normalised)."""
        prefix = normalize(typed) if typed.strip() else ""
        if not prefix:
            return []
        if hasattr(self.instances, "starting"):
            keys = self.instances.starting(prefix, MAX_NAMES)
        else:
            if self._keys is None:
                self._keys = sorted(self.instances)
            keys = []
            for key in self._keys[bisect_left(self._keys, prefix):]:
                if not key.startswith(prefix) or len(keys) == MAX_NAMES:
                    break
                keys.append(key)
        return [self.instances[key].label for key in keys]

    def candidates(self, line: str, word: str) -> list[str]:
        """What `word` (the text being completed, at the end of `line` so far) may become."""
        if line.count('"') % 2:   # inside a quoted name: an instance's, completed with its closing quote
            typed = line[line.rindex('"') + 1:]
            lead = typed[: len(typed) - len(word)] if not word.startswith('"') else ""
            out = []
            for label in self.names(typed if not word.startswith('"') else word[1:]):
                if label[: len(lead)].casefold() == lead.casefold():
                    rest = label[len(lead):] + '"'
                    out.append('"' + rest if word.startswith('"') else rest)
            return out
        before = line[: len(line) - len(word)]
        match = _AFTER_OPERATOR.search(before.rstrip() + (" " if before.endswith(" ") else ""))
        pool = self.words
        if match:
            name = match.group(1).strip().strip('"')
            dim = self.dimensions.get(name) or self.dimensions.get(print_dimension(normalize(name)))
            if dim is not None:
                pool = self.values(dim)
        start = bisect_left(pool, word)
        out = []
        for candidate in pool[start:]:
            if not candidate.startswith(word):
                break
            out.append(candidate)
        return out


class LineEditor:
    """readline set up for the REPL: completion, and the lattice's `history` read back; the REPL
    `remember`s each command and each whole plan (readline's own per-line history is off)."""

    def __init__(self, lattice, history: History):
        self.history = history
        try:
            import readline
        except ImportError:   # no line editing here; input() still reads lines
            self.readline = None
            return
        self.readline = readline
        self.completer = Completer(lattice)
        self._matches: list[str] = []
        readline.set_completer(self._complete)
        readline.set_completer_delims(" \t\n(),[]|&;$")
        if "libedit" in (getattr(readline, "__doc__", "") or ""):
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")
        readline.set_auto_history(False)   # a plan's lines go in as one entry, when it runs
        if hasattr(readline, "clear_history"):   # another lattice's entries, from an earlier REPL in this process
            readline.clear_history()
        for entry in history.read():
            readline.add_history(entry)

    def _complete(self, word: str, state: int) -> str | None:
        if state == 0:
            self._matches = self.completer.candidates(self.readline.get_line_buffer()[: self.readline.get_endidx()],
                                                      word)
        return self._matches[state] if state < len(self._matches) else None

    def remember(self, entry: str) -> None:
        """`entry` (a command, or a plan's lines as typed) becomes the newest history entry, in
        memory and at the end of the file — unless it repeats the newest one."""
        if self.readline is None or not entry.strip():
            return
        last = self.readline.get_current_history_length()
        if last and self.readline.get_history_item(last) == entry:
            return
        self.readline.add_history(entry)
        self.history.append(entry)

    def close(self) -> None:
        """Nothing is left to save (each entry was appended as it came); completion is unset."""
        if self.readline is not None:
            self.readline.set_completer(None)
