"""Optional additional costs a player pays a number of times (issue 13, CR 601.2b): "you may pay {1}{G} any number of
times" (``times``), escalate (702.120a: once for each mode chosen beyond the first), "you may sacrifice one or more
creatures" (``sacrifice``, 701.17a); `pay --spell --additional NAME=N` and `NAME=any` (every number the board pays)."""

from __future__ import annotations

import json

import pytest
import yaml

from pysolver.cards.oracle import compile_card
from pysolver.query import payment

PARADISE = {"name": "Test Paradise", "mana_cost": "{3}{G}", "types": ["Sorcery"],
            "oracle": "As an additional cost to cast this spell, you may pay {1}{G} any number of times.\n"
                      "You gain 3 life plus an additional 3 life for each additional {1}{G} you paid."}
PLUMB = {"name": "Test Plumb", "mana_cost": "{1}{B}", "types": ["Instant"],
         "oracle": "As an additional cost to cast this spell, you may sacrifice one or more creatures. When you do, "
                   "copy this spell for each creature sacrificed this way.\nYou draw a card and lose 1 life."}
MODES = "Choose one or more —\n• You gain 4 life.\n• You draw a card.\n• You gain 2 life."
ALLIANCE = {"name": "Test Alliance", "mana_cost": "{W}", "types": ["Instant"], "keywords": ["Escalate"],
            "oracle": f"Escalate {{2}} (Pay this cost for each mode chosen beyond the first.)\n{MODES}"}
BRUTALITY = {"name": "Test Brutality", "mana_cost": "{B}", "types": ["Sorcery"], "keywords": ["Escalate"],
             "oracle": f"Escalate—Discard a card. (Pay this cost for each mode chosen beyond the first.)\n{MODES}"}


def test_the_forms_compile_to_optional_costs():
    paradise = compile_card("Test Paradise", PARADISE["oracle"], "Sorcery", mana_cost="{3}{G}")
    assert paradise.ok and paradise.card["optional_costs"] == {"times": ["{1}{G}"]}
    plumb = compile_card("Test Plumb", PLUMB["oracle"], "Instant", mana_cost="{1}{B}")
    assert plumb.ok and plumb.card["optional_costs"] == {"sacrifice": [{"sacrifice_one_or_more": {"types": ["Creature"]}}]}
    assert [s["class"] for s in plumb.sentences] == ["compiled", "compiled", "irrelevant"]
    alliance = compile_card("Test Alliance", ALLIANCE["oracle"], "Instant", mana_cost="{W}", keywords=["Escalate"])
    assert alliance.ok and alliance.card["optional_costs"] == {"escalate": ["{2}"]}
    assert alliance.card["optional_most"] == {"escalate": 2}  # CR 702.120a: three modes
    brutality = compile_card("Test Brutality", BRUTALITY["oracle"], "Sorcery", mana_cost="{B}", keywords=["Escalate"])
    assert brutality.ok and brutality.card["optional_costs"] == {"escalate": [{"discard": 1}]}


def test_escalate_without_modes_is_not_understood():
    result = compile_card("Test Spell", "Escalate {2}\nYou gain 4 life.", "Instant", keywords=["Escalate"])
    assert result.ignored == ["Escalate {2}."]


def files(tmp_path, board):
    path = tmp_path / "cards.yml"
    path.write_text(yaml.safe_dump({"format": "pysolver-oracle/1", "cards": [PARADISE, PLUMB, ALLIANCE, BRUTALITY]},
                                   allow_unicode=True), "utf-8")
    where = tmp_path / "board.yaml"
    where.write_text(board, "utf-8")
    return where, path


def ways(cli, *args):
    code, out, err = cli("pay", *args, "--json")
    assert (code, err) == (0, "")
    answer = json.loads(out)
    return answer["cost"], sorted((w["paid"], tuple(w.get("costs", ()))) for w in answer["ways"])


def test_times_any_lists_each_number_the_board_pays(cli, tmp_path):
    """{3}{G} + {1}{G} any number of times, from {G}{G}{G}{G}{G}{G} in the pool: none or once (twice needs 8)."""
    board, cards = files(tmp_path, 'players:\n- {name: Alice, mana_pool: "{G}{G}{G}{G}{G}{G}"}\n- Bob\n')
    assert ways(cli, board, "Alice", "--spell", "Test Paradise", "--additional", "times=any", "--cards", cards) == (
        "{3}{G} + times {1}{G} any number of times", [
            ("{1} with {G} from pool, {1} with {G} from pool, {1} with {G} from pool, {1} with {G} from pool, "
             "{G} with {G} from pool, {G} with {G} from pool", ("times paid 1 time",)),
            ("{1} with {G} from pool, {1} with {G} from pool, {1} with {G} from pool, {G} with {G} from pool",
             ("times paid 0 times",))])
    assert ways(cli, board, "Alice", "--spell", "Test Paradise", "--additional", "times=2", "--cards", cards) == (
        "{3}{G} + times {1}{G} + times {1}{G}", [])


