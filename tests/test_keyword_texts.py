"""Keywords compiled as the abilities their rules write out (pysolver/cards/oracle_keyword_texts.py,
issue 13): each compiles to what the compiler makes of its rule's words; `pysolver next` puts its
triggers on the stack (tests/cases/next/keyword-texts.yaml) and refuses to resolve an effect no
form models, naming it."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError
from pysolver.next_state import next_states, parse_actions


CASES = Path(__file__).parent / "cases" / "next"
DIES = {"event": "put_into_graveyard"}


def compiled(line: str, type_line: str = "Creature — Beast", keywords: list[str] | None = None):
    return compile_card("Beast", line, type_line, keywords=keywords, power="2", toughness="2")


def triggers(result) -> list[dict]:
    return [a["triggered"] for a in result.card.get("abilities", [])]


@pytest.mark.parametrize(("line", "kind"), [("Persist", "-1/-1"), ("Undying", "+1/+1")])
def test_persist_and_undying_are_their_dies_trigger(line, kind):
    """CR 702.79a, 702.93a: the intervening "if" looks at the permanent as it last existed (603.10a);
    returning it no form models: the trigger keeps its text (next refuses to resolve it)."""
    result = compiled(line)
    assert result.status == "ok"
    assert triggers(result) == [{"when": DIES, "if": {"left_no_counters": kind},
                                 "text": f"return it to the battlefield under its owner's control with a {kind} "
                                         "counter on it"}]
    assert result.card["keywords"] == [line]


@pytest.mark.parametrize(("line", "card", "texts"), [
    ("Afterlife 2", {}, [(DIES, "create two 1/1 white and black Spirit creature tokens with flying")]),
    ("Afterlife 1", {}, [(DIES, "create a 1/1 white and black Spirit creature token with flying")]),
    ("Modular 3", {"enters_with_counters": [{"kind": "+1/+1", "count": 3}]},
     [(DIES, "you may put a +1/+1 counter on target artifact creature for each +1/+1 counter on Beast")]),
    ("Fabricate 2", {}, [({"event": "enters"}, "you may put two +1/+1 counters on it. If you don't, create two "
                                                "1/1 colorless Servo artifact creature tokens")]),
    ("Exploit", {}, [({"event": "enters"}, "you may sacrifice a creature")]),
    ("Backup 1", {}, [({"event": "enters"}, "put a +1/+1 counter on target creature. If that's another creature, "
                                             "it also gains the non-backup abilities of Beast printed below this "
                                             "one until end of turn")]),
    ("Champion a Goblin or Shaman", {}, [
        ({"event": "enters"}, "sacrifice it unless you exile another Goblin or Shaman you control"),
        ({"event": "leaves"}, "return the exiled card to the battlefield under its owner's control")]),
    ("Bloodthirst 2", {"enters_with_counters": [{"kind": "+1/+1", "count": 2,
                                                 "unjudged": "if an opponent was dealt damage this turn"}]}, []),
    ("Sunburst", {"enters_with_counters": [{"kind": "+1/+1", "count": 1, "per": "colors_spent"}]}, []),
])
def test_keywords_compile_to_their_rules_text(line, card, texts):
    """CR 702.135a, 702.43a, 702.123a, 702.110a, 702.165a, 702.72a, 702.54a, 702.44a."""
    result = compiled(line)
    assert result.status == "ok"
    assert [(t["when"], t["text"]) for t in triggers(result)] == texts
    assert {k: result.card[k] for k in card} == card
    assert not any("do" in t for t in triggers(result))  # no form models these effects: next refuses them


def test_graft_is_its_counters_and_its_trigger_with_an_intervening_if():
    """CR 702.58a, 603.4: "if this permanent has a +1/+1 counter on it"."""
    result = compiled("Graft 2")
    assert result.card["enters_with_counters"] == [{"kind": "+1/+1", "count": 2}]
    assert triggers(result) == [{
        "when": {"event": "permanent_enters", "filter": {"types": ["Creature"], "other": True}, "whose": "any"},
        "if": {"self_counters": {"kind": "+1/+1", "at_least": 1}},
        "text": "you may move a +1/+1 counter from Beast onto that creature"}]


def test_evolve_is_its_trigger_with_the_comparison_as_an_intervening_if():
    """CR 702.100a: judged as it triggers (asp/zone_change.lp); the effect keeps its text."""
    result = compiled("Flying\nEvolve")
    assert result.status == "ok"
    assert triggers(result) == [{
        "when": {"event": "permanent_enters", "filter": {"types": ["Creature"]}, "whose": "you"},
        "if": {"entering_stats_greater": True}, "text": "put a +1/+1 counter on Beast"}]


def test_evolve_trigger_resolving_is_refused():
    """Its intervening "if" is checked again on resolution (CR 603.4), which isn't modelled: next refuses."""
    entering = board([{"id": "one", "card": "Experiment One", "controller": "Alice"}],
                     stack=[{"id": "bears", "card": "Grizzly Bears", "controller": "Alice"}])
    with pytest.raises(QueryError, match=r"one-1 \(Experiment One: \"put a \+1/\+1 counter on Experiment One\"\): its "
                                         r"effect isn't modelled"):
        next_states(entering, parse_actions(["resolve", "resolve"]))


