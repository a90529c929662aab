"""Datalog programs the engine tests share: the transitive closure of `edge` (PATH, alone; CLOSURE,
with the labels it reaches), and `program`, which assembles a program from Datalog text."""

from __future__ import annotations

from latweave.datalog.ir import Program
from latweave.datalog.parser import assemble, parse_program


#: The transitive closure of `edge` as `path`, nothing else.
PATH = """
.decl edge(a:number, b:number)
.input edge
.decl path(a:number, b:number)
.output path
path(a, b) :- edge(a, b).
path(a, c) :- path(a, b), edge(b, c).
"""

CLOSURE = """
.decl edge(a:number, b:number)
.input edge
.decl label(a:number, s:symbol)
.input label
.decl start(a:number)
.input start
.decl path(a:number, b:number)
.decl seen(a:number, s:symbol)
.output seen
path(a, b) :- edge(a, b).
path(a, c) :- path(a, b), edge(b, c).
seen(b, s) :- start(a), path(a, b), label(b, s).
"""


def program(text: str) -> Program:
    return assemble(parse_program(text, file="<test>"))
