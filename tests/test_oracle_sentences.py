"""Every sentence classified (issue 13, item 1): compiled, irrelevant (which kind) or not
understood; ok only when nothing is not understood; partial cards refused on a board
unless allowed, and then named with the sentences ignored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pysolver
from pysolver.cards import db as carddb
from pysolver.cards.oracle import (
    COMPILED,
    IRRELEVANT,
    NOT_UNDERSTOOD,
    RULES_WORDS,
    SPELL_EFFECT,
    compile_card,
)

FIXTURE = Path(__file__).parent / "fixtures" / "cards" / "atomic-fixture.json"
# The one kind of "irrelevant" that applies to any sentence without a rules word; a sentence
# with one needs a form that compiles it or a kind that says why no query reads it.
WITHOUT_RULES_WORDS = "touches nothing pysolver reasons about"


@pytest.fixture(autouse=True)
def no_user_library(monkeypatch, tmp_path):
    monkeypatch.delenv(carddb.ENVIRONMENT, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def fixture_results():
    source = carddb.Source(FIXTURE)
    return [(face, carddb.compile_face(face)) for face in source.faces()]


def classes(result) -> list[tuple[str, str]]:
    return [(s["text"], s["class"]) for s in result.sentences]


def test_no_ok_card_of_the_sample_drops_a_sentence_with_a_rules_word():
    checked = 0
    for face, result in fixture_results():
        assert result.sentences or not face.text.strip(), face.name
        if result.status != "ok":
            continue
        for sentence in result.sentences:
            assert sentence["class"] in (COMPILED, IRRELEVANT), (face.name, sentence)
            if sentence["class"] == IRRELEVANT and sentence["why"].startswith(WITHOUT_RULES_WORDS):
                assert not RULES_WORDS.search(sentence["text"]), (face.name, sentence)
            checked += 1
    assert checked > 500


def test_status_follows_the_sentences():
    ok = compile_card("Grove", "This land enters tapped.\n{T}: Add {G}.", "Land")
    assert (ok.status, ok.card["enters_tapped"]) == ("ok", True)
    assert classes(ok) == [("~ enters tapped.", COMPILED), ("{T}: Add {G}.", COMPILED)]
    partial = compile_card("Grove", "When this land becomes the target of a kicked spell, you gain 1 life.\n"
                           "{T}: Add {G}.", "Land")
    assert (partial.status, partial.ignored) == (
        "partial", ["When ~ becomes the target of a kicked spell, you gain 1 life."])
    unsupported = compile_card("Grove", "{T}: Add {G} for each color among permanents you control.", "Land")
    assert unsupported.status == "unsupported"
    assert unsupported.sentences[0]["class"] == NOT_UNDERSTOOD


def test_reminder_flavor_and_keywords():
    result = compile_card("Bird", "Flying (This creature can't be blocked except by creatures with "
                          "flying or reach.)\n{T}: Add {G}.", "Creature — Bird", keywords=["Flying"])
    assert [(s["text"], s["class"], s["why"]) for s in result.sentences] == [
        ("(This creature can't be blocked except by creatures with flying or reach.)", IRRELEVANT,
         "reminder text (CR 207.2a)"),
        ("Flying.", COMPILED, "keyword abilities (CR 702): the card's keywords"),
        ("{T}: Add {G}.", COMPILED, "mana")]


@pytest.mark.parametrize("text, expected", [
    ("This land enters tapped.", True),
    ("This land enters the battlefield tapped.", True),
    ("This land enters tapped unless you control a Plains or an Island.",
     {"unless_you_control": {"at_least": 1, "filter": {"any_of": [{"subtypes": ["Plains"]},
                                                                  {"subtypes": ["Island"]}]}}}),
    ("This land enters tapped unless you control two or fewer other lands.",
     {"unless_you_control": {"at_most": 2, "filter": {"other": True, "types": ["Land"]}}}),
    ("This land enters tapped unless you control two or more other lands.",
     {"unless_you_control": {"at_least": 2, "filter": {"other": True, "types": ["Land"]}}}),
    ("As this land enters, you may pay 2 life. If you don't, it enters tapped.", {"unless_pay_life": 2}),
    (("As this land enters, you may reveal a Mountain or Forest card from your hand. If you don't, "
     "this land enters tapped."),
     {"unless_reveal": {"any_of": [{"subtypes": ["Mountain"]}, {"subtypes": ["Forest"]}]}}),
    ("This land enters tapped unless you have two or more opponents.", {"unless_opponents_at_least": 2}),
    ("This land enters tapped unless a player has 13 or less life.", {"unless_a_player_life_at_most": 13}),
    ("If you control two or more other lands, this land enters tapped.",
     {"when_you_control": {"at_least": 2, "filter": {"other": True, "types": ["Land"]}}}),
])
def test_enters_tapped_with_its_conditions(text, expected):
    result = compile_card("Land", f"{text}\n{{T}}: Add {{R}}.", "Land")
    assert result.card["enters_tapped"] == expected
    assert result.status == "ok"  # asp/zone_change.lp reads every one of these conditions
    whys = {s["why"] for s in result.sentences if "enters" in s["text"]}
    assert whys == ({"it enters tapped (CR 614.1c)"} if expected is True else
                    {"it enters tapped unless / if its condition holds (CR 614.1c, 614.12)"})


@pytest.mark.parametrize("text", [
    # A reveal judged on more than a card's types stays not understood.
    "As this land enters, you may reveal a green card from your hand. If you don't, this land enters tapped.",
])
def test_enters_tapped_conditions_not_read_stay_not_understood(text):
    result = compile_card("Land", f"{text}\n{{T}}: Add {{R}}.", "Land")
    assert result.status == "partial"
    assert "enters_tapped" not in result.card


def test_upkeep_and_cumulative_upkeep_triggers_compile():
    # Braid of Fire's and The One Ring's texts (MTGJSON sample).
    braid = compile_card("Braid of Fire", "Cumulative upkeep—Add {R}. (At the beginning of your upkeep, "
                         "put an age counter on this permanent, then sacrifice it unless you pay its "
                         "upkeep cost for each age counter on it.)", "Enchantment",
                         keywords=["Cumulative upkeep"])
    assert braid.status == "ok"
    assert braid.card["abilities"] == [{"triggered": {"when": {"step": "upkeep", "whose": "you"}, "text": (
        "put an age counter on Braid of Fire, then sacrifice it unless you pay its cumulative upkeep "
        "(Add {R}) for each age counter on it")}}]
    ring = compile_card("The One Ring", "Indestructible\nWhen The One Ring enters, if you cast it, you gain "
                        "protection from everything until your next turn.\nAt the beginning of your upkeep, "
                        "you lose 1 life for each burden counter on The One Ring.\n{T}: Put a burden counter "
                        "on The One Ring, then draw a card for each burden counter on The One Ring.",
                        "Legendary Artifact", keywords=["Indestructible"])
    # the intervening "if you cast it" (CR 603.4): next judges it on the spell it was (tests/test_cast_ifs.py)
    assert ring.status == "ok"
    assert ring.card["abilities"][0] == {"triggered": {
        "when": {"event": "enters"}, "if": {"cast": True},
        "text": "you gain protection from everything until your next turn"}}
    assert {"triggered": {"when": {"step": "upkeep", "whose": "you"}, "text": (
        "you lose 1 life for each burden counter on The One Ring")}} in ring.card["abilities"]


def test_a_delayed_trigger_of_the_mana_is_no_target():
    # Pyromancer's Goggles' form: "targets" in "When that mana is spent ..." (CR 605.1a, 603.7).
    result = compile_card("Goggles", "{T}: Add {R}. When that mana is spent to cast a red instant or "
                          "sorcery spell, copy that spell and you may choose new targets for the copy.",
                          "Legendary Artifact")
    assert result.has_mana_ability and result.status == "ok"
    assert result.card["abilities"][0]["mana"]["add"] == {"mana": "{R}"}


@pytest.mark.parametrize("text", [
    # Regal Behemoth's trigger: a condition the compiler can't read yet (Gauntlet of Power's "tapped for
    # mana of the chosen color" is compiled: tests/test_oracle_recombined.py).
    "Whenever you tap a land for mana while you're the monarch, add an additional one mana of any color.",
    # Blood Sun's form.
    "All lands lose all abilities except mana abilities.",
])
def test_what_is_not_understood_is_said(text):
    result = compile_card("Card", text, "Enchantment")
    assert result.status in ("partial", "unsupported")
    assert [s["class"] for s in result.sentences] == [NOT_UNDERSTOOD]


# ------------------------------------------------------------------ a partial card on a board
def partial_library(tmp_path) -> Path:
    data = {"meta": {}, "data": {"Manabarbs Grove": [{
        "name": "Manabarbs Grove", "type": "Land", "types": ["Land"], "layout": "normal",
        "text": "{T}: Add {G}.\nAll damage is dealt as though its source had wither."}]}}
    source = tmp_path / "cards.json"
    source.write_text(json.dumps(data), "utf-8")
    carddb.import_cards(source, tmp_path / "cards.sqlite")
    return tmp_path / "cards.sqlite"


def test_a_partial_card_is_refused_unless_allowed(cli, tmp_path, board_file):
    library = partial_library(tmp_path)
    board = board_file("Alice: [Manabarbs Grove]\nBob: [Forest]\n")
    code, out, err = cli("could-produce", board, "--cards", library)
    assert (code, out) == (2, "")
    assert err == (f"error: {board}: 1:9: Alice[0]: card 'Manabarbs Grove' could not be compiled from its "
                   "Oracle text: some of its sentences are not understood ('All damage is dealt as though its source had "
                   "wither.'); "
                   "--allow-partial uses it without them\n")
    code, out, err = cli("could-produce", board, "--cards", library, "--allow-partial")
    assert code == 0
    assert out == ("ID               CARD             CONTROLLER  COULD PRODUCE\n"
                   "manabarbs-grove  Manabarbs Grove  Alice       G\n"
                   "forest           Forest           Bob         G\n")
    assert err == "note: Manabarbs Grove is partial: this answer ignores 'All damage is dealt as though its source had wither.'\n"


def test_the_api_takes_allow_partial(tmp_path):
    library = partial_library(tmp_path)
    with pytest.raises(pysolver.BoardError):
        pysolver.board_from_data({"Alice": ["Manabarbs Grove"], "Bob": ["Forest"]}, [library])
    board = pysolver.board_from_data({"Alice": ["Manabarbs Grove"], "Bob": ["Forest"]}, [library], allow_partial=True)
    assert [a.types for a in pysolver.could_produce(board)] == [("G",), ("G",)]


def test_a_spell_effect_beside_compiled_ones_keeps_them_all_as_text():
    """CR 608.2c: `next` resolves a spell from its compiled effects, so beside a sentence no form compiles
    ("Exile ~.") the spell keeps every effect as text, the compiled ones too: the card is ok and `next` refuses to
    resolve it, as it does a spell with no compiled effect (tests/test_spell_effects_kept.py)."""
    waterveil = compile_card("Part the Waterveil", "Take an extra turn after this one. Exile Part the Waterveil.",
                             "Sorcery")
    assert (waterveil.status, "spell" in waterveil.card) == ("ok", False)
    assert classes(waterveil) == [("Take an extra turn after this one.", IRRELEVANT), ("Exile ~.", IRRELEVANT)]
    walk = compile_card("Time Walk", "Take an extra turn after this one.", "Sorcery")
    assert (walk.status, walk.card["spell"]["do"]) == ("ok", [{"extra_turn": "you"}])
    opt = compile_card("Opt", "Scry 1.\nDraw a card.", "Instant")
    assert (opt.status, classes(opt)) == ("ok", [("Scry 1.", IRRELEVANT), ("Draw a card.", IRRELEVANT)])
    counterspell = compile_card("Counterspell", "Counter target spell.", "Instant")
    assert (counterspell.status, classes(counterspell), "spell" in counterspell.card) == (
        "ok", [("Counter target spell.", IRRELEVANT)], False)



@pytest.mark.parametrize(("text", "expected"), [
    # About casting it (CR 601.3, 118.9, 601.2f, 107.3, 603.2): pay --spell or next cast reads it.
    ("Cast this spell only during combat.\nEach player draws a card.", COMPILED),  # CR 601.3: its cast_only
    ("Cast this spell only before the combat damage step.\nEach player draws a card.", NOT_UNDERSTOOD),
    ("You may cast this spell for {2}{B/G}{B/G}.\nEach player draws a card.", NOT_UNDERSTOOD),
    ("Strive — This spell costs {1}{G} more to cast for each target beyond the first.\nEach player draws a card.",
     COMPILED),  # CR 601.2c, 601.2f: its own_cost, counted per target
    ("This spell costs {2} less to cast if it targets an attacking creature.\nEach player draws a card.",
     COMPILED),  # no board says what is attacking: its own_cost unjudged, pay --spell and next cast refuse it
    ("Spend only black mana on X.\nEach player draws X cards.", NOT_UNDERSTOOD),
    ("X can't be greater than the number of snow lands you control.\nEach player draws X cards.", NOT_UNDERSTOOD),
    ("When you cast this spell while you control your commander, copy this spell.\nEach player draws a card.",
     NOT_UNDERSTOOD),
    # About how it was cast: part of its effect, which next refuses to resolve (CR 608.2).
    ("Converge — Each player draws X cards, where X is the number of colors of mana spent to cast this spell.",
     IRRELEVANT),
    ("If you cast this spell during your main phase, each player draws a card.", IRRELEVANT),
    ("If this spell was kicked, each player draws a card.", IRRELEVANT),
])
def test_a_spell_sentence_about_casting_it_is_never_its_effect(text, expected):
    """A sentence of a spell with no compiled effect was "a spell's effect" (irrelevant) even when
    it restricts when it may be cast, adds a cost or changes one: next cast put such a spell on the
    stack at any time and pay --spell left out Graveyard Dig's alternative cost. Such a sentence is
    not understood now; one about how the spell was cast stays part of its effect."""
    spell = compile_card("Test Spell", text, "Instant")
    assert classes(spell)[0][1] == expected

# Sentences without the first rules words (mana, tapping, entering...) that a query still reads:
# each was "irrelevant" and silently dropped (a haste grant changes can-activate, 302.6; an
# anthem or a toughness of 0 changes next's state-based actions, 704.5f; a type or color
# change every filter; a casting ban or a skipped step next and turn).  Now not understood.
@pytest.mark.parametrize("sentence", [
    "Tapped creatures you control with flying have haste.",  # keywords: layer 6 itself (CR 613.8)
    "Other Elves you control with power 2 or less get +1/+1.",
    "~ gets +1/+1 for each color among cards in your graveyard.",
    "Each creature you control is an artifact in addition to its other types.",  # a Zombie: compiled (layer 4)
    "Permanents your opponents control are colorless.",
    "Your opponents can't cast spells with prime mana values.",  # even ones: compiled (asp/actions.lp)
    "You may cast Aura spells with enchant creature as though they had flash.",
    "Creatures you control have ward—Pay 2 life.",  # ward with a cost other than mana: no form reads it
    "All damage that would be dealt to creatures you control is dealt to ~ instead.",
    "Skip your next draw step.",  # "Skip your draw step." compiles (a skip ability, asp/turn.lp)
    "After this phase, there is an additional combat phase.",
    # next draws, discards, moves permanents off the battlefield, applies the legend rule and
    # puts triggers on the stack (issue 13)
    "Draw a card.",
    "Whenever you discard a card with disturb, you may pay {1}.",
    "When ~ is put into a graveyard from anywhere, if it's your turn, its owner shuffles their graveyard into their "
    "library.",
    # ("returned to your hand" is compiled: session 41; "Whenever an opponent loses life": session 45)
    "Whenever an opponent loses life for the first time each turn, you may pay {1}.",
    # ('The "legend rule" doesn't apply.' compiles now: tests/test_legend_rule_exempt.py)
    "If a permanent entering causes a triggered ability of a permanent you control to trigger, that ability "
    "triggers an additional time.",
    "As long as ~ is on the battlefield, it has all activated abilities of all creature cards in all graveyards.",
    "The chosen player's maximum hand size is equal to the number of cards in your hand.",
])
def test_a_sentence_a_query_reads_is_never_irrelevant_by_default(sentence):
    result = compile_card("Test Card", "{T}: Add {G}.\n" + sentence, "Creature — Elf", power="1", toughness="1")
    assert result.status == "partial"
    assert result.ignored == [sentence]


@pytest.mark.parametrize("sentence", [
    "~ can't attack.", "All creatures can't block.",
    "Whenever you clash and win, you may draw a card.",  # no query clashes (issue 13)
    "Once during each of your turns, you may cast a creature spell from your graveyard.",  # next casts from hands
    "You may play lands from your graveyard.",
    "If ~ is your commander, you may include creature cards of power 4 or greater in your deck.",  # deckbuilding
])
def test_a_sentence_without_a_rules_word_stays_irrelevant(sentence):
    result = compile_card("Test Card", "{T}: Add {G}.\n" + sentence, "Artifact")
    assert result.status == "ok"
    assert result.sentences[1]["class"] == IRRELEVANT


# CR 509.1b, 510.1a: a static ability whose one effect is on blocking or combat damage concerns no
# query, whatever it affects or its condition; joined to another effect, or a target's for a turn, it
# is no such ability.
@pytest.mark.parametrize("sentence, expected", [
    ("Creatures you control with +1/+1 counters on them can't be blocked.", IRRELEVANT),
    ("Each creature you control with power 4 or greater can't be blocked by more than one creature.", IRRELEVANT),
    ("~ can't be blocked as long as you've sacrificed an artifact this turn.", IRRELEVANT),
    ("Equipped creature can't be blocked as long as its power is 3 or less.", IRRELEVANT),
    ("Each creature you control assigns combat damage equal to its toughness rather than its power.", IRRELEVANT),
    ("~ has haste and can't be blocked.", "not understood"),
    ("That creature can't be blocked by creatures with power 2 or less this turn.", "not understood"),
])
def test_a_blocking_or_combat_damage_static_is_irrelevant(sentence, expected):
    result = compile_card("Test Card", "{T}: Add {G}.\n" + sentence, "Creature — Elf", power="1", toughness="1")
    assert result.sentences[1]["class"] == expected


def test_a_step_trigger_limited_to_once_each_turn_is_not_understood():
    """CR 603.2, 500.8: with an additional upkeep (Paradox Haze) the limit decides whether it
    triggers again, and no step rule reads it: the line is not understood, not swallowed into
    the trigger's text (turn listed it at every upkeep)."""
    line = "At the beginning of your upkeep, you gain 1 life. This ability triggers only once each turn."
    result = compile_card("Test Card", line + "\n{T}: Add {G}.", "Artifact")
    assert (result.status, result.ignored) == ("partial", ["This ability triggers only once each turn."])


