"""A scripted extraction "model" for corpora/bios: answers by reading the window in the request.

`FACTS` is what a careful model would extract from the demo biographies, with the relation names
deliberately varied ("born in", "alma mater", "was educated at", "education" …) so the variant
map has work to do; `expect` is the dimension each must land on. `answer_for(window_text)`
returns the facts whose evidence lies in that window — content-driven, so the answers do not
depend on the order in which a thread pool sends the requests.
"""

from __future__ import annotations

import json
import re

from latweave.ingest.extract.prompt import window_text
from latweave.llm import LLMConfig
from latweave.paths import RULES
from tests.support.openai_server import ScriptedServer


def F(subject, dimension, value, evidence, expect, **qualifiers):
    return {"subject": subject, "dimension": dimension, "value": value, "evidence": evidence,
            "expect": expect, "qualifiers": qualifiers or None}


FACTS = [
    # ilse-marrow
    F("Ilse Marrow", "occupation", "glaciologist",
      "Ilse Marrow was a Norwegian glaciologist who spent most of her working life measuring the retreat of Arctic ice.",
      "occupation"),
    F("Ilse Marrow", "date_of_birth", "14 March 1921", "Ilse Marrow was born on 14 March 1921 in Tromsø.", "date_of_birth"),
    F("Ilse Marrow", "born in", "Tromsø", "Ilse Marrow was born on 14 March 1921 in Tromsø.", "place_of_birth"),
    F("Ilse Marrow", "educated at", "University of Oslo",
      "She studied physics at the University of Oslo, where she wrote a thesis on the thermal structure of sea ice.",
      "educated_at"),
    F("Ilse Marrow", "employer", "Norwegian Polar Institute",
      "She worked for the Norwegian Polar Institute from 1948 to 1979, leading eleven summer expeditions to Svalbard.",
      "employer", start="1948", end="1979"),
    F("Ilse Marrow", "award", "Halvorsen Medal",
      "In 1972 she received the Halvorsen Medal for her survey of the Svalbard ice caps.", "award_received"),
    F("Ilse Marrow", "date_of_death", "2004-08-02", "Ilse Marrow died on 2 August 2004 in Bergen.", "date_of_death"),
    F("Ilse Marrow", "died in", "Bergen", "Ilse Marrow died on 2 August 2004 in Bergen.", "place_of_death"),
    # tomasz-wierzbicki
    F("Tomasz Wierzbicki", "occupation", "composer", "Tomasz Wierzbicki was a Polish composer and organist.", "occupation"),
    F("Tomasz Wierzbicki", "profession", "organist", "Tomasz Wierzbicki was a Polish composer and organist.", "occupation"),
    F("Tomasz Wierzbicki", "place_of_birth", "Kraków",
      "Wierzbicki was born in Kraków on 1 May 1935, the son of a piano tuner.", "place_of_birth"),
    F("Tomasz Wierzbicki", "birth date", "1 May 1935",
      "Wierzbicki was born in Kraków on 1 May 1935, the son of a piano tuner.", "date_of_birth"),
    F("Tomasz Wierzbicki", "attended", "Wawel Conservatory",
      "He attended the Wawel Conservatory, where he studied composition and the organ.", "educated_at"),
    F("Tomasz Wierzbicki", "won", "Karol Prize",
      'His choral cycle "Songs of the Vistula" won the Karol Prize in 1968.', "award_received"),
    F("Tomasz Wierzbicki", "date_of_death", "2011", "Tomasz Wierzbicki died in Kraków in 2011.", "date_of_death"),
    F("Tomasz Wierzbicki", "place_of_death", "Kraków", "Tomasz Wierzbicki died in Kraków in 2011.", "place_of_death"),
    # adaeze-okafor
    F("Adaeze Okafor", "occupation", "structural engineer",
      "Adaeze Okafor is a Nigerian structural engineer known for her work on low-cost earthquake-resistant housing.",
      "occupation"),
    F("Adaeze Okafor", "date_of_birth", "9 September 1962", "Adaeze Okafor was born on 9 September 1962 in Enugu.",
      "date_of_birth"),
    F("Adaeze Okafor", "place_of_birth", "Enugu", "Adaeze Okafor was born on 9 September 1962 in Enugu.",
      "place_of_birth"),
    F("Adaeze Okafor", "graduated from", "University of Lagos",
      "She graduated from the University of Lagos with a degree in civil engineering, and later earned a doctorate "
      "at Imperial College London.", "educated_at"),
    F("Adaeze Okafor", "education", "Imperial College London",
      "She graduated from the University of Lagos with a degree in civil engineering, and later earned a doctorate "
      "at Imperial College London.", "educated_at"),
    F("Adaeze Okafor", "worked for", "Arup", "She has worked for Arup since 1994, first in London and then in Lagos.",
      "employer", start="1994"),
    F("Adaeze Okafor", "award_received", "Harmon Medal",
      "In 2015 she was awarded the Harmon Medal for engineering in the public interest.", "award_received"),
    # rosalind-achterberg
    F("Rosalind Achterberg", "occupation", "botanist",
      "Rosalind Achterberg was a Dutch botanist who specialised in the mosses of peat bogs.", "occupation"),
    F("Rosalind Achterberg", "Place_Of_Birth", "Leiden", "Rosalind Achterberg was born in Leiden in 1899.",
      "place_of_birth"),
    F("Rosalind Achterberg", "date_of_birth", "1899", "Rosalind Achterberg was born in Leiden in 1899.",
      "date_of_birth"),
    F("Rosalind Achterberg", "alma mater", "Leiden University",
      "Her alma mater was Leiden University, where she later kept the moss collection of the Hortus botanicus.",
      "educated_at"),
    F("Rosalind Achterberg", "employer", "Rijksherbarium",
      "She worked as a botanist at the Rijksherbarium from 1925 until 1964.", "employer", start="1925", end="1964"),
    F("Rosalind Achterberg", "award_received", "Clusius Prize",
      "Her three-volume flora of Dutch bog mosses, completed in 1958, earned her the Clusius Prize.", "award_received"),
    F("Rosalind Achterberg", "date_of_death", "30 January 1987", "Achterberg died on 30 January 1987 in Haarlem.",
      "date_of_death"),
    F("Rosalind Achterberg", "place_of_death", "Haarlem", "Achterberg died on 30 January 1987 in Haarlem.",
      "place_of_death"),
    # mateo-quispe
    F("Mateo Quispe", "occupation", "photographer", "Mateo Quispe is a Peruvian photographer.", "occupation"),
    F("Mateo Quispe", "date_of_birth", "21 June 1950", "Mateo Quispe was born on 21 June 1950 in Cusco.",
      "date_of_birth"),
    F("Mateo Quispe", "birthplace", "Cusco", "Mateo Quispe was born on 21 June 1950 in Cusco.", "place_of_birth"),
    F("Mateo Quispe", "employed by", "El Comercio",
      "He worked as a photojournalist for the newspaper El Comercio from 1978 to 1992.", "employer",
      start="1978", end="1992"),
    F("Mateo Quispe", "occupation", "photojournalist",
      "He worked as a photojournalist for the newspaper El Comercio from 1978 to 1992.", "occupation"),
    F("Mateo Quispe", "award_received", "Andean Photography Award",
      'His book "Threads of the Valley" received the Andean Photography Award in 2003.', "award_received"),
    # hana-sato
    F("Hana Sato", "occupation", "mathematician",
      "Hana Sato is a Japanese mathematician who works on the geometry of knots.", "occupation"),
    F("Hana Sato", "place_of_birth", "Sendai", "Hana Sato was born in Sendai on 3 November 1978.", "place_of_birth"),
    F("Hana Sato", "date_of_birth", "3 November 1978", "Hana Sato was born in Sendai on 3 November 1978.",
      "date_of_birth"),
    F("Hana Sato", "was educated at", "Tohoku University",
      "She was educated at Tohoku University and completed her doctorate at the University of Tokyo.",
      "educated_at"),
    F("Hana Sato", "Educated_At", "University of Tokyo",
      "She was educated at Tohoku University and completed her doctorate at the University of Tokyo.",
      "educated_at"),
    F("Hana Sato", "employer", "Kyoto Institute for Mathematical Sciences",
      "Since 2012 she has worked for the Kyoto Institute for Mathematical Sciences.", "employer", start="2012"),
    F("Hana Sato", "award_received", "Seki Prize",
      "In 2019 Hana Sato received the Seki Prize for her work on invariants of alternating knots.",
      "award_received"),
    # edmund-varley (two windows; the Vecht Medal sentence lies in their overlap)
    F("Edmund Varley", "occupation", "civil engineer",
      "Edmund Varley was an Anglo-Dutch civil engineer and amateur naturalist", "occupation"),
    F("Edmund Varley", "date_of_birth", "6 April 1884", "Edmund Varley was born on 6 April 1884 in Leiden.",
      "date_of_birth"),
    F("Edmund Varley", "place_of_birth", "Leiden", "Edmund Varley was born on 6 April 1884 in Leiden.",
      "place_of_birth"),
    F("Edmund Varley", "studied at", "Delft Polytechnic School",
      "Varley studied civil engineering at the Delft Polytechnic School, which he entered in 1902.", "educated_at"),
    F("Edmund Varley", "educated_at", "University of Glasgow",
      "A year of further study at the University of Glasgow followed", "educated_at"),
    F("Edmund Varley", "employer", "Dutch State Railways",
      "He worked for the Dutch State Railways from 1908 to 1921, rising to deputy head of the bridge office.",
      "employer", start="1908", end="1921"),
    F("Edmund Varley", "award_received", "Vecht Medal",
      "In 1936 he received the Vecht Medal of the Royal Institute of Engineers for his footbridges.",
      "award_received"),
    F("Edmund Varley", "date_of_death", "19 November 1958", "Edmund Varley died on 19 November 1958 in Utrecht.",
      "date_of_death"),
    F("Edmund Varley", "place_of_death", "Utrecht", "Edmund Varley died on 19 November 1958 in Utrecht.",
      "place_of_death"),
]

