"""The HTTP endpoints: one table (`ENDPOINTS`), from which both the routes and the OpenAPI
document (openapi.py) are made, so that no endpoint goes undocumented.

Each endpoint reads its request (a JSON body, or for `run` and `check` the plan as a text/plain
body with the options in the query), calls the service in a worker thread (an engine call blocks)
and answers with the JSON the command line prints for the same thing, byte for byte: a result as
`latweave run --json`, an error as `--json` prints it (latweave/errors.py `to_dict`) with the
status latweave/outcomes.py gives its class. Nothing else reaches a client: an unexpected failure
is a 500 with a fixed message, its traceback in the server's log alone.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from latweave.errors import Forbidden, LatweaveError, TooLarge

log = logging.getLogger("latweave.serve")

JSON = "application/json"
TEXT = "text/plain; charset=utf-8"


@dataclass(frozen=True)
class Param:
    name: str
    type: str            # an OpenAPI type: string, integer, boolean
    description: str
    where: str = "query"


@dataclass(frozen=True)
class Endpoint:
    """One endpoint: its method and path, what it does (for the OpenAPI document), and its handler
    `(service, request, body) -> (status, payload)`."""

    method: str
    path: str
    name: str
    summary: str
    handler: Callable[..., Awaitable[Any]]
    params: tuple[Param, ...] = ()
    body: dict | None = None             # the JSON schema of the request body, when it takes one
    text_body: bool = False              # also takes the plan as a text/plain body
    answers: str = JSON                  # the media type of a 200
    response: str = "the JSON the command line prints"
    writes: bool = False                 # changes a lattice: needs --allow-writes (and so the token)
    example: str | None = None           # a curl line for docs/serve.md
    tags: tuple[str, ...] = field(default=("lattices",))


# ------------------------------------------------------------------------------ reading requests

async def _body_bytes(request, bound: int) -> bytes:
    """The request body, at most `bound` bytes (TooLarge past it, before reading more)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > bound:
        raise TooLarge(f"the request body is {int(declared):,} bytes, over the server's bound of {bound:,}",
                       hint="send less (a page of results, a smaller upload), or start the server with a larger "
                            "--max-body")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > bound:
            raise TooLarge(f"the request body is over the server's bound of {bound:,} bytes",
                           hint="send less, or start the server with a larger --max-body")
        chunks.append(chunk)
    return b"".join(chunks)


async def _json_body(request, bound: int) -> dict:
    raw = await _body_bytes(request, bound)
    try:
        obj = json.loads(raw.decode("utf-8")) if raw.strip() else {}
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise LatweaveError(f"the request body is not JSON ({type(exc).__name__})",
                            hint="send a JSON object (Content-Type: application/json)") from None
    if not isinstance(obj, dict):
        raise LatweaveError("the request body is a JSON object", hint='e.g. {"plan": "meet(species <= mammal)"}')
    return obj


def _option(source: dict, name: str, kind: type, default=None):
    """An option from the body (a JSON value) or the query (text), of type `kind`."""
    value = source.get(name, default)
    if value is None or value is default:
        return value
    if isinstance(value, str) and kind is not str:
        text = value.strip().lower()
        if kind is bool and text in ("true", "1", "yes", "false", "0", "no"):
            return text in ("true", "1", "yes")
        if kind is int and text.lstrip("-").isdigit():
            return int(text)
    if kind is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
        return value
    raise LatweaveError(f"{name} is {'true or false' if kind is bool else 'a whole number' if kind is int else 'text'}, "
                        f"not {value!r}", hint=f"e.g. {name}={'true' if kind is bool else 100 if kind is int else 'x'}")


async def _plan_request(request, service) -> tuple[Any, dict]:
    """(the plan, the options) of a `run` or `check`: a JSON body {"plan": ..., options}, or the
    plan as a text/plain body with the options in the query."""
    query = dict(request.query_params)
    if request.headers.get("content-type", "").split(";")[0].strip() == "text/plain":
        raw = await _body_bytes(request, service.limits.body_bytes)
        try:
            return raw.decode("utf-8"), query
        except UnicodeDecodeError:
            raise LatweaveError("the plan is not UTF-8 text", hint="send the plan as UTF-8") from None
    body = await _json_body(request, service.limits.body_bytes)
    if "plan" not in body:
        raise LatweaveError("the body has no \"plan\"", hint='{"plan": "meet(species <= mammal)"} (its text, or its '
                                                            'JSON form as an object)')
    return body["plan"], {**query, **body}


