"""The extraction cache: every finished window's answer on disk, so a build resumes where it stopped.

One JSON-lines file, `extractions.jsonl`, in the cache folder. A line is one window that got a
usable answer: its key, where it is (document, window index, start, end), the model's answer text
and the tokens it cost. The key is the sha256 of (sha256 of the document text, window index,
start, end, PROMPT_VERSION, the model's fingerprint), so an edited document, a different window
size, a new prompt or another model never reuses an old answer.

Each line is written whole, flushed and fsynced as the window finishes, so a crash loses at most
the line being written. A line cut short by a crash is ignored on read, and cut off the file
before the next append (or it would glue itself to the next line). Failed windows are never
written: a rerun asks for them again. The cache keeps the raw answer, not the predicates, so the
validation rules may change without invalidating it; validating again is cheap and deterministic.

One build at a time per cache folder: two builds appending at once are not coordinated.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from latweave.folder.names import EXTRACTIONS_FILE
from dataclasses import dataclass
from pathlib import Path

FILE = EXTRACTIONS_FILE


@dataclass(frozen=True)
class CachedWindow:
    key: str
    doc: str
    index: int
    start: int
    end: int
    text: str                 # the model's answer (the one that parsed)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    calls: int = 1            # completions it took (2 when a repair turn was needed)

    def to_dict(self) -> dict:
        return {"key": self.key, "doc": self.doc, "window": [self.index, self.start, self.end],
                "text": self.text, "prompt_tokens": self.prompt_tokens,
                "completion_tokens": self.completion_tokens, "calls": self.calls}

    @classmethod
    def from_dict(cls, obj: dict) -> "CachedWindow":
        index, start, end = obj["window"]
        return cls(str(obj["key"]), str(obj["doc"]), int(index), int(start), int(end), str(obj["text"]),
                   int(obj.get("prompt_tokens", 0)), int(obj.get("completion_tokens", 0)),
                   int(obj.get("calls", 1)))


def window_key(document: str, index: int, start: int, end: int, prompt_version: str, model: str) -> str:
    """The cache key of one window of `document` (see the module doc)."""
    doc_hash = hashlib.sha256(document.encode("utf-8")).hexdigest()
    material = json.dumps([doc_hash, index, start, end, prompt_version, model], ensure_ascii=False)
    return hashlib.sha256(material.encode("utf-8")).hexdigest()


class ExtractionCache:
    """Read once at open; append one fsynced line per finished window (thread-safe)."""

    def __init__(self, folder: Path | str):
        self.folder = Path(folder)
        self.path = self.folder / FILE
        self.entries: dict[str, CachedWindow] = {}
        self.ignored_lines = 0
        self._lock = threading.Lock()
        self._load()

    def _load(self) -> None:
        if not self.path.is_file():
            return
        data = self.path.read_bytes()
        complete = data.rfind(b"\n") + 1
        for line in data[:complete].splitlines():
            if not line.strip():
                continue
            try:
                entry = CachedWindow.from_dict(json.loads(line))
            except (ValueError, KeyError, TypeError):
                self.ignored_lines += 1
                continue
            self.entries.setdefault(entry.key, entry)
        if complete < len(data):  # a line cut short by a crash: drop it before appending again
            self.ignored_lines += 1
            with self.path.open("r+b") as handle:
                handle.truncate(complete)
                handle.flush()
                os.fsync(handle.fileno())

    def get(self, key: str) -> CachedWindow | None:
        return self.entries.get(key)

    def put(self, entry: CachedWindow) -> None:
        """Append one finished window, durably, before returning."""
        line = (json.dumps(entry.to_dict(), ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
        with self._lock:
            self.folder.mkdir(parents=True, exist_ok=True)
            with self.path.open("ab") as handle:
                handle.write(line)
                handle.flush()
                os.fsync(handle.fileno())
            self.entries.setdefault(entry.key, entry)

    def __len__(self) -> int:
        return len(self.entries)
