"""Soufflé's dialect: the IR written back in the language rules/*.dl are written in.

The generator's defaults are Soufflé's syntax already; this table adds only what a whole program
needs: declarations, `.input`/`.output` directives, and a comment before each rule naming where it
was written, so that a Soufflé error citing a line of this text leads back to rules/*.dl. Rules keep
their order, so Soufflé's per-relation rule numbers (in its provenance) are the IR's.
"""

from __future__ import annotations

from latweave.datalog.ir import Program, Relation
from latweave.engines.generator import Generator


class Souffle(Generator):
    name = "souffle"

    def declaration(self, rel: Relation) -> str:
        return f".decl {rel.name}({', '.join(f'{c.name}:{c.type}' for c in rel.columns)})"

    def program(self, program: Program) -> str:
        lines = ["// latweave: rules rendered from the IR for Soufflé", ""]
        for rel in program.relations:
            origin = f"  // {rel.origin}" if rel.origin is not None else ""
            lines.append(self.declaration(rel) + origin)
        lines.append("")
        lines += [f".input {rel.name}" for rel in program.inputs]
        lines += [f".output {rel.name}" for rel in program.outputs]
        lines.append("")
        for rule in program.rules:
            lines.append(f"// {rule.origin}")
            lines.append(self.rule(rule))
        return "\n".join(lines) + "\n"


def render_program(program: Program) -> str:
    """The program in Soufflé's syntax, declarations first, rules in their written order."""
    return Souffle().program(program)
