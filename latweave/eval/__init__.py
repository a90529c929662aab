"""Evaluation: dataset loaders, deterministic splits, one scoring module, the harness, knock-outs."""
