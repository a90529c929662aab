"""One chat-completions call to an OpenAI-compatible endpoint, with our own retries and a record.

The `openai` client is made with `max_retries=0` so that every retry is ours: what is retried
(429, 5xx, timeouts, dropped connections, a malformed response body), how long we wait
(exponential backoff, or the server's Retry-After up to 10 s) and what we give up with
(`LLMUnavailable`, naming the last failure) are decided here and tested against a real HTTP server.

Structured output: a `schema` is first sent as `response_format={"type": "json_schema", ...}`.
Servers that do not support that (llama.cpp's server answers 500, others 400) get the same
request again at once with `{"type": "json_object", "schema": ...}`; once that works the client
remembers it (`fell_back`) and logs one warning on the "latweave.llm" logger.

A response body that is not valid JSON (a proxy cut it short, or nested deeper than the JSON
reader goes) is treated like a dropped connection: retried, and `LLMUnavailable` once retries run
out. It is a transport fault, not an answer, so it never reaches the caller as text.

Nothing is waited on in silence: each retry is logged (a warning on "latweave.llm", which the CLI
prints on stderr) with the endpoint's URL, what failed and the wait; with `-v` each request and
each raw reply are logged too (info). Every failure names the URL. Without a base URL the
`openai` package sends requests to its own default host: with no API key either, that is refused
(exit 2) before any request; with a key, a warning says where the requests go.
"""

from __future__ import annotations

import email.utils
import json
import logging
import threading
import time
from dataclasses import dataclass
from pathlib import Path


from latweave.errors import LatweaveError, ServiceUnreachable
from latweave.llm.config import LLMConfig
from latweave.textio import json_problem

log = logging.getLogger("latweave.llm")

#: The longest we wait on a server's Retry-After header.
MAX_RETRY_AFTER_S = 10.0


class LLMError(LatweaveError):
    """The server answered, but unusably (e.g. a 4xx other than 429); `status` is the HTTP status."""

    def __init__(self, message: str, *, hint: str | None = None, status: int | None = None):
        super().__init__(message, hint=hint)
        self.status = status


class LLMUnavailable(LLMError, ServiceUnreachable):
    """Retries exhausted on 429 / 5xx / timeout / connection error / malformed body."""


@dataclass(frozen=True)
class Completion:
    text: str                  # message content ("" if none)
    finish_reason: str | None  # "stop", "length", ...
    prompt_tokens: int
    completion_tokens: int
    attempts: int              # HTTP attempts this call took (1 = no retry)


class _Transient(Exception):
    """A failure worth retrying; `wait` is the server's Retry-After, if it sent one."""

    def __init__(self, what: str, wait: float | None = None):
        super().__init__(what)
        self.what = what
        self.wait = wait


