"""A triggered ability's event "of the chosen type" (issue 13; CR 607.1, 603.2): "Whenever you cast a spell of the
chosen type", "Whenever a permanent you control of the chosen type enters", "Whenever a creature of the chosen type
dies": the filter's `chosen`, judged against the choice made as the ability's source entered (asp/actions.lp for a
spell's card, asp/filter_conditions.lp's other_self/3 for a permanent).  Cases:
tests/cases/next/chosen-type-triggers.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card

from helpers import refused_ability

CASES = Path(__file__).parent / "cases" / "next"
CHOICE = "As ~ enters, choose a creature type.\n"


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever you cast a spell of the chosen type, you gain 1 life.",
     {"event": "cast", "filter": {"chosen": "creature_type"}, "whose": "you"}),
    ("Whenever an opponent casts a creature spell of the chosen type, you gain 1 life.",
     {"event": "cast", "filter": {"types": ["Creature"], "chosen": "creature_type"}, "whose": "opponent"}),
    ("Whenever a permanent you control of the chosen type enters, you gain 1 life.",
     {"event": "permanent_enters", "filter": {"chosen": "creature_type"}, "whose": "you"}),
    ("Whenever a creature of the chosen type dies, you gain 1 life.",
     {"event": "dies", "filter": {"types": ["Creature"], "chosen": "creature_type"}, "whose": "any"}),
])
def test_an_event_of_the_chosen_type(text, when):
    result = compile_card("Watcher", CHOICE + text, "Artifact")
    assert result.status == "ok", result.ignored
    [ability] = [a["triggered"] for a in result.card["abilities"] if "triggered" in a]
    assert ability["when"] == when
    assert ability["do"] == [{"gain_life": 1}]


def test_chosen_is_refused_where_no_trigger_rule_judges_it(tmp_path):
    """An activation trigger's filter (asp/player_events.lp) doesn't read the choice: the card is refused."""
    message = refused_ability(tmp_path, "{triggered: {when: {event: activate, whose: you, filter: "
                                        "{chosen: creature_type}}, text: you gain 1 life}}")
    assert message == ("6:5: cards[0].abilities[0]: triggered.when: a filter's chosen is judged "
                                "only for the events cast, permanent_enters, sacrifice, dies, put_into_graveyard, "
                                "leaves, returned_to_hand, put_into_exile")
