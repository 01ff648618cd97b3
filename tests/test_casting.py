"""Who may cast what, when (issue 13): permissions to cast as though spells had flash (CR 702.8a,
307.1), prohibitions (101.2, 601.3) and cost changes by creature type and for opponents' spells
(601.2f), compiled from Oracle text; the ruling cases are tests/cases/next/casting.yaml and
tests/cases/payment/spell-costs.yaml, the refusals here."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError

CASES = Path(__file__).parent / "cases"
CASTING = CASES / "next" / "casting-cards.yml"
BANS = Path(__file__).parent / "fixtures" / "cards" / "oracle-cast-bans.yaml"
FLASHBACK = CASES / "next" / "flashback-cards.yml"
COSTS = CASES / "payment" / "cost-cards.yml"


@pytest.mark.parametrize(("text", "ability"), [
    ("You may cast creature spells as though they had flash.",
     {"cast_permission": {"whose": "you", "spells": {"types": ["Creature"]}}}),
    ("Any player may cast Sliver spells as though they had flash.",
     {"cast_permission": {"whose": "any", "spells": {"subtypes": ["Sliver"]}}}),
    ("Your opponents can't cast spells during combat.",
     {"cast_prohibition": {"whose": "opponent", "during": "combat", "spells": {}}}),
    ("You can't cast noncreature spells.", {"cast_prohibition": {"whose": "you", "spells": {"not_types": ["Creature"]}}}),
    ("Each player can't cast more than one spell each turn.",
     {"cast_prohibition": {"whose": "any", "spells": {}, "after_one_each_turn": True}}),
    # CR 202.3, 202.3e: the spell's mana value, X counted (Void Winnower)
    ("Your opponents can't cast spells with even mana values.",
     {"cast_prohibition": {"whose": "opponent", "spells": {}, "mana_value": "even"}}),
    # CR 201.2, 607.2a: the name of a card exiled with its source, the board's exiled: (Godsend, Ashiok's Erasure)
    ("Your opponents can't cast spells with the same name as a card exiled with ~.",
     {"cast_prohibition": {"whose": "opponent", "spells": {}, "named_exiled": True}}),
    ("Your opponents can't cast spells with the same name as the exiled card.",
     {"cast_prohibition": {"whose": "opponent", "spells": {}, "named_exiled": True}}),
    # CR 601.2a: the zone it is cast from (Drannith Magistrate, Kunoros)
    ("Your opponents can't cast spells from anywhere other than their hands.",
     {"cast_prohibition": {"whose": "opponent", "spells": {}, "cast_from": "not_hand"}}),
    ("Players can't cast spells from graveyards.",
     {"cast_prohibition": {"whose": "any", "spells": {}, "cast_from": "graveyard"}}),
    # CR 201.2: a name chosen (Alhammarret), a nontoken permanent's (Cornered Market)
    ("Your opponents can't cast spells with the chosen name.",
     {"cast_prohibition": {"whose": "opponent", "spells": {}, "named_as": "chosen"}}),
    ("Players can't cast spells with the same name as a nontoken permanent.",
     {"cast_prohibition": {"whose": "any", "spells": {}, "named_as": "nontoken_permanent"}}),
    # CR 303.4: the player a Curse enchants (Curse of Exhaustion)
    ("Enchanted player can't cast more than one spell each turn.",
     {"cast_prohibition": {"whose": "enchanted_player", "spells": {}, "after_one_each_turn": True}}),
    ("Treefolk spells and Shaman spells you cast cost {1} less to cast.",
     {"cost_change": {"spells": {"any_of": [{"subtypes": ["Treefolk"]}, {"subtypes": ["Shaman"]}]}, "whose": "you",
                      "less": 1}}),
    ("Artifact, instant, and sorcery spells your opponents cast cost {1} more to cast.",
     {"cost_change": {"spells": {"any_of": [{"types": ["Artifact"]}, {"types": ["Instant"]}, {"types": ["Sorcery"]}]},
                      "whose": "opponent", "more": 1}}),
    ("Each spell an opponent casts costs {1} more to cast.",
     {"cost_change": {"spells": {}, "whose": "opponent", "more": 1}}),
])
def test_forms(text, ability):
    result = compile_card("Watcher", text, "Enchantment")
    assert (result.status, result.card["abilities"]) == ("ok", [ability])


def test_own_flash_permission():
    result = compile_card("Watcher", "You may cast this spell as though it had flash.", "Sorcery")
    assert (result.status, result.card.get("cast_as_though_flash")) == ("ok", True)


@pytest.mark.parametrize("text", [
    "Each player can't cast more than one noncreature spell each turn.",  # no board counts them by kind
    "Your opponents can't cast spells with prime mana values.",
    "Your opponents can't cast spells with the same name as a card in your graveyard.",
    "You may cast Aura spells with enchant creature as though they had flash.",
    "Villain spells you cast cost {1} less to cast.",  # not a subtype of the Comprehensive Rules followed
    "Rare and mythic rare spells you cast cost {1} less to cast.",
])
def test_left_not_understood(text):
    assert compile_card("Watcher", text, "Enchantment").status == "partial"


BARRACUDA = """\
players:
- Alice
- name: Bob
  hand: [Ornithopter]
