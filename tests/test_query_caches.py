"""What a session keeps between questions (issue 44: what a question costs outside the engine)
changes no result: the plans of texts asked before, their compiled batches and canonical text
(latweave/execute.py `Runner._kept`), and the labels, evidence, coord leaves and `desc` proofs
of the lattice proofs read (latweave/proof/extract.py `Kept`). Every plan asked of one long
session — twice, in two orders, with names changed in its quoted literals (a shape read before) —
gives the JSON and the rendering a fresh session gives it, on a lattice with aliases and synonyms
(movies) and on one whose sources disagree (disputes: contested and merged coordinates)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import latweave
from latweave.errors import LatweaveError
from tests.support.corpora import built_lattice
from tests.support.plans import DISPUTE_CASES, DISPUTES_EXTRA, EXAMPLES, MOVIE_PLANS
from latweave.paths import RULES

CORPORA = RULES.parent / "corpora"


def _variants(plans: list[str]) -> list[str]:
    """The plans, and each with its first quoted name reversed (a first-asked text of a known shape)."""
    out = list(plans)
    for p in plans:
        if '"' in p:
            out.append(re.sub(r'"([^"\\]*)"', lambda m: '"' + m.group(1)[::-1] + '"', p, count=1))
    return out


def _shown(result) -> tuple[str, str]:
    buf = io.StringIO()
    Console(file=buf, width=160, color_system=None, force_terminal=False).print(result)
    return result.to_json(), buf.getvalue()


def _outcome(session, text):
    try:
        return _shown(session.run(text))
    except LatweaveError as exc:
        return ("error", str(exc))


@pytest.mark.slow   # a fresh session per plan: ~15 s a lattice
@pytest.mark.parametrize("corpus,plans", [
    ("movies", MOVIE_PLANS + [e[1] for e in EXAMPLES if e[0] == "movies"]),
    ("disputes", [c[0] for c in DISPUTE_CASES] + DISPUTES_EXTRA),
])
def test_a_long_session_answers_as_fresh_sessions_do(tmp_path_factory, corpus, plans):
    folder = built_lattice(tmp_path_factory, CORPORA / corpus, corpus)
    texts = _variants([p for p in plans if isinstance(p, str)])
    fresh = {}
    for text in texts:
        with latweave.open(folder) as session:
            fresh[text] = _outcome(session, text)
    with latweave.open(folder) as session:
        for order in (texts, texts[::-1], texts):
            for text in order:
                assert _outcome(session, text) == fresh[text], text


def test_what_proofs_keep_is_bounded_and_dropping_it_changes_nothing(zoo_lattice, monkeypatch):
    """Past `Kept.LIMIT` entries a runner's kept labels, evidence and leaves are dropped at the next
    run's start; the proofs read them again, the same."""
    from latweave.proof.extract import Kept
    from tests.support.plans import ZOO_PLANS

    with latweave.open(zoo_lattice) as session:
        before = [_outcome(session, text) for text in ZOO_PLANS]
        kept = session._runner.kept

        def size():
            return len(kept.coords) + len(kept.evidence) + len(kept.values) + len(kept.instances) + len(kept.desc)

        unbounded = size()
        assert kept.coords and kept.evidence and kept.desc
        monkeypatch.setattr(Kept, "LIMIT", 3)
        after = [_outcome(session, text) for text in ZOO_PLANS]
        assert size() < unbounded   # dropped on the way, and only what the last runs read kept again
    assert after == before


def test_a_desc_proof_is_read_once_a_session_and_shared_by_later_proofs(zoo_lattice):
    """Which path of subsumption edges a `desc` proof shows is the lattice's (every hop of every
    path asked for: rules/witness.dl `path_step`), so a runner keeps each proof it built: a later
    run's proofs cite the same node, and answer as a fresh session does."""
    from latweave.proof.model import walk

    plan, again = "meet(species <= mammal, habitat <= aquatic)", "meet(habitat <= aquatic, species <= mammal)"
    with latweave.open(zoo_lattice) as fresh:
        expected = _shown(fresh.run(again))
    with latweave.open(zoo_lattice) as session:
        session.run(plan)
        kept = dict(session._runner.kept.desc)
        assert kept
        result = session.run(again)
        cited = [node for tree in result.proof.trees for node in walk(tree) if node.atom.relation == "desc"]
        assert cited and any(node is proof for node in cited for proof in kept.values())
        assert session._runner.kept.desc == kept   # nothing new to read
        assert _shown(result) == expected
