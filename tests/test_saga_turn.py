"""`turn` after a Saga's final chapter (CR 714.4): its lore counters reach its final chapter number as the precombat
main phase begins (714.3b), and it is sacrificed once its chapter abilities have left the stack, before the next step
begins (500.2).  The listing resolves no ability: what a later step may depend on of it (its own trigger, an
intervening "if" that counts the permanents) is refused, naming it; the turns after it too.  The chapters' lore
counters are the board's count plus one: a trigger listed earlier whose effect may change counters refuses them.
The cards are made from Oracle-like text by the compiler itself."""

from __future__ import annotations

import pytest

import pysolver
from helpers import write_inputs
from pysolver.cards.oracle import compile_card
from pysolver.api import turns as turns_listed
from pysolver.errors import QueryError

CARDS = [("Dusk Tale", "I — You gain 1 life.\nII — You gain 2 life.\nAt the beginning of your end step, you gain 1 "
                       "life.", "Enchantment — Saga"),
         ("Lonely Ward", "At the beginning of your end step, if you control no enchantments, you gain 1 life.",
          "Artifact"),
         ("Lonely Relic", "At the beginning of your end step, if you control no artifacts, you gain 1 life.",
          "Enchantment"),
         ("Spreader", "At the beginning of your upkeep, proliferate.", "Artifact"),
         ("Plain Tale", "I — You gain 1 life.\nII — You gain 2 life.", "Enchantment — Saga")]


def listed(tmp_path, permanents: list[dict], turns: int = 1) -> list[list[tuple[str, list[str]]]]:
    made = [compile_card(name, text, type_line).card for name, text, type_line in CARDS]
    # a chapter whose whole effect the listing follows (it adds a step, CR 500.8: hand-written, as no form makes one)
    step_tale = compile_card("Step Tale", "I — You gain 1 life.\nII — You gain 2 life.", "Enchantment — Saga").card
    step_tale["abilities"][0]["triggered"].update(do=[{"additional_steps": ["end"]}],
                                                  text="there is an additional end step after this step")
    made.append(step_tale)
    _, card_file = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": made})
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "library": ["Island"] * 3}, {"name": "Bob", "library": ["Island"] * 3}],
        "turn": {"number": 3, "active": "Alice", "step": "upkeep"},
        "battlefield": [{"controller": "Alice", **p} for p in permanents]}, [card_file])
    return [[(s.step, sorted(t.key for t in s.triggers)) for s in t.steps if s.triggers or s.lore_counters]
            for t in turns_listed(board, turns)]


def test_a_saga_before_its_final_chapter_keeps_its_end_step_trigger(tmp_path):
    """With no lore counter it gets its first as Alice's precombat main phase begins: chapter I triggers, and its
    end-step trigger is listed (it stays: 714.4 doesn't apply)."""
    assert listed(tmp_path, [{"id": "tale", "card": "Dusk Tale"}]) == [
        [("precombat_main", ["tale:1"]), ("end", ["tale:3"])]]


def test_a_saga_s_final_chapter_refuses_its_end_step_trigger(tmp_path):
    """With one lore counter it gets its second: chapter II, its final chapter, triggers, and once it has left the
    stack the Saga is sacrificed (CR 714.4): its end-step trigger was listed (a silent wrong answer: fails before)."""
    with pytest.raises(QueryError) as refused:
        listed(tmp_path, [{"id": "tale", "card": "Dusk Tale", "counters": {"lore": 1}}])
    assert str(refused.value) == (
        "<board>: tale's \"you gain 1 life\" triggers as turn 3's end step begins if tale is still on the "
        "battlefield (CR 603.2), after tale's lore counters reach its final chapter number as its precombat_main "
        "step begins, and it is sacrificed once its chapter abilities have left the stack (CR 714.4, 714.2d), which "
        "the listing doesn't follow; list it from a board after it (pysolver next)")


