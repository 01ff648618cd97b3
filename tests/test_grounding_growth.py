"""Grounding grows linearly with the board: each built-in card kind, grounded with every rule
at N and 2N copies, never more than doubles its ground program (+10%) (issue 16).

The ground program is counted by clingo (ground rules and atoms), never timed; the program of
the empty board is taken off first, so that a quadratic part can't hide behind it."""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path

import pytest

from pysolver import board as board_module
from pysolver import cards, facts, solver
from pysolver.cards.library import ALLOW_PARTIAL

N = 12
PLAYERS = ["A", "B"]
PERMANENT_TYPES = {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"}
LIBRARY = cards.builtin_library()


def kind(name: str) -> str:
    data = LIBRARY.get(name).data
    if PERMANENT_TYPES & set(data.get("types", [])):
        return "permanent"
    return "effect" if "effect" in data else "none"


def board_data(name: str, copies: int) -> dict:
    """``copies`` of the card, alternating between two players (an Aura each on a host of its own)."""
    data = LIBRARY.get(name).data
    battlefield, effects = [], []
    for i in range(copies):
        player = PLAYERS[i % 2]
        entry = {"card": name, "controller": player}
        if kind(name) == "effect":
            effects.append(entry)
            continue
        for stat in ("power", "toughness"):
            if stat in data and not isinstance(data[stat], int):
                entry[stat] = 1
        enchant = data.get("enchant")
        if enchant == "player":
            entry["attached_to"] = {"player": player}
        elif enchant:  # a filter of what it can enchant: a creature, else a land
            host = "Grizzly Bears" if "creature" in str(enchant).lower() else "Forest"
            battlefield.append({"id": f"host{i}", "card": host, "controller": player})
            entry["attached_to"] = {"permanent": f"host{i}"}
        battlefield.append(entry)
    return {"players": PLAYERS, "battlefield": battlefield, "effects": effects}


def ground_size(data: dict) -> int:
    token = ALLOW_PARTIAL.set(True)  # a built-in card that leaves a sentence out grounds like any other
    try:
        board = board_module.board_from_data(data, LIBRARY)
    finally:
        ALLOW_PARTIAL.reset(token)
    grounded = solver.ground(facts.board_facts(board), solver.ALL_RULES)
    control = grounded.control
    return int(control.statistics["problem"]["lpStep"]["rules"]) + len(control.symbolic_atoms)


@cache
def empty_size() -> int:
    """The empty board's ground program, computed when a test first needs it: at import, each
    test process grounded every rule (and analysed them, cold) while collecting (issue 16)."""
    return ground_size({"players": PLAYERS})


NAMES = sorted(LIBRARY.cards)


def test_every_card_kind_that_can_be_on_a_board_is_measured():
    # Cards that are neither permanents nor effects of resolved spells never sit on a board.
    assert sorted(n for n in NAMES if kind(n) == "none") == ["Break the Ice", "Double Major"]


@pytest.mark.parametrize("name", [n for n in NAMES if kind(n) != "none"])
def test_ground_program_grows_linearly(name):
    once = ground_size(board_data(name, N)) - empty_size()
    twice = ground_size(board_data(name, 2 * N)) - empty_size()
    assert once > 0 and twice <= 2.2 * once, (name, once, twice)


def test_any_combination_multisets_are_built_once_per_ability():
    # "Add five mana in any combination of colors": the 126 multisets are built once for the
    # ability, each once (not once per order of adding its colors), never once per copy.
    def atoms(copies: int) -> dict[str, int]:
        board = board_module.board_from_data(board_data("Cascading Cataracts", copies), LIBRARY)
        grounded = solver.ground(facts.board_facts(board), solver.ALL_RULES)
        counted: dict[str, int] = {}
        for atom in grounded.control.symbolic_atoms:
            counted[atom.symbol.name] = counted.get(atom.symbol.name, 0) + 1
        return counted

    once, twice = atoms(N), atoms(2 * N)
    assert once["combination"] == twice["combination"] == 126
    assert once["partial"] == twice["partial"]
    assert twice["production"] - once["production"] == N * 127  # {C}, and the 126 multisets


# Effects whose reach depends on types other effects change (March of the Machines, Urborg, ...): the
# grounder can't decide each permanent's types, so a count of creatures is one of a range of values.
LAYERED = ["Crackleburr", "March of the Machines", "Stonecoil Serpent", "Thran Golem", "Urborg, Tomb of Yawgmoth",
           "Utopia Sprawl"]


def test_counts_the_grounder_cant_decide_grow_linearly():
    # Gaea's Cradle's "for each creature you control" (asp/amounts.lp): one count over the objects;
    # a sum of per-player counts took every subset sum of their possible values (issue 16).
    def size(bears: int) -> int:
        battlefield = [entry for name in [*LAYERED, "Gaea's Cradle"] for entry in board_data(name, 1)["battlefield"]]
        battlefield += [{"card": "Grizzly Bears", "controller": player} for player in PLAYERS for _ in range(bears)]
        return ground_size({"players": PLAYERS, "battlefield": battlefield}) - empty_size()

    once, twice = size(2 * N), size(4 * N)
    assert twice <= 2.2 * once, (once, twice)


# benchmarks/cap_memory.py's board: every built-in permanent with a mana ability, drawn at random
# (seeded) for two players, the board the cap is measured on.
_spec = importlib.util.spec_from_file_location(
    "cap_memory", Path(__file__).resolve().parent.parent / "benchmarks" / "cap_memory.py")
assert _spec and _spec.loader
cap_memory = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cap_memory)


