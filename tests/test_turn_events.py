"""pysolver turn and the events of turn-based actions (CR 603.2): the untap step's untapping (502.3),
the draw step's draw (504.1) and the cleanup step's discard (514.1) are events abilities trigger on
("Whenever this creature becomes untapped", "Whenever you draw a card", "Whenever an opponent
discards a card"). The turn lists what triggers as each step begins, and
doesn't follow those events: it refuses where one may trigger such an ability, naming it, rather
than list the step with nothing (it once did: Psychosis Crawler's draw step showed no trigger)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver import api
from pysolver.errors import QueryError

CARDS = [Path(__file__).parent / "fixtures" / "cards" / "turn-events.yaml"]


def board(step: str, *permanents: tuple[str, str, str], hand: int = 0, tapped: bool = False,
          bobs: int = 0) -> object:
    return api.board_from_data({
        "players": [{"name": "Alice", "hand": ["Forest"] * hand}, {"name": "Bob", "hand": ["Forest"] * bobs}],
        "turn": {"number": 4, "active": "Alice", "step": step},
        "battlefield": [{"id": i, "card": card, "controller": who, "tapped": tapped}
                        for i, card, who in permanents]}, CARDS)


def test_an_untap_trigger_of_a_tapped_permanent_is_refused():
    with pytest.raises(QueryError) as raised:
        api.turn(board("untap", ("tromper", "Pheres-Band Tromper", "Alice"), tapped=True))
    assert raised.value.detail == (
        "tromper's triggered ability may trigger as the untap step untaps permanents in turn 4's untap step "
        "(CR 502.3, 603.2), and the turn lists only what triggers as each step begins; ask pysolver next in that "
        "step")


@pytest.mark.parametrize("step, tapped", [("untap", False), ("upkeep", True)])
def test_no_untapping_or_past_the_untap_step_is_not(step, tapped):
    """Nothing of Alice's is tapped, or her untap step is over."""
    steps = api.turn(board(step, ("tromper", "Pheres-Band Tromper", "Alice"), tapped=tapped))
    assert steps[0].step == step
    assert all(s.triggers == [] for s in steps)


def test_a_draw_trigger_of_the_active_player_is_refused():
    with pytest.raises(QueryError) as raised:
        api.turn(board("upkeep", ("crawler", "Psychosis Crawler", "Alice"), hand=1))  # 1/1: not 0/0 (CR 704.5f)
    assert raised.value.detail == (
        "crawler's triggered ability may trigger as the draw step's draw in turn 4's draw step (CR 504.1, 603.2), "
        "and the turn lists only what triggers as each step begins; ask pysolver next in that step")


def test_a_draw_trigger_of_another_player_or_past_the_draw_step_is_not():
    steps = api.turn(board("upkeep", ("crawler", "Psychosis Crawler", "Bob"), bobs=1))  # 1/1 (CR 704.5f)
    assert [(s.step, s.triggers) for s in steps] == [
        (step, []) for step in ("upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
                                "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end",
                                "cleanup")]
    steps = api.turn(board("precombat_main", ("crawler", "Psychosis Crawler", "Alice"), hand=1))
    assert [s.step for s in steps][:1] == ["precombat_main"]


MEGRIM = ("megrim's triggered ability may trigger as the cleanup step's discard to the maximum hand size in turn 4's "
          "cleanup step (CR 514.1, 603.2), and the turn lists only what triggers as each step begins; ask pysolver "
          "next in that step")


@pytest.mark.parametrize("step, hand", [("end", 8), ("upkeep", 7)])
def test_a_discard_trigger_on_the_cleanup_discard_is_refused(step, hand):
    """Alice's hand is larger than seven at her cleanup (the draw step adds a card, 504.1)."""
    with pytest.raises(QueryError) as raised:
        api.turn(board(step, ("megrim", "Megrim", "Bob"), hand=hand))
    assert raised.value.detail == MEGRIM


@pytest.mark.parametrize("step, hand, megrim", [("end", 7, "Bob"), ("precombat_main", 7, "Bob"),
                                                ("end", 8, "Alice")])
def test_no_cleanup_discard_or_none_it_triggers_on_is_not(step, hand, megrim):
    """Seven cards after the draw step: no discard (CR 514.1); Alice's own Megrim looks at opponents."""
    steps = api.turn(board(step, ("megrim", "Megrim", megrim), hand=hand))
    assert [s.step for s in steps][-2:] == ["end", "cleanup"]
    assert all(s.triggers == [] for s in steps)


def test_a_board_state_based_actions_apply_to_is_refused():
    """CR 704.3: state-based actions are performed whenever a player would receive priority, so no step begins
    with a creature with lethal damage on the battlefield; the listing took the board as it is (and would list
    what such a permanent triggers), so it refuses and names them."""
    with pytest.raises(QueryError) as raised:
        api.turn(api.board_from_data({
            "players": ["Alice", "Bob"], "turn": {"number": 4, "active": "Alice", "step": "untap"},
            "battlefield": [{"id": "bears", "card": "Grizzly Bears", "controller": "Alice", "damage": 2},
                            {"id": "tarpan", "card": "Grizzly Bears", "controller": "Bob", "counters": {"-1/-1": 2}}]}))
    assert raised.value.detail == (
        "state-based actions apply to the board (bears: lethal damage, CR 704.5g; tarpan: toughness 0 or less, "
        "CR 704.5f): they are performed whenever a player would receive priority (CR 704.3), so no step begins on "
        "it; list the turn from the board they leave (pysolver next BOARD check)")


def test_a_refusal_names_five_state_based_actions_and_counts_the_rest():
    """A board at the object cap may hold thousands (two of a legendary card each: the legend rule, CR 704.5j):
    the one-line message names five, not all (it was 80 kB for cap_memory's board)."""
    with pytest.raises(QueryError) as raised:
        api.turn(api.board_from_data({
            "players": ["Alice", "Bob"], "turn": {"number": 4, "active": "Alice", "step": "untap"},
            "battlefield": [{"id": f"bears-{n}", "card": "Grizzly Bears", "controller": "Alice", "damage": 2}
                            for n in range(8)]}))
    assert raised.value.detail.startswith(
        "state-based actions apply to the board (bears-0: lethal damage, CR 704.5g; bears-1: lethal damage, CR "
        "704.5g; bears-2: lethal damage, CR 704.5g; bears-3: lethal damage, CR 704.5g; bears-4: lethal damage, CR "
        "704.5g; and 3 more): they are performed")
