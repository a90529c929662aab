"""The MCP server, through the SDK's own client over both transports: stdio (the real `latweave mcp`
subprocess) and Streamable HTTP (a real uvicorn server on 127.0.0.1, the tools at /mcp, the bearer
token in front). The tools list what they should; run_plan returns the bytes `latweave run --json`
prints; check_plan returns the labelled errors; an unknown lattice is a tool error carrying the
error's JSON; the plan language is a resource, a prompt and a tool."""

from __future__ import annotations

import json
import sys

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
mcp = pytest.importorskip("mcp")

import anyio  # noqa: E402

from latweave.serve.config import ServeConfig  # noqa: E402
from tests.support.serving import cli_bytes, running  # noqa: E402

TOOLS = {"list_lattices", "list_dimensions", "list_values", "plan_language", "check_plan", "run_plan", "verify",
         "audit", "explain"}
MAMMALS = "meet(species <= mammal, habitat <= aquatic)"
TOKEN = "a-test-token-of-enough-length"
#: Seconds one MCP exchange may take before the test fails.
EXCHANGE_S = 60


def text_of(result) -> str:
    assert len(result.content) == 1
    return result.content[0].text


async def exercise(client, zoo_lattice) -> None:
    """What both transports must answer alike."""
    tools = await client.list_tools()
    assert {tool.name for tool in tools.tools} == TOOLS
    described = {tool.name: tool for tool in tools.tools}
    assert "plan" in described["run_plan"].input_schema["properties"]

    lattices = json.loads(text_of(await client.call_tool("list_lattices", {})))
    assert [entry["name"] for entry in lattices["lattices"]] == ["zoo"]
    dims = json.loads(text_of(await client.call_tool("list_dimensions", {"lattice": "zoo", "limit": 2})))
    assert [d["name"] for d in dims["dimensions"]] == ["diet", "first_described"] and dims["more"]

    ran = await client.call_tool("run_plan", {"lattice": "zoo", "plan": MAMMALS, "limit": 10})
    assert not ran.is_error
    _, printed = cli_bytes("run", MAMMALS, "--lattice", zoo_lattice, "--json", "--limit", "10")
    assert (text_of(ran) + "\n").encode("utf-8") == printed

    checked = json.loads(text_of(await client.call_tool("check_plan", {"lattice": "zoo",
                                                                       "plan": "meet(speces <= mammal)"})))
    assert checked["ok"] is False and checked["errors"][0]["hint"] == "did you mean 'species'?"
    unparsed = json.loads(text_of(await client.call_tool("check_plan", {"lattice": "zoo", "plan": "meet("})))
    assert unparsed["ok"] is False and unparsed["errors"][0]["line"] == 1

    audited = json.loads(text_of(await client.call_tool("audit", {"lattice": "zoo", "result": text_of(ran)})))
    assert audited["ok"] is True
    explained = text_of(await client.call_tool("explain", {"result": text_of(ran)}))
    assert explained.startswith("answer Whale")
    verified = json.loads(text_of(await client.call_tool(
        "verify", {"lattice": "zoo", "claim": 'argmax(lifespan_years, ["Whale", "Dog"]) is "Whale"'})))
    assert verified["verdict"] == "supported"

    missing = await client.call_tool("run_plan", {"lattice": "nope", "plan": MAMMALS})
    assert missing.is_error and json.loads(text_of(missing))["error"] == "NotFound"

    language = text_of(await client.call_tool("plan_language", {"lattice": "zoo"}))
    assert MAMMALS in language and "- species (taxonomy" in language
    resource = await client.read_resource("latweave://lattices/zoo/language")
    assert resource.contents[0].text == language
    prompt = await client.get_prompt("write_plan", {"lattice": "zoo", "question": "Which mammals swim?"})
    assert "Which mammals swim?" in prompt.messages[0].content.text


@pytest.mark.slow   # subprocesses, or servers started twice: over two seconds
def test_stdio_the_real_latweave_mcp_subprocess(zoo_lattice):
    from mcp import Client, StdioServerParameters

    server = StdioServerParameters(command=sys.executable, args=["-m", "latweave.cli", "mcp", "--lattice",
                                                                 f"zoo={zoo_lattice}"])

    async def main():
        with anyio.fail_after(EXCHANGE_S):
            async with Client(server) as client:
                await exercise(client, zoo_lattice)

    anyio.run(main)


def test_streamable_http_mounted_in_serve_behind_the_token(zoo_lattice):
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    async def main(url):
        with anyio.fail_after(EXCHANGE_S):
            async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"},
                                          timeout=EXCHANGE_S) as http:
                async with Client(streamable_http_client(url + "/mcp", http_client=http)) as client:
                    await exercise(client, zoo_lattice)

    with running(ServeConfig({"zoo": zoo_lattice}, token=TOKEN).checked()) as url:
        anyio.run(main, url)
