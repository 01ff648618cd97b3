"""Dies triggers on creatures of a kind (issue 13): "a nontoken, non-Angel creature" (every condition of the list
holds, a subtype's "non-" too; CR 205.3, 111.1) and "When a legendary creature an opponent controls dies" ("When" as
"Whenever", CR 603.2, 603.10a).  Cases: tests/cases/next/dies-filters.yaml."""

from __future__ import annotations

import pytest

from helpers import lone_trigger


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever a nontoken, non-Angel creature you control dies, you gain 1 life.",
     {"event": "dies", "filter": {"token": False, "types": ["Creature"], "not_subtypes": ["Angel"]}, "whose": "you"}),
    ("When a legendary creature an opponent controls dies, you gain 3 life.",
     {"event": "dies", "filter": {"supertypes": ["Legendary"], "types": ["Creature"]}, "whose": "opponent"}),
])
def test_dies_filters(text, when):
    assert lone_trigger(text, "Enchantment")["when"] == when