@pytest.mark.parametrize("sentence", [
    "Each other nontoken creature you control has persist.",  # a dies trigger next puts on the stack (702.79a)
    "Nontoken creatures you control have riot.",  # a choice as each enters: haste or a counter (702.136a)
    "Vehicles you control have crew 1.",  # an activated ability can-activate numbers (702.122a)
    "Equipment you control have equip {1}.",  # the same (702.6a)
    "During your turn, each instant and sorcery card in your graveyard has flashback.",  # next cast (702.34a)
])
def test_a_granted_keyword_a_query_reaches_is_not_understood(sentence):
    """A sentence granting a keyword whose rules a query reaches, but no form compiles, has no rules word of
    its own: it was "touches nothing" and the card ok, answering as if the keyword weren't granted."""
    result = compile_card("Granter", sentence + "\n{T}: Add {C}.", "Artifact")
    assert (result.status, result.ignored) == ("partial", [sentence])


def test_a_granted_keyword_no_query_reaches_stays_irrelevant():
    result = compile_card("Granter", "Creatures you control have myriad.\n{T}: Add {C}.", "Artifact")
    assert result.status == "ok"
    assert result.sentences[0]["why"].startswith(WITHOUT_RULES_WORDS)



@pytest.mark.parametrize("text, keywords, first", [
    # CR 701.13, 121.1: next resolved the draw and left the mill out (MTGJSON lists "Mill" as a keyword): the
    # spell's effect, kept as text with the draw (CR 608.2c: next refuses to resolve it)
    ("Mill two cards. Draw a card.", ["Mill"], ("irrelevant", SPELL_EFFECT)),
    # CR 701.9: a damage doubling read as a keyword "Double"
    # (its damage doubling is compiled: tests/test_damage_replacement.py)
    ("Double the number of +1/+1 counters on each creature you control.", ["Double"], ("not understood", None)),
])
def test_a_keyword_action_is_an_effect_never_a_keyword_line(text, keywords, first):
    """CR 701 keyword actions are verbs of effects, which MTGJSON lists among a card's keywords beside its
    keyword abilities (CR 702): a sentence starting with one was taken for a keyword line, compiled and
    so ignored."""
    result = compile_card("Doer", text, "Sorcery" if "Draw" in text else "Enchantment", keywords=keywords)
    sentence = result.sentences[0]
    assert (sentence["class"], sentence["why"] if first[1] else None) == first
    assert "spell" not in result.card


