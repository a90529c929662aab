"""Plans: the typed programs a person or an LLM writes, that compile to facts (never to rules)."""

from latweave.plan.ast import Compare, Constraint, Holds, Let, Meet, Name, Plan, Ref, Union

__all__ = ["Compare", "Constraint", "Holds", "Let", "Meet", "Name", "Plan", "Ref", "Union"]
