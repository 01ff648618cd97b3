"""A spell's additional costs that sacrifice every creature its caster controls ("sacrifice all creatures you
control"), any number of them, tap permanents of a list of kinds, or reveal a colorless card (CR 601.2b, 601.2h,
701.17a, 118.3, 105.2c): what pay --spell and next cast make of them."""

from __future__ import annotations

import json
from pathlib import Path

CARDS = str(Path(__file__).parent / "cases" / "payment" / "sacrifice-all-cards.yml")

CREATURES = """\
players: [{name: Alice, mana_pool: '%s', hand: [Guardian of the Great Door, Grizzly Bears, Ornithopter]}, Bob]
battlefield:
- {id: bears, card: Grizzly Bears, controller: Alice}
- {id: elves, card: Llanowar Elves, controller: Alice}
- {id: bob-bears, card: Grizzly Bears, controller: Bob}
"""


def _ways(out: str) -> list[str]:
    return [line for line in out.splitlines() if not line.startswith(("  paid:", "  left in the pool"))]


def test_every_creature_its_caster_controls_is_sacrificed(cli, board_file):
    """CR 701.17a, 601.2g-h: Alice's Bears and Elves, none of Bob's; the Elves could be tapped for mana first and
    still be sacrificed, but the pool pays, so no activation is needed (a way is irredundant)."""
    code, out, err = cli("pay", board_file(CREATURES % "{R}{R}{R}{C}{C}{C}"), "Alice", "--spell", "Soulblast",
                         "--cards", CARDS)
    assert (code, err) == (0, "")
    assert _ways(out) == ["Alice can pay {3}{R}{R}{R}: 1 way", "way 1:", "  (no activation: the mana pool pays it)",
                          "  and: sacrifice bears (CR 601.2h)", "  and: sacrifice elves (CR 601.2h)"]
    code, out, err = cli("pay", board_file(CREATURES % "{R}{R}{R}{C}{C}"), "Alice", "--spell", "Soulblast",
                         "--cards", CARDS)
    assert (code, err) == (0, "")
    assert _ways(out) == ["Alice can pay {3}{R}{R}{R}: 1 way", "way 1:",
                          "  1. activate Llanowar Elves (elves) ability 1 [{T}: Add {G}.]: adds {G}  [CR 605.3a, 602.2, "
                          "601.2g]",
                          "  and: sacrifice bears (CR 601.2h)", "  and: sacrifice elves (CR 601.2h)"]


def test_any_number_of_creatures_each_choice_a_way(cli, board_file):
    """CR 701.17a, 601.2h: none, either or both of Alice's creatures."""
    code, out, err = cli("pay", board_file(CREATURES % "{B}{B}{B}{B}{B}"), "Alice", "--spell", "Vicious Betrayal",
                         "--cards", CARDS)
    assert (code, err) == (0, "")
    assert _ways(out) == [
        "Alice can pay {3}{B}{B}: 4 ways", "way 1:", "  (no activation: the mana pool pays it)",
        "way 2:", "  (no activation: the mana pool pays it)", "  and: sacrifice bears (CR 601.2h)",
        "way 3:", "  (no activation: the mana pool pays it)", "  and: sacrifice bears (CR 601.2h)",
        "  and: sacrifice elves (CR 601.2h)",
        "way 4:", "  (no activation: the mana pool pays it)", "  and: sacrifice elves (CR 601.2h)"]


