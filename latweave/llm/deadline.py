"""One deadline for a whole HTTP request to the LLM endpoint, not one per socket read.

An HTTP client's timeout bounds each connect, write and read on its own: a server that sends a
byte every half second, or streams without end, never trips it, and a request runs on for as long
as the server likes (see docs/performance.md). `DeadlineTransport`
wraps the transport the `openai` client uses and holds every request to one deadline, set by
`LLMClient` before each attempt (`deadline(seconds)`, per thread: the builder's thread pool
shares one client):

- each connect, write and read is given at most the time left (the request's own timeouts are
  cut to it, again when the body starts), so a silent server ends the request at the deadline;
- after every piece of the body the deadline is checked, so a trickling or endless body ends at
  the deadline plus one piece.

Past the deadline the transport raises the HTTP library's `ReadTimeout`, which the `openai`
client reports as `APITimeoutError`: the same failure as a silent server, retried the same way.
Only public names of the HTTP library are used (a transport, a byte stream, a timeout error).
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager

try:  # the openai package's HTTP library: httpx2 in newer releases, httpx before
    import httpx2 as httpx
except ImportError:  # pragma: no cover - depends on the installed openai
    import httpx

_LOCAL = threading.local()


@contextmanager
def deadline(seconds: float):
    """Requests made by this thread inside the block end `seconds` from now at the latest."""
    before = getattr(_LOCAL, "at", None)
    _LOCAL.at = time.monotonic() + seconds
    try:
        yield
    finally:
        _LOCAL.at = before


def _left(request) -> float | None:
    """Seconds left to this thread's deadline (None: no deadline); ReadTimeout when none are."""
    at = getattr(_LOCAL, "at", None)
    if at is None:
        return None
    left = at - time.monotonic()
    if left <= 0:
        raise httpx.ReadTimeout("the request ran past its deadline", request=request)
    return left


def _cut(request, left: float | None) -> None:
    """Cut the request's connect/write/read/pool timeouts to `left` seconds (in place: the HTTP
    library reads this same dict when it starts reading the response's body)."""
    if left is None:
        return
    timeouts = request.extensions.get("timeout")
    if not isinstance(timeouts, dict):
        timeouts = {}
        request.extensions["timeout"] = timeouts
    for key in ("connect", "read", "write", "pool"):
        value = timeouts.get(key)
        timeouts[key] = left if value is None else min(value, left)


class _DeadlineStream(httpx.SyncByteStream):
    """A response body that ends with ReadTimeout once the deadline has passed."""

    def __init__(self, inner, request, at: float | None):
        self._inner = inner
        self._request = request
        self._at = at

    def __iter__(self):
        if self._at is not None:
            left = self._at - time.monotonic()
            if left <= 0:
                raise httpx.ReadTimeout("the request ran past its deadline", request=self._request)
            _cut(self._request, left)
        for chunk in self._inner:
            yield chunk
            if self._at is not None and time.monotonic() >= self._at:
                raise httpx.ReadTimeout("the response body ran past the request's deadline",
                                        request=self._request)

    def close(self) -> None:
        self._inner.close()


class DeadlineTransport(httpx.BaseTransport):
    """`inner` (an HTTPTransport), with this thread's deadline over each whole request."""

    def __init__(self, inner=None):
        self._inner = inner if inner is not None else httpx.HTTPTransport()

    def handle_request(self, request):
        _cut(request, _left(request))
        at = getattr(_LOCAL, "at", None)
        response = self._inner.handle_request(request)
        response.stream = _DeadlineStream(response.stream, request, at)
        return response

    def close(self) -> None:
        self._inner.close()


def http_client(openai_module):
    """The `openai` package's default HTTP client, on a DeadlineTransport."""
    make = getattr(openai_module, "DefaultHttpx2Client", None) or openai_module.DefaultHttpxClient
    return make(transport=DeadlineTransport())
