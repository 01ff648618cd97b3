"""`pysolver pay` (issue 12): exact output, JSON against its schema, bad input, limits."""

from __future__ import annotations

import json

import jsonschema
import pytest

import pysolver
from pysolver import schemas
from pysolver.query.payment import TAPPED_CONDITIONS, parse_cost, pay, reads_tapped_state

from helpers import EXAMPLES, FIXTURES, FLARE

def test_pay_cli_ways(cli, board_file):
    path = board_file(FLARE)
    code, out, err = cli("pay", path, "Alice", "{U}")
    assert (code, err) == (0, "")
    assert out == (
        "Alice can pay {U}: 1 way\n"
        "way 1:\n"
        "  1. activate Forest (forest) ability 1 [{T}: Add {G}]: adds {G}{G}  [CR 605.3a, 602.2, 601.2g]\n"
        "  2. activate Pili-Pala (pili-pala) ability 1 [{2}, {Q}: Add one mana of any color. ({Q} is the untap symbol.)], paying "
        "{1} with {G} from forest, {1} with {G} from forest: adds {Any}  [CR 605.3a, 602.2, 601.2g]\n"
        "  paid: {U} with {Any} as {U} from pili-pala\n"
        "  left in the pool: nothing\n"
    )


def test_pay_cli_explain_shows_each_activation_steps(cli):
    code, out, _ = cli("pay", EXAMPLES / "mana-reflection.yaml", "Alice", "{B}{B}{B}", "--explain")
    assert code == 0
    assert out == (
        "Alice can pay {B}{B}{B}: 1 way\n"
        "way 1:\n"
        "  1. activate Forest (forest) ability 1 [{T}: Add {G}]: adds {B}{B}{B}  [CR 605.3a, 602.2, 601.2g]\n"
        "       activate it: it would produce {G}  [CR 602.2, 605.3b]\n"
        "       apply the replacement effect of Contamination: {G} becomes {B}  [CR 616.1e, 614.5]\n"
        "       apply the replacement effect of Mana Reflection: {B} becomes {B}{B}  [CR 616.1f, 614.5]\n"
        "       no other replacement effect applies: the ability produces {B}{B}  [CR 616.1f]\n"
        "       the triggered mana ability of Heartbeat of Spring adds {B}  [CR 605.1b, 605.4a, 106.12a]\n"
        "  paid: {B} with {B} from forest, {B} with {B} from forest, {B} with {B} from forest\n"
        "  left in the pool: nothing\n"
    )


def test_pay_cli_largest_x_and_not_payable(cli, board_file):
    path = board_file(FLARE)
    code, out, _ = cli("pay", path, "Alice", "{X}{G}")
    assert (code, out) == (0, ("Alice can pay {X}{G} with X up to 1 (CR 107.3, 601.2f-h); "
                               "--x N lists the ways for one X\n"))
    code, out, _ = cli("pay", path, "Alice", "{X}{W}{W}")
    assert (code, out) == (0, "Alice can't pay {X}{W}{W} for any X (CR 601.2h, 118.3)\n")
    code, out, _ = cli("pay", path, "Alice", "{B}{B}")
    assert (code, out) == (0, ("Alice can't pay {B}{B} now: no sequence of mana abilities gives the "
                               "mana (CR 601.2g-h, 118.3)\n"))


@pytest.mark.parametrize("args", [["Alice", "{U}"], ["Alice", "{X}{G}"], ["Alice", "--spell", "Sol Ring"],
                                  ["Alice", "{W}{W}"]])
def test_pay_json_validates(cli, board_file, args):
    path = board_file(FLARE)
    code, out, err = cli("pay", path, *args, "--json")
    assert (code, err) == (0, "")
    document = json.loads(out)
    jsonschema.validate(document, schemas.output_schema("pay"))
    assert document["schema"] == "pysolver/pay/4"


