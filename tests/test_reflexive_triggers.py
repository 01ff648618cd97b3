""""When you do" reflexive triggers (CR 603.12) read with the sentence before them, and triggers on
events that happen only as an effect next refuses to resolve (exploiting, becoming monstrous,
evolving, exploring: CR 702.110b, 701.31a, 702.100b, 701.40b) or an action no query takes (scrying,
surveilling, exerting as it attacks: 701.18, 701.42, 701.39a): what the Oracle compiler makes of them."""

from __future__ import annotations


import pytest

from pysolver.cards.oracle import compile_card

IRRELEVANT = "irrelevant"
COMBAT = "a combat trigger: no query declares attackers or blockers or deals combat damage"
REST = "more of the combat trigger before it on its line, its effect or its limit (CR 603.1): no query resolves it either"
LEFT = ("what a trigger no query follows leaves behind as it resolves that no board states (a delayed trigger, CR 603.7; "
        "an effect beyond the turn or until an event, 611.2b; an additional phase, 500.8): the queries would answer "
        "without it")
EXERT = ("exerting it as it attacks (CR 701.39a) and the reflexive trigger when you do (CR 603.12): no query "
         "declares attackers (CR 508.1)")


def classes(text: str, types: str = "Creature — Cat") -> tuple[str, list[tuple[str, str, str]]]:
    result = compile_card("Watcher", text, types, power="2", toughness="2")
    return result.status, [(s["text"], s["class"], s["why"]) for s in result.sentences]


@pytest.mark.parametrize("line", [
    # CR 603.12: the reflexive trigger of a choice made as a combat trigger resolves: the whole line is that trigger
    "Whenever ~ attacks, you may sacrifice another creature. When you do, target creature gets -2/-2 until end of "
    "turn.",
    "Whenever ~ deals combat damage to a player, you may pay {X}. When you do, draw X cards.",
])
def test_when_you_do_after_a_combat_trigger_is_part_of_it(line):
    first, second = line.split(". ", 1)
    assert classes(line) == ("ok", [(first + ".", IRRELEVANT, COMBAT), (second, IRRELEVANT, REST)])


@pytest.mark.parametrize(("line", "status", "kept"), [
    ("You may exert ~ as it attacks. When you do, it deals 4 damage to target non-Dragon creature an opponent "
     "controls.", "ok", (IRRELEVANT, EXERT)),
    # the phase it adds is left behind, which no board states (CR 500.8): tests/test_combat_trigger_lines.py
    ("If ~ hasn't been exerted this turn, you may exert it as it attacks. When you do, untap all other creatures you "
     "control and after this phase, there is an additional combat phase.", "partial", ("not understood", LEFT)),
])
def test_exerting_as_it_attacks_and_when_you_do(line, status, kept):
    first, second = line.split(". ", 1)
    assert classes(line) == (status, [(first + ".", IRRELEVANT, EXERT), (second, *kept)])


def test_when_you_do_after_an_enters_trigger_is_its_effect():
    """CR 603.12: the reflexive trigger is part of what the enters trigger does as it resolves: the ability keeps
    the whole effect as its text and no ``do`` (next refuses to resolve it), never the first sentence alone."""
    result = compile_card("Watcher", "When ~ enters, you may pay {2}. When you do, draw a card.", "Creature — Cat",
                          power="2", toughness="2")
    assert (result.status, result.card["abilities"]) == (
        "ok", [{"triggered": {"when": {"event": "enters"}, "text": "you may pay {2}. When you do, draw a card"}}])


@pytest.mark.parametrize("line", [
    # what comes before is read by no form: both stay not understood
    "Whenever ~ becomes crewed, you may sacrifice another creature. When you do, draw a card.",
    "You may exert ~ as it blocks. When you do, draw a card.",
])
def test_when_you_do_after_what_no_form_reads(line):
    assert classes(line)[0] == "partial"


@pytest.mark.parametrize("line", [
    # from a hand: a land discarded is put there (CR 701.9a; "from anywhere" compiles since session 45:
    # oracle_from_anywhere.py, next refuses where a card from a hand would trigger it)
    "Whenever one or more land cards are put into your graveyard from your hand, create a 0/1 green Plant creature "
    "token.",
])
def test_events_a_query_may_produce_stay_not_understood(line):
    assert classes(line)[0] == "partial"


