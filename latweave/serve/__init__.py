"""`latweave serve` and `latweave mcp`: lattices as a service, over HTTP and over MCP.

One room per job, data flowing one way (each module imports only those above it here):

    config.py     what the server was started with: names → folders, bind, token, bounds
    served.py     one lattice by its name: a small pool of read sessions, each request on one
                  version of the lattice (the old or the new while it changes, never a mix)
    service.py    the served lattices and every operation, each returning the object the CLI renders
    uploads.py    sources sent to `add`, written to a private temporary folder
    language.py   the plan language as the LLM planner's prompt shows it, for agents
    routes.py     the HTTP endpoints, one table (which the OpenAPI document is written from)
    openapi.py    /openapi.json, from that table
    auth.py       the bearer-token check, in front of everything
    mcp_tools.py  the MCP tools, resource and prompt (the official `mcp` SDK)
    page.py       the page at / (static/: HTML, one vanilla JS module, CSS), a client of the routes
    app.py        the Starlette application: routes, MCP at /mcp, middleware
    run.py        uvicorn on a bound socket (`latweave serve`), MCP on stdio (`latweave mcp`)

Errors map to HTTP statuses through latweave/outcomes.py, the table the CLI's exit codes come
from. The dependencies are the `serve` extra (`pip install 'latweave[serve]'`); `require()` says so
when they are missing.
"""

from __future__ import annotations

from latweave.errors import LatweaveError

#: The modules `latweave serve` and `latweave mcp` need beyond latweave's own dependencies.
NEEDS = ("starlette", "uvicorn", "mcp")
INSTALL_HINT = "pip install 'latweave[serve]'   (Starlette, uvicorn and the mcp SDK)"


def require() -> None:
    """LatweaveError (exit 2) naming the missing modules and the pip command, when any is missing."""
    import importlib.util

    missing = [name for name in NEEDS if importlib.util.find_spec(name) is None]
    if missing:
        raise LatweaveError(f"latweave serve needs {', '.join(missing)}, which is not installed",
                            hint=INSTALL_HINT)