turn: {number: 3, active: Alice, step: end}
battlefield:
- {id: barracuda, card: Tidal Barracuda, controller: Alice}
"""


def test_a_prohibition_wins_over_a_permission(cli, board_file):
    """CR 101.2: Tidal Barracuda lets Bob cast as though with flash, and forbids it during Alice's turn."""
    path = board_file(BARRACUDA)
    code, out, err = cli("next", path, "cast", "Ornithopter", "by=Bob", "--cards", CASTING)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (cast Ornithopter by=Bob): cast Ornithopter: an ability of barracuda "
                   "forbids casting it now (CR 601.3; a \"can't\" wins over any permission, 101.2)\n")


def test_rule_of_law_second_spell(cli, board_file):
    path = board_file("""\
        players:
        - name: Alice
          hand: [Ornithopter, Ornithopter]
        - Bob
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: law, card: Rule of Law, controller: Bob}
        """)
    code, out, err = cli("next", path, "cast", "Ornithopter", "resolve", "cast", "Ornithopter", "--cards", CASTING)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 3 (cast Ornithopter): cast Ornithopter: an ability of law forbids "
                   "casting it now (CR 601.3; a \"can't\" wins over any permission, 101.2)\n")


def test_changeling_is_every_creature_type_for_a_cost_change(cli, board_file):
    """CR 702.73a: a changeling card is every creature type: a Dinosaur spell for "Dinosaur spells
    you cast cost {1} less"."""
    path = board_file("""\
        players: [{name: Alice, mana_pool: '{G}{G}{G}{G}'}, Bob]
        battlefield:
        - {card: "Kinjalli's Caller", controller: Alice}
        """)
    code, out, err = cli("pay", path, "Alice", "--spell", "Chameleon Colossus", "--cards", COSTS)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "total cost {1}{G}{G} (CR 601.2f, 118.7: changed by kinjalli-s-caller)"


@pytest.mark.parametrize(("text", "restriction"), [
    ("Cast this spell only during combat.", {"steps": ["beginning_of_combat", "declare_attackers", "declare_blockers",
                                                       "combat_damage", "end_of_combat"]}),
    ("Cast this spell only during combat on your turn before blockers are declared.",
     {"steps": ["beginning_of_combat", "declare_attackers"], "turn": "you"}),
    ("Cast this spell only during the declare blockers step on an opponent's turn.",
     {"steps": ["declare_blockers"], "turn": "opponent"}),
    ("Cast this spell only during your turn.", {"turn": "you"}),
    ("Cast this spell only during your upkeep.", {"steps": ["upkeep"], "turn": "you"}),
    # CR 508.1b: the active player attacks, so its caster is attacked only on an opponent's turn
    ("Cast this spell only during the declare attackers step and only if you've been attacked this step.",
     {"steps": ["declare_attackers"], "turn": "opponent", "if_attacked": True}),
    # Reset (was partial): any step after the upkeep, of an opponent's turn
    ("Cast this spell only during an opponent's turn after their upkeep step.",
     {"steps": ["draw", "precombat_main", "beginning_of_combat", "declare_attackers", "declare_blockers",
                "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup"], "turn": "opponent"}),
])
def test_cast_only(text, restriction):
    """CR 601.3: the card's own restriction on when it may be cast."""
    result = compile_card("Trick", text, "Instant")
    assert (result.status, result.card["cast_only"]) == ("ok", {**restriction, "text": text.rstrip(".")})


