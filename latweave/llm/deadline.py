"""One deadline for a whole HTTP request to the LLM endpoint, not one per socket read.

An HTTP client's timeout bounds each connect, write and read on its own: a server that sends a
byte every half second — of the body, or of the headers (`HTTP/1.1 200 OK`, then one header line
at a time) — or streams without end, never trips it, and a request runs on for as long as the
server likes (see docs/performance.md). `DeadlineTransport` is the transport the `openai` client
uses, and it holds every request to one deadline, set by `LLMClient` before each attempt
(`deadline(seconds)`, per thread: the builder's thread pool shares one client).

The deadline is kept where the bytes are, in the connection's network stream (`_DeadlineStream`,
over the HTTP library's own): every connect, TLS handshake, write and read is given at most the
time left, and one that starts past the deadline fails at once. So the status line, each header
line and each piece of the body all count against the same deadline, and a silent, trickling or
endless server ends the request at the deadline.

Past it the transport raises the HTTP library's `ReadTimeout` (`ConnectTimeout` while
connecting), which the `openai` client reports as `APITimeoutError`: the same failure as a silent
server, retried the same way. Only public names of the HTTP library are used (a transport, a
connection pool with a network backend, a network stream, the timeout and transport errors).
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager

try:  # the openai package's HTTP library: httpx2 (over httpcore2) in newer releases, httpx before
    import httpcore2 as httpcore
    import httpx2 as httpx
except ImportError:  # pragma: no cover - depends on the installed openai
    import httpcore
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


def _left(timeout: float | None, error=httpcore.ReadTimeout) -> float | None:
    """`timeout` cut to the seconds left to this thread's deadline (unchanged without one);
    `error` (an httpcore timeout) when none are left."""
    at = getattr(_LOCAL, "at", None)
    if at is None:
        return timeout
    left = at - time.monotonic()
    if left <= 0:
        raise error("the request ran past its deadline")
    return left if timeout is None else min(timeout, left)


class _DeadlineStream(httpcore.NetworkStream):
    """A connection's network stream whose every read and write ends at the deadline."""

    def __init__(self, inner):
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, _left(timeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, _left(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(self, ssl_context, server_hostname=None, timeout=None):
        return _DeadlineStream(self._inner.start_tls(ssl_context, server_hostname,
                                                     _left(timeout, httpcore.ConnectTimeout)))

    def get_extra_info(self, info: str):
        return self._inner.get_extra_info(info)


class _DeadlineBackend(httpcore.NetworkBackend):
    """The HTTP library's own network backend, its streams wrapped in `_DeadlineStream`."""

    def __init__(self, inner=None):
        self._inner = inner if inner is not None else httpcore.SyncBackend()

    def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        return _DeadlineStream(self._inner.connect_tcp(host, port, _left(timeout, httpcore.ConnectTimeout),
                                                       local_address, socket_options))

    def connect_unix_socket(self, path, timeout=None, socket_options=None):
        return _DeadlineStream(self._inner.connect_unix_socket(path, _left(timeout, httpcore.ConnectTimeout),
                                                               socket_options))

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


@contextmanager
def _as_httpx():
    """An httpcore error raised as the httpx error of the same name (what the `openai` client
    catches: `TimeoutException` becomes APITimeoutError, any other a connection error)."""
    try:
        yield
    except httpcore.TimeoutException as exc:
        raise getattr(httpx, type(exc).__name__, httpx.ReadTimeout)(str(exc)) from exc
    except Exception as exc:
        mapped = next((getattr(httpx, cls.__name__) for cls in type(exc).__mro__
                       if cls.__module__.startswith("httpcore") and hasattr(httpx, cls.__name__)), None)
        if mapped is None or not issubclass(mapped, httpx.TransportError):
            raise
        raise mapped(str(exc)) from exc


class _Body(httpx.SyncByteStream):
    """A response body read through the deadline streams, its errors as the httpx ones."""

    def __init__(self, inner):
        self._inner = inner

    def __iter__(self):
        with _as_httpx():
            yield from self._inner

    def close(self) -> None:
        if hasattr(self._inner, "close"):
            self._inner.close()


class DeadlineTransport(httpx.BaseTransport):
    """Plain HTTP(S) requests over a connection pool whose network streams keep this thread's
    deadline (see the module docstring); `limits` by default the `openai` package's own."""

    def __init__(self, limits: "httpx.Limits | None" = None):
        if limits is None:
            from openai import DEFAULT_CONNECTION_LIMITS as limits
        self._pool = httpcore.ConnectionPool(
            ssl_context=httpx.create_ssl_context(), max_connections=limits.max_connections,
            max_keepalive_connections=limits.max_keepalive_connections,
            keepalive_expiry=limits.keepalive_expiry, network_backend=_DeadlineBackend())

    def handle_request(self, request):
        url = request.url
        with _as_httpx():
            timeouts = dict(request.extensions.get("timeout") or {})
            timeouts["pool"] = _left(timeouts.get("pool"), httpcore.PoolTimeout)  # a wait for a connection too
            core = httpcore.Request(method=request.method,
                                    url=httpcore.URL(scheme=url.raw_scheme, host=url.raw_host, port=url.port,
                                                     target=url.raw_path),
                                    headers=request.headers.raw, content=request.stream,
                                    extensions={**request.extensions, "timeout": timeouts})
            response = self._pool.handle_request(core)
        return httpx.Response(status_code=response.status, headers=response.headers,
                              stream=_Body(response.stream), extensions=response.extensions)

    def close(self) -> None:
        self._pool.close()


def http_client(openai_module):
    """The `openai` package's default HTTP client, on a DeadlineTransport."""
    make = getattr(openai_module, "DefaultHttpx2Client", None) or openai_module.DefaultHttpxClient
    return make(transport=DeadlineTransport())
