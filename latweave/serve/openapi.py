"""/openapi.json: the OpenAPI 3.1 document of the server, written from routes.ENDPOINTS (the table
the routes are made from), with /mcp, /openapi.json and the page (/, /static/…) themselves; every error status an endpoint
can answer comes from latweave/outcomes.py, each with the error object's schema."""

from __future__ import annotations

from latweave.serve.routes import ENDPOINTS, JSON, TEXT

ERROR = {"type": "object", "required": ["error", "message"], "properties": {
    "error": {"type": "string", "description": "the error's class (latweave/errors.py)"},
    "message": {"type": "string"}, "hint": {"type": ["string", "null"]}},
    "additionalProperties": True}


def document(title: str = "latweave") -> dict:
    """The OpenAPI document (a dict; JSON-serialisable, deterministic)."""
    from latweave import __version__
    from latweave.outcomes import OUTCOMES

    statuses = sorted({row.http for row in OUTCOMES} | {500})
    errors = {str(code): {"description": "; ".join(r.why for r in OUTCOMES if r.http == code) or "internal error",
                          "content": {JSON: {"schema": {"$ref": "#/components/schemas/Error"}}}}
              for code in statuses}
    paths: dict[str, dict] = {}
    for ep in ENDPOINTS:
        op = {"operationId": ep.name, "summary": ep.summary, "tags": list(ep.tags),
              "parameters": [{"name": p.name, "in": p.where, "required": p.where == "path",
                              "description": p.description, "schema": {"type": p.type}} for p in ep.params],
              "responses": {"200": {"description": ep.response,
                                    "content": {ep.answers: {"schema": {"type": "string"} if ep.answers == TEXT
                                                             else {"type": "object"}}}}, **errors}}
        if ep.body is not None:
            content = {JSON: {"schema": ep.body}}
            if ep.text_body:
                content[TEXT] = {"schema": {"type": "string", "description": "the plan's text"}}
            op["requestBody"] = {"required": True, "content": content}
        if ep.writes:
            op["description"] = "Needs a server started with --allow-writes, and the bearer token."
        paths.setdefault(ep.path, {})[ep.method.lower()] = op
    paths["/openapi.json"] = {"get": {"operationId": "openapi", "summary": "this document", "tags": ["server"],
                                      "responses": {"200": {"description": "the OpenAPI document",
                                                            "content": {JSON: {"schema": {"type": "object"}}}}}}}
    html = {"responses": {"200": {"description": "the page: plan, answers, proofs (docs/serve.md)"}},
            "tags": ["page"], "security": [{}]}
    paths["/"] = {"get": {**html, "operationId": "page", "summary": "the page (HTML; no token needed to load it)"}}
    paths["/static/{file}"] = {"get": {**html, "operationId": "page_file", "summary": "the page's script and style",
                                       "parameters": [{"name": "file", "in": "path", "required": True,
                                                       "schema": {"type": "string", "enum": ["page.css", "page.js"]}}]}}
    mcp = {"summary": "the MCP server (Streamable HTTP): the same tools as `latweave mcp`", "tags": ["mcp"],
           "responses": {"200": {"description": "MCP JSON-RPC over Streamable HTTP (an MCP client speaks it)"}}}
    paths["/mcp"] = {method: {**mcp, "operationId": f"mcp_{method}"} for method in ("get", "post", "delete")}
    return {"openapi": "3.1.0",
            "info": {"title": title, "version": __version__,
                     "description": "Lattices as a service: plans, checks, claims, audits, with proofs. "
                                    "docs/serve.md describes it."},
            "paths": dict(sorted(paths.items())),
            "components": {"schemas": {"Error": ERROR},
                           "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
            "security": [{}, {"bearer": []}]}