@pytest.mark.parametrize("text", [
    "Cast this spell only during an opponent's turn, before attackers are declared.",  # which steps, after combat?
    "Cast this spell only during combat after blockers are declared.",  # was a blockers step begun?
    "Cast this spell only before the combat damage step.",
    "Cast this spell only if you control a snow land.",
    "Cast this spell only during your turn after their upkeep step.",  # whose upkeep?
])
def test_cast_only_left_not_understood(text):
    assert compile_card("Trick", text, "Instant").status == "partial"


@pytest.mark.parametrize(("card", "turn", "by", "said"), [
    ("Seedtime", "{number: 4, active: Bob, step: end}", "Alice", "Cast this spell only during your turn\" (it is "
     "Bob's end step"),
    ("Surprise Deployment", "{number: 4, active: Alice, step: precombat_main}", "Alice",
     "Cast this spell only during combat\" (it is Alice's precombat_main step"),
    ("Melee", "{number: 4, active: Alice, step: declare_blockers}", "Alice", "Cast this spell only during combat on "
     "your turn before blockers are declared\" (it is Alice's declare_blockers step"),
    ("Melee", "{number: 4, active: Bob, step: declare_attackers}", "Alice", "Cast this spell only during combat on "
     "your turn before blockers are declared\" (it is Bob's declare_attackers step"),
    ("Rally the Troops", "{number: 4, active: Alice, step: declare_attackers}", "Alice", "Cast this spell only during "
     "the declare attackers step and only if you've been attacked this step\" (it is Alice's declare_attackers step"),
    ("Rally the Troops", "{number: 4, active: Bob, step: declare_blockers}", "Alice", "Cast this spell only during "
     "the declare attackers step and only if you've been attacked this step\" (it is Bob's declare_blockers step"),
    ("Reset", "{number: 4, active: Bob, step: upkeep}", "Alice", "Cast this spell only during an opponent's turn after "
     "their upkeep step\" (it is Bob's upkeep step"),
    ("Reset", "{number: 4, active: Alice, step: end}", "Alice", "Cast this spell only during an opponent's turn after "
     "their upkeep step\" (it is Alice's end step"),
])
def test_cast_only_refused_at_other_times(cli, board_file, card, turn, by, said):
    path = board_file(f"players:\n- {{name: Alice, hand: [{card}], mana_pool: '{{W}}{{W}}{{W}}{{W}}{{R}}{{G}}'}}\n"
                      f"- Bob\nturn: {turn}\n")
    code, out, err = cli("next", path, "cast", card, f"by={by}", "--cards", CASTING)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (cast {card} by={by}): cast {card}: {card} says \"{said}; CR 601.3)\n")


def test_cast_only_after_their_upkeep(cli, board_file):
    """CR 601.3: Reset in Bob's draw step, Alice casting it."""
    path = board_file("players:\n- {name: Alice, hand: [Reset], mana_pool: '{U}{U}'}\n- Bob\n"
                      "turn: {number: 4, active: Bob, step: draw}\n")
    code, out, err = cli("next", path, "cast", "Reset", "by=Alice", "--cards", CASTING)
    assert (code, err) == (0, "")
    assert out.splitlines()[1] == "  - Alice casts Reset as reset, paying {U}{U} (CR 601.2)"


