"""The plan cache: one JSON line per planned question, so evaluations replay offline.

Key: sha256 over (question text, the lattice's schema hash, the model name, PROMPT_VERSION, a
digest of the exemplars shown). The schema hash is the hash of the lattice's L1 vocabulary as the
prompt renders it with no cap — every dimension's name, kind and functional flag, and the values
(with their parents) of taxonomies small enough to be listed — so it changes exactly when what the
model is shown of the schema changes. Instances, predicates, documents and the values of large
dimensions (e.g. the entities of a KB's `subject`) are not in it: adding or knocking out such a
fact leaves cached plans in force (they are type-checked again on every hit). The model name,
not the base URL, goes into the key: the same model served on another port is the same planner.
The exemplars' digest is there because a prompt with other few-shot examples is another prompt.

The file is append-only and flushed per line. A crash mid-write leaves at most a truncated last
line: it is skipped on load (counted in `skipped`), and the next append starts on a new line, so
nothing else is lost. A later line for the same key wins.
"""

from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path

from latweave.lattice.model import Lattice
from latweave.planner.prompt import vocabulary
from latweave.textio import read_text


def schema_hash(lattice: Lattice) -> str:
    """sha256 of the lattice's whole L1 vocabulary (every dimension, no cap): names, kinds, flags,
    and the values of taxonomies small enough for the prompt to list them."""
    return hashlib.sha256(vocabulary(lattice, max_dimensions=len(lattice.dimensions) + 1).encode()).hexdigest()


def cache_key(question: str, schema: str, model: str, prompt_version: str, exemplars: str = "") -> str:
    """The cache key of one planned question (hex sha256)."""
    material = json.dumps([question, schema, model, prompt_version, exemplars], ensure_ascii=False)
    return hashlib.sha256(material.encode()).hexdigest()


class PlanCache:
    """JSON-lines plan cache at `path` (created on the first write)."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self.entries: dict[str, dict] = {}
        self.skipped = 0
        self._lock = threading.Lock()
        if self.path.is_file():
            for line in read_text(self.path).split("\n"):
                if not line.strip():
                    continue
                try:
                    entry = json.loads(line)
                except (ValueError, RecursionError):  # JSONDecodeError, or a number/nesting too big
                    self.skipped += 1          # a truncated last line from a crash
                    continue
                if isinstance(entry, dict) and isinstance(entry.get("key"), str):
                    self.entries[entry["key"]] = entry
                else:
                    self.skipped += 1

    def get(self, key: str) -> dict | None:
        return self.entries.get(key)

    def put(self, entry: dict) -> None:
        """Append one entry (it must carry "key") and flush it."""
        line = json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n"
        with self._lock:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a+b") as handle:
                handle.seek(0, 2)
                if handle.tell() > 0:
                    handle.seek(-1, 2)
                    if handle.read(1) != b"\n":
                        handle.write(b"\n")     # end a truncated line before ours
                handle.write(line.encode("utf-8"))
                handle.flush()
            self.entries[entry["key"]] = entry

    def __len__(self) -> int:
        return len(self.entries)
