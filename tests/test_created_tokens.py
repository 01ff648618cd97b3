"""Triggers on creating tokens (issue 13): "Whenever you create a token", "Whenever you create one or more creature
tokens" are tokens entering under the ability's controller's control (CR 111.2), once for the event with "one or
more" (603.2c).  Cases: tests/cases/next/created-tokens.yaml."""

from __future__ import annotations

import pytest

from helpers import lone_trigger


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever you create one or more creature tokens, put a story counter on Fiend.",
     {"event": "permanent_enters", "filter": {"types": ["Creature"], "token": True}, "whose": "you", "batch": True}),
    ("Whenever you create a Treasure token, you gain 1 life.",
     {"event": "permanent_enters", "filter": {"subtypes": ["Treasure"], "token": True}, "whose": "you"}),
    ("Whenever you create an artifact token, you gain 1 life.",
     {"event": "permanent_enters", "filter": {"types": ["Artifact"], "token": True}, "whose": "you"}),
])
def test_creating_tokens_is_tokens_entering_under_your_control(text, when):
    assert lone_trigger(text, "Artifact")["when"] == when


def test_creating_a_copy_is_not_read():
    """A token created as a copy is one more condition on how it was created: left not understood."""
    assert lone_trigger("Whenever you create a token that's a copy of a creature, you gain 1 life.", "Artifact") is None