def test_cast_only_if_attacked_refused_where_it_would_be_allowed(cli, board_file):
    """CR 601.3, 508.1b: on an opponent's declare attackers step, whether its caster was attacked decides, and no
    board records it."""
    path = board_file("players:\n- {name: Alice, hand: [Rally the Troops], mana_pool: '{W}'}\n- Bob\n"
                      "turn: {number: 4, active: Bob, step: declare_attackers}\n")
    code, out, err = cli("next", path, "cast", "Rally the Troops", "by=Alice", "--cards", CASTING)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (cast Rally the Troops by=Alice): cast Rally the Troops: it says \"Cast "
                   "this spell only during the declare attackers step and only if you've been attacked this step\", "
                   "and the board doesn't record whether Alice was attacked this step (CR 601.3, 508.1b)\n")


DESTROY = {"targets": [{"zone": "battlefield", "filter": {"types": ["Creature"]}, "text": "target creature"}],
           "do": [{"destroy": {"target": 1}}], "text": "Destroy target creature"}


@pytest.mark.parametrize("cost", [
    "As an additional cost to cast this spell, sacrifice a creature or pay {4}.",  # CR 601.2b
    "As an additional cost to cast this spell, sacrifice any number of creatures.",  # CR 601.2b, 701.17a
    "This spell costs {2} less to cast if you gained life this turn.",  # CR 601.2f
    "Cast this spell only during combat.",  # CR 601.3
    "You may sacrifice a Mountain rather than pay this spell's mana cost.",  # CR 118.9
    "Flashback {4}{R}",  # CR 702.34a
])
def test_a_targeted_effect_beside_lines_about_casting_it(cost):
    """CR 601.2c, 608.2: the spell's effect is read when its other lines are compiled costs or timing."""
    result = compile_card("Test Spell", f"{cost}\nDestroy target creature.", "Instant")
    assert (result.status, result.card["spell"], result.card.get("cast_unjudged")) == ("ok", DESTROY, None)


UNAIMED = ["its target, which the compiler keeps in its text (CR 115.1c, 601.2c)"]


@pytest.mark.parametrize(("other", "status", "unjudged"), [
    ("As an additional cost to cast this spell, gobble 1.", "partial", UNAIMED),  # an Un- card's, no rule's
    ("Kicker {2}", "partial", UNAIMED),  # an optional cost, which an "if kicked" sentence may read
    # another effect, compiled: with the targeted one left out (CR 608.2c), both stay text and next refuses
    ("Draw a card.", "ok", UNAIMED),
])
def test_a_targeted_effect_beside_other_lines_stays_text(other, status, unjudged):
    result = compile_card("Test Spell", f"{other}\nDestroy target creature.", "Instant")
    assert (result.status, "targets" in result.card.get("spell", {}), result.card.get("cast_unjudged")) == (
        status, False, unjudged)


@pytest.mark.parametrize(("condition", "targets"), [
    ("a tapped creature", {"whose": "any", "filter": {"types": ["Creature"]}, "tapped": True}),
    ("a Dragon", {"whose": "any", "filter": {"subtypes": ["Dragon"]}}),
    ("a blue permanent", {"whose": "any", "filter": {"colors": ["U"]}}),
    ("a creature you control with a +1/+1 counter on it",
     {"whose": "you", "filter": {"types": ["Creature"], "with_counter": "+1/+1"}}),
])
def test_own_cost_if_it_targets(condition, targets):
    """CR 601.2c, 601.2f: a change of its own cost judged on the targets chosen before it."""
    result = compile_card("Test Spell", f"This spell costs {{2}} less to cast if it targets {condition}.\n"
                                        "Destroy target creature.", "Instant")
    assert (result.status, result.card["own_cost"]) == ("ok", {"less": 2, "if": {"targets": targets}})


