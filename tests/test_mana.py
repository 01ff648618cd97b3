"""`pysolver mana` and `pysolver.mana_outcomes`: CLI output, errors, API, witnesses.

The ruling cases under tests/cases/mana/ check outcome sets; here: exact CLI
output and exit codes, the API's data, and two independent checks of the
rules: every witness replays to its outcome, and outcome sets agree with a
brute-force enumeration of every order of replacement effects in Python.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

import pysolver
from pysolver import verify
from pysolver.errors import LimitExceeded, QueryError
from pysolver.mana import vector_symbols

from helpers import FIXTURES, MANA_REPLACEMENTS as BOARD

COST_CARDS = Path(__file__).parent / "cases" / "payment" / "costs-change-board-cards.yml"

CASES = Path(__file__).parent / "cases" / "mana"

# ------------------------------------------------------------------ CLI
def test_cli_table(cli, board_file):
    path = board_file(BOARD)
    code, out, err = cli("mana", path, "forest")
    assert (code, err) == (0, "")
    assert out == (
        "forest (Forest, Alice), ability 1: {T}: Add {G}\n"
        "MANA       EFFECTS\n"
        "{B}{B}     overabundance deals 1 damage to Alice\n"
        "{B}{B}{B}  overabundance deals 1 damage to Alice\n"
    )


def test_cli_no_triggers(cli, board_file):
    code, out, _ = cli("mana", board_file(BOARD), "forest", "--no-triggers")
    assert code == 0
    assert out.splitlines()[1:] == ["MANA    EFFECTS", "{B}     -", "{B}{B}  -"]


def test_cli_explain(cli, board_file):
    code, out, _ = cli("mana", board_file(BOARD), "forest", "--explain")
    assert code == 0
    assert out.split("\n\n")[1:] == [
        "{B}{B}:\n"
        "  1. activate it: it would produce {G}  [CR 602.2, 605.3b]\n"
        "  2. apply the replacement effect of Mana Reflection: {G} becomes {G}{G}  [CR 616.1e, 614.5]\n"
        "  3. apply the replacement effect of Contamination: {G}{G} becomes {B}  [CR 616.1f, 614.5]\n"
        "  4. no other replacement effect applies: the ability produces {B}  [CR 616.1f]\n"
        "  5. the triggered mana ability of Overabundance adds {B}  [CR 605.1b, 605.4a, 106.12a]",
        "{B}{B}{B}:\n"
        "  1. activate it: it would produce {G}  [CR 602.2, 605.3b]\n"
        "  2. apply the replacement effect of Contamination: {G} becomes {B}  [CR 616.1e, 614.5]\n"
        "  3. apply the replacement effect of Mana Reflection: {B} becomes {B}{B}  [CR 616.1f, 614.5]\n"
        "  4. no other replacement effect applies: the ability produces {B}{B}  [CR 616.1f]\n"
        "  5. the triggered mana ability of Overabundance adds {B}  [CR 605.1b, 605.4a, 106.12a]\n",
    ]


def test_cli_json(cli, board_file):
    code, out, _ = cli("mana", board_file(BOARD), "forest", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["schema"] == "pysolver/mana/4"
    assert data["ability"] == {"index": 1, "text": "{T}: Add {G}", "origin": "intrinsic (Forest)"}
    assert data["cannot_activate"] == []
    assert [(o["mana"], o["amounts"], o["effects"]) for o in data["outcomes"]] == [
        ("{B}{B}", {"B": 2}, ["overabundance deals 1 damage to Alice"]),
        ("{B}{B}{B}", {"B": 3}, ["overabundance deals 1 damage to Alice"]),
    ]
    assert [s["rules"] for s in data["outcomes"][0]["witness"]] == [
        ["602.2", "605.3b"], ["616.1e", "614.5"], ["616.1f", "614.5"], ["616.1f"],
        ["605.1b", "605.4a", "106.12a"]]


def test_cli_cannot_activate(cli, board_file):
    code, out, err = cli("mana", board_file(BOARD), "spire-of-industry", "--ability", "2")
    assert (code, err) == (0, "")
    assert out == (
        "spire-of-industry (Spire of Industry, Alice), ability 2: {T}, Pay 1 life: Add one mana of any "
        "color. Activate only if you control an artifact.\n"
        "can't be activated now: 602.1b: Alice controls no artifact (activate only if)\n"
    )


@pytest.mark.parametrize("args, code, message", [
    (["nope"], 2, "PERMANENT: no permanent with id 'nope' on the battlefield (ids: contamination, "
                  "forest, mana-reflection, overabundance, spire-of-industry)"),
    (["contamination"], 2, "PERMANENT: contamination (Contamination) has no mana ability now"),
    (["spire-of-industry"], 2, "--ability: spire-of-industry (Spire of Industry) has 2 mana abilities; "
                               "choose one with --ability (a number, a cost or a text): 1 = {T}: Add {C}.; "
                               "2 = {T}, Pay 1 life: Add one mana of any color. Activate only if you "
                               "control an artifact."),
    (["forest", "--ability", "2"], 2, "--ability: forest (Forest) has no ability 2 "
                                      "(abilities: 1 = {T}: Add {G})"),
    (["forest", "--ability", "0"], 2, "--ability: forest (Forest) has no ability 0 "
                                      "(abilities: 1 = {T}: Add {G})"),
    (["forest", "--ability", "{T}: Add {U}"], 2, "--ability: forest (Forest) has no ability '{T}: Add {U}' "
                                                 "(abilities: 1 = {T}: Add {G})"),
    (["forest", "--max-outcomes", "1"], 3, "incomplete: more than 1 outcomes (--max-outcomes)"),
])
def test_cli_errors(cli, board_file, args, code, message):
    path = board_file(BOARD)
    result = cli("mana", path, *args)
    assert result == (code, "", f"error: {path}: {message}\n")


def test_cli_bad_board(cli, board_file):
    path = board_file("players: [Alice, Bob]\nbattlefield:\n- {card: Forrest, controller: Alice}\n")
    code, out, err = cli("mana", path, "forest")
    assert (code, out) == (2, "")
    assert err == f"error: {path}: 3:10: battlefield[0].card: unknown card 'Forrest' (did you mean Forest?)\n"


# ------------------------------------------------------------------ API
def test_api_result(load):
    board = load(BOARD)
    result = pysolver.mana_outcomes(board, "forest")
    assert (result.permanent, result.card, result.controller) == ("forest", "Forest", "Alice")
    assert result.cannot_activate == ()
    assert [o.symbols for o in result.outcomes] == ["{B}{B}", "{B}{B}{B}"]
    assert [dict(o.mana) for o in result.outcomes] == [{"B": 2}, {"B": 3}]
    assert result.canonical() == [
        {"mana": "{B}{B}", "effects": ["overabundance deals 1 damage to Alice"]},
        {"mana": "{B}{B}{B}", "effects": ["overabundance deals 1 damage to Alice"]},
    ]
    steps = result.outcomes[1].witness
    assert [s.mana for s in steps] == ["{G}", "{B}", "{B}{B}", "{B}{B}", "{B}{B}{B}"]
    assert steps[1].rules == ("616.1e", "614.5")


def test_api_no_triggers(load):
    result = pysolver.mana_outcomes(load(BOARD), "forest", triggers=False)
    assert result.triggers is False
    assert result.canonical() == [{"mana": "{B}"}, {"mana": "{B}{B}"}]


def test_api_cannot_activate(load):
    board = load("players: [Alice, Bob]\nbattlefield:\n- {card: Forest, controller: Alice, tapped: true}\n")
    result = pysolver.mana_outcomes(board, "forest")
    assert result.outcomes == ()
    assert result.cannot_activate == ("107.5: Forest is tapped, so {T} can't be paid",)


def test_api_ability_numbering(load):
    """Printed abilities first, then intrinsic ones (WUBRG), then granted ones."""
    board = load("{Alice: [Chromatic Lantern, 'Urborg, Tomb of Yawgmoth', Spire of Industry], Bob: [Island]}")
    with pytest.raises(QueryError) as error:
        pysolver.mana_outcomes(board, "spire-of-industry")
    assert str(error.value).endswith(
        "has 4 mana abilities; choose one with --ability (a number, a cost or a text): "
        "1 = {T}: Add {C}.; 2 = {T}, Pay 1 life: Add one mana of any color. Activate only if you "
        "control an artifact.; 3 = {T}: Add {B}; 4 = {T}: Add one mana of any color.")
    origins = [a.origin for a in pysolver.mana_outcomes(board, "spire-of-industry", 3).abilities]
    assert origins == ["printed", "printed", "intrinsic (Swamp)", "granted by chromatic-lantern"]


@pytest.mark.parametrize("ability", [True, 1.0, "{Q}", "5"])
def test_api_bad_ability_type(load, ability):
    with pytest.raises(QueryError):
        pysolver.mana_outcomes(load(BOARD), "forest", ability)


def test_api_max_outcomes(load):
    with pytest.raises(LimitExceeded):
        pysolver.mana_outcomes(load(BOARD), "forest", max_outcomes=1)


def test_query_table_entry(load):
    from pysolver.query import QUERIES
    assert QUERIES["mana"](load(BOARD), "forest", triggers=False) == [{"mana": "{B}"}, {"mana": "{B}{B}"}]


# ------------------------------------------------------- witnesses replay
def _mana_cases():
    for path in sorted(CASES.glob("*.yaml")):
        for case in verify.load_cases(path):
            if case.query == "mana":
                yield pytest.param(case, id=case.id)


@pytest.mark.parametrize("case", list(_mana_cases()))
def test_witness_replays(case):
    """Each witness is a chain: every step starts from the mana of the one
    before, each replacement effect appears at most once (614.5), and the last
    step holds the outcome's mana."""
    board = verify.case_board(case)
    args = dict(case.args)
    result = pysolver.mana_outcomes(board, args.pop("permanent"), args.get("ability"),
                                    args.get("triggers", True))
    for outcome in result.outcomes:
        steps = outcome.witness
        assert steps and steps[-1].mana == outcome.symbols
        applied = [s.action.split(":")[0] for s in steps if s.action.startswith("apply ")]
        assert len(applied) == len(set(applied))
        for before, step in itertools.pairwise(steps):
            if " becomes " in step.action:
                assert step.action.split(": ", 1)[1].startswith(before.mana + " becomes ")


