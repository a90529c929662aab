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


#: The plans the clients of the add-under-load test ask: a meet the added source changes, a chain
#: it changes, and one it does not (whose bytes still differ: the result names its lattice).
PLANS_UNDER_LOAD = ("meet(spouse = bob)", "let p = meet(subject = cid) -> parents\nmeet(subject = $p) -> spouse",
                    "meet(subject = ann) -> spouse")
#: The seconds a client of that test may go on for at most (they stop once each saw the new lattice).
LOAD_BOUND_S = 60.0


@pytest.mark.slow   # the command line run six times for the references, and a real add: over two seconds
def test_an_add_through_the_api_while_clients_ask_gives_old_or_new_bytes_never_a_mix(tmp_path):
    """A pool of two read sessions, four clients asking three plans over keep-alive HTTP, and `POST
    /add` (--allow-writes, the token) in the middle: every answer is byte for byte what `latweave
    run --json --limit 100` prints on the lattice before the add or on the lattice after it (the
    same add made by `latweave add` on a copy), every request made after the add returned gets the
    new one, and no request fails."""
    import shutil
    import time

    from tests.support.serving import cli_bytes

    lattice = kb_lattice(tmp_path)
    (tmp_path / "b.txt").write_text(KB_B)
    after = tmp_path / "after" / "kb"
    shutil.copytree(lattice, after)
    assert cli_bytes("add", "--lattice", after, tmp_path / "b.txt")[0] == 0

    def reference(folder):
        out = {}
        for plan in PLANS_UNDER_LOAD:
            code, printed = cli_bytes("run", "--json", "--limit", "100", "--lattice", folder, plan)
            assert code == 0, printed
            out[plan] = printed
        return out

    old, new = reference(lattice), reference(after)
    assert all(old[p] != new[p] for p in PLANS_UNDER_LOAD)
    seen: list[tuple[str, float]] = []           # ("old" | "new" | "mixed", when the request began)
    failures: list[str] = []
    added: dict[str, float] = {}
    asked = threading.Semaphore(0)

    def client(url, k):
        deadline = time.monotonic() + LOAD_BOUND_S
        after_add = 0
        with httpx.Client(base_url=url, headers=AUTH, timeout=60) as http:
            for i in range(k, k + MAX_REQUESTS):
                if time.monotonic() > deadline or after_add >= 3:
                    return
                plan = PLANS_UNDER_LOAD[i % len(PLANS_UNDER_LOAD)]
                began = time.monotonic()
                try:
                    answer = http.post("/lattices/kb/run", json={"plan": plan})
                except httpx.HTTPError as exc:
                    failures.append(repr(exc))
                    continue
                if answer.status_code != 200:
                    failures.append(f"{answer.status_code} {answer.text[:300]}")
                    continue
                seen.append(("old" if answer.content == old[plan] else "new" if answer.content == new[plan]
                              else "mixed", began))
                asked.release()
                after_add += "done" in added and began > added["done"]

    upload = {"sources": [{"name": "b.txt", "content": KB_B}]}
    config = ServeConfig({"kb": lattice}, token=TOKEN, allow_writes=True, sessions=2).checked()
    with running(config) as url:
        clients = [threading.Thread(target=client, args=(url, k), daemon=True) for k in range(4)]
        for thread in clients:
            thread.start()
        for _ in range(8):                       # clients asking before the add
            assert asked.acquire(timeout=LOAD_BOUND_S)
        changed = httpx.post(url + "/lattices/kb/add", json=upload, headers=AUTH, timeout=120)
        added["done"] = time.monotonic()
        for thread in clients:
            thread.join(LOAD_BOUND_S + 30)
    assert changed.status_code == 200, changed.text
    assert not failures, failures[:3]
    kinds = [kind for kind, _ in seen]
    assert "mixed" not in kinds, f"{kinds.count('mixed')} of {len(kinds)} answers are neither the old nor the new"
    assert kinds.count("old") >= 8 and kinds.count("new") >= 12, (kinds.count("old"), kinds.count("new"))
    stale = [began for kind, began in seen if kind == "old" and began > added["done"]]
    assert not stale, f"{len(stale)} requests made after the add returned saw the old lattice"
