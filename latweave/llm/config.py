"""Where the model lives and how to talk to it: one frozen `LLMConfig`, resolved from three layers.

Precedence is flags > environment > config file, so a script can pin a value that a shared config
file sets differently. The environment uses the `openai` package's own variables
(`OPENAI_BASE_URL`, `OPENAI_API_KEY`) plus `LATWEAVE_MODEL` and `LATWEAVE_LLM_CONFIG` (the path of
a JSON config file). The API key never enters `fingerprint()`, cache keys or records.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, fields
from pathlib import Path
from urllib.parse import urlsplit

from latweave.errors import LatweaveError, SourceError
from latweave.textio import read_text

ENV_BASE_URL = "OPENAI_BASE_URL"
ENV_API_KEY = "OPENAI_API_KEY"
ENV_MODEL = "LATWEAVE_MODEL"
ENV_CONFIG = "LATWEAVE_LLM_CONFIG"


@dataclass(frozen=True)
class LLMConfig:
    model: str
    base_url: str | None = None      # None -> the openai package's default
    api_key: str = "not-needed"      # local servers ignore it; the openai package requires some string
    timeout_s: float = 60.0
    max_retries: int = 4             # our own retry loop (the openai client is made with max_retries=0)
    backoff_s: float = 0.5           # first wait; doubles each retry (tests set it tiny)
    temperature: float = 0.0
    seed: int = 88
    concurrency: int = 4             # used by the builder's thread pool
    context_chars: int = 12000       # the model's context, in characters, for window sizing
    max_output_tokens: int = 2048    # the builder's cap on one reply: a small model can run on for
                                     # thousands of tokens (see docs/performance.md)

    @classmethod
    def resolve(cls, *, model=None, base_url=None, api_key=None, config_file=None,
                **overrides) -> "LLMConfig":
        """Merge flags > environment > config file into one config.

        `overrides` are further flag values for any field (None means "not given"). The config file
        is `config_file`, else `$LATWEAVE_LLM_CONFIG`; it is a JSON object with any LLMConfig field.
        """
        known = {f.name for f in fields(cls)}
        bad = sorted(set(overrides) - known)
        if bad:
            raise TypeError(f"LLMConfig.resolve: unknown field(s) {', '.join(bad)}")
        values: dict = {}
        where: dict = {}    # field -> the flag or variable its value came from (a file checks its own)
        path = config_file or _env(ENV_CONFIG)
        if path:
            values.update(_read_config_file(Path(path), known))
        for field_name, var in (("base_url", ENV_BASE_URL), ("api_key", ENV_API_KEY), ("model", ENV_MODEL)):
            if _env(var) is not None:
                values[field_name], where[field_name] = _env(var), f"${var}"
        flags = {"model": model, "base_url": base_url, "api_key": api_key, **overrides}
        for field_name, value in flags.items():
            if value is not None:
                values[field_name], where[field_name] = value, FLAGS.get(field_name, field_name)
        for field_name, source in sorted(where.items()):
            problem = value_problem(field_name, values[field_name])
            if problem is not None:   # named as the user gave it: a flag or an environment variable
                raise LatweaveError(f"LLM setting {field_name} ({source}): {problem}", hint=_hint(field_name))
        if not values.get("model"):
            raise LatweaveError(
                "no model given for the LLM endpoint",
                hint=f"pass --model NAME, set {ENV_MODEL}=NAME, or put \"model\" in a JSON config "
                     f"file (--config FILE or {ENV_CONFIG}=FILE)")
        return cls(**values)

    def __post_init__(self) -> None:
        for f in fields(self):
            problem = value_problem(f.name, getattr(self, f.name))
            if problem is not None:
                raise LatweaveError(f"LLM setting {f.name}: {problem}", hint=_hint(f.name))

    def fingerprint(self) -> str:
        """model + base_url, for cache keys and records (never the API key)."""
        return f"{self.model}@{self.base_url or 'default'}"


def _env(name: str) -> str | None:
    value = os.environ.get(name)
    return value if value else None


def _read_config_file(path: Path, known: set[str]) -> dict:
    try:
        data = json.loads(read_text(path))
    except FileNotFoundError:
        raise LatweaveError(f"LLM config file {path} does not exist",
                            hint=f"check --config or {ENV_CONFIG}") from None
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, or a number/nesting too big
        raise LatweaveError(f"LLM config file {path} is not JSON: {exc}",
                            hint="the file holds one JSON object, e.g. {\"model\": \"qwen2.5-7b\"}") from None
    if not isinstance(data, dict):
        raise LatweaveError(f"LLM config file {path} must hold a JSON object",
                            hint="e.g. {\"model\": \"qwen2.5-7b\", \"base_url\": \"http://127.0.0.1:8080/v1\"}")
    bad = sorted(set(data) - known)
    if bad:
        raise LatweaveError(f"LLM config file {path}: unknown field(s) {', '.join(bad)}",
                            hint=f"known fields: {', '.join(sorted(known))}")
    for name, value in data.items():
        problem = value_problem(name, value)
        if problem is not None:
            raise SourceError(f"LLM config field \"{name}\": {problem}", file=str(path),
                              line=_line_of(path, name), hint=_hint(name))
    return data


# ------------------------------------------------------------------------------ checked values

#: The command-line flag of each field a command takes (for messages about a value given there).
FLAGS = {"model": "--model", "base_url": "--base-url", "api_key": "--api-key", "timeout_s": "--timeout",
         "concurrency": "--concurrency"}

#: Each field's type and range: (kind, least, most); kind "str", "int" or "num" (finite).
#: A value outside is a typo (`timeout_s: -5`, `max_retries: 1e9`), refused with a hint, never
#: a traceback or a run that retries for ever.
LIMITS = {
    "model": ("str", 1, None), "base_url": ("str?", 1, None), "api_key": ("str", 0, None),
    "timeout_s": ("num", 0.001, 86_400.0), "max_retries": ("int", 0, 20), "backoff_s": ("num", 0.0, 60.0),
    "temperature": ("num", 0.0, 2.0), "seed": ("int", -2**63, 2**63 - 1), "concurrency": ("int", 1, 256),
    "context_chars": ("int", 100, 100_000_000), "max_output_tokens": ("int", 1, 10_000_000),
}
_HINTS = {
    "timeout_s": "seconds one request may take, a positive number at most 86400 (one day), e.g. 60",
    "max_retries": "a whole number from 0 to 20, e.g. 4",
    "backoff_s": "seconds before the first retry (doubled each retry), from 0 to 60, e.g. 0.5",
    "temperature": "a number from 0 to 2, e.g. 0",
    "concurrency": "requests in flight at once, a whole number from 1 to 256, e.g. 4",
    "model": "the model's name, e.g. \"qwen2.5-7b\"",
    "base_url": "an OpenAI-compatible endpoint, e.g. \"http://127.0.0.1:8080/v1\"",
}


def value_problem(name: str, value) -> str | None:
    """What is wrong with `value` for LLMConfig field `name`, or None when it fits LIMITS."""
    if name not in LIMITS:
        return None
    kind, least, most = LIMITS[name]
    if kind == "str?" and value is None:
        return None
    if kind.startswith("str"):
        if not isinstance(value, str):
            return f"must be a string, not {json.dumps(value)[:40]}"
        if len(value) < least:
            return "must not be empty"
        return url_problem(value) if name == "base_url" else None
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind == "int" and not (number and isinstance(value, int)):
        return f"must be a whole number, not {json.dumps(value)[:40]}"
    if not number or not math.isfinite(value):
        return f"must be a finite number, not {json.dumps(value)[:40]}"
    if value < least or (most is not None and value > most):
        return f"{value!r} is out of range ({least:g} to {most:g})"
    return None


def url_problem(url: str) -> str | None:
    """What keeps `url` from being an endpoint a request can be sent to (an http(s) URL with a
    host and a port from 1 to 65535), or None. Found here, a typo is exit 2 at once — never five
    retries of a request that cannot be made, nor the HTTP library's exception."""
    shown = json.dumps(url, ensure_ascii=False)[:80]
    if any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in url):
        return f"{shown} holds a space or a control character"
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:   # "Invalid IPv6 URL", "Port out of range 0-65535", ...
        return f"{shown} is not a URL ({exc})"
    if parts.scheme.lower() not in ("http", "https"):
        return f"{shown} is not an http:// or https:// URL"
    if not parts.hostname:
        return f"{shown} names no host"
    if port == 0:
        return f"{shown}: port 0 is out of range (1 to 65535)"
    return None


def _hint(name: str) -> str:
    kind, least, most = LIMITS[name]
    if name in _HINTS:
        return _HINTS[name]
    if kind.startswith("str"):
        return "a string"
    return f"{'a whole number' if kind == 'int' else 'a number'} from {least:g} to {most:g}"


def _line_of(path: Path, name: str) -> int | None:
    """The (1-based) line of the file where `name` is last a key (JSON keeps the last)."""
    try:
        lines = read_text(path).splitlines()
    except (OSError, ValueError):
        return None
    key = json.dumps(name)
    found = [n for n, line in enumerate(lines, 1) if key in line]
    return found[-1] if found else None
