"""Is this lattice legitimate? Unique meets, distributivity, FCA co-occurrence, Dilworth width.

`check_lattice(lattice)` returns a `LatticeReport` (JSON via `to_dict`, rich rendering via
`__rich__`); `report.ok` is the build gate: every dimension has unique meets in its own DAG.
One module per job: `poset` (bitset order), `meets` (meets, Dedekind–MacNeille completion),
`distributive` (M3/N5 witnesses), `width` (Dilworth via König), `fca` (formal concepts),
`dependence` (mutually determining dimensions), `report` (the report), `check` (the driver).
"""

from latweave.legitimacy.check import check_dimension, check_fca, check_lattice
from latweave.legitimacy.report import (CompetingPair, DimensionReport, FcaReport, LatticeReport,
                                        WitnessReport)

__all__ = ["CompetingPair", "DimensionReport", "FcaReport", "LatticeReport", "WitnessReport",
           "check_dimension", "check_fca", "check_lattice"]