def test_escalate_is_paid_at_most_once_for_each_mode_beyond_the_first(cli, tmp_path):
    board, cards = files(tmp_path, 'players:\n- {name: Alice, mana_pool: "{W}{W}{W}{W}{W}{W}{W}{W}"}\n- Bob\n')
    cost, found = ways(cli, board, "Alice", "--spell", "Test Alliance", "--additional", "escalate=any", "--cards",
                       cards)
    assert cost == "{W} + escalate {2} up to 2 times"
    assert sorted(c for _, c in found) == [("escalate paid 0 times",), ("escalate paid 1 time",),
                                          ("escalate paid 2 times",)]
    assert cli("pay", board, "Alice", "--spell", "Test Alliance", "--additional", "escalate=3", "--cards", cards) == (
        2, "", f"error: {board}: --additional: escalate is paid at most 2 times (CR 702.120a: once for each mode "
               "chosen beyond the first, and Test Alliance has 3 modes)\n")


def test_escalate_discards_distinct_cards(cli, tmp_path):
    """CR 702.120a, 601.2h: paid twice, "Discard a card" discards two cards of the hand, never one card twice; with
    one other card in the hand it is paid once at most."""
    board, cards = files(tmp_path, 'players:\n- {name: Alice, mana_pool: "{B}", hand: [Test Brutality, Forest]}\n'
                                   '- Bob\n')
    assert ways(cli, board, "Alice", "--spell", "Test Brutality", "--additional", "escalate=any", "--cards",
                cards)[1] == [("{B} with {B} from pool", ("discard Forest", "escalate paid 1 time")),
                              ("{B} with {B} from pool", ("escalate paid 0 times",))]
    assert ways(cli, board, "Alice", "--spell", "Test Brutality", "--additional", "escalate=2", "--cards",
                cards)[1] == []


def test_sacrifice_one_or_more(cli, tmp_path):
    board, cards = files(tmp_path, """\
players:
- {name: Alice, mana_pool: "{B}{B}"}
- Bob
battlefield:
- {id: elf, card: Llanowar Elves, controller: Alice}
- {id: elf2, card: Llanowar Elves, controller: Alice}
""")
    cost, found = ways(cli, board, "Alice", "--spell", "Test Plumb", "--additional", "sacrifice", "--cards", cards)
    assert cost == "{1}{B} + sacrifice one or more creatures"
    assert [c for _, c in found] == [("sacrifice elf",), ("sacrifice elf", "sacrifice elf2"), ("sacrifice elf2",)]


def test_more_than_the_most_listed_is_refused(cli, tmp_path, monkeypatch):
    board, cards = files(tmp_path, 'players:\n- {name: Alice, mana_pool: "{G}{G}{G}{G}{G}{G}"}\n- Bob\n')
    monkeypatch.setattr(payment, "COUNTED_MOST", 0)
    with pytest.raises(payment.LimitExceeded, match=r"Test Paradise's times can be paid more than 0 times, the most "
                                                    r"pay lists of a cost paid a number of times \(COUNTED_MOST"):
        payment.pay(__import__("pysolver").load_board(board, [cards]), "Alice", spell="Test Paradise",
                    additional=("times=any",))


@pytest.mark.parametrize("named, message", [
    ("bargain=2", "bargain=2: only multikicker, replicate, squad, escalate and times are paid a number of times"),
    ("times=lots", "times=lots: write NAME=N (a number of times) or NAME=any (every number), once for any")])
def test_a_count_of_what_is_paid_once_is_refused(cli, tmp_path, named, message):
    board, cards = files(tmp_path, "players: [Alice, Bob]\n")
    assert cli("pay", board, "Alice", "--spell", "Test Paradise", "--additional", named, "--cards", cards) == (
        2, "", f"error: {board}: --additional: {message} (CR 601.2b)\n" if "bargain" in named
        else f"error: {board}: --additional: {message}\n")
