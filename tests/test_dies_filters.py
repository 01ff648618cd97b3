"""Dies triggers on creatures of a kind (issue 13): "a nontoken, non-Angel creature" (every condition of the list
holds, a subtype's "non-" too; CR 205.3, 111.1), "When a legendary creature an opponent controls dies" ("When" as
"Whenever", CR 603.2, 603.10a) and "an attacking creature" (CR 508.1k).  Cases: tests/cases/next/dies-filters.yaml."""

from __future__ import annotations

import pytest

from helpers import lone_trigger


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever a nontoken, non-Angel creature you control dies, you gain 1 life.",
     {"event": "dies", "filter": {"token": False, "types": ["Creature"], "not_subtypes": ["Angel"]}, "whose": "you"}),
    ("When a legendary creature an opponent controls dies, you gain 3 life.",
     {"event": "dies", "filter": {"supertypes": ["Legendary"], "types": ["Creature"]}, "whose": "opponent"}),
    # CR 508.1k: "attacking" (none on a board, asp/filter_conditions.lp), alone, batched (603.2c), of subtypes
    ("Whenever an attacking creature dies, each opponent loses 1 life and you gain 1 life.",
     {"event": "dies", "filter": {"types": ["Creature"], "attacking": True}, "whose": "any"}),
    ("Whenever one or more attacking creatures you control die, you may return one of them to the battlefield.",
     {"event": "dies", "filter": {"types": ["Creature"], "attacking": True}, "whose": "you", "batch": True}),
    ("Whenever an attacking Kithkin or Elf is put into your graveyard from the battlefield, you may draw a card.",
     {"event": "put_into_graveyard", "filter": {"any_of": [{"subtypes": ["Kithkin"]}, {"subtypes": ["Elf"]}],
                                                 "attacking": True}, "whose": "any", "graveyard": "you"}),
])
def test_dies_filters(text, when):
    assert lone_trigger(text, "Enchantment")["when"] == when
