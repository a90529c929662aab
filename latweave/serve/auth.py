"""The bearer-token check, in front of every route (the MCP endpoint too): a server started with
a token answers 401 to any request without `Authorization: Bearer <token>` (compared in constant
time), with the error JSON every other error has. A CORS preflight (OPTIONS) is the CORS layer's,
which sits outside this one. The page's static files (page.PUBLIC, GET only) pass without it:
they hold no lattice data, and a browser opening a page sends no header. Without a token (loopback only, read-only: config.py) it passes
everything through."""

from __future__ import annotations

import hmac


class BearerAuth:
    """ASGI middleware: the request passes when it carries the token."""

    def __init__(self, app, token: str | None, public: frozenset[str] = frozenset()):
        self.app = app
        self.public = public
        self.token = token.encode("utf-8") if token else None

    async def __call__(self, scope, receive, send):
        if self.token is None or scope["type"] != "http" or (
                scope["method"] in ("GET", "HEAD") and scope["path"] in self.public):
            await self.app(scope, receive, send)
            return
        given = b""
        for key, value in scope.get("headers", ()):
            if key == b"authorization":
                given = value
                break
        scheme, _, credential = given.partition(b" ")
        if scheme.lower() == b"bearer" and hmac.compare_digest(credential.strip(), self.token):
            await self.app(scope, receive, send)
            return
        from latweave.errors import Unauthorized
        from latweave.serve.routes import error_response

        exc = Unauthorized("this server needs a bearer token" if not given else "the bearer token is not this server's",
                           hint="send the header  Authorization: Bearer <token>  (the token the server was started with)")
        await error_response(exc)(scope, receive, send)
