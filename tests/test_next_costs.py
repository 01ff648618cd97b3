"""pysolver next: a spell's additional costs and kicker as it is cast (CR 601.2a-b, 601.2h,
702.33); the ruling cases are tests/cases/next/additional-costs.yaml."""

from __future__ import annotations

from pathlib import Path

CARDS = str(Path(__file__).parent / "cases" / "next" / "additional-cards.yml")


def test_the_spell_itself_is_not_discarded_for_its_cost(cli, board_file):
    """CR 601.2a: the card is on the stack before its costs are paid; with no other card in
    hand, Tormenting Voice can't be cast."""
    path = board_file("""\
        players: [{name: Alice, hand: [Tormenting Voice]}, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: m1, card: Mountain, controller: Alice}
        - {id: m2, card: Mountain, controller: Alice}
        """)
    assert cli("next", path, "cast", "Tormenting Voice", "--cards", CARDS) == (
        2, "", f"error: {path}: action 1 (cast Tormenting Voice): cast Tormenting Voice: Alice can't pay {{1}}{{R}} "
               "and its additional costs with their mana pool (empty) and mana abilities (CR 601.2b, 601.2g, "
               "601.2h)\n")


def test_kicked_spell_resolving_is_refused(cli, board_file):
    """What kicking changes (CR 702.33d) isn't in the card data: resolving it is refused."""
    path = board_file("""\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        stack:
        - {id: bolt, card: Burst Lightning, controller: Bob, kicked: true}
        """)
    assert cli("next", path, "resolve", "--cards", CARDS) == (
        2, "", f"error: {path}: stack[0]: resolve: bolt was kicked, and what kicking changes in its effect "
               "(CR 702.33d) isn't modelled, so the board it leaves can't be computed\n")


def test_kicked_needs_a_kicker(cli, board_file):
    path = board_file("""\
        players: [Alice, Bob]
        stack:
        - {id: bears, card: Grizzly Bears, controller: Bob, kicked: true}
        """)
    code, out, err = cli("next", path, "resolve")
    assert (code, out) == (2, "")
    assert err.endswith("stack[0].kicked: Grizzly Bears has no kicker, so it wasn't kicked (CR 702.33)\n")


def test_unknown_optional_cost_and_no_kicker(cli, board_file):
    path = board_file("""\
        players: [{name: Alice, hand: [Grizzly Bears], mana_pool: "{G}{G}{G}{G}{G}"}, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        """)
    assert cli("next", path, "cast", "Grizzly Bears", "additional=buyback") == (
        2, "", f"error: {path}: action 1 (cast Grizzly Bears additional=buyback): cast Grizzly Bears: unknown "
               "optional cost 'buyback' (pay knows: kicker)\n")
    assert cli("next", path, "cast", "Grizzly Bears", "kicked") == (
        2, "", f"error: {path}: action 1 (cast Grizzly Bears kicked): cast Grizzly Bears: Grizzly Bears has no "
               "kicker (CR 702.33)\n")


def test_kicked_and_additional_kicker_are_cast_options():
    from pysolver.next_state import parse_actions
    assert parse_actions(["cast", "Burst Lightning", "kicked", "resolve"]) == [
        ("cast", ["Burst Lightning", "kicked"]), ("resolve", [])]
    assert parse_actions(["cast", "Burst Lightning", "additional=kicker"]) == [
        ("cast", ["Burst Lightning", "additional=kicker"])]