# --------------------------------------------- brute force over every order
# The same effects as data, for an independent enumeration of every order
# (CR 616.1): (card, where, applies(land is basic, total) -> bool, result).
EFFECTS = {
    "Mana Reflection": ("permanent", lambda basic, n: n >= 1, ("times", 2)),
    "Nyxbloom Ancient": ("permanent", lambda basic, n: n >= 1, ("times", 3)),
    "Contamination": ("permanent", lambda basic, n: n >= 1, ("set", "B", 1)),
    "Damping Sphere": ("permanent", lambda basic, n: n >= 2, ("set", "C", 1)),
    "Pale Moon": ("effect", lambda basic, n: n >= 1 and not basic, ("set", "C", None)),
    "Deep Water": ("effect", lambda basic, n: n >= 1, ("set", "U", None)),
}


def _brute_force(start: dict[str, int], basic: bool, effects: list[str]) -> set[str]:
    results = set()

    def walk(mana: dict[str, int], left: tuple[int, ...]):
        total = sum(mana.values())
        moves = [i for i in left if EFFECTS[effects[i]][1](basic, total)]
        if not moves:
            results.add(vector_symbols(mana))
        for i in moves:
            kind = EFFECTS[effects[i]][2]
            if kind[0] == "times":
                after = {t: n * kind[1] for t, n in mana.items()}
            else:
                after = {kind[1]: kind[2] if kind[2] is not None else total}
            walk(after, tuple(j for j in left if j != i))

    walk(start, tuple(range(len(effects))))
    return results


