"""Sources → lattice: readers turn a corpus folder, a KB file or (with an LLM) text documents into
a Lattice (or a stream of instances); one writer writes it as a lattice folder. Bottom up — a
module imports only those above it in this list:

    corpus.py        a corpus folder (dimensions.jsonl, facts.jsonl, documents/) → a Lattice
    kb_formats.py    the KB formats, spelled once: names, help, their ontologies' functional relations
    kb_lines.py      one line of a generic KB file (TSV, CSV, N-Triples) → its fields
    kb_detect.py     which of those a KB file is, read from its first lines, and why
    kb.py            generic, PathQuestion, MetaQA and 2WikiMultihopQA triples → a Lattice
    extract/         text documents → an LLM → checked, evidenced predicates → a Lattice
    progress.py      progress bars for the command line
    sources.py       what a lattice keeps of its sources (sources.json, stored copies, history.jsonl)
    reader_state.py  what a reader keeps beside each layer (a KB's)
    layered.py       a lattice of several sources as layers: what each source changes
    gate.py          the legitimacy gate and its stored report
    stream.py        a stream of instances encoded into a lattice folder's files
    write.py         the one writer: every build and change ends in its atomic write
    kb_layer.py      one more KB file as a layer, from look-ups into the folder (no model built)
    spark_kb.py      a KB read with Spark, written through the streamed writer
    summary.py       what a build did (renders itself, serialises to JSON)
    living.py        `build SOURCE...`, `add`, `remove`, `history`: the lattice of a source set, changed in place
    builds.py        a lattice of one source in one call: build_corpus, build_kb, extract_corpus

Readers never write; nothing but write.py calls the folder's atomic write.
"""