@pytest.mark.parametrize("condition", [
    "a creature spell",  # a spell, not a permanent: no condition on the targets states it (CR 601.2c)
    "a creature card with mana value 3 or less",  # a card in a graveyard
    "an attacking creature",  # no board states attackers (CR 508.1k)
    "an attacking or tapped creature",
    "a creature that was dealt damage this turn",  # no board records what was dealt this turn
])
def test_own_cost_if_it_targets_what_no_board_states_is_unjudged(condition):
    """CR 601.2f: compiled with the condition unjudged: pay --spell and next cast refuse the spell
    (tests/test_spell_costs.py)."""
    result = compile_card("Test Spell", f"This spell costs {{2}} less to cast if it targets {condition}.\n"
                                        "Destroy target creature.", "Instant")
    assert (result.status, result.card["own_cost"]) == ("ok", {"less": 2, "if": {"unjudged": f"if it targets {condition}"}})


def test_own_cost_during_a_step():
    """CR 601.2f: "during your end step", read as cast_only reads it (pay --spell: tests/cases/payment/total-costs.yaml)."""
    result = compile_card("Test Spell", "This spell costs {2} less to cast during your end step.", "Instant")
    assert (result.status, result.card["own_cost"]) == ("ok", {"less": 2, "if": {"during": {"steps": ["end"],
                                                                                             "turn": "you"}}})
    assert compile_card("Test Spell", "This spell costs {2} less to cast during an opponent's turn, before attackers "
                                      "are declared.", "Instant").status == "partial"


@pytest.mark.parametrize(("text", "own_cost"), [
    ("This spell costs {3} less to cast if you've cast another spell this turn.",
     {"less": 3, "if": {"amount": "spells_cast", "at_least": 1}}),
    ("This spell costs {3} less to cast for each other spell cast this turn.", {"less": 3, "per": "spells_cast_all"}),
])
def test_own_cost_counts_spells_cast_before_it(text, own_cost):
    """CR 601.2f, 601.2i: the spells cast this turn before it (the board's spells_cast_this_turn)."""
    result = compile_card("Test Creature", text, "Creature — Elemental", power="4", toughness="4")
    assert (result.status, result.card["own_cost"]) == ("ok", own_cost)
    assert compile_card("Test Spell", "If you've cast another spell this turn, you may cast this spell without paying "
                                      "its mana cost.", "Instant").status == "partial"  # an alternative's condition


def _cast(bans: dict, hand: list[str], pool: str, action: list[str], cast: int = 0,
          graveyard: tuple[str, ...] = (), others: tuple[dict, ...] = ()) -> list[str]:
    """The events of casting, or the refusal, on a board where Bob controls the permanent ``bans`` and Alice cast
    ``cast`` spells this turn."""
    import pysolver

    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": hand, "mana_pool": pool, "spells_cast_this_turn": cast,
                     "graveyard": list(graveyard)}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"controller": "Bob", **bans}, *others]}, [BANS, FLASHBACK])
    try:
        done, = pysolver.api.next_states(board, action)
    except QueryError as error:
        return [str(error).split("): ", 1)[1]]
    return [done.board["stack"][0]["card"]]


FORBIDDEN = "cast {}: an ability of {} forbids casting it now (CR 601.3; a \"can't\" wins over any permission, 101.2)"


def test_spells_named_as_a_card_exiled_with_it_are_forbidden():
    """CR 201.2, 607.2a: Ashiok's Erasure forbids Alice spells with the name of the card exiled with it (the
    board's exiled:): Grizzly Bears, not Llanowar Elves; with nothing exiled, none."""
    erasure = {"id": "erasure", "card": "Ashiok's Erasure", "exiled": ["Grizzly Bears"]}
    hand = ["Grizzly Bears", "Llanowar Elves"]
    assert [_cast(erasure, hand, "{G}{G}", ["cast", card]) for card in hand] + [
        _cast({**erasure, "exiled": []}, hand, "{G}{G}", ["cast", "Grizzly Bears"])] == [
        [FORBIDDEN.format("Grizzly Bears", "erasure")], ["Llanowar Elves"], ["Grizzly Bears"]]


