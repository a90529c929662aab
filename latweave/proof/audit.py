"""The independent checker: re-verify a result's proof against the lattice folder, step by step.

`audit(lattice_dir, result)` reads the lattice's JSON-lines files directly (never the compiled
facts, the rules or an engine) and checks every node of the proof tree: each lattice axiom
against the stored rows (predicates and their evidence offsets in the documents, subsumption
edges, bounds), each inner node against the rule its relation names, the proof's meets against
the plan's canonical text, the answer set against the trees, and each abstention witness where
it can be checked on its own. Claims that only a full re-evaluation could confirm (that nothing
else meets a constraint, say) are listed as notes, never as failures.

This module must not import the engines, the compiler, the Datalog front end or the executor:
a checker that shares the machinery it checks would share its bugs.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from latweave.lattice.names import TOP, normalize
from latweave.lattice.ordered import KINDS as ORDERED_KINDS
from latweave.lattice.ordered import parse_ordered
from latweave.plan.ast import Compare, Constraint, Holds, Meet, Name, Ref, Union
from latweave.plan.parser import parse_plan
from latweave.plan.printer import constraint_triple, print_constraint

SELF = ("self", "=", "instance")


# ---------------------------------------------------------------------------------------------
# the report

@dataclass
class AuditReport:
    """What the audit found: `ok` when no step failed; `checked` counts verified steps."""

    ok: bool = True
    checked: int = 0
    failures: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)   # claims not independently verifiable

    def to_dict(self) -> dict:
        return {"ok": self.ok, "checked": self.checked, "failures": list(self.failures),
                "notes": list(self.notes)}

    def __rich__(self):
        from rich.text import Text
        from rich.tree import Tree

        if self.ok:
            title = Text.assemble(("audit ok ", "bold green"), (f"{self.checked} steps verified", "dim"))
        else:
            title = Text.assemble(("audit FAILED ", "bold red"),
                                  (f"{len(self.failures)} failure(s), {self.checked} steps verified", "dim"))
        tree = Tree(title)
        for failure in self.failures:
            branch = tree.add(Text.assemble(("✗ ", "red"), (failure["step"], "bold"), "  ",
                                            (failure["problem"], "red")))
            if len(failure["path"]) > 1:
                branch.add(Text(" ⟶ ".join(failure["path"][:-1]), style="dim"))
        for note in self.notes:
            tree.add(Text.assemble(("? ", "yellow"), (note, "yellow")))
        return tree


# ---------------------------------------------------------------------------------------------
# the lattice folder, read directly

def _rows(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


class LatticeFiles:
    """The lattice folder's JSON-lines files, indexed for the checks (no model, no invariants)."""

    def __init__(self, folder: Path | str):
        folder = Path(folder)
        self.dims: dict[str, dict] = {}
        for row in _rows(folder / "dimensions.jsonl"):
            self.dims[normalize(row["name"])] = row
        self.values: dict[tuple[str, str], dict] = {}
        self.children: dict[tuple[str, str], set[str]] = defaultdict(set)
        for row in _rows(folder / "values.jsonl"):
            self.values[(row["dimension"], row["key"])] = row
            for parent in row["parents"]:
                self.children[(row["dimension"], parent)].add(row["key"])
        for (d, v), row in self.values.items():  # open dimensions: parentless values hang under ⊤
            if v != TOP and not row["parents"] and d in self.dims and not self.ordered(d):
                self.children[(d, TOP)].add(v)
        self.synonyms: dict[tuple[str, str], str] = {
            (row["dimension"], row["surface"]): row["value"] for row in _rows(folder / "synonyms.jsonl")}
        self.instances: dict[str, dict] = {}
        self.aliases: dict[str, str] = {}
        for row in _rows(folder / "instances.jsonl"):
            key = normalize(row["label"])
            self.instances[key] = row
            for alias in row["aliases"]:
                self.aliases[alias] = key
        self.documents = {row["id"]: row["text"] for row in _rows(folder / "documents.jsonl")}
        self.predicates = {row["id"]: row for row in _rows(folder / "predicates.jsonl")}
        self.coords: dict[tuple[str, str], list[dict]] = defaultdict(list)  # (instance, dim) → rows
        for row in self.predicates.values():
            self.coords[(row["instance"], row["dimension"])].append(row)
        self._down: dict[tuple[str, str], frozenset[str]] = {}

    # ---- dimensions and values ----
    def kind(self, d: str) -> str | None:
        row = self.dims.get(d)
        return row["kind"] if row else None

    def ordered(self, d: str) -> bool:
        return self.kind(d) in ORDERED_KINDS

    def has_value(self, d: str, v: str) -> bool:
        return (d, v) in self.values

    def bounds(self, d: str, v: str):
        row = self.values.get((d, v))
        return tuple(row["bounds"]) if row and row["bounds"] is not None else None

    def resolve(self, d: str, name: str) -> str | None:
        """The value key `name` denotes on dimension d (itself, a synonym, or a canonical spelling)."""
        key = normalize(name)
        if (d, key) in self.values:
            return key
        if (d, key) in self.synonyms:
            return self.synonyms[(d, key)]
        if self.ordered(d):
            try:
                canonical = normalize(parse_ordered(name, self.kind(d)).canonical)
            except Exception:
                return None
            return canonical if (d, canonical) in self.values else None
        return None

    def resolve_instance(self, name: str) -> str | None:
        key = normalize(name)
        if key in self.instances:
            return key
        return self.aliases.get(key)

    def inside(self, d: str, child: str, parent: str, strict: bool = True) -> bool:
        """Containment of bounds on an ordered dimension (⊤ contains everything)."""
        if parent == TOP:
            return child != TOP or not strict
        a, b = self.bounds(d, child), self.bounds(d, parent)
        if a is None or b is None:
            return False
        return b[0] <= a[0] and a[1] <= b[1] and (not strict or a != b)

    def is_edge(self, d: str, parent: str, child: str) -> bool:
        if not (self.has_value(d, parent) and self.has_value(d, child)):
            return False
        if self.ordered(d):
            return self.inside(d, child, parent)
        return parent in self.values[(d, child)]["parents"] or child in self.children.get((d, parent), ())

    def down(self, d: str, v: str) -> frozenset[str]:
        """Every value at or below v on d (reflexive), from values.jsonl alone."""
        key = (d, v)
        if key not in self._down:
            if self.ordered(d):
                out = {w for (dd, w) in self.values if dd == d and (w == v or self.inside(d, w, v, strict=False))}
            else:
                out, todo = {v}, [v]
                while todo:
                    for c in self.children.get((d, todo.pop()), ()):
                        if c not in out:
                            out.add(c)
                            todo.append(c)
            self._down[key] = frozenset(out)
        return self._down[key]

    def window(self, d: str, op: str, text: str):
        """The admitted values of a numeric constraint, as a predicate on bounds (or an error text)."""
        kind = self.kind(d)
        if kind not in ORDERED_KINDS:
            return None, f"dimension {d!r} is not ordered, so `{op}` has no window"
        try:
            if op == "in":
                lo_text, hi_text = (part.strip() for part in text.split("..", 1))
                lo, hi = parse_ordered(lo_text, kind).lo, parse_ordered(hi_text, kind).hi
                return (lambda b: lo <= b[0] and b[1] <= hi), None
            value = parse_ordered(text, kind)
        except Exception:
            return None, f"{text!r} is not a {kind} value"
        if op == "<":
            return (lambda b: b[1] < value.lo), None
        return (lambda b: b[0] > value.hi), None

    def admitted(self, d: str, op: str, text: str) -> set[str] | None:
        """Every value of d that a constraint (with a named or window value) admits; None if unknown."""
        if op in Constraint.NUMERIC:
            inside, _ = self.window(d, op, text)
            if inside is None:
                return set()
            return {w for (dd, w), row in self.values.items()
                    if dd == d and row["bounds"] is not None and inside(tuple(row["bounds"]))}
        if text.startswith("$"):
            return None
        v = self.resolve(d, text)
        if v is None:
            return set()
        return set(self.down(d, v)) if op == "<=" else {v}

    def values_of(self, instance: str, d: str) -> list[dict]:
        return self.coords.get((instance, d), [])