@pytest.mark.parametrize("line", [
    "Whenever you scry, put a +1/+1 counter on target creature.",
    "Whenever you surveil for the first time each turn, ~ deals 1 damage to each opponent and you gain 1 life.",
    "When ~ exploits a creature, return target creature to its owner's hand.",
    "When ~ becomes monstrous, destroy target non-Gorgon creature an opponent controls.",
    "Whenever ~ evolves, put a +1/+1 counter on each other creature you control with a +1/+1 counter on it.",
    "Whenever a creature you control explores, put a +1/+1 counter on ~.",
    "Whenever one or more creature cards are put into your graveyard from your library, create a 2/2 black Zombie "
    "creature token.",
    "Whenever one or more nonland cards are milled, put a +1/+1 counter on each of up to X target creatures, where X "
    "is the number of nonland cards milled this way.",
    # issue 13 (session 41): specializing (digital-only), searching a library (CR 701.19), rolling a die (706.1),
    # cycling (702.29a: an ability of a card in a hand), fighting (701.12a), manifesting dread (701.60a)
    "When ~ specializes, destroy up to one target artifact or enchantment.",
    "When ~ specializes, you may sacrifice another creature. When you do, draw a card.",
    "Whenever an opponent searches their library, you gain 1 life and draw a card.",
    "Whenever a player searches their library, put a +1/+1 counter on ~.",
    "Whenever you roll a die, put a +1/+1 counter on ~.",
    "Whenever you roll one or more dice, put a +1/+1 counter on ~.",
    "Whenever you roll your third die each turn, put a +1/+1 counter on ~.",
    "Perfect Illumination — Whenever you roll a die's highest natural result, draw a card.",
    "Whenever a player cycles a card, you may pay {1}. If you do, ~ deals 2 damage to any target.",
    "When you cycle this card, you gain 2 life.",
    "Whenever you manifest dread, put a card you put into your graveyard this way into your hand.",
    # a Ring-bearer is chosen only as the Ring tempts its player (CR 701.52a): an effect that keeps its text
    "Whenever you choose a creature as your Ring-bearer, you may pay 2 life. If you do, draw a card.",
    # next plays a land only from a hand (CR 305.1), casts only from a hand or by flashback from a graveyard
    "Whenever you play a land from exile or cast a spell from exile, you gain 2 life.",
    "Whenever you play a card from exile, ~ gains indestructible until end of turn.",
    # next puts no permanent onto the battlefield from a graveyard or from exile (an effect that would keeps its text)
    "Whenever a creature enters from your graveyard, you may attach ~ to it.",
    "When ~ enters from your graveyard, you may discard your hand. If you do, draw three cards.",
    "Whenever a land you control enters from exile, you gain 1 life.",
    # no query activates a loyalty ability (CR 606) or an ability of a card in a graveyard (702.128a, 702.129a)
    "Whenever you activate a loyalty ability of a Chandra planeswalker, ~ deals 1 damage to each opponent.",
    "Whenever you activate an eternalize or embalm ability, draw a card.",
    "Whenever you activate an ability of a card in your graveyard, draw a card.",
    "If you would roll one or more dice, instead roll that many dice plus one and ignore the lowest roll.",
    "After you roll a die, you may remove a +1/+1 counter from ~. If you do, increase or decrease the result by 1.",
    "If you would scry a number of cards, draw that many cards instead.",
    "If an opponent would mill one or more cards, they mill twice that many cards instead.",
    "If a creature you control would explore, instead you scry 1, then that creature explores.",
    # CR 716.2a: a Class becomes level N as its level bar's ability resolves, whose effect keeps its text (below):
    # Stormchaser's Talent, Builder's Talent, Cool but Rude were partial
    "When ~ becomes level 2, return target instant or sorcery card from your graveyard to your hand.",
])
def test_events_no_query_produces(line):
    status, sentences = classes(line)
    assert (status, {c for _, c, _ in sentences}) == ("ok", {IRRELEVANT})  # a line of two sentences: both


def test_what_a_trigger_on_an_event_no_query_produces_leaves_behind_stays_not_understood():
    """Foe-Razer Regent: the delayed trigger (CR 603.7) a fight earlier in the turn left, which no board states."""
    line = "Whenever a creature you control fights, put two +1/+1 counters on it at the beginning of the next end step."
    assert classes(line) == ("partial", [(line, "not understood", LEFT)])


