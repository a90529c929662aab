"""The rules' intermediate representation: parsed from rules/*.dl, rendered by every engine."""

from latweave.datalog.ir import (
    Arith, Atom, Column, Comparison, Const, Negation, Program, Relation, Rule, Var, Wildcard,
)
from latweave.datalog.parser import parse_program, load_rules
from latweave.datalog.strata import Stratum, stratify

__all__ = [
    "Arith", "Atom", "Column", "Comparison", "Const", "Negation", "Program", "Relation", "Rule",
    "Var", "Wildcard", "parse_program", "load_rules", "Stratum", "stratify",
]