class LLMClient:
    """Thread-safe chat completions with retries, schema fallback and an optional JSON-lines record."""

    def __init__(self, config: LLMConfig, *, record: str | Path | None = None, sleep=time.sleep):
        import openai   # here, not at the top: the package takes a second or two to import, and
        #                 every command imports this module (`latweave run` never asks a model)

        self.config = config
        from latweave.llm.deadline import http_client, httpx

        # timeout_s bounds each whole request (llm/deadline.py), not only each socket read
        try:
            self._client = openai.OpenAI(base_url=config.base_url, api_key=config.api_key,
                                         timeout=config.timeout_s, max_retries=0, http_client=http_client(openai))
        except (ValueError, httpx.InvalidURL) as exc:   # a URL config.url_problem let through
            raise LatweaveError(f"LLM setting base_url: {config.base_url!r} is not a URL the HTTP library "
                                f"takes ({exc})", hint="an OpenAI-compatible endpoint, e.g. "
                                                       "\"http://127.0.0.1:8080/v1\"") from None
        #: where the requests go: the base URL, or the openai package's default host
        self.endpoint = str(self._client.base_url).rstrip("/")
        self._sleep = sleep          # the wait between retries (tests pass a recorder)
        self._told = False           # the default host is said once
        self._record = Path(record) if record is not None else None
        self._lock = threading.Lock()
        self.fell_back = False
        self.calls = 0
        self.prompt_tokens = 0
        self.completion_tokens = 0

    # -- public -------------------------------------------------------------------------------
    def complete(self, messages: list[dict], *, schema: dict | None = None,
                 schema_name: str = "output", max_tokens: int | None = None) -> Completion:
        """One completion; retried on transient failures; recorded whether it succeeds or not."""
        import openai

        self._check_endpoint()
        fmt = self._response_format(schema, schema_name)
        attempts = 0
        retries = 0
        while True:
            attempts += 1
            try:
                result = self._attempt(messages, fmt, max_tokens, attempts)
                break
            except openai.APIStatusError as exc:
                if fmt is not None and fmt["type"] == "json_schema" and exc.status_code in (400, 500):
                    fmt = {"type": "json_object", "schema": schema}
                    continue  # at once, not counted as a retry
                if exc.status_code != 429 and exc.status_code < 500:
                    error = LLMError(f"LLM endpoint refused the request: HTTP {exc.status_code}: "
                                     f"{_status_message(exc)}",
                                     hint="check --model / --base-url / --api-key",
                                     status=exc.status_code)
                    self._write_record(messages, fmt, None, attempts, error)
                    raise error from None
                failure = _Transient(f"HTTP {exc.status_code}: {_status_message(exc)}",
                                     _retry_after(exc.response.headers))
            except openai.APITimeoutError:
                failure = _Transient(f"timeout after {self.config.timeout_s:g} s")
            except openai.APIConnectionError as exc:
                failure = _Transient(f"connection error: {_cause(exc)}")
            except _Transient as exc:
                failure = exc
            if retries >= self.config.max_retries:
                error = LLMUnavailable(
                    f"LLM endpoint {self.endpoint} unavailable after {attempts} attempt(s); "
                    f"last failure: {failure.what}",
                    hint=f"is the server at {self.endpoint} up? (--base-url, $OPENAI_BASE_URL or "
                         f"\"base_url\" in --config sets it; --timeout the seconds one request may take)")
                self._write_record(messages, fmt, None, attempts, error)
                raise error
            wait = self.config.backoff_s * 2 ** retries
            if failure.wait is not None:
                wait = min(failure.wait, MAX_RETRY_AFTER_S)
            retries += 1
            log.warning("LLM endpoint %s: %s; retry %d of %d in %.3g s", self.endpoint, failure.what,
                        retries, self.config.max_retries, wait)
            self._sleep(wait)
        if fmt is not None and fmt["type"] == "json_object" and schema is not None:
            self._note_fallback()
        self._write_record(messages, fmt, result, attempts, None)
        return result

    # -- internals ----------------------------------------------------------------------------
    def _check_endpoint(self) -> None:
        """Before each request: no base URL and no API key is a configuration error (the
        openai package's default host needs a key); no base URL with a key is said aloud."""
        if self.config.base_url is not None:
            return
        if self.config.api_key == LLMConfig.api_key:   # every call, every thread: no request goes out
            raise LatweaveError(
                f"no LLM endpoint given: without one the openai package sends the requests to its "
                f"default, {self.endpoint}, and no API key is given for it",
                hint="pass --base-url URL (or set $OPENAI_BASE_URL, or \"base_url\" in --config), e.g. "
                     "http://127.0.0.1:8080/v1; for the hosted OpenAI API pass --api-key or set $OPENAI_API_KEY")
        with self._lock:
            if self._told:
                return
            self._told = True
        log.warning("no --base-url given: asking %s at %s, the openai package's default", self.config.model,
                    self.endpoint)

    def _response_format(self, schema: dict | None, schema_name: str) -> dict | None:
        if schema is None:
            return None
        if self.fell_back:
            return {"type": "json_object", "schema": schema}
        return {"type": "json_schema",
                "json_schema": {"name": schema_name, "schema": schema, "strict": True}}

    def _attempt(self, messages, fmt, max_tokens, attempts) -> Completion:
        from openai.types.chat import ChatCompletion

        kwargs = {"model": self.config.model, "messages": messages,
                  "temperature": self.config.temperature, "seed": self.config.seed}
        if fmt is not None:
            kwargs["response_format"] = fmt
        if max_tokens is not None:
            kwargs["max_tokens"] = max_tokens
        with self._lock:
            self.calls += 1
        from latweave.llm.deadline import deadline

        log.info("asking %s at %s (attempt %d)", self.config.model, self.endpoint, attempts)
        with deadline(self.config.timeout_s):   # one deadline for the whole request and its body
            raw = self._client.chat.completions.with_raw_response.create(**kwargs)
            try:
                parsed = raw.parse()
            except RecursionError as exc:  # JSON nested deeper than the reader goes
                raise _Transient(f"malformed response body ({json_problem(exc)})") from None
            except ValueError as exc:  # json.JSONDecodeError, or a body that is not a completion
                raise _Transient(f"malformed response body ({type(exc).__name__}: {exc})") from None
        if not isinstance(parsed, ChatCompletion) or not parsed.choices:
            raise _Transient("malformed response body (not a chat.completion with choices)")
        choice = parsed.choices[0]
        usage = parsed.usage
        prompt_tokens = usage.prompt_tokens if usage else 0
        completion_tokens = usage.completion_tokens if usage else 0
        with self._lock:
            self.prompt_tokens += prompt_tokens or 0
            self.completion_tokens += completion_tokens or 0
        log.info("reply from %s (finish_reason %s): %s", self.config.model, choice.finish_reason,
                 choice.message.content)
        return Completion(text=choice.message.content or "", finish_reason=choice.finish_reason,
                          prompt_tokens=prompt_tokens or 0, completion_tokens=completion_tokens or 0,
                          attempts=attempts)

    def _note_fallback(self) -> None:
        with self._lock:
            if self.fell_back:
                return
            self.fell_back = True
        log.warning("LLM endpoint %s rejected response_format json_schema; using json_object "
                    "with the schema for the rest of this run", self.config.fingerprint())

    def _write_record(self, messages, fmt, result: Completion | None, attempts: int,
                      error: LatweaveError | None) -> None:
        if self._record is None:
            return
        line = {"model": self.config.model, "messages": messages, "response_format": fmt,
                "text": result.text if result else None,
                "finish_reason": result.finish_reason if result else None,
                "usage": ({"prompt_tokens": result.prompt_tokens,
                           "completion_tokens": result.completion_tokens} if result else None),
                "attempts": attempts}
        if error is not None:
            line["error"] = error.message
        text = json.dumps(line, ensure_ascii=False) + "\n"
        with self._lock:
            self._record.parent.mkdir(parents=True, exist_ok=True)
            with self._record.open("a", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()


def _cause(exc) -> str:
    """What a connection error was, in the HTTP library's words ("[Errno 111] Connection
    refused"), not the openai package's bare "Connection error."."""
    cause = exc.__cause__ or exc.__context__
    while cause is not None and not str(cause) and (cause.__cause__ or cause.__context__):
        cause = cause.__cause__ or cause.__context__
    return f"{cause}" if cause is not None and str(cause) else str(exc)


def _status_message(exc) -> str:
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
        if isinstance(inner, str):
            return inner
    return exc.message


def _retry_after(headers) -> float | None:
    """Seconds from Retry-After-Ms / Retry-After (a number or an HTTP date); None if absent."""
    value = headers.get("retry-after-ms")
    if value:
        try:
            return max(0.0, float(value) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())