def test_a_colorless_creature_card_is_revealed(cli, board_file):
    """CR 701.16a, 105.2c: Ornithopter, not the green Grizzly Bears (nor Guardian, white)."""
    code, out, err = cli("pay", board_file(CREATURES % "{C}{C}{C}{C}{C}{C}"), "Alice", "--spell",
                         "Calamity of the Titans", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert _ways(out) == ["Alice can pay {4}{C}{C}: 1 way", "way 1:", "  (no activation: the mana pool pays it)",
                          "  and: reveal Ornithopter (CR 601.2h)"]


def test_next_taps_four_permanents_of_the_kinds_listed(cli, board_file):
    """CR 118.3, 601.2h: Guardian of the Great Door taps four untapped artifacts, creatures or lands its caster
    controls: with {W}{W} in the pool, the Bears, the Elves and two of the three Plains (each choice a board); an
    opponent's Bears is no choice."""
    path = board_file(CREATURES % "{W}{W}" + "- {id: p1, card: Plains, controller: Alice}\n"
                      "- {id: p2, card: Plains, controller: Alice}\n- {id: p3, card: Plains, controller: Alice}\n")
    code, out, err = cli("next", path, "cast", "Guardian of the Great Door", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert [line for line in out.splitlines() if line.startswith("  choice:")] == [
        "  choice: Alice taps bears, taps elves, taps p1, taps p2",
        "  choice: Alice taps bears, taps elves, taps p1, taps p3",
        "  choice: Alice taps bears, taps elves, taps p2, taps p3",
        "  choice: Alice taps bears, taps p1, taps p2, taps p3",
        "  choice: Alice taps elves, taps p1, taps p2, taps p3"]
    assert out.splitlines()[:7] == [
        "outcome 1: probability 1", "  choice: Alice taps bears, taps elves, taps p1, taps p2",
        "  - Alice taps bears (CR 601.2h, 118.3)", "  - Alice taps elves (CR 601.2h, 118.3)",
        "  - Alice taps p1 (CR 601.2h, 118.3)", "  - Alice taps p2 (CR 601.2h, 118.3)",
        "  - Alice casts Guardian of the Great Door as guardian-of-the-great-door, paying {W}{W} (CR 601.2)"]


def test_an_optional_reveal_is_paid_when_named(cli, board_file):
    """CR 601.2b, 118.8, 701.16a: "you may reveal a Dragon card from your hand": with --additional reveal, one of the
    two Shivan Dragons (alike: one way), not the Bears; without it, only the mana cost; next cast refuses to pay it
    (what revealing changes, the counter it enters with, isn't judged)."""
    path = board_file("players: [{name: Alice, mana_pool: '{G}{G}', hand: [Scaleguard Sentinels, Shivan Dragon, "
                      "Shivan Dragon, Grizzly Bears]}, Bob]\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Scaleguard Sentinels", "--additional", "reveal",
                         "--cards", CARDS)
    assert (code, err) == (0, "")
    assert _ways(out) == ["Alice can pay {G}{G} + reveal a Dragon card from your hand: 1 way", "way 1:",
                          "  (no activation: the mana pool pays it)", "  and: reveal Shivan Dragon (CR 601.2h)"]
    code, out, err = cli("pay", path, "Alice", "--spell", "Scaleguard Sentinels", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert _ways(out) == ["Alice can pay {G}{G}: 1 way", "way 1:", "  (no activation: the mana pool pays it)"]


def test_a_random_discard_needs_the_cards_and_next_refuses_it(cli, board_file):
    """CR 701.8b, 601.2h, 118.3: Sonic Burst discards a card at random (paid last): with another card in hand it
    is paid, one way (the player chooses nothing); Devastating Dreams discards X at random: two cards pay X = 2, not
    3. next cast refuses a random discard (which card goes isn't followed)."""
    path = board_file("players: [{name: Alice, mana_pool: '{R}{R}', hand: [Sonic Burst, Devastating Dreams, "
                      "Grizzly Bears]}, Bob]\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Sonic Burst", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert _ways(out) == ["Alice can pay {1}{R}: 1 way", "way 1:", "  (no activation: the mana pool pays it)",
                          "  and: discard a card at random (CR 601.2h)"]
    code, out, err = cli("pay", path, "Alice", "--spell", "Devastating Dreams", "--x", "2", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert _ways(out) == ["Alice can pay {R}{R} with X = 2: 1 way", "way 1:", "  (no activation: the mana pool pays it)",
                          "  and: discard 2 cards at random (CR 601.2h)"]
    code, out, err = cli("pay", path, "Alice", "--spell", "Devastating Dreams", "--x", "3", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert out.splitlines()[0].startswith("Alice can't pay {R}{R} with X = 3 now")
    code, out, err = cli("next", path, "cast", "Sonic Burst", "target=Bob", "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (cast Sonic Burst target=Bob): cast Sonic Burst: its additional cost "
                   "discards cards at random (CR 701.8b, 601.2h), which next doesn't follow (pay --spell gives its "
                   "ways)\n")


def test_x_permanents_returned_to_hand(cli, board_file):
    """CR 107.3a, 400.7, 601.2g-h: Infernal Harvest returns X Swamps its caster controls (Bob's is no choice): X = 2
    returns both of Alice's, each of which may first be tapped for mana (4 ways: which Swamp, which {B} pays the
    {1}); X = 3 can't be paid."""
    path = board_file("players: [{name: Alice, mana_pool: '{B}'}, Bob]\nbattlefield:\n"
                      "- {id: s1, card: Swamp, controller: Alice}\n- {id: s2, card: Swamp, controller: Alice}\n"
                      "- {id: s3, card: Swamp, controller: Bob}\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Infernal Harvest", "--x", "2", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "Alice can pay {1}{B} with X = 2: 4 ways"
    assert [line for line in out.splitlines() if line.startswith("  and:")] == [
        "  and: return s1 (CR 601.2h)", "  and: return s2 (CR 601.2h)"] * 4
    code, out, err = cli("pay", path, "Alice", "--spell", "Infernal Harvest", "--x", "3", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert out.splitlines()[0].startswith("Alice can't pay {1}{B} with X = 3 now")


def test_collecting_evidence_exiles_cards_of_total_mana_value(cli, board_file):
    """CR 701.57a: "you may collect evidence 6": Shivan Dragon (6) with any of the rest (the Bears, 2 each, alike;
    Ornithopter, 0): six ways; the two Bears alone (4) are too little, and without the Dragon it can't be paid
    (701.57b)."""
    path = board_file("players: [{name: Alice, mana_pool: '{B}{B}{B}{B}{B}', graveyard: [Shivan Dragon, Grizzly Bears, "
                      "Grizzly Bears, Ornithopter]}, Bob]\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Deadly Cover-Up", "--additional", "collect_evidence",
                         "--cards", CARDS)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "Alice can pay {3}{B}{B} + collect evidence 6: 6 ways"
    assert sorted(tuple(line.removeprefix("  and: exile ").removesuffix(" from the graveyard (CR 601.2h)")
                        for line in way.splitlines() if line.startswith("  and:"))
                  for way in out.split("way ")[1:]) == [
        ("Grizzly Bears", "Grizzly Bears", "Ornithopter", "Shivan Dragon"), ("Grizzly Bears", "Grizzly Bears",
                                                                            "Shivan Dragon"),
        ("Grizzly Bears", "Ornithopter", "Shivan Dragon"), ("Grizzly Bears", "Shivan Dragon"),
        ("Ornithopter", "Shivan Dragon"), ("Shivan Dragon",)]
    code, out, err = cli("pay", board_file("players: [{name: Alice, mana_pool: '{B}{B}{B}{B}{B}', graveyard: "
                                           "[Grizzly Bears, Grizzly Bears]}, Bob]\n"),
                         "Alice", "--spell", "Deadly Cover-Up", "--additional", "collect_evidence", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert out.splitlines()[0].startswith("Alice can't pay {3}{B}{B} + collect evidence 6 now")


def test_a_cost_reduced_for_each_one_paid_this_way(cli, board_file):
    """CR 601.2b, 601.2f: Torgaar costs {2} less for each creature sacrificed as it is cast: none leaves {6}{B}{B},
    more than the pool and the Elves give; one (either) {4}{B}{B}, both {2}{B}{B}, which the pool pays. next cast
    makes a board of each. March of Otherworldly Light with X = 3: {3}{W}, {1}{W} exiling one white card of the
    hand (the two Guardians alike), {W} exiling both (the green Bears is no choice)."""
    board = ("players: [{name: Alice, mana_pool: '%s', hand: ['Torgaar, Famine Incarnate', March of Otherworldly "
             "Light, Guardian of the Great Door, Guardian of the Great Door, Grizzly Bears]}, Bob]\nbattlefield:\n"
             "- {id: bears, card: Grizzly Bears, controller: Alice}\n- {id: elves, card: Llanowar Elves, controller: "
             "Alice}\n- {id: bob-bears, card: Grizzly Bears, controller: Bob}\n")
    path = board_file(board % "{B}{B}{C}{C}{C}{C}")
    code, out, err = cli("pay", path, "Alice", "--spell", "Torgaar, Famine Incarnate", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert _ways(out) == [
        "Alice can pay {6}{B}{B} + sacrifice any number of creatures: 3 ways",
        "way 1:", "  (no activation: the mana pool pays it)", "  and: sacrifice bears (CR 601.2h)",
        "way 2:", "  (no activation: the mana pool pays it)", "  and: sacrifice elves (CR 601.2h)",
        "way 3:", "  (no activation: the mana pool pays it)", "  and: sacrifice bears (CR 601.2h)",
        "  and: sacrifice elves (CR 601.2h)"]
    code, out, err = cli("next", path, "cast", "Torgaar, Famine Incarnate", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert [line for line in out.splitlines() if "casts" in line] == [
        "  - Alice casts Torgaar, Famine Incarnate as torgaar-famine-incarnate, paying {B}{B}{C}{C}{C}{C} (CR 601.2)",
        "  - Alice casts Torgaar, Famine Incarnate as torgaar-famine-incarnate, paying {B}{B}{C}{C} (CR 601.2)",
        "  - Alice casts Torgaar, Famine Incarnate as torgaar-famine-incarnate, paying {B}{B}{C}{C}{C}{C} (CR 601.2)"]
    path = board_file(board % "{W}{C}{C}{C}")
    code, out, err = cli("pay", path, "Alice", "--spell", "March of Otherworldly Light", "--x", "3", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert [line for line in out.splitlines() if line.startswith(("Alice", "  paid", "  and"))] == [
        "Alice can pay {X}{W} + exile any number of white cards from your hand with X = 3: 3 ways",
        "  paid: {1} with {C} from pool, {1} with {C} from pool, {1} with {C} from pool, {W} with {W} from pool",
        "  paid: {1} with {C} from pool, {W} with {W} from pool",
        "  and: exile Guardian of the Great Door from the hand (CR 601.2h)",
        "  paid: {W} with {W} from pool",
        "  and: exile Guardian of the Great Door from the hand (CR 601.2h)",
        "  and: exile Guardian of the Great Door from the hand (CR 601.2h)"]
    code, out, err = cli("pay", path, "Alice", "--spell", "March of Otherworldly Light", "--cards", CARDS)
    assert (code, out) == (3, "")
    assert err == (f"error: {path}: incomplete: March of Otherworldly Light's own ability changes its cost for each "
                   "permanent or card its additional cost pays (CR 601.2b, 601.2f), which pay determines for each "
                   "number paid only as the card is cast, with X given (--x)\n")


def test_next_exiles_the_cards_of_the_hand_a_cost_exiles(cli, board_file):
    """CR 601.2h, 406.3: a test card costing {3}{W}, {2} less for each white card exiled from the hand as it is
    cast: with {W}{C}, only exiling the Guardian pays; it goes to Alice's exile, the green Bears stays."""
    path = board_file("players: [{name: Alice, mana_pool: '{W}{C}', hand: [Test White March, Guardian of the Great "
                      "Door, Grizzly Bears], library: [Grizzly Bears]}, Bob]\n")
    code, out, err = cli("next", path, "cast", "Test White March", "--cards", CARDS, "--json")
    assert (code, err) == (0, "")
    [outcome] = json.loads(out)["outcomes"]
    alice = outcome["board"]["players"][0]
    assert (alice["hand"], alice["exile"]) == (["Grizzly Bears"], ["Guardian of the Great Door"])


def test_a_cost_counted_this_way_on_a_board_of_many_permanents(cli, board_file):
    """CR 601.2b, 601.2f: with {B}{B} and fourteen tapped Swamps beside four Bears, Torgaar ({6}{B}{B}, {2} less
    for each creature sacrificed) is paid sacrificing three Bears (four ways) or all four (one)."""
    board = ("players: [{name: Alice, mana_pool: '{B}{B}', hand: ['Torgaar, Famine Incarnate']}, Bob]\nbattlefield:\n"
             + "".join(f"- {{id: sw{i}, card: Swamp, controller: Alice, tapped: true}}\n" for i in range(14))
             + "".join(f"- {{id: b{i}, card: Grizzly Bears, controller: Alice}}\n" for i in range(4)))
    code, out, err = cli("pay", board_file(board), "Alice", "--spell", "Torgaar, Famine Incarnate", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "Alice can pay {6}{B}{B} + sacrifice any number of creatures: 5 ways"
    assert sorted(len([line for line in way.splitlines() if line.startswith("  and: sacrifice")])
                  for way in out.split("way ")[1:]) == [3, 3, 3, 3, 4]


def test_any_number_of_nonland_permanents(cli, board_file):
    """CR 601.2b, 601.2f, 109.2: Rottenmouth Viper's "you may sacrifice any number of nonland permanents", each one
    {1} less: the Swamp is no choice; one sacrificed (the Bears or the Ornithopter, each with the Swamp's mana) or
    both (the pool pays); none leaves {5}{B}, one more than the pool and the Swamp. Before, the sentence was not
    understood ("nonland" was no filter the payment search read)."""
    code, out, err = cli("pay", board_file("""\
players: [{name: Alice, mana_pool: '{B}{B}{B}{B}', hand: [Rottenmouth Viper]}, Bob]
battlefield:
- {id: bears, card: Grizzly Bears, controller: Alice}
- {id: thopter, card: Ornithopter, controller: Alice}
- {id: swamp, card: Swamp, controller: Alice}
"""), "Alice", "--spell", "Rottenmouth Viper", "--cards", CARDS, "--cards",
        str(Path(CARDS).parent / "nonland-sacrifice-cards.yml"))
    assert (code, err) == (0, "")
    assert [line for line in _ways(out) if "sacrifice" in line or "way" in line] == [
        "Alice can pay {5}{B} + sacrifice any number of nonland permanents: 5 ways",
        "way 1:", "  and: sacrifice bears (CR 601.2h)", "way 2:", "  and: sacrifice thopter (CR 601.2h)",
        "way 3:", "  and: sacrifice bears (CR 601.2h)", "way 4:", "  and: sacrifice thopter (CR 601.2h)",
        "way 5:", "  and: sacrifice bears (CR 601.2h)", "  and: sacrifice thopter (CR 601.2h)"]
