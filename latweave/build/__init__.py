"""Sources → lattice: readers that turn a corpus folder (and, later, KBs and LLM output) into a Lattice."""
