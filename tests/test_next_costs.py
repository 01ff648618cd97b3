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
        - {id: bolt, card: Burst Lightning, controller: Bob, kicked: true, targets: [{player: Alice}]}
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
        2, "", f"error: {path}: action 1 (cast Grizzly Bears additional=buyback): cast Grizzly Bears: of the "
               "optional additional costs, next cast pays only kicker: what paying buyback does to the spell isn't "
               "modelled (pay --spell --additional buyback gives its ways)\n")
    assert cli("next", path, "cast", "Grizzly Bears", "additional=rebate") == (
        2, "", f"error: {path}: action 1 (cast Grizzly Bears additional=rebate): cast Grizzly Bears: unknown "
               "optional cost 'rebate' (pay knows: kicker, flash, multikicker, replicate, squad, offspring, buyback, "
               "entwine, bargain, reveal, collect_evidence, casualty, escalate, times, sacrifice, behold, waterbend, blight)\n")
    assert cli("next", path, "cast", "Grizzly Bears", "kicked") == (
        2, "", f"error: {path}: action 1 (cast Grizzly Bears kicked): cast Grizzly Bears: Grizzly Bears has no "
               "kicker (CR 702.33)\n")


def test_kicked_and_additional_kicker_are_cast_options():
    from pysolver.next_state import parse_actions
    assert parse_actions(["cast", "Burst Lightning", "kicked", "resolve"]) == [
        ("cast", ["Burst Lightning", "kicked"]), ("resolve", [])]
    assert parse_actions(["cast", "Burst Lightning", "additional=kicker"]) == [
        ("cast", ["Burst Lightning", "additional=kicker"])]


OPTIONAL = str(Path(__file__).parent / "cases" / "payment" / "optional-cards.yml")


def test_next_cast_pays_no_optional_cost_but_kicker(cli, board_file):
    """CR 601.2b: pay --spell --additional offspring pays it; what it does to the spell (a token copy as it
    enters, 702.175a) next doesn't model, so next cast refuses it rather than leave it out."""
    path = board_file("""\
        players: [{name: Alice, hand: [Finch Formation], mana_pool: "{U}{C}{C}{C}{C}{C}"}, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        """)
    assert cli("next", path, "cast", "Finch Formation", "additional=offspring", "--cards", OPTIONAL) == (
        2, "", f"error: {path}: action 1 (cast Finch Formation additional=offspring): cast Finch Formation: of the "
               "optional additional costs, next cast pays only kicker: what paying offspring does to the spell isn't "
               "modelled (pay --spell --additional offspring gives its ways)\n")


def test_a_spell_with_an_optional_cost_is_not_resolved(cli, board_file):
    """A board doesn't say whether a spell on the stack paid its buyback (CR 702.27a: it would return to
    its owner's hand): resolving it is refused."""
    path = board_file("""\
        players: [Alice, Bob]
        stack:
        - {id: allay, card: Allay, controller: Alice, targets: [{left: curse}]}
        """)
    assert cli("next", path, "resolve", "--cards", OPTIONAL) == (
        2, "", f"error: {path}: stack[0]: resolve: Allay has buyback, an optional additional cost: whether it was "
               "paid is on no board, and what paying it changes isn't modelled, so the board it leaves can't be "
               "computed (CR 601.2b)\n")
