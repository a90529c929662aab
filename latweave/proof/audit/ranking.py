"""A result's `ranking` (latweave/ranking.py), computed again from the lattice files and compared.

The ranking claims nothing about what the answers are — `answers` stays the complete set, checked
elsewhere — only an order inside it. So the check is that it is exactly that order: every answer
once, nothing else, and each score the one a personalised PageRank over the instance–evidence
graph gives, restarting at the plan's anchors. Written from latweave/ranking.py's description
against LatticeFiles (predicates.jsonl in id order, values.jsonl's parents), not imported from it:
a checker that shared the walk would share its mistakes. The constants are the description's.
"""

from __future__ import annotations

from collections import defaultdict, deque

from latweave.lattice.names import TOP, normalize
from latweave.plan.ast import Compare, Holds, Meet, Name, Union
from latweave.plan.read import read_plan

ALPHA, EPSILON, DIGITS = 0.15, 1e-7, 6


def _names(plan) -> list[tuple[str | None, str]]:
    out: list[tuple[str | None, str]] = []

    def walk(e) -> None:
        if isinstance(e, Union):
            for b in e.branches:
                walk(b)
        elif isinstance(e, (Meet, Holds)):
            if isinstance(e, Holds) and isinstance(e.item, Name):
                out.append((None, e.item.text))
            out.extend((c.dimension, c.value.text) for c in e.constraints if isinstance(c.value, Name))
        elif isinstance(e, Compare):
            out.extend((None, a.term.text) for a in e.args if isinstance(a.term, Name))

    for let in plan.lets:
        walk(let.expr)
    walk(plan.final)
    return out


def expected_ranking(files, plan_text: str, answers: list[str]) -> list[tuple[str, float]] | None:
    """The ranking the description gives for these answers of this plan over the lattice files `files`."""
    plan = read_plan(plan_text)

    def value_node(d: str, v: str) -> str:
        return "i:" + v if v in files.instances else f"v:{d}\x1f{v}"

    graph: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for pid in sorted(files.predicates):
        row = files.predicates[pid]
        x = "i:" + row["instance"]
        for other in (value_node(row["dimension"], row["value"]), "d:" + row["doc"]):
            if other != x:
                graph[x][other] += row["confidence"]
                graph[other][x] += row["confidence"]
    for d in sorted(files.dims):
        for (dd, v), row in sorted(files.values.items()):
            if dd != d:
                continue
            for parent in sorted(set(row["parents"]) - {TOP}):
                a, b = value_node(d, v), value_node(d, parent)
                graph[a][b] += 1.0
                graph[b][a] += 1.0
    adjacency = {n: sorted(adj.items()) for n, adj in graph.items()}
    degree = {n: sum(w for _, w in adj) for n, adj in adjacency.items()}

    def node(d: str | None, name: str) -> str | None:
        key = normalize(name)
        if d is not None and normalize(d) in files.dims:
            key = files.resolve(normalize(d), name) or key
            return "i:" + key if key in files.instances else f"v:{normalize(d)}\x1f{key}"
        if key in files.instances:
            return "i:" + key
        return "i:" + files.aliases[key] if key in files.aliases else None

    seeds = list(dict.fromkeys(n for n in (node(d, name) for d, name in _names(plan))
                               if n is not None and n in adjacency))
    if not seeds or not answers:
        return None
    p: dict[str, float] = defaultdict(float)
    r: dict[str, float] = defaultdict(float)
    for s in seeds:
        r[s] += 1.0 / len(seeds)
    queue, queued = deque(seeds), set(seeds)
    while queue:
        u = queue.popleft()
        queued.discard(u)
        if r[u] < EPSILON * degree[u]:
            continue
        mass = r[u]
        p[u] += ALPHA * mass
        r[u] = 0.0
        for v, w in adjacency[u]:
            r[v] += (1 - ALPHA) * mass / degree[u] * w
            if v not in queued and r[v] >= EPSILON * degree[v]:
                queue.append(v)
                queued.add(v)
    final = plan.final.branches[0] if isinstance(plan.final, Union) else plan.final
    project = final.project if isinstance(final, Meet) else None
    scored = [(a, round(p.get(node(project, a) or "", 0.0), DIGITS)) for a in answers]
    return sorted(scored, key=lambda s: (-s[1], s[0]))


def check_ranking(ctx) -> None:
    """Fail unless the result's ranking is the one its answers and plan give."""
    r = ctx.result
    ranking = r.get("ranking")
    if ranking is None:
        return
    if r.get("status") != "answer" or not isinstance(ranking, list) \
            or not all(isinstance(e, dict) and set(e) == {"answer", "score"} for e in ranking):
        ctx.fail("ranking", ["ranking"], "a ranking is a list of {answer, score} beside an answer set")
        return
    listed = [e["answer"] for e in ranking]
    if sorted(listed) != sorted(r.get("answers", ())) or len(set(listed)) != len(listed):
        ctx.fail("ranking", ["ranking"], "the ranking must hold every answer once, and nothing else")
        return
    want = expected_ranking(ctx.files, r.get("plan") or "", list(r.get("answers", ())))
    got = [(e["answer"], e["score"]) for e in ranking]
    if want is None:
        ctx.fail("ranking", ["ranking"], "the plan has no anchor in the lattice: there is nothing to rank from")
    elif got != want:
        first = next(i for i, (a, b) in enumerate(zip(got, want)) if a != b)
        ctx.fail("ranking", ["ranking"], f"position {first + 1} is {got[first]}, the walk gives {want[first]}")
