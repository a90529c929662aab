"""Running what app.py and mcp_tools.py make: `latweave serve` (uvicorn on a socket this process
binds, so that `--port 0` works and the address printed is the one bound) and `latweave mcp`
(the MCP server on stdio: stdout carries the protocol alone, every note goes to stderr)."""

from __future__ import annotations

import socket
import sys

from latweave.errors import LatweaveError
from latweave.serve.config import ServeConfig


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on host:port (port 0: a free one); LatweaveError when it cannot bind."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # proto given: asyncio sets TCP_NODELAY on accepted connections only when the socket says TCP,
    # and without it a keep-alive client waits out the delayed ACK (44 ms a request, measured)
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as exc:
        sock.close()
        raise LatweaveError(f"cannot listen on {host}:{port}: {exc.strerror or exc}",
                            hint="pick another --port (0: any free one), or stop what listens there") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def serve(config: ServeConfig, *, log_level: str = "warning") -> None:
    """Serve `config` until interrupted (Ctrl-C or SIGTERM: uvicorn stops gracefully)."""
    import uvicorn

    from latweave.serve.app import create_app

    app = create_app(config)
    sock = bind(config.host, config.port)
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    writes = "writes on (token needed)" if config.allow_writes else "read-only"
    auth = "bearer token required" if config.token else "no token (loopback only)"
    print(f"latweave serve: {', '.join(config.lattices)} on http://{shown}:{port}  ({writes}; {auth}; "
          f"MCP at /mcp, OpenAPI at /openapi.json)", file=sys.stderr, flush=True)
    server = uvicorn.Server(uvicorn.Config(app, log_level=log_level, lifespan="on", server_header=False,
                                           timeout_graceful_shutdown=5))
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()


def serve_stdio(config: ServeConfig) -> None:
    """The MCP server on stdin/stdout until the client closes it."""
    from latweave.serve import mcp_tools
    from latweave.serve.service import Service

    service = Service(config)
    try:
        mcp_tools.build(service).run("stdio")
    finally:
        service.close()
