"""Ids and player names that read like pysolver's own words ("tap tomb", "pool", "sacrifice Bob",
"x deals 1 damage to Alice") change no board an action leaves and no way to pay: the boards
`next` gives and pay's ways are the same as with plain ids, once the names are mapped back.
(Python once read the words of mana abilities' effects back: a permanent "tap tomb" lost its
damage; mana from a permanent "pool" merged with the pool's.)  The boards are compared as data,
not as text: a renaming may reorder text sorted by name, never change a board."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pysolver
from pysolver import api

CASES = Path(__file__).parent / "cases"
CARD_FILES = [str(CASES / "payment" / "test-cards.yml"), str(CASES / "next" / "life-riders.yml")]
# Mana abilities with a side effect or a cost in their words: damage (Ancient Tomb), life paid
# (Mana Confluence), a counter removed and a sacrifice (Gemstone Mine), life gained (the Henge
# land), mana paying mana (Izzet Signet).
CARDS = ["Ancient Tomb", "Mana Confluence", "Gemstone Mine", "Test Henge Land", "Izzet Signet", "Island",
         "Mountain"]
ID_WORDS = ["pool", "tap tomb", "sacrifice x", "remove 1 mining counter from y", "x deals 1 damage to Alice",
            "trigger: z", "w gains 2 life", "q, {U} with {U} from pool", "leaves-the-battlefield v"]
PLAYER_WORDS = ["sacrifice Alice", "tap Bob", "remove Alice", "Alice gains 2 life"]


@st.composite
def boards(draw) -> tuple[dict[str, Any], dict[str, str], dict[str, str]]:
    """A board with plain ids (p0, p1, ...; players Alice and Bob), and the renamings of its ids
    and players' names to words."""
    cards = draw(st.lists(st.sampled_from(CARDS), min_size=1, max_size=4))
    words = draw(st.permutations(ID_WORDS))
    names = draw(st.permutations(PLAYER_WORDS))
    players = {"Alice": names[0], "Bob": names[1]}
    battlefield = []
    for i, card in enumerate(cards):
        entry: dict[str, Any] = {"id": f"p{i}", "card": card, "controller": draw(st.sampled_from(["Alice", "Bob"]))}
        if card == "Gemstone Mine":
            entry["counters"] = {"mining": draw(st.integers(1, 2))}
        battlefield.append(entry)
    pool = draw(st.sampled_from(["", "{U}", "{R}{U}"]))
    data = {"players": [{"name": "Alice", "mana_pool": pool}, "Bob"],
            "turn": {"number": 3, "active": "Alice", "step": "precombat_main"}, "battlefield": battlefield}
    return data, {f"p{i}": words[i] for i in range(len(cards))}, players


def renamed(data: dict[str, Any], ids: dict[str, str], players: dict[str, str]) -> dict[str, Any]:
    """The board with its ids and players' names renamed, as data (every field that names one)."""
    def who(name: str) -> str:
        return players.get(name, name)

    out = json.loads(json.dumps(data))
    out["players"] = [{**p, "name": who(p["name"])} if isinstance(p, dict) else who(p) for p in out["players"]]
    out["turn"]["active"] = who(out["turn"]["active"])
    for entry in out["battlefield"]:
        entry["id"] = ids.get(entry["id"], entry["id"])
        entry["controller"] = who(entry["controller"])
        if "owner" in entry:
            entry["owner"] = who(entry["owner"])
        if "attached_to" in entry and "permanent" in entry["attached_to"]:
            entry["attached_to"]["permanent"] = ids.get(entry["attached_to"]["permanent"],
                                                        entry["attached_to"]["permanent"])
    return out


def next_boards(data: dict[str, Any], permanent: str) -> list[str] | str:
    """Every board activating the permanent's mana ability leaves, with its probability, as
    sorted JSON (or the refusal's kind)."""
    board = pysolver.board_from_data(data, CARD_FILES)
    try:
        results = api.next_states(board, ["activate", permanent])
    except pysolver.PysolverError as error:
        return type(error).__name__
    return sorted(json.dumps([str(r.probability), r.board], sort_keys=True) for r in results)


def pay_ways(data: dict[str, Any], player: str, cost: str) -> tuple[int, list[list[str]]] | str:
    """How many ways the player pays the cost, and which permanents each activates."""
    board = pysolver.board_from_data(data, CARD_FILES)
    try:
        result = api.pay(board, player, cost)
    except pysolver.PysolverError as error:
        return type(error).__name__
    return len(result.ways), sorted(sorted(a.perm for a in way.activations) for way in result.ways)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=boards(), which=st.integers(0, 3), cost=st.sampled_from(["{U}{R}{1}", "{2}", "{C}{C}"]))
def test_names_that_read_like_words_change_no_board_and_no_way(case, which, cost):
    data, ids, players = case
    back = {**{new: old for old, new in ids.items()}, **{new: old for old, new in players.items()}}
    words = renamed(data, ids, players)
    permanent = f"p{which % len(data['battlefield'])}"
    plain_boards = next_boards(data, permanent)
    worded_boards = next_boards(words, ids[permanent])
    if isinstance(worded_boards, list):
        worded_boards = sorted(json.dumps(json.loads(b, object_hook=lambda d: _mapped(d, back)), sort_keys=True)
                               for b in worded_boards)
    assert worded_boards == plain_boards
    plain_ways = pay_ways(data, "Alice", cost)
    worded_ways = pay_ways(words, players["Alice"], cost)
    if isinstance(worded_ways, tuple):
        worded_ways = (worded_ways[0], sorted(sorted(back[p] for p in way) for way in worded_ways[1]))
    assert worded_ways == plain_ways


def _mapped(entry: dict[str, Any], back: dict[str, str]) -> dict[str, Any]:
    """A board's mapping with the renamed ids and names written back (the fields that hold one)."""
    return {key: back.get(value, value) if key in ("id", "name", "controller", "owner", "active", "permanent")
            and isinstance(value, str) else value for key, value in entry.items()}