# ------------------------------------------------------------------------------------ handlers
# each returns (status, payload): payload a str of JSON (sent as it is), a dict (sent as --json
# prints one), or ("text", str) for text/plain

async def _call(fn, *args, **kwargs):
    from starlette.concurrency import run_in_threadpool

    return await run_in_threadpool(fn, *args, **kwargs)


async def list_lattices(service, request, path):
    return await _call(service.lattices)


async def about(service, request, path):
    return await _call(service.about, path["name"])


async def dimensions(service, request, path):
    q = request.query_params
    return await _call(service.dimensions, path["name"], _option(q, "offset", int, 0) or 0,
                       _option(q, "limit", int))


async def values(service, request, path):
    q = request.query_params
    return await _call(service.values, path["name"], path["dimension"], _option(q, "offset", int, 0) or 0,
                       _option(q, "limit", int), _option(q, "prefix", str, "") or "")


async def language(service, request, path):
    return ("text", await _call(service.language, path["name"]))


async def history(service, request, path):
    return (await _call(service.history, path["name"])).to_json()


async def run(service, request, path):
    plan, options = await _plan_request(request, service)
    result = await _call(service.run, path["name"], plan, limit=_option(options, "limit", int),
                         offset=_option(options, "offset", int, 0) or 0, rank=bool(_option(options, "rank", bool)),
                         proofs=_option(options, "proofs", bool, True) is not False,
                         whole=bool(_option(options, "whole", bool)))
    return result.to_json()


async def check(service, request, path):
    plan, _ = await _plan_request(request, service)
    checked = await _call(service.check, path["name"], plan)
    return (200 if checked["ok"] else 422), checked


async def verify(service, request, path):
    body = await _json_body(request, service.limits.body_bytes)
    if "claim" not in body:
        raise LatweaveError("the body has no \"claim\"", hint='{"claim": "argmax(lifespan_years, [Whale, Dog]) is Whale"}')
    return (await _call(service.verify, path["name"], body["claim"])).to_json()


async def ask(service, request, path):
    from latweave.errors import ServiceUnreachable
    from latweave.outcomes import http_status

    body = await _json_body(request, service.limits.body_bytes)
    asked = await _call(service.ask, path["name"], body.get("question"))
    # the endpoint could not be reached: `ask` exits 7 with this JSON; the table's status for that
    unreachable = "planner_unavailable" in asked.result.reasons
    return (http_status(ServiceUnreachable) if unreachable else 200), asked.to_json()


async def audit(service, request, path):
    body = await _json_body(request, service.limits.body_bytes)
    result = body.get("result", body) if "status" not in body else body
    return (await _call(service.audit, path["name"], result)).to_dict()


async def explain(service, request, path):
    body = await _json_body(request, service.limits.body_bytes)
    result = body.get("result", body) if "status" not in body else body
    width = _option(request.query_params, "width", int)
    if width is not None and not 20 <= width <= 10_000:
        raise LatweaveError(f"width is 20 to 10,000 columns, not {width}", hint="e.g. width=110")
    return ("text", await _call(service.explain, result, width))


async def add(service, request, path):
    body = await _json_body(request, service.limits.body_bytes)
    change = await _call(service.add, path["name"], body.get("sources"), replace=_option(body, "replace", bool, False),
                         allow=_option(body, "allow", bool, False))
    return change.to_json()


async def remove(service, request, path):
    body = await _json_body(request, service.limits.body_bytes)
    change = await _call(service.remove, path["name"], sources=body.get("sources", []), docs=body.get("docs", []),
                         allow=_option(body, "allow", bool, False))
    return change.to_json()


