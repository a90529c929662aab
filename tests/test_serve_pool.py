"""The read sessions of a served lattice (latweave/serve/served.py): requests of one lattice run
side by side, each on a session of its own, never on more sessions than `--sessions` allows, and
all answer alike; when the folder changes, the sessions of the old version close and the next
request runs on the new one."""

from __future__ import annotations

import json
import threading

import pytest

import latweave
from latweave.serve.config import Limits
from latweave.serve.served import Served

PLAN = "meet(species <= mammal, habitat <= aquatic)"
#: Seconds a thread of these tests waits for another before the test fails.
WAIT_S = 60


def test_requests_run_side_by_side_on_at_most_n_sessions_and_answer_alike(zoo_lattice):
    served = Served("zoo", zoo_lattice, None, Limits(), sessions=2)
    both_inside = threading.Barrier(2, timeout=WAIT_S)   # passes only while two calls run at once
    lock = threading.Lock()
    inside: list[int] = []                                # the sessions of the calls running now
    pairs, answers, most = [], [], [0]

    def call(session):
        with lock:
            inside.append(id(session))
            most[0] = max(most[0], len(inside))
            if len(inside) == 2:
                pairs.append(tuple(inside))
        try:
            both_inside.wait()
            return session.run(PLAN).to_json()
        finally:
            with lock:
                inside.remove(id(session))

    def request():
        answers.append(served.use(call))

    threads = [threading.Thread(target=request) for _ in range(6)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(WAIT_S)
    finally:
        served.close()
    assert len(answers) == 6 and all(a == answers[0] for a in answers) and json.loads(answers[0])["answers"] == ["Whale"]
    assert most[0] == 2, "never more calls at once than sessions"
    assert pairs and all(a != b for a, b in pairs), "two calls at once are on two sessions"


@pytest.mark.slow   # a lattice built and added to: over two seconds on a shared machine
def test_a_change_closes_the_old_version_s_sessions_and_the_next_request_sees_the_new(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("ann\tspouse\tbob\n")
    b.write_text("eve\tspouse\tbob\n")
    latweave.build(a, tmp_path / "kb", format="pathquestion")
    served = Served("kb", tmp_path / "kb", None, Limits(), sessions=2)
    both_inside = threading.Barrier(2, timeout=WAIT_S)
    opened = []

    def call(session):
        opened.append(session)
        both_inside.wait()
        return session.run("meet(spouse = bob)").answers

    threads = [threading.Thread(target=served.use, args=(call,)) for _ in range(2)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(WAIT_S)
        assert len({id(s) for s in opened}) == 2 and not any(s._closed for s in opened)
        latweave.add(tmp_path / "kb", [b])
        assert served.use(lambda session: session.run("meet(spouse = bob)").answers) == ("ann", "eve")
        assert all(s._closed for s in opened)
    finally:
        served.close()


def test_sessions_is_at_least_one():
    with pytest.raises(latweave.LatweaveError, match="sessions is a whole number"):
        Served("zoo", None, None, Limits(), sessions=0)
