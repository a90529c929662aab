"""The Starlette application `latweave serve` runs: the routes of routes.ENDPOINTS, /openapi.json,
the MCP server at /mcp (Streamable HTTP), the page at / (page.py), and around them the bearer-token check and — only when
asked (`--cors ORIGIN`) — CORS. Unknown paths and methods answer the error JSON too."""

from __future__ import annotations

import contextlib

from latweave.serve.config import ServeConfig
from latweave.serve.service import Service


def create_app(config: ServeConfig, service: Service | None = None):
    """The ASGI application for `config` (checked by the caller); `service` defaults to a new one,
    closed when the application shuts down."""
    from starlette.applications import Starlette
    from starlette.exceptions import HTTPException
    from starlette.middleware import Middleware
    from starlette.responses import Response
    from starlette.routing import Route

    from latweave.errors import LatweaveError, NotFound
    from latweave.serve import mcp_tools
    from latweave.serve.auth import BearerAuth
    from latweave.serve.openapi import document
    from latweave.serve.page import PUBLIC
    from latweave.serve.page import routes as page_routes
    from latweave.serve.routes import dict_bytes, error_response, starlette_routes

    service = service or Service(config)
    mcp = mcp_tools.build(service)
    # the SDK's own Streamable HTTP route (its DNS-rebinding check on for a loopback host); its
    # session manager runs in this application's lifespan, as the SDK's mounting recipe does
    mcp_app = mcp.streamable_http_app(streamable_http_path="/mcp", host=config.host,
                                      max_request_body_size=config.limits.body_bytes)
    openapi = dict_bytes(document())

    async def openapi_json(request):
        return Response(openapi, media_type="application/json")

    @contextlib.asynccontextmanager
    async def lifespan(app):
        async with mcp.session_manager.run():
            try:
                yield
            finally:
                service.close()

    async def http_error(request, exc: HTTPException):
        if exc.status_code == 404:
            return error_response(NotFound(f"no endpoint {request.url.path}", hint="GET /openapi.json lists them"))
        error = LatweaveError(f"{request.method} is not an endpoint's method here" if exc.status_code == 405
                              else str(exc.detail), hint="GET /openapi.json lists the endpoints")
        return Response(dict_bytes(error.to_dict()), status_code=exc.status_code, media_type="application/json")

    middleware = []
    if config.cors:
        from starlette.middleware.cors import CORSMiddleware

        middleware.append(Middleware(CORSMiddleware, allow_origins=list(config.cors), allow_methods=["GET", "POST"],
                                     allow_headers=["Authorization", "Content-Type", "Mcp-Session-Id",
                                                    "Mcp-Protocol-Version"], expose_headers=["Mcp-Session-Id"]))
    middleware.append(Middleware(BearerAuth, token=config.token, public=PUBLIC))
    routes = [*starlette_routes(service), Route("/openapi.json", openapi_json, methods=["GET"], name="openapi"),
              *page_routes(), *mcp_app.routes]
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan,
                    exception_handlers={HTTPException: http_error})
    app.state.service = service
    return app