@pytest.mark.parametrize(("line", "devour"), [
    ("Devour 2", {"count": 2, "filter": {"types": ["Creature"]}}),
    ("Devour land 3", {"count": 3, "filter": {"types": ["Land"]}}),
    ("Devour Food 3", {"count": 3, "filter": {"subtypes": ["Food"]}}),
])
def test_devour_is_its_replacement(line, devour):
    """CR 702.82a: what it may sacrifice as it enters, and the counters for each (asp/zone_change.lp)."""
    result = compiled(line)
    assert (result.status, result.card["devour"]) == ("ok", devour)


@pytest.mark.parametrize("line", ["Devour X", "Devour 1, devour 2"])
def test_a_devour_the_data_cant_state_is_not_understood(line):
    assert compiled(line).status == "partial"


def test_tribute_is_counters_next_refuses_to_judge():
    """CR 702.104a: an opponent chooses whether to put them, which next doesn't choose: it refuses the entering."""
    result = compiled("Tribute 3")
    assert result.card["enters_with_counters"] == [{
        "kind": "+1/+1", "count": 3,
        "unjudged": "if the opponent its controller chooses pays tribute (CR 702.104a), a choice next doesn't make"}]
    casting = board([], stack=[{"id": "brute", "card": "Thunder Brute", "controller": "Alice"}])
    with pytest.raises(QueryError, match=r"brute enters with \+1/\+1 counters if the opponent its controller chooses "
                                         r"pays tribute \(CR 702.104a\), a choice next doesn't make"):
        next_states(casting, parse_actions(["resolve"]))


@pytest.mark.parametrize(("line", "type_line", "when"), [
    ("Soulshift 4", "Creature — Spirit", DIES),  # CR 702.46a
    ("Extort", "Creature — Bat", {"event": "cast", "whose": "you"}),  # CR 702.101a
    ("Cascade", "Sorcery", {"event": "cast_self"}),  # CR 702.85a
    ("For Mirrodin!", "Artifact — Equipment", {"event": "enters"}),  # CR 702.163a
])
def test_triggers_of_casting_dying_and_entering(line, type_line, when):
    result = compiled(line, type_line)
    assert result.status == "ok"
    [trigger] = triggers(result)
    assert trigger["when"] == when and "do" not in trigger


def test_soulshift_and_cascade_are_refused_where_next_reaches_them():
    """Soulshift targets a card (CR 603.3d: next refuses to put it on the stack); cascade's effect isn't modelled."""
    dying = board([{"id": "kami", "card": "Kami of Lunacy", "controller": "Alice", "damage": 2}])
    with pytest.raises(QueryError, match=r"chooses targets or a mode as it is put on the stack"):
        next_states(dying, parse_actions(["check"]))
    casting = board([{"id": "forest", "card": "Forest", "controller": "Alice"},
                     {"id": "island", "card": "Island", "controller": "Alice"},
                     {"id": "island-2", "card": "Island", "controller": "Alice"}], hand=["Shardless Agent"])
    with pytest.raises(QueryError, match=r"shardless-agent-1 \(Shardless Agent: \"exile cards from the top of your "
                                         r"library.*its effect isn't modelled"):
        next_states(casting, parse_actions(["cast", "Shardless Agent", "resolve"]))


def test_sunburst_on_a_noncreature_is_charge_counters():
    """CR 702.44a: the card's own types decide, type-changing effects ignored."""
    result = compiled("Sunburst", "Artifact")
    assert result.card["enters_with_counters"] == [{"kind": "charge", "count": 1, "per": "colors_spent"}]


