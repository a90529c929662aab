"""Text documents → typed, evidenced predicates by rules written as data: no model at all.

`latweave build DIR --extract rules`. One module per job, in the order data flows:

    rules.toml   the rules: relations (kind, functional) and sentence patterns, each with its example
    ruleset.py   the rule file read, checked and compiled (macros expanded)
    sentences.py a document → its subject and its sentences, each marked with whom it is about
    extract.py   a document → proposed predicates, each naming its rule (the evidence: its sentence)
    build.py     a text corpus → the gate (extract/validate.py) → names joined → extract/assemble.py
    report.py    per rule what it extracted, what the gate refused and what no rule matched

The proposals pass the LLM extractor's gate and enter the lattice by the same path, so a fact
the rules extract is held to what a model's is held to.
"""

from latweave.ingest.rules.build import rules_lattice
from latweave.ingest.rules.report import RulesReport
from latweave.ingest.rules.ruleset import DEFAULT_RULES, RuleError, RuleSet, load_rules

__all__ = ["DEFAULT_RULES", "RuleError", "RuleSet", "RulesReport", "load_rules", "rules_lattice"]