@pytest.mark.parametrize("size", [1, 2, 3, 4])  # one item per size: the two xdist processes share them
@pytest.mark.parametrize("land, start, basic", [
    ("Simic Growth Chamber", {"U": 1, "G": 1}, False),
    ("Forest", {"G": 1}, True),
])
def test_outcomes_match_every_order(land, start, basic, size):
    names = list(EFFECTS) + ["Mana Reflection", "Contamination"]
    for chosen in itertools.combinations(range(len(names)), size):
        effects = [names[i] for i in chosen]
        battlefield = [{"card": land, "controller": "Alice", "id": "land"}]
        extra = []
        for i, name in enumerate(effects):
            entry = {"card": name, "controller": "Alice", "id": f"e{i}"}
            (battlefield if EFFECTS[name][0] == "permanent" else extra).append(entry)
        board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": battlefield,
                                          "effects": extra})
        found = {o.symbols for o in pysolver.mana_outcomes(board, "land").outcomes}
        assert found == _brute_force(start, basic, effects), effects


# CR 601.2g, 118.3: an untap cost whose permanents its controller may control (Own Explorers'
# "your tapped land") may untap one tapped for mana first, which `mana` doesn't follow; one of an
# opponent's permanents is judged (asp/legality.lp, untap_judged/2 and untap_unjudged/2).
def _explorers_board(explorers: str):
    return pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": explorers, "controller": "Alice"},
        {"card": "Forest", "controller": "Alice", "tapped": True},
        {"card": "Mountain", "controller": "Bob", "tapped": True}]}, [FIXTURES / "cards" / "untap-costs.yaml"])


def test_untap_cost_of_own_permanents_is_refused():
    with pytest.raises(QueryError, match=r"^<board>: PERMANENT: own-explorers \(Own Explorers\) ability 1: its cost "
                       "untaps tapped permanents its controller may control, which may first be tapped for mana "
                       r"\(CR 601.2g\); mana doesn't judge that cost: ask can-activate$"):
        pysolver.mana_outcomes(_explorers_board("Own Explorers"), "own-explorers")


def test_untap_cost_of_an_opponents_permanent_is_judged():
    result = pysolver.mana_outcomes(_explorers_board("Benthic Explorers"), "benthic-explorers")
    assert (result.cannot_activate, result.canonical()) == ((), [{"mana": "{R}", "effects": ["untap mountain"]}])