def test_pay_json_exact(cli, board_file):
    path = board_file(FLARE)
    code, out, _ = cli("pay", path, "Alice", "--spell", "Sol Ring", "--json")
    assert code == 0
    assert json.loads(out) == {
        "schema": "pysolver/pay/4", "board": str(path), "player": "Alice", "cost": "{1}",
        "payable": True, "count": 1,
        "ways": [{"activations": [{"permanent": "forest", "card": "Forest", "ability": 1,
                                   "text": "{T}: Add {G}", "paid": "", "added": "{G}{G}", "effects": []}],
                  "paid": "{1} with {G} from forest", "left": "{G}", "life": 0}]}


@pytest.mark.parametrize("args, line", [
    (["Alice", "{G"], "COST: can't read the cost '{G': write mana symbols like {2}{G}{W/U}{W/P}"),
    (["Alice", "2G"], "COST: can't read the cost '2G': write mana symbols like {2}{G}{W/U}{W/P}"),
    (["Alice", "{Q}"], "COST: unknown mana symbol {Q} in the cost '{Q}'"),
    (["Carol", "{G}"], "argument PLAYER: no player named 'Carol' in the game (players: Alice, Bob)"),
    (["Alice", "--spell", "Nope"], ("--spell: no spell 'Nope': neither an id on the stack nor a card "
                                    "in the library")),
    (["Alice", "--spell", "Forest"], "--spell: Forest is a land, not a spell (CR 305.1)"),
    (["Alice"], "COST: give a COST or --spell CARD_OR_ID (one of them)"),
    (["Alice", "{G}", "--x", "-1"], "--x: X can't be negative (CR 107.3)"),
])
def test_pay_bad_input_one_line_exit_2(cli, board_file, args, line):
    path = board_file(FLARE)
    code, out, err = cli("pay", path, *args)
    assert (code, out) == (2, "")
    assert err == f"error: {path}: {line}\n"


def test_pay_max_outcomes_is_incomplete(cli, board_file):
    path = board_file("Alice: [Forest, Forest, Forest]\nBob: []\n")
    code, out, err = cli("pay", path, "Alice", "{G}", "--max-outcomes", "2")
    assert (code, out) == (3, "")
    assert err == f"error: {path}: incomplete: more than 2 ways (--max-outcomes)\n"
    code, out, _ = cli("pay", path, "Alice", "{G}", "--max-outcomes", "3")
    assert code == 0 and out.startswith("Alice can pay {G}: 3 ways\n")


def test_pay_state_bound_is_incomplete(monkeypatch, load):
    from pysolver.query import payment
    board = load("Alice: [Forest, Forest, Forest, Forest]\nBob: []\n")
    monkeypatch.setattr(payment, "MAX_STATES", 3)
    with pytest.raises(pysolver.LimitExceeded, match="more than 3 distinct states"):
        pay(board, "Alice", "{G}{G}{G}{G}")


def test_parse_cost_symbols():
    assert parse_cost("{X}{2/W}{W/P}{G/U}{S}{C}{10}", None) == ["X", "2/W", "W/P", "G/U", "S", "C", "10"]


def test_available_json_restricted_pool_validates(cli, board_file):
    path = board_file("Alice: [Mishra's Workshop, Forest]\nBob: []\n")
    code, out, _ = cli("available", path, "Alice", "--json")
    assert code == 0
    document = json.loads(out)
    jsonschema.validate(document, schemas.output_schema("available"))
    assert document["pools"] == ["{G} + {C}{C}{C} (Spend this mana only to cast artifact spells.)"]


# Costs that untap another player's permanent (CR 118.3): modelled where each result names the
# permanent untapped (Benthic Explorers' "that land"); refused where the search can't follow them.


def _untap_board(tmp_path, alice: list[str]):
    return pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        *({"card": card, "controller": "Alice"} for card in alice),
        {"card": "Mountain", "controller": "Bob", "tapped": True}]}, [FIXTURES / "cards" / "untap-costs.yaml"])


def test_untap_cost_whose_mana_names_no_land_is_refused(tmp_path):
    board = _untap_board(tmp_path, ["Plain Explorers"])
    with pytest.raises(pysolver.LimitExceeded, match="^<board>: incomplete: plain-explorers's mana ability 1 untaps a tapped "
                       r"permanent an opponent controls, and its mana doesn't name which \(CR 118.3\); the payment "
                       "search does not model that$"):
        pay(board, "Alice", "{G}")


