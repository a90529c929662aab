"""What a server is started with, checked before anything listens: the lattices by name, where it
binds, its token, whether it writes, and its bounds.

Safe by default (docs/serve.md, "Security"): it binds 127.0.0.1; any other address needs a bearer
token, read from a file (`--token-file`) or the environment (`$LATWEAVE_TOKEN`), never from the
command line (where `ps` shows it to every user); it is read-only unless `--allow-writes`, and
writes need the token too. A lattice is known by the name given at start (`--lattice NAME=DIR`):
a request names it, and only this table turns the name into a folder.
"""

from __future__ import annotations

import ipaddress
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from latweave.errors import LatweaveError, StoreError
from latweave.folder.names import MANIFEST
from latweave.folder.store import read_manifest

#: A lattice's name as a request gives it: letters, digits, `_`, `-` and `.`, not starting with a dot.
NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}")
#: The environment variable a token is read from when no --token-file is given.
TOKEN_ENV = "LATWEAVE_TOKEN"
#: The shortest token accepted: a guessable one is no protection.
MIN_TOKEN = 16
#: The most read sessions one lattice may have open (each holds an engine connection and its caches).
MAX_SESSIONS = 64


@dataclass(frozen=True)
class Limits:
    """The bounds of one request: its body, the answers of one page, the engine's seconds."""

    body_bytes: int = 1 << 20          # a request body (a plan, a result to audit, an upload)
    page: int = 100                    # answers in a page when the request names no limit
    max_page: int = 1000               # the most answers one page may hold
    engine_s: float = 30.0             # seconds one engine evaluation may take


@dataclass(frozen=True)
class ServeConfig:
    """A server's settings, checked (`checked`)."""

    lattices: dict[str, Path]
    host: str = "127.0.0.1"
    port: int = 8000
    token: str | None = None
    allow_writes: bool = False
    cors: tuple[str, ...] = ()
    engine: str | None = None
    limits: Limits = field(default_factory=Limits)
    #: read sessions per lattice (serve/served.py): requests of one lattice that run side by side
    sessions: int = 1
    #: the LLM behind `ask`: LLMConfig.resolve's arguments (each unset one from the environment)
    llm: dict = field(default_factory=dict)

    def checked(self) -> "ServeConfig":
        """Itself when it is safe to start; LatweaveError (exit 2) with a hint when not."""
        if not self.lattices:
            raise LatweaveError("no lattice to serve", hint="--lattice NAME=DIR (repeatable)")
        if not is_loopback(self.host) and self.token is None:
            raise LatweaveError(f"binding {self.host} (not this machine's loopback) needs a bearer token",
                                hint=f"put a token of at least {MIN_TOKEN} characters in a file and pass "
                                     f"--token-file FILE, or set ${TOKEN_ENV}; or bind 127.0.0.1")
        if self.allow_writes and self.token is None:
            raise LatweaveError("--allow-writes needs a bearer token: writes are never open to anyone who can connect",
                                hint=f"--token-file FILE or ${TOKEN_ENV}")
        if self.token is not None and len(self.token) < MIN_TOKEN:
            raise LatweaveError(f"the token is {len(self.token)} characters; at least {MIN_TOKEN} are needed",
                                hint="e.g. python3 -c 'import secrets; print(secrets.token_urlsafe(32))' > token")
        if isinstance(self.sessions, bool) or not isinstance(self.sessions, int) or not 1 <= self.sessions <= MAX_SESSIONS:
            raise LatweaveError(f"--sessions is a whole number from 1 to {MAX_SESSIONS}, not {self.sessions!r}",
                                hint="read sessions per lattice: each holds its own engine connection and caches")
        for origin in self.cors:
            if origin != "*" and not re.fullmatch(r"https?://[^/\s]+", origin):
                raise LatweaveError(f"--cors {origin!r} is not an origin", hint="e.g. --cors https://app.example.com")
        return self


def is_loopback(host: str) -> bool:
    """Whether `host` is this machine alone: localhost, 127.0.0.0/8 or ::1."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def lattice_specs(specs: list[str]) -> dict[str, Path]:
    """`NAME=DIR` arguments → {name: folder}, each folder a lattice (its manifest there) and each
    name given once; LatweaveError otherwise."""
    out: dict[str, Path] = {}
    for spec in specs:
        name, sep, folder = spec.partition("=")
        if not sep or not folder:
            raise LatweaveError(f"--lattice {spec!r} is not NAME=DIR", hint="e.g. --lattice zoo=out/zoo")
        if not NAME.fullmatch(name):
            raise LatweaveError(f"{name!r} is not a lattice name: letters, digits, _ - and . (not first), "
                                "at most 64", hint="e.g. --lattice zoo=out/zoo")
        if name in out:
            raise LatweaveError(f"the lattice name {name!r} is given twice", hint="one folder per name")
        path = Path(folder).resolve()
        if not (path / MANIFEST).is_file():
            raise StoreError(f"{folder}: not a lattice folder (no {MANIFEST})",
                             hint=f"build one first: latweave build SOURCE --out {folder}")
        read_manifest(path, cached=True)   # a half-written folder or an old format: refused now, not per request
        out[name] = path
    return out


def read_token(token_file: str | None, environ=None) -> str | None:
    """The bearer token: the first line of `token_file` (stripped), else $LATWEAVE_TOKEN, else None."""
    environ = os.environ if environ is None else environ
    if token_file is not None:
        from latweave.textio import read_text

        token = read_text(token_file).strip().split("\n", 1)[0].strip()
        if not token:
            raise LatweaveError(f"{token_file}: the token file is empty", hint="write the token on its first line")
        return token
    token = environ.get(TOKEN_ENV, "").strip()
    return token or None
