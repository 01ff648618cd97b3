"""can-activate pays mana with the payment search `pay` uses (issue 12 item 3)."""

from __future__ import annotations

from pathlib import Path

import pysolver
from pysolver.errors import LimitExceeded
from pysolver import verify
from pysolver.query.activation import ability_body, activated_abilities, choose_ability
from pysolver.query.payment import Search, pay

CORPUS = Path(__file__).parent / "cases"

PILI_PALA = """\
players: [Alice, Bob]
battlefield:
- {card: Pili-Pala, controller: Alice, tapped: true}
- {card: Forest, controller: Alice}
- {card: Mana Flare, controller: Alice}
"""


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
        if not isinstance(item, str) or "X" in item:
            return None
        symbols.append(item)
    return "".join(symbols) or None


def test_can_activate_agrees_with_pay_over_the_corpus():
    checked = 0
    for case in verify.load_all([CORPUS]):
        if case.query != "can-activate":
            continue
        board = verify.case_board(case)
        permanent = board.permanent(case.args["permanent"])
        abilities = activated_abilities(board, permanent.id)
        # named by its number, cost or text, or the only one (the one numbering, query/abilities.py)
        chosen = choose_ability(board, permanent, abilities, case.args.get("ability"))
        number = chosen.number
        cost = mana_only(ability_body(board, chosen.term))
        if cost is None:
            continue
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