def test_hideaway_and_living_weapon_are_enters_triggers():
    """CR 702.75a, 702.92a."""
    land = compiled("Hideaway 4", "Land")
    assert [t["text"] for t in triggers(land)] == [
        "look at the top four cards of your library. Exile one of them face down and put the rest on the bottom "
        "of your library in a random order"]
    equipment = compiled("Living weapon", "Artifact — Equipment")
    assert [t["text"] for t in triggers(equipment)] == [
        "create a 0/0 black Phyrexian Germ creature token, then attach Beast to it"]


def test_each_instance_is_an_ability():
    """CR 702.75, 702.165: "Hideaway 3, hideaway 3", "Backup 1, backup 1": two triggered abilities."""
    assert len(triggers(compiled("Hideaway 3, hideaway 3"))) == 2
    assert len(triggers(compiled("Flying, backup 1, backup 1"))) == 2


@pytest.mark.parametrize(("line", "why"), [
    ("Modular X", "modular: a keyword whose trigger, replacement, cost or type change a query reaches (CR 702.43), "
                  "which pysolver doesn't model"),
    ("Champion of Freedom", "champion: a keyword whose trigger, replacement, cost or type change a query reaches "
                            "(CR 702.72), which pysolver doesn't model"),
])
def test_a_keyword_the_texts_cant_state_stays_not_understood(line, why):
    result = compiled(line)
    assert result.status == "partial"
    assert [(s["text"], s["why"]) for s in result.sentences] == [(line + ".", why)]


def board(battlefield: list[dict], hand: list[str] = (), stack: list[dict] = ()):
    return pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": list(hand)}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": battlefield, "stack": list(stack)}, [CASES / "keyword-texts.yml"])


def test_persist_trigger_resolving_is_refused():
    """Returning it to the battlefield no form models: next refuses, naming the text, never resolves it as nothing."""
    dying = board([{"id": "goblin", "card": "Putrid Goblin", "controller": "Alice", "damage": 2}])
    with pytest.raises(QueryError, match=r"goblin-1 \(Putrid Goblin: \"return it to the battlefield under its "
                                         r"owner's control with a -1/-1 counter on it\"\): its effect isn't modelled"):
        next_states(dying, parse_actions(["check", "resolve"]))


def test_bloodthirst_entering_is_refused():
    """CR 702.54a: whether an opponent was dealt damage this turn no board records."""
    casting = board([], stack=[{"id": "ogre", "card": "Blood Ogre", "controller": "Alice"}])
    with pytest.raises(QueryError, match=r"ogre enters with \+1/\+1 counters if an opponent was dealt damage this "
                                         r"turn \(CR 614.1c\), which the board doesn't record"):
        next_states(casting, parse_actions(["resolve"]))


def test_hideaway_trigger_and_the_lands_other_ability_are_refused():
    """CR 702.75a: looking at the library and exiling a card face down, and playing it, no form models."""
    played = board([], hand=["Shelldock Isle"])
    with pytest.raises(QueryError, match=r"shelldock-isle-1 \(Shelldock Isle: \"look at the top four cards of your "
                                         r"library.*its effect isn't modelled"):
        next_states(played, parse_actions(["play", "Shelldock Isle", "resolve"]))
    isle = board([{"id": "isle", "card": "Shelldock Isle", "controller": "Alice"}])
    with pytest.raises(QueryError, match=r"activate isle: ability 3 .*its effect isn't modelled"):
        next_states(isle, parse_actions(["activate", "isle", "3"]))


def vanishing_board(counters: dict[str, int], step: str = "upkeep", others: list[dict] = ()):
    return pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": step},
        "battlefield": [{"id": "wurm", "card": "Waning Wurm", "controller": "Alice", "counters": counters},
                        *others]}, [CASES / "vanishing.yml"])


def test_vanishing_is_its_three_abilities():
    """CR 702.63a, 702.63b: the counters it enters with (none without a number), the upkeep trigger with its
    intervening "if" removing a time counter, and the sacrifice when the last is removed."""
    upkeep = {"when": {"step": "upkeep", "whose": "you"}, "if": {"self_counters": {"kind": "time", "at_least": 1}},
              "text": "remove a time counter from it", "do": [{"remove_counter_self": "time"}]}
    last = {"when": {"event": "last_counter_removed", "kind": "time"}, "text": "sacrifice it",
            "do": [{"sacrifice_self": True}]}
    numbered = compiled("Vanishing 2", keywords=["Vanishing"])
    assert (numbered.status, numbered.card["enters_with_counters"], triggers(numbered)) == (
        "ok", [{"kind": "time", "count": 2}], [upkeep, last])
    bare = compiled("Vanishing", "Enchantment", keywords=["Vanishing"])
    assert (bare.status, "enters_with_counters" in bare.card, triggers(bare)) == ("ok", False, [upkeep, last])


