"""The knowledge lattice: dimensions (rooted DAGs of values), instances, evidenced predicates."""

from latweave.lattice.model import Dimension, Evidence, Instance, Lattice, Predicate
from latweave.lattice.names import TOP, normalize

__all__ = ["Dimension", "Evidence", "Instance", "Lattice", "Predicate", "TOP", "normalize"]