# ---------------------------------------------------------------------------------------------
# proof text

_ATOM = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\((.*)\)$", re.S)


def parse_atom(text: str) -> tuple[str, list] | None:
    """`rel("a", "b")` → ("rel", ["a", "b"]); None when it is not an atom."""
    m = _ATOM.match(text or "")
    if not m:
        return None
    try:
        args = json.loads(f"[{m.group(2)}]")
    except json.JSONDecodeError:
        return None
    return m.group(1), args


def _label(tree: dict) -> str:
    return tree.get("premises", tree.get("axiom", "?")) if isinstance(tree, dict) else repr(tree)




def _same_triple(a, b) -> bool:
    return (len(a) == 3 and len(b) == 3 and normalize(a[0]) == normalize(b[0])
            and a[1] == b[1] and a[2] == b[2])


@dataclass
class PlanMeet:
    ordinal: int
    step: str | None          # "$var", "final", "holds", or None for an argument's hidden hop
    constraints: list[tuple[str, str, str]]
    project: str | None
    arg: str | None = None    # for an argument's hidden hop: the argument's label
    hop: int = 0              # and which hop of its path


def plan_meets(plan) -> list[PlanMeet]:
    """The plan's meets in the order the compiler numbers them (meet#k is the k-th)."""
    out: list[PlanMeet] = []

    def add(step, meet: Meet, self_first: bool = False) -> None:
        triples = [SELF] if self_first else []
        triples += [constraint_triple(c) for c in meet.constraints]
        out.append(PlanMeet(len(out), step, triples, meet.project))

    def step(var: str, expr) -> None:
        for branch in (expr.branches if isinstance(expr, Union) else (expr,)):
            if isinstance(branch, Meet):
                add(f"${var}" if var else "final", branch)

    for let in plan.lets:
        step(let.var, let.expr)
    final = plan.final
    if isinstance(final, (Meet, Union)):
        step("", final)
    elif isinstance(final, Holds):
        add("holds", Meet(final.constraints), self_first=True)
    elif isinstance(final, Compare):
        for arg in final.args:
            for hop, dim in enumerate(arg.path):
                out.append(PlanMeet(len(out), None, [SELF], dim, arg.label, hop))
    return out


# ---------------------------------------------------------------------------------------------
# the auditor

