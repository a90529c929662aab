"""A real uvicorn server on 127.0.0.1 (a free port) in a thread, for the server's tests: `running(config)`
yields its base URL and stops it on leaving (within seconds, whatever the test did); `cli_bytes`
runs the `latweave` command in a subprocess and gives its stdout's bytes and exit code, for byte
comparisons with what the server answers."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from typing import Iterator

#: How long a test waits for a server to start or to stop before it fails.
WAIT_S = 30.0


@contextmanager
def running(config) -> Iterator[str]:
    import uvicorn

    from latweave.serve.app import create_app
    from latweave.serve.run import bind

    app = create_app(config)
    sock = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on", timeout_graceful_shutdown=2))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="latweave-test-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT_S
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(WAIT_S)
        sock.close()
        assert not thread.is_alive(), "the server did not stop"


def cli_bytes(*argv, env: dict | None = None) -> tuple[int, bytes]:
    """`latweave ARGV` in a subprocess: (exit code, stdout's bytes)."""
    done = subprocess.run([sys.executable, "-m", "latweave.cli", *map(str, argv)], capture_output=True,
                          timeout=120, env={**os.environ, **(env or {})})
    return done.returncode, done.stdout
