"""Every file and folder name of the on-disk formats, in one place: nothing else spells one.

A lattice folder (written by `folder/store.py`'s atomic write, read by `folder/stored.py` and
`folder/layers.py`) holds, per layer:

    manifest.json                 what the folder holds: every file's hash and size, the counts,
                                  the layers, the content hash (only in the lattice's own folder)
    dimensions.jsonl values.blocks synonyms.jsonl classes.jsonl   the dimensions (model rows)
    instances.jsonl predicates.blocks documents.jsonl             the instances and their evidence
                                  (*.blocks: JSON lines deflated in blocks, folder/blocks.py)
    symbols.jsonl                 the interned strings of the compiled facts
    *.idx                         line-offset indexes of the files read one line at a time
    instances.ids values.ids      each line's key as its symbol id (folder/symbol_ids.py)
    derived/coord_counts.blocks   derived counts; derived/worlds.jsonl: contested coordinates
    engine/sqlite.db              layer 0's lattice relations (its base tables: the one copy every
                                  engine reads, folder/base_rows.py) and the SQLite engine's strata;
                                  a later layer: in the top layer only, the whole lattice's
    facts/*.facts parquet/        a later layer's rows added (tab-separated integers; as Parquet);
                                  layer 0's Parquet is derived into latweave's cache when DuckDB or
                                  Spark asks (compile/parquet_cache.py), never into the folder
    legitimacy.json               the legitimacy report of the lattice through this layer
    kb.json                       a KB reader's state (what the next KB layer resolves against)
    layers/000001/ ...            each later layer: the same files for what it changes, its
                                  layer.json, retracted/ and retracted-parquet/ for rows it removes

and, of the whole lattice: sources.json, sources/ (the sources as given, kept: a KB file's text is
kept there only, documents.jsonl naming it, folder/documents.py) and history.jsonl.

A corpus folder (a source, `ingest/corpus.py`) has names of its own, listed last here: the same
`dimensions.jsonl` spelling means a different file there, so the two sets are kept apart.
"""

from __future__ import annotations

# -- the lattice folder ------------------------------------------------------------------------
MANIFEST = "manifest.json"
DIMENSIONS = "dimensions.jsonl"
#: predicates and values are block-compressed line files (folder/blocks.py), named so that no
#: one takes them for text; `python -m latweave.folder.blocks cat FILE` prints their lines.
VALUES = "values.blocks"
SYNONYMS = "synonyms.jsonl"
CLASSES = "classes.jsonl"
INSTANCES = "instances.jsonl"
PREDICATES = "predicates.blocks"
DOCUMENTS = "documents.jsonl"
SYMBOLS = "symbols.jsonl"
#: The dimension files, in the order a lattice's dimensions are read from them.
DIMENSION_FILES = (DIMENSIONS, VALUES, SYNONYMS, CLASSES)

FACTS_DIR = "facts"
DERIVED_DIR = "derived"
#: each (dimension, value)'s coord rows, "d<TAB>v<TAB>n" lines as a block file (folder/blocks.py)
COUNTS_FILE = f"{DERIVED_DIR}/coord_counts.blocks"
WORLDS_FILE = f"{DERIVED_DIR}/worlds.jsonl"
PARQUET_DIR = "parquet"
#: The one file of each Parquet relation folder (of each partition, for a partitioned one).
PART_FILE = "part-0.parquet"
ENGINE_DB = "engine/sqlite.db"
LEGITIMACY_FILE = "legitimacy.json"
KB_STATE = "kb.json"

#: The JSON-lines files read one line at a time (folder/stored.py, folder/layers.py), each with
#: its line index, in every layer that has them.
INDEXED = {INSTANCES: "instances.idx", DOCUMENTS: "documents.idx",
           SYMBOLS: "symbols.idx", SYNONYMS: "synonyms.idx"}
#: The keyed model files whose lines are also addressed by their key's symbol id
#: (folder/symbol_ids.py), in every layer that has them: the file of each.
SYMBOL_IDS = {INSTANCES: "instances.ids", VALUES: "values.ids"}
#: The model files kept as block-compressed lines (folder/blocks.py), read by line like INDEXED's
#: but carrying their own block index; the manifest records each one's lines' sha256 (`lines`).
#: (File names, not paths: derived/coord_counts.blocks is one in each layer's derived/.)
BLOCKED = frozenset({PREDICATES, VALUES, COUNTS_FILE.rsplit("/", 1)[1]})

# -- layers ------------------------------------------------------------------------------------
#: The folder of a lattice that holds its layers beyond the first.
LAYERS_DIR = "layers"
#: A layer's own record: its ranges of ids and the predicates it retracts.
LAYER_FILE = "layer.json"
#: A layer's rows that a relation no longer holds (facts, and as Parquet).
RETRACTED_DIR = "retracted"
RETRACTED_PARQUET_DIR = "retracted-parquet"

# -- of the whole lattice (ingest/sources.py) --------------------------------------------------
SOURCES_FILE = "sources.json"
SOURCES_DIR = "sources"
HISTORY_FILE = "history.jsonl"
#: Files of a lattice folder that are of the whole lattice, not of one layer, so every write
#: writes them anew; the manifest is never listed.
WHOLE_FILES = frozenset({SOURCES_FILE, HISTORY_FILE})
WHOLE_DIRS = (SOURCES_DIR + "/",)
#: Files that are the lattice's past, not its content: listed and verified like every file, but
#: left out of the content hash, so a lattice reached by a sequence of changes has the content
#: hash of the full build that gives the same files.
UNHASHED = frozenset({HISTORY_FILE})

# -- LLM extraction, beside a lattice or in its cache ------------------------------------------
#: The calls an extraction made, recorded (ingest/extract/run.py).
CALLS_FILE = "calls.jsonl"
#: The extraction cache's file (ingest/extract/cache.py).
EXTRACTIONS_FILE = "extractions.jsonl"

# -- a corpus folder (a source: ingest/corpus.py) ----------------------------------------------
CORPUS_DIMENSIONS = "dimensions.jsonl"
CORPUS_HIERARCHY = "hierarchy.tsv"
CORPUS_SYNONYMS = "synonyms.tsv"
CORPUS_FACTS = "facts.jsonl"
CORPUS_EVENTS = "events.jsonl"
CORPUS_ALIASES = "aliases.tsv"
CORPUS_VARIANTS = "variants.tsv"
CORPUS_DOCUMENTS = "documents"
#: Every file a corpus folder may have besides its documents/ (sorted).
CORPUS_FILES = (CORPUS_ALIASES, CORPUS_DIMENSIONS, CORPUS_EVENTS, CORPUS_FACTS, CORPUS_HIERARCHY, CORPUS_SYNONYMS,
                CORPUS_VARIANTS)
