"""Changing a served lattice: `add` and `remove` only with --allow-writes and the token; a real
`add` while clients run plans — every request sees the old lattice or the new one, never a mix
(its answers are the ones its result's content hash stands for), and none fails."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("mcp")
httpx = pytest.importorskip("httpx")

import latweave  # noqa: E402
from latweave.serve.config import ServeConfig  # noqa: E402
from tests.support.serving import running  # noqa: E402

TOKEN = "a-test-token-of-enough-length"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
KB_A = "ann\tspouse\tbob\ncid\tparents\tann\n"
KB_B = "eve\tspouse\tbob\ndan\tparents\teve\n"
PLAN = "meet(spouse = bob)"
#: Requests each client thread makes at most while the add runs (they stop when it is done).
MAX_REQUESTS = 400


def kb_lattice(tmp_path):
    a = tmp_path / "a.txt"
    a.write_text(KB_A)
    latweave.build(a, tmp_path / "kb", format="pathquestion")
    return tmp_path / "kb"


def run(url, plan=PLAN, headers=None):
    answer = httpx.post(url + "/lattices/kb/run", json={"plan": plan}, headers=headers, timeout=60)
    assert answer.status_code == 200, answer.text
    return answer.json()


@pytest.mark.slow   # subprocesses, or servers started twice: over two seconds
def test_writes_need_allow_writes_and_the_token(tmp_path):
    lattice = kb_lattice(tmp_path)
    upload = {"sources": [{"name": "b.txt", "content": KB_B}]}
    with running(ServeConfig({"kb": lattice}, token=TOKEN).checked()) as url:   # read-only, with a token
        refused = httpx.post(url + "/lattices/kb/add", json=upload, headers=AUTH, timeout=60)
        assert refused.status_code == 403 and refused.json()["error"] == "Forbidden"
    with running(ServeConfig({"kb": lattice}, token=TOKEN, allow_writes=True).checked()) as url:
        assert httpx.post(url + "/lattices/kb/add", json=upload, timeout=60).status_code == 401
        for bad in ({"sources": [{"name": "../b.txt", "content": KB_B}]},
                    {"sources": [{"name": "b", "files": {"../../x": "y"}}]},
                    {"sources": "b.txt"}):
            answer = httpx.post(url + "/lattices/kb/add", json=bad, headers=AUTH, timeout=60)
            assert answer.status_code == 400, answer.text
        assert run(url, headers=AUTH)["answers"] == ["ann"]
        added = httpx.post(url + "/lattices/kb/add", json=upload, headers=AUTH, timeout=120)
        assert added.status_code == 200, added.text
        assert added.json()["change"]["change"] == "add"
        assert run(url, headers=AUTH)["answers"] == ["ann", "eve"]
        removed = httpx.post(url + "/lattices/kb/remove", json={"sources": ["b.txt"]}, headers=AUTH, timeout=120)
        assert removed.status_code == 200, removed.text
        assert run(url, headers=AUTH)["answers"] == ["ann"]
        history = httpx.get(url + "/lattices/kb/history", headers=AUTH, timeout=60).json()
        assert [c["change"] for c in history["changes"]] == ["build", "add", "remove"]
    assert not list(tmp_path.glob("latweave-upload-*"))


def test_a_request_sees_the_old_lattice_or_the_new_never_a_mix(tmp_path):
    lattice = kb_lattice(tmp_path)
    b = tmp_path / "b.txt"
    b.write_text(KB_B)
    seen: list[tuple[str, tuple[str, ...]]] = []
    failures: list[str] = []
    done = threading.Event()

    def client(url):
        for _ in range(MAX_REQUESTS):
            try:
                result = run(url)
                seen.append((result["lattice"]["content_hash"], tuple(result["answers"])))
            except Exception as exc:   # noqa: BLE001 - every failure is reported below
                failures.append(repr(exc))
            if done.is_set():
                return

    with running(ServeConfig({"kb": lattice}).checked()) as url:
        before = run(url)
        clients = [threading.Thread(target=client, args=(url,)) for _ in range(4)]
        for thread in clients:
            thread.start()
        try:
            latweave.add(lattice, [b])    # the real add, on the folder being served
        finally:
            done.set()
            for thread in clients:
                thread.join(120)
        after = run(url)
    assert not failures, failures[:3]
    old = (before["lattice"]["content_hash"], ("ann",))
    new = (after["lattice"]["content_hash"], ("ann", "eve"))
    assert old != new and set(seen) <= {old, new}, sorted(set(seen) - {old, new})
    assert (after["lattice"]["content_hash"], tuple(after["answers"])) == new


def test_a_request_the_lattice_changed_under_runs_again_on_the_new_one(tmp_path):
    """The change lands while a request runs (here: inside it): the request runs again on a session
    of the new lattice, and the session it began on is closed once it is done with."""
    from latweave.serve.config import Limits
    from latweave.serve.service import Served

    lattice = kb_lattice(tmp_path)
    b = tmp_path / "b.txt"
    b.write_text(KB_B)
    served = Served("kb", lattice, None, Limits())
    sessions = []

    def call(session):
        sessions.append(session)
        if len(sessions) == 1:
            latweave.add(lattice, [b])
        return session.run(PLAN)

    try:
        result = served.use(call)
    finally:
        served.close()
    assert len(sessions) == 2 and sessions[0] is not sessions[1]
    assert result.answers == ("ann", "eve")
    assert sessions[0]._closed