def test_a_board_mixing_every_mana_card_grows_linearly():
    # Kinds grounded beside each other: a rule joining two kinds' objects (each permanent of one
    # kind with each of another) grows as the square of the board, which one kind alone can't show.
    once = ground_size(cap_memory.board(400)) - empty_size()
    twice = ground_size(cap_memory.board(800)) - empty_size()
    assert twice <= 2.2 * once, (once, twice)


# The built-in replacement effects on mana (asp/mana_replacement.lp), beside effects whose reach depends on
# types (LAYERED: whether a permanent is a land is decided only by the solve) and a few mana sources.
MANA_REPLACEMENTS = ["Contamination", "Damping Sphere", "Deep Water", "Mana Reflection", "Nyxbloom Ancient",
                     "Pale Moon"]


@pytest.mark.parametrize("name", MANA_REPLACEMENTS)
def test_copies_of_a_mana_replacement_effect_grow_linearly(name):
    # The states of a mana event are followed once for each start and set of effects that apply (a
    # problem), the identical effects in one order; each event following them on its own, with the
    # effects that apply undecided, took every subset of the copies (4 -> 8 Contaminations: 20x).
    def size(copies: int) -> int:
        battlefield = [entry for kind_name in LAYERED for entry in board_data(kind_name, 1)["battlefield"]]
        battlefield += [{"card": card, "controller": player} for player in PLAYERS
                        for card in ("Forest", "Gemstone Mine", "Sol Ring")]
        data = board_data(name, copies)
        return ground_size({"players": PLAYERS, "battlefield": battlefield + data["battlefield"],
                            "effects": data["effects"]}) - empty_size()

    once, twice = size(4), size(8)
    assert twice <= 2.2 * once, (name, once, twice)


@pytest.mark.parametrize("name", ["Contamination", "Damping Sphere", "Mana Reflection", "Nyxbloom Ancient"])
def test_mana_replacement_effects_that_may_not_exist_grow_linearly(name):
    # The entry of mana (available and can-activate ground the same rules) beside Blood Moon (nonbasic
    # lands lose their rules text, CR 305.7) and effects whose reach depends on types (LAYERED): whether a
    # replacement effect's source keeps its abilities is decided only by the solve, so whether the effect
    # exists too.  Numbered over the effects that exist, each took every possible number, and each start
    # followed every set of them (2 -> 4 Mana Reflections: 7.8x); now over those that could exist
    # (asp/mana_replacement.lp's possible_replacement/1, which the grounder decides).
    from pysolver.facts import queries

    def size(copies: int) -> int:
        battlefield = [entry for kind_name in [*LAYERED, "Blood Moon"]
                       for entry in board_data(kind_name, 1)["battlefield"]]
        battlefield += [{"id": "forest", "card": "Forest", "controller": "A"}]
        battlefield += [{"card": card, "controller": player} for player in PLAYERS
                        for card in ("Gemstone Mine", "Sol Ring")]
        token = ALLOW_PARTIAL.set(True)
        try:
            board = board_module.board_from_data(
                {"players": PLAYERS, "battlefield": battlefield + board_data(name, copies)["battlefield"]}, LIBRARY)
        finally:
            ALLOW_PARTIAL.reset(token)
        control = solver.ground(queries.mana(board, "forest", True), solver.entry("mana")).control
        return int(control.statistics["problem"]["lpStep"]["rules"]) + len(control.symbolic_atoms)

    beside = size(0)
    once, twice = size(3) - beside, size(6) - beside
    assert twice <= 2.2 * once, (name, once, twice)


def _entry_size(battlefield: list[dict], ask, entry: str) -> tuple[int, solver.Grounded]:
    """The ground program of a query's entry program on a board (``ask``: its facts), and the grounding."""
    token = ALLOW_PARTIAL.set(True)
    try:
        board = board_module.board_from_data({"players": PLAYERS, "battlefield": battlefield}, LIBRARY)
    finally:
        ALLOW_PARTIAL.reset(token)
    grounded = solver.ground(ask(board), solver.entry(entry))
    control = grounded.control
    return int(control.statistics["problem"]["lpStep"]["rules"]) + len(control.symbolic_atoms), grounded


# Beside Blood Moon (nonbasic lands lose their rules text, CR 305.7) and effects whose reach depends on types
# (LAYERED), whether a permanent keeps a mana ability, and what it produces, is decided only by the solve.
UNDECIDED = [entry for kind_name in [*LAYERED, "Blood Moon"] for entry in board_data(kind_name, 1)["battlefield"]]


