"""Proofs: read from the engine's witness relations, shaped like Souffle's provenance JSON."""
