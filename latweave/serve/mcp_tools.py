"""The MCP server (the official `mcp` SDK's MCPServer): the tools an agent needs to write plans,
check them and get complete answers with proofs, each a thin call into the service the HTTP
routes use. `latweave mcp` serves it on stdio; `latweave serve` mounts it at /mcp (Streamable HTTP).

Each tool answers text: the JSON the command line prints (a result is byte for byte `latweave run
--json`'s), or a rendering (`explain`). A latweave error comes back as a tool error whose text is
the error's JSON — the message, the hint, and for a plan the line, column and what was expected,
which is what an agent needs to repair it. The plan language, with the lattice's vocabulary, is a
resource (`latweave://lattices/{name}/language`), a prompt (`write_plan`) and a tool (for clients
that read no resources).
"""

from __future__ import annotations

import json

from latweave.errors import LatweaveError
from latweave.serve.service import Service

INSTRUCTIONS = """\
latweave answers questions over knowledge lattices with complete answer sets and proofs. Read the
plan language first (plan_language, or the resource latweave://lattices/NAME/language), write a
plan, check it with check_plan (its errors say where and what is expected), then run_plan. A
result's proof can be re-verified with audit; a claim is checked with verify. An abstention is an
answer: its reason says why the lattice cannot answer."""


def _dumps(obj: dict) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, indent=2)


def _result_of(text: str) -> dict:
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        raise LatweaveError("the result is not JSON", hint="pass the text run_plan returned") from None
    if not isinstance(obj, dict):
        raise LatweaveError("the result is a JSON object", hint="pass the text run_plan returned")
    return obj


def build(service: Service):
    """The MCPServer over `service`."""
    import functools

    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ResourceError
    from mcp.types import CallToolResult, TextContent

    server = MCPServer("latweave", instructions=INSTRUCTIONS, log_level="WARNING")

    def tool(fn):
        """Register `fn` as a tool; a LatweaveError it raises is the tool's error result, its text
        the error's JSON alone."""
        def wrapped(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except LatweaveError as exc:
                return CallToolResult(content=[TextContent(type="text", text=_dumps(exc.to_dict()))], is_error=True)

        functools.update_wrapper(wrapped, fn)
        server.add_tool(wrapped, structured_output=False)
        return fn

    @tool
    def list_lattices() -> str:
        """The lattices served: each one's name (what every other tool takes as `lattice`), content hash and counts."""
        return _dumps(service.lattices())

    @tool
    def list_dimensions(lattice: str, offset: int = 0, limit: int = 100) -> str:
        """A page of the lattice's dimensions: name (as plans write it), kind, one value each or not, number of values."""
        return _dumps(service.dimensions(lattice, offset, limit))

    @tool
    def list_values(lattice: str, dimension: str, offset: int = 0, limit: int = 100, prefix: str = "") -> str:
        """A page of one dimension's values (each with its parents in the hierarchy); `prefix` narrows them."""
        return _dumps(service.values(lattice, dimension, offset, limit, prefix))

    @tool
    def plan_language(lattice: str) -> str:
        """How to write a plan: the plan language by example, its rules, the claims form, and this lattice's
        dimensions with the values of its small taxonomies."""
        return service.language(lattice)

    @tool
    def check_plan(lattice: str, plan: str) -> str:
        """Parse and type-check a plan against the lattice without running it: {"ok": true, "plan": canonical text},
        or {"ok": false, "errors": [...]} with each error's line, column, context and what is expected there."""
        try:
            return _dumps(service.check(lattice, plan))
        except LatweaveError as exc:
            from latweave.errors import PlanError

            if isinstance(exc, PlanError):
                return _dumps({"ok": False, "errors": [exc.to_dict()]})
            raise

    @tool
    def run_plan(lattice: str, plan: str, limit: int | None = None, offset: int = 0) -> str:
        """Run a plan: its answers (a page of `limit`, from `offset`, with the exact total), verdict or abstention,
        each answer with its proof tree — the JSON `latweave run --json` prints."""
        return service.run(lattice, plan, limit=limit, offset=offset).to_json()

    @tool
    def verify(lattice: str, claim: str) -> str:
        """Check a claim (let steps, then assertions joined by &: holds(...), same(...), differ(...),
        argmax/argmin(...) is X): each assertion supported, refuted, contested or not enough evidence, with proofs."""
        return service.verify(lattice, claim).to_json()

    @tool
    def audit(lattice: str, result: str) -> str:
        """Re-verify a result (the text run_plan returned) against the lattice's files with no engine: every proof
        step holds and the answers are exactly what the plan denotes ("ok")."""
        return _dumps(service.audit(lattice, _result_of(result)).to_dict())

    @tool
    def explain(result: str, width: int | None = None) -> str:
        """Render a result (the text run_plan returned) as a proof tree, down to each evidence sentence."""
        return service.explain(_result_of(result), width)

    def language(name: str) -> str:
        try:
            return service.language(name)
        except LatweaveError as exc:
            raise ResourceError(_dumps(exc.to_dict())) from None

    @server.resource("latweave://lattices/{name}/language", mime_type="text/plain",
                     description="the plan language and this lattice's vocabulary")
    def language_resource(name: str) -> str:
        return language(name)

    @server.prompt(description="write a latweave plan for a question over a lattice")
    def write_plan(lattice: str, question: str) -> str:
        return (language(lattice) + "\nWrite a plan in this language that answers the question "
                "below; check it with check_plan, then run it with run_plan.\n\nQuestion: " + question)

    return server
