"""CR 601.3c: "You may cast this spell as though it had flash if you pay {2} more to cast it" (the card's
``flash_cost``): an additional cost its caster pays to cast it any time they could cast an instant."""

from __future__ import annotations

from pathlib import Path

CARDS = str(Path(__file__).parent / "cases" / "next" / "flash-cost-cards.yml")

BOB_END_STEP = """\
players: [{name: Alice, mana_pool: '{U}{U}{C}{C}', hand: [Harbinger of the Tides]}, Bob]
turn: {active: Bob, step: end}
"""


def test_pay_adds_the_flash_cost(cli, board_file):
    code, out, err = cli("pay", board_file(BOB_END_STEP), "Alice", "--spell", "Harbinger of the Tides",
                         "--additional", "flash", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert out.splitlines()[:4] == [
        "Alice can pay {U}{U} + flash {2}: 1 way", "way 1:", "  (no activation: the mana pool pays it)",
        "  paid: {1} with {C} from pool, {1} with {C} from pool, {U} with {U} from pool, {U} with {U} from pool"]


def test_pay_refuses_flash_for_a_card_without_that_cost(cli, board_file):
    path = board_file("players: [Alice, Bob]\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Grizzly Bears", "--additional", "flash", "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: --additional: Grizzly Bears has no cost to cast it as though it had flash "
                   "(CR 601.3c)\n")


def test_next_casts_it_as_though_it_had_flash_paying_more(cli, board_file):
    """In Bob's end step Alice can cast Harbinger only as though it had flash, paying {2} more: without
    additional=flash the timing refusal names the way (CR 307.1, 601.3c); with it, the pool's four mana pay."""
    path = board_file(BOB_END_STEP)
    code, out, err = cli("next", path, "cast", "Harbinger of the Tides", "by=Alice", "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (cast Harbinger of the Tides by=Alice): cast Harbinger of the Tides: "
                   "Harbinger of the Tides can be cast only by the active player in a main phase with the stack "
                   "empty (it is Bob's end step; CR 307.1); paying {2} more it may be cast as though it had flash: "
                   "cast Harbinger of the Tides additional=flash (CR 601.3c)\n")
    code, out, err = cli("next", path, "cast", "Harbinger of the Tides", "by=Alice", "additional=flash",
                         "--cards", CARDS)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "outcome 1: probability 1",
        "  - Alice casts Harbinger of the Tides as harbinger-of-the-tides, as though it had flash, paying "
        "{U}{U}{C}{C} (CR 601.2, 601.3c)"]


def test_next_refuses_it_when_the_flash_cost_cant_be_paid(cli, board_file):
    path = board_file(BOB_END_STEP.replace("{U}{U}{C}{C}", "{U}{U}{C}"))
    code, out, err = cli("next", path, "cast", "Harbinger of the Tides", "by=Alice", "additional=flash",
                         "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (cast Harbinger of the Tides by=Alice additional=flash): cast Harbinger "
                   "of the Tides: Alice can't pay {U}{U} + flash {2} with their mana pool ({U}{U}{C}) and mana "
                   "abilities (CR 601.2g, 601.2h)\n")


def test_flash_while_a_condition_holds(cli, board_file):
    """CR 601.3d, 601.3b: Silver Scrutiny as though it had flash with X of 3 or less (announced as it is cast), not
    4; Fated Clash if a creature is attacking and one blocking: in the end step and the declare attackers step none
    blocks (509.1g), so only a sorcery's timing; in the declare blockers step the board doesn't say: refused."""
    board = ("players: [{name: Alice, mana_pool: '{U}{U}{W}{W}{C}{C}{C}{C}', hand: [Silver Scrutiny, Fated Clash]}, "
             "Bob]\nturn: {active: Bob, step: %s}\n")
    path = board_file(board % "end")
    code, out, err = cli("next", path, "cast", "Silver Scrutiny", "by=Alice", "x=3", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert [line for line in out.splitlines() if "casts" in line] == [
        "  - Alice casts Silver Scrutiny as silver-scrutiny with X = 3, paying {W}{W}{U}{U}{C} (CR 601.2)",
        "  - Alice casts Silver Scrutiny as silver-scrutiny with X = 3, paying {W}{U}{U}{C}{C} (CR 601.2)",
        "  - Alice casts Silver Scrutiny as silver-scrutiny with X = 3, paying {U}{U}{C}{C}{C} (CR 601.2)"]
    timing = ("can be cast only by the active player in a main phase with the stack empty (it is Bob's {} step; CR "
              "307.1)\n")
    code, out, err = cli("next", path, "cast", "Silver Scrutiny", "by=Alice", "x=4", "--cards", CARDS)
    assert (code, out, err) == (2, "", f"error: {path}: action 1 (cast Silver Scrutiny by=Alice x=4): cast Silver "
                                       "Scrutiny: Silver Scrutiny " + timing.format("end"))
    for step in ("end", "declare_attackers"):
        path = board_file(board % step)
        code, out, err = cli("next", path, "cast", "Fated Clash", "by=Alice", "--cards", CARDS)
        assert (code, out, err) == (2, "", f"error: {path}: action 1 (cast Fated Clash by=Alice): cast Fated Clash: "
                                           "Fated Clash " + timing.format(step))
    path = board_file(board % "declare_blockers")
    code, out, err = cli("next", path, "cast", "Fated Clash", "by=Alice", "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (cast Fated Clash by=Alice): cast Fated Clash: Fated Clash may be cast "
                   "as though it had flash if a creature is attacking and a creature is blocking, and in Bob's "
                   "declare_blockers step the board doesn't state attackers or blockers (CR 601.3d, 509.1)\n")