def test_a_saga_s_sacrifice_changes_what_a_later_condition_counts(tmp_path):
    """"if you control no enchantments" fails on the board (the Saga is one) and may hold once it is sacrificed
    (CR 603.4): refused (the ward's trigger was left out: fails before); "if you control no artifacts" counts no
    Saga: the relic's trigger is listed."""
    with pytest.raises(QueryError) as refused:
        listed(tmp_path, [{"id": "tale", "card": "Plain Tale", "counters": {"lore": 1}},
                          {"id": "ward", "card": "Lonely Ward"}])
    assert str(refused.value) == (
        "<board>: ward's \"you gain 1 life\" has an intervening \"if\" judged as turn 3's end step begins (CR 603.4), "
        "after tale's lore counters reach its final chapter number as its precombat_main step begins, and it is "
        "sacrificed once its chapter abilities have left the stack (CR 714.4, 714.2d), which may change what the "
        "condition reads (the permanents on the battlefield) and isn't followed; list it from a board after it "
        "(pysolver next)")
    assert listed(tmp_path, [{"id": "tale", "card": "Plain Tale", "counters": {"lore": 1}},
                             {"id": "relic", "card": "Lonely Relic"}]) == [
        [("precombat_main", ["tale:2"]), ("end", ["relic:1"])]]


def test_a_final_chapter_refuses_the_turns_after(tmp_path):
    """CR 714.4: the turns after a Saga's sacrifice may depend on it; `--turns` refuses them, as it refuses them after
    its chapter's life gain, which it doesn't follow (CR 603.2b; it listed them with the Saga there getting lore
    counters where the chapter's effect was taken as followed, and refused the next turn's board for the state-based
    action it left pending: fails before)."""
    with pytest.raises(QueryError, match=r"tale's \"you gain 2 life\" triggers in turn 3's precombat_main step"):
        listed(tmp_path, [{"id": "tale", "card": "Plain Tale", "counters": {"lore": 1}}], turns=2)


def test_a_chapter_that_adds_a_step_is_refused(tmp_path):
    """CR 500.8: the listing lays out the steps a step trigger adds (asp/turn.lp), not those of a chapter (714.2b):
    a chapter that adds one refuses the steps after it (they were listed without it, its effect taken as followed:
    fails before)."""
    with pytest.raises(QueryError) as refused:
        listed(tmp_path, [{"id": "tale", "card": "Step Tale"}])
    assert str(refused.value) == (
        "<board>: tale's \"there is an additional end step after this step\" triggers in turn 3's precombat_main "
        "step and adds steps or phases (CR 500.8), which the listing lays out only for an ability that triggers as a "
        "step begins; list the steps after it from a board after it (pysolver next)")


def test_counters_changed_before_the_lore_counter_refuse_the_chapter(tmp_path):
    """"proliferate" in Alice's upkeep may add a lore counter to the Saga before her precombat main phase (CR
    701.34a): which chapter then triggers isn't the board's count plus one; refused (chapter I was listed: fails
    before)."""
    with pytest.raises(QueryError) as refused:
        listed(tmp_path, [{"id": "tale", "card": "Dusk Tale"}, {"id": "spreader", "card": "Spreader"}])
    assert str(refused.value) == (
        "<board>: tale's \"you gain 1 life\" triggers as lore counters are put on tale as turn 3's precombat_main "
        "step begins (CR 714.3b, 603.2), after spreader's \"proliferate\" triggers in its upkeep step, whose effect "
        "may change counters and isn't followed (the listing resolves no ability); list it from a board after it "
        "(pysolver next)")


def test_cumulative_upkeep_s_counters_are_its_own(tmp_path):
    """CR 702.24a: cumulative upkeep puts an age counter on its own permanent: the Saga's chapter is listed (it was
    refused as after an effect that may change counters)."""
    assert listed(tmp_path, [{"id": "tale", "card": "Plain Tale"},
                             {"id": "forces", "card": "Illusionary Forces", "counters": {"age": 1}}]) == [
        [("upkeep", ["forces:cumulative_upkeep"]), ("precombat_main", ["tale:1"])]]