def test_a_keyword_with_a_colon_is_an_activated_ability():
    """"Waterbend {8}: Transform ~." is an activated ability (CR 602.1): a keyword line swallowed it, so
    can-activate numbered the abilities after it one too low."""
    result = compile_card("Bender", "Waterbend {2}: Draw a card.\n{T}: Add {C}.", "Artifact",
                          keywords=["Waterbend"])
    assert (result.status, result.ignored) == ("partial", ["Waterbend {2}: Draw a card."])


@pytest.mark.parametrize(("name", "text", "types"), [
    # CR 205.4d, 704.5j: the legend rule then applies to every nonland permanent (next's state-based actions)
    ("Leyline of Singularity", "All nonland permanents are legendary.", ["Enchantment"]),
    # Gaea's Cradle's "for each creature you control" would count it as five (no rule of the CR says so)
    ("Five Kids in a Trenchcoat", "This creature counts as five creatures for spells and effects that count the "
                                  "number of creatures you control.", ["Creature"]),
])
def test_a_sentence_that_changes_what_a_query_counts_or_checks_is_not_irrelevant(name, text, types):
    """Both were "touches nothing" and their cards ok: a silent wrong answer in next and in mana."""
    result = compile_card(name, text, types=types)
    assert (result.status, [s["class"] for s in result.sentences]) == ("partial", [NOT_UNDERSTOOD])
