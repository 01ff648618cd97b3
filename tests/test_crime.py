""""Whenever you commit a crime" (CR 700.13, 603.2; issue 13): a trigger on its controller's (an opponent's, a
player's) crime, which `pysolver next` judges on the targets of the spell cast, the ability activated or the
triggered ability put on the stack (asp/player_events.lp; the cases: tests/cases/next/crime.yaml)."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card

REMINDER = "(Targeting opponents, anything they control, and/or cards in their graveyards is a crime.)"


def why(player: str) -> str:
    return (f"a triggered ability when {player} commits a crime: casts a spell, activates an ability or puts a "
            "triggered ability on the stack that targets an opponent, what an opponent controls or a card in an "
            "opponent's graveyard (CR 700.13, 603.2)")


@pytest.mark.parametrize(("text", "triggered", "player"), [
    (f"Whenever you commit a crime, untap this creature. This ability triggers only once each turn. {REMINDER}",
     {"when": {"event": "crime", "whose": "you", "once_each_turn": True}, "text": "untap Bandit"}, "its controller"),
    ("Whenever you commit a crime, you gain 2 life.",
     {"when": {"event": "crime", "whose": "you"}, "do": [{"gain_life": 2}], "text": "you gain 2 life"},
     "its controller"),
    ("Whenever an opponent commits a crime, you draw a card.",
     {"when": {"event": "crime", "whose": "opponent"}, "do": [{"draw": 1}], "text": "you draw a card"},
     "an opponent"),
    ("Whenever a player commits a crime, put a +1/+1 counter on this creature.",
     {"when": {"event": "crime", "whose": "any"}, "do": [{"counter_on_self": "+1/+1"}],
      "text": "put a +1/+1 counter on Bandit"}, "a player"),
    # an effect on the player who committed it keeps only its text (next refuses to resolve it)
    ("Whenever an opponent commits a crime, that player loses 1 life.",
     {"when": {"event": "crime", "whose": "opponent"}, "text": "that player loses 1 life"}, "an opponent"),
])
def test_a_crime_trigger_compiles(text, triggered, player):
    result = compile_card("Bandit", "{T}: Add one mana of any color.\n" + text, "Creature — Plant Rogue",
                          power="1", toughness="1")
    assert (result.status, result.card["abilities"][1]) == ("ok", {"triggered": triggered})
    assert ("compiled", why(player)) in [(s["class"], s["why"]) for s in result.sentences[1:]]


@pytest.mark.parametrize("text", [
    "Whenever you commit a crime, if it's your turn, you gain 2 life.",  # an intervening "if" (CR 603.4)
    "Whenever you commit your first crime each turn, you gain 2 life.",  # no form
])
def test_other_crime_sentences_stay_not_understood(text):
    result = compile_card("Bandit", "{T}: Add one mana of any color.\n" + text, "Creature — Plant Rogue",
                          power="1", toughness="1")
    assert (result.status, result.ignored) == ("partial", [text])
