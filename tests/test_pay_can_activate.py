"""can-activate pays mana with the payment search `pay` uses (issue 12 item 3)."""

from __future__ import annotations

from functools import cache

import pytest

import pysolver
from pysolver.errors import LimitExceeded
from pysolver import verify
from pysolver.query.activation import ability_body, activated_abilities, choose_ability
from pysolver.query.payment import Search, pay

from helpers import FLARE as PILI_PALA
from helpers import FIXTURES, corpus_cases, mana_abilities_read_once


def test_pili_pala_paid_with_triggered_mana(cli, board_file):
    """The issue's example: the Forest makes {G}{G} under Mana Flare (605.1b), so yes."""
    path = board_file(PILI_PALA)
    code, out, _ = cli("can-activate", path, "pili-pala")
    assert (code, out) == (0, "yes: Pili-Pala (pili-pala), ability 1: {2}, {Q}: Add one mana of any color. "
                         "({Q} is the untap symbol.)\n")
    path = board_file(PILI_PALA.replace("- {card: Mana Flare, controller: Alice}\n", ""))
    code, out, _ = cli("can-activate", path, "pili-pala")
    assert (code, out) == (0, "no: Pili-Pala (pili-pala), ability 1: {2}, {Q}: Add one mana of any color. ({Q} is the untap symbol.)\n"
                              "  118.3: Alice can't produce {2} with Alice's mana pool and the mana "
                              "abilities Alice can activate now\n")


def mana_only(body: dict) -> str | None:
    """The mana of a cost whose other items are only {T}/{Q}; None otherwise."""
    symbols = []
    for item in body.get("cost", []):
        if item in ("{T}", "{Q}"):
            continue
        if not isinstance(item, str) or "X" in item or not item.startswith("{"):  # sacrifice_self is no mana
            return None
        symbols.append(item)
    return "".join(symbols) or None


@cache
def can_activate_ids() -> tuple[str, ...]:
    """The ids of the corpus's can-activate cases, in its order."""
    return tuple(case.id for case in corpus_cases() if case.query == "can-activate")


@cache  # both tests below read it: each case loaded and its abilities listed once a process (issue 16)
def can_activate_case(case_id: str):
    """A can-activate case of the corpus: the case, its board, the permanent and the ability
    it asks about (named by its number, cost or text, or the only one: query/abilities.py)."""
    case = next(case for case in corpus_cases() if case.id == case_id)
    board = verify.case_board(case)
    permanent = board.permanent(case.args["permanent"])
    chosen = choose_ability(board, permanent, activated_abilities(board, permanent.id), case.args.get("ability"))
    return case, board, permanent, chosen


def can_activate_slice(part: int = 0, parts: int = 1) -> tuple[str, ...]:
    """The ids of every ``parts``-th can-activate case of the corpus from the ``part``-th: a slice."""
    return can_activate_ids()[part::parts]


def can_activate_cases(part: int = 0, parts: int = 1):
    """The cases of a slice (``can_activate_slice``), each loaded once a process."""
    return [can_activate_case(case_id) for case_id in can_activate_slice(part, parts)]


# The comparison over the whole corpus grounds each case's board four times (about two
# minutes of CPU): run in slices, so that the test processes share it (issue 16).
SLICES = 8


def test_the_slices_cover_every_can_activate_case():
    """The slices, by their cases' ids: no board loaded here (the tests over the corpus load each case once a
    process, can_activate_case; this test loaded every one again wherever it ran)."""
    sliced = [case_id for part in range(SLICES) for case_id in can_activate_slice(part, SLICES)]
    assert sorted(sliced) == sorted(can_activate_ids()) and len(sliced) == len(set(sliced)) > 150
    assert [case.id for case, *_ in can_activate_cases(0, len(sliced))] == [sliced[0]]  # a slice is its ids' cases


@pytest.mark.parametrize("part", range(SLICES))
def test_can_activate_agrees_with_pay_over_the_corpus(part):
    checked = 0
    for case, board, permanent, chosen in can_activate_cases(part, SLICES):
        number = chosen.number
        cost = mana_only(ability_body(board, chosen.term))
        if cost is None:
            continue
        with mana_abilities_read_once():  # the board's mana abilities read once for the three
            try:
                acts = Search(board, permanent.controller, False).base.acts
            except LimitExceeded:  # a board pay refuses (X counters removed): nothing to compare
                continue
            if any(a.perm == permanent.id for a in acts):
                continue  # its own mana abilities would be excluded by its {T}: not pay's question
            answer = pysolver.can_activate(board, permanent.id, number)
            blocked = any(r.startswith("118.3: ") and "can't produce" in r for r in answer.reasons)
            assert (not blocked) == pay(board, permanent.controller, cost).payable, case.id
        checked += 1
    assert checked >= 5


def test_can_activate_judges_other_costs_as_pay_does_over_the_corpus():
    """An ability whose cost is mana and other costs (discard, sacrifice, life, tapping others):
    can-activate's "all of its costs together" is pay's answer for the same cost text (CR 601.2h),
    one search and one judge of the other costs (payment.Extras) for both."""
    from pysolver.query.payment import ability_payable

    checked = 0
    for case, board, permanent, chosen in can_activate_cases():
        body = ability_body(board, chosen.term)
        items = body.get("cost", [])
        if not any(isinstance(i, dict) for i in items) or any(i in ("{T}", "{Q}", "sacrifice_self") for i in items) \
                or any(isinstance(i, dict) and "remove_counters" in i for i in items):
            continue
        cost = chosen.text.split(":")[0].split(" — ")[-1]
        with mana_abilities_read_once():  # the board's mana abilities read once for both
            try:
                expected = pay(board, permanent.controller, cost).payable
            except (LimitExceeded, pysolver.QueryError):
                continue  # a cost pay can't read or refuses: nothing to compare
            verdict = ability_payable(board, permanent, body)
        assert verdict is not None and verdict[1] == expected, case.id
        checked += 1
    assert checked >= 4




def test_no_for_the_mana_is_refused_when_the_search_refuses_an_ability(tmp_path):
    """The payment search refuses Own Explorers' cost (it untaps its controller's own land, which
    could be tapped for mana first, CR 601.2g), and the rules' chain leaves the Explorers out (a
    cost that untaps another permanent, 118.3): its "no" for Deep Water's {U} would be a guess,
    the Explorers untapping the tapped Forest for {U}.  It said no (asp/activation.lp's
    chain_left_out named only costs kept as text and graveyard exiles)."""
    cards = FIXTURES / "cards" / "untap-costs.yaml"
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": "Own Explorers", "controller": "Alice"}, {"card": "Deep Water", "controller": "Alice"},
        {"card": "Forest", "controller": "Alice", "tapped": True}]}, [cards])
    with pytest.raises(LimitExceeded, match=r"^<board>: incomplete: deep-water \(Deep Water\) ability 1: whether its "
                       "mana can be paid is unknown: a mana ability of Alice's has a cost the payment search does not "
                       r"model \(CR 601.2g-h, 118.3\)$"):
        pysolver.can_activate(board, "deep-water")