def test_outcomes_refuses_the_path_that_removes_the_last_time_counter():
    """CR 603.2: the sacrifice triggers as the last time counter is removed; outcomes doesn't put it on the stack
    (next does), so it refuses rather than leave the Wurm on the battlefield."""
    with pytest.raises(QueryError, match=r"removes the last time counter from wurm, which triggers .*wurm:2.*"
                                         r"pysolver next resolve does"):
        pysolver.outcomes(vanishing_board({"time": 1}))


def test_the_last_counter_trigger_is_refused_beside_an_effect_removing_abilities():
    """CR 613.1f: whether the Wurm still has the ability next doesn't judge here (an Aura that removes abilities is
    on the battlefield): refused, never guessed."""
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "untap"},
        "battlefield": [{"id": "wurm", "card": "Waning Wurm", "controller": "Alice", "counters": {"time": 1}},
                        {"id": "ring", "card": "Sol Ring", "controller": "Bob"},
                        {"id": "hush", "card": "Artifact Hush", "controller": "Bob", "attached_to": {"permanent": "ring"}}]},
        [CASES / "vanishing.yml", CASES.parent / "payment" / "spending-hush.yml"])
    with pytest.raises(QueryError, match=r"wurm:2 triggers as the last counter of its kind is removed \(CR 603.2\), "
                                         r"and hush may have removed its abilities"):
        next_states(board, parse_actions(["pass", "resolve"]))


@pytest.mark.parametrize("line, partner", [
    ("Partner with Evie Frye", "Evie Frye"),
    ("Partner with Regna, the Redeemer", "Regna, the Redeemer"),  # before: no keyword line, "touches nothing"
])
def test_partner_with_is_its_enters_trigger(line, partner):
    """CR 702.124i: "Partner with [name]" is a deck-construction ability (before the game, 903.3) and "When this
    permanent enters, target player may search their library for a card named [name], reveal it, put it into their
    hand, then shuffle"."""
    result = compiled(line, "Legendary Creature — Demon", keywords=["Partner", "Partner with"])
    assert (result.status, [s["class"] for s in result.sentences]) == ("ok", ["compiled"])
    assert triggers(result) == [{"when": {"event": "enters"}, "text": "target player may search their library for a "
                                 f"card named {partner}, reveal it, put it into their hand, then shuffle"}]


def test_partner_with_trigger_is_refused_as_it_enters():
    """Its target and its search no form models: next refuses as the trigger would go on the stack (before: Krav
    was ok, the trigger dropped, and it entered with nothing triggering)."""
    resolving = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "stack": [{"id": "krav", "card": "Krav, the Unredeemed", "controller": "Alice"}]},
        [CASES / "partner-with.yml"])
    with pytest.raises(QueryError, match=r"krav's \"target player may search their library for a card named Regna, "
                                         r"the Redeemer, reveal it, put it into their hand, then shuffle\" triggers "
                                         r"\(CR 603.2\), and its effect isn't modelled"):
        next_states(resolving, parse_actions(["resolve"]))


def test_amplify_is_counters_next_refuses_to_judge(tmp_path):
    """CR 702.38a: the cards revealed from a hand as it enters are a choice next doesn't make: it refuses the
    entering (before: amplify was not understood)."""
    result = compiled("Amplify 3", "Creature — Dragon")
    assert result.status == "ok"
    assert result.card["enters_with_counters"] == [{
        "kind": "+1/+1", "count": 3, "unjudged": "for each card its controller reveals from their hand sharing a "
                                                 "creature type with it (CR 702.38a), a choice next doesn't make"}]
    cards = tmp_path / "cards.yaml"
    cards.write_text("format: pysolver-oracle/1\ncards:\n- name: Zombie Brute\n  mana_cost: '{6}{B}'\n  types: "
                     "[Creature]\n  subtypes: [Zombie]\n  keywords: [Amplify, Trample]\n  power: 2\n  toughness: 4\n"
                     "  oracle: \"Amplify 1\\nTrample\"\n", encoding="utf-8")
    casting = pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": ["Zombie Brute"]}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "stack": [{"id": "brute", "card": "Zombie Brute", "controller": "Alice"}]}, [cards])
    with pytest.raises(QueryError, match=r"brute enters with \+1/\+1 counters for each card its controller reveals "
                                         r"from their hand sharing a creature type with it \(CR 702.38a\)"):
        next_states(casting, parse_actions(["resolve"]))