def test_spells_with_even_mana_values_are_forbidden():
    """CR 202.3, 202.3e: Void Winnower's "Your opponents can't cast spells with even mana values": Grizzly Bears
    (2) is forbidden, Llanowar Elves (1) is not; a spell with {X} counts the X announced: X=1 gives 2, X=2 gives 3.
    Its controller's own spells are not forbidden."""
    winnower = {"id": "winnower", "card": "Test Winnower"}
    hand = ["Grizzly Bears", "Llanowar Elves", "Test Hydra"]
    assert [_cast(winnower, hand, "{G}{G}{G}", action) for action in (
        ["cast", "Grizzly Bears"], ["cast", "Llanowar Elves"], ["cast", "Test Hydra", "x=1"],
        ["cast", "Test Hydra", "x=2"])] == [
        [FORBIDDEN.format("Grizzly Bears", "winnower")], ["Llanowar Elves"], [FORBIDDEN.format("Test Hydra", "winnower")],
        ["Test Hydra"]]


def test_the_enchanted_player_can_cast_one_spell_each_turn():
    """CR 303.4, 601.3: Bob's Curse of Exhaustion enchants Alice: once she cast a spell this turn (the board's
    spells_cast_this_turn), her next is forbidden; her first is not, nor anything while it enchants Bob."""
    curse = {"id": "curse", "card": "Curse of Exhaustion", "attached_to": {"player": "Alice"}}
    hand = ["Llanowar Elves"]
    assert [_cast(curse, hand, "{G}", ["cast", "Llanowar Elves"], cast) for cast in (1, 0)] + [
        _cast({**curse, "attached_to": {"player": "Bob"}}, hand, "{G}", ["cast", "Llanowar Elves"], 1)] == [
        [FORBIDDEN.format("Llanowar Elves", "curse")], ["Llanowar Elves"], ["Llanowar Elves"]]


def test_spells_cast_from_anywhere_but_a_hand_are_forbidden():
    """CR 601.2a: Bob's Drannith Magistrate forbids Alice Firebolt cast from her graveyard for its flashback cost,
    not Firebolt cast from her hand."""
    magistrate = {"id": "magistrate", "card": "Drannith Magistrate"}
    assert [_cast(magistrate, ["Firebolt"], "{R}{R}{R}{R}{R}", action, graveyard=("Firebolt",)) for action in (
        ["cast", "Firebolt", "flashback", "target=Bob"], ["cast", "Firebolt", "target=Bob"])] == [
        [FORBIDDEN.format("Firebolt", "magistrate")], ["Firebolt"]]


def test_spells_with_the_chosen_name_are_forbidden():
    """CR 201.2, 607.1: Alhammarret's prohibition forbids Alice spells with the name chosen as it entered: Grizzly
    Bears, not Llanowar Elves; with no name chosen, none."""
    arbiter = {"id": "arbiter", "card": "Test Arbiter", "chosen": {"name": "Grizzly Bears"}}
    hand = ["Grizzly Bears", "Llanowar Elves"]
    assert [_cast(arbiter, hand, "{G}{G}", ["cast", card]) for card in hand] + [
        _cast({"id": "arbiter", "card": "Test Arbiter"}, hand, "{G}{G}", ["cast", "Grizzly Bears"])] == [
        [FORBIDDEN.format("Grizzly Bears", "arbiter")], ["Llanowar Elves"], ["Grizzly Bears"]]


def test_spells_named_like_a_nontoken_permanent_are_forbidden():
    """CR 201.2, 111.1: Cornered Market's prohibition: Bob's Grizzly Bears makes Alice's Grizzly Bears spell
    forbidden; a token named so doesn't."""
    market = {"id": "market", "card": "Test Market"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}
    assert [_cast(market, ["Grizzly Bears"], "{G}{G}", ["cast", "Grizzly Bears"], others=(each,))
            for each in (bears, {**bears, "token": True})] == [
        [FORBIDDEN.format("Grizzly Bears", "market")], ["Grizzly Bears"]]