@pytest.mark.parametrize(("text", "keywords", "ability"), [
    # the effects whose resolution is the event: no form reads them, so next never resolves them (if one
    # ever does, it must produce the event and the triggers above can't stay irrelevant)
    ("Exploit (When this creature enters, you may sacrifice a creature.)", ["Exploit"],
     {"triggered": {"when": {"event": "enters"}, "text": "you may sacrifice a creature"}}),
    ("{X}{W}{W}: Monstrosity X.", ["Monstrosity"], {"activated": {"cost": ["{X}{W}{W}"], "text": "Monstrosity X."}}),
    ("When ~ enters, it explores.", ["Explore"],
     {"triggered": {"when": {"event": "enters"}, "text": "it explores"}}),
    ("{2}: Scry 1.", ["Scry"], {"activated": {"cost": ["{2}"], "text": "Scry 1."}}),
    ("{T}: Target player mills two cards.", [], {"activated": {"cost": ["{T}"], "text": "Target player mills two cards.",
                                                               "unjudged": ["its target, which the compiler keeps in its "
                                                                            "text (CR 115.1c, 601.2c)"]}}),
    ("When ~ enters, mill three cards.", [], {"triggered": {"when": {"event": "enters"}, "text": "mill three cards"}}),
    ("When ~ enters, you may search your library for a basic land card, reveal it, put it into your hand, then "
     "shuffle.", [], {"triggered": {"when": {"event": "enters"}, "text": "you may search your library for a basic "
                                    "land card, reveal it, put it into your hand, then shuffle"}}),
    ("{T}, Pay 1 life, Sacrifice ~: Search your library for a Forest card, put it onto the battlefield, then shuffle.",
     [], {"activated": {"cost": ["{T}", {"pay_life": 1}, "sacrifice_self"],
                        "text": "Search your library for a Forest card, put it onto the battlefield, then shuffle."}}),
    ("When ~ enters, roll a d4. Draw cards equal to the result.", [],
     {"triggered": {"when": {"event": "enters"}, "text": "roll a d4. Draw cards equal to the result"}}),
    ("When ~ enters, it fights up to one target creature you don't control.", [],
     {"triggered": {"when": {"event": "enters"}, "text": "it fights up to one target creature you don't control"}}),
    ("When ~ enters, manifest dread.", [], {"triggered": {"when": {"event": "enters"}, "text": "manifest dread"}}),
    ("At the beginning of your upkeep, the Ring tempts you.", [],
     {"triggered": {"when": {"step": "upkeep", "whose": "you"}, "text": "the Ring tempts you"}}),
    ("{3}{U}: Level 2.", [], {"activated": {"cost": ["{3}{U}"], "text": "Level 2."}}),
])
def test_the_effects_that_make_those_events_stay_text(text, keywords, ability):
    result = compile_card("Watcher", text, "Creature — Cat", power="2", toughness="2", keywords=keywords)
    assert result.card["abilities"] == [ability]


@pytest.mark.parametrize(("line", "when", "left"), [
    # CR 603.2: one ability, two events; the one no query produces left out (oracle_unlock.never_part_form)
    ("When you cycle this card and when ~ dies, you may create a 1/1 white Soldier creature token.",
     {"event": "dies"}, "cycling is activated from a hand"),
    ("When you cast or cycle ~, you gain 2 life.", {"event": "cast_self"}, "cycling is activated from a hand"),
    ("When ~ enters or specializes, draw a card.", {"event": "enters"}, "\"specializes\" never happens in a query"),
    ("Whenever you cast a spell from exile or a land you control enters from exile, you gain 2 life.",
     {"event": "cast", "whose": "you", "cast_from": "exile"}, "enters from a graveyard or from exile"),
    ("Whenever you cast a spell from your graveyard or activate an ability of a card in your graveyard, you gain 2 "
     "life.", {"event": "cast", "whose": "you", "cast_from": "graveyard"}, "activating an ability of a card in a "
     "graveyard"),
])
def test_an_event_no_query_produces_beside_one_it_does(line, when, left):
    result = compile_card("Watcher", line, "Creature — Cat", power="2", toughness="2")
    assert result.status == "ok"
    assert [a["triggered"]["when"] for a in result.card["abilities"]] == [when]
    assert left in result.sentences[0]["why"]


@pytest.mark.parametrize("line", [
    # both events never happen, or the other isn't read: not this form's
    "When you cycle this card and whenever you roll a die, draw a card.",
    "When you cycle this card and when ~ becomes crewed, draw a card.",
])
def test_an_event_no_query_produces_beside_an_unread_one(line):
    assert classes(line)[0] == "partial"


def test_evolve_keeps_its_effect_as_text():
    result = compile_card("Watcher", "Evolve", "Creature — Cat", power="2", toughness="2", keywords=["Evolve"])
    assert [a["triggered"].get("do") for a in result.card["abilities"]] == [None]


@pytest.mark.parametrize(("line", "when"), [
    # CR 109.2: a permanent (a card type without "card" or "spell") is on the battlefield: "from the battlefield"
    ("Whenever a permanent you control is put into a graveyard, you gain 1 life.",
     {"event": "put_into_graveyard", "filter": {}, "whose": "you"}),
    ("Whenever a creature is put into your graveyard, you gain 1 life.",
     {"event": "put_into_graveyard", "filter": {"types": ["Creature"]}, "whose": "any", "graveyard": "you"}),
    ("Whenever one or more artifacts you control are put into a graveyard, you gain 1 life.",
     {"event": "put_into_graveyard", "filter": {"types": ["Artifact"]}, "whose": "you", "batch": True}),
])
def test_a_permanent_put_into_a_graveyard_is_from_the_battlefield(line, when):
    result = compile_card("Watcher", line, "Artifact")
    assert (result.status, result.card["abilities"]) == (
        "ok", [{"triggered": {"when": when, "do": [{"gain_life": 1}], "text": "you gain 1 life"}}])
    assert result.sentences[0]["why"].endswith("; a permanent (CR 109.2), so from the battlefield")


@pytest.mark.parametrize("line", [
    # a card is put into a graveyard from a hand, a library or the stack too (CR 109.2)
    "Whenever a creature card is put into your graveyard, you gain 1 life.",
    "Whenever an artifact spell is put into a graveyard, you gain 1 life.",
])
def test_a_card_put_into_a_graveyard_stays_not_understood(line):
    assert compile_card("Watcher", line, "Artifact").status == "partial"


