"""A mana ability whose delayed trigger copies a spell (issue 13): "You may choose new targets for the copy" is the
copy's choice (CR 707.10c), not a target of the ability (115.1b), so the ability is a mana ability (605.1a) and its
delayed trigger (603.7) a text rider; a real target beside a delayed trigger stays unsupported (the ruling cases:
tests/cases/oracle/mana-delayed-copy.yaml)."""

from __future__ import annotations

from pysolver.cards.oracle import compile_card

STIMULUS = ("Psychic Stimulus — {T}: Add {C}{C}. When you next cast a spell with {X} in its mana cost or activate an "
            "ability with {X} in its activation cost this turn, copy that spell or ability. You may choose new targets "
            "for the copy. (A copy of a permanent spell becomes a token.)")


def test_new_targets_for_a_copy_leave_the_mana_ability_untargeted():
    result = compile_card("Magus", STIMULUS, "Legendary Creature — Human Wizard", power="1", toughness="1")
    assert (result.status, result.card["abilities"]) == ("ok", [{"mana": {
        "cost": ["{T}"], "add": {"mana": "{C}{C}"},
        "riders": [{"text": "When you next cast a spell with {X} in its mana cost or activate an ability with {X} in "
                            "its activation cost this turn, copy that spell or ability."},
                   {"text": "You may choose new targets for the copy."}]}}])
    assert [(s["class"], s["why"]) for s in result.sentences] == [
        ("irrelevant", "reminder text (CR 207.2a)"), ("compiled", "mana"), ("compiled", "mana"), ("compiled", "mana")]


def test_a_target_beside_a_delayed_trigger_stays_unsupported():
    text = "{T}: Add {R}. When you next cast a spell this turn, ~ deals 1 damage to target creature."
    result = compile_card("Magus", text, "Creature — Human Wizard", power="1", toughness="1")
    assert result.status == "unsupported"
    assert result.problems == [f"line 1: can't compile the mana ability '{text}': a target beside a delayed trigger "
                               "(CR 603.7, 605.1a)"]
