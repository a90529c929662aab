"""The page at `/`: a plan box with completion, the answers, the proof tree down to each evidence
sentence, an abstention's reason and witness, the result JSON to download. Three static files
shipped in the package (latweave/serve/static/: HTML, one vanilla JS module, CSS; no build step,
nothing fetched from elsewhere), which call the same JSON endpoints as any client.

A request names a file of the fixed table below, never a path: the bytes are read from the package
once, at start. The page holds no lattice data, so it is served without the token (the browser
cannot send a header when it opens a page); the data it shows comes from endpoints that need the
token, which the page sends from the field it keeps in sessionStorage. Its Content-Security-Policy
lets it load its own script and style only, run no inline script, and call this server alone."""

from __future__ import annotations

from importlib import resources

#: The page's files: the name a request gives → (the file in latweave/serve/static/, its media type).
FILES = {"index.html": ("index.html", "text/html; charset=utf-8"),
         "page.js": ("page.js", "text/javascript; charset=utf-8"),
         "page.css": ("page.css", "text/css; charset=utf-8")}

#: Paths served without the token: the page and its files (static, no lattice data in them).
PUBLIC = frozenset({"/", *(f"/static/{name}" for name in FILES if name != "index.html")})

HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self' blob:; "
                               "img-src 'self' blob: data:; base-uri 'none'; form-action 'none'; "
                               "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}


def read_files() -> dict[str, tuple[bytes, str]]:
    """name → (its bytes, its media type), read from the package."""
    folder = resources.files("latweave.serve") / "static"
    return {name: ((folder / file).read_bytes(), media) for name, (file, media) in FILES.items()}


def routes() -> list:
    """`GET /` (the page) and `GET /static/{file}` (its script and style)."""
    from starlette.routing import Route
    from starlette.responses import Response

    from latweave.errors import NotFound
    from latweave.serve.routes import error_response

    files = read_files()

    def send(name: str):
        body, media = files[name]
        return Response(body, media_type=media, headers=HEADERS)

    async def index(request):
        return send("index.html")

    async def asset(request):
        name = request.path_params["file"]
        if name not in files or name == "index.html":
            return error_response(NotFound(f"the page has no file {name!r}", hint="GET / is the page"))
        return send(name)

    return [Route("/", index, methods=["GET"], name="page"),
            Route("/static/{file}", asset, methods=["GET"], name="page_file")]
