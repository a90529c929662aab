"""latweave: deterministic, auditable multi-hop question answering on knowledge lattices."""

__version__ = "0.1.0"
