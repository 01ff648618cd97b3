"""A chain of next's actions whose branches differ: each branch goes as far as its own board allows
(pysolver/next_state.py: next_states, Stop; errors.Unavailable) and says, for a branch that can't take
an action, which and why (docs/json-output.md, `outcomes[].stopped`); only an action no branch can
take refuses the query."""

from __future__ import annotations

import json
from fractions import Fraction

import jsonschema
import pytest

from helpers import CASES
from pysolver import api, schemas
from pysolver.errors import QueryError

CARDS = [str(CASES / "next" / "additional-cards.yml"), str(CASES / "next" / "triggers.yml")]
# Bone Shards: "As an additional cost to cast this spell, sacrifice a creature or discard a card. Destroy
# target creature or planeswalker."  Tarpan: "When this creature dies, you gain 1 life."
BOARD = {
    "players": [{"name": "Alice", "hand": ["Bone Shards", "Forest"]}, "Bob"],
    "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
    "battlefield": [{"id": "s1", "card": "Swamp", "controller": "Alice"},
                    {"id": "tarpan", "card": "Tarpan", "controller": "Alice"},
                    {"id": "his", "card": "Grizzly Bears", "controller": "Bob"}]}
TAP = "Alice taps s1 for {B} (CR 605.3b, 106.4)"
CAST = "Alice casts Bone Shards as bone-shards targeting Grizzly Bears (his), paying {B} (CR 601.2)"
RESOLVED = ["bone-shards (Bone Shards) resolves (CR 608.2)", "destroy Grizzly Bears (his) (CR 701.7a)",
            "Bone Shards is put into Alice's graveyard (CR 608.2n)"]
DISCARD = [TAP, "Alice discards Forest (CR 601.2h, 701.8a)", CAST, *RESOLVED]
SACRIFICE = [TAP, "Alice sacrifices tarpan (CR 601.2h, 701.17a)", CAST,
             "put tarpan-1 (Tarpan, tarpan:1) on the stack", "tarpan-1 (Tarpan, tarpan:1) resolves",
             "Alice gains 1 life (CR 119.3)", *RESOLVED]
EMPTY = "resolve: the stack is empty, nothing resolves (CR 405.5, 608.1)"


def _answer(actions: list[str]) -> list[dict]:
    from pysolver.query.next import answer
    return answer(api.board_from_data(BOARD, CARDS), actions)


def test_a_branch_whose_stack_empties_first_stops_there():
    """Discarding the Forest leaves the spell alone on the stack; sacrificing Tarpan puts its dies trigger
    above it (CR 603.3). The second resolve resolves the spell on the second branch; on the first the
    stack is empty (CR 405.5, 608.1): that branch stops at action 3, and its board is the one before it.
    The whole query was refused before."""
    assert _answer(["cast", "Bone Shards", "target=his", "resolve", "resolve"]) == [
        {"probability": "1", "choices": ["Alice taps s1, discards Forest"], "events": DISCARD,
         "stopped": {"action": 3, "words": "resolve", "reason": EMPTY}},
        {"probability": "1", "choices": ["Alice taps s1, sacrifices tarpan"], "events": SACRIFICE}]


def test_a_stopped_branch_takes_no_later_action():
    """play Forest after the chain: the first branch stopped at action 3 and stays stopped (its Forest was
    discarded anyway); the second plays the Forest (CR 305.1: a main phase, the stack empty)."""
    results = _answer(["cast", "Bone Shards", "target=his", "resolve", "resolve", "play", "Forest"])
    assert [r.get("stopped", {}).get("action") for r in results] == [3, None]
    assert results[1]["events"] == [*SACRIFICE, "Alice plays Forest as forest (CR 305.1)", "forest enters untapped"]


def test_a_branch_without_the_card_stops_at_play():
    """After the first resolve, the first branch has no Forest in hand (CR 305.1) and the second still has
    Bone Shards on the stack (a land is played only with the stack empty, CR 305.1): no branch can play it,
    so the query refuses the action, naming each reason."""
    with pytest.raises(QueryError) as refused:
        _answer(["cast", "Bone Shards", "target=his", "resolve", "play", "Forest"])
    assert str(refused.value).endswith(
        "action 3 (play Forest): play Forest: Alice has no Forest in hand (hand: nothing); next plays a land "
        "from its player's hand (CR 305.1): a permission to play one from another zone (Crucible of Worlds) "
        "isn't modelled; on another branch, play Forest: the stack isn't empty: a land is played only when it "
        "is (CR 305.1)")