_SPACE = re.compile(r"\s+")


def _norm(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def predicate(fact: dict) -> dict:
    """A fact as the model sends it (the test-only `expect` left out)."""
    out = {k: v for k, v in fact.items() if k != "expect"}
    out.setdefault("confidence", 0.9)
    return out


def facts_in(text: str, facts=FACTS) -> list[dict]:
    """The facts whose evidence lies inside `text` (whitespace-normalised)."""
    window = _norm(text)
    return [f for f in facts if _norm(f["evidence"]) in window]


def answer_for(text: str, facts=FACTS) -> str:
    return json.dumps({"predicates": [predicate(f) for f in facts_in(text, facts)]}, ensure_ascii=False)


def bios_script(body: dict, n: int) -> str:
    """A ScriptedServer callable: the bios facts of the window in this request."""
    return answer_for(window_text(body["messages"]))


def bios_config(server: ScriptedServer, **overrides) -> LLMConfig:
    from latweave.ingest.extract.corpus import read_text_corpus
    from latweave.ingest.extract.prompt import overhead_chars

    context = overhead_chars(read_text_corpus(BIOS).dimensions) + 2 * BIOS_WINDOW
    return llm_config(server, context_chars=context, **overrides)


def llm_config(server: ScriptedServer, **overrides) -> LLMConfig:
    return LLMConfig(**{"model": "scripted", "base_url": server.base_url, "backoff_s": 0.01, "timeout_s": 2,
                        "max_retries": 2, **overrides})


BIOS = RULES.parent / "corpora" / "bios"


#: The window the bios tests were laid out for (characters of document per window): the context is
#: set from the prompt's own size, so a longer prompt does not move the cuts the tests rely on
#: (the Vecht Medal sentence inside the overlap of Edmund Varley's two windows).
BIOS_WINDOW = 4433
