"""Sources → lattice: read a corpus folder, a KB file or (with an LLM) text documents into a
Lattice, and write it as a lattice folder.

    corpus.py    a corpus folder (dimensions.jsonl, facts.jsonl, documents/) → a Lattice
    kb.py        PathQuestion, MetaQA and 2WikiMultihopQA triples → a Lattice
    extract/     text documents → an LLM → checked, evidenced predicates → a Lattice
    build.py     the legitimacy gate and the atomic save every source ends in
    sources.py   what a lattice keeps of its sources (sources.json, stored copies, history.jsonl)
    living.py    `build SOURCE...`, `add`, `remove`, `history`: the lattice of a source set, changed in place
    summary.py   what a build did (renders itself, serialises to JSON)
    progress.py  progress bars for the command line
"""