async def version(service, request, path):
    from latweave import __version__

    return {"latweave": __version__, "lattices": sorted(service.served), "writes": service.config.allow_writes}


# ---------------------------------------------------------------------------------- the table

_PLAN = {"type": "object", "required": ["plan"], "properties": {
    "plan": {"description": "the plan: its text, or its JSON form (an object)", "oneOf": [{"type": "string"},
                                                                                         {"type": "object"}]},
    "limit": {"type": "integer", "minimum": 1, "description": "answers in the page (default: the server's page size)"},
    "offset": {"type": "integer", "minimum": 0, "description": "answers skipped before the page"},
    "whole": {"type": "boolean", "description": "the unpaged result, as `run --json` without --limit (refused, 413, "
                                                "over one page's bound)"},
    "rank": {"type": "boolean", "description": "also rank the (whole) answer set"},
    "proofs": {"type": "boolean", "description": "false: the answers without proof trees"}}}
_RESULT = {"type": "object", "description": "a result, as `run` returns it (or {\"result\": ...})"}
_PAGE = (Param("offset", "integer", "items skipped before the page"),
         Param("limit", "integer", "items in the page (default: the server's page size)"))
_NAME = Param("name", "string", "the lattice's name (GET /lattices)", "path")
_RUN_PARAMS = (_NAME, Param("limit", "integer", "with a text/plain body: answers in the page"),
               Param("offset", "integer", "with a text/plain body: answers skipped"),
               Param("whole", "boolean", "with a text/plain body: the unpaged result"))

ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint("GET", "/version", "version", "latweave's version, the lattices served, whether writes are on",
             version, tags=("server",), example="curl -s http://127.0.0.1:8000/version"),
    Endpoint("GET", "/lattices", "list_lattices", "the lattices served: name, content hash, counts",
             list_lattices, example="curl -s http://127.0.0.1:8000/lattices"),
    Endpoint("GET", "/lattices/{name}", "about", "one lattice: its content hash, counts and engines", about,
             (_NAME,)),
    Endpoint("GET", "/lattices/{name}/dimensions", "dimensions", "a page of the lattice's dimensions", dimensions,
             (_NAME, *_PAGE), example="curl -s 'http://127.0.0.1:8000/lattices/zoo/dimensions?limit=10'"),
    Endpoint("GET", "/lattices/{name}/dimensions/{dimension}/values", "values",
             "a page of one dimension's values, each with its parents", values,
             (_NAME, Param("dimension", "string", "the dimension's name", "path"), *_PAGE,
              Param("prefix", "string", "only values whose name starts so")),
             example="curl -s 'http://127.0.0.1:8000/lattices/zoo/dimensions/species/values?prefix=ma'"),
    Endpoint("GET", "/lattices/{name}/language", "language",
             "the plan language and this lattice's vocabulary, as the LLM planner's prompt shows them",
             language, (_NAME,), answers=TEXT, response="text"),
    Endpoint("GET", "/lattices/{name}/history", "history", "the lattice's changes (`latweave history --json`)",
             history, (_NAME,)),
    Endpoint("POST", "/lattices/{name}/run", "run",
             "run a plan: the bytes `latweave run --json --limit L --offset K` prints", run, _RUN_PARAMS, _PLAN,
             text_body=True,
             example="curl -s http://127.0.0.1:8000/lattices/zoo/run -H 'Content-Type: application/json' "
                     "-d '{\"plan\": \"meet(species <= mammal, habitat <= aquatic)\"}'"),
    Endpoint("POST", "/lattices/{name}/check", "check",
             "type-check a plan without running it (`latweave check-plan --json`; 422 when it does not check)",
             check, (_NAME,), _PLAN, text_body=True,
             example="curl -s http://127.0.0.1:8000/lattices/zoo/check -H 'Content-Type: text/plain' "
                     "--data-binary 'meet(speces <= mammal)'"),
    Endpoint("POST", "/lattices/{name}/verify", "verify", "check a claim (`latweave verify --json`)", verify,
             (_NAME,), {"type": "object", "required": ["claim"], "properties": {"claim": {"type": "string"}}}),
    Endpoint("POST", "/lattices/{name}/ask", "ask",
             "plan a question with the configured LLM, then run it (`latweave ask --json`)", ask, (_NAME,),
             {"type": "object", "required": ["question"], "properties": {"question": {"type": "string"}}}),
    Endpoint("POST", "/lattices/{name}/audit", "audit",
             "re-verify a result against the lattice's files, no engine (`latweave audit --json`)", audit,
             (_NAME,), _RESULT),
    Endpoint("POST", "/explain", "explain", "render a result and its proof tree (`latweave explain`)", explain,
             (Param("width", "integer", "columns to draw the tree at (default: never wrapped)"),), _RESULT,
             answers=TEXT, response="text", tags=("results",)),
    Endpoint("POST", "/lattices/{name}/add", "add",
             "add sources, atomically (`latweave add --json`); needs --allow-writes and the token", add, (_NAME,),
             {"type": "object", "required": ["sources"], "properties": {
                 "sources": {"type": "array", "items": {"type": "object", "required": ["name"], "properties": {
                     "name": {"type": "string"}, "content": {"type": "string", "description": "a file's text"},
                     "files": {"type": "object", "description": "a folder: path → text"}}}},
                 "replace": {"type": "boolean"}, "allow": {"type": "boolean"}}}, writes=True),
    Endpoint("POST", "/lattices/{name}/remove", "remove",
             "remove sources or documents, atomically (`latweave remove --json`); needs --allow-writes and the token",
             remove, (_NAME,), {"type": "object", "properties": {
                 "sources": {"type": "array", "items": {"type": "string"}},
                 "docs": {"type": "array", "items": {"type": "string"}}, "allow": {"type": "boolean"}}}, writes=True),
)