class _Auditor:
    def __init__(self, lattice: LatticeFiles, result: dict):
        self.L = lattice
        self.result = result
        self.report = AuditReport()
        self.plan = None
        self.meets: dict[str, PlanMeet] = {}

    # ---- bookkeeping ----
    def fail(self, tree_or_text, path: list[str], problem: str) -> None:
        step = tree_or_text if isinstance(tree_or_text, str) else _label(tree_or_text)
        self.report.failures.append({"step": step, "path": list(path), "problem": problem})
        self.report.ok = False

    def note(self, text: str) -> None:
        if text not in self.report.notes:
            self.report.notes.append(text)

    def dim(self, name: str, tree, path) -> str | None:
        d = normalize(name)
        if d not in self.L.dims:
            self.fail(tree, path, f"dimension {name!r} is not in the lattice")
            return None
        return d

    # ---- the whole result ----
    def run(self) -> AuditReport:
        r = self.result
        text = r.get("plan")
        if text:
            try:
                self.plan = parse_plan(text)
            except Exception as exc:  # a PlanError, reported as a failure of the plan itself
                self.fail("plan", ["plan"], f"the plan text does not parse: {exc}")
        else:
            self.fail("plan", ["plan"], "the result carries no plan text")
        if self.plan is not None:
            self.meets = {f"meet#{m.ordinal}": m for m in plan_meets(self.plan)}
        status = r.get("status")
        proof = r.get("proof") or {}
        if status == "answer":
            self.answers(proof)
        elif status == "verdict":
            self.verdict(proof)
        elif status == "abstain":
            self.abstain(proof)
        else:
            self.fail("status", ["status"], f"unknown status {status!r}")
        return self.report

    # ---- answers ----
    def answers(self, proof: dict) -> None:
        trees = proof.get("trees")
        if not isinstance(trees, list):
            self.fail("proof", ["proof"], "an answer result needs proof.trees")
            return
        labels = []
        for tree in trees:
            parsed = parse_atom(tree.get("premises", ""))
            if not parsed or parsed[0] != "answer" or len(parsed[1]) != 1:
                self.fail(tree, [_label(tree)], "a top-level tree must prove answer(y)")
                continue
            labels.append(parsed[1][0])
            self.visit(tree, [])
        if self.plan is not None and isinstance(self.plan.final, (Meet, Union)):
            self.note("that the answer set is complete (nothing else meets the plan) is not independently verifiable")
        claimed = self.result.get("answers") or []
        if sorted(set(claimed)) != sorted(set(labels)) or len(claimed) != len(set(claimed)):
            extra = sorted(set(claimed) - set(labels))
            missing = sorted(set(labels) - set(claimed))
            self.fail("answers", ["answers"],
                      f"result answers differ from the proved answers (unproved: {extra}, not listed: {missing})")
        if self.plan is not None:
            final = self.plan.final
            if isinstance(final, (Holds,)) or (isinstance(final, Compare) and final.op in ("same", "differ")):
                self.fail("answers", ["answers"], f"the plan's final {type(final).__name__.lower()} gives a verdict, "
                          "not an answer set")
            if isinstance(final, Compare) and final.op in ("argmax", "argmin"):
                winners = [args[1] for tree in (self.result.get("proof") or {}).get("trees", [])
                           for _, args in self._children(tree.get("children", []), final.op) if len(args) == 2]
                self.extremum_completeness(final, winners)

    # ---- the walk ----
    def visit(self, tree: dict, path: list[str]) -> None:
        if not isinstance(tree, dict):
            self.fail(repr(tree), path, "a proof node must be an object")
            return
        here = [*path, _label(tree)]
        self.report.checked += 1
        if "axiom" in tree:
            self.axiom(tree, here)
            return
        parsed = parse_atom(tree.get("premises", ""))
        if parsed is None:
            self.fail(tree, here, "premises are not a ground atom")
            return
        rel, args = parsed
        handler = getattr(self, f"rule_{rel}", None)
        if handler is None:
            self.fail(tree, here, f"no rule derives {rel!r}")
            return
        children = tree.get("children") or []
        handler(tree, here, args, children)
        for child in children:
            self.visit(child, here)

    def axiom(self, tree: dict, here: list[str]) -> None:
        parsed = parse_atom(tree["axiom"])
        if parsed is None:
            self.fail(tree, here, "axiom is not a ground atom")
            return
        rel, args = parsed
        check = getattr(self, f"axiom_{rel}", None)
        if check is None:
            self.fail(tree, here, f"{rel!r} is not a lattice axiom")
            return
        check(tree, here, args)

    # ---- lattice axioms ----
    def axiom_coord(self, tree, here, args) -> None:
        if len(args) != 3:
            self.fail(tree, here, "coord takes (instance, dimension, value)")
            return
        inst, dname, value = args
        ev = tree.get("evidence")
        if not isinstance(ev, dict) or "predicate" not in ev:
            self.fail(tree, here, "coord carries no evidence naming a predicate id")
            return
        row = self.L.predicates.get(ev["predicate"])
        if row is None:
            self.fail(tree, here, f"predicate {ev['predicate']!r} is not in predicates.jsonl")
            return
        want = (normalize(inst), normalize(dname), normalize(value))
        have = (row["instance"], row["dimension"], row["value"])
        if want != have:
            self.fail(tree, here, f"predicate {ev['predicate']} states {have}, not {want}")
        for key in ("doc", "source_text", "start", "end"):
            if ev.get(key) != row[key]:
                self.fail(tree, here, f"evidence {key} {ev.get(key)!r} differs from predicate "
                                      f"{ev['predicate']}'s {row[key]!r}")
        if "confidence" in ev and ev["confidence"] != row["confidence"]:
            self.fail(tree, here, f"evidence confidence {ev['confidence']!r} differs from the predicate's "
                                  f"{row['confidence']!r}")
        doc = self.L.documents.get(row["doc"])
        if doc is None:
            self.fail(tree, here, f"document {row['doc']!r} is not in documents.jsonl")
        elif doc[row["start"]:row["end"]] != row["source_text"] or ev.get("source_text") != doc[row["start"]:row["end"]]:
            self.fail(tree, here, f"document {row['doc']!r}[{row['start']}:{row['end']}] does not hold the "
                                  "source_text verbatim")

    def axiom_subsumes(self, tree, here, args) -> None:
        if len(args) != 3:
            self.fail(tree, here, "subsumes takes (dimension, parent, child)")
            return
        d = self.dim(args[0], tree, here)
        if d is None:
            return
        parent, child = normalize(args[1]), normalize(args[2])
        if not self.L.is_edge(d, parent, child):
            how = "its bounds do not lie inside" if self.L.ordered(d) else "its parents do not include"
            self.fail(tree, here, f"{args[2]!r} is not directly below {args[1]!r} on {args[0]}: {how} {args[1]!r}")

    def axiom_node(self, tree, here, args) -> None:
        d = self.dim(args[0], tree, here) if len(args) == 2 else None
        if len(args) != 2:
            self.fail(tree, here, "node takes (dimension, value)")
        elif d is not None and not self.L.has_value(d, normalize(args[1])):
            self.fail(tree, here, f"{args[1]!r} is not a value of {args[0]}")

    def axiom_instance(self, tree, here, args) -> None:
        if len(args) != 1 or normalize(args[0]) not in self.L.instances:
            self.fail(tree, here, f"{args[0] if args else '?'!r} is not an instance of the lattice")

    def axiom_bounds(self, tree, here, args) -> None:
        d = self.dim(args[0], tree, here) if len(args) == 2 else None
        if d is None:
            return
        stored = self.L.bounds(d, normalize(args[1]))
        given = tree.get("bounds")
        if stored is None:
            self.fail(tree, here, f"{args[1]!r} has no bounds on {args[0]}")
        elif given is None or [float(x) for x in given] != [float(x) for x in stored]:
            self.fail(tree, here, f"bounds {given} differ from values.jsonl's {list(stored)}")

    def axiom_constraint(self, tree, here, args) -> None:
        if len(args) != 3 or args[1] not in Constraint.OPS:
            self.fail(tree, here, "constraint takes (dimension, op, text) with a known op")

    def axiom_beats(self, tree, here, args) -> None:
        if not any(parse_atom(p) and parse_atom(p)[0] in ("argmax", "argmin") for p in here[:-1]):
            self.fail(tree, here, "beats may only appear under an argmax/argmin node")

    # ---- inner nodes ----
    def _children(self, children, rel: str) -> list[tuple[dict, list]]:
        out = []
        for child in children:
            text = child.get("premises", child.get("axiom")) if isinstance(child, dict) else None
            parsed = parse_atom(text or "")
            if parsed and parsed[0] == rel:
                out.append((child, parsed[1]))
        return out

    def rule_desc(self, tree, here, args, children) -> None:
        if len(args) != 3:
            self.fail(tree, here, "desc takes (dimension, ancestor, value)")
            return
        d = self.dim(args[0], tree, here)
        v, w = normalize(args[1]), normalize(args[2])
        nodes, subs, descs = (self._children(children, r) for r in ("node", "subsumes", "desc"))
        if v == w and len(children) == 1 and len(nodes) == 1:
            if not (normalize(nodes[0][1][0]) == d and normalize(nodes[0][1][1]) == v):
                self.fail(tree, here, "reflexive desc (R1) needs node() of the same value")
            return
        if len(children) != 2 or len(subs) != 1 or len(descs) != 1:
            self.fail(tree, here, "desc needs node(d, v) when v = w (R1), or subsumes(d, v, u) and "
                                  "desc(d, u, w) (R2)" + ("; the subsumes edge is missing" if not subs else ""))
            return
        (_, s), (_, t) = subs[0], descs[0]
        if normalize(s[0]) != d or normalize(t[0]) != d:
            self.fail(tree, here, "desc's premises are about another dimension")
        if normalize(s[1]) != v:
            self.fail(tree, here, f"the subsumes edge starts at {s[1]!r}, not at {args[1]!r}")
        if normalize(s[2]) != normalize(t[1]):
            self.fail(tree, here, f"the subsumes edge ends at {s[2]!r} but the rest of the path starts at {t[1]!r}")
        if normalize(t[2]) != w:
            self.fail(tree, here, f"the rest of the path ends at {t[2]!r}, not at {args[2]!r}")

    def rule_hit(self, tree, here, args, children) -> None:
        if len(args) != 5:
            self.fail(tree, here, "hit takes (dimension, op, named, instance, value)")
            return
        dname, op, named, inst, value = args
        d = self.dim(dname, tree, here)
        if d is None:
            return
        cons = self._children(children, "constraint")
        coords = self._children(children, "coord")
        if len(cons) != 1:
            self.fail(tree, here, "a hit needs exactly one constraint(...) premise")
            return
        cdim, cop, ctext = cons[0][1]
        if normalize(cdim) != d or cop != op:
            self.fail(tree, here, f"the constraint is {cdim} {cop}, not {dname} {op}")
        w = normalize(value)
        # what the constraint text denotes
        if ctext.startswith("$"):
            outs = [(c, a) for c, a in self._children(children, "step_out") if a and a[0] == ctext]
            if not outs:
                self.fail(tree, here, f"{ctext} names a step's output, but no step_out({ctext!r}, y) premise proves one")
            elif self.L.resolve(d, outs[0][1][1]) != normalize(named):
                self.fail(tree, here, f"output {outs[0][1][1]!r} of {ctext} does not denote {named!r} on {dname}")
        elif op in Constraint.NUMERIC:
            if named != ctext:
                self.fail(tree, here, f"a window hit names its constraint text {ctext!r}, not {named!r}")
        else:
            resolved = self.L.resolve(d, ctext)
            if resolved is None or resolved != normalize(named):
                self.fail(tree, here, f"{ctext!r} does not denote {named!r} on {dname}"
                          + (" (it is no value or synonym there)" if resolved is None else f" (it denotes {resolved!r})"))
        # why the coordinate satisfies it
        if op == "<=":
            descs = self._children(children, "desc")
            if len(descs) != 1:
                self.fail(tree, here, "a <= hit needs one desc(d, named, value) premise")
            elif [normalize(x) for x in descs[0][1]] != [d, normalize(named), w]:
                self.fail(tree, here, f"the desc premise proves {descs[0][1]}, not desc({dname}, {named}, {value})")
        elif op == "=":
            if normalize(named) != w:
                self.fail(tree, here, f"an exact hit needs the value {value!r} to be {named!r}")
        elif op in Constraint.NUMERIC:
            bnds = self._children(children, "bounds")
            if len(bnds) != 1 or [normalize(x) for x in bnds[0][1]] != [d, w]:
                self.fail(tree, here, f"a window hit needs bounds({dname}, {value})")
            inside, why = self.L.window(d, op, ctext)
            stored = self.L.bounds(d, w)
            if inside is None:
                self.fail(tree, here, why)
            elif stored is None or not inside(stored):
                self.fail(tree, here, f"{value!r} (bounds {stored}) lies outside the window {op} {ctext}")
        if len(coords) != 1:
            self.fail(tree, here, "a hit needs exactly one coord premise")
        else:
            ci, cd, cv = coords[0][1]
            if normalize(ci) != normalize(inst) or normalize(cd) != d or normalize(cv) != w:
                self.fail(tree, here, f"the coord premise is coord({ci}, {cd}, {cv}), not about "
                                      f"{inst!r} at {value!r} on {dname}")

    def rule_self(self, tree, here, args, children) -> None:
        x = normalize(args[0]) if len(args) == 1 else None
        insts = self._children(children, "instance")
        if len(insts) != 1 or normalize(insts[0][1][0]) != x:
            self.fail(tree, here, "self(x) needs instance(x)")
        for _, out in self._children(children, "step_out"):
            y = normalize(out[1]) if len(out) == 2 else None
            if self.L.resolve_instance(y or "") != x:
                self.fail(tree, here, f"step output {out[1:]!r} does not name instance {args[0]!r}")

    def rule_member(self, tree, here, args, children) -> None:
        if len(args) != 2:
            self.fail(tree, here, "member takes (meet, instance)")
            return
        name, x = args
        info = tree.get("meet")
        if not isinstance(info, dict) or not isinstance(info.get("constraints"), list):
            self.fail(tree, here, "member carries no `meet` listing its constraints")
            return
        if info.get("name") != name:
            self.fail(tree, here, f"the meet listing is {info.get('name')!r}, not {name!r}")
        listed = [tuple(c) for c in info["constraints"]]
        pm = self.meets.get(name)
        if self.plan is not None:
            if pm is None:
                self.fail(tree, here, f"the plan has no {name}")
            else:
                if len(pm.constraints) != len(listed) or not all(map(_same_triple, pm.constraints, listed)):
                    self.fail(tree, here, f"{name} lists {listed}, but the plan's {name} has {pm.constraints}")
                if (normalize(pm.project) if pm.project else None) != (normalize(info["project"]) if info.get("project") else None):
                    self.fail(tree, here, f"{name} projects {info.get('project')!r}; the plan says {pm.project!r}")
                if pm.step is not None and info.get("step") != pm.step:
                    self.fail(tree, here, f"{name} belongs to step {pm.step}, not {info.get('step')}")
                for triple in listed:
                    if triple[2].startswith("$") and triple != SELF and triple[2][1:] not in {
                            let.var for let in self.plan.lets}:
                        self.fail(tree, here, f"{triple[2]} is not bound by a let of the plan")
        if pm is not None and pm.arg is not None:
            self._hop(tree, here, pm, x, children)
        if len(children) != len(listed):
            self.fail(tree, here, f"{name} has {len(listed)} constraints but {len(children)} premises: "
                                  "one hit (or self) per constraint is needed")
            return
        for triple, child in zip(listed, children):
            parsed = parse_atom(_label(child)) if isinstance(child, dict) else None
            if parsed is None:
                self.fail(tree, here, "a member premise is not an atom")
                continue
            rel, cargs = parsed
            if triple == SELF:
                if rel != "self" or len(cargs) != 1 or normalize(cargs[0]) != normalize(x):
                    self.fail(child, [*here, _label(child)], f"the self constraint needs self({x!r})")
                continue
            if rel != "hit" or len(cargs) != 5:
                self.fail(tree, here, f"constraint {' '.join(triple)} needs a hit premise, got {rel}")
                continue
            if normalize(cargs[3]) != normalize(x):
                self.fail(child, [*here, _label(child)], f"this hit is about {cargs[3]!r}, but the member is {x!r}")
            cons = self._children(child.get("children") or [], "constraint")
            if not cons or not _same_triple(tuple(cons[0][1]), triple):
                self.fail(child, [*here, _label(child)],
                          f"this hit's constraint is not {name}'s listed {' '.join(triple)}")

    def _hop(self, tree, here, pm: PlanMeet, x: str, children) -> None:
        """A hidden hop of an argument's path starts at the argument (hop 0) or the previous hop."""
        final = self.plan.final
        arg = next((a for a in final.args if a.label == pm.arg), None)
        selfs = self._children(children, "self")
        if arg is None or not selfs:
            return
        outs = self._children(selfs[0][0].get("children") or [], "step_out")
        if pm.hop == 0 and isinstance(arg.term, Name):
            if self.L.resolve_instance(arg.term.text) != normalize(x) or outs:
                self.fail(tree, here, f"the first hop of {pm.arg}'s path must start at {arg.term.text!r}, not {x!r}")
        elif pm.hop == 0:
            if not outs or outs[0][1][0] != f"${arg.term.var}":
                self.fail(tree, here, f"the first hop of {pm.arg}'s path must start at an output of ${arg.term.var}")
        else:
            members = self._children(outs[0][0].get("children") or [], "member") if outs else []
            prev = self.meets.get(members[0][1][0]) if members else None
            if prev is None or prev.arg != pm.arg or prev.hop != pm.hop - 1:
                self.fail(tree, here, f"hop {pm.hop} of {pm.arg}'s path must start at an output of hop {pm.hop - 1}")

    def rule_step_out(self, tree, here, args, children) -> None:
        if len(args) != 2:
            self.fail(tree, here, "step_out takes (step, output)")
            return
        step, y = args
        members = self._children(children, "member")
        if len(members) != 1:
            self.fail(tree, here, "step_out needs exactly one member premise")
            return
        member, (meet_name, x) = members[0][0], members[0][1]
        info = member.get("meet") or {}
        if info.get("step") != step:
            self.fail(tree, here, f"{meet_name} belongs to step {info.get('step')!r}, not {step!r}")
        project = info.get("project")
        if project is None:
            if len(children) != 1 or normalize(x) != normalize(y):
                self.fail(tree, here, f"an unprojected step outputs its member: {x!r}, not {y!r}")
            return
        coords = self._children(children, "coord")
        if len(children) != 2 or len(coords) != 1:
            self.fail(tree, here, f"a step projected on {project} needs its member and a coord premise")
            return
        ci, cd, cv = coords[0][1]
        if normalize(ci) != normalize(x) or normalize(cd) != normalize(project) or normalize(cv) != normalize(y):
            self.fail(tree, here, f"the projection needs coord({x}, {project}, {y}), got coord({ci}, {cd}, {cv})")

    def rule_answer(self, tree, here, args, children) -> None:
        if len(args) != 1:
            self.fail(tree, here, "answer takes one argument")
            return
        y = args[0]
        if len(children) != 1:
            self.fail(tree, here, "answer needs exactly one premise")
            return
        parsed = parse_atom(_label(children[0]))
        if parsed is None:
            self.fail(tree, here, "answer's premise is not an atom")
            return
        rel, cargs = parsed
        final = self.plan.final if self.plan is not None else None
        if rel == "step_out":
            if cargs != ["final", y] and not (len(cargs) == 2 and cargs[0] == "final" and normalize(cargs[1]) == normalize(y)):
                self.fail(tree, here, f"answer({y!r}) needs step_out(\"final\", {y!r})")
            if final is not None and not isinstance(final, (Meet, Union)):
                self.fail(tree, here, "the plan ends in a compare, but this answer comes from a meet step")
        elif rel in ("argmax", "argmin"):
            # a bare $step argument answers as the item it stands for, shown by an arg(label, y) premise
            stands_for = len(cargs) == 2 and cargs[1].startswith("$") and any(
                a == [cargs[1], y] for _, a in self._children(children[0].get("children", []), "arg"))
            if len(cargs) != 2 or (cargs[1] != y and not stands_for):
                self.fail(tree, here, f"answer({y!r}) needs {rel}(dim, {y!r})")
            if final is not None and not (isinstance(final, Compare) and final.op == rel):
                self.fail(tree, here, f"the plan's final expression is not {rel}")
        else:
            self.fail(tree, here, f"answer cannot follow from {rel}")

    def rule_fails(self, tree, here, args, children) -> None:
        if len(args) != 3 or not any(p.startswith("verdict(") for p in here[:-1]):
            self.fail(tree, here, "fails(dimension, op, text) belongs under a holds verdict")
        # what it claims is checked with the verdict (holds_verdict), which knows the instance

    def rule_arg(self, tree, here, args, children) -> None:
        """arg(label, x): x is what argument `label` stands for, reached by its path or its step."""
        if len(args) != 2:
            self.fail(tree, here, "arg takes (argument, instance)")
            return
        label, x = args
        final = self.plan.final if self.plan is not None else None
        arg = next((a for a in final.args if a.label == label), None) if isinstance(final, Compare) else None
        if final is not None and arg is None:
            self.fail(tree, here, f"{label!r} is not an argument of the plan's compare")
        outs = self._children(children, "step_out")
        coords = self._children(children, "coord")
        if len(outs) != 1 or len(coords) != 1 or len(children) != 2 or len(outs[0][1]) != 2:
            self.fail(tree, here, "arg needs the step_out that reaches the instance and its coord")
            return
        (out, (step, y)), (_, (ci, cd, _)) = outs[0], coords[0]
        if self.L.resolve_instance(y) != normalize(x):
            self.fail(tree, here, f"step output {y!r} does not name instance {x!r}")
        if normalize(ci) != normalize(x):
            self.fail(tree, here, f"the coord is about {ci!r}, not {x!r}")
        if final is not None and normalize(cd) != normalize(final.dimension):
            self.fail(tree, here, f"the coord is on {cd}, not the compared {final.dimension}")
        if arg is None:
            return
        members = self._children(out.get("children") or [], "member")
        meet_name = members[0][1][0] if members else None
        pm = self.meets.get(meet_name)
        if arg.path:
            lasts = {len(a.path) - 1 for a in final.args if a.label == label}
            if pm is None or pm.arg != label or pm.hop not in lasts:
                self.fail(tree, here, f"{meet_name} is not the last hop of {label}'s path")
        elif isinstance(arg.term, Ref):
            if step != f"${arg.term.var}":
                self.fail(tree, here, f"argument {label} reads step ${arg.term.var}, not {step}")
        else:
            self.fail(tree, here, f"argument {label} is named directly: it needs no arg(...) step")

    def _value_leaf(self, child):
        """The coord premise of a compared value: the leaf itself, or the coord inside arg(...)."""
        parsed = parse_atom(_label(child)) if isinstance(child, dict) else None
        if parsed and parsed[0] == "coord" and len(parsed[1]) == 3:
            return child, parsed[1]
        if parsed and parsed[0] == "arg":
            coords = self._children(child.get("children") or [], "coord")
            if len(coords) == 1 and len(coords[0][1]) == 3:
                return coords[0]
        return None

    # ---- extremum ----
    def _arg_items(self, final: Compare, label: str) -> set[str] | None:
        """The instances an argument stands for, followed along its path in predicates.jsonl."""
        args = [a for a in final.args if a.label == label]  # labels may repeat: "x" -> a, "x" -> b
        if not args or not all(isinstance(a.term, Name) for a in args):
            return None
        out: set[str] = set()
        for arg in args:
            x = self.L.resolve_instance(arg.term.text)
            items = {x} if x else set()
            for dim in arg.path:
                d = normalize(dim)
                nxt = set()
                for item in items:
                    for row in self.L.values_of(item, d):
                        inst = self.L.resolve_instance(row["value"])
                        if inst:
                            nxt.add(inst)
                items = nxt
            out |= items
        return out

    def _arg_values(self, final: Compare, label: str) -> set[str] | None:
        items = self._arg_items(final, label)
        if items is None:
            return None
        d = normalize(final.dimension)
        return {row["value"] for item in items for row in self.L.values_of(item, d)}

    def _better(self, d: str, op: str, v: str, w: str) -> bool:
        """v is strictly better than w for this direction (numeric, or general → specific)."""
        if self.L.ordered(d):
            bv, bw = self.L.bounds(d, v), self.L.bounds(d, w)
            if bv is None or bw is None:
                return False
            return bw[1] < bv[0] if op == "argmax" else bv[1] < bw[0]
        if v == w:
            return False
        return v in self.L.down(d, w) if op == "argmax" else w in self.L.down(d, v)

    def _best(self, d: str, op: str, values: set[str]) -> set[str]:
        return {v for v in values if not any(self._better(d, op, w, v) for w in values)}

    def _extremum(self, tree, here, args, children, op: str) -> None:
        if len(args) != 2:
            self.fail(tree, here, f"{op} takes (dimension, argument)")
            return
        dname, winner = args
        d = self.dim(dname, tree, here)
        if d is None:
            return
        final = self.plan.final if self.plan is not None else None
        if final is not None and (not isinstance(final, Compare) or final.op != op
                                  or normalize(final.dimension) != d):
            self.fail(tree, here, f"the plan's final expression is not {op} on {dname}")
            final = None
        if final is not None and winner not in [a.label for a in final.args]:
            self.fail(tree, here, f"{winner!r} is not an argument of the plan")
        leaves = [leaf for leaf in map(self._value_leaf, children) if leaf is not None]
        if len(leaves) != 1 or len(leaves) + len(self._children(children, "beats")) != len(children):
            self.fail(tree, here, f"{op} needs one premise for the winner's value (coord, or arg(...) then coord) "
                                  "and beats axioms")
            return
        ci, cd, cv = leaves[0][1]
        v = normalize(cv)
        if normalize(cd) != d:
            self.fail(tree, here, f"the winner's coord is on {cd}, not {dname}")
        mine = None
        if final is not None:
            items = self._arg_items(final, winner)
            if items is None:
                if not self._children(children, "arg"):
                    self.fail(tree, here, f"argument {winner} is a step's output, but no arg(...) premise shows "
                                          f"that {ci!r} is one")
            elif normalize(ci) not in items:
                self.fail(tree, here, f"{ci!r} is not what argument {winner!r} stands for ({sorted(items)})")
            mine = self._arg_values(final, winner)
            if mine is not None and v not in self._best(d, op, mine):
                self.fail(tree, here, f"{cv!r} is not {winner!r}'s best value on {dname}")
        for child, b in self._children(children, "beats"):
            where = [*here, _label(child)]
            if len(b) != 4:
                self.fail(child, where, "beats takes (winner, other, winner value, other value)")
                continue
            a, other, bv, bw = b
            if a != winner:
                self.fail(child, where, f"beats names {a!r}, but the winner is {winner!r}")
            if normalize(bv) != v:
                self.fail(child, where, f"the winner's value is {cv!r}, not {bv!r}")
            for val in (bv, bw):
                if not self.L.has_value(d, normalize(val)):
                    self.fail(child, where, f"{val!r} is not a value of {dname}")
            order = child.get("order") or {}
            if order.get("direction") not in (None, op):
                self.fail(child, where, f"the order note's direction is {order.get('direction')!r}, not {op}")
            if self.L.ordered(d):
                for key, val in (("winner_bounds", bv), ("other_bounds", bw)):
                    stored = self.L.bounds(d, normalize(val))
                    if key in order and (stored is None or [float(x) for x in order[key]] != list(stored)):
                        self.fail(child, where, f"{key} {order[key]} differ from values.jsonl's {stored}")
            if not self._better(d, op, normalize(bv), normalize(bw)):
                how = "ends before" if op == "argmin" else "starts after"
                self.fail(child, where, f"{bv!r} is not better than {bw!r} for {op}"
                          + (f": it does not {how} it" if self.L.ordered(d) else " in the lattice order"))
            if final is not None:
                theirs = self._arg_values(final, other)
                if other not in [x.label for x in final.args]:
                    self.fail(child, where, f"{other!r} is not an argument of the plan")
                elif theirs is not None and normalize(bw) not in theirs:
                    self.fail(child, where, f"{other!r} has no value {bw!r} on {dname}")

    def rule_argmax(self, tree, here, args, children) -> None:
        self._extremum(tree, here, args, children, "argmax")

    def rule_argmin(self, tree, here, args, children) -> None:
        self._extremum(tree, here, args, children, "argmin")

    def extremum_completeness(self, final: Compare, winners: list[str]) -> None:
        """Every other argument is beaten (each best value of it), or ties for the extremum."""
        d = normalize(final.dimension)
        beaten: dict[str, set[str]] = defaultdict(set)
        for tree in (self.result.get("proof") or {}).get("trees", []):
            for ext in tree.get("children", []):
                for child, b in self._children(ext.get("children", []), "beats"):
                    if len(b) == 4:
                        beaten[b[1]].add(normalize(b[3]))
        if d not in self.L.dims:
            return
        for arg in final.args:
            if arg.label in winners:
                continue
            values = self._arg_values(final, arg.label)
            if values is None:
                if arg.label not in beaten:
                    self.fail("answers", ["answers"], f"argument {arg.label} is neither a winner nor beaten")
                self.note(f"argument {arg.label} is a step's output: its best values are not independently verified")
                continue
            missing = self._best(d, final.op, values) - beaten.get(arg.label, set())
            if missing:
                self.fail("answers", ["answers"], f"argument {arg.label}'s best value(s) {sorted(missing)} are "
                                                  "not shown beaten by any winner")

    # ---- verdicts ----
    def verdict(self, proof: dict) -> None:
        parsed = parse_atom(proof.get("premises", ""))
        here = [_label(proof)]
        if not parsed or parsed[0] != "verdict" or parsed[1] not in (["true"], ["false"]):
            self.fail(proof, here, "a verdict result must prove verdict(\"true\") or verdict(\"false\")")
            return
        value = parsed[1][0] == "true"
        if self.result.get("verdict") is not value:
            self.fail("verdict", ["verdict"], f"the result says {self.result.get('verdict')!r}, the proof {value}")
        if self.result.get("answers"):
            self.fail("answers", ["answers"], "a verdict carries no answers")
        self.report.checked += 1
        final = self.plan.final if self.plan is not None else None
        rule = proof.get("rule-number")
        children = proof.get("children") or []
        if isinstance(final, Holds):
            if rule != "(holds)":
                self.fail(proof, here, f"a holds plan's verdict needs rule (holds), not {rule}")
            self.holds_verdict(proof, here, value, final, children)
        elif isinstance(final, Compare) and final.op in ("same", "differ"):
            if rule != f"({final.op})":
                self.fail(proof, here, f"a {final.op} plan's verdict needs rule ({final.op}), not {rule}")
            self.same_verdict(proof, here, value, final, children)
        elif final is not None:
            self.fail(proof, here, "the plan's final expression gives no verdict")
        for child in children:
            self.visit(child, here)

    def holds_verdict(self, proof, here, value: bool, final: Holds, children) -> None:
        x = None
        if isinstance(final.item, Name):
            x = self.L.resolve_instance(final.item.text)
            if x is None:
                self.fail(proof, here, f"{final.item.text!r} names no instance, so nothing can hold of it")
        if value:
            members = self._children(children, "member")
            if len(children) != 1 or len(members) != 1:
                self.fail(proof, here, "a true holds needs exactly one member premise")
            elif x is not None and normalize(members[0][1][1]) != x:
                self.fail(proof, here, f"the member is {members[0][1][1]!r}, not {final.item.text!r}")
            elif (members[0][0].get("meet") or {}).get("step") != "holds":
                self.fail(proof, here, "the member premise is not of the holds meet")
            return
        fails = self._children(children, "fails")
        if not fails or len(fails) != len(children):
            self.fail(proof, here, "a false holds needs fails(...) premises, and only those")
            return
        plan_triples = [constraint_triple(c) for c in final.constraints]
        failing: set[tuple] = set()
        for child, triple in fails:
            where = [*here, _label(child)]
            kids = child.get("children") or []
            cons, coords = self._children(kids, "constraint"), self._children(kids, "coord")
            if not any(_same_triple(tuple(triple), t) for t in plan_triples):
                self.fail(child, where, f"{triple} is not a constraint of the plan")
                continue
            if len(cons) != 1 or not _same_triple(tuple(cons[0][1]), tuple(triple)) or not coords:
                self.fail(child, where, "fails needs its constraint and the instance's coords on its dimension")
                continue
            d = normalize(triple[0])
            admitted = self.L.admitted(d, triple[1], triple[2])
            bad = False
            for _, (ci, cd, cv) in coords:
                if x is not None and normalize(ci) != x:
                    self.fail(child, where, f"the coord is about {ci!r}, not {final.item.text!r}")
                    bad = True
                if normalize(cd) != d:
                    self.fail(child, where, f"the coord is on {cd}, not {triple[0]}")
                    bad = True
                if admitted is not None and normalize(cv) in admitted:
                    self.fail(child, where, f"{cv!r} satisfies {' '.join(triple)}: it is no failure")
                    bad = True
            if admitted is None:
                self.note(f"holds constraint {' '.join(triple)} names a step's output: its failure is not "
                          "independently verified")
            elif not bad:
                failing.add(tuple(triple))
        # the verdict is false only if some constraint fails on every value the instance has there
        if x is not None:
            decisive = False
            for triple in failing:
                d = normalize(triple[0])
                admitted = self.L.admitted(d, triple[1], triple[2]) or set()
                values = {row["value"] for row in self.L.values_of(x, d)}
                if values and not values & admitted:
                    decisive = True
            if failing and not decisive:
                self.fail(proof, here, "no listed constraint fails on every value the instance has")

    def same_verdict(self, proof, here, value: bool, final: Compare, children) -> None:
        d = normalize(final.dimension)
        coords = [leaf for leaf in map(self._value_leaf, children) if leaf is not None]
        if len(coords) != len(children):
            self.fail(proof, here, f"a {final.op} verdict rests on coord (or arg) premises only")
            return
        for child, (ci, cd, cv) in coords:
            if normalize(cd) != d:
                self.fail(child, [*here, _label(child)], f"this coord is on {cd}, not {final.dimension}")
        shares = value == (final.op == "same")
        items = {a.label: self._arg_items(final, a.label) for a in final.args}
        if any(v is None for v in items.values()):
            self.note(f"{final.op}: an argument is a step's output; its values are not independently verified")
            return
        if shares:
            if len(coords) != len(final.args):
                self.fail(proof, here, "a shared value needs one coord per argument")
                return
            vals = {normalize(c[1][2]) for c in coords}
            if len(vals) != 1:
                self.fail(proof, here, f"the arguments' coords do not share one value: {sorted(vals)}")
            for arg, (child, (ci, _, _)) in zip(final.args, coords):
                if normalize(ci) not in items[arg.label]:
                    self.fail(child, [*here, _label(child)], f"{ci!r} is not what argument {arg.label!r} stands for")
            return
        # no common value: every value of every argument is listed, and none is held by all
        held = {a.label: {row["value"] for x in items[a.label] for row in self.L.values_of(x, d)} for a in final.args}
        listed = {(normalize(ci), normalize(cv)) for _, (ci, _, cv) in coords}
        every = {(x, row["value"]) for its in items.values() for x in its for row in self.L.values_of(x, d)}
        if every - listed:
            self.fail(proof, here, f"values {sorted(every - listed)} are missing from the proof")
        if listed - every:
            self.fail(proof, here, f"coords {sorted(listed - every)} belong to no argument")
        if any(not vals for vals in held.values()):
            self.fail(proof, here, "an argument has no value on the dimension: the compare should abstain")
        common = set.intersection(*held.values()) if held else set()
        if common:
            self.fail(proof, here, f"the arguments do share {sorted(common)}")

    # ---- abstentions ----
    def abstain(self, proof: dict) -> None:
        r = self.result
        here = [_label(proof)]
        parsed = parse_atom(proof.get("premises", ""))
        reasons = list(r.get("reasons") or [])
        witness = r.get("witness") or {}
        if not parsed or parsed[0] != "abstain" or len(parsed[1]) != 1:
            self.fail(proof, here, "an abstention must prove abstain(reason)")
            return
        self.report.checked += 1
        if parsed[1][0] != r.get("reason") or not reasons or reasons[0] != r.get("reason"):
            self.fail(proof, here, f"the proof abstains for {parsed[1][0]!r}, the result for {r.get('reason')!r} "
                                   f"(reasons {reasons})")
        if r.get("answers") or r.get("verdict") is not None:
            self.fail("answers", ["answers"], "an abstention answers nothing")
        children = proof.get("children") or []
        if [c.get("reason") for c in children] != reasons:
            self.fail(proof, here, f"the proof's witnesses {[c.get('reason') for c in children]} differ from "
                                   f"the reasons {reasons}")
        if set(witness) != set(reasons):
            self.fail(proof, here, f"the witness covers {sorted(witness)}, the reasons are {reasons}")
        for child in children:
            where = [*here, _label(child)]
            self.report.checked += 1
            reason = child.get("reason")
            try:
                detail = json.loads(child.get("axiom", ""))
            except json.JSONDecodeError:
                self.fail(child, where, "the witness axiom is not JSON")
                continue
            if reason in witness and witness[reason] != detail:
                self.fail(child, where, f"the proof's {reason} witness differs from the result's")
            check = getattr(self, f"witness_{reason}", None)
            if check is None:
                self.fail(child, where, f"unknown abstention reason {reason!r}")
            else:
                check(child, where, detail)

    def _plan_constraints(self) -> dict[str, tuple[str, str, str]]:
        out = {}
        if self.plan is None:
            return out
        def walk(expr):
            if isinstance(expr, Meet):
                for c in expr.constraints:
                    out[print_constraint(c)] = constraint_triple(c)
            elif isinstance(expr, Union):
                for b in expr.branches:
                    walk(b)
            elif isinstance(expr, Holds):
                for c in expr.constraints:
                    out[print_constraint(c)] = constraint_triple(c)

        for let in self.plan.lets:
            walk(let.expr)
        walk(self.plan.final)
        return out

    def witness_unknown_anchor(self, child, where, detail) -> None:
        unknown = detail.get("unknown") if isinstance(detail, dict) else None
        if not unknown:
            self.fail(child, where, "unknown_anchor names no unknown name")
            return
        plan_cons = self._plan_constraints()
        for entry in unknown:
            name, dname, con = entry.get("name"), entry.get("dimension"), entry.get("constraint")
            if dname is not None:
                d = normalize(dname)
                if d not in self.L.dims:
                    self.fail(child, where, f"dimension {dname!r} is itself unknown (that is out_of_scope)")
                elif self.L.resolve(d, name) is not None:
                    self.fail(child, where, f"{name!r} is a value (or synonym) of {dname}: "
                                            f"it resolves to {self.L.resolve(d, name)!r}")
                if self.plan is not None and con not in plan_cons:
                    self.fail(child, where, f"{con!r} is not a constraint of the plan")
            elif self.L.resolve_instance(name or "") is not None:
                self.fail(child, where, f"{name!r} names instance {self.L.resolve_instance(name)!r}")

    def witness_out_of_scope(self, child, where, detail) -> None:
        dims = detail.get("unknown_dimensions") if isinstance(detail, dict) else None
        if dims is None:
            self.note("out_of_scope without named dimensions (unsupported plan) is not independently verifiable")
            return
        for name in dims:
            if normalize(name) in self.L.dims:
                self.fail(child, where, f"dimension {name!r} is in the lattice")

    def witness_conflict(self, child, where, detail) -> None:
        conflicts = detail.get("conflicts") if isinstance(detail, dict) else None
        if not conflicts:
            self.fail(child, where, "conflict names no conflicting constraints")
            return
        plan_cons = self._plan_constraints()
        for entry in conflicts:
            dname = entry.get("dimension", "")
            d = normalize(dname)
            if d not in self.L.dims:
                self.fail(child, where, f"dimension {dname!r} is not in the lattice")
                continue
            if not self.L.dims[d].get("functional"):
                self.fail(child, where, f"{dname} is not functional: its constraints cannot conflict")
            cons, vals = entry.get("constraints") or [], entry.get("values") or []
            if len(cons) != 2 or len(vals) != 2:
                self.fail(child, where, "a conflict pairs two constraints and their values")
                continue
            admitted = []
            for text, listed in zip(cons, vals):
                triple = plan_cons.get(text)
                if self.plan is not None and triple is None:
                    self.fail(child, where, f"{text!r} is not a constraint of the plan")
                keys = {normalize(v) for v in listed}
                for v in keys:
                    if not self.L.has_value(d, v):
                        self.fail(child, where, f"{v!r} is not a value of {dname}")
                op = triple[1] if triple else "<="
                if triple and triple[1] not in Constraint.NUMERIC and not triple[2].startswith("$"):
                    resolved = self.L.resolve(d, triple[2])
                    if {resolved} != keys:
                        self.fail(child, where, f"{text!r} names {resolved!r}, not {sorted(keys)}")
                if triple and triple[1] in Constraint.NUMERIC:
                    admitted.append(self.L.admitted(d, triple[1], triple[2]) or set())
                else:
                    down = set()
                    for v in keys:
                        down |= self.L.down(d, v) if op == "<=" else {v}
                    admitted.append(down)
            shared = admitted[0] & admitted[1]
            if shared:
                self.fail(child, where, f"{cons[0]!r} and {cons[1]!r} share lower bound(s) {sorted(shared)[:5]}: "
                                        "they do not conflict")

    def witness_incomparable(self, child, where, detail) -> None:
        pairs = detail.get("pairs") if isinstance(detail, dict) else None
        final = self.plan.final if self.plan is not None else None
        if not pairs:
            self.fail(child, where, "incomparable names no pair")
            return
        if not isinstance(final, Compare) or final.op not in ("argmax", "argmin"):
            self.fail(child, where, "incomparable needs an argmax/argmin plan")
            return
        d = normalize(final.dimension)
        for pair in pairs:
            args, values = pair.get("arguments") or [], pair.get("values") or []
            if len(values) != 2 or len(args) != 2:
                self.fail(child, where, "a pair names two arguments and two values")
                continue
            v, w = (normalize(x) for x in values)
            if not (self.L.has_value(d, v) and self.L.has_value(d, w)):
                self.fail(child, where, f"{values} are not values of {final.dimension}")
                continue
            if v == w or self._better(d, final.op, v, w) or self._better(d, final.op, w, v):
                self.fail(child, where, f"{values[0]!r} and {values[1]!r} are ordered (or equal) on {final.dimension}")
            for label, val in zip(args, (v, w)):
                held = self._arg_values(final, label)
                if held is not None and val not in held:
                    self.fail(child, where, f"argument {label!r} has no value {val!r}")

    def witness_empty(self, child, where, detail) -> None:
        if not isinstance(detail, dict):
            self.fail(child, where, "the empty witness is not an object")
            return
        final = self.plan.final if self.plan is not None else None
        if "no_value" in detail or "missing" in detail:
            if not isinstance(final, (Compare, Holds)):
                self.fail(child, where, "no_value/missing witnesses belong to compares")
                return
            if isinstance(final, Compare):
                d = normalize(final.dimension)
                for label in detail.get("no_value", []):
                    values = self._arg_values(final, label)
                    if values is None:
                        self.note(f"that argument {label} has no value is not independently verifiable")
                    elif values:
                        self.fail(child, where, f"argument {label!r} has values {sorted(values)} on {final.dimension}")
            if isinstance(final, Holds) and isinstance(final.item, Name):
                x = self.L.resolve_instance(final.item.text)
                plan_cons = self._plan_constraints()
                for text in detail.get("missing", []):
                    triple = plan_cons.get(text)
                    if triple is None:
                        self.fail(child, where, f"{text!r} is not a constraint of the plan")
                    elif x is not None and self.L.values_of(x, normalize(triple[0])):
                        self.fail(child, where, f"{final.item.text!r} does have a value on {triple[0]}")
            return
        plan_cons = self._plan_constraints()
        for meet in detail.get("meets", []):
            for text in meet.get("matches_nothing", []):
                triple = plan_cons.get(text)
                if triple is None:
                    self.fail(child, where, f"{text!r} is not a constraint of the plan")
                    continue
                d = normalize(triple[0])
                admitted = self.L.admitted(d, triple[1], triple[2]) if d in self.L.dims else set()
                if admitted is None:
                    self.note(f"matches_nothing for {text} (a step reference) is not independently verifiable")
                    continue
                hits = [row for row in self.L.predicates.values() if row["dimension"] == d and row["value"] in admitted]
                if hits:
                    self.fail(child, where, f"{text!r} matches predicate {hits[0]['id']} "
                                            f"({hits[0]['instance']} at {hits[0]['value']})")
            if meet.get("emptied_by"):
                self.note("emptied_by claims (which constraint left nothing) are not independently verifiable")
        self.note("that nothing meets the plan (emptiness) is not independently verifiable")


def audit(lattice_dir: Path | str, result) -> AuditReport:
    """Re-verify `result` (a Result or its dict) against the lattice folder `lattice_dir`."""
    if hasattr(result, "to_dict"):
        result = result.to_dict()
    return _Auditor(LatticeFiles(lattice_dir), result).run()


def audit_many(lattice_dir: Path | str, results: Iterable) -> list[AuditReport]:
    """Audit several results against one lattice folder (read once)."""
    lattice = LatticeFiles(lattice_dir)
    return [_Auditor(lattice, r.to_dict() if hasattr(r, "to_dict") else r).run() for r in results]
