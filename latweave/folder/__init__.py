"""The lattice on disk, owned once: its file names (`names`), the atomic write and the manifest
(`store`), and the readers — the stored view a query opens (`stored`) and the layers a lattice of
several sources keeps (`layers`). Nothing outside this package spells a file name of the format;
the auditor (`proof/audit/files.py`) takes the names from here but keeps a reader of its own, so
that it shares no reading code with what it checks."""