def test_untap_cost_of_own_permanents_stays_refused(tmp_path):
    board = _untap_board(tmp_path, ["Own Explorers"])
    with pytest.raises(pysolver.LimitExceeded, match=r"^<board>: incomplete: own-explorers's mana ability 1 has a cost "
                       r"\(untap_tapped\) the payment search does not model$"):
        pay(board, "Alice", "{G}")


# Names in the card format with "tapped" in them that are no condition on a permanent's tapped state:
# events (a trigger's), costs, entering tapped, the permanent a cost untapped ("that land"), the
# permanent a "tapped for mana" trigger watches.
NOT_TAPPED_CONDITIONS = {"enters_tapped", "others_enter_tapped", "others_enter_untapped", "tap_untapped",
                         "untap_tapped", "tapped_for", "tapped", "untapped", "becomes_tapped", "becomes_untapped",
                         "tapped_for_mana"}


def _tapped_names(node) -> set[str]:
    if isinstance(node, dict):
        names = {key for key in node if isinstance(key, str) and "tapped" in key}
        names |= {v for v in node.get("enum", ()) if isinstance(v, str) and "tapped" in v}
        return names.union(*(_tapped_names(value) for value in node.values()))
    if isinstance(node, list):
        return set().union(*(_tapped_names(item) for item in node))
    return set()


def test_tapped_conditions_cover_the_card_format():
    """Every name of the card format about a tapped state is a condition the payment search's untap
    costs are refused beside (TAPPED_CONDITIONS; the static ability's 'if': 'untapped'), or no
    condition: a name added to the format must be sorted here."""
    names = _tapped_names([value for value in vars(schemas).values() if isinstance(value, dict | list)])
    assert names - NOT_TAPPED_CONDITIONS == TAPPED_CONDITIONS
    assert reads_tapped_state({"abilities": [{"static": {"if": "untapped"}}]})
    assert reads_tapped_state([{"trigger": {"if": {"self_tapped": True}}}])
    assert not reads_tapped_state({"abilities": [{"static": {"if": "your_turn"}}, {"enters_tapped": True}]})


def test_untap_cost_beside_an_ability_reading_untapped_is_refused(tmp_path):
    """Paradise Druid's hexproof reads whether it is untapped (CR 611.3a): the search reads the
    board as it was, so a cost that untaps another player's permanent is refused beside it."""
    board = _untap_board(tmp_path, ["Benthic Explorers", "Paradise Druid"])
    with pytest.raises(pysolver.LimitExceeded, match="^<board>: incomplete: benthic-explorers's mana ability 1 untaps a "
                       "permanent an opponent controls, and Paradise Druid has an ability that reads whether a "
                       r"permanent is tapped \(CR 611.3a\), which the payment search does not follow$"):
        pay(board, "Alice", "{R}")


# CR 106.3, 107.4h: the mana a triggered mana ability adds has that ability's source, not the permanent
# tapped: Heartbeat of Spring's {G} beside a snow land's is no snow mana.  The search labels an act's mana
# by its permanent, so it refuses to pay {S} where that label would be wrong, and pays the rest as before.
def _snow_board(alice: list[str]):
    return pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": card, "controller": "Alice"} for card in alice]}, [FIXTURES.parent / "cases" / "payment" / "test-cards.yml"])


def test_snow_paid_beside_triggered_mana_of_another_source_is_refused():
    board = _snow_board(["Snow-Covered Forest", "Heartbeat of Spring"])
    with pytest.raises(pysolver.LimitExceeded, match=r"^<board>: incomplete: a triggered mana ability adds to the mana of "
                       r"snow-covered-forest's mana ability 1 from a source that is not snow, unlike it \(CR 106.3, "
                       r"107.4h\); the payment search doesn't tell that mana apart where \{S\} is paid$"):
        pay(board, "Alice", "{S}{S}")
    assert pay(board, "Alice", "{G}{G}").payable


def test_snow_paid_with_only_the_snow_lands_own_mana_is_answered():
    board = _snow_board(["Snow-Covered Forest", "Forest"])
    assert pay(board, "Alice", "{S}").payable
    assert not pay(board, "Alice", "{S}{S}").payable