def test_paying_a_mana_cost_grows_linearly_with_the_sources():
    # can-activate's chain (asp/activation.lp) pays Deep Water's {U} from the player's mana abilities: a state
    # keeps the pool only as far as the cost can use it.  Keeping the whole pool, the states took every sum of
    # the sources' results: 3 -> 6 City of Brass 6,961 -> 27,417 ground atoms and rules (6x beyond the
    # board beside them; 12: 311,654), issue 16.
    from pysolver.facts import queries

    def size(sources: int) -> int:
        battlefield = [*UNDECIDED, {"id": "deep", "card": "Deep Water", "controller": "A"}]
        battlefield += [{"card": "City of Brass", "controller": "A"} for _ in range(sources)]
        return _entry_size(battlefield, lambda board: queries.can_activate(board, "deep"), "can_activate")[0]

    beside = size(0)
    once, twice = size(3) - beside, size(6) - beside
    assert twice <= 2.2 * once, (once, twice)


def test_each_triggered_mana_ability_has_one_place_in_an_event_chain():
    # asp/mana_triggers.lp chains the triggered mana abilities of an event in a fixed order.  Numbered over the
    # ones that trigger, which only the solve decides here (whether Tolarian Academy is a land), each took every
    # possible place, and each state every sum of their mana (every kind once: beyond 3 GB); now over those
    # that could trigger, judged on the board, one passed over where it doesn't.
    from pysolver.facts import queries

    battlefield = [*UNDECIDED, {"id": "academy", "card": "Tolarian Academy", "controller": "A"}]
    battlefield += [{"card": card, "controller": "A"} for card in ("Heartbeat of Spring", "Mana Flare", "Zhur-Taa Ancient")]
    _, grounded = _entry_size(battlefield, lambda board: queries.mana(board, "academy", True), "mana")
    places: dict[tuple, set] = {}
    for atom in grounded.control.symbolic_atoms.by_signature("tstep", 7):
        event, _, place, _, trigger, _, _ = atom.symbol.arguments
        places.setdefault((event, place), set()).add(trigger)
    assert places and all(len(triggers) == 1 for triggers in places.values()), places


def test_a_chain_of_triggered_mana_abilities_is_shared_by_an_abilitys_events_and_results():
    # asp/mana_triggers.lp chains the triggered mana abilities once for each ability and profile of its result
    # (the types it holds: all they read of it, CR 106.12a).  Chained for each event and result, Goblin
    # Clearcutter's sacrifice of each creature (one event each) had its own chain, and Cascading Cataracts'
    # 126 results of five mana in any combination of colors theirs: every kind once, 1.13 M chain states
    # (a 42 s, 2.6 GB grounding of every mana ability of a player; issue 16).
    from pysolver.facts import queries

    def states(creatures: int, card: str, ask: str) -> int:
        battlefield = [*UNDECIDED, {"id": ask, "card": card, "controller": "A"}]
        battlefield += [{"card": name, "controller": "A"} for name in ("Mana Flare", "Heartbeat of Spring")]
        battlefield += [{"card": "Grizzly Bears", "controller": "A"}] * creatures
        _, grounded = _entry_size(battlefield, lambda board: queries.mana(board, ask, True), "mana")
        return sum(1 for _ in grounded.control.symbolic_atoms.by_signature("tstate", 4))

    assert states(2, "Goblin Clearcutter", "clearcutter") == states(4, "Goblin Clearcutter", "clearcutter") > 0
    # 31 profiles of 126 results, each with 0 to 2 gifts of a type it holds
    assert states(0, "Cascading Cataracts", "cataracts") < 600


def test_an_explanation_the_grounder_cant_decide_is_refused_before_its_layer(monkeypatch):
    # could-produce --explain reads atoms the grounder decides (asp/explain/could_produce.lp); beside UNDECIDED
    # they aren't, and the layer's bound (a count of could_produce atoms only the solve decides) took every
    # value: every kind once ran out of 4 GB after 311 s.  The same refusal now comes before the layer is
    # grounded (issue 16).
    from pysolver.query.could_produce_explain import explain
    from pysolver.errors import QueryError

    programs: list = []
    real = solver.ground
    monkeypatch.setattr(solver, "ground", lambda facts, rules, *args, **kwargs:
                        programs.append(rules) or real(facts, rules, *args, **kwargs))
    token = ALLOW_PARTIAL.set(True)
    try:
        board = board_module.board_from_data({"players": PLAYERS, "battlefield": [
            *UNDECIDED, {"card": "Reflecting Pool", "controller": "A"}, {"card": "Forest", "controller": "A"}]}, LIBRARY)
    finally:
        ALLOW_PARTIAL.reset(token)
    with pytest.raises(QueryError, match=r"^the explanation atoms ex_level/3 were not decided by grounding$"):
        explain(board)
    assert programs and solver.entry("could_produce_explain") not in programs