# --------------------------------------------------------------------------------- responding

def json_bytes(text: str) -> bytes:
    """What `--json` prints for a JSON text: the text (surrogates escaped) and a newline, in UTF-8."""
    from latweave.output import json_text

    return (json_text(text) + "\n").encode("utf-8")


def dict_bytes(obj: dict) -> bytes:
    """What the CLI's `_print_json` prints for an object."""
    return json_bytes(json.dumps(obj, ensure_ascii=False, sort_keys=True, indent=2))


def error_response(exc: LatweaveError):
    from starlette.responses import Response

    from latweave.outcomes import http_status

    headers = {"WWW-Authenticate": "Bearer"} if http_status(exc) == 401 else None
    return Response(dict_bytes(exc.to_dict()), status_code=http_status(exc), media_type=JSON, headers=headers)


def _respond(answer):
    from starlette.responses import Response

    status = 200
    if isinstance(answer, tuple) and isinstance(answer[0], int):
        status, answer = answer
    if isinstance(answer, tuple) and answer[0] == "text":
        return Response(answer[1].encode("utf-8"), status_code=status, media_type=TEXT)
    body = json_bytes(answer) if isinstance(answer, str) else dict_bytes(answer)
    return Response(body, status_code=status, media_type=JSON)


def internal_error():
    from starlette.responses import Response

    return Response(dict_bytes({"error": "InternalError", "message": "the server failed on this request",
                                "hint": "the server's log has the details"}), status_code=500, media_type=JSON)


def starlette_routes(service) -> list:
    """The Starlette routes of ENDPOINTS, each answering errors as the table says."""
    from starlette.routing import Route

    def endpoint_of(ep: Endpoint):
        async def endpoint(request):
            try:
                if ep.writes and not service.config.allow_writes:
                    raise Forbidden(f"{ep.path.rsplit('/', 1)[-1]}: this server was started read-only",
                                    hint="start it with --allow-writes (and a token) to change lattices")
                return _respond(await ep.handler(service, request, request.path_params))
            except LatweaveError as exc:
                return error_response(exc)
            except Exception:
                log.exception("%s %s failed", request.method, request.url.path)
                return internal_error()

        endpoint.__name__ = ep.name
        return endpoint

    return [Route(ep.path, endpoint_of(ep), methods=[ep.method], name=ep.name) for ep in ENDPOINTS]
