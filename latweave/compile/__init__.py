"""Lattice + plans → Datalog facts. The symbol table is the only place strings become numbers."""
