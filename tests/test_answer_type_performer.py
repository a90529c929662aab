"""A plan through `performer` answers only a question that says a performer (the rules extractor
reads a song's performer, "is a song by English musician John Lennon"; a question about a
collaborator or a songwriter is not answered by it)."""

from __future__ import annotations

import pytest

from latweave.planner.answer_type import misfit

_PLAN = 'let h1 = meet(subject = "Well Well Well") -> performer\nmeet(subject = $h1) -> place_of_birth'


def test_a_performer_hop_passes_where_the_question_says_performer():
    assert misfit("What is the place of birth of the performer of song Well Well Well?", _PLAN) is None


@pytest.mark.parametrize("question", [
    'Who collaborated with Rihanna on the album release "Numb"?',
    "A Pair of Brown Eyes is based from what artists song?",
])
def test_a_performer_hop_is_refused_where_the_question_does_not_say_it(question):
    assert "'performer', which the question does not say" in misfit(question, 'meet(subject = "Numb") -> performer')