def test_an_amount_read_after_a_sacrifice_cost_is_refused():
    """CR 601.2h, 608.2h: "{T}, Sacrifice a creature: Add {B} for each creature you control" adds as it
    resolves, counting the creatures left after the sacrifice; the amounts are read from the board
    before it, so mana and the payment search refuse it (they answered {B}{B} with two Bears)."""
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": "Test Counting Tower", "controller": "Alice"},
        {"card": "Grizzly Bears", "controller": "Alice"}, {"card": "Grizzly Bears", "controller": "Alice"}]},
        [FIXTURES / "cards" / "sacrifice-costs.yaml"])
    message = _read_after_cost("test-counting-tower")
    with pytest.raises(LimitExceeded, match=message):
        pysolver.mana_outcomes(board, "test-counting-tower")
    with pytest.raises(LimitExceeded, match=message):
        pysolver.available(board, "Alice")


def _read_after_cost(permanent: str) -> str:
    return (f"^<board>: incomplete: {permanent}'s mana ability 1 pays a cost that changes what it reads from the "
            "board for what it adds \\(a sacrifice, a tap or untap, life, cards, counters\\), which it does as it "
            r"resolves, after the cost \(CR 601.2h, 608.2h\): not modelled$")


@pytest.mark.parametrize("card, extra, hand", [
    # CR 122.1: one charge counter of three removed, then "{C} for each charge counter": {C}{C}, not {C}{C}{C}.
    ("Test Charged Battery", {"counters": {"charge": 3}}, []),
    # CR 701.8a: the card discarded is a creature card in the graveyard as the ability counts them.
    ("Test Grave Well", {}, ["Grizzly Bears"]),
    # CR 611.3a: tapping Juniper Order Advocate ends its +1/+1 before the greatest power is read.
    ("Test Drum Rancher", {}, []),
    # CR 701.17a: the sacrificed source is no artifact you control as the ability counts them.
    ("Test Fading Bloom", {}, []),
])
def test_an_amount_read_after_another_cost_is_refused(card, extra, hand):
    """CR 601.2h, 608.2h: costs other than a sacrifice of another permanent that change what the
    ability reads (counters removed, a discard, a tap of a permanent whose static ability applies
    while it is untapped, the source sacrificed) are refused the same way; mana answered with the
    board before the cost."""
    permanent = card.lower().replace(" ", "-")
    board = pysolver.board_from_data({"players": [{"name": "Alice", "hand": hand}, "Bob"], "battlefield": [
        {"card": card, "controller": "Alice", **extra},
        {"card": "Juniper Order Advocate", "controller": "Alice"},
        {"card": "Llanowar Elves", "controller": "Alice"}]},
        [FIXTURES / "cards" / "sacrifice-costs.yaml", COST_CARDS])
    message = _read_after_cost(permanent)
    with pytest.raises(LimitExceeded, match=message):
        pysolver.mana_outcomes(board, permanent)
    with pytest.raises(LimitExceeded, match=message):
        pysolver.available(board, "Alice")


@pytest.mark.parametrize("card", ["Test Tapped Banner", "Test Tapped Sword"])
def test_an_amount_read_after_a_tap_that_changes_a_static_reach_is_refused(card):
    """CR 110.5, 611.3a, 601.2h: tapping Llanowar Elves for the cost brings it into "Tapped creatures you
    control get +2/+0" (or makes "As long as equipped creature is tapped, ..." hold) before the greatest power
    is read (3, not 1): refused, not answered with the board before the cost."""
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": "Test Drum Rancher", "controller": "Alice"},
        {"id": "elves", "card": "Llanowar Elves", "controller": "Alice"},
        {"card": card, "controller": "Alice",
         **({"attached_to": {"permanent": "elves"}} if card.endswith("Sword") else {})}]},
        [FIXTURES / "cards" / "sacrifice-costs.yaml", COST_CARDS])
    with pytest.raises(LimitExceeded, match=_read_after_cost("test-drum-rancher")):
        pysolver.mana_outcomes(board, "test-drum-rancher")
    # the payment search refuses the board sooner: it grounds Alice's permanents untapped (test_tapped_conditions)
    with pytest.raises(LimitExceeded, match="reads whether other permanents are tapped"):
        pysolver.available(board, "Alice")


def test_a_cost_that_changes_nothing_read_is_judged():
    """Counters of another kind removed, and a tap of a creature whose abilities read no tapped
    state, change nothing the amount reads: answered (CR 601.2h)."""
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": "Test Drum Rancher", "controller": "Alice"},
        {"card": "Llanowar Elves", "controller": "Alice"}]},
        [FIXTURES / "cards" / "sacrifice-costs.yaml", COST_CARDS])
    result = pysolver.mana_outcomes(board, "test-drum-rancher")
    assert (result.cannot_activate, result.canonical()) == ((), [{"mana": "{G}"}])
