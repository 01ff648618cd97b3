"""CR 603.2: a trigger listed at a later step of the turn triggers only if its source is still on the battlefield
under its controller as that step begins.  `turn` follows no trigger's effect, so after an earlier listed trigger
whose effect may make a permanent leave or change control (a sacrifice unless a cost is paid, damage, a life loss
its player may not survive: turn_reads.LEAVES), a later trigger is refused, naming both.  Before, the second upkeep
Paradox Haze gives listed Contamination's and cumulative upkeep's triggers again though, with no creature and no
mana, each is sacrificed in the first."""

from __future__ import annotations

import pytest

import pysolver
from pysolver.errors import QueryError

TURN = {"number": 3, "active": "Alice", "step": "upkeep"}
HAZE = {"id": "haze", "card": "Paradox Haze", "controller": "Alice", "attached_to": {"player": "Alice"}}


def listing(permanents: list[dict], life: int = 20) -> list[tuple[str, list[str]]]:
    board = pysolver.board_from_data({"players": [{"name": "Alice", "life": life}, "Bob"], "turn": TURN,
                                      "battlefield": [HAZE, *permanents]})
    return [(step.step, sorted(t.key for t in step.triggers)) for step in pysolver.turn(board)][:2]


def test_a_self_sacrifice_in_the_first_upkeep_refuses_the_second():
    with pytest.raises(QueryError) as refused:
        listing([{"id": "contamination", "card": "Contamination", "controller": "Alice"}])
    assert str(refused.value) == (
        "<board>: contamination's \"sacrifice Contamination unless you sacrifice a creature\" triggers as turn 3's "
        "upkeep step begins if contamination is still on the battlefield under Alice's control (CR 603.2), after "
        "contamination's \"sacrifice Contamination unless you sacrifice a creature\" triggers in its upkeep step, "
        "whose effect may make a permanent leave or change control and isn't followed (the listing resolves no "
        "ability); list it from a board after it (pysolver next)")


def test_cumulative_upkeep_refuses_the_second_upkeep():
    """CR 702.24a: its cost unpaid, it is sacrificed; the listing doesn't follow the payment."""
    with pytest.raises(QueryError) as refused:
        listing([{"id": "forces", "card": "Illusionary Forces", "controller": "Alice", "counters": {"age": 1}}])
    upkeep = ("\"cumulative upkeep: put an age counter on it, then sacrifice it unless you pay its upkeep cost for each "
              "age counter (CR 702.24a)\"")
    assert str(refused.value) == (
        f"<board>: forces's {upkeep} triggers as turn 3's upkeep step begins if forces is still on the battlefield "
        f"under Alice's control (CR 603.2), after forces's {upkeep} triggers in its upkeep step, whose effect may "
        "make a permanent leave or change control and isn't followed (the listing resolves no ability); list it from "
        "a board after it (pysolver next)")


@pytest.mark.parametrize(("life", "answered"), [(20, True), (2, True), (1, False)])
def test_a_life_loss_refuses_only_where_its_player_may_not_survive_it(life, answered):
    """Phyrexian Arena's 'you lose 1 life': at 1 life Alice may lose the game (CR 704.5a) and her permanents leave
    (800.4a); at 2 or more she can't by it."""
    arena = [{"id": "arena", "card": "Phyrexian Arena", "controller": "Alice"}]
    if answered:
        assert listing(arena, life) == [("upkeep", ["arena:1", "haze:1"]), ("upkeep", ["arena:1"])]
    else:
        with pytest.raises(QueryError, match=r"after arena's \"you draw a card and you lose 1 life\" triggers"):
            listing(arena, life)


def test_a_sacrifice_of_its_own_source_refuses_only_that_source_s_later_triggers():
    """Stasis's 'sacrifice Stasis unless you pay {U}' may remove Stasis alone: its own later trigger is refused, a later
    trigger of another permanent is not (Griffin Aerie's end step, tests/test_turn_reads.py)."""
    with pytest.raises(QueryError, match=r"^<board>: stasis's \"sacrifice Stasis unless you pay \{U\}\" triggers as "
                                         r"turn 3's upkeep step begins if stasis is still on the battlefield"):
        listing([{"id": "stasis", "card": "Stasis", "controller": "Alice"}])
    from pysolver.query import turn_reads
    assert turn_reads.leaves_only_itself("sacrifice Stasis unless you pay {U}", "Stasis")
    assert not turn_reads.leaves_only_itself("sacrifice Contamination unless you sacrifice a creature", "Contamination")


@pytest.mark.parametrize(("text", "leaves"), [
    ("you draw a card and you lose 1 life", False), ("you lose life equal to the number of cards in your hand", True),
    ("each player loses half their life, rounded up", True), ("you may pay 3 life", True), ("you may pay 2 life", False),
    ("you lose 3 life", True)])
def test_a_life_loss_without_a_number_or_a_life_payment_may_end_a_game(text, leaves):
    """At 3 life: 'lose 1 life' can't make the player lose; 'lose life equal to ...' (no number: it was missed),
    'loses half their life' or paying 3 life at 3 may (CR 119.4, 704.5a)."""
    from pysolver.query import turn_reads
    assert (turn_reads.LEAVES in turn_reads.changes(text, "Test Card", 3)) == leaves