def test_no_branch_can_resolve_refuses_as_before():
    with pytest.raises(QueryError) as refused:
        _answer(["cast", "Bone Shards", "target=his", "resolve", "resolve", "resolve"])
    assert str(refused.value).endswith(f"action 4 (resolve): {EMPTY}")


def test_results_keep_the_stop_and_probabilities_sum_to_one():
    board = api.board_from_data(BOARD, CARDS)
    results = api.next_states(board, ["cast", "Bone Shards", "target=his", "resolve", "resolve"])
    assert [(r.probability, r.stopped and (r.stopped.number, r.stopped.words)) for r in results] == [
        (Fraction(1), (3, "resolve")), (Fraction(1), None)]
    assert [p["name"] for p in results[0].board["players"]] == ["Alice", "Bob"]
    assert results[0].board["players"][0]["graveyard"] == ["Forest", "Bone Shards"]
    assert "stack" not in results[0].board


def test_cli_shows_the_stop(cli, tmp_path):
    import yaml
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(BOARD), encoding="utf-8")
    cards = [a for c in CARDS for a in ("--cards", c)]
    actions = ["cast", "Bone Shards", "target=his", "resolve", "resolve"]
    code, out, err = cli("next", path, *actions, *cards)
    assert (code, err) == (0, "")
    assert (f"  stopped: action 3 (resolve) can't be taken on this board, nor the actions after it: {EMPTY}\n"
            "outcome 2:") in out
    code, out, err = cli("next", path, *actions, *cards, "--json")
    assert (code, err) == (0, "")
    document = json.loads(out)
    jsonschema.Draft202012Validator(schemas.output_schema("next")).validate(document)
    assert document["schema"] == "pysolver/next/3"
    assert [o.get("stopped") for o in document["outcomes"]] == [
        {"action": 3, "words": "resolve", "reason": EMPTY}, None]


def test_a_branch_whose_game_ended_stops_there():
    """Searing Spear cast with no target named: each legal target is an outcome (CR 601.2c). Aimed at Bob at
    3 life, he loses and Alice wins (CR 704.5a, 104.2a): that branch can't play the Forest, as the game is over
    (CR 104.1); the other two play it."""
    board = api.board_from_data({
        "players": [{"name": "Alice", "hand": ["Searing Spear", "Forest"], "mana_pool": "{R}{R}"},
                    {"name": "Bob", "life": 3}],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}]},
        [str(CASES / "next" / "targets.yml")])
    results = api.next_states(board, ["cast", "Searing Spear", "resolve", "play", "Forest"])
    assert [(r.choices[0], r.stopped and r.stopped.to_json(), r.events[-1]) for r in results] == [
        ("Alice chooses for Searing Spear: Alice (CR 601.2c)", None, "forest enters untapped"),
        ("Alice chooses for Searing Spear: Bob (CR 601.2c)",
         {"action": 3, "words": "play Forest",
          "reason": "play: the game is over (CR 104.1): Alice wins the game (CR 104.2a)"},
         "Alice wins the game (CR 104.2a)"),
        ("Alice chooses for Searing Spear: Grizzly Bears (bears) (CR 601.2c)", None, "forest enters untapped")]
    assert [r.probability for r in results] == [Fraction(1)] * 3


def test_a_branch_whose_cost_can_no_longer_be_paid_stops_there():
    """Tarpan ({G}) is paid by tapping either Forest: two boards. 'activate f1' then: where f1 paid, it is
    tapped and its {T} can't be paid (CR 602.2b, 118.3): that branch stops; where f2 paid, f1 adds {G} (a mana
    ability, activated with Tarpan on the stack, 605.3a). The whole query was refused before."""
    board = api.board_from_data({
        "players": [{"name": "Alice", "hand": ["Tarpan"]}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "f1", "card": "Forest", "controller": "Alice"},
                        {"id": "f2", "card": "Forest", "controller": "Alice"}]}, CARDS)
    results = api.next_states(board, ["cast", "Tarpan", "activate", "f1"])
    assert [(r.choices, r.events[-1], r.stopped and r.stopped.to_json()) for r in results] == [
        (("Alice taps f1",), "Alice casts Tarpan as tarpan, paying {G} (CR 601.2)",
         {"action": 2, "words": "activate f1",
          "reason": "activate f1: its costs can't be paid now ({T}: Add {G}; f1 is tapped, CR 602.2b, 118.3)"}),
        (("Alice taps f2",), "Alice taps f1 for {G} (CR 605.3b, 106.4)", None)]
    assert results[1].board["players"][0]["mana_pool"] == "{G}"
