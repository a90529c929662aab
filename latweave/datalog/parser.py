"""Read rules/*.dl (Souffle's dialect, the subset in grammars/datalog.lark) into the IR.

Validation happens here, once, so that every engine can trust the program: each atom names a
declared relation with the right arity, every variable is range-restricted (bound by a positive
atom, or by `x = expr` over bound variables), and the program is stratifiable.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from latweave.datalog.ir import Arith, Const, Program, Relation, Rule, Var, Wildcard, variables
from latweave.errors import RuleError
from latweave.paths import GRAMMARS, RULES

#: The order in which rules/*.dl are read; it fixes rule numbering in proofs.
RULE_FILES = ("schema.dl", "closure.dl", "meet.dl", "compare.dl", "abstain.dl", "witness.dl")


def parse_program(text: str, file: str = "<rules>") -> list:
    """Parse one file's text into raw items (declarations, directives, rules): the grammar and
    its transformer are datalog/syntax.py's, imported here, when a text is parsed — a process that
    reads the rules from latweave's cache (datalog/program_cache.py) never imports lark for them."""
    from latweave.datalog.syntax import parse_text

    return parse_text(text, file)


def assemble(items: list) -> Program:
    """Merge parsed items from all files into one validated Program."""
    decls: dict[str, tuple] = {}
    inputs: set[str] = set()
    outputs: set[str] = set()
    rules: list[Rule] = []
    for item in items:
        kind = item[0]
        if kind == "decl":
            _, name, cols, origin = item
            if name in decls:
                raise RuleError(f"relation {name!r} declared twice", file=origin.file, line=origin.line)
            decls[name] = (cols, origin)
        elif kind in ("input", "output"):
            (inputs if kind == "input" else outputs).add(item[1])
        else:
            rules.append(item[1])
    for name in sorted((inputs | outputs) - decls.keys()):
        raise RuleError(f".input/.output of undeclared relation {name!r}", file="rules/")
    relations = tuple(
        Relation(name, cols, name in inputs, name in outputs, origin)
        for name, (cols, origin) in decls.items()
    )
    program = Program(relations, tuple(rules))
    _validate(program)
    from latweave.datalog.strata import stratify

    stratify(program)  # raises RuleError when negation runs through recursion
    return program


def bound_by_equality(rule: Rule) -> dict[str, object]:
    """Variables bound by `v = expr` (expr over variables bound elsewhere), in binding order."""
    bound = {v for atom in rule.positive for v in variables(atom)}
    found: dict[str, object] = {}
    changed = True
    while changed:
        changed = False
        for cmp in rule.comparisons:
            if cmp.op != "=":
                continue
            for target, expr in ((cmp.left, cmp.right), (cmp.right, cmp.left)):
                if (isinstance(target, Var) and target.name not in bound
                        and all(v in bound for v in variables(expr))):
                    bound.add(target.name)
                    found[target.name] = expr
                    changed = True
                    break
    return found


def _column_types(rule: Rule, types: dict[str, tuple[str, ...]], where: dict) -> None:
    """Every variable and constant is used at one column type (number or symbol)."""
    seen: dict[str, str] = {}
    for atom in (rule.head, *rule.positive, *rule.negative):
        for arg, kind in zip(atom.args, types[atom.relation]):
            if isinstance(arg, Arith) and atom is not rule.head:
                raise RuleError(f"arithmetic inside a body atom ({atom}); bind it with `v = expr`", **where)
            if isinstance(arg, Const) and isinstance(arg.value, str) != (kind == "symbol"):
                raise RuleError(f"constant {arg} in a {kind} column of {atom.relation}: {rule}", **where)
            if isinstance(arg, Var):
                if seen.setdefault(arg.name, kind) != kind:
                    raise RuleError(f"variable {arg.name!r} is used as both number and symbol: {rule}", **where)
            if isinstance(arg, Arith) and kind != "number":
                raise RuleError(f"arithmetic in a symbol column of {atom.relation}: {rule}", **where)


def _validate(program: Program) -> None:
    arity = {r.name: r.arity for r in program.relations}
    types = {r.name: tuple(c.type for c in r.columns) for r in program.relations}
    for rel in program.relations:
        if rel.is_input and program.rules_for(rel.name):
            o = rel.origin
            raise RuleError(f"input relation {rel.name!r} also has rules", file=o.file, line=o.line)
    for rule in program.rules:
        where = dict(file=rule.origin.file, line=rule.origin.line)
        for atom in (rule.head, *rule.positive, *rule.negative):
            if atom.relation not in arity:
                raise RuleError(f"undeclared relation {atom.relation!r} in: {rule}", **where)
            if len(atom.args) != arity[atom.relation]:
                raise RuleError(
                    f"{atom.relation} takes {arity[atom.relation]} arguments, got {len(atom.args)}: {rule}",
                    **where)
        if not rule.positive:
            raise RuleError(f"rule has no positive atom: {rule}", **where)
        _column_types(rule, types, where)
        bound = {v for atom in rule.positive for v in variables(atom)} | set(bound_by_equality(rule))
        if any(isinstance(a, Wildcard) for a in rule.head.args):
            raise RuleError(f"wildcard in a rule head: {rule}", **where)
        needed = [*variables(rule.head), *(v for a in rule.negative for v in variables(a)),
                  *(v for c in rule.comparisons for v in variables(c))]
        for name in needed:
            if name not in bound:
                raise RuleError(f"variable {name!r} is not bound by a positive atom: {rule}", **where)


def load_rules(directory: Path | None = None) -> Program:
    """Read and validate rules/*.dl in RULE_FILES order."""
    return _load(str(directory or RULES))


@lru_cache(maxsize=4)
def _load(directory: str) -> Program:
    return _parsed(Path(directory), RULE_FILES)


@lru_cache(maxsize=1)
def load_schema() -> Program:
    """rules/schema.dl alone (its declarations: every input relation's columns), for a reader
    that needs the columns and not the rules (compile/parquet_facts.py)."""
    return _parsed(RULES, RULE_FILES[:1])


def _parsed(base: Path, names: tuple[str, ...]) -> Program:
    """The files `names` under `base` parsed and assembled into one Program: once per process,
    and kept across processes by the files' content (datalog/program_cache.py: parsing them is
    a tenth of a second a process)."""
    from latweave.datalog.program_cache import cached

    texts = [(name, (base / name).read_text(encoding="utf-8")) for name in names]

    def parse() -> Program:
        items: list = []
        for name, text in texts:
            items.extend(parse_program(text, file=f"rules/{name}"))
        return assemble(items)
    return cached(texts, (GRAMMARS / "datalog.lark").read_text(encoding="utf-8"), parse)


def program_text(directory: Path | None = None) -> str:
    """The rule files concatenated in reading order: what Souffle is given, byte for byte."""
    base = Path(directory or RULES)
    return "".join(
        f"// ---- rules/{name} ----\n" + (base / name).read_text(encoding="utf-8") + "\n"
        for name in RULE_FILES
    )
