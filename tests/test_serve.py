"""`latweave serve` over real HTTP (uvicorn on 127.0.0.1, a free port): every answer is the bytes
the command line prints for the same lattice and plan (the CLI run in a subprocess), errors carry
the status latweave/outcomes.py gives their class and the CLI's JSON, the bounds hold (413, 422,
504), the token and the read-only default are enforced, CORS is off unless asked, and the OpenAPI
document lists every route."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("mcp")
httpx = pytest.importorskip("httpx")

from latweave.serve.config import Limits, ServeConfig  # noqa: E402
from tests.support.serving import cli_bytes, running  # noqa: E402

TOKEN = "a-test-token-of-enough-length"
MAMMALS = "meet(species <= mammal, habitat <= aquatic)"
ANIMALS = "meet(species <= animal)"


def config(zoo, **kwargs) -> ServeConfig:
    return ServeConfig({"zoo": zoo}, **kwargs).checked()


@pytest.fixture(scope="module")
def zoo_server(zoo_lattice):
    with running(config(zoo_lattice, limits=Limits(page=4, max_page=6))) as url:
        yield url


def post(url, path, body=None, **kwargs):
    return httpx.post(url + path, json=body, timeout=60, **kwargs)


@pytest.mark.parametrize("plan, flags, body", [
    (MAMMALS, ["--limit", "4"], {}),
    (ANIMALS, ["--limit", "4"], {}),                               # the first page of 9
    (ANIMALS, ["--limit", "3", "--offset", "6"], {"limit": 3, "offset": 6}),
    ("meet(species <= mammal)", [], {"whole": True}),              # unpaged, as run --json without --limit
    ('argmax(lifespan_years, ["Whale", "Dog"])', [], {}),          # a verdict is never paged
    ("meet(species <= whale, habitat <= terrestrial)", ["--limit", "4"], {}),   # an abstention
], ids=["meet", "page1", "page3", "whole", "argmax", "abstain"])
def test_run_answers_the_bytes_the_cli_prints(zoo_server, zoo_lattice, plan, flags, body):
    answer = post(zoo_server, "/lattices/zoo/run", {"plan": plan, **body})
    code, printed = cli_bytes("run", plan, "--lattice", zoo_lattice, "--json", *flags)
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/json")
    assert answer.content == printed
    assert code in (0, 3)


def test_a_plan_as_text_or_as_its_json_form_runs_alike(zoo_server, zoo_lattice):
    _, printed = cli_bytes("run", MAMMALS, "--lattice", zoo_lattice, "--json", "--limit", "4")
    as_text = httpx.post(zoo_server + "/lattices/zoo/run?limit=4", content=MAMMALS.encode(),
                         headers={"Content-Type": "text/plain"}, timeout=60)
    assert as_text.status_code == 200 and as_text.content == printed
    form = {"meet": [["species", "<=", "mammal"], ["habitat", "<=", "aquatic"]]}
    as_object = post(zoo_server, "/lattices/zoo/run", {"plan": form, "limit": 4})
    _, printed_form = cli_bytes("run", json.dumps(form), "--lattice", zoo_lattice, "--json", "--limit", "4")
    assert as_object.status_code == 200 and as_object.content == printed_form
    assert as_object.json()["answers"] == ["Whale"]


def test_a_bad_plan_is_422_with_the_json_the_cli_prints(zoo_server, zoo_lattice):
    answer = post(zoo_server, "/lattices/zoo/run", {"plan": "meet(speces <= mammal"})
    code, printed = cli_bytes("run", "meet(speces <= mammal", "--lattice", zoo_lattice, "--json")
    assert (answer.status_code, code) == (422, 2)
    assert answer.content == printed
    assert "Traceback" not in answer.text


@pytest.mark.slow   # subprocesses, or servers started twice: over two seconds
def test_check_verify_audit_and_explain_are_the_cli_s(zoo_server, zoo_lattice, tmp_path):
    ok = post(zoo_server, "/lattices/zoo/check", {"plan": MAMMALS})
    assert ok.status_code == 200 and ok.content == cli_bytes("check-plan", MAMMALS, "--lattice", zoo_lattice,
                                                             "--json")[1]
    bad = post(zoo_server, "/lattices/zoo/check", {"plan": "meet(speces <= mammal)"})
    assert bad.status_code == 422
    assert bad.content == cli_bytes("check-plan", "meet(speces <= mammal)", "--lattice", zoo_lattice, "--json")[1]
    claim = 'argmax(lifespan_years, ["Whale", "Dog"]) is "Whale"'
    verified = post(zoo_server, "/lattices/zoo/verify", {"claim": claim})
    assert verified.status_code == 200
    assert verified.content == cli_bytes("verify", claim, "--lattice", zoo_lattice, "--json")[1]

    result = post(zoo_server, "/lattices/zoo/run", {"plan": MAMMALS}).json()
    audited = post(zoo_server, "/lattices/zoo/audit", result)
    saved = tmp_path / "r.json"
    saved.write_text(json.dumps(result))
    assert audited.status_code == 200 and audited.json()["ok"] is True
    assert audited.content == cli_bytes("audit", saved, "--lattice", zoo_lattice, "--json")[1]
    tampered = {**result, "answers": ["Whale", "Dog"]}
    assert post(zoo_server, "/lattices/zoo/audit", {"result": tampered}).json()["ok"] is False

    explained = post(zoo_server, "/explain", result)
    assert explained.status_code == 200 and explained.headers["content-type"].startswith("text/plain")
    assert explained.content == cli_bytes("explain", saved)[1]
    assert "Whale" in explained.text


def test_dimensions_values_language_and_history(zoo_server):
    dims = httpx.get(zoo_server + "/lattices/zoo/dimensions?limit=2", timeout=30).json()
    assert [d["name"] for d in dims["dimensions"]] == ["diet", "first_described"]
    assert dims["total"] == 5 and dims["more"] is True
    rest = httpx.get(zoo_server + "/lattices/zoo/dimensions?offset=2&limit=5", timeout=30).json()
    assert [d["name"] for d in rest["dimensions"]] == ["habitat", "lifespan_years", "species"] and not rest["more"]
    values = httpx.get(zoo_server + "/lattices/zoo/dimensions/species/values?prefix=ma", timeout=30).json()
    assert [v["value"] for v in values["values"]] == ["mammal"] and values["values"][0]["parents"] == ["animal"]
    missing = httpx.get(zoo_server + "/lattices/zoo/dimensions/colour/values", timeout=30)
    assert missing.status_code == 404 and missing.json()["error"] == "NotFound"
    language = httpx.get(zoo_server + "/lattices/zoo/language", timeout=30)
    assert language.status_code == 200 and "meet(species <= mammal, habitat <= aquatic)" in language.text
    assert "- species (taxonomy" in language.text
    history = httpx.get(zoo_server + "/lattices/zoo/history", timeout=30).json()
    assert history["lattice"] == "zoo" and [c["change"] for c in history["changes"]] in ([], ["build"])


def test_unknown_names_and_routes_are_404_json(zoo_server):
    for path in ("/lattices/nope/dimensions", "/lattices/..%2F..%2Fetc/run", "/nothing"):
        answer = httpx.get(zoo_server + path, timeout=30)
        assert answer.status_code in (404, 405)
        assert answer.json()["error"] in ("NotFound", "LatweaveError")
    assert httpx.get(zoo_server + "/lattices/zoo/run", timeout=30).status_code == 405


def test_the_bounds_answer_413_400_and_422_with_the_messages(zoo_server, zoo_lattice, tmp_path):
    big = post(zoo_server, "/lattices/zoo/run", {"plan": MAMMALS, "pad": "x" * (2 << 20)})
    assert big.status_code == 413 and big.json()["error"] == "TooLarge"
    over = post(zoo_server, "/lattices/zoo/run", {"plan": ANIMALS, "limit": 7})
    assert over.status_code == 400 and "1 to 6" in over.json()["message"]
    whole = post(zoo_server, "/lattices/zoo/run", {"plan": ANIMALS, "whole": True})   # 9 answers, pages of 6
    assert whole.status_code == 413 and "9 answers" in whole.json()["message"]
    long_plan = "meet(" + ", ".join(["species <= mammal"] * 1200) + ")"   # over the plan's 20,000 characters
    (tmp_path / "long.plan").write_text(long_plan)
    too_long = post(zoo_server, "/lattices/zoo/run", {"plan": long_plan})
    code, printed = cli_bytes("run", "-f", tmp_path / "long.plan", "--lattice", zoo_lattice, "--json")
    assert (too_long.status_code, code) == (422, 2) and too_long.content == printed
    garbage = httpx.post(zoo_server + "/lattices/zoo/run", content=b"{not json", timeout=30,
                         headers={"Content-Type": "application/json"})
    assert garbage.status_code == 400 and "not JSON" in garbage.json()["message"]
