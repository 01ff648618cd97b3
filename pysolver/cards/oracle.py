"""Compile Oracle text into card-definition data (the ``pysolver-cards/1`` format).

The compiler reads a card's Oracle text one ability (one line) at a time and
turns what concerns mana into the data of ``pysolver/schemas.py``:

- activated mana abilities (CR 605.1a) with their costs, amounts and riders;
- triggered mana abilities, "Whenever ... is tapped for mana, ... adds ..." (605.1b);
- replacement effects on mana production, "... it produces ... instead" (106.12b, 614.1a);
- static effects that change land types (305.7) or grant mana abilities (613.1f).

Intrinsic mana abilities of basic land types (305.6) come from the type line:
the rules give them to every land with such a subtype, so their reminder text
is not compiled.  Abilities that have nothing to do with mana are left to the
Oracle text (activated ones keep their cost, which parses cheaply).

A line that concerns mana but that the compiler can't represent exactly is
never guessed at: the card is marked unsupported with the reason, and a board
that names it is refused.

Nothing is dropped silently: every sentence of the text is classified
(``Compiled.sentences``) as compiled, irrelevant (reminder text, or an ability of
a kind no query reads, saying which) or not understood.  A card is ``ok`` only
when no sentence is "not understood"; with such sentences it is ``partial``
(usable only when the user allows it, and then the answers name the ignored
sentences), and ``unsupported`` when a line about mana can't be represented.
"""

from __future__ import annotations

import copy
import itertools
import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Sequence

from pysolver import counters
from pysolver.cards import oracle_chance
from pysolver.cards import patterns as rx
from pysolver.cards.oracle_attached import AttachedWords, equip, granted_in_quotes, reconfigure
from pysolver.cards.oracle_becomes import becomes_form
from pysolver.cards.oracle_commander import unjudged_commander
from pysolver.cards.oracle_cast import (ONCE, ONCE_IRRELEVANT, cast_or_enters_form, cast_self_trigger, expend_trigger,
                                       once_each_turn, qualified_cast_trigger)
from pysolver.cards.oracle_digital import digital_problem, moves_cards_only, split_action
from pysolver.cards.oracle_digital import HAND_OR_LIBRARY as DIGITAL_HAND_OR_LIBRARY
from pysolver.cards.oracle_leaves import leaves_form, never_happens
from pysolver.cards.oracle_chosen import (anchored, chosen_color_set, chosen_form, chosen_kinds, chosen_protection,
                                          misplaced_choice)
from pysolver.cards.oracle_enters import EntersWords, enters_form
from pysolver.cards.oracle_devotion import devotion_increase
from pysolver.cards.oracle_hand import in_a_graveyard_only, unreachable
from pysolver.cards.oracle_hand_size import maximum_hand_size
from pysolver.cards.oracle_player_keywords import player_keyword
from pysolver.cards.oracle_cast_keywords import CAST_KEYWORDS, unmodelled_cast_keyword
from pysolver.cards.oracle_keywords import UNMODELLED as UNMODELLED_KEYWORDS, unmodelled as unmodelled_keyword
from pysolver.cards.oracle_face_keywords import stated_keywords
from pysolver.cards.oracle_unread_grants import unread_keyword_grants
from pysolver.cards.oracle_keywords import KEYWORD_ACTIONS, face_down_cost, splice_onto, unmodelled_costed
from pysolver.cards.oracle_keywords import defined as defined_keyword, RULES_FOLLOWED, VARIANT_SUFFIXES
from pysolver.cards.oracle_keywords import NOTED as NOTED_KEYWORDS, irrelevant as irrelevant_keyword
from pysolver.cards.oracle_optional_costs import optional_cost, optional_cost_data  # CR 601.2b, 118.8
from pysolver.cards.oracle_graveyard_costs import graveyard_exile_item  # CR 118.3, 701.11a
from pysolver.cards.oracle_keywords import quality_keywords, quality_reason, with_qualities  # CR 702.16, 702.11d
from pysolver.cards.oracle_names import short_names
from pysolver.cards.oracle_qualified import distributed
from pysolver.cards.oracle_graveyard_triggers import WHY as IN_A_GRAVEYARD, graveyard_trigger
from pysolver.cards.oracle_pt import (PtWords, attached_is, pt_form, reads_layers, static_condition_keys,
                                      static_subject)
from pysolver.cards.oracle_pt import keywords_granted as pt_keywords
from pysolver.cards.oracle_untargetable import cant_be_targeted  # CR 115.1 (issue 13)
from pysolver.cards.oracle_static import DESIGNATIONS, Words, combat_only, legend_rule_exempt, static_form
from pysolver.cards.restrictions import activation_clauses
from pysolver.cards.oracle_player import player_state_reason
from pysolver.cards.oracle_replace import event_replacement_form
from pysolver.cards.oracle_mana_replace import type_mapping  # CR 106.12b, 614.1a
from pysolver.cards.oracle_prevent import combat_prevention  # CR 615.1a, 510.2
from pysolver.cards.oracle_targets import Words as TargetWords, activated_form, spell_form, targeted_effect
from pysolver.cards.oracle_unset import unset_concept
from pysolver.cards.oracle_triggers import (about_the_event, becomes_target_form, created_tokens_form,
                                            entering_status_form, not_controlled_form, others_enter_form,
                                            step_phrase)
from pysolver.cards.oracle_words import count_word, prefix_meaning
from pysolver.cards.oracle_xcosts import chosen_x, sacrificed_amount, split_and_self, x_cost_item, x_costs
# The forms compile_card tries, imported with the compiler (imported in the functions that use them, at
# each call, they were about a tenth of compiling a card; db imports this module only to compile).
from pysolver.cards.oracle_activate_events import activation_form
from pysolver.cards.oracle_leveler import (LEVEL_SYMBOL_WHY, SECTION_KEYWORDS_WHY, SECTION_PT_WHY, Section,
                                          CLASS_LEVEL, at_level, class_level_meaning, gated_by, level_symbol,
                                          level_up_meaning, section_pt)
from pysolver.cards.oracle_activation import (attached_cant_activate, forbid_activating, group_cant_activate,
                                             group_cost_change)
from pysolver.cards.oracle_also import also_types  # CR 604.3 (issue 13)
from pysolver.cards.oracle_animated import animated_self
from pysolver.cards.oracle_attached_types import attached_land_animated, attached_sets, attached_types, group_types
from pysolver.cards.oracle_batch import batch_form  # "Whenever one or more ..." (issue 13)
from pysolver.cards.oracle_cast_keywords import cast_keyword  # prowess, storm (issue 13)
from pysolver.cards.oracle_casting import cast_only, casting_form  # who may cast what, when (issue 13)
from pysolver.cards.oracle_control import control_form
from pysolver.cards.oracle_copies import enters_as_copy  # clones (issue 13)
# costs: own, alternative, additional (CR 601.2b, 118.8), affinity, evoke, flashback (702.41a, 702.74a, 702.34a)
from pysolver.cards.oracle_costs import _total as total_of
from pysolver.cards.oracle_costs import (additional_costs, affinity, alternative_cost, changed_mana,
                                         conditional_alternative, evoke, flashback, granted_alternative, kicker_costs,
                                         own_cost,
                                         PAID_THIS_WAY, paid_this_way_unread,
                                         qualified_cost_change)
from pysolver.cards.oracle_counter_events import (chapter_form, counters_put_form, each_counter_once_form,
                                                  leaves_indefinite)
from pysolver.cards.oracle_counter_limit import counter_limit_form
from pysolver.cards.oracle_counter_replace import counters_replaced_form
from pysolver.cards.oracle_damage_replace import damage_replacement_form  # CR 615.1a, 614.1a, 616.1
from pysolver.cards.oracle_exile_instead import exiled_from_anywhere_form, others_exiled_form  # CR 614.1a, 614.6
from pysolver.cards.oracle_draw_replace import draw_replaced_form  # CR 614.1a, 121.1
from pysolver.cards.oracle_crime import crime_form
from pysolver.cards.oracle_damage import damage_trigger_form
from pysolver.cards.oracle_face_up import face_up_form  # "When ~ is turned face up" (issue 13)
from pysolver.cards.oracle_graveyard_events import graveyard_leave_form
# what no board records, a life total or hand size (issue 13)
from pysolver.cards.oracle_ifs import (board_condition, dies_if_form, double_event_form, history_condition,
                                       player_condition, self_cast_condition)
from pysolver.cards.oracle_keyword_texts import keyword_meaning
from pysolver.cards.oracle_leaves import permanent_to_graveyard_form  # "a permanent is put into a graveyard"
# dies and cast triggers, extra turns (issue 15)
from pysolver.cards.oracle_next import cast_trigger, effect_do, next_form
# life gained, cards drawn (issue 13); "play a land or cast a spell"
from pysolver.cards.oracle_player_events import (coin_flip_form, enchanted_player_form, gain_or_lose_form,
                                                 play_or_cast_form, player_event_form)
from pysolver.cards.oracle_spending import spending_form  # CR 609.4b
from pysolver.cards.oracle_state import state_trigger_form  # "When you control no Islands" (CR 603.8)
# "At the beginning of ... and whenever ...", intervening "if" clauses (CR 603.4; issue 13)
from pysolver.cards.oracle_step_ifs import intervening_if, keeps_do, step_and_event_form, turn_structure
from pysolver.cards.oracle_tapping import becomes_tapped_form, tapped_for_mana_form
from pysolver.cards.oracle_from_anywhere import from_anywhere_form  # "put into a graveyard from anywhere"
from pysolver.cards.oracle_turn_events import turn_event_form  # "Whenever ... dies during your turn"
from pysolver.cards.oracle_unlock import (fully_unlock_form, never_part_form,  # "... and whenever you cycle ~"
                                          unlock_door_form)

COLORS = "WUBRG"
MANA_ORDER = "WUBRGC"
def _joined_spell(first: dict[str, Any], then: dict[str, Any]) -> dict[str, Any]:
    """Two sentences of an instant's or sorcery's effect, each compiled: one `spell:` doing
    both, in order (the first may have targets, oracle_targets.spell_form: no sentence after it does)."""
    return {**first, **then, "do": first.get("do", []) + then.get("do", []),
            "text": f"{first['text']}; {then['text']}"}


BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
CARD_TYPES = ("Land", "Creature", "Artifact", "Enchantment", "Planeswalker", "Battle",
              "Instant", "Sorcery", "Kindred", "Tribal", "Conspiracy", "Dungeon",
              "Phenomenon", "Plane", "Scheme", "Vanguard", "Emblem")
# ("Hero" is no card type of these rules (CR 205.2a) but a creature type that cards print
# (205.3m's list predates it): "another Hero you control" is a subtype, as any capitalized noun.)
SUPERTYPES = ("Basic", "Legendary", "Snow", "World", "Ongoing", "Host", "Elite")
PERMANENT_TYPES = {"Land", "Creature", "Artifact", "Enchantment", "Planeswalker", "Battle"}
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10}
IRREGULAR_PLURALS = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf", "Plains": "Plains",
                     "Mice": "Mouse", "Fungi": "Fungus", "Allies": "Ally", "Faeries": "Faerie",
                     "Zombies": "Zombie", "Homunculi": "Homunculus", "Pegasi": "Pegasus",
                     # CR 205.3m: creature types whose singular ends in "s"
                     **{t: t for t in ("Astartes", "Aurochs", "Custodes", "Cyclops", "Thalakos")}}

SYMBOL = r"\{[WUBRGC]\}"
FIXED = rf"(?:{SYMBOL})+"
MANA_COST = re.compile(r"^(\{(?:[0-9]+|[WUBRGCXS]|[WUBRGC2]/[WUBRGCP]|[WUBRGC]/[WUBRG]/P)\})+$")
TYPE_WORD = {t.lower(): t for t in CARD_TYPES}
TYPE_PLURAL = {t.lower() + "s": t for t in CARD_TYPES}
# CR 207.2c: ability words and flavor words have no rules meaning; these
# prefixes, on the contrary, are conditions or costs of their own.
MEANINGFUL_PREFIXES = {"Max speed", "Boast", "Forecast", "Channel", "Level up",
                       "Legacy", "Station", "Solved", "To solve"}  # 702.169: keywords, not ability words
# Why such a prefix before a mana ability is refused, where the rules don't define it.
PREFIX_REASONS = {"Legacy": ": it marks the card's nodes, an action the Comprehensive Rules don't define"}


# CR 702: keywords a filter may name ("creatures you control with defender").  Infect and wither
# (702.90, 702.80) too: the damage rule reads them (asp/targets.lp, CR 120.3b, 120.3d).
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
KEYWORDS = {"defender", "flying", "reach", "vigilance", "haste", "trample", "deathtouch",
            "lifelink", "menace", "hexproof", "indestructible", "flash", "shroud", "changeling",
            "infect", "wither", "split second"}


class Unsupported(Exception):
    """A line about mana that can't be represented exactly (the message says why)."""


COMPILED, IRRELEVANT, NOT_UNDERSTOOD = "compiled", "irrelevant", "not understood"
REMINDER_TEXT = "reminder text (CR 207.2a)"  # the reason of a reminder, which has no effect on the game (207.2a)
# Words of the rules pysolver reasons about (mana, tapping, steps, entering and
# leaving, replacement, life, counters, sacrifice).  A sentence with one of them is
# never irrelevant by default: something must compile it, or a form must say why
# it concerns nothing a query reads.
RULES_WORDS = re.compile(r"\b(?:[Aa]dds?|mana|[Tt]aps?|tapped|[Uu]ntaps?|untapped|upkeep|enters?|"
                         r"dies|instead|loses?|gains?|counters?|[Ss]acrifices?|sacrificed"
                         # What else a query reads of objects and players: power and toughness
                         # (208, 704.5f: next), types and colors (205, 105: every filter), the
                         # keywords a rule reads (haste 302.6, targets 702.11/702.18/702.16,
                         # 702.12), casting and playing (601.2, 305.2, 702.8: next), targets (115),
                         # damage and life (120, 119: next), steps and phases (500.8-500.11: turn).
                         r"|[Pp]ower|[Tt]oughness|in addition to|colou?rless|colou?rs?|types?"
                         # "is a 2/3 Gargoyle artifact creature", "isn't a creature", "becomes an artifact"
                         # (205.1, 613.1d); a subtype alone is read by _irrelevant_kind
                         r"|(?:is|are|becomes?)(?:n't| not)? (?:still |also )?(?:an? )?(?:\d+/\d+ )?(?:[A-Z][\w'-]* )*"
                         r"(?:artifacts?|creatures?|lands?|enchantments?)"
                         r"|[Hh]aste|hexproof|shroud|indestructible|protection|[Ww]ard"
                         r"|[Cc]ast|[Pp]lay|flash|targets?|[Dd]amage|[Ll]ife|[Ss]kips?|steps?|phases?"
                         # What `next` does besides: drawing and discarding (121.1, 701.8, 514.1: the
                         # maximum hand size, 402.2), leaving the battlefield and going to a graveyard
                         # or a hand (603.6c, 603.10a), the legend rule (704.5j), triggering (603.2),
                         # and the abilities a permanent has or may activate (602, 113.6).
                         r"|[Dd]raws?|[Dd]iscards?|leaves? the battlefield|leave the battlefield"
                         r"|put into (?:a|your|an opponent's|their|its owner's) graveyard|returned to"
                         r"|legend rule|maximum hand size|[Tt]riggers?|triggered"
                         r"|(?:[Aa]ctivated|[Tt]riggered) abilit(?:y|ies)|[Aa]bilities (?:of|you activate)"
                         r"|[Aa]ctivate only|is also an?"
                         # keywords that change what damage does (120.3, 702.15b, 702.2b, 702.80a,
                         # 702.90b: next deals damage)
                         r"|[Ll]ifelink|[Dd]eathtouch|[Ii]nfect|[Ww]ither"
                         # the legend rule's reach (205.4d, 704.5j: next's state-based actions) and an object
                         # counted as more than one (Un-cards: no rule of the CR says how it counts)
                         r"|(?:is|are)(?:n't| not)? legendary|counts? as"
                         # equipping and what may be attached (702.6a, 301.5c, 303.4d: next equips)
                         r"|[Ee]quip|can't be (?:equipped|enchanted|attached)"
                         # keywords that are cast triggers next puts on the stack (702.108a, 702.40a)
                         r"|[Pp]rowess|[Ss]torm"
                         # moving objects onto or off the battlefield and destroying them (next: 603.6a,
                         # 701.8; regeneration replaces a destruction, 701.19), who controls a permanent
                         # (layer 2, 613.1b) and copies of objects (layer 1, 707.2)
                         r"|battlefield|[Dd]estroy(?:s|ed)?|[Rr]egenerat\w*|control of|exchange control"
                         r"|control (?:enchanted|equipped)|copy of|flip (?:it|~)"  # flipping: 709.4
                         # what protection does to an Aura or Equipment (702.16c-d, 702.16n: next's SBA)
                         r"|doesn't remove"
                         # an Aura spell enters attached to what it targets (608.3c: next resolves it), equip
                         # attaches (701.3a), and a state-based action unattaches (704.5n): next does all three
                         r"|(?:un)?attach(?:ed|es)?"
                         # face-down permanents and turning them face up (708: boards hold them, next
                         # turns them face up, 116.2b)
                         r"|face[- ]down|face up)\b"
                         r"|[+-](?:\d+|X)/[+-](?:\d+|X)")

# A keyword granted to other objects ("Other creatures you control have persist", "Vehicles you control
# have crew 1") whose rules a query reaches: the unmodelled ones (a trigger, a replacement, a way to cast)
# and the keyword activated abilities can-activate numbers (CR 702.6a equip, 702.67a fortify, 702.87a level
# up, 702.107a outlast, 702.122a crew).  Such a sentence is never "touches nothing".
GRANTED_REACHED_KEYWORD = re.compile(
    r"\b(?:has|have|gains?)\b[^.]*?\b(?:" + "|".join(
        sorted(map(re.escape, set(UNMODELLED_KEYWORDS) | NOTED_KEYWORDS  # granted: next reads a card's own
                   | {"equip", "fortify", "level up", "outlast", "crew"}),
               key=len, reverse=True)) + r")\b", re.IGNORECASE)

# Trigger events of creatures dying together or of objects moving between zones.
ZONE_WORDS = re.compile(r"\b(?:die|battlefield|graveyard)\b")


@dataclass
class Compiled:
    """What the compiler made of one card."""

    card: dict[str, Any]
    problems: list[str] = field(default_factory=list)
    has_mana_ability: bool = False  # the text has a mana ability of the card's own (or granted)
    could_produce: bool = False  # the text says "could produce" (the CR 106.7 family)
    # Every sentence: {"line", "text", "class" (compiled / irrelevant / not understood), "why"}.
    sentences: list[dict[str, Any]] = field(default_factory=list)

    @property
    def status(self) -> str:
        """``unsupported`` (a line about mana can't be represented), ``partial`` (some
        sentence is not understood) or ``ok``."""
        if self.problems:
            return "unsupported"
        if self.ignored:
            return "partial"
        return "ok"

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    @property
    def ignored(self) -> list[str]:
        """The sentences not understood (what a partial card's answers leave out)."""
        return [s["text"] for s in self.sentences if s["class"] == NOT_UNDERSTOOD]

    def classify(self, line: int, text: str, kind: str, why: str) -> None:
        for sentence in sentences(text) or [text]:
            self.sentences.append({"line": line, "text": sentence + ("" if sentence.endswith(
                ('"', ")", "!", "?")) else "."), "class": kind, "why": why})


# ----------------------------------------------------------------- type line
def parse_type_line(type_line: str) -> dict[str, list[str]]:
    """``Legendary Artifact Creature — Human Wizard`` -> supertypes, types, subtypes."""
    left, _, right = type_line.replace(" - ", " — ").partition("—")
    supertypes = [w for w in left.split() if w in SUPERTYPES]
    types = [w for w in left.split() if w not in SUPERTYPES]
    subtypes = right.split()
    # "Time Lord" is the one two-word subtype (CR 205.3j); keep it whole.
    joined = " ".join(subtypes)
    if "Time Lord" in joined:
        subtypes = [s for s in joined.replace("Time Lord", "Time_Lord").split()]
        subtypes = [s.replace("_", " ") for s in subtypes]
    return {"supertypes": supertypes, "types": types, "subtypes": subtypes}


# --------------------------------------------------------------------- text
def strip_reminders(text: str) -> str:
    """Remove reminder text (parenthesized, CR 207.2a), innermost first."""
    previous = None
    while previous != text:
        previous = text
        text = rx.sub(r"\s*\([^()]*\)", "", text)
    return text


def self_references(name: str, legendary: bool = False) -> list[str]:
    if " // " in name:
        # CR 201.5, 709.4a: text that names the object it's on means that object; a card of
        # two faces or halves (named in a file by the whole card's name) names its face.
        faces = {ref for face in name.split(" // ") for ref in self_references(face, legendary)}
        return sorted(faces | {name}, key=len, reverse=True)
    names = {name}
    if legendary and " of the " in name:
        names.add(name.split(" of the ")[0])  # "Karlov of the Ghost Council": "Karlov"
    if name.startswith("A-"):
        name = name[2:]  # a rebalanced card (MTG Arena) refers to itself by its old name
        names.add(name)
    if legendary and "," in name:
        names.add(name.split(",")[0].strip())  # a legendary card's short name
    return sorted(names, key=len, reverse=True)


def normalize(text: str, name: str, legendary: bool = False, keywords: Sequence[str] = ()) -> str:
    """Reminder text removed; the card's references to itself become ``~``."""
    text = strip_reminders(text).replace("\u2212", "-")
    shortened = [] if not legendary else [short for face in name.split(" // ")  # CR 201.5c
                                          for short in short_names(face.removeprefix("A-"), text, tuple(keywords))]
    for ref in sorted(set(self_references(name, legendary) + shortened), key=len, reverse=True):
        text = rx.replace_word(text, ref, "~")  # each use of it as a word (no pattern per name)
    text = rx.sub(r"\bthis (?:creature|land|artifact|enchantment|permanent|token|Aura|Equipment|"
                  r"Vehicle|Spacecraft|Planet|Class|Saga|Siege|battle)\b", "~", text)
    text = rx.sub(r"\bThis (?:creature|land|artifact|enchantment|permanent|token|Aura|Equipment|"
                  r"Vehicle|Spacecraft|Planet|Class|Saga|Siege|battle)\b", "~", text)
    return text


def sentences(effect: str) -> list[str]:
    """Sentences of an effect, without their final period (quotes kept whole)."""
    parts, quoted, start = [], False, 0
    for mark in QUOTE_OR_PERIOD.finditer(effect):
        at = mark.start()
        if effect[at] == '"':
            quoted = not quoted
        elif not quoted and (at + 1 == len(effect) or effect[at + 1] == " "):  # a period ending a sentence
            parts.append(effect[start:at + 1].strip()[:-1])
            start = at + 1
    if effect[start:].strip():
        parts.append(effect[start:].strip().rstrip("."))
    return [p for p in parts if p]


QUOTE_OR_PERIOD = re.compile(r'[".]')


def number(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    return NUMBERS.get(word.lower())


# ------------------------------------------------------------------- nouns
def singular(word: str) -> str:
    if word in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word]
    if word.endswith("wolves") and word[0].isupper():  # "Werewolves", as "Wolves" (CR 205.3m)
        return word[:-3] + "f"
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "ches", "shes", "xes", "uses", "oes")):  # "Octopuses", "Walruses", "Heroes"
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


# CR 208.1, 202.3: "with power 2 or less", "with mana value 5 or greater": a filter's bound.
BOUND_KEYS = {("power", "greater"): "power_at_least", ("power", "less"): "power_at_most",
              ("toughness", "greater"): "toughness_at_least", ("toughness", "less"): "toughness_at_most",
              ("mana value", "greater"): "min_mana_value", ("mana value", "less"): "max_mana_value"}


# "Equipped creatures", "enchanted creatures", "modified creatures" (CR 301.5, 303.4, 700.9): the
# filter's attached (asp/filter_conditions.lp).
ATTACHED_WORDS_FILTER = {"equipped": "Equipment", "enchanted": "Aura", "modified": "modified"}


def noun_filter(phrase: str, plural: bool = False, other: bool = False, status: bool = False) -> dict[str, Any]:
    """``a nonbasic land``, ``Forests``, ``an artifact creature`` -> a FILTER.  ``other``:
    the place it is used can leave the ability's source out ("other creatures"); ``status``: it
    judges permanents' tapped status as the board has it ("tapped lands", "an untapped creature")."""
    spec: dict[str, Any] = {}
    m = rx.fullmatch(r"(.+?) with the chosen name", phrase)
    if m:
        return {**noun_filter(m.group(1), plural, other), "named_chosen": True}
    m = rx.fullmatch(r"(.+?) of the chosen (color|creature type)", phrase)
    if m:  # CR 607.1: the color or creature type chosen as the source entered (oracle_chosen.py)
        return {**noun_filter(m.group(1), plural, other), "chosen": m.group(2).replace(" ", "_")}
    m = rx.fullmatch(r"(.+?) (?:with ((?:a|an|one or more) ([\w+/\-]+) counters? on (?:it|them)|([\w+/\-]+ )?counters "
                     r"on (?:it|them)|(?:a|one or more) counters? on (?:it|them))|"
                     r"with (power|toughness|mana value) (\d+) or (greater|less)|with ([a-z]+)(?: or ([a-z]+))?|"
                     r"named (~|[A-Z][\w',\-]*(?: [A-Z][\w',\-]*)*))",
                     phrase)
    if m:
        phrase = m.group(1)
        if m.group(2):  # CR 122.1: "with +1/+1 counters on them": one or more; without a kind, of any kind
            kind = m.group(3) or (m.group(4) or "").strip()
            if kind:
                spec["with_counter"] = kind
            else:
                spec["with_counters"] = True
        elif m.group(5):  # CR 208.1, 202.3
            spec[BOUND_KEYS[m.group(5), m.group(7)]] = int(m.group(6))
        elif m.group(8):
            named = [word for word in m.group(8, 9) if word]
            if any(word not in KEYWORDS for word in named) or len(set(named)) != len(named):
                raise Unsupported(f"the objects '{phrase} with {' or '.join(named)}'")
            if len(named) == 1:
                spec["keywords"] = [named[0].capitalize()]
            else:  # "with flash or haste": one of the keywords (CR 702, 109.2), each an alternative of the filter
                spec["any_of"] = [{"keywords": [word.capitalize()]} for word in named]
        else:
            spec["named"] = m.group(10)  # "~": the card's own name (compile_card puts it in)
    # "other Demons, Devils, Imps, and Tieflings", "other snow and Zombie creatures": each kind named, the
    # ability's source left out where the place judges it (CR 109.2).
    m = rx.fullmatch(r"other ((?:[\w\-']+, )*[\w\-']+,? (?:and|or) .+)", phrase)
    if m and other and not spec:
        return {**noun_filter(m.group(1), plural, other), "other": True}
    # "Ninja and Rogue creatures", "snow and Zombie creatures": creatures of one of the kinds (CR 109.2, 205.3).
    m = rx.fullmatch(r"((?:[A-Z][\w\-']*|snow)(?:, (?:[A-Z][\w\-']*|snow))*,? and (?:[A-Z][\w\-']*|snow)) "
                     r"(creatures|permanents)", phrase)
    if m and plural and not spec:
        return {"any_of": [noun_filter(f"{kind} {m.group(2)}", plural)
                           for kind in rx.split(r",? and |, ", m.group(1))]}
    # "another nontoken Elf or Berserker", "a nontoken artifact or creature": the words before the
    # alternatives qualify each of them (oracle_qualified.py).
    qualified = distributed(phrase, spec, lambda w: w in TYPE_WORD or (plural and w in TYPE_PLURAL))
    if qualified is not None:
        return {"any_of": [noun_filter(each, plural) for each in qualified]}
    # "a black or artifact creature": a creature that is black or an artifact (CR 105.2, 205.2).
    m = rx.fullmatch(r"(?:(?:a|an|each|all) )?([a-z]+) or ([a-z]+) ([a-z]+)", phrase)
    if m and not spec and all(w in COLOR_WORDS or w in TYPE_WORD for w in m.group(1, 2)) and (
            m.group(3) in TYPE_WORD or (plural and m.group(3) in TYPE_PLURAL)
            or m.group(3) == "permanent" or (plural and m.group(3) == "permanents")):
        return {"any_of": [noun_filter(f"{m.group(1)} {m.group(3)}", plural),
                           noun_filter(f"{m.group(2)} {m.group(3)}", plural)]}
    # "a Pegasus, Unicorn, or Horse creature", "a Faerie or Wizard permanent": a creature of one of the subtypes
    # (CR 109.2, 205.3); "a Phyrexian creature or artifact creature": one of the two kinds, each named in full.
    m = rx.fullmatch(r"(?:(?:a|an) )?((?:[A-Z][\w\-']*, )*[A-Z][\w\-']*,? or [A-Z][\w\-']*) ([a-z]+)", phrase)
    if m and not spec and not plural and (m.group(2) in TYPE_WORD or m.group(2) == "permanent"):
        return {"any_of": [noun_filter(f"{kind} {m.group(2)}") for kind in rx.split(r",? or |, ", m.group(1))]}
    m = rx.fullmatch(r"(?:(?:a|an) )?([\w\-']+ ([a-z]+)) or (?:an? )?([\w\-']+ \2)", phrase)
    if m and not spec and not plural and m.group(2) in TYPE_WORD:
        return {"any_of": [noun_filter(m.group(1)), noun_filter(m.group(3))]}
    # "a Mountain, Forest, or Plains", "artifact or creature", "each Fungus and Saproling", "Dogs and/or
    # Wolves" (CR 109.2: an object of one of these kinds, each counted once).
    head = rx.match(r"(?:(?:a|an|each|all) )?", phrase).group(0)
    pieces = rx.split(r",? and/or |,? or |,? and |, ", phrase[len(head):])
    m = rx.fullmatch(r"((?:non-?[A-Za-z]+, )+non-?[A-Za-z]+)( \w+)?", phrase[len(head):])
    if m and not spec:  # "noncreature, nonland cards", "nontoken, non-Angel creature": neither (every condition holds)
        conditions = [noun_filter(word + (m.group(2) or ""), plural) for word in m.group(1).split(", ")]
        joined: dict[str, Any] = {}
        for key in dict.fromkeys(k for each in conditions for k in each):
            values = [each[key] for each in conditions if key in each]
            if all(isinstance(v, list) for v in values):
                joined[key] = list(dict.fromkeys(v for value in values for v in value))
            elif all(v == values[0] for v in values):  # "token": False of "nontoken"
                joined[key] = values[0]
            else:
                raise Unsupported(f"the objects '{phrase}'")
        return joined
    if len(pieces) > 1 and head.strip() in ("a", "an") and all(rx.fullmatch(r"an? [\w\-']+", p) for p in pieces[1:]) \
            and not rx.search(r" and ", phrase):  # "a Swamp or a Mountain": an article each, all of one scope
        pieces = [rx.sub(r"^an? ", "", p) for p in pieces]
    if len(pieces) > 1 and all(rx.fullmatch(r"[\w\-']+", p) for p in pieces):
        if spec:
            raise Unsupported(f"the objects '{phrase}'")
        return {"any_of": [noun_filter(p, plural) for p in pieces]}
    # "a Swamp, Mountain, black permanent, or red permanent": kinds of one word and kinds of a color (CR 105.2, 109.2),
    # each an alternative; "or" alone (a list joined by "and" names objects of each kind, not one of them).
    if len(pieces) > 1 and not spec and not rx.search(r" and\b", phrase) and all(
            rx.fullmatch(r"[\w\-']+", p) or rx.fullmatch(r"(?:white|blue|black|red|green) (?:permanent|creature|"
                                                         r"artifact|enchantment|land|planeswalker)", p)
            for p in pieces) and any(" " in p for p in pieces):
        return {"any_of": [noun_filter(p, plural) for p in pieces]}
    words = phrase.split()
    if words and words[0].lower() in ("a", "an", "each", "all", "another"):
        if words[0].lower() in ("another",):
            if not other:  # "another": one other than the ability's source, where the place judges it
                raise Unsupported(f"'{phrase}' (\"another\" objects)")
            return {**noun_filter(" ".join(words[1:]), plural, other), "other": True}
        words = words[1:]
    if not words:
        raise Unsupported(f"no object in '{phrase}'")
    def put(key: str, value: str) -> None:
        spec.setdefault(key, [])
        if value not in spec[key]:
            spec[key].append(value)

    for word in words:
        lower = word.lower()
        if lower == "other":
            if not other:
                raise Unsupported(f"'{phrase}' (\"other\" objects)")
            spec["other"] = True
        elif status and lower in ("tapped", "untapped") and "tapped" not in spec:  # CR 110.5: a status
            spec["tapped"] = lower == "tapped"
        elif lower in ("token", "tokens") and (plural or lower == "token"):
            spec["token"] = True
        elif lower == "nontoken":
            spec["token"] = False
        elif lower == "commander" or (plural and lower == "commanders"):  # CR 903.3: the board's commander:
            spec["commander"] = True
        elif lower in COLOR_WORDS:  # CR 105.2: "a black creature"
            put("colors", COLOR_WORDS[lower])
        elif lower.startswith("non") and lower[3:] in COLOR_WORDS:  # CR 105.2: "a nonwhite creature"
            put("not_colors", COLOR_WORDS[lower[3:]])
        elif lower in ("multicolored", "colorless"):  # CR 105.2b, 105.2c
            spec[lower] = True
        elif lower in ATTACHED_WORDS_FILTER and "attached" not in spec:  # CR 301.5, 303.4, 700.9
            spec["attached"] = ATTACHED_WORDS_FILTER[lower]
        elif lower in ("basic", "legendary", "snow"):
            put("supertypes", lower.capitalize())
        elif lower in ("nonbasic", "nonlegendary", "nonsnow"):  # CR 205.4a, 205.3: not of that supertype
            put("not_supertypes", lower[3:].capitalize())
        elif lower.startswith("non") and lower[3:] in TYPE_WORD:
            put("not_types", TYPE_WORD[lower[3:]])
        elif rx.fullmatch(r"[Nn]on-[A-Z][a-z']+", word):  # CR 205.3: "a non-Human creature", "Non-Human creatures
            put("not_subtypes", word[4:])  # you control" (a sentence's first word): not of that subtype
        elif lower == "permanent" or (plural and lower == "permanents"):
            continue
        elif lower in TYPE_WORD:
            put("types", TYPE_WORD[lower])
        elif plural and lower in TYPE_PLURAL:
            put("types", TYPE_PLURAL[lower])
        elif rx.fullmatch(r"[A-Z][a-z']+(?:-[A-Za-z]+)*", word):  # "Power-Plant", "Urza's"
            if status_word(word):  # "Unblocked creatures", "Tapped creatures": a capital that starts a sentence
                raise Unsupported(f"the objects '{phrase}': '{word}' names a status or quality, no subtype")
            put("subtypes", singular(word) if plural else word)
        else:
            raise Unsupported(f"the objects '{phrase}'")
    if not set(spec) - {"other"} and words not in (["permanent"], ["permanents"], ["other", "permanents"]):
        raise Unsupported(f"the objects '{phrase}'")
    return spec


# Words that name a status or a quality of an object, never a subtype (CR 205.3 lists none of them; a past participle
# ends none): a sentence's first word has a capital, and read as a subtype it matched no object, so the ability that
# named it did nothing ("Fortified land has indestructible" read lands of a subtype "Fortified", issue 13).
STATUS_WORDS = {"attacking", "blocking", "sleeping", "monstrous", "historic", "monocolored", "face-down", "face-up",
                "phased-out", "double-faced", "outlaw", "outlaws"}


def status_word(word: str) -> bool:
    """Whether a capitalized ``word`` names a status or quality ("Tapped", "Unblocked", "Attacking", "Monstrous")
    rather than a subtype (CR 205.3: "Saproling", "Urza's" are subtypes)."""
    lower = word.lower()
    return word not in spell_subtypes() and (lower.endswith("ed") or lower in STATUS_WORDS)


def both(first: dict[str, Any], second: dict[str, Any], phrase: str) -> dict[str, Any]:
    """The filter of an object that matches both (every condition of each holds: their lists of
    types, subtypes, ... together); refused where one condition would be given twice."""
    spec = copy.deepcopy(first)
    for key, value in second.items():
        if key not in spec or spec[key] == value:
            spec[key] = copy.deepcopy(value)
        elif isinstance(value, list) and key != "any_of":
            spec[key] = spec[key] + [v for v in value if v not in spec[key]]
        else:
            raise Unsupported(f"the objects '{phrase}'")
    return spec


def whose_filter(phrase: str, plural: bool = False, other: bool = False) -> tuple[str, dict[str, Any]]:
    """``a land you control`` -> ("you", {types: [Land]}); no clause -> "any"."""
    m = rx.fullmatch(r"(.+?) that entered(?: the battlefield)? this turn", phrase)
    if m:  # CR 603.6a's "entered": the board's entered: {turn} is this turn
        whose, spec = whose_filter(m.group(1), plural, other)
        return whose, {**spec, "entered_this_turn": True}
    m = rx.fullmatch(r"(.+?) that(?:'s| is| are) ([\w\-', /]+)", phrase)
    if m:  # "a creature you control that's a Wolf or a Werewolf", "permanents you control that are Spirits
        # and/or enchantments": the object is of the kind the clause names as well (CR 109.2, 205)
        whose, spec = whose_filter(m.group(1), plural, other)
        named = rx.sub(r"(^|, |,? or |,? and/or )an? ", r"\1", m.group(2))
        if " and " in named.replace(" and/or ", " or "):  # "that are artifacts and creatures": both, not read
            raise Unsupported(f"the objects '{phrase}'")
        return whose, both(spec, noun_filter(named, plural=phrase[m.end(1):].startswith(" that are")), phrase)
    m = rx.fullmatch(r"(.+?) other than ~", phrase)
    if m:  # "modified creatures you control other than ~": its source left out, where the place judges it
        if not other:
            raise Unsupported(f"'{phrase}' (\"other\" objects)")
        whose, spec = whose_filter(m.group(1), plural, other)
        return whose, {**spec, "other": True}
    m = rx.fullmatch(r"(.+?)( you control| an opponent controls| your opponents control| you don't control"
                     r"| on the battlefield)"
                     r"( with .+| named ~| of the chosen (?:color|creature type))", phrase)
    if m:
        phrase = m.group(1) + m.group(3) + m.group(2)
    m = rx.fullmatch(r"(.+?) you control but don't own", phrase)
    if m:  # CR 108.3: "lands you control but don't own": its owner is another player (the board's owner:)
        return "you", {**noun_filter(m.group(1), plural, other), "not_owned": True}
    for suffix, whose in ((" you control", "you"), (" an opponent controls", "opponent"),
                          (" your opponents control", "opponent"),
                          # CR 102.3: every other player is an opponent (no teams: oracle_cast's reading too)
                          (" you don't control", "opponent"),
                          (" on the battlefield", "any")):
        if phrase.endswith(suffix):
            return whose, noun_filter(phrase[: -len(suffix)], plural, other)
    return "any", noun_filter(phrase, plural, other)


# ------------------------------------------------------------------- costs
def parse_cost(text: str) -> list[Any]:
    items: list[Any] = []
    for part in [p.strip() for p in text.split(",")]:
        items += [cost_item(piece) for piece in split_and_self(part)]
    return items


def _counted(key: str, count: int, spec: dict[str, Any], first: bool = False) -> dict[str, Any]:
    """A cost item with a count, written only when it isn't 1 (first in the item, or last)."""
    if count == 1:
        return {key: spec}
    return {key: {"count": count, **spec} if first else {**spec, "count": count}}


# The cost items the rules model (CR 118, 602.1a): a pattern each, and what it means.
COST_FORMS: list[tuple[re.Pattern, Any]] = [
    (re.compile(r"Sacrifice (an? [\w\- ]+)"), lambda m: {"sacrifice": noun_filter(m.group(1))}),
    (re.compile(r"Pay (\d+) life"), lambda m: {"pay_life": int(m.group(1))}),
    (re.compile(r"Discard (a|one|two|three) cards?"), lambda m: {"discard": number(m.group(1))}),
    (re.compile(r"Remove (X|any number of) ([\w+/\-]+) counters from ~"),
     lambda m: {"remove_counters": {"kind": m.group(2), "count": "X"}}),
    (re.compile(r"Remove (a|an|one|two|three|four|five|\d+) ([\w+/\-]+) counters? from ~"),
     lambda m: _counted("remove_counters", number(m.group(1)), {"kind": m.group(2)})),
    (re.compile(r"Untap an? tapped ([\w\- ]+?) (you control|an opponent controls)"),
     lambda m: {"untap_tapped": {"whose": "you" if m.group(2) == "you control" else "opponent",
                                 "filter": noun_filter(m.group(1))}}),
    (re.compile(r"Tap (an|a|one|two|three|four|five) untapped ([\w\- ]+) you control"),
     lambda m: _counted("tap_untapped", number(m.group(1)),
                        {"filter": noun_filter(m.group(2), plural=number(m.group(1)) != 1)}, first=True)),
]


def cost_item(part: str) -> Any:
    if part in ("{T}", "{Q}"):
        return part
    if MANA_COST.match(part):
        return part
    if part in ("Sacrifice ~",):
        return "sacrifice_self"
    for pattern, meaning in COST_FORMS:
        m = pattern.fullmatch(part)
        if m:
            return meaning(m)
    item = x_cost_item(part, noun_filter)
    if item is not None:
        return item
    item = graveyard_exile_item(part, number, card_filter, Unsupported)  # CR 118.3, 701.11a
    if item is not None:
        return item
    if rx.fullmatch(r"Pay (?:X|\w+) speed", part):
        raise Unsupported(f"the cost '{part}': paying speed, which {RULES_FOLLOWED} don't define (CR 702.179 "
                          "only gives a player speed and increases it)")
    if rx.match(r"(Exile|Exert|Mill|Put|Pay|Tap|Sacrifice|Discard|Return|Remove|Collect|Reveal|"
                r"Untap|Forage|Blight)\b", part) and not rx.search(r"\bX\b", part):
        # A cost the rules don't model (CR 118, 602.2b): kept as text, so a
        # query can tell that it can't judge it; CR 106.7 ignores costs anyway.
        return {"text": part}
    raise Unsupported(f"the cost '{part}'")


# ------------------------------------------------------------------- amounts
def on_the_battlefield(phrase: str) -> bool:
    """Whether objects whose_filter reads as anyone's say so ("Elves on the battlefield", "creatures
    on the battlefield with flying"), rather than naming no controller at all."""
    return bool(rx.search(r" on the battlefield(?: with .+| named ~| of the chosen (?:color|creature type))?$",
                          phrase))


def amount_from(phrase: str) -> Any:
    """``the number of Elves you control``, ``your devotion to that color`` -> an AMOUNT."""
    m = rx.fullmatch(r"the number of ([\w+/\-]+) counters on ~", phrase)
    if m:
        return {"counters_on_self": m.group(1)}
    if phrase in ("your devotion to that color", "your devotion to the chosen color"):
        return "devotion"
    if phrase in ("~'s power", "~'s toughness"):
        return phrase[len("~'s "):]  # CR 208.1
    m = rx.fullmatch(r"the greatest (power|toughness) among (.+)", phrase)
    if m:
        whose, spec = whose_filter(m.group(2), plural=True, other=True)
        if whose == "any" and not on_the_battlefield(m.group(2)):
            raise Unsupported(f"the amount '{phrase}'")
        return {"greatest": {"stat": m.group(1), "whose": whose, "filter": spec}}
    counted = graveyard_count(phrase)
    if counted is not None:
        return counted
    if rx.fullmatch(r"the sacrificed (?:[a-z]+)'s (?:mana value|power|toughness)", phrase):
        raise Unsupported(f"the amount '{phrase}' (it depends on which permanent the cost sacrifices; "
                          "no amount form reads it)")
    if phrase == "the greatest number of creatures you control that have a creature type in common":
        return "creatures_sharing_a_type"  # CR 205.3m, 702.73a
    if rx.fullmatch(r"the (?:amount|total amount) of life you(?:'ve)? gained this turn", phrase):
        return "life_gained"  # CR 119.3: the board's life_gained
    m = rx.fullmatch(r"the number of (.+)", phrase)
    if m:
        whose, spec = whose_filter(m.group(1), plural=True, other=True)
        if whose == "any" and not on_the_battlefield(m.group(1)):
            raise Unsupported(f"the amount '{phrase}'")
        return {"count": {"whose": whose, "filter": spec}}
    raise Unsupported(f"the amount '{phrase}'")


def mana_amount(phrase: str, costs: Sequence[Any]) -> Any:
    """The amount of a mana ability's "where X is ..." or "equal to ...": its controller's devotion
    to a color (CR 700.5), the sacrificed permanent's characteristic where its cost sacrifices one
    (608.2h), else amount_from."""
    m = rx.fullmatch(r"your devotion to (white|blue|black|red|green)", phrase)
    if m:  # CR 700.5: its controller's devotion to that color
        return {"devotion": COLOR_WORDS[m.group(1)]}
    total = total_of(phrase, whose_filter)  # the cost changes' reader (oracle_costs)
    if total is not None:  # CR 208.1, 202.3: the total power (toughness, mana value) of permanents you control
        return total
    m = rx.fullmatch(r"the number of ((?:.+ )?cards?) in your hand", phrase)
    if m:  # CR 402.1: the matching cards of its controller's hand (the board's hand:)
        return {"count": {"whose": "you", "zone": "hand", "filter": card_filter(m.group(1))}}
    return sacrificed_amount(phrase, costs) or amount_from(phrase)


def card_filter(phrase: str) -> dict[str, Any]:
    """``legendary creature cards``, ``a card``, ``black creature card``: a FILTER for cards
    (judged on their printed characteristics, CR 115.2's cards in another zone)."""
    phrase = rx.sub(r"^(?:an?|one) ", "", phrase)
    m = rx.fullmatch(r"(.+?) with \{X\} in (?:its|their) mana costs?", phrase)
    if m:  # CR 107.3, 202.1: an {X} in its printed mana cost
        return {**card_filter(m.group(1)), "x_in_mana_cost": True}
    m = rx.fullmatch(r"(.+?) with power (\d+) or greater", phrase)
    if m:  # CR 208.1: its printed power (a "*" one is refused on the board, 208.2a)
        return {**card_filter(m.group(1)), "power_at_least": int(m.group(2))}
    m = rx.fullmatch(r"(?:(.+) )?cards?", phrase)
    if not m:
        raise Unsupported(f"the cards '{phrase}'")
    if not m.group(1):
        return {}
    if m.group(1) == "permanent":
        return {"any_of": [{"types": [t]} for t in sorted(PERMANENT_TYPES)]}  # CR 110.4a
    spec = noun_filter(m.group(1), plural=phrase.endswith("s"))
    # CR 105.2b-c: "colorless", "multicolored": a card's colors too (asp/filter_conditions.lp card_fails_one)
    judged = {"types", "not_types", "subtypes", "supertypes", "not_supertypes", "colors", "colorless", "multicolored"}
    if not set(spec) <= judged | {"any_of"} or not all(set(each) <= judged for each in spec.get("any_of", [])):
        raise Unsupported(f"the cards '{phrase}' (only types, supertypes and colors of a card are judged)")
    return spec


def among_objects(phrase: str) -> dict[str, Any]:
    """``permanents you control``, ``legendary creature cards in your graveyard``, ``a permanent
    a player controls``: whose objects, their zone and filter (for the colors among them)."""
    if rx.fullmatch(r"the (?:cards exiled with ~|exiled cards used to craft ~)", phrase):
        return {"zone": "exiled", "filter": {}}  # CR 607.2a, 702.167: the board's exiled:
    m = rx.fullmatch(r"(.+?) in (your|an opponent's|a) graveyard", phrase)
    if m:
        whose = {"your": "you", "an opponent's": "opponent", "a": "any"}[m.group(2)]
        return {"zone": "graveyard", "whose": whose, "filter": card_filter(m.group(1))}
    m = rx.fullmatch(r"(an? .+?) an? player controls", phrase)
    if m:
        return {"whose": "any", "filter": noun_filter(m.group(1))}
    m = rx.fullmatch(r"(.+?) and ([a-z]+s)( you control| your opponents control)", phrase)
    if m:  # "legendary creatures and planeswalkers you control": either kind (CR 105.2)
        whose, first = whose_filter(m.group(1) + m.group(3), plural=True)
        second = noun_filter(m.group(2), plural=True)
        if not all(set(each) <= {"types", "subtypes", "supertypes", "colors"} for each in (first, second)):
            raise Unsupported(f"the objects '{phrase}'")
        return {"whose": whose, "filter": {"any_of": [first, second]}}
    whose, spec = whose_filter(phrase, plural=not rx.match(r"an? ", phrase))
    if whose == "any" and not on_the_battlefield(phrase):
        raise Unsupported(f"the objects '{phrase}' (whose?)")
    return {"whose": whose, "filter": spec}


def colors_among(what: str) -> dict[str, Any] | None:
    """CR 105.2: ``one mana of any color among legendary creature cards in your graveyard``,
    ``one mana of any color that shares a color with a permanent a player controls``: one
    mana of a color some such object has; ``one mana of each color among permanents you
    control`` (from "For each color among ..."): one mana of every such color.  None when
    the phrase is neither."""
    m = rx.fullmatch(r"one mana of any of the exiled cards?'s? colors", what)
    if m:  # CR 607.2a: the cards exiled with it (the board's exiled:)
        return {"color_among": {"zone": "exiled", "filter": {}}}
    m = rx.fullmatch(r"one mana of any color (?:among|that shares a color with) (.+)", what)
    if m:
        return {"color_among": among_objects(m.group(1))}
    m = rx.fullmatch(r"one mana of each color among (.+)", what)
    if m:
        return {"each_color_among": among_objects(m.group(1))}
    return None


def reveal_from_hand(effect: str) -> tuple[str, dict[str, Any]] | None:
    """``Reveal any number of artifact cards in your hand. Add {C}{C} for each card revealed
    this way.``: the effect without the reveal, and the amount (any number of matching cards
    of the controller's hand, the board's hand:, from none to all).  None if it isn't one."""
    parts = sentences(effect)
    m = rx.fullmatch(r"Reveal any number of (.+?) (?:in|from) your hand", parts[0]) if parts else None
    if not m or len(parts) < 2:
        return None
    m2 = rx.fullmatch(rf"Add ({FIXED}) for each card revealed this way", parts[1])
    if not m2:
        raise Unsupported(f"'{parts[1]}'")
    rest = ". ".join([f"Add {m2.group(1)}"] + parts[2:]) + "."
    return rest, {"revealed": {"filter": card_filter(m.group(1))}}


def graveyard_count(phrase: str) -> dict[str, Any] | None:
    """``the number of black creature cards in your graveyard`` (``... in all graveyards``:
    every player's, CR 404.1): a count of cards in graveyards (the board's ``graveyard:``), or None."""
    m = rx.fullmatch(r"the number of (.+?) in (your graveyard|all graveyards)", phrase)
    if not m:
        return None
    whose = "you" if m.group(2) == "your graveyard" else "any"
    return {"count": {"whose": whose, "zone": "graveyard", "filter": card_filter(m.group(1))}}


def symbols_of(text: str) -> list[str]:
    return rx.findall(r"\{([WUBRGC])\}", text)


def type_list(text: str) -> list[str]:
    """``{R} and/or {G}``, ``{W}, {U}, or {B}`` -> ["R", "G"] (every other word refused)."""
    rest = rx.sub(SYMBOL, "", text)
    if rx.sub(r"[ ,]|and/or|\bor\b|\band\b", "", rest):
        raise Unsupported(f"the mana '{text}'")
    found = symbols_of(text)
    return sorted(set(found), key=MANA_ORDER.index)


def any_color_or(types: list[str]) -> Any:
    return "any_color" if types == list(COLORS) else types


def cost_object(costs: Sequence[Any], subject: str) -> dict[str, Any]:
    """``the sacrificed land``, ``that land``: the object a cost acted on.  CR 106.7
    ignores whether a cost could be paid, so for could-produce the reflected land is
    any land the cost could act on: one you could sacrifice, or one an opponent
    controls (the cost's "tapped" is a cost requirement); activating the ability
    looks at the one the cost untapped (``untapped``: asp/mana_activation.lp)."""
    for item in costs:
        if isinstance(item, dict) and "sacrifice" in item and item["sacrifice"].get("types") == ["Land"]:
            return {"whose": "sacrificed", "filter": copy.deepcopy(item["sacrifice"])}
        if isinstance(item, dict) and "untap_tapped" in item and subject == "that land":
            spec = item["untap_tapped"]
            if spec.get("whose", "you") != "opponent" or spec.get("count", 1) != 1:
                # one of your own could be tapped for mana first (CR 601.2g): not followed
                raise Unsupported(f"'{subject}' (untapped by a cost that is not one permanent an opponent controls)")
            return {"whose": "opponent", "filter": copy.deepcopy(spec["filter"]), "untapped": True}
    raise Unsupported(f"'{subject}' (no cost names it)")


def parse_add(sentence: str, costs: Sequence[Any] = ()) -> dict[str, Any]:
    """The first sentence of a mana ability's effect: ``Add ...`` -> an ADD."""
    m = rx.fullmatch(r"Add (.+)", sentence)
    if not m:
        raise Unsupported(f"'{sentence}'")
    what = m.group(1)
    if rx.fullmatch(FIXED, what):
        return {"mana": what}
    # Choice forms: "{B} or {R}", "{W}, {U}, or {B}", "{U}{U}, {U}{R}, or {R}{R}".
    options = rx.split(r",? or |, ", what)
    if len(options) > 1 and all(rx.fullmatch(FIXED, o) for o in options):
        return choice(options, what)
    # "X mana of any color" (no "one"): one color or several? The rules' texts say "of any one color" or "in
    # any combination of colors"; read as one color, "one" was an optional word that changed the answer.
    m = rx.fullmatch(r"(one|two|three|four|five|X) mana of any (one )?color(?:, where X is (.+))?", what)
    if m and (m.group(1) == "one" or m.group(2)):
        add: dict[str, Any] = {"one_of": "any_color"}
        if m.group(1) == "X":
            add["amount"] = mana_amount(m.group(3), costs) if m.group(3) else "X"
        elif m.group(3):
            raise Unsupported(f"'{sentence}'")
        elif number(m.group(1)) != 1:
            add["amount"] = number(m.group(1))
        return add
    m = rx.fullmatch(r"(one|two|three|four|five|X) mana in any combination of (colors|.+?)"
                     r"(?:, where X is (.+))?", what)
    if m:
        types = list(COLORS) if m.group(2) == "colors" else type_list(m.group(2))
        add = {"combination": any_color_or(types)}
        if m.group(1) == "X":
            add["amount"] = mana_amount(m.group(3), costs) if m.group(3) else "X"
        elif m.group(3):
            raise Unsupported(f"'{sentence}'")
        else:
            add["amount"] = number(m.group(1))
        return add
    m = rx.fullmatch(r"one mana of any (type|color) (that land|the sacrificed land|(?:that )?an? .+?) "
                     r"could produce", what)
    if m:
        kind, subject = m.groups()
        subject = subject[len("that "):] if subject.startswith("that a") else subject
        if subject in ("the sacrificed land", "that land"):
            return {"reflect": {**cost_object(costs, subject), "kind": kind}}
        if not rx.match(r"an? ", subject):
            raise Unsupported(f"'{sentence}'")
        whose, spec = whose_filter(subject)
        return {"reflect": {"whose": whose, "filter": spec, "kind": kind}}
    if what in ("one mana of a chosen color", "one mana of any color chosen as you drafted cards named ~"):
        return {"chosen_color": True}  # CR 614.12, 905.2b: of any of the colors chosen (chooses_colors)
    m = rx.fullmatch(rf"(?:({SYMBOL}) or )?(one|two|three|four|five) mana of the chosen color", what)
    if m:
        add = {"chosen_color": [m.group(1)[1]] if m.group(1) else True}
        if number(m.group(2)) != 1:
            if m.group(1):
                raise Unsupported(f"'{sentence}'")
            add["amount"] = number(m.group(2))
        return add
    m = rx.fullmatch(rf"(two|three|four|five|six|seven|eight|nine|ten) ({SYMBOL})", what)
    if m:
        return {"mana": m.group(2) * number(m.group(1))}
    m = rx.fullmatch(r"(two|three|four|five) mana of different colors", what)
    if m:
        return {"distinct": "any_color", "amount": number(m.group(1))}
    among = colors_among(what)
    if among is not None:
        return among
    if what == "one mana of any color in your commander's color identity":
        return {"commander_colors": True}
    m = rx.fullmatch(rf"({SYMBOL}) for each ([\w+/\-]+) counter removed this way", what)
    if m:
        return {"mana": m.group(1), "amount": "X"}
    m = rx.fullmatch(rf"({SYMBOL}), then add an additional ({SYMBOL}) for each ([\w+/\-]+) counter "
                     r"removed this way", what)
    if m and m.group(1) == m.group(2):
        return {"mana": m.group(1), "amount": {"x_plus": 1}}
    m = rx.fullmatch(rf"({SYMBOL}), plus an additional ({SYMBOL}) for each ([\w+/\-]+) counter on ~",
                     what)
    if m and m.group(1) == m.group(2):
        return {"mana": m.group(1), "amount": {"counters_on_self": m.group(3), "plus": 1}}
    m = rx.fullmatch(rf"X ({SYMBOL}) or X ({SYMBOL}), where X is (.+)", what)
    if m and m.group(1) != m.group(2):
        return {"one_of": sorted([m.group(1)[1], m.group(2)[1]], key=MANA_ORDER.index),
                "amount": mana_amount(m.group(3), costs)}
    m = rx.fullmatch(rf"({FIXED}) for each ([\w+/\-]+) counter on ~", what)
    if m:
        return {"mana": m.group(1), "amount": {"counters_on_self": m.group(2)}}
    m = rx.fullmatch(rf"({FIXED}) for each (.+)", what)
    if m:
        return {"mana": m.group(1), "amount": mana_amount("the number of " + m.group(2), costs)}
    # "an amount of {G} equal to ~'s power", "X {G}, where X is ~'s power": that many of one type.
    m = rx.fullmatch(rf"an amount of ({SYMBOL}) equal to (.+)", what) or rx.fullmatch(
        rf"X ({SYMBOL}), where X is (.+)", what)
    if m:
        return {"mana": m.group(1), "amount": mana_amount(m.group(2), costs)}
    why = player_state_reason(sentence)
    raise Unsupported(f"'{sentence}'" + (f" ({why})" if why else ""))


def choice(options: list[str], text: str) -> dict[str, Any]:
    """A choice between fixed amounts: one type repeated, or every combination of some types."""
    vectors = [tuple(sorted(symbols_of(o), key=MANA_ORDER.index)) for o in options]
    sizes = {len(v) for v in vectors}
    if len(set(vectors)) != len(vectors):
        raise Unsupported(f"the choice '{text}'")
    if len(sizes) != 1:
        return {"options": ["".join("{" + t + "}" for t in v) for v in vectors]}
    size = sizes.pop()
    types = sorted({t for v in vectors for t in v}, key=MANA_ORDER.index)
    if all(len(set(v)) == 1 for v in vectors) and len(vectors) == len(types):
        add: dict[str, Any] = {"one_of": any_color_or(types)}
        if size != 1:
            add["amount"] = size
        return add
    every = {tuple(sorted(c, key=MANA_ORDER.index)) for c in _multisets(types, size)}
    if set(vectors) == every:
        return {"combination": any_color_or(types), "amount": size}
    return {"options": ["".join("{" + t + "}" for t in v) for v in vectors]}


def _multisets(types: list[str], size: int):
    if size == 0:
        yield ()
        return
    for i, t in enumerate(types):
        for rest in _multisets(types[i:], size - 1):
            yield (t,) + rest


RESTRICTION = re.compile(r"^(Spend this mana only|This mana can't be spent|If (?:that|this) mana is spent|"
                         r"When (?:you spend )?(?:this|that) mana(?: is spent)?|If you spend this mana|"
                         r"[^.]* you spend this mana to cast)")
NEW_TARGETS = re.compile(r"You may choose new targets for the cop(?:y|ies)\.?")
TEXT_RIDERS = re.compile(r"^(~ doesn't untap during your next untap step|"
                         r"You get (?:a|one|two) poison counters?)$")


def choose_a_color(effect: str) -> str:
    """``Choose a color. Add ... of that color ...`` -> the same as ``... of any one color``."""
    parts = sentences(effect)
    m = rx.fullmatch(r"Choose a color of (a card|a permanent) (.+)", parts[0])
    if m and parts[1] == "Add one mana of that color":  # CR 105.2: a color among those objects
        first = f"Add one mana of any color among {m.group(1)[2:]}s {m.group(2)}"
        return ". ".join([first] + parts[2:]) + "."
    m = rx.fullmatch(r"Add one mana of that color for each ([\w+/\-]+) counter on ~", parts[1])
    if parts[0] == "Choose a color" and m:
        first = f"Add X mana of any one color, where X is the number of {m.group(1)} counters on ~"
        return ". ".join([first] + parts[2:]) + "."
    m = rx.fullmatch(r"Add (two|three|four|five|six|seven|eight|nine|ten) mana of that color", parts[1])
    if parts[0] == "Choose a color" and m:  # CR 106.1a: that much mana of the one color chosen
        return ". ".join([f"Add {m.group(1)} mana of any one color"] + parts[2:]) + "."
    m = rx.fullmatch(r"Add one mana of that color for each (.+)", parts[1])
    if parts[0] == "Choose a color" and m:  # "for each Elf you control": as many of the one color chosen
        first = f"Add X mana of any one color, where X is the number of {m.group(1)}"
        return ". ".join([first] + parts[2:]) + "."
    m = rx.fullmatch(r"Add (one mana|an amount of mana) of that color( equal to .+)?", parts[1])
    if not m or parts[0] != "Choose a color":
        raise Unsupported(f"'{parts[0]}. {parts[1]}'")
    if m.group(1) == "one mana" and not m.group(2):
        first = "Add one mana of any color"
    elif m.group(1) == "an amount of mana" and m.group(2):
        first = f"Add X mana of any one color, where X is{m.group(2)[len(' equal to'):]}"
    else:
        raise Unsupported(f"'{parts[1]}'")
    return ". ".join([first] + parts[2:]) + "."


def instead_of(sentence: str, add: dict[str, Any]) -> dict[str, Any] | None:
    """CR 614.1a, 614.15: "If ~ has a luck counter on it, instead add one mana of any color",
    "If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead", "If you're the
    monarch, instead add one mana of any color" (a designation, oracle_static.DESIGNATIONS): the
    ability's own text replaces what it adds while the condition holds (checked as it
    resolves, 608.2c).  None when the sentence is not of this form, or when the amount
    it replaces is not the plain one (the plain forms only)."""
    m = rx.fullmatch(r"If ~ has an? ([\w+/\-]+) counter on it, (?:instead add (.+)|add (.+) instead)", sentence)
    condition: dict[str, Any]
    designated = rx.fullmatch(r"If ([^,]+), (?:instead add (.+)|add (.+) instead)", sentence)
    if m:
        condition, what = {"counter": m.group(1)}, m.group(2) or m.group(3)
    elif designated and designated.group(1) in DESIGNATIONS:  # CR 722.1, 723.1, 702.131c, 309.7
        condition, what = {"designation": DESIGNATIONS[designated.group(1)]}, designated.group(2) or designated.group(3)
    else:
        m = rx.fullmatch(r"If you control ((?:an?|another) .+?(?: and (?:an?|another) .+?)*), "
                         r"(?:instead add (.+)|add (.+) instead)", sentence)
        if not m:
            return None
        condition = {"you_control": [noun_filter(each, other=True)
                                     for each in rx.split(r" and (?=an? |another )", m.group(1))]}
        what = m.group(2) or m.group(3)
    if "amount" in add or not set(add) <= {"mana", "one_of"}:
        raise Unsupported(f"'{sentence}' (instead of an amount)")
    other = parse_add("Add " + what)
    if not set(other) <= {"mana", "one_of", "amount"} or not isinstance(other.get("amount", 1), int):
        raise Unsupported(f"'{sentence}'")
    return {"if": condition, "add": other}


def parse_mana_ability(cost_text: str, effect: str) -> dict[str, Any]:
    """``{T}, Pay 1 life`` + ``Add one mana of any color. ...`` -> a MANA_ABILITY."""
    ability: dict[str, Any] = {"cost": parse_cost(cost_text)}
    parts = sentences(effect)
    # "Add one mana of any color and lose life equal to ...": the life lost is an effect of
    # the ability beside its mana (a text rider, like "You gain 2 life.").
    lose = rx.fullmatch(r"(Add .+?) and (?:you )?(lose (?:\d+ life|life equal to .+))", parts[0])
    if lose and not rx.search(r"\bX\b", parts[0]):
        parts = [lose.group(1), f"You {lose.group(2)}"] + parts[1:]
    ability["add"] = parse_add(parts[0], ability["cost"])
    amount = ability["add"].get("amount")
    if x_costs(ability["cost"]) > 1:
        raise Unsupported(f"the cost '{cost_text}' (more than one item announces X)")
    if x_costs(ability["cost"]) and chosen_x(ability["cost"]) not in ("counters", "sacrificed"):
        raise Unsupported(f"the cost '{cost_text}' in a mana ability (only X counters removed or "
                          "X permanents sacrificed)")
    if (amount == "X" or (isinstance(amount, dict) and "x_plus" in amount)) and not chosen_x(ability["cost"]):
        raise Unsupported(f"X in '{parts[0]}' (only X counters removed or X permanents sacrificed "
                          "as a cost is supported)")
    riders: list[dict[str, Any]] = []
    restrictions: list[str] = []
    for sentence in parts[1:]:
        m = rx.fullmatch(r"~ deals (\d+) damage to you", sentence)
        if m:
            riders.append({"damage_to_controller": int(m.group(1))})
            continue
        m = rx.fullmatch(r"(You gain|Each opponent gains) (\d+|one|two|three|four|five) life", sentence)
        if m:  # CR 119.3: its controller (or each opponent) gains the life as it resolves (605.3b)
            riders.append({"gain_life" if m.group(1) == "You gain" else "opponents_gain_life": number(m.group(2))})
            continue
        m = rx.fullmatch(r"If there are no ([\w+/\-]+) counters on ~, sacrifice (?:it|~)", sentence)
        if m:
            riders.append({"sacrifice_if_no_counters": m.group(1)})
            continue
        m = rx.fullmatch(r"If ~ has an? ([\w+/\-]+) counter on it, add (one|two|three|four|five) "
                         r"mana of that (?:type|color) instead", sentence)
        if m and ("reflect" in ability["add"] or "one_of" in ability["add"]):
            if "amount" in ability["add"]:
                raise Unsupported(f"'{sentence}'")
            ability["add"]["amount"] = {"counter": {"kind": m.group(1), "then": number(m.group(2)),
                                                    "else": 1}}
            continue
        m = rx.fullmatch(rf"If you control (an? [\w\-+/ ]+?), add ({FIXED}) instead", sentence)
        if m and set(ability["add"]) == {"mana"} and len(symbols_of(ability["add"]["mana"])) == 1 \
                and set(symbols_of(m.group(2))) == set(symbols_of(ability["add"]["mana"])):
            ability["add"]["amount"] = {"if_you_control": noun_filter(m.group(1)),
                                        "then": len(symbols_of(m.group(2))), "else": 1}
            continue
        instead = instead_of(sentence, ability["add"])
        if instead is not None:
            ability["instead"] = instead
            continue
        if RESTRICTION.match(sentence):
            restrictions.append(sentence + ".")
            continue
        limit = activation_limit(sentence)
        if limit is not None:
            if set(limit) & set(ability) or {"only_if", "only_if_you_control"} <= set(limit) | set(ability):
                raise Unsupported(f"'{sentence}' (a second limit of one kind: both must hold, CR 602.1b)")
            ability.update(limit)
            continue
        if TEXT_RIDERS.match(sentence) or not rx.search(
                r"\b(?:[Aa]dds?|this mana|that mana|instead|produces?|Activate)\b", sentence):
            # An effect besides the mana that changes no mana: kept as text.
            riders.append({"text": sentence + "."})
            continue
        raise Unsupported(f"'{sentence}'")
    if riders:
        ability["riders"] = riders
    if restrictions:
        ability["restriction"] = " ".join(restrictions)
    return ability


def activation_limit(sentence: str) -> dict[str, Any] | None:
    """CR 602.1b, 602.5b, 602.5d: an "Activate only ..." sentence as an ability's
    ``only_if_you_control``, ``only_if`` or ``activation_restriction``; None when it is none of
    them (an "Activate only if" condition of no known form is refused: Unsupported)."""
    if activation_clauses(sentence) is not None:  # timing, times, "if there are N or more cards in your graveyard"
        return {"activation_restriction": sentence + "."}
    parts = rx.split(r" and only (?=if )", sentence)
    if len(parts) > 1:  # "Activate only once each turn and only if you control an Elf": each must hold
        limits: dict[str, Any] = {}
        for part in [parts[0]] + [f"Activate only {rest}" for rest in parts[1:]]:
            limit = activation_limit(part)
            exclusive = {"only_if", "only_if_you_control"}
            if limit is None or set(limit) & set(limits) or (set(limit) & exclusive and set(limits) & exclusive):
                # only_if's conditions are alternatives (any one holds), not all of them (CR 602.1b)
                raise Unsupported(f"'{sentence}'")
            limits.update(limit)
        return limits
    m = rx.fullmatch(r"Activate only if you control (an? [\w\- ]+?)(?: or (an? [\w\- ]+))?", sentence)
    if m:
        first_filter = noun_filter(m.group(1))
        return {"only_if_you_control": [first_filter, noun_filter(m.group(2))] if m.group(2) else first_filter}
    conditions = only_if_conditions(sentence)
    if conditions is not None:
        return {"only_if": conditions}
    return None


# An activated ability whose target the compiler keeps as text: whether a legal target exists (CR 115.1c,
# 601.2c, 602.2b: without one it can't be activated) no rule judges, so can-activate and next refuse.
TARGET_IN_TEXT = re.compile(r"\btargets?\b", re.IGNORECASE)
UNAIMED = "its target, which the compiler keeps in its text (CR 115.1c, 601.2c)"


def _unquoted(text: str) -> str:
    """The text without its reminder text and quoted abilities (a "target" there isn't its own)."""
    return rx.sub(r'\([^)]*\)|"[^"]*"', "", text)


def activation_limits(effect: str) -> dict[str, Any]:
    """What the "Activate only ..." sentences of an activated ability's effect ask
    (activation_limit; "Activate only once each turn and only if ~ is a creature" is both).  A
    sentence of no form the legality rules read, or a change to what the ability costs ("This
    ability costs {1} less to activate ...", CR 601.2f, 602.2b), is kept in ``unjudged``:
    can-activate and next refuse to say whether the ability can be activated."""
    limits: dict[str, Any] = {}
    unjudged: list[str] = []
    for sentence in rx.findall(r'(?:^|(?<=[.!"] ))((?:Activate only|This ability costs|It costs) [^."]*)', effect):
        if not sentence.startswith("Activate"):
            unjudged.append(sentence + ".")
            continue
        parts = rx.split(r" and only (?=if )", sentence)
        found: dict[str, Any] = {}
        for part in [parts[0]] + [f"Activate only {rest}" for rest in parts[1:]]:
            try:
                limit = activation_limit(part)
            except Unsupported:
                limit = None
            # Two conditions must both hold, and only_if's conditions are alternatives (602.1b).
            conditions = {"only_if", "only_if_you_control"}
            if limit is None or set(limit) & (set(found) | set(limits)) or (
                    set(limit) & conditions and (set(found) | set(limits)) & conditions):
                unjudged.append(sentence + ".")
                found = {}
                break
            found.update(limit)
        limits.update(found)
    if unjudged:
        limits["unjudged"] = unjudged
    return limits


def only_if_conditions(sentence: str) -> list[dict[str, Any]] | None:
    """CR 602.1b: "Activate only if you control three or more artifacts", "... if ~ is a
    creature", "... if ~ entered this turn or if you control a basic land", "... if ~ has two
    or more oil counters on it": the conditions (any one holds), or None when the sentence
    is not "Activate only if"; a condition of no such form is refused."""
    m = rx.fullmatch(r"Activate only if (.+)", sentence)
    if not m:
        return None
    return [only_if_condition(each, sentence) for each in rx.split(r" or if ", m.group(1))]


def only_if_condition(phrase: str, sentence: str) -> dict[str, Any]:
    count = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)( or more)?"
    m = rx.fullmatch(rf"you control (?:{count} (.+)|(another .+))", phrase)
    if m and m.group(4):  # "another Elf": one other than the source (CR 109.1; asp/legality.lp)
        return {"you_control": noun_filter(m.group(4), other=True)}
    if m:
        needed = number(m.group(1)) or 0
        if needed != 1 and not m.group(2):
            raise Unsupported(f"'{sentence}' (exactly {needed})")
        condition: dict[str, Any] = {"you_control": noun_filter(m.group(3), plural=needed != 1, other=True)}
        if needed != 1:
            condition["at_least"] = needed
        return condition
    if rx.fullmatch(r"~ entered(?: the battlefield)? this turn", phrase):
        return {"self_entered_this_turn": True}  # CR 603.6a's "entered": the board's entered:
    m = rx.fullmatch(r"you have (no|\w+) cards in hand|you have (\w+) or (more|fewer|less) cards in hand", phrase)
    if m:  # CR 402.1 (hellbent, 207.2c): the number of cards in its controller's hand (the board's hand:)
        needed = 0 if m.group(1) == "no" else number(m.group(2) or "")
        if needed is None or (m.group(1) and m.group(1) != "no"):
            raise Unsupported(f"'{sentence}'")
        return {"hand_at_least": needed} if m.group(3) == "more" else {"hand_at_most": needed}
    m = rx.fullmatch(r"you have (\w+) or (more|less) life", phrase)
    if m and number(m.group(1)) is not None:  # CR 119.1 (fateful hour, 207.2c): its controller's life total
        return {"life_at_least" if m.group(2) == "more" else "life_at_most": number(m.group(1))}
    m = (rx.fullmatch(rf"~ has {count} ([\w+/\-]+) counters? on it", phrase)
         or rx.fullmatch(rf"there (?:is|are) {count} ([\w+/\-]+) counters? on ~", phrase))  # CR 602.5b: the same
    if m:
        needed = number(m.group(1)) or 0
        if needed != 1 and not m.group(2):
            raise Unsupported(f"'{sentence}' (exactly {needed})")
        return {"self_counters": m.group(3), **({"at_least": needed} if needed != 1 else {})}
    m = rx.fullmatch(rf"there are {count} (.+?) cards in your graveyard", phrase)
    if m and m.group(2):  # CR 602.5b, 404.2: its controller's graveyard's cards of a kind (printed characteristics)
        amount = amount_from(f"the number of {m.group(3)} cards in your graveyard")
        if not isinstance(amount, dict) or amount.get("count", {}).get("zone") != "graveyard":
            raise Unsupported(f"'{sentence}'")
        return {"graveyard": amount["count"]["filter"], "at_least": number(m.group(1)) or 0}
    m = rx.fullmatch(r"(?:enchanted|equipped) ([a-z]+) is (tapped|untapped)", phrase)
    if m:  # CR 303.4, 301.5: the permanent its source is attached to, tapped or untapped now (110.5)
        return {"self_attached_to": noun_filter(f"{m.group(2)} {m.group(1)}", status=True)}
    m = rx.fullmatch(r"~ is (an? [a-z]+)", phrase)
    if m:  # its characteristics now (after every continuous effect, CR 613)
        return {"self_is": noun_filter(m.group(1))}
    m = rx.fullmatch(r"~'s (power|toughness) is (\w+) or (greater|less)", phrase)
    if m and number(m.group(2)) is not None:  # CR 602.5b, 208.1: its power or toughness now
        return {"self_is": {BOUND_KEYS[m.group(1), m.group(3)]: number(m.group(2))}}
    m = rx.fullmatch(r"~ is level (\d+)", phrase)
    if m:  # CR 716.2a, 716.2d: its level (the board's level:, none: 1), a class level bar's condition
        return {"self_level": int(m.group(1))}
    if phrase in DESIGNATIONS:  # CR 722.1, 723.1, 702.131c, 309.7: "if you have the city's blessing"
        return {"designation": DESIGNATIONS[phrase]}
    raise Unsupported(f"'{sentence}'")


LOSE_ALL = re.compile(r'(.+?) (?:loses|lose) all land types and abilities(?:,? and (?:it |they )?'
                      r'(?:gains?|has|have) "([^"]+)"(?: and "([^"]+)")?)?')


def losing_all(bare: str, permanent: bool, result: Compiled) -> list[tuple[str, Any]] | None:
    """CR 613.1d, 613.1f: "Lands your opponents control with the chosen name lose all land types
    and abilities, and they gain "{T}: Add one mana of any color."", "Enchanted land loses all
    land types and abilities and has "{T}: Add {C}"": a static ability that removes them (each
    in its layer, in timestamp order, asp/objects.lp), then one that grants what the same
    effect gives (after the loss, 613.7).  None when the line is not of this form."""
    m = LOSE_ALL.fullmatch(bare)
    if not m or not permanent:
        return None
    if rx.search(r"\. |^For as long as\b", m.group(1)):
        # sentences before it, or a duration of an effect a resolved ability created (CR 611.2b: "For as
        # long as that land has a blight counter on it, it loses ..."): no static ability of this form
        return None
    whose, spec, enchanted = group_filter(m.group(1))
    base: dict[str, Any] = {"affects": spec, "whose": whose, **({"enchanted": True} if enchanted else {})}
    found: list[tuple[str, Any]] = [("ability", {"static": {**copy.deepcopy(base),
                                                            "lose_land_types_and_abilities": True}})]
    granted = [compile_granted(inner) for inner in m.groups()[1:] if inner]
    if granted:
        result.has_mana_ability = True
        found.append(("ability", {"static": {**copy.deepcopy(base), "grant": granted}}))
    return found


# ------------------------------------------------------------- other forms
def group_filter(group: str) -> tuple[str, dict[str, Any], bool]:
    """``Lands you control``, ``Each land``, ``Enchanted land`` -> (whose, filter, enchanted).
    "Enchanted", "equipped" and "fortified" name the permanent the source is attached to (CR 303.4,
    301.5, 301.6), whatever it is."""
    m = rx.fullmatch(r"(?:Enchanted|Equipped|Fortified) (\w+)", group)
    if m:
        return "any", noun_filter(m.group(1)), True
    m = rx.fullmatch(r"(.+?)( you control| your opponents control) that are (enchanted|equipped)", group)
    if m:  # "Creatures you control that are enchanted": enchanted creatures you control (CR 303.4)
        group = f"{m.group(3)} {m.group(1).lower()}{m.group(2)}"
    whose, phrase = "any", group
    m = rx.fullmatch(r"(.+?)( you control| your opponents control)( with .+| of the chosen (?:color|creature type))",
                     group)
    if m:
        group = m.group(1) + m.group(3) + m.group(2)
        phrase = group
    for suffix, who in ((" you control", "you"), (" your opponents control", "opponent")):
        if group.endswith(suffix):
            whose, phrase = who, group[: -len(suffix)]
    words = phrase.split()
    first = words[0].lower()
    if first in TYPE_PLURAL or first in TYPE_WORD or first in ("each", "all", "basic", "nonbasic",
                                                                "snow", "legendary", "other", "permanents"):
        words[0] = first  # a capital that only starts the sentence
    return whose, noun_filter(" ".join(words), plural=first != "each", other=True), False


def land_types(what: str) -> list[str] | str:
    """``Mountains``, ``a Swamp``, ``every basic land type``, ``a Mountain, Forest, and Plains``."""
    if what == "every basic land type":
        return "all_basic"
    what = rx.sub(r"^(an?) ", "", what)
    names = [singular(w) if w != "Plains" else w for w in rx.split(r",? and |, ", what)]
    if all(n in BASIC_LAND_TYPES for n in names):
        return names
    raise Unsupported(f"the land types '{what}'")


def parse_static(line: str) -> dict[str, Any] | None:
    """Land-type changes and granted mana abilities; None when the line is neither."""
    # CR 613.4c: a "gets +N/+M" beside the grant is the same effect's (power_toughness.lp).
    change = rx.match(r"((?:Equipped|Enchanted) \w+) gets ([+\-]\d+)/([+\-]\d+) and ", line)
    if change:
        line = change.group(1) + " " + line[change.end():]
    m = rx.fullmatch(r'(.+?) (?:have|has) (?:((?:[a-z]+, )*[a-z]+,? and) )?"([^"]+)"', line)
    if m and rx.match(r"[^:]+: Add ", m.group(3)):
        group, keywords, inner = m.groups()
        whose, spec, enchanted = group_filter(group)
        granted = compile_granted(inner)
        static: dict[str, Any] = {"affects": spec, "whose": whose}
        if enchanted:
            static["enchanted"] = True
        static["grant"] = [granted]
        if change:
            static["pt"] = {"power": int(change.group(2)), "toughness": int(change.group(3))}
        if keywords:
            static["grant_keywords"] = [k.capitalize() for k in
                                        rx.split(r",? and |, ", keywords[: -len(" and")].rstrip(","))]
        return {"static": static}
    m = rx.fullmatch(r"(.+?) (?:are|is) (.+?)( in addition to (?:its|their) other (?:land )?types)?",
                     line)
    if m and rx.search(r"Plains|Island|Swamp|Mountain|Forest|basic land type", m.group(2)) \
            and not rx.search(r"\d/\d|creature", m.group(2)):
        group, what, addition = m.groups()
        try:
            land_types(what)
        except Unsupported:
            return None  # not a change of land types
        whose, spec, enchanted = group_filter(group)
        if "types" not in spec:
            spec = {"types": ["Land"], **spec} if set(spec) <= {"subtypes", "supertypes",
                                                                 "not_supertypes"} else spec
        static = {"affects": spec, "whose": whose}
        if enchanted:
            static["enchanted"] = True
        static["add_land_types" if addition else "set_land_types"] = land_types(what)
        return {"static": static}
    return None


def parse_type_adding(line: str) -> dict[str, Any] | None:
    """CR 205.1b, 613.1d: ``All Forests are 1/1 creatures that are still lands``,
    ``Each noncreature artifact is an artifact creature with power and toughness each equal to
    its mana value``, ``Enchanted artifact is a creature with base power and toughness 5/5 in
    addition to its other types``: card types added, and the base power and toughness given
    (7b, 613.6: ``base_pt``, ``{power: 1, toughness: 1}`` or ``mana_value``)."""
    m = rx.fullmatch(r"(.+?) (?:are|is) (?:an? )?(?:(\d+)/(\d+) )?((?:artifact |enchantment |land )*)"
                     r"(creatures?)(?: that are still lands?|( with power and toughness each equal to "
                     r"(?:its|their) mana value)| with base power and toughness (\d+)/(\d+) in addition to "
                     r"(?:its|their) other types)?", line)
    if m and m.group(7) and m.group(2):
        return None  # "a 1/1 creature with base power and toughness 4/4": no such form
    if not m or not rx.match(r"(?:Each|All|Enchanted) |\w+ you control", m.group(1)):
        if rx.match(r"(?:Enchanted land|Each land|All lands|Lands you control)\b.* (?:is|are) "
                    r"(?:an? )?[^.]*\bcreatures?\b", line):
            raise Unsupported(f"the type-changing effect '{line}'")
        return None
    whose, spec, enchanted = group_filter(m.group(1))
    named = [TYPE_WORD[w] for w in m.group(4).split()] + ["Creature"]
    added = [t for t in named if t not in spec.get("types", [])]
    static: dict[str, Any] = {"affects": spec, "whose": whose}
    if enchanted:
        static["enchanted"] = True
    static["add_types"] = added
    if m.group(6):  # CR 613.4b, 613.6, 202.3
        static["base_pt"] = "mana_value"
    elif m.group(2) or m.group(7):  # "are 1/1 creatures", "is a creature with base power and toughness
        # 5/5 in addition to its other types": that base power and toughness (613.4b, 613.6)
        power, toughness = (m.group(2), m.group(3)) if m.group(2) else (m.group(7), m.group(8))
        static["base_pt"] = {"power": int(power), "toughness": int(toughness)}
    return {"static": static}


def compile_granted(inner: str) -> dict[str, Any]:
    inner = inner.replace("this land", "~").replace("this creature", "~").replace("this artifact", "~")
    m = rx.fullmatch(r"([^:]+): (Add .+)", inner)
    if not m:
        raise Unsupported(f"the granted ability '{inner}'")
    return {"mana": parse_mana_ability(m.group(1), m.group(2))}


def tapped_object(phrase: str) -> tuple[dict[str, Any], bool]:
    """``a land``, ``enchanted Forest``, ``a Swamp`` -> (filter, enchanted)."""
    m = rx.fullmatch(r"enchanted (\w+)", phrase)
    if m:
        return noun_filter(m.group(1)), True
    if phrase in ("a permanent",):
        return {}, False
    return noun_filter(phrase), False


def parse_trigger(line: str) -> dict[str, Any] | None:
    """CR 605.1b: ``Whenever ... tapped for mana, ... add(s) ...``; None if it adds no mana.
    "Tapped for {C}": only when that mana holds the type (106.12a, ``tapped_for``)."""
    m = rx.fullmatch(r"Whenever (you|a player|an opponent) taps? (.+?) for (mana(?: of the chosen color)?"
                     r"|\{[WUBRGC]\}), (.+)", line)
    any_ability = ANY_ABILITY.fullmatch(line)
    if m:
        who, what, tapped_for, effect = m.groups()
        tapper = {"you": "you", "a player": "any", "an opponent": "opponent"}[who]
    elif any_ability:  # CR 605.1b: any mana ability of it, with {T} in its cost or not
        what, tapped_for, effect = any_ability.groups()
        tapper = "you"
    else:
        m = rx.fullmatch(r"Whenever (.+?) is tapped for (mana(?: of the chosen color)?|\{[WUBRGC]\}), (.+)", line)
        if not m:
            return None
        what, tapped_for, effect = m.groups()
        tapper = "any"
    if not rx.search(r"\badds?\b", effect):
        return None  # not a mana ability (CR 605.1b): it adds no mana
    itself = what == "~"  # CR 603.2, 106.12a: its own source only
    if itself:
        spec: dict[str, Any] = {}
        enchanted = False
    elif tapper == "any" and rx.search(r" (?:you control|an opponent controls|your opponents control)$", what):
        tapper, spec = whose_filter(what)  # "a land you control is tapped": its controller's (106.12a)
        enchanted = False
    else:
        spec, enchanted = tapped_object(what)
    parts = sentences(effect)
    riders: list[dict[str, Any]] = []
    m = rx.fullmatch(r"(.+), and ~ deals (\d+) damage to (?:that|the) player", parts[0])
    if m:
        parts[0] = m.group(1)
        riders.append({"damage_to_tapper": int(m.group(2))})
    m = TRIGGER_ADDS.fullmatch(parts[0])
    if not m:
        raise Unsupported(f"'{parts[0]}'")
    optional = bool(m.group("may"))  # CR 603.5: "may add": chosen as it resolves
    add = trigger_add(m.group("what") or m.group("what2"), parts[0])
    instead: dict[str, Any] | None = None
    restrictions: list[str] = []
    for sentence in parts[1:]:
        if rx.fullmatch(r"That land doesn't untap during its controller's next untap step", sentence):
            riders.append({"text": sentence + "."})
        elif (found := TRIGGER_INSTEAD.fullmatch(sentence)) and instead is None and not restrictions \
                and bool(found.group("may")) == optional and found.group("noun") in what.split()[-1:] + ["permanent"]:
            # CR 608.2c: "If that Island is snow, its controller may add {U}{U} instead": the tapped
            # permanent's characteristics as the ability resolves choose what it adds.
            instead = {"if_matches": tapped_quality(found.group("quality"), sentence),
                       "add": trigger_add(found.group("what"), sentence)}
            if set(instead["add"]) - {"mana", "one_of", "options"}:
                raise Unsupported(f"'{sentence}' (what it adds instead)")
        elif RESTRICTION.match(sentence) and rx.match(r"Spend this mana only\b", sentence):
            restrictions.append(sentence + ".")  # CR 106.6: on all the mana it adds
        else:
            raise Unsupported(f"'{sentence}'")
    if rx.search(r"\bof that color\b", parts[0]) and tapped_for != "mana of the chosen color":
        raise Unsupported(f"'{parts[0]}' (\"that color\" names no chosen color here)")
    trigger: dict[str, Any] = {"tapped": spec, "tapper": tapper}
    if enchanted:
        trigger["enchanted"] = True
    if itself:
        trigger["self"] = True
    if tapped_for != "mana":  # CR 106.12a: "for {C}", "for mana of the chosen color" (614.12)
        trigger["tapped_for"] = "chosen" if tapped_for.endswith("chosen color") else tapped_for.strip("{}")
    trigger["add"] = add
    if any_ability:
        trigger["any_mana_ability"] = True
    if optional:
        trigger["optional"] = True
    if instead is not None:
        trigger["instead"] = instead
    if restrictions:
        trigger["restriction"] = " ".join(restrictions)
    if riders:
        trigger["riders"] = riders
    return {"mana_trigger": trigger}


# "Whenever a land's ability causes you to add one or more mana of the chosen color, ...": a mana
# ability of such a permanent, whether or not it taps it (CR 605.1b), activated by the ability's controller.
ANY_ABILITY = re.compile(r"Whenever (an? [\w\- ]+?)'s ability causes you to add (?:one or more )?"
                         r"(mana(?: of the chosen color)?|\{[WUBRGC]\}), (.+)")
# What a triggered mana ability adds: "add ...", "its controller adds ...", "its controller may add ..."
TRIGGER_ADDS = re.compile(r"(?:its controller|that player)(?: (?P<may>may) add| adds) (?P<what>.+)|add (?P<what2>.+)")
# "If that Island is snow, its controller may add an additional {U}{U} instead"
TRIGGER_INSTEAD = re.compile(r"If that (?P<noun>\w+) is (?P<quality>[\w ]+?), (?:its controller|that player)"
                             r"(?: (?P<may>may) add| adds) (?P<what>.+) instead")


def tapped_quality(quality: str, sentence: str) -> dict[str, Any]:
    """``snow``, ``basic``, ``green``, ``a creature``: what the tapped permanent must be (a FILTER)."""
    try:
        spec = noun_filter(quality if rx.match(r"an? ", quality) else f"{quality} permanent")
    except Unsupported:
        raise Unsupported(f"'{sentence}' (the quality '{quality}')") from None
    if not spec or set(spec) - {"types", "not_types", "supertypes", "not_supertypes", "colors", "subtypes"}:
        raise Unsupported(f"'{sentence}' (the quality '{quality}')")
    return spec


ADDITIONAL = re.compile(r"an additional (?:(one|two|three|four|five) )?(.+)|(one|two|three|four|five) additional (.+)")


def _types(spec: Any) -> list[str]:
    return list(COLORS) if spec == "any_color" else list(spec)


def trigger_add(what: str, sentence: str) -> dict[str, Any]:
    """CR 605.1b, 106.1: what a triggered mana ability adds, read as a mana ability's "Add ..." is
    (parse_add: "{G}{G}", "{R} or {G}", "two mana of any one color", "two mana in any combination of
    {R} and/or {G}"), with "an additional" / "one additional" (the same mana: it is added beside the
    mana the permanent produced), and "mana of any type that land produced" (the types of that mana,
    106.12a).  A form whose amount the board decides ("for each ...") is refused."""
    m = ADDITIONAL.fullmatch(what)
    if m:
        amount, rest = (m.group(1), m.group(2)) if m.group(2) else (m.group(3), m.group(4))
        what = f"{amount} {rest}" if amount else f"one {rest}" if rest.startswith("mana ") else rest
    m = rx.fullmatch(r"(one|two|three|four|five) mana of any type that (?:land|permanent|creature|artifact"
                     r"|artifact token) produced", what)
    if m:
        return {"same_type": number(m.group(1))}
    m = rx.fullmatch(r"(one|two|three|four|five) mana of (?:the chosen color|that color)", what)
    if m:
        return {"chosen_color": number(m.group(1))}
    add = parse_add("Add " + what)
    amount = add.pop("amount", 1)
    if not isinstance(amount, int):
        raise Unsupported(f"'{sentence}' (an amount the trigger's data can't state)")
    if set(add) in ({"mana"}, {"one_of"}) and amount == 1:
        return add
    if set(add) == {"combination"} and add["combination"] == "any_color":
        return {"any_combination": amount}
    if set(add) == {"one_of"}:
        add = {"options": [f"{{{t}}}" * amount for t in _types(add["one_of"])]}
    elif set(add) == {"combination"}:
        add = {"options": ["".join(f"{{{t}}}" for t in each)
                           for each in _multisets(_types(add["combination"]), amount)]}
    if set(add) != {"options"} or (amount != 1 and "options" in add and len(add["options"]) == 1):
        raise Unsupported(f"'{sentence}'")
    return add


def parse_replacement(line: str) -> dict[str, Any] | None:
    """CR 106.12b, 614.1a: ``If ... tapped for mana, it produces ... instead ...``."""
    m = rx.fullmatch(r"[Ii]f (you|a player) taps? (.+?) for (two or more )?mana, it produces (.+)", line)
    if m:
        who, what, minimum, out = m.groups()
        tapper = "you" if who == "you" else "any"
        if who == "you" and what.endswith(" you control"):
            what = what[: -len(" you control")]
    else:
        m = rx.fullmatch(r"[Ii]f (.+?) is tapped for (two or more )?mana, it produces (.+)", line)
        if not m:
            return None
        what, minimum, out = m.groups()
        tapper = "any"
    # "a land you control", "a land an opponent controls": whose permanent was tapped.
    whose = rx.fullmatch(r"(.+?) (you control|an opponent controls)", what)
    if whose:
        what = whose.group(1)
    spec, enchanted = tapped_object(what)
    if enchanted:
        raise Unsupported(f"'{line}'")
    replacement: dict[str, Any] = {"tapped": spec, "tapper": tapper}
    if whose:
        replacement["controller"] = "you" if whose.group(2) == "you control" else "opponent"
    if minimum:
        replacement["min_amount"] = 2
    times = {"twice": 2, "three times": 3, "four times": 4}
    m = rx.fullmatch(r"(twice|three times|four times) as much of that mana instead", out)
    if m:
        replacement["multiply"] = times[m.group(1)]
        return {"replacement": replacement}
    if out == "mana of a color of your choice instead of any other type":
        # One choice of color for all the mana it produces, its amount unchanged (CR 614.1a).
        replacement["becomes"] = {"any_color": True}
        return {"replacement": replacement}
    m = rx.fullmatch(r"(\{[WUBRGC]\}|colorless mana) instead of any other type( and amount)?", out)
    if m:
        kind = "C" if m.group(1) == "colorless mana" else m.group(1)[1]
        becomes: dict[str, Any] = {"type": kind}
        if m.group(2):
            becomes["amount"] = 1
        replacement["becomes"] = becomes
        return {"replacement": replacement}
    raise Unsupported(f"'{line}'")


# --------------------------------------------------------------------- card
ACTIVATED = re.compile(r'^(?:(?P<word>[^—:"]+?) — )?(?P<cost>[^:"\[\]]+): (?P<effect>.+)$')
LOYALTY = re.compile(r"^\[[+\-−]?[\dX]+\]:")
MANA_WORDS = re.compile(r"\bfor mana\b|\bcould produce\b|\bproduces?\b[^.]*\bmana\b|"
                        r"\b[Aa]dds? (?:\{|one mana|two mana|three mana|X mana|an amount)")
QUOTED_MANA = re.compile(r'"[^"]*: Add [^"]*"')


def compile_card(name: str, text: str | None, type_line: str | None = None, *,
                 types: list[str] | None = None, subtypes: list[str] | None = None,
                 supertypes: list[str] | None = None, mana_cost: str | None = None,
                 keywords: list[str] | None = None, power: str | None = None,
                 toughness: str | None = None) -> Compiled:
    """Compile one card face; ``types`` etc. override what the type line says."""
    parsed = parse_type_line(type_line or "")
    card: dict[str, Any] = {"name": name}
    if mana_cost or (mana_cost == "" and not {"Land"} & set(types or parsed["types"])):
        card["mana_cost"] = mana_cost  # "": it states that it has none (CR 202.1b), an unpayable cost (118.6)
    card["types"] = list(types if types is not None else parsed["types"])
    if supertypes if supertypes is not None else parsed["supertypes"]:
        card["supertypes"] = list(supertypes if supertypes is not None else parsed["supertypes"])
    if subtypes if subtypes is not None else parsed["subtypes"]:
        card["subtypes"] = list(subtypes if subtypes is not None else parsed["subtypes"])
    keywords = stated_keywords(keywords or [], text or "", name)  # CR 712.8a: the face's own only
    if keywords:
        card["keywords"] = keywords
    for stat, value in (("power", power), ("toughness", toughness)):
        if value is not None:  # CR 208.1; "*" and the like stay text (208.2)
            card[stat] = int(value) if rx.fullmatch(r"-?\d+", value) else value
    card["oracle"] = text or ""
    result = Compiled(card)
    if not card["types"]:
        result.problems.append("the card has no card type")
        return result
    permanent = bool(PERMANENT_TYPES & set(card["types"]))
    if "Land" in card["types"] and set(card.get("subtypes", ())) & set(BASIC_LAND_TYPES):
        result.has_mana_ability = True  # CR 305.6: a basic land type's intrinsic mana ability
    abilities: list[dict[str, Any]] = []
    effect: list[dict[str, Any]] = []
    body = normalize(text or "", name, "Legendary" in card.get("supertypes", []), card.get("keywords", []))
    body = chosen_kinds(body)  # "the chosen type": the creature type chosen (CR 607.1)
    result.could_produce = "could produce" in body  # the CR 106.7 family
    beyond = beyond_the_rules(body)
    if beyond is not None:
        result.problems.append(beyond)
    raw_lines = (text or "").replace("\u2212", "-").split("\n")
    level = None  # CR 716.2a: the level of a Class's text box section
    section: Section | None = None  # CR 711.2: the level section of a leveler's text box
    leveler = permanent and rx.search(r"^LEVEL \d", body, re.M) is not None  # CR 711.1: it has level symbols
    section_keywords: set[str] = set()  # the keywords printed in a level section only (711.2b)
    free_keywords: set[str] = set()  # ... and outside every section (711.4)
    listing = None  # an ability whose modes or die-roll results follow it, one a line
    spell_lines: set[int] = set()  # the lines compiled to the spell's effects and nothing else (CR 608.2c)
    spell_beside = False  # a line compiled to the spell's effects and something else too
    lines = [part.strip() for part in body.split("\n")]
    for number_, line in enumerate(lines, start=1):
        raw = raw_lines[number_ - 1] if number_ <= len(raw_lines) else ""
        for reminder in rx.findall(r"\(([^()]*)\)", raw):
            result.classify(number_, f"({reminder})", IRRELEVANT, REMINDER_TEXT)
        if not line:
            continue
        if listing is not None and listing[1].match(line):  # a mode or a result of the ability above
            listing[0]["text"] += " " + strip_reminders(raw).strip()  # its own words ("this token")
            if QUOTED_MANA.search(line) and permanent and not rx.search(r"\bcreate\b", line):
                result.has_mana_ability = True  # a mana ability a mode grants counts, as below
            if "cost" in listing[0] and rx.search(r"\bAdd \{", _unquoted(line)):  # CR 605.1a
                result.classify(number_, line, NOT_UNDERSTOOD, MODE_ADDS_MANA)
                continue
            if "cost" in listing[0] and rx.search(r"\bSpend only\b", _unquoted(line)):  # CR 107.3, 602.2b
                result.classify(number_, line, NOT_UNDERSTOOD, MODE_SPENDING)
                continue
            if listing[3] == IRRELEVANT and listing[2] == MODE_OF_SPELL:  # each sentence, as the spell's effect
                for part in sentences(line):
                    result.classify(number_, part + ".", IRRELEVANT, SPELL_EFFECT)
                continue
            result.classify(number_, line, listing[3], listing[2])
            continue
        listing = None
        if not permanent and SPREE_MODE.match(line):  # CR 702.172a, 700.2h: a mode and its additional cost
            for part in sentences(line):
                result.classify(number_, part + ".", IRRELEVANT, SPELL_EFFECT)  # (never compiled as `spell:`)
            continue
        started = level_symbol(line) if leveler else None
        if started is not None:  # CR 711.2a-b
            section = started
            result.classify(number_, line, COMPILED, LEVEL_SYMBOL_WHY)
            continue
        try:
            compiled = section_pt(line, section) if section is not None else None
            named = _keywords(line, card) if leveler and compiled is None else None
            if named:  # CR 711.2b, 711.4: a section's keywords are the leveler's at its levels only
                (section_keywords if section is not None else free_keywords).update(k.lower() for k in named)
            if compiled is not None:
                result.classify(number_, line, COMPILED, SECTION_PT_WHY)
            elif named and section is not None:
                compiled = at_level([("card", {"keywords": [keyword_case(k) for k in named]})], section, line,
                                    Unsupported)
                result.classify(number_, line, COMPILED, SECTION_KEYWORDS_WHY)
            else:
                meaning = level_up_meaning(line) or class_level_meaning(line)  # CR 702.87a, 716.2a
                compiled = compile_line(meaning or line, permanent, result)
                if compiled is None:
                    compiled = compile_other(line, card, permanent, result, number_)
                else:
                    result.classify(number_, line, COMPILED, describe_compiled(compiled))
                if section is not None and compiled:
                    compiled = at_level(compiled, section, line, Unsupported)
            bar = CLASS_LEVEL.fullmatch(line)
            if bar:
                level = int(bar.group("level"))
            elif level is not None and compiled:
                compiled = at_class_level(compiled, level, line)
        except Unsupported as problem:
            result.problems.append(f"line {number_}: can't compile {problem}")
            result.classify(number_, line, NOT_UNDERSTOOD, f"can't compile {problem}")
            continue
        _by_reminder(result, number_, line, raw, card, permanent)  # CR 207.2a: a keyword CR 702 doesn't define
        if compiled is None:
            continue
        unmodelled = next(filter(None, map(counters.unmodelled, counters.put_kinds(compiled))), None)
        unmodelled = unmodelled or misplaced_choice(compiled)  # CR 607.1 (oracle_chosen.py)
        unmodelled = unmodelled or unjudged_commander(compiled)  # CR 903.3 (oracle_commander.py)
        try:  # CR 614.12b: "• [anchor word] — [ability]" (oracle_chosen.py)
            compiled = anchored(line, card, compiled)
        except ValueError as gate:
            unmodelled = unmodelled or str(gate)
        if unmodelled is not None:  # a counter the rules can't answer for (CR 122.1)
            for sentence in result.sentences:
                if sentence["line"] == number_ and sentence["class"] == COMPILED:
                    sentence.update({"class": NOT_UNDERSTOOD, "why": unmodelled})
            continue
        if any(kind == "card" and "own_cost" in data for kind, data in compiled) and "own_cost" in card:
            for sentence in result.sentences:  # CR 601.2f: the card holds one change of its own cost
                if sentence["line"] == number_ and sentence["class"] == COMPILED:
                    sentence.update({"class": NOT_UNDERSTOOD, "why": SECOND_OWN_COST})
            continue
        listing = listing_ability(compiled, lines[number_:]) or unread_listing(result, number_, line, permanent)
        for kind, data in compiled:
            if kind == "card":
                if "spell" in data and all(k == "card" and set(d) == {"spell"} for k, d in compiled):
                    spell_lines.add(number_)
                elif "spell" in data:
                    spell_beside = True
                if "spell" in data and "spell" in card:  # CR 608.2c: its effects in the order written
                    data = {**data, "spell": _joined_spell(card["spell"], data["spell"])}
                held, chooses = card.get("chooses_as_it_enters"), data.get("chooses_as_it_enters")
                if held is not None and chooses is not None:  # CR 614.12: each choice made as it enters
                    data = {**data, "chooses_as_it_enters": {**held, **chooses} if isinstance(held, dict)
                            and isinstance(chooses, dict) else True}  # true: one next doesn't make
                card.update(data)
                continue
            if kind == "ability" and "triggered" in data:
                data = _aimed_trigger(data, name)
            (abilities if kind == "ability" else effect).append(data)
    if section_keywords - free_keywords:  # CR 711.2b: granted at their levels (the abilities above), not always
        kept = [k for k in card.get("keywords", []) if k.lower() not in section_keywords - free_keywords]
        card.pop("keywords", None)
        card.update({"keywords": kept} if kept else {})
    if paid_this_way_unread(card):  # CR 601.2b, 601.2f: "... sacrificed this way" counts no cost of the card
        del card["own_cost"]
        for sentence in result.sentences:
            if sentence["why"] == PAID_THIS_WAY:
                sentence.update({"class": NOT_UNDERSTOOD, "why": "it counts what an additional cost the compiler "
                                                                 "doesn't read pays (CR 601.2b, 601.2f)"})
    if "spell" in card and not spell_beside and any(s["why"] == SPELL_EFFECT for s in result.sentences):
        # CR 608.2c: resolving the compiled effects alone would leave the others out, so the spell keeps every
        # effect as text, the compiled ones too, and `next` refuses to resolve it (SPELL_EFFECT)
        del card["spell"]
        for sentence in result.sentences:
            if sentence["line"] in spell_lines and sentence["class"] == COMPILED:
                sentence.update({"class": IRRELEVANT, "why": SPELL_EFFECT})
    if "spell" in card:  # CR 608.2c: every effect of the spell, or it can't be resolved exactly
        for sentence in result.sentences:
            if sentence["why"] == SPELL_EFFECT:
                sentence.update({"class": NOT_UNDERSTOOD, "why": SPELL_EFFECT_LEFT})
    elif any(sentence["why"] == SPELL_EFFECT and TARGET_IN_TEXT.search(_unquoted(sentence["text"]))
             for sentence in result.sentences):
        card["cast_unjudged"] = [UNAIMED]  # CR 601.2c: no legal target, no casting; next cast refuses
    if abilities:
        card["abilities"] = _named_self(abilities, name)
    if effect:
        card["effect"] = _named_self(effect, name)
    if "Aura" in card.get("subtypes", []):
        enchant = enchant_ability(text or "")
        if enchant is not None:
            card["enchant"] = enchant
            for sentence in result.sentences:  # read: next casts the Aura (303.4a), the board checks it
                if sentence["text"].startswith("Enchant ") and sentence["class"] == IRRELEVANT:
                    sentence.update({"class": COMPILED, "why": ENCHANT_READ})
        else:  # CR 702.5a: what it may enchant, which the board check can't judge
            for sentence in result.sentences:
                if sentence["text"].startswith("Enchant "):
                    sentence.update({"class": NOT_UNDERSTOOD, "why": ENCHANT_UNREAD})
    if card.get("protection_keeps_self") and not _protection_granted_once(card):  # CR 702.16n: of what?
        del card["protection_keeps_self"]
        for sentence in result.sentences:
            if sentence["why"] == KEEPS_ITSELF:
                sentence.update({"class": NOT_UNDERSTOOD, "why": KEEPS_UNREAD})
    # CR 613.1f: a keyword an irrelevant sentence gives, which a filter on a board may read (the board
    # check refuses the card there: pysolver/consistency.py)
    grants = unread_keyword_grants(result.sentences, KEYWORDS | {"first strike", "double strike"})
    if grants and permanent:
        card["unread_keyword_grants"] = grants
    # CR 113.6m: abilities that function only in a graveyard, which a board refuses there (pysolver/board.py)
    in_a_graveyard = [s["text"] for s in result.sentences if s["why"] == IN_A_GRAVEYARD]
    if in_a_graveyard:
        card["graveyard_triggers"] = in_a_graveyard
    return result


# CR 702.16n: "This effect doesn't remove this Aura", after its grant of protection to the enchanted creature.
KEEPS_ITSELF = ("the protection this Aura grants doesn't put it into its owner's graveyard; another instance of "
                "protection from the same quality does (CR 702.16n, 702.16c, 704.5m; asp/state_based.lp)")
KEEPS_UNREAD = ("\"doesn't remove\" this Aura, which grants no protection to what it enchants (or more than one "
                "ability does): which effect it speaks of isn't read (CR 702.16n)")


def _protection_granted_once(card: dict[str, Any]) -> bool:
    """An Aura with one static ability granting the enchanted creature protection (CR 702.16n's "this effect")."""
    grants = [a for a in card.get("abilities", []) if isinstance(a, dict) and a.get("static", {}).get("enchanted")
              and any(str(k).startswith("Protection from") for k in a["static"].get("grant_keywords", []))]
    return "Aura" in card.get("subtypes", []) and len(grants) == 1


# Colors noted as a card was drafted, which its abilities refer to (CR 905.2b): a board states them.
NOTED_COLORS = re.compile(r"\bany color chosen as you drafted cards named ~")
# (A digital-only card drafts from its spellbook during the game: oracle_digital.py reads that.)
DRAFTED = re.compile(r"\b(?:as you drafted|you drafted|draft (?:a|one|two|three) cards?(?! from ~'s spellbook)|"
                     r"drafting)\b", re.I)


# CR 700.2, 603.3c: "choose one —" and its modes, one line each; CR 706.2: "Roll a d20." and its
# results table ("1—9 | ..."); a token chosen at random among the listed ones.  The ability keeps
# these lines in its text: pysolver next refuses to choose a mode or resolve an effect it doesn't
# model (the ability has no `do:`).
# ("Choose one —" of an activated ability too; "choose one that hasn't been chosen [this turn]" looks at the modes
# chosen before, 700.2; Zuko's "... and you lose 2 life —" does more, kept in its text as well.)
MODES = re.compile(r"\b[Cc]hoose (?:one|two|three|one or both|one or more|any number|up to (?:one|two|three))"
                   r"(?: at random| that hasn't been chosen(?: this turn)?)?(?: and you lose \d+ life)?(?: —)?$"
                   r"|\bat random with the listed name and ability\.?$")
MODE_ADDS_MANA = ("a mode that adds mana: the modal activated ability would be a mana ability (CR 605.1a, 700.2), "
                  "whose mana no query reads from its text")
MODE_SPENDING = "what mana may pay the activated ability's cost (CR 107.3, 602.2b), which no query reads from a mode"
MODES_AIMED = "which of its modes, each with a target, has a legal target (CR 700.2a, 601.2c)"
MODES_CHOSEN = "which of its modes were chosen before (CR 700.2), which no board records"
MODE_OF_COMBAT = ("a mode of the combat trigger above (CR 700.2), which never triggers in a query: no query declares "
                  "attackers or blockers or deals combat damage")
# CR 702.172a, 700.2h: "+ {1} — [effect]", a spree spell's mode with its additional cost.
SPREE_MODE = re.compile(r"\+ (?:\{[^}]+\})+ — ")
MODE_OF_SPELL = ("a mode of the spell (CR 700.2): a spell's effect, and `next` refuses to choose a mode or resolve a "
                 "spell none of whose effects is compiled")
DIE_ROLL = re.compile(r"\b[Rr]oll an? d(\d+)\.?$")
TABLE_ROW = re.compile(r"(?:\d+(?:—\d+)?|\d+\+) \| ")
MODE_OF_ABOVE = ("a mode of the ability above (CR 700.2), or a token it may create: kept in its text, and "
                 "`pysolver next` refuses to choose a mode or resolve an effect it doesn't model (CR 603.3c)")
RESULT_OF_ABOVE = ("a result of the die roll of the ability above (CR 706.2): kept in its text, and `pysolver "
                   "next` refuses to resolve an effect it doesn't model")


Listing = tuple[dict[str, Any], re.Pattern[str], str, str]
BULLET = re.compile("•")


def listing_ability(compiled: list[tuple[str, Any]], following: list[str]) -> Listing | None:
    """The triggered or activated ability of a line whose modes, listed tokens or die-roll results
    follow it, one a line (which lines belong to it, why, and their class), or None.  ``following``:
    the card's lines after it.  An activated ability whose every mode has a target, or that looks
    at the modes chosen before, gets `unjudged` (can-activate refuses, CR 700.2a, 602.2b)."""
    for kind, data in compiled:
        name = next(iter(data), None) if kind == "ability" and isinstance(data, dict) else None
        spec = data[name] if name in ("triggered", "activated") else None
        if spec is None or spec.get("do") or not isinstance(spec.get("text"), str):
            continue
        if MODES.search(spec["text"]):
            modes = list(itertools.takewhile(BULLET.match, following))
            unjudged = [MODES_AIMED] if modes and all(TARGET_IN_TEXT.search(_unquoted(m)) for m in modes) else []
            unjudged += [MODES_CHOSEN] if "hasn't been chosen" in spec["text"] else []
            if name == "activated" and unjudged:
                spec["unjudged"] = spec.get("unjudged", []) + unjudged
            return spec, BULLET, MODE_OF_ABOVE, COMPILED
        if DIE_ROLL.search(spec["text"]):
            return spec, TABLE_ROW, RESULT_OF_ABOVE, COMPILED
    return None


def unread_listing(result: Compiled, number_: int, line: str, permanent: bool) -> Listing | None:
    """The modes after a line compiled to nothing: those of a combat trigger, irrelevant as it is, or of a modal
    spell, each a spell's effect (CR 700.2); None for any other line."""
    if not MODES.search(line.rstrip(".")):
        return None
    last = next((s for s in reversed(result.sentences) if s["line"] == number_), None)
    if last is None or last["class"] != IRRELEVANT:
        return None
    if permanent and last["why"] in (COMBAT_TRIGGER, COMBAT_TRIGGER_REST):
        return {"text": ""}, BULLET, MODE_OF_COMBAT, IRRELEVANT
    if not permanent and last["why"] == SPELL_EFFECT:
        return {"text": ""}, BULLET, MODE_OF_SPELL, IRRELEVANT
    return None


def at_class_level(compiled: list[tuple[str, Any]], level: int, line: str) -> list[tuple[str, Any]]:
    """CR 716.2a: the abilities of a Class's level-N section: "As long as this Class is level
    N or greater, it has [abilities]" (the board's level:), gated as a leveler's sections are
    (``gated_by``)."""
    return gated_by(compiled, {"if_level": level}, line, f"an ability of Class level {level} that only a level "
                    "can't gate", Unsupported)


# Cranking a Contraption ("Whenever you crank this Contraption", "crank any number of that sprocket's
# Contraptions"): an Unstable mechanic (CR 701.41a).
CRANK = re.compile(r"\bcrank(?:s|ed)?\b", re.IGNORECASE)


def beyond_the_rules(body: str) -> str | None:
    """Why a card's text can't be modelled by any rules pysolver has: an action of a
    digital-only card that can change what a query reads (oracle_digital.py), cranking a
    Contraption (CR 701.41a), or a choice made while drafting (CR 905); None otherwise.  (Such a
    card is unsupported, never partial: its every answer would depend on it.)"""
    digital = digital_problem(body)
    if digital is not None:
        return digital
    crank = CRANK.search(body)
    if crank is not None:  # CR 701.41a: "Cards and mechanics from the Unstable set aren't included in these rules"
        return (f"'{crank.group(0).lower()}' (cranking a Contraption, a mechanic of the Unstable set that CR 701.41a "
                f"leaves out), which {RULES_FOLLOWED} don't define")
    if DRAFTED.search(NOTED_COLORS.sub("", body)):
        return "it depends on choices made while drafting (Conspiracy Draft, CR 905), which no board records"
    return None


ENCHANT_UNREAD = ("what an Aura may enchant (CR 702.5a, 303.4a), beyond types, subtypes, supertypes, colors and who "
                  "controls it: neither its target as it is cast nor the state-based action (704.5m) judges it")
ENCHANT_READ = ("enchant (CR 702.5a): what the Aura may enchant, which its target as it is cast (303.4a, next cast) "
                "and the board's attachments (704.5m) are checked against")
# What an enchant ability's kind of object may say (CR 702.5a): characteristics the target filter (asp/targets.lp)
# and the state-based action (704.5m, asp/state_based.lp) judge after every layer; never a status, power, counters
# or attachments, which may change between two checks of state-based actions as mana abilities are activated.
ENCHANT_KEYS = {"types", "subtypes", "supertypes", "not_types", "not_subtypes", "not_supertypes", "colors",
                "not_colors"}


def enchant_ability(text: str) -> Any:
    """CR 702.5a, 303.4a: what an Aura's "Enchant ..." line lets it enchant, as the card data's
    ``enchant``: "player", "opponent", "permanent", one kind of permanent (the types, subtypes,
    supertypes and colors it has, or hasn't: "Enchant nonbasic land", "Enchant non-Wall
    creature"), or ``any_of`` such kinds ("Enchant red or green creature") with ``whose`` ("you": a
    permanent its controller controls; "opponent").  The kind is read as a target's is ("target red
    creature": whose_filter).  None when the line says more than that ("creature without flying",
    "tapped creature"): no rule judges it, so the line is not understood."""
    m = rx.search(r"^Enchant (.+?)\s*$", text, re.MULTILINE)
    if not m:
        return None
    phrase = rx.sub(r"\s*\([^)]*\)", "", m.group(1)).strip()
    if phrase in ("player", "opponent", "permanent"):
        return phrase  # "Enchant opponent": an opponent of the Aura's controller (303.4a)
    try:
        whose, spec = whose_filter(phrase)
    except Unsupported:
        return None
    kinds = spec["any_of"] if set(spec) == {"any_of"} else [spec]
    if whose not in ("any", "you", "opponent") or any(not kind or set(kind) - ENCHANT_KEYS for kind in kinds):
        return None
    return spec if whose == "any" else {"any_of": kinds, "whose": whose}


# The trigger events whose "it" is the ability's source (CR 603.2, 603.6: another object's event
# has a filter, a cast trigger's "it" is the spell, an Aura's "enchanted creature" its creature).
SOURCE_IT_WHEN = {"event", "step", "whose", "from"}


def _aimed_trigger(data: dict[str, Any], name: str) -> dict[str, Any]:
    """A triggered ability whose whole effect is one targeted effect of oracle_targets ("~ deals 2
    damage to any target", "target creature you control gets +1/+1 until end of turn", "destroy
    target artifact"): its targets, chosen as it is put on the stack (CR 603.3d, 115.1), and its
    `do:`, applied by asp/targets.lp as it resolves (608.2b) as an activated ability's are.  Kept
    as it is (its text only) with anything else read ("you may", an intervening "if", riders)."""
    spec = data["triggered"]
    if set(spec) != {"when", "text"}:
        return data
    effect = spec["text"].replace(name, "~")
    # CR 603.5: "you may [effect]", "you may have ~ deal ...": its controller chooses as it resolves
    may = rx.match(r"you may (?:have (~|it) deal\b)?", effect)
    if may:
        effect = (f"{may.group(1)} deals" if may.group(1) else "") + effect[may.end():]
    found = targeted_effect(effect[:1].upper() + effect[1:], TARGET_WORDS)
    when = spec["when"]
    its_own = set(when) <= SOURCE_IT_WHEN and when.get("event") != "cast" and when.get("whose", "you") in (
        "you", "any", "opponent")
    if found is None or (rx.match(r"it\b", effect) and not its_own):
        return data
    targets, do = found
    return {"triggered": {"when": when, "targets": targets, "do": do, **({"may": True} if may else {}),
                          "text": spec["text"]}}


def _named_self(data: Any, name: str) -> Any:
    """``named ~`` in a filter stands for the card's name (CR 201.2), which normalize()
    replaced with ``~``."""
    if isinstance(data, dict):
        return {k: (name if k == "named" and v == "~" else _named_self(v, name)) for k, v in data.items()}
    if isinstance(data, list):
        return [_named_self(v, name) for v in data]
    return data


def compile_line(line: str, permanent: bool, result: Compiled):
    """One ability -> [("ability" | "effect", data)], or None when it isn't about mana."""
    if LOYALTY.match(line):
        return None  # CR 605.1a: a loyalty ability is never a mana ability
    station = rx.fullmatch(r"(\d+)\+ \| ([^:]+): (.+)", line)
    if station and permanent and rx.search(r"\b[Aa]dd (?:\{|one|two|three|X|an amount)", station.group(3)):
        raise Unsupported(f"'{station.group(1)}+ | ' before a mana ability: a station threshold, which "
                          f"{RULES_FOLLOWED} don't define")
    concept = unset_concept(line)
    if concept is not None and rx.search(r"\b[Aa]dd\b", line):  # a mana ability that depends on it
        result.has_mana_ability = True
        raise Unsupported(f"'{line}': {concept}")
    if rx.match(r"(?:[IVX]+(?:, [IVX]+)*|\d+(?:-\d+)?|\d+\+) [—|] |Cumulative upkeep", line):
        return None  # a chapter ability, a die-roll result or an upkeep cost (not mana abilities)
    m = ACTIVATED.match(line)
    if m and not line.startswith(("Whenever", "When ", "At ", "If ")):
        word, cost, effect = m.group("word"), m.group("cost"), m.group("effect")
        first = sentences(effect)[0] if sentences(effect) else ""
        unquoted = rx.sub(r'"[^"]*"', '""', effect)
        if rx.fullmatch(r"Double the amount of each type of unspent mana you have\.?", effect) \
                and permanent:
            # CR 701.9f: doubling the mana in a pool adds that much mana (a mana ability, 605.1a).
            result.has_mana_ability = True
            return [("ability", {"mana": {"cost": parse_cost(cost), "add": {"double_pool": True}}})]
        # Only mana counts: "Add {T}{T}" or "Add {∞}" adds no mana (CR 106.1).
        adds = rx.search(r"\b[Aa]dds? (?:\{[WUBRGC0-9]|(?:an additional )?(?:one|two|three|four|five|"
                         r"six|seven|X|an amount)\b)", unquoted)
        # CR 605.1a: an activated ability is a mana ability if it could add
        # mana, has no target, and isn't a loyalty ability.
        # A delayed trigger of the mana ("When that mana is spent to cast ..., copy that
        # spell ... new targets") is not a target of the ability (CR 605.1a, 603.7).
        # "You may choose new targets for the copy" targets nothing (CR 115.1b, 707.10c): its copy's choice.
        targeted = " ".join(t for t in sentences(unquoted) if not RESTRICTION.match(t) and not NEW_TARGETS.fullmatch(t))
        if adds and not rx.search(r"\b[Tt]argets?\b", targeted) and permanent:
            result.has_mana_ability = True
            if word == "Max speed":
                # CR 702.178a: "As long as your speed is 4, this object has '[ability]'".
                if not sentences(effect) or not sentences(effect)[0].startswith("Add "):
                    raise Unsupported(f"the mana ability '{line}'")
                granted = {"mana": parse_mana_ability(cost, effect)}
                return [("ability", {"static": {"affects": {}, "whose": "any", "self": True,
                                                "if": "max_speed", "grant": [granted]}})]
            if word and word in MEANINGFUL_PREFIXES:
                why = PREFIX_REASONS.get(word, "")
                raise Unsupported(f"'{word} — ' before a mana ability{why}")
            player = None
            m3 = rx.match(r"(A player of your choice adds|Choose a player\. That player adds|"
                          r"Each player adds) ([^.]+?)( they choose)?\.(.*)", effect)
            if m3:  # the mana goes to another player (CR 106.4)
                player = "each" if m3.group(1).startswith("Each") else "chosen"
                effect = f"Add {m3.group(2)}.{m3.group(4)}"
                first = sentences(effect)[0]
            counter = rx.fullmatch(r"Put an? ([\w+/\-]+) counter on ~", first)
            if counter and len(sentences(effect)) > 1:
                # "Put a charge counter on ~. Add X ..., where X is the number of charge
                # counters on ~": the counter is there as the mana is added.
                effect = effect[len(first) + 2:]
                ability = parse_mana_ability(cost, effect)
                amount = ability["add"].get("amount")
                if amount != {"counters_on_self": counter.group(1)}:
                    raise Unsupported(f"the mana ability '{line}'")
                ability["add"]["amount"] = {**amount, "plus": 1}
                ability["riders"] = [{"text": first + "."}] + ability.get("riders", [])
                return [("ability", {"mana": ability})]
            each = rx.fullmatch(r"For each color among (.+), add one mana of that color", first)
            if each:  # CR 105.2, 106.1a: one mana of each color found
                effect = f"Add one mana of each color among {each.group(1)}." + effect[len(first) + 1:]
                first = sentences(effect)[0]
            chance = rx.match(r"(Flip a coin|Roll (?:a|one|two) (?:d\d+|dice|die|six-sided die|"
                              r"twenty-sided die|planar die))", first)
            left_open = oracle_chance.left_open(effect)  # chance (CR 705) or another's payment (608.2d)
            if chance and left_open is None:  # CR 705, 706: the mana depends on chance
                rule = "705" if "coin" in chance.group(1) else "706"
                raise Unsupported(f"'{chance.group(1)}' in a mana ability: what it adds is left to chance "
                                  f"(CR {rule}), which no query models")
            if left_open is not None:
                effect, open_spec = left_open
                first = sentences(effect)[0]
            revealed = reveal_from_hand(effect)
            if revealed is not None:
                effect, amount = revealed
                ability = parse_mana_ability(cost, effect)
                if set(ability["add"]) != {"mana"}:
                    raise Unsupported(f"the mana ability '{line}'")
                ability["add"]["amount"] = amount
                return [("ability", {"mana": ability})]
            if first.startswith("Choose a color") and len(sentences(effect)) > 1:
                effect = choose_a_color(effect)
            elif not first.startswith("Add "):
                raise Unsupported(f"the mana ability '{line}'")
            ability = parse_mana_ability(cost, effect)
            if left_open is not None:
                ability.update(open_spec)
                if oracle_chance.refusal(ability):
                    raise Unsupported(f"{oracle_chance.refusal(ability)} '{line}'")
            if player:
                ability["player"] = player
            if word == "Exhaust":  # CR 702.177a
                ability["activation_restriction"] = "Activate only once."
            return [("ability", {"mana": ability})]
        if adds and permanent and rx.search(r"(?:^|\. )When(?:ever)? ", unquoted):
            # "Add {C}{C}. When you next cast a spell ..., copy it. You may choose new targets": the
            # target may be the delayed trigger's (603.7), and then it is a mana ability (605.1a)
            result.has_mana_ability = True
            raise Unsupported(f"the mana ability '{line}': a target beside a delayed trigger (CR 603.7, 605.1a)")
        if in_a_graveyard_only(cost, effect):
            return None  # CR 113.6m: not an ability of the permanent (oracle_hand.unreachable says why)
        try:
            costs = parse_cost(cost)
        except Unsupported:
            costs = None
        if costs is not None and x_costs(costs) and rx.search(r"\bX can't be 0\b", effect):
            costs = None  # CR 107.3a: a least X the legality rules don't read (X = 0 is their least)
        m2 = rx.fullmatch(r"Until end of turn, (if .+ for mana, it produces .+)", effect.rstrip("."))
        if m2:
            if costs is None:
                raise Unsupported(f"the cost '{cost}'")
            replacement = parse_replacement(m2.group(1))
            if replacement is None:
                raise Unsupported(f"'{effect}'")
            # CR 611.2: the resolved ability creates the replacement effect.
            return [("ability", {"activated": {"cost": costs, "text": effect}}),
                    ("effect", replacement)]
        meaning = prefix_meaning(word) if word else {}  # 207.2c, 207.2d, 702.177a (issue 13)
        if costs is not None and permanent and meaning is not None:
            # A targeted effect next applies (issue 15); an ability word has no rules meaning (207.2c).
            aimed = activated_form(effect, costs, TARGET_WORDS)
            if aimed is not None and not (meaning and set(aimed) & {"activation_restriction", "unjudged"}):
                return [("ability", {"activated": {**aimed, **meaning}})]
            limits = activation_limits(effect) if aimed is None else {}
            if aimed is None and TARGET_IN_TEXT.search(_unquoted(effect)):
                limits["unjudged"] = limits.get("unjudged", []) + [UNAIMED]  # CR 115.1c, 601.2c, 602.2b
            if aimed is None and not (meaning and set(limits) - {"unjudged"}):
                unjudged = meaning.get("unjudged", []) + limits.get("unjudged", [])
                return [("ability", {"activated": {"cost": costs, "text": effect, **limits, **meaning,
                                                   **({"unjudged": unjudged} if unjudged else {})}})]
        if costs is not None and word == "Max speed" and permanent:
            # CR 702.178a: "As long as your speed is 4, this object has '[ability]'".
            granted = activated_form(effect, costs, TARGET_WORDS) or {"cost": costs, "text": effect}
            return [("ability", {"static": {"affects": {}, "whose": "any", "self": True,
                                            "if": "max_speed", "grant": [{"activated": granted}]}})]
        return None
    m = rx.fullmatch(r"([^—:\"]+?) — (.+)", line)
    if m and m.group(1) not in MEANINGFUL_PREFIXES:
        line = m.group(2)  # an ability word or flavor word (CR 207.2c)
    bare = line.rstrip(".")
    # "As long as enchanted permanent is a creature, it has ...": the same as
    # "Enchanted creature has ..." (the filter is judged when the grant applies).
    bare = rx.sub(r'^As long as enchanted permanent is an? (\w+), it (gets [+\-]\d+/[+\-]\d+ and )?has ',
                  r"Enchanted \1 \2has ", bare)
    m = rx.fullmatch(r'As long as ~ is modified, it has "([^"]+)"', bare)
    if m and permanent:  # CR 700.9
        result.has_mana_ability = True
        return [("ability", {"static": {"affects": {}, "whose": "any", "self": True, "if": "modified",
                                        "grant": [compile_granted(m.group(1))]}})]
    m = rx.fullmatch(r"As long as you control (an?|one|two|three|four|five|six|seven|eight|\d+)"
                     r"( or more)? ([\w\- ]+?), ([a-z].+)", bare)
    if m and permanent and QUOTED_MANA.search(bare):
        count, more, objects, rest = m.groups()
        result.has_mana_ability = True
        if number(count) != 1 and not more:
            raise Unsupported(f"the condition in '{line}'")
        static = parse_static(rest[0].upper() + rest[1:])
        if static is None or "grant" not in static["static"]:
            raise Unsupported(f"the granted mana ability in '{line}'")
        condition: dict[str, Any] = {"filter": noun_filter(objects, plural=number(count) != 1)}
        if number(count) != 1:
            condition = {"at_least": number(count), **condition}
        static["static"]["if_you_control"] = condition
        return [("ability", static)]
    if bare.startswith("Whenever") and (rx.search(r"\bfor mana\b|\btap(?:s|ped)? (?:.+ )?for \{[WUBRGC]\},", bare)
                                        or ANY_ABILITY.fullmatch(bare)):
        if rx.search(r"\badds?\b", bare):
            result.has_mana_ability = True
        trigger = parse_trigger(bare)
        if trigger is not None:
            result.has_mana_ability = True
            return [("ability", trigger)]
        return None
    m = rx.fullmatch(r"Until end of turn, (if .+)", bare)
    if m and not permanent:
        replacement = parse_replacement(m.group(1))
        if replacement is not None:
            return [("effect", replacement)]
    mapped = type_mapping(bare)
    if mapped is not None:
        return mapped
    if bare.startswith(("If ", "if ")) and rx.search(r"for (?:two or more )?mana", bare):
        replacement = parse_replacement(bare)
        if replacement is not None:
            return [("ability", replacement)]
    # A quoted mana ability granted by a static ability counts as one of the
    # card's (not one a created token has).
    if QUOTED_MANA.search(bare) and permanent and not rx.search(r"\bcreate\b|\b(?:It|They) ha", bare):
        result.has_mana_ability = True
    unquoted = rx.sub(r'"[^"]*"', '""', bare)  # words of a quoted ability are its own
    lost = losing_all(bare, permanent, result)
    if lost is not None:
        return lost
    became = becomes_form(bare, group_filter, compile_granted, Unsupported) if permanent else None
    if became is not None:  # CR 205.1a, 613.1d-f: "Enchanted permanent is a colorless land ..."
        return became
    if bare.startswith("•") or rx.match(r"[IVX]+(?:, [IVX]+)* — ", bare) or \
            rx.search(r"\bgains?\b|\buntil end of turn\b|\btarget\b", unquoted):
        return None  # the effect of a mode, a chapter or a resolving ability, not a static one
    if permanent and not bare.startswith(("When", "At ", "As ")):
        static = parse_static(bare) if not rx.search(r"\bcreate\b|\btoken\b|\bgains?\b", unquoted) \
            else None
        if static is None:  # CR 613.6, 205.1b: "Enchanted land is a 2/6 white Wall creature ... It's still a land"
            animated = attached_land_animated(bare, PT_WORDS,
                                              lambda word: word in spell_subtypes() - OTHER_SPELL_SUBTYPES)
            if animated is not None:
                return animated[0]
        if static is None and not rx.search(r"\bcreate\b|\btoken\b|\bgains?\b|\bbecomes?\b", bare):
            static = parse_type_adding(bare)
        if static is not None:
            return [("ability", static)]
    if QUOTED_MANA.search(bare) and permanent and not rx.search(r"\bcreate\b|\b(?:It|They) ha", bare):
        raise Unsupported(f"the granted mana ability in '{line}'")
    if (permanent and MANA_WORDS.search(bare) and not rx.search(r"\bcreate\b|\btokens?\b", bare)
            and not bare.startswith(("When", "At ", "This spell costs", "Whenever"))
            and rx.search(r"tapped for mana|taps? .* for mana|\bproduces?\b", bare)):
        raise Unsupported(f"'{line}'")
    return None



# ------------------------------------------------------ every other sentence
def describe_compiled(compiled: list[tuple[str, Any]]) -> str:
    """What a compiled line became, in the card format's words."""
    kinds = []
    for kind, data in compiled:
        name = next(iter(data)) if isinstance(data, dict) else str(data)
        if kind == "effect":
            name = f"effect: {name}"
        kinds.append(name.replace("_", " "))
    return ", ".join(dict.fromkeys(kinds))


# CR 702: keyword abilities; the card's keywords become facts (has_keyword), so a
# line of them is compiled as the card's keywords, but for a keyword a query reaches that no rule
# models (oracle_keywords.py): its piece of the line is not understood.
KEYWORDS_WHY = "keyword abilities (CR 702): the card's keywords"
KEYWORD_LINE = re.compile(r"[A-Z][a-z\-]+(?: [a-z\-]+)*(?:(?: |—)(?:\{[^}]+\}|\d+|[A-Z]?[a-z\-]+)"
                          r"(?:[ ,{}\w\-]*))?")
STEP_WORDS = {"upkeep": "upkeep", "draw step": "draw", "end step": "end",
              "precombat main phase": "precombat_main", "first main phase": "precombat_main",
              "postcombat main phase": "postcombat_main", "second main phase": "postcombat_main",
              "combat step": "beginning_of_combat"}
STEP_WHOSE = {"your": "you", "each": "any", "each player's": "any", "the": "any",
              "each opponent's": "opponent", "enchanted player's": "enchanted",
              "enchanted permanent's controller's": "enchanted_controller", "the chosen player's": "chosen"}
STEP_TRIGGER = re.compile(r"At the beginning of (your|each|each player's|the chosen player's|the|each opponent's|"
                          r"enchanted player's|enchanted permanent's controller's) "
                          r"(upkeep|draw step|end step|precombat main phase|first main phase|"
                          r"postcombat main phase|second main phase|combat step), "
                          r"(.+)")
# Damage other than combat damage is no combat event: `next` deals it (spells and abilities with
# damage, CR 120.3; riders; Haphazard Bombardment), so "deals damage" / "is dealt damage" is read.
COMBAT = re.compile(r"\b(?:attacks?|blocks?|blocked|attacking|blocking|combat damage|(?:is|are) attacked)\b")
# Events a query does produce (CR 603.6a entering, 700.4 dying, 603.6c leaving, 701.21 tapping):
# a trigger event naming one of them beside combat ("enters or attacks") is no combat trigger.
QUERY_EVENT = re.compile(r"\b(?:enters?|dies|die|leaves?|is put into|put into a graveyard|becomes? (?:un)?tapped|"
                         r"untaps?|cast|casts|sacrifices?|gains? life|loses? life|draws?|discards?)\b")


COMBAT_TRIGGER = "a combat trigger: no query declares attackers or blockers or deals combat damage"
# What a combat trigger's resolution leaves behind that no board states, which the queries would then answer
# without: an additional phase or step or an extra turn (CR 500.7, 500.8: the turn `turn` lists), a delayed
# triggered ability (603.7: "at the beginning of the next end step", "when ..."), an effect that lasts beyond the
# turn or until an event (611.2b: "for as long as", "until your next turn", "doesn't untap during its controller's
# next untap step", "for the rest of the game"; a board states only what lasts until end of turn:
# until_end_of_turn), one on mana, hand size or spells to come ("you don't lose this mana", "no maximum hand size",
# "If that spell would be put into your graveyard", "cast spells from your hand ... without paying"), a change of
# control, of characteristics ("becomes a 4/4", "loses all abilities") or a perpetual one.  After a combat trigger,
# such a sentence stays not understood, so the card is refused.
TURN_STRUCTURE = re.compile(r"\badditional (?:[a-z]+ )?(?:phase|step)s?\b|\bextra turns?\b|\bat the beginning of\b|"
                            r"\bat end of\b|\bwhen(?:ever)?\b|\bfor as long as\b|"
                            r"\buntil (?!end of turn\b|(?:you|they|that player|each player) (?:reveal|exile|mill)s?\b)|"
                            r"\bnext (?:untap step|turn|upkeep|end step)\b|\brest of the game\b|\bthis mana\b|"
                            r"\bhand size\b|\bwould be put into\b|\bspells from your hand\b|"
                            r"\bcontrol of\b|\bloses? all\b|\bbecomes?\b|\bperpetually\b|\bno longer\b",
                            re.IGNORECASE)
LEFT_BEHIND = ("what a trigger no query follows leaves behind as it resolves that no board states (a delayed "
               "trigger, CR 603.7; an effect beyond the turn or until an event, 611.2b; an additional phase, 500.8): "
               "the queries would answer without it")
REFLEXIVE = re.compile(r"^When you (?:do|[^,]+ this way)\b")  # CR 603.12: it resolves before that trigger's turn ends
# Words of a trigger event or of what a board states, not of what is left behind: "becomes blocked", "becomes the
# target of", a life total that becomes N (CR 119.5); a permission to look at a card exiled face down (406.3) or to
# play or cast exiled cards, which no query reads (`pysolver next` casts spells and plays lands only from a hand,
# 601.2a, 305.1); a permanent that doesn't untap during its controller's next untap step (502.3: the board's
# skips_next_untap) and a player who becomes the monarch (722.1: the board's monarch).
NOT_LEFT = re.compile(r"\bbecomes? (?:blocked|tapped|untapped|the target of|the monarch)\b|\blife total becomes\b|"
                      r"\b(?:[Ii]t|[Tt]hat (?:creature|permanent)) doesn't untap during its controller's next untap "
                      r"step\b|"
                      r"\b[Yy]ou may (?:look at|play|cast) (?:it|that card|those cards|them)(?: for as long as "
                      r"(?:it|they) remains? exiled| this turn)?(?=[.,]|$)|"
                      r"^(?:For as long as (?:it|they) remains? exiled|Until the end of your next turn), you may "
                      r"(?:play|cast) (?:it|that card|those cards|them)(?=[.,]|$)")
COMBAT_TRIGGER_REST = ("more of the combat trigger before it on its line, its effect or its limit (CR 603.1): no "
                       "query resolves it either")
# CR 111.3, 111.4: "create a 0/1 Wizard creature token with "Whenever you cast ...": the abilities the creating effect
# gives the token are its text, as a card's are printed: a board lists the token with them, so they are nothing left
# behind (a quoted ability an object "gains" or "has" is).
TOKEN_WITH = re.compile(r'\b[Cc]reates? [^."]*?\btokens? (?:[^."]*? )?with ')


def token_text_removed(text: str) -> str:
    """``text`` without the quoted abilities of a token it creates ("... token with flying and "[ability]""): the
    quotes right after its "with", separated only by keywords, commas and "and" (never "and it gains")."""
    m = TOKEN_WITH.search(text)
    if not m:
        return text
    rest, kept, position = text[m.end():], [], 0
    for quoted in re.finditer(r'"[^"]*"', rest):
        between = rest[position:quoted.start()]
        if not rx.fullmatch(r"[a-z ,]*", between) or rx.search(r"\b(?:it|its|they|that|this|gains?|has|have|gets?|"
                                                              r"becomes?|loses?)\b", between):
            break
        kept.append(rest[position:quoted.start()])
        position = quoted.end()
    return text[:m.end()] + "".join(kept) + rest[position:]



def left_behind(line: list[dict[str, Any]]) -> None:
    """The sentences of an irrelevant trigger's line (a combat trigger, an event no query produces) that leave behind
    what no board states (TURN_STRUCTURE; of the first, its effect, after its event's comma) are not understood: the
    card is refused rather than answered as if the trigger had never resolved earlier in the game."""
    for position, sentence in enumerate(line):
        text = sentence["text"].split(",", 1)[-1] if position == 0 else REFLEXIVE.sub("", sentence["text"])
        if TURN_STRUCTURE.search(NOT_LEFT.sub("", token_text_removed(text))):
            sentence.update({"class": NOT_UNDERSTOOD, "why": LEFT_BEHIND})


CHAPTER_LEFT = ("what a chapter ability leaves behind as it resolves that no board states (an ability or a "
                "characteristic given with no duration, CR 611.2c; an effect for the rest of the turn or beyond it, "
                "611.2b): a Saga with more lore counters may have had it resolve, and the queries would answer "
                "without it")


def compile_other(line: str, card: dict[str, Any], permanent: bool, result: Compiled,
                  number_: int) -> list[tuple[str, Any]] | None:
    """A line compile_line left alone: keywords, triggered abilities of steps and of
    entering (CR 603), entering tapped (614.1c), or, failing those, irrelevant (saying
    which kind) or not understood.  Classifies the line; returns what it compiles to."""
    bare = line.rstrip(".")
    chapter = chapter_form(bare, card["name"], trigger_effect_do) if permanent else None
    if chapter is not None:  # a chapter number is no ability word (CR 714.2b)
        effect = token_text_removed(bare.split(" — ", 1)[1])
        left = TURN_STRUCTURE.search(NOT_LEFT.sub("", effect)) or leaves_indefinite(effect)
        result.classify(number_, line, NOT_UNDERSTOOD if left else COMPILED, CHAPTER_LEFT if left else chapter[1])
        return chapter[0]
    m = rx.fullmatch(r"([^—:\"]+?) — (.+)", bare)
    if m and m.group(1) not in MEANINGFUL_PREFIXES and not LOYALTY.match(bare) and not bare.startswith("Prototype "):
        bare = m.group(2).rstrip(".")  # an ability word or flavor word (CR 207.2c; a prototype's dash is no such word)
    granted = (granted_in_quotes(bare, card, ATTACHED_WORDS) or equip(bare, ATTACHED_WORDS)
               or reconfigure(bare, card["name"], ATTACHED_WORDS)) if permanent else None  # oracle_attached
    if granted is not None:  # CR 613.1f: 'Enchanted creature has "..."', its quoted ability compiled as a line
        result.classify(number_, line, granted[1], granted[2])
        return granted[0]
    if graveyard_trigger(bare) is not None:  # CR 113.6m: kept as the card's graveyard_triggers (compile_card)
        result.classify(number_, line, COMPILED, IN_A_GRAVEYARD)
        return []
    compiled = _other_form(bare, card, permanent)
    if compiled is not None:
        data, why = compiled
        _classify_compiled(result, number_, line, bare, card, why)
        return data
    never = (never_happens(bare) if permanent else None) or unreachable(bare)  # issue 13
    if never is not None:  # a trigger whose event no query produces: the whole ability
        start = len(result.sentences)
        result.classify(number_, line, IRRELEVANT, never)
        left_behind(result.sentences[start:])  # but what it leaves behind that no board states
        return []
    parts = sentences(bare)
    # A loyalty ability is one ability, all its sentences (CR 606.3: never a mana ability).
    if not LOYALTY.match(bare) and permanent and _irrelevant_kind(parts[0].rstrip("."), card, permanent) == \
            COMBAT_TRIGGER:
        # CR 603.1: "[When/Whenever] [trigger event], [effect]. [Instructions (if any).]": the sentences after a
        # combat trigger on its line are more of its effect (or its limit), which no query resolves either, but for
        # what it leaves behind that no board states
        start = len(result.sentences)
        result.classify(number_, line, IRRELEVANT, COMBAT_TRIGGER)
        for sentence in result.sentences[start + 1:]:  # its limit, or more of its effect
            sentence["why"] = ONCE_IRRELEVANT if ONCE.fullmatch(sentence["text"]) else COMBAT_TRIGGER_REST
        left_behind(result.sentences[start:])
        return []
    if len(parts) > 1 and not LOYALTY.match(bare) and not rx.search(
            r"\bIf you (?:do|don't)\b|\b[Tt]hen\b|\bWhen you do\b", bare):  # CR 603.12: a reflexive trigger
        # Sentences that stand alone ("~ enters tapped. As it enters, choose a color."),
        # one at a time.
        found: list[tuple[str, Any]] = []
        start = len(result.sentences)
        for part in parts:
            part = rx.sub(r"^As it enters\b", "As ~ enters", part)
            limited = once_each_turn(part, found, result.sentences[start:])
            if limited is not None:  # CR 603.2: the limit of the triggered ability before it (issue 13)
                result.classify(number_, part, COMPILED if limited[0] else IRRELEVANT, limited[1])
                continue
            if _new_targets(part, result, number_, start):  # CR 707.10c: of the copy the sentence before makes
                continue
            found += _classify_alone(part, card, permanent, result, number_)
        return found
    limit = rx.fullmatch(r"(.+\.) (This ability triggers only once each turn\.?)", line)
    if len(parts) > 1 and limit and not LOYALTY.match(bare):  # "..., then draw a card. This ability triggers ..."
        start = len(result.sentences)
        found = _classify_alone(limit.group(1).rstrip("."), card, permanent, result, number_, limit.group(1))
        limited = once_each_turn(limit.group(2), found, result.sentences[start:])  # CR 603.2: the ability's limit
        result.classify(number_, limit.group(2), NOT_UNDERSTOOD if limited is None else COMPILED if limited[0]
                        else IRRELEVANT, "no form of the compiler reads it" if limited is None else limited[1])
        return found
    return _classify_alone(bare, card, permanent, result, number_, line)


# CR 707.10c: "You may choose new targets for the copy." after a sentence that copies a spell or ability: more of
# that sentence's ability, irrelevant as it is (else not understood).
NEW_TARGETS = re.compile(r"You may choose new targets for the cop(?:y|ies)\.?")
NEW_TARGETS_WHY = "the copy's new targets (CR 707.10c), more of the ability before it on its line: "


def _new_targets(part: str, result: Compiled, number_: int, start: int) -> bool:
    """Classify "You may choose new targets for the copy." as the sentence before it on its line (``start``: the
    line's first sentence) whose ability copies: True when it did."""
    before = result.sentences[-1] if len(result.sentences) > start else None
    if not NEW_TARGETS.fullmatch(part) or before is None or not rx.search(r"\bcop(?:y|ies)\b", before["text"]):
        return False
    if before["why"] == SPELL_EFFECT:  # a spell's: the spell's effect too, as it was (SPELL_EFFECT_LEFT reads it)
        return False
    if before["class"] != IRRELEVANT:  # (a cast trigger that copies reads its whole line: oracle_next)
        return False
    result.classify(number_, part, IRRELEVANT, NEW_TARGETS_WHY + before["why"])
    return True


def _classify_alone(bare: str, card: dict[str, Any], permanent: bool, result: Compiled,
                    number_: int, line: str | None = None) -> list[tuple[str, Any]]:
    line = line or bare
    compiled = _other_form(bare.rstrip("."), card, permanent)
    if compiled is not None:
        data, why = compiled
        _classify_compiled(result, number_, line, bare.rstrip("."), card, why)
        return data
    why = _irrelevant_kind(bare, card, permanent)
    if why is not None:
        result.classify(number_, line, IRRELEVANT, why)
    else:
        result.classify(number_, line, NOT_UNDERSTOOD, player_state_reason(line)
                        or keyword_amount_reason(bare, card) or "no form of the compiler reads it")
    return []


def _classify_compiled(result: Compiled, number_: int, line: str, bare: str, card: dict[str, Any],
                       why: str) -> None:
    """Classify what a form compiled; a keyword line keyword by keyword, by what reads each
    (oracle_keywords: a keyword a query reaches and no rule models is not understood)."""
    if why == KEYWORDS_WHY:
        named = _keywords(bare, card) or []
        pieces = list(zip(rx.split(r", |; ", bare) if len(named) > 1 else [bare], named, strict=False))
        land = "Land" in card.get("types", [])
        meanings = _keyword_meanings([piece for piece, _ in pieces], card)  # rules texts (issue 13)

        def reason_of(index: int, piece: str, name: str) -> str | None:
            if name == "flashback" and flashback(piece, card, cost_item, noun_filter, Unsupported):
                return None  # CR 702.34a: pay --spell and next cast read it (oracle_costs)
            if optional_cost(piece) is not None:
                return None  # CR 601.2b: pay --spell --additional pays it (oracle_optional_costs)
            if meanings[index] is not None:
                return meanings[index][1]
            return (unmodelled_keyword(name, land, piece) or quality_reason(piece)
                    or unmodelled_cast_keyword(name, card))
        if any(reason_of(index, piece, name) or irrelevant_keyword(name) for index, (piece, name) in enumerate(pieces)):
            for index, (piece, name) in enumerate(pieces):
                reason, noted = reason_of(index, piece, name), irrelevant_keyword(name)  # oracle_keywords
                result.classify(number_, piece, NOT_UNDERSTOOD if reason else IRRELEVANT if noted and noted[0]
                                else COMPILED, reason or (noted[1] if noted else why))
            return
    result.classify(number_, line, NOT_UNDERSTOOD if why.startswith((UNREAD, MAX_SPEED_UNREAD)) else COMPILED, why)


def _keyword_meanings(pieces: list[str], card: dict[str, Any]
                      ) -> list[tuple[list[tuple[str, Any]], str | None] | None]:
    """_keyword_meaning of each piece of a keyword line, each read with what the pieces before it
    compiled to (a second "enters with" or devour on the line adds to the first or is refused)."""
    seen, meanings = dict(card), []
    for piece in pieces:
        meaning = _keyword_meaning(piece, seen)
        meanings.append(meaning)
        for kind, data in meaning[0] if meaning else []:
            if kind == "card":
                seen.update(data)
    return meanings


def _keyword_meaning(piece: str, card: dict[str, Any]) -> tuple[list[tuple[str, Any]], str | None] | None:
    """A keyword line's piece that the rules define as abilities written out (persist, modular...):
    (what those abilities compile to, None or why one is not understood), or None
    (pysolver/cards/oracle_keyword_texts.py)."""
    permanent = bool(PERMANENT_TYPES & set(card.get("types", [])))

    def compile_text(text: str) -> tuple[list[tuple[str, Any]], str | None]:
        scratch = Compiled(dict(card))
        try:
            data = compile_line(text, permanent, scratch)
            if data is None:
                data = compile_other(text, dict(card), permanent, scratch, 0)
        except Unsupported as problem:
            return [], f"can't compile {problem}"
        refused = [s["why"] for s in scratch.sentences if s["class"] != COMPILED]
        if refused or not data:
            return [], refused[0] if refused else "no form of the compiler reads it"
        return data, None
    return keyword_meaning(piece, card, compile_text)


def _keywords(line: str, card: dict[str, Any]) -> list[str] | None:
    """``Flying, haste`` / ``Echo {2}{G}`` / ``Cumulative upkeep—Add {R}``: the keywords of a
    keyword line (each named in the card's keywords or a known keyword), else None."""
    listed = {k.lower() for k in card.get("keywords", [])} - KEYWORD_ACTIONS  # CR 701: effects, not keywords
    found = []
    costed = unmodelled_costed(line)  # "Escape—{2}{B}, Exile four other cards ...": one keyword, its cost
    if costed is not None:
        return [costed]
    for piece in rx.split(r", |; ", line):
        if rx.search(r'^[^"]*: ', piece):  # "Waterbend {8}: Transform ~.": an activated ability (CR 602.1)
            return None
        name = _keyword_named(piece.lower(), listed)
        if name is None:
            return None
        found.append(name)
    return found


@cache
def _known_keywords() -> frozenset[str]:
    """The keywords a keyword line may name beside the card's own listed ones."""
    return frozenset(KEYWORDS | set(UNMODELLED_KEYWORDS) | NOTED_KEYWORDS | CAST_KEYWORDS
                     | {"echo", "evoke", "affinity", "convoke", "improvise", "delve", "first strike", "double strike",
                        "start your engines!", "dredge"}  # dredge: next_state.draw
                     | {"protection"}
                     | {"devoid"})  # CR 702.114a: colorless, which filters and restrictions read (filter_conditions.lp)


def keyword_case(keyword: str) -> str:
    """A keyword as a card's keywords list it: its first word capitalized ("first strike" -> "First strike")."""
    return " ".join(w.capitalize() if i == 0 else w for i, w in enumerate(keyword.split()))


def _keyword_named(lower: str, listed: set[str]) -> str | None:
    """The longest keyword (of ``listed`` or the known ones) that the piece ``lower`` is, or starts
    with before a space or a dash ("flying", "echo {2}{g}", "cumulative upkeep—..."), else None.
    Two keywords of one length can't both be: the piece's start, not a sorted list, gives it."""
    known = _known_keywords()
    if lower in listed or lower in known:
        return lower
    end = len(lower)
    while (end := max(lower.rfind(" ", 0, end), lower.rfind("—", 0, end))) >= 0:
        head = lower[:end]
        if (head in listed or head in known) and not lower[end:].startswith(NOT_A_KEYWORD_PARAMETER):
            return head
    tail = lower.rsplit(" ", 1)[-1]  # CR 702.48a: "Fox offering", the keyword offering of a quality
    if " " in lower and " " + tail in VARIANT_SUFFIXES and (tail in listed or tail in known):
        return tail
    return None


# What follows a keyword's name on a line that is no keyword line: "Equip abilities you activate ... cost {1}
# less", "Exhaust abilities of other permanents ..." (a statement about those abilities), "Max speed — ~ gets
# +1/+1" (CR 702.178a: an ability the keyword names, _max_speed_form).  Read as the keyword alone, such a line
# was compiled and its words dropped.
NOT_A_KEYWORD_PARAMETER = (" abilities", " ability", " — ")


def keyword_amount_reason(bare: str, card: dict[str, Any]) -> str | None:
    """Why "Mobilize X, where X is the number of creature cards in your graveyard" is not understood, or None:
    a keyword (of the card's or a known one) with its amount X after a comma (CR 107.3), which is no keyword
    line; what the keyword does is never nothing, so the sentence is never irrelevant (issue 13)."""
    m = rx.match(r"([A-Z][\w'!-]*(?: [\w'!-]+)?) X, where X is\b", bare)
    if m is None:
        return None
    name = m.group(1).lower()
    if _keyword_named(name, {k.lower() for k in card.get("keywords", [])} - KEYWORD_ACTIONS) != name:
        return None
    if not defined_keyword(name):  # CR 702 (February 7, 2025) has no entry for it: the one wording
        return unmodelled_keyword(name)
    return f"{name} X: a keyword whose amount ('where X is ...') no form of the compiler reads (CR 107.3)"


def tap_trigger(bare: str, card: dict[str, Any]) -> Any:
    """CR 603.2, 605.1b, 106.12a: "Whenever you tap ~ for mana, it deals 1 damage to each
    opponent": a triggered ability that adds no mana is not a mana ability; it uses the
    stack (605.5a) and triggers only when the ability produces mana.  (compiled data, what
    it is), or None."""
    m = rx.fullmatch(r"Whenever (?:you tap ~|~ is tapped) for mana, (.+)", bare)
    if not m or rx.search(r"\badds?\b", m.group(1)):
        return None
    tapper = "you" if bare.startswith("Whenever you") else "any"
    trigger = {"when": {"event": "tapped_for_mana", "tapped": {}, "tapper": tapper, "self": True},
               "text": m.group(1).replace("~", card["name"])}
    return ([("ability", {"triggered": trigger})],
            "a triggered ability when it is tapped for mana that adds no mana (CR 603.2, 605.5a): "
            "the mana query lists it as a trigger")


def _nouns(phrase: str, plural: bool) -> dict[str, Any] | None:
    try:
        return noun_filter(phrase, plural=plural)
    except Unsupported:
        return None


def _other_form(bare: str, card: dict[str, Any], permanent: bool):
    """(compiled data, what it is), or None."""
    try:  # a cost form with a part pay can't read: not understood (the card partial), never irrelevant
        found = (own_cost(bare, amount_from, Unsupported, whose_filter, card_filter, cast_only)
                 or alternative_cost(bare, cost_item, noun_filter, Unsupported, card_filter)
                 or conditional_alternative(bare, cost_item, noun_filter, Unsupported, amount_from, whose_filter,
                                         card_filter))
    except Unsupported:
        found = None
    if found is not None:
        return found
    found = casting_form(bare, spell_filter, Unsupported, permanent)
    if found is not None:
        return found
    found = spending_form(bare, permanent)
    if found is not None:
        return found
    found = forbid_activating(bare, whose_filter, Unsupported) if permanent else None  # CR 602.5 (issue 13)
    if found is None and permanent:  # the Arrest family (issue 13)
        found = (attached_cant_activate(bare, _group) or group_cant_activate(bare, _group)
                 or group_cost_change(bare, _group))
    if found is not None:
        return found
    found = also_types(bare, card, lambda word: word in spell_subtypes() - OTHER_SPELL_SUBTYPES)
    if found is not None:
        return found
    tapped = tap_trigger(bare, card) if permanent else None
    if tapped is None and permanent:  # another permanent tapped, or tapped for mana (issue 13)
        tapped = (becomes_tapped_form(bare, card["name"], lambda phrase: _nouns(phrase, False),
                                      trigger_effect_do)
                  or tapped_for_mana_form(bare, card["name"], lambda phrase: _nouns(phrase, False)))
    if tapped is None and permanent:  # counters put on a permanent (issue 13)
        tapped = (counters_put_form(bare, card["name"], lambda phrase: _nouns(phrase, False), trigger_effect_do)
                  or each_counter_once_form(bare, card["name"], lambda phrase: _nouns(phrase, False),
                                            trigger_effect_do))
    if tapped is not None:
        return tapped
    m = rx.fullmatch(r"Cumulative upkeep(?:—| )((?:\{(?:[0-9]+|[WUBRGC])\})+)", bare)
    if m and permanent:  # CR 702.24a: a mana cost, paid for each age counter (read by turn and next)
        upkeep: list[tuple[str, Any]] = [("card", {"cumulative_upkeep": m.group(1)})]
        if "cumulative upkeep" not in {k.lower() for k in card.get("keywords", [])}:
            upkeep.append(("card", {"keywords": card.get("keywords", []) + ["Cumulative upkeep"]}))
        return upkeep, "cumulative upkeep: its mana cost, paid for each age counter (CR 702.24a)"
    m = rx.fullmatch(r"Prototype ((?:\{(?:[0-9]+|[WUBRGC])\})+) — (\d+)/(\d+)\.?", bare)
    if m and permanent:  # CR 702.160a, 718.3b: the values of a prototyped permanent (the board's prototyped:)
        return ([("card", {"prototype": {"mana_cost": m.group(1), "power": int(m.group(2)),
                                         "toughness": int(m.group(3))}})],
                "prototype: the mana cost, power and toughness of a prototyped permanent (CR 702.160a, 718.3b)")
    m = rx.fullmatch(r"Cumulative upkeep(?:—| )(.+)", bare)
    if m and permanent:  # CR 702.24a: a triggered ability at the beginning of your upkeep
        cost = m.group(1).rstrip(".")
        text = (f"put an age counter on {card['name']}, then sacrifice it unless you pay its "
                f"cumulative upkeep ({cost}) for each age counter on it")
        # The keyword's trigger is this ability: the card's keyword list (the source's) doesn't list it
        # again, or the rules would trigger it a second time from the keyword (asp/turn.lp), with no cost.
        kept = [k for k in card.get("keywords", []) if k.lower() != "cumulative upkeep"]
        return ([("ability", {"triggered": {"when": {"step": "upkeep", "whose": "you"},
                                            "text": text}}), ("card", {"keywords": kept})],
                "cumulative upkeep: a triggered ability at the beginning of your upkeep (CR 702.24a)")
    speed = _max_speed_form(bare, card, permanent)
    if speed is not None:
        return speed
    keywords = _keywords(bare, card)
    if keywords is not None:
        have = {k.lower() for k in card.get("keywords", [])}
        pieces = [bare] if unmodelled_costed(bare) else rx.split(r", |; ", bare)
        added = [k for k, piece in zip(keywords, pieces, strict=False)
                 if k not in have and quality_keywords(piece) is None]
        data: list[tuple[str, Any]] = []
        meanings = _keyword_meanings(pieces, card)  # their rules texts (oracle_keyword_texts)
        for index, piece in enumerate(pieces):
            ability = cast_keyword(piece, card)
            if ability is not None:
                data.append(ability)
            data += (meanings[index] or ([], None))[0]
            m = rx.fullmatch(r"Echo ((?:\{(?:[0-9]+|[WUBRGC])\})+)", piece)
            if m and permanent:  # CR 702.30a: the echo cost (read by the next query)
                data.append(("card", {"echo": m.group(1)}))
            turned_up = face_down_cost(piece)
            if turned_up is not None:  # CR 702.37a, 702.168a: the cost to turn it face up (oracle_keywords)
                data.append(("card", {turned_up[0]: turned_up[1]}))
            m = rx.fullmatch(r"Kicker ((?:\{(?:[0-9]+|[WUBRGC]|[WUBRG]/[WUBRG])\})+)", piece)
            kicked = kicker_costs(piece, cost_item, noun_filter) if not m else None
            if m:  # CR 702.33a: an optional additional cost (pay --additional kicker)
                data.append(("card", {"kicker": m.group(1)}))
            elif kicked:  # "Kicker—Sacrifice a creature": its cost items
                data.append(("card", {"kicker": kicked}))
            elif piece.lower().startswith("kicker"):
                return None  # a kicker the format can't state: not understood
            spliced = splice_onto(piece)
            if spliced is not None:  # CR 702.47a: what pay --spell and next cast refuse casting while it is held
                data.append(("card", {"splice_onto": spliced}))
            elif piece.lower().startswith("splice"):
                return None  # a quality no spell is judged by here: not understood
            so_far = {k: v for kind, each in data if kind == "card" for k, v in each.items()}
            optional = optional_cost_data(piece, {**card, **so_far})  # CR 601.2b: multikicker, bargain, ...
            if optional is None:
                return [], f"{UNREAD}: escalate, with no modes of 'Choose one or more' to bound it (CR 702.120a)"
            data += optional
            cheaper = affinity(piece, card, amount_from, Unsupported)  # CR 702.41a
            if isinstance(cheaper, str):
                return [], f"{UNREAD}: {cheaper}"
            data += cheaper or []
            evoked = evoke(piece, card) if piece.lower().startswith("evoke") and permanent else None
            if evoked is not None:  # CR 702.74a: an alternative cost and its sacrifice trigger
                data += evoked
            elif piece.lower().startswith("evoke"):  # a cost pay can't pay (or not a permanent's)
                return [], f"{UNREAD}: an evoke cost other than mana (CR 702.74a), which pay --spell can't pay"
            data += flashback(piece, card, cost_item, noun_filter, Unsupported) or []  # CR 702.34a
        listed = card.get("keywords", []) + [keyword_case(k) for k in added]
        listed = with_qualities(listed, pieces, card.get("oracle", ""))  # CR 702.16g (issue 13)
        if listed != card.get("keywords", []):
            data.append(("card", {"keywords": listed}))
        return data, KEYWORDS_WHY
    found = additional_costs(bare, cost_item, noun_filter, Unsupported, card_filter, card)
    if found is not None:
        return found
    if not permanent and _kicked_part(bare, card):  # CR 702.33d: what kicking adds; next refuses a kicked spell
        return [], KICKED_WHY
    if not permanent:  # a targeted instant or sorcery (issue 15)
        aimed = spell_form(bare, card, TARGET_WORDS)
        if aimed is not None:
            return aimed
    found = last_counter_form(bare, card, permanent)
    if found is None:
        found = next_form(bare, card, permanent, lambda phrase: _nouns(phrase, False), cast_condition, _each,
                          effect_add)
    if found is None:  # "When you cast this spell" (issue 13)
        found = cast_self_trigger(bare, card["name"])
    if found is None and permanent:  # a cast trigger looking at the turn, the zone, kicking (issue 13)
        found = qualified_cast_trigger(bare, lambda rest: cast_trigger(rest, card["name"], lambda p: _nouns(p, False),
                                                                       cast_condition, _each, effect_add), _nouns)
    if found is None and permanent:  # "Whenever you expend 4" (CR 700.14; issue 13)
        found = expend_trigger(bare, lambda rest: cast_trigger(rest, card["name"], lambda p: _nouns(p, False),
                                                               cast_condition, _each, effect_add))
    if found is not None:
        return found
    if not permanent:
        return None
    found = leaves_form(bare, card["name"], lambda phrase: _nouns(phrase, False),  # leaving triggers (issue 13)
                        trigger_effect_do)
    if found is not None:
        return found
    found = player_event_form(bare, card["name"], trigger_effect_do, _cards) or coin_flip_form(
        bare, card["name"], trigger_effect_do)
    if found is None:  # cards leaving a graveyard (issue 13)
        found = graveyard_leave_form(bare, card["name"], lambda phrase: _nouns(phrase, False),
                                     trigger_effect_do)
    if found is None:  # an ability activated (issue 13)
        found = activation_form(bare, card["name"], lambda phrase: _nouns(phrase, False),
                                trigger_effect_do)
    if found is None:  # "~ can't have more than seven dream counters on it" (CR 101.2; issue 13)
        found = counter_limit_form(bare, card)
    if found is None:  # a crime committed (CR 700.13; issue 13)
        found = crime_form(bare, card["name"], trigger_effect_do)
    if found is None:  # damage dealt (issue 13)
        found = damage_trigger_form(bare, card["name"], COMBAT)
    if found is not None:
        return found
    found = (chosen_form(bare, card) or static_form(bare, card, STATIC_WORDS) or maximum_hand_size(bare, card)
             or player_keyword(bare, card)
             or devotion_increase(bare)
             or chosen_color_set(bare, card, lambda subject: static_subject(subject, PT_WORDS))
             or chosen_protection(bare, card, lambda subject: static_subject(subject, PT_WORDS))
             or legend_rule_exempt(bare, lambda subject: static_subject(subject, PT_WORDS)))
    if found is None:  # power and toughness, keywords granted to others (issue 13)
        found = pt_form(bare, PT_WORDS)
    if found is None:  # an Aura's or Equipment's types added (issue 13)
        found = attached_types(bare, PT_WORDS, lambda word: word in spell_subtypes() - OTHER_SPELL_SUBTYPES)
    if found is None:  # an Aura's types, colors and base power and toughness set (issue 13)
        found = attached_sets(bare, lambda word: word in spell_subtypes() - OTHER_SPELL_SUBTYPES)
    if found is None:  # a group's creature types added (issue 13)
        found = group_types(bare, PT_WORDS, lambda word: word in spell_subtypes() - OTHER_SPELL_SUBTYPES,
                            lambda subject: static_subject(subject, PT_WORDS))
    if found is None:  # a permanent that is a creature while a condition holds (issue 13)
        found = animated_self(bare, card, PT_WORDS, lambda word: word in spell_subtypes() - OTHER_SPELL_SUBTYPES)
    if found is None:  # "You control enchanted creature" (issue 13)
        found = control_form(bare)
    if found is None:  # "~ can't be the target of white spells or abilities from white sources"
        found = cant_be_targeted(bare, lambda subject: static_subject(subject, PT_WORDS))
    if found is not None:
        return found
    found = enters_form(bare, card, ENTERS_WORDS)  # untapping and entering (issue 13)
    if found is not None:
        return found
    found = enters_as_copy(bare, _whose, KEYWORDS, spell_subtypes() - OTHER_SPELL_SUBTYPES,
                           _unread_copy_ability, defined_keyword) if permanent else None
    if found is not None:
        return found
    try:
        change = cost_change(bare)
    except Unsupported:
        return None
    if change is not None:
        return ([("ability", {"cost_change": change})],
                "a static ability that changes what spells cost (CR 601.2f)")
    try:
        found = granted_alternative(bare, spell_filter) if permanent else None
    except Unsupported:
        found = None
    if found is not None:
        return found
    found = _trigger_if_forms(bare, card, permanent)  # two events, history conditions (oracle_ifs)
    if found is not None:
        return found
    found = state_trigger_form(bare, card["name"], step_condition,
                               trigger_effect_do)
    if found is not None:
        return found
    m = STEP_TRIGGER.fullmatch(step_phrase(bare))  # issue 13: "combat on your turn"...
    if m:  # CR 603.2b: at the beginning of a step
        whose, step, effect = m.groups()
        if rx.search(r"\btriggers only\b", effect):
            return None  # CR 603.2: how often it triggers, which no step rule reads (an additional step)
        trigger: dict[str, Any] = {"when": {"step": STEP_WORDS[step], "whose": STEP_WHOSE[whose]}}
        m2 = rx.fullmatch(r"if ~ is tapped, (.+)", effect)
        if m2:  # CR 603.4
            trigger["if"] = {"self_tapped": True}
            effect = m2.group(1)
        each_player = whose in ("each", "each player's", "each opponent's", "the", "the chosen player's")
        if rx.match(r"if\b", effect):
            conditional = intervening_if(effect, [lambda e: player_condition(e, each_player) or player_condition(e),
                                                  step_condition], _nouns)
            if conditional is None:
                return None  # an intervening "if" the format can't state
            condition, effect = conditional
            if condition:
                trigger["if"] = condition
        trigger["text"] = effect.replace("~", card["name"])
        steps_added = turn_structure(effect)  # CR 500.8-500.10: the steps it adds, which turn lays out
        if steps_added is None or (steps_added and not keeps_do(trigger.get("if", {}))):
            return None  # it changes the rest of the turn in a way no rule models
        # "it" of an Aura's "enchanted creature's controller" is that creature (about_the_event)
        # trigger_do's self forms only: outcomes resolves step triggers and doesn't apply a draw
        # (asp/outcomes.lp partly_applied), so "you draw a card and you lose 1 life" stays text there
        about_that = whose == "enchanted permanent's controller's" and about_the_event(effect)
        done = [] if about_that else steps_added or trigger_do(effect)
        if done and keeps_do(trigger.get("if", {})):  # else outcomes doesn't check its condition again (603.4)
            trigger["do"] = done
        return ([("ability", {"triggered": trigger})],
                f"a triggered ability at the beginning of {whose} {step} (CR 603.2b)" + (
                    ", with an intervening \"if\" on a player's life total or hand (CR 603.4)"
                    if "player_state" in trigger.get("if", {}) else ""))
    others = others_enter_form(bare, card["name"], lambda phrase: _nouns(phrase, False),  # issue 13
                               trigger_effect_do, enters_condition)
    if others is not None:
        return others
    face_up = face_up_form(bare, card["name"], lambda phrase: _nouns(phrase, False),
                           trigger_effect_do, enters_condition)
    if face_up is not None:
        return face_up
    aimed_at = becomes_target_form(bare, card["name"], trigger_effect_do,
                                   lambda phrase: _nouns(phrase, False))
    if aimed_at is not None:  # issue 13
        return aimed_at
    m = rx.fullmatch(r"When ~ enters(?: the battlefield)? from a graveyard, (.+)", bare)
    if m and not rx.match(r"if\b", m.group(1)):  # CR 603.6a: only from that zone
        graveyard: dict[str, Any] = {"when": {"event": "enters", "from": "graveyard"},
                                     "text": m.group(1).replace("~", card["name"])}
        done = trigger_effect_do(m.group(1))
        if done:
            graveyard["do"] = done
        return ([("ability", {"triggered": graveyard})],
                "a triggered ability when it enters from a graveyard (CR 603.6a)")
    m = rx.fullmatch(r"When ~ enters(?: the battlefield)?, (.+)", bare)
    if m and not rx.match(r"if\b", m.group(1)):  # CR 603.6a
        entered: dict[str, Any] = {"when": {"event": "enters"}, "text": m.group(1).replace("~", card["name"])}
        if trigger_effect_do(m.group(1)):
            entered["do"] = trigger_effect_do(m.group(1))
        return ([("ability", {"triggered": entered})], "a triggered ability when it enters (CR 603.6a)")
    conditional = (self_cast_condition(m.group(1)) or enters_condition(m.group(1))) if m else None
    if conditional is not None and conditional[0]:  # CR 603.6a, 603.4: with an intervening "if"
        entering: dict[str, Any] = {"when": {"event": "enters"}, "if": conditional[0],
                                    "text": conditional[1].replace("~", card["name"])}
        if trigger_effect_do(conditional[1]) and keeps_do(conditional[0]):
            entering["do"] = trigger_effect_do(conditional[1])
        return ([("ability", {"triggered": entering})],
                "a triggered ability when it enters, with an intervening \"if\" (CR 603.6a, 603.4)")
    m = rx.fullmatch(r"As ~ enters(?: the battlefield)?, choose (up to )?(two|three) colors"
                     r"(?: from among cards in your hand)?", bare)
    if m:  # CR 614.12: the colors chosen as it enters; a board states them (chosen: {color: [...]})
        return ([("card", {"chooses_colors": number(m.group(2))})],
                "a choice of colors made as it enters (CR 614.12): the board states them (chosen: {color: [...]})")
    m = rx.fullmatch(r"Reveal (?:~|this card) as you draft it\. (?:.* )?chooses? (?:a|another) color\b.*", bare)
    if m:  # CR 905.2b: colors noted during the draft, which abilities refer to in the game
        return ([("card", {"chooses_colors": 5})],
                "colors noted as it was drafted (CR 905.2b), each copy drafted noting more: the board "
                "states them (chosen: {color: [...]})")
    m = rx.fullmatch(r"As ~ enters(?: the battlefield)?, choose (?:an? (?:color|color other than \w+|"
                     r"creature type|card name|basic land type|land type|nonland card name|"
                     r"nonbasic land card name|land card name)|"
                     r"(?:[A-Z][a-z]+, )+or [A-Z][a-z]+)", bare)
    if m:  # CR 614.12: the choice is made as it enters; a board states it (chosen:), next can't make it
        return ([("card", {"chooses_as_it_enters": True})],
                "a choice made as it enters (CR 614.12): the board states it (chosen:)")
    m = rx.fullmatch(r"~ enters(?: the battlefield)?( tapped)? with (an?|one|two|three|four|five|six|"
                     r"seven|eight|nine|ten|X) ([\w+/\-]+) counters? on it", bare)
    if m:  # CR 614.1c, 122.6
        count: Any = "X" if m.group(2) == "X" else number(m.group(2))
        counted: list[tuple[str, Any]] = [("card", {"enters_with_counters": card.get(
            "enters_with_counters", []) + [{"kind": m.group(3), "count": count}]})]
        if m.group(1):
            counted.append(("card", {"enters_tapped": True}))
        return counted, "it enters with counters (CR 614.1c, 122.6)" + (
            " and tapped" if m.group(1) else "")
    m = rx.fullmatch(r"(As ~ enters(?: the battlefield)?, choose [^.]+)\. Then (you may pay \d+ life\. If you don't, "
                     r"(?:it|~) enters tapped)", bare)
    if m:  # CR 614.12: one replacement effect as it enters, a choice and then the life paid or not
        chosen, entering = _other_form(m.group(1), card, permanent), enters_tapped(f"As ~ enters, {m.group(2)}")
        if chosen is not None and isinstance(entering, dict) and "unless_pay_life" in entering and all(
                kind == "card" and set(data) == {"chooses_as_it_enters"} for kind, data in chosen[0]):
            # The life is a part of the ability that makes the choice, which applies whatever the choice makes the
            # permanent (a land type it sets removes abilities of its rules text, CR 305.7, 614.12): next, which
            # judges an "enters tapped unless you pay" apart from a choice, refuses the permanent entering.
            return chosen[0] + [("card", {"enters_tapped": {"unjudged": (
                f"unless its controller pays {entering['unless_pay_life']} life, as a part of the choice it makes "
                "as it enters")}})], (f"{chosen[1]}; then it enters tapped unless its controller pays the life, a "
                                      "part of the same ability (CR 614.1c, 614.12, 305.7), which next doesn't "
                                      "judge: it refuses the permanent entering")
    entering = enters_tapped(bare)
    if entering is True:
        return [("card", {"enters_tapped": True})], "it enters tapped (CR 614.1c)"
    if isinstance(entering, dict) and "unjudged" in entering:
        return [("card", {"enters_tapped": entering})], OPTIONALLY_TAPPED
    if entering is not None:  # asp/zone_change.lp reads the condition
        return [("card", {"enters_tapped": entering})], (
            "it enters tapped unless / if its condition holds (CR 614.1c, 614.12)")
    if rx.fullmatch(r"~ doesn't untap during (?:your|its controller's) untap step", bare):
        return [("card", {"doesnt_untap": True})], "it doesn't untap during its controller's untap step (CR 502.3)"
    untapping = untap_form(bare)
    if untapping is not None:
        return [("card", untapping[0])], untapping[1]
    replacing = enters_replacement(bare, card["name"])
    if replacing is not None:
        return [("card", replacing[0])], replacing[1]
    if permanent and bare == "This effect doesn't remove ~":  # CR 702.16n (checked with its grant: compile_card)
        return [("card", {"protection_keeps_self": True})], KEEPS_ITSELF
    if permanent:  # CR 614.1a: a replacement of its controller's life gain or draws, or of counters
        return (event_replacement_form(bare) or counters_replaced_form(bare, lambda phrase: _nouns(phrase, False))
                or damage_replacement_form(bare, whose_filter, Unsupported)
                or others_exiled_form(bare, whose_filter, Unsupported)
                or exiled_from_anywhere_form(bare, card_filter, Unsupported) or draw_replaced_form(bare))
    return None


MAX_SPEED_WHY = ("a max speed ability (CR 702.178a): its static abilities apply only while its controller's speed "
                 "is 4 (702.179; if: max_speed)")
MAX_SPEED_UNREAD = ("a max speed ability (CR 702.178a) whose ability is no static ability the compiler reads: what "
                    "the object has at max speed would be left out")


def _max_speed_form(bare: str, card: dict[str, Any], permanent: bool):
    """CR 702.178a: "Max speed — [Ability]" means "As long as your speed is 4, this object has
    [Ability]": each sentence's static abilities, applying only at max speed (asp/static_conditions.lp).
    Another kind of ability (a mana or activated one is compile_line's) leaves the line not understood:
    never read as the keyword max speed alone, which dropped the ability."""
    m = rx.fullmatch(r"Max speed — (.+)", bare)
    if m is None or not permanent or max_speed_unreachable(bare) is not None:
        return None  # an ability no query reaches at any speed: _irrelevant_kind says why
    data: list[tuple[str, Any]] = []
    for part in sentences(m.group(1)):
        found = _other_form(part, card, permanent)
        if found is None or found[1].startswith(UNREAD) or not found[0] or any(
                kind != "ability" or list(each) != ["static"] or "if" in each["static"] for kind, each in found[0]):
            return [], MAX_SPEED_UNREAD
        data += [(kind, {"static": {**each["static"], "if": "max_speed"}}) for kind, each in found[0]]
    return data, MAX_SPEED_WHY


def max_speed_unreachable(bare: str) -> str | None:
    """Why "Max speed — You may cast this card from your graveyard" (or "{3}, Exile this card from your
    graveyard: Draw a card") touches nothing a query reads, or None: its every sentence is an ability
    no query reaches (oracle_hand.unreachable), which the object has only at max speed (CR 702.178a)."""
    m = rx.fullmatch(r"Max speed — (.+)", bare.rstrip("."))
    reasons = [unreachable(part.rstrip(".")) for part in sentences(m.group(1))] if m else [None]
    if not reasons or None in reasons:
        return None
    return f"{reasons[0]} (at max speed only, CR 702.178a)"


def _trigger_if_forms(bare: str, card: dict[str, Any], permanent: bool):
    """pysolver/cards/oracle_ifs.py: "When ~ enters or dies, ..." (each event by the forms that read
    it alone) and "When ~ dies, if it was kicked, ..."."""

    def single(sentence: str):
        found = _other_form(sentence, card, permanent)
        return None if found is None or found[1].startswith(UNREAD) else found
    return (double_event_form(bare, single) or dies_if_form(bare, card["name"]) or batch_form(bare, single, singular)
            or play_or_cast_form(bare, single) or gain_or_lose_form(bare, single) or cast_or_enters_form(bare, single)
            or fully_unlock_form(bare, single) or unlock_door_form(bare, single)
            or never_part_form(bare, single)
            or turn_event_form(bare, single) or step_and_event_form(bare, single)
            or permanent_to_graveyard_form(bare, single) or from_anywhere_form(bare, single)
            or entering_status_form(bare, single) or created_tokens_form(bare, single)
            or enchanted_player_form(bare, single) or not_controlled_form(bare, single))


def enters_replacement(bare: str, name: str) -> tuple[dict[str, Any], str] | None:
    """CR 614.1c, 614.12: what replaces or goes with the permanent's entering (card data,
    read by asp/zone_change.lp): "If ~ would enter, sacrifice a Plains instead. If you do,
    put ~ onto the battlefield. If you don't, put it into its owner's graveyard", "As ~
    enters, sacrifice all lands you control", "Gates you control enter untapped"."""
    bare = bare.replace("would enter the battlefield", "would enter")
    m = rx.fullmatch(r"If ~ would enter, (you may )?(sacrifice|discard) (.+?) instead\. If you do, put ~ "
                     r"onto the battlefield\. If you don't, put (?:it|~) into its owner's graveyard", bare)
    try:
        if m:
            optional, verb, what = m.groups()
            m2 = rx.fullmatch(r"(an?|one|two|three|four|five) (untapped )?(.+)", what)
            if not m2:
                return None
            count = number(m2.group(1))
            if verb == "discard":
                m3 = rx.fullmatch(r"(\w+) cards?", m2.group(3))
                if count != 1 or m2.group(2) or not m3 or m3.group(1).lower() not in TYPE_WORD:
                    return None
                instead: dict[str, Any] = {"discard": {"types": [TYPE_WORD[m3.group(1).lower()]]}}
            else:
                spec = noun_filter(m2.group(3), plural=count != 1)
                instead = {"sacrifice": {"count": count, "filter": spec}}
                if m2.group(2):
                    instead["sacrifice"]["untapped"] = True
            if optional:
                instead["optional"] = True
            return {"enters_instead": instead}, (
                f"a replacement effect: it enters only if its controller {verb}s {what} (CR 614.1c, 614.12)")
        m = rx.fullmatch(r"(?:As ~ enters, sacrifice all (.+) you control|If ~ would enter, instead "
                         r"sacrifice each other (.+) you control, then put ~ onto the battlefield)", bare)
        if m:
            what = m.group(1) or m.group(2)
            spec = ({"named": name} if what == "permanent named ~" else noun_filter(what, plural=True))
            return {"as_enters_sacrifice_all": spec}, (
                "as it enters its controller sacrifices every other permanent of that kind they control "
                "(CR 614.1c, 614.12)")
        m = rx.fullmatch(r"(\w+) you control enter untapped", bare)
        if m:
            return {"others_enter_untapped": noun_filter(m.group(1), plural=True)}, (
                "permanents of that kind its controller controls enter untapped (CR 614.1c, 614.12)")
    except Unsupported:
        return None
    return None


def untap_form(bare: str) -> tuple[dict[str, Any], str] | None:
    """CR 502.3: how the permanent untaps in untap steps (card data, read by
    asp/actions.lp), or None."""
    if rx.fullmatch(r"You may choose not to untap ~ during your untap step", bare):
        return {"may_not_untap": True}, ("its controller may choose not to untap it during their "
                                         "untap step (CR 502.3)")
    m = rx.fullmatch(r"~ doesn't untap during (?:your|its controller's) untap step if it has an? "
                     r"([\w+/\-]+) counter on it", bare)
    if m:
        return {"doesnt_untap": {"if_counter": m.group(1)}}, (
            f"it doesn't untap during its controller's untap step while it has a {m.group(1)} counter (CR 502.3)")
    m = rx.fullmatch(r"~ doesn't untap during (?:your|its controller's) untap step if you control (an? .+)", bare)
    spec = _nouns(m.group(1), False) if m else None
    if spec is not None:  # CR 502.3: judged as the untap step untaps (asp/actions.lp)
        return {"doesnt_untap": {"if_you_control": spec}}, (
            "it doesn't untap during its controller's untap step while they control a permanent of that kind "
            "(CR 502.3)")
    if rx.fullmatch(r"Untap ~ during each other player's untap step", bare):
        return {"untaps_in_others_untap": True}, "it untaps during each other player's untap step (CR 502.3)"
    return None


COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
SPELL_TYPES = ("creature", "artifact", "enchantment", "instant", "sorcery", "planeswalker", "battle")
COST_CHANGE = re.compile(r"(?:(?:(?P<which>[A-Za-z][\w, ]*?) spells|Spells)"
                         r"(?P<you> you cast| your opponents cast)? cost"
                         r"|Each (?:(?P<each>[a-z][\w ]*?) )?spell(?P<each_you> you cast| an opponent casts)? costs) "
                         r"(?P<n>(?:\{(?:\d+|[WUBRGC])\})+) (?P<how>more|less) to cast")
# CR 102.1, 102.3: whose spells, as the ability's controller sees them.
COST_WHOSE = {" you cast": "you", " your opponents cast": "opponent", " an opponent casts": "opponent", None: "any"}
MINIMUM_COST = re.compile(r"(?:As long as ~ is untapped, )?each spell that would cost less than "
                          r"(?P<n>one|two|three|four|five|six|seven) mana to cast costs (?P=n) mana to cast")


# CR 205.3g-k: the artifact, enchantment and spell types a spell filter may name besides the
# creature types (pysolver/data/creature-types.yaml, 205.3m).
OTHER_SPELL_SUBTYPES = frozenset({"Equipment", "Vehicle", "Aura", "Saga", "Arcane", "Lesson", "Trap"})


@cache
def spell_subtypes() -> frozenset[str]:
    """The subtypes a spell filter reads (a capitalized word of no other list is not read)."""
    from pysolver.data import creature_types

    return frozenset(creature_types()) | OTHER_SPELL_SUBTYPES


# CR 205.4a: the supertypes a spell's card may have that a phrase of spells names.
SPELL_SUPERTYPES = ("legendary", "snow")


def spell_filter(phrase: str) -> dict[str, Any]:
    """``Noncreature``, ``Red``, ``Black creature``, ``Instant and sorcery``, ``Red creature
    spells and green creature``, ``Dragon``, ``Kithkin spells and Soldier``: the spells a cost
    change applies to, judged on their cards (colors, card types, the subtypes of
    SPELL_SUBTYPES, CR 205.3, and the supertypes legendary and snow, 205.4; other words are not read)."""
    pieces = [p.removesuffix(" spells") for p in rx.split(r",? and |,? or |, ", phrase)]
    filters = []
    for piece in pieces:
        spec: dict[str, Any] = {}
        for word in _subtype_words(piece):
            if word in spell_subtypes():
                spec.setdefault("subtypes", []).append(word)
                continue
            word = word.lower()
            if word in ("colorless", "multicolored"):  # CR 105.2c, 105.2b
                spec[word] = True
            elif word in COLOR_WORDS:
                spec.setdefault("colors", []).append(COLOR_WORDS[word])
            elif word in SPELL_TYPES:
                spec.setdefault("types", []).append(word.capitalize())
            elif word.startswith("non") and word[3:] in SPELL_TYPES:
                spec.setdefault("not_types", []).append(word[3:].capitalize())
            elif word.removeprefix("non") in SPELL_SUPERTYPES:  # CR 205.4: "legendary spells", "nonlegendary"
                key = "not_supertypes" if word.startswith("non") else "supertypes"
                spec.setdefault(key, []).append(word.removeprefix("non").capitalize())
            else:
                raise Unsupported(f"the spells '{phrase} spells'")
        filters.append(spec)
    return filters[0] if len(filters) == 1 else {"any_of": filters}


def _subtype_words(piece: str) -> list[str]:
    """The words of a phrase of spells, a subtype of two words one ("Time Lord", CR 205.3m)."""
    words = piece.split()
    out: list[str] = []
    while words:
        pair = " ".join(words[:2])
        out.append(pair if len(words) > 1 and pair in spell_subtypes() else words[0])
        words = words[len(out[-1].split()):]
    return out


def cost_change(bare: str) -> dict[str, Any] | None:
    """CR 601.2f: "Noncreature spells cost {1} more to cast", "Red spells you cast cost {1}
    less to cast", Trinisphere's minimum; "During turns other than yours, spells you cast cost {1} less to
    cast" (only while its controller is not the active player, CR 102.1); None when the line is none of these."""
    m = rx.fullmatch(r"During (turns other than yours|your turn), (\w.+)", bare)
    if m:
        during = cost_change(m.group(2)[0].upper() + m.group(2)[1:])
        if during is None:
            return None
        return {**during, "during": "other_turns" if m.group(1) == "turns other than yours" else "your_turn"}
    qualified = qualified_cost_change(bare, cost_change, spell_filter)
    if qualified is not None:
        return qualified
    m = COST_CHANGE.fullmatch(bare)
    if m:
        which = m.group("which") or (m.group("each") and m.group("each").capitalize())
        spells = spell_filter(which) if which else {}
        mana = changed_mana(m.group("n"), m.group("how"))
        if mana is None:
            return None
        return {"spells": spells, "whose": COST_WHOSE[m.group("you") or m.group("each_you")], **mana}
    m = rx.fullmatch(r"Each spell a player casts costs \{(\d+)\} more to cast for each other spell "
                     r"that player has cast this turn", bare)
    if m:  # the board doesn't say how many spells were cast this turn: pay refuses
        return {"spells": {}, "whose": "any", "more": int(m.group(1)), "per": "other_spell_this_turn"}
    m = MINIMUM_COST.fullmatch(bare)
    if m:
        change: dict[str, Any] = {"spells": {}, "whose": "any", "minimum": number(m.group("n"))}
        if bare.startswith("As long as"):
            change["if_untapped"] = True
        return change
    return None


UNREAD = "compiled to data no rule reads yet"
SECOND_OWN_COST = ("a second ability changing what the spell costs, beside its other one (CR 601.2f), which the "
                   "card's one cost change can't hold")
def _cards(phrase: str) -> dict[str, Any] | None:
    try:
        return card_filter(phrase)
    except Unsupported:
        return None


STATIC_WORDS = Words(_nouns, KEYWORDS, UNREAD, _cards)  # what the forms of oracle_static.py use


def _pt_group(phrase: str) -> tuple[str, dict[str, Any], bool] | None:
    try:
        return group_filter(phrase)
    except Unsupported:
        return None


def _pt_amount(phrase: str, plural: bool) -> dict[str, Any] | None:
    """``artifact you control``, ``creature cards in all graveyards`` -> a count (layer 7's
    amounts, asp/power_toughness.lp), or None."""
    m = rx.fullmatch(r"face-down (.+)", phrase)
    if m:  # CR 708.2: "face-down creatures on the battlefield": permanents face down (the board's face_down:)
        inner = _pt_amount(m.group(1), plural)
        if inner is None or "zone" in inner["count"] or "face_down" in inner["count"]["filter"]:
            return None
        return {"count": {**inner["count"], "filter": {**inner["count"]["filter"], "face_down": True}}}
    try:
        m = rx.fullmatch(r"(.+?) in (your|all) graveyards?", phrase)
        if m:
            return {"count": {"whose": "you" if m.group(2) == "your" else "any", "zone": "graveyard",
                              "filter": card_filter(m.group(1))}}
        whose, spec = whose_filter(phrase, plural=plural, other=True)
    except Unsupported:
        return None
    if (whose == "any" and " on the battlefield" not in phrase) or reads_layers(
            {key: value for key, value in spec.items() if key not in ("keywords", "chosen")}):
        return None  # whose?; or a count on power (CR 613.8: layer 7 gives it); keywords are layer 6's; "of
        # the chosen color" is counted for each source (asp/power_toughness.lp pt_chosen_hit)
    return {"count": {"whose": whose, "filter": spec}}


PT_WORDS = PtWords(_pt_group, _pt_amount, STATIC_WORDS, KEYWORDS)  # what the forms of oracle_pt.py use


def _granted_line(inner: str, holder: str) -> Compiled:
    """A quoted ability an Aura or Equipment grants, compiled as a line of its holder's own
    ("this creature": the holder, CR 613.1f)."""
    return compile_card(f"this {holder.lower()}", inner, holder)


def _unread_copy_ability(text: str, holder: str) -> str | None:
    """CR 707.9a: why an ability a copy gains ("except it has dethrone", "... has "Whenever ~
    attacks, it connives."") changes no query's answer: compiled as a line of a permanent of the
    card type copied, every sentence of it is irrelevant (the compiler's reasons); None otherwise."""
    compiled = _granted_line(text.replace("~", f"this {holder.lower()}"), holder)
    if compiled.problems or not compiled.sentences or set(compiled.card) - {"name", "types", "oracle"} or any(
            s["class"] != "irrelevant" for s in compiled.sentences):
        return None
    return "; ".join(dict.fromkeys(s["why"] for s in compiled.sentences))


ATTACHED_WORDS = AttachedWords(group_filter, lambda listed: pt_keywords(listed, PT_WORDS), _granted_line,
                               lambda card: self_references(card["name"], "Legendary" in card.get("supertypes", [])),
                               parse_cost, noun_filter, Unsupported,
                               lambda word: word in spell_subtypes() - OTHER_SPELL_SUBTYPES,
                               lambda phrase, static: static_condition_keys(phrase, static, PT_WORDS),
                               lambda phrase: attached_is(phrase, "it", PT_WORDS))


def _group(phrase: str) -> tuple[str, dict[str, Any], bool] | None:
    try:
        return group_filter(phrase)
    except Unsupported:
        return None


def _whose(phrase: str) -> tuple[str, dict[str, Any]] | None:
    try:
        return whose_filter(phrase)
    except Unsupported:
        return None


def _amount(phrase: str) -> Any:
    try:
        return amount_from(phrase)
    except Unsupported:
        return None


ENTERS_WORDS = EntersWords(_group, _amount, number)  # what the forms of oracle_enters.py use


def step_condition(effect: str) -> tuple[dict[str, Any], str] | None:
    """CR 603.4: ``if you control no artifacts, sacrifice ~`` -> (the condition as a
    trigger's ``if``, the effect), or None when the condition isn't one of these forms."""
    m = rx.fullmatch(r"if you (?:control|don't control) (.+?), ((?:[a-z]|~).+)", effect)
    if m and effect.startswith("if you don't control "):  # CR 603.4: "if you don't control a Food": none
        m = rx.fullmatch(r"if you don't control (?:an? |any )(.+?), ((?:[a-z]|~).+)", effect)
        if m is None:
            return None
        try:
            return {"you_control": {"at_most": 0, "filter": noun_filter(m.group(1), status=True)}}, m.group(2)
        except Unsupported:
            return None
    if m:
        phrase, rest = m.groups()
        try:
            m2 = rx.fullmatch(r"no (other )?(.+)", phrase)
            if m2:
                spec = noun_filter(m2.group(2), plural=True, status=True)
                if m2.group(1):
                    spec["other"] = True
                condition: dict[str, Any] = {"at_most": 0, "filter": spec}
            else:
                condition = _count_condition(phrase, status=True)
        except Unsupported:  # "you control another Elf" (oracle_ifs); "... that attacked this turn": history
            return _board_condition(effect) or history_condition(effect)
        return {"you_control": condition}, rest
    m = (rx.fullmatch(r"if (?:there are|you have) (\w+) or more (.+?) in your graveyard, ((?:[a-z]|~).+)", effect)
         or rx.fullmatch(r"if (\w+) or more (.+?) are in your graveyard, ((?:[a-z]|~).+)", effect)
         or rx.fullmatch(r"if there(?: is|'s) (an?) (.+? card) in your graveyard, ((?:[a-z]|~).+)", effect))
    at_least = 1 if m and m.group(1) in ("a", "an") else count_word(m.group(1)) if m else None
    if m and at_least:  # CR 603.4: cards in its controller's graveyard, judged on their printed characteristics
        try:
            cards = card_filter(m.group(2).replace(" and/or ", " or "))
        except Unsupported:
            return _board_condition(effect)  # "four or more card types among cards in your graveyard" (oracle_ifs)
        return {"graveyard_count": {"at_least": at_least, "filter": cards}}, m.group(3)
    m = rx.fullmatch(r"if (?:~ has no ([\w+/\-]+) counters on it|there are no ([\w+/\-]+) counters "
                     r"on ~|~ doesn't have an? ([\w+/\-]+) counter on it), ((?:[a-z]|~).+)", effect)
    if m:
        return {"self_no_counter": m.group(1) or m.group(2) or m.group(3)}, m.group(4)
    return history_condition(effect) or _board_condition(effect)


def cast_condition(effect: str) -> tuple[dict[str, Any], str] | None:
    """CR 603.4: a cast trigger's intervening "if": step_condition's forms, then oracle_step_ifs'."""
    return intervening_if(effect, [step_condition], _nouns)


def enters_condition(effect: str) -> tuple[dict[str, Any], str] | None:
    """CR 603.4: the intervening "if" of an enters or turned-face-up trigger: cast_condition's forms and a
    player's life total or hand ("if you have no cards in hand"), each judged as the event happens
    (asp/trigger_ifs.lp, asp/turn.lp if_false/2)."""
    return intervening_if(effect, [player_condition, step_condition], _nouns)


def _board_condition(effect: str) -> tuple[dict[str, Any], str] | None:
    """pysolver/cards/oracle_ifs.py: "if ~ is untapped", "if an opponent controls more lands than you"..."""
    return board_condition(effect, _nouns)


def last_counter_form(bare: str, card: dict[str, Any], permanent: bool) -> Any:
    """CR 603.2, 702.63a: "When the last time counter is removed from ~, sacrifice it": a trigger
    when its count of that kind goes from one or more to none (pysolver next, next_state's
    _last_counter_triggers; 122.2: never as it leaves, when its counters cease to exist), its
    effect a ``do`` where a form reads it.  (compiled data, what it is), or None."""
    m = rx.fullmatch(r"When the last ([\w+/\-]+) counter is removed from ~, (.+)", bare)
    if not m or not permanent or rx.match(r"if\b", m.group(2)):
        return None
    trigger: dict[str, Any] = {"when": {"event": "last_counter_removed", "kind": m.group(1)},
                               "text": m.group(2).replace("~", card["name"])}
    done = trigger_effect_do(m.group(2))
    if done:
        trigger["do"] = done
    return ([("ability", {"triggered": trigger})],
            "a triggered ability when the last counter of a kind is removed from it (CR 603.2, 122.1)")


def trigger_effect_do(effect: str) -> list[dict[str, Any]] | None:
    """A triggered ability's effect as its ``do`` (CR 603.2, 608.2): the one reader every trigger
    form uses, so an enters, step or event trigger with the same effect resolves the same way.
    None when no form reads the whole effect (the ability keeps only its text)."""
    return trigger_do(effect) or effect_do(effect, _each, effect_add)


# CR 106.4: the forms of a mana ability's add (parse_add) that a resolving effect's add may take (asp/effect_mana.lp
# computes them with the mana abilities' rules, asp/mana_production.lp): fixed mana, one type of some, any combination
EFFECT_ADD_FORMS = frozenset({"mana", "one_of", "combination"})


def effect_add(part: str) -> dict[str, Any] | None:
    """"add {R} for each creature you control", "add one mana of any color", "add two mana in any combination of
    colors" as a resolving spell's or ability's effect (oracle_next.effect_do): the mana ability's reading of the
    words (parse_add), where its form and its amount (a number, or a count of permanents, CR 109.2) are among those
    an effect's mana is computed with, else None."""
    try:
        add = parse_add("A" + part[1:])
    except Unsupported:
        return None
    amount = add.get("amount", 1)
    counted = isinstance(amount, dict) and set(amount) == {"count"} and "zone" not in amount["count"] \
        and not amount["count"].get("filter", {}).get("other")
    if not set(add) - {"amount"} <= EFFECT_ADD_FORMS or not (isinstance(amount, int) or counted):
        return None
    return add


def _each(phrase: str) -> tuple[str, dict[str, Any]] | None:
    """``other creature you control`` after "each" -> ("you", {types: [Creature], other: True}),
    or None when the words aren't a filter the rules read (oracle_next.effect_do)."""
    try:
        whose, spec = whose_filter(phrase, other=True)
    except Unsupported:
        return None
    if rx.search(r"chosen", repr(spec)) or rx.search(r"'(?:other|keywords)'", repr(spec.get("any_of", []))):
        return None  # the chosen name, color or type, or "other" in an alternative: not judged there (pysolver.cards)
    return whose, spec


def trigger_do(effect: str) -> list[dict[str, Any]]:
    """The effects of a triggered ability that `pysolver next` and `outcomes` model (the
    ability's ``do``), or [] when its effect is one of none of these forms."""
    effect = effect.rstrip(".")
    if rx.fullmatch(r"sacrifice (?:~|it)", effect):  # CR 701.17a
        return [{"sacrifice_self": True}]
    if rx.fullmatch(r"return (?:~|it) to its owner's hand", effect):  # CR 400.7
        return [{"return_self_to_hand": True}]
    m = rx.fullmatch(r"you gain (\d+|one|two|three|four|five) life", effect)  # CR 119.3
    if m:
        return [{"gain_life": number(m.group(1))}]
    m = rx.fullmatch(r"put an? ([\w+/\-]+) counter on (?:~|it)", effect)  # CR 122.1
    if m:
        return [{"counter_on_self": m.group(1)}]
    m = rx.fullmatch(r"remove an? ([\w+/\-]+) counter from (?:~|it)", effect)  # CR 122.1: if it has one
    if m:
        return [{"remove_counter_self": m.group(1)}]
    m = rx.fullmatch(r"remove an? ([\w+/\-]+) counter from (?:~|it)\. If you can't, sacrifice (?:~|it)", effect)
    if m:  # CR 122.1, 701.17a: fading's (702.32a)
        return [{"remove_counter_or_sacrifice_self": m.group(1)}]
    return []


def _count_condition(phrase: str, status: bool = False) -> dict[str, Any]:
    """``two or fewer other lands``, ``a Plains or an Island``: a condition on what you control
    (``status``: "a tapped creature" read, noun_filter)."""
    m = rx.fullmatch(r"(\w+) or (fewer|more) (.+)", phrase)
    if m and count_word(m.group(1)) is not None:
        spec = noun_filter(m.group(3), plural=True, other=True, status=status)
        return {"at_most" if m.group(2) == "fewer" else "at_least": count_word(m.group(1)),
                "filter": spec}
    return {"at_least": 1, "filter": noun_filter(rx.sub(r"\b(or|,) an? ", r"\1 ", phrase), status=status)}


OPTIONALLY_TAPPED = ("its controller may have it enter tapped (CR 614.1c, 614.12): a choice, and what follows it, "
                     "which next doesn't judge (it refuses the permanent entering)")


def enters_tapped(bare: str) -> Any:
    """CR 614.1c: ``~ enters tapped`` and its conditions (check, fast, slow, shock, reveal
    lands), as data; None when the line isn't one (or its condition isn't understood)."""
    bare = bare.replace(" the battlefield tapped", " tapped")
    try:
        if rx.fullmatch(r"~ enters tapped", bare):
            return True
        m = rx.fullmatch(r"~ enters tapped unless you control (.+)", bare)
        if m:
            return {"unless_you_control": _count_condition(m.group(1))}
        m = rx.fullmatch(r"If you control (.+), ~ enters tapped", bare) or rx.fullmatch(
            r"~ enters tapped if you control (.+)", bare)
        if m:
            return {"when_you_control": _count_condition(m.group(1))}
        m = rx.fullmatch(r"~ enters tapped unless (your opponents control|an opponent controls) (.+)", bare)
        if m:  # CR 102.3: all its controller's opponents together, or some one of them
            key = "unless_opponents_control" if m.group(1).startswith("your") else "unless_an_opponent_controls"
            condition = _count_condition(m.group(2))
            if condition["filter"].get("other"):
                return None  # "other" names its controller's permanents, never an opponent's
            return {key: condition}
        if rx.fullmatch(r"~ enters tapped (?:if it's not|unless it's) your turn", bare):
            return {"unless_your_turn": True}  # CR 102.1: unless its controller is the active player
        m = rx.fullmatch(r"~ enters tapped unless a player has (\d+) or less life", bare)
        if m:
            return {"unless_a_player_life_at_most": int(m.group(1))}
        m = rx.fullmatch(r"~ enters tapped unless it's your first(?:, second,? or third| or second)? turn of "
                         r"the game", bare)
        if m:  # CR 614.1c: asp/zone_change.lp judges it from the turn number and the active player
            return {"unless_your_turn_at_most": 3 if "third" in bare else 2 if "second" in bare else 1}
        if rx.fullmatch(r"If you were the starting player, ~ enters tapped", bare):
            return {"if_starting_player": True}  # CR 103.1: judged from the board's starting_player
        m = rx.fullmatch(r"~ enters tapped unless you have two or more opponents", bare)
        if m:
            return {"unless_opponents_at_least": 2}
        m = rx.fullmatch(r"You may have ~ enter tapped(?:\. If you do, (.+))?", bare)
        if m:  # CR 614.1c, 614.12: its controller's choice as it enters, and what follows it (next refuses it)
            return {"unjudged": "as its controller chooses" + (f", and if it does, {m.group(1)}" if m.group(1)
                                                                 else "")}
        m = rx.fullmatch(r"As ~ enters, you may pay (\d+) life\. If you don't, (?:it|~) enters tapped", bare)
        if m:
            return {"unless_pay_life": int(m.group(1))}
        m = rx.fullmatch(r"As ~ enters, you may reveal (an? .+?) card from your hand\. If you don't, "
                         r"(?:it|~) enters tapped", bare)
        if m:
            wanted = noun_filter(m.group(1))
            kinds = {"types", "subtypes", "supertypes"}
            if all(set(each) <= kinds for each in wanted.get("any_of", [wanted])) and (
                    set(wanted) <= kinds | {"any_of"}):
                return {"unless_reveal": wanted}
    except Unsupported:
        return None
    return None


# An instant's or sorcery's effect no form compiles: no query but `next` looks at it, and `next`
# refuses to resolve a spell whose card lists no `spell:` effects (CR 608.2).
SPELL_EFFECT = ("a spell's effect: an instant or sorcery is never on the battlefield (CR 110.4), and `next` "
                "refuses to resolve a spell none of whose effects is compiled")
# A permanent given a subtype, not under a condition: "is a Zombie", "are black Elves", "becomes an
# Island" (a subtype is capitalized, CR 205.3a; a card type is RULES_WORDS's).
# Abilities granted that the sentence doesn't name ("Humans you control have each of the chosen abilities", "~ has
# all activated abilities of ...", "gains those abilities"): any of them may be one a query reads (CR 613.1f).
UNNAMED_GRANT = re.compile(r"(?<!n't )\b(?:has|have|gains?)\b (?:each of |all of )?(?:the chosen|those|that|all"
                           r"(?: activated| triggered)?) abilit(?:y|ies)\b")
SUBTYPE_GIVEN = re.compile(r"\b(?:is|are|becomes?)(?: still| also)? (?:an? )?(?:\d+/\d+ )?"
                           r"(?:(?:colou?rless|white|blue|black|red|green|legendary|snow) )*[A-Z][\w'-]*")
# A spell's sentence about casting it, not about what it does: when it may be cast (CR 601.3), another
# cost, a cost change or a way to spend mana on it (118.9, 601.2f, 609.4b: pay --spell), the values X may
# take as it is cast (107.3, 601.2b: pay --spell gives the largest X), a trigger on casting it (603.2:
# next cast). Never "a spell's effect"; what it says of how it was cast is.
CASTING_ITSELF = re.compile(r"\bcast this spell\b|\bthis spell costs\b|\bspend only\b[^.]*\bon X\b"
                            r"|\bX can't be\b|\bwhen you cast this spell\b", re.IGNORECASE)
SPENT_OR_WAS_CAST = re.compile(r"\bspent to cast this spell\b|\bthis spell was (?:cast|kicked)\b"
                               r"|\b(?:if|as) you cast this spell\b", re.IGNORECASE)
# The same sentence beside effects that are compiled: `next` would resolve the spell without it.
SPELL_EFFECT_LEFT = "a spell's effect beside the compiled ones, which resolving the spell would leave out (CR 608.2c)"


def _irrelevant_kind(bare: str, card: dict[str, Any], permanent: bool) -> str | None:
    """Why a line concerns nothing any query reads, or None (then it is not understood)."""
    if keyword_amount_reason(bare, card) is not None:
        return None  # CR 702, 107.3: a keyword with its amount ("Mobilize X, where X is ..."): what it does
    if permanent and rx.search(r'\b(?:has|have)\b[^"]* "[^"]*(?::|\b(?:When|Whenever|At)\b)', bare):
        return None  # CR 613.1f: a granted activated or triggered ability: can-activate and next read abilities
    if rx.fullmatch(r"(?:LEVEL \d+(?:-\d+|\+)|\d+/\d+)\.?", bare) or rx.match(r"Prototype\b", bare):
        return None  # CR 711.2a (a leveler's base power and toughness by level), 702.160a (a prototyped one's)
    if bare.startswith(("To solve — ", "Solved — ")):
        return None  # CR 702.169a: an end-step trigger (turn lists it); 702.169b-d: only while the Case is solved
    if rx.search(r"\b(?:is|are)(?: all)? (?:colorless|white|blue|black|red|green|all colors)\b", bare):
        return None  # CR 613.1e, 105.2: a color change: filters, convoke and cast triggers read colors
    if rx.search(r"\bto ignore (?:this|that) effect\b", bare) and rx.search(r"\bcan't be activated\b",
                                                                            card.get("oracle", "")):
        return None  # CR 116.2d: a special action that ends a ban on activating abilities (602.5), which queries read
    if rx.match(r"This ability triggers only\b", bare):
        return None  # CR 603.2: how often the ability before it triggers, which its data can't state
    if rx.search(r"\bcosts? (?:\{[^}]*\}|[a-z]+ mana|X|\d+ life) (?:more|less)? ?to cast\b|\badditional cost\b"
                 r"|^Kicker\b|\brather than pay\b|\b(?:this spell|cast ~)\b[^.]*\bwithout paying\b", bare):
        return None  # what a spell costs (CR 601.2f, 118.8, 118.9): pay --spell reads it
    if rx.search(r"\bcan't be activated\b", bare):
        return None  # CR 602.5: abilities that can't be activated (mana abilities too): every query activates
    if permanent and rx.match(r"Whenever (?:you|an opponent|a player) casts? ", bare):
        return None  # a cast trigger (CR 603.2, 601.2i): pysolver next puts it on the stack
    if LOYALTY.match(bare):
        return ("a loyalty ability (CR 606): never a mana ability (605.1a); no query activates "
                "loyalty abilities")
    if rx.match(r"If (?:~|this card) is in your opening hand\b|Any time you could mulligan\b", bare):
        return ("an action from the opening hand before the game begins (CR 103.6): a board "
                "states its result (the permanent, its counters)")
    if rx.fullmatch(r"(?:As long as ~ is untapped, )?(?:all players|players|your opponents|each opponent|you) plays? "
                    r"with (?:their|your) hands? revealed|(?:Players|Your opponents|Each opponent|All players) "
                    r"plays? with their hands revealed|Play with the top card of your library revealed", bare):
        return ("cards revealed (CR 701.16a): every player sees them, and nothing else changes; every query reads "
                "the hands and libraries as the board states them")
    if rx.search(r"\b(?:in|of) your deck\b|\bdeck can have\b|\byour deck (?:can|may) contain\b", bare):
        return "a deck-construction rule (CR 100.2a, 903.5): it applies before the game, to no board state"
    unused = unreachable(bare) or max_speed_unreachable(bare)  # from a hand, or permissions from exile, a
    if unused is not None:  # graveyard or a library, at any speed (issue 13)
        return unused
    if rx.search(r"\bas though (?:it|this spell) had flash\b", bare):
        return None  # CR 601.3: when it may be cast, which next cast judges (OWN_FLASH compiles the plain one)
    if not permanent:
        return None if CASTING_ITSELF.search(SPENT_OR_WAS_CAST.sub("", bare)) else SPELL_EFFECT
    activated = ACTIVATED.match(bare)
    if activated and not rx.match(r"(?:When|Whenever|At|If|As|Each|Until|Choose|You)\b", activated.group("cost")):
        return None  # CR 602, 606.3: a permanent's activated ability: can-activate judges and numbers each one
    if rx.fullmatch(r"(?:~|Equipped creature|Enchanted creature) can't be blocked by creatures with [^.]+"
                    r"|Creatures with power (?:less|greater) than ~'s power can't block (?:it|creatures you control)",
                    bare):
        return ("a blocking restriction: it applies only as blockers are declared (CR 509.1b), and no query "
                "declares blockers")
    # "~ can't block creatures with power 2 or greater [unless you pay {1}]" (509.1b, 509.1d: a cost to block, paid
    # only as blockers are declared), "~ can't attack or block as long as it has a cage counter on it"
    if rx.fullmatch(r"(?:~|Enchanted creature|Equipped creature) can't (?:attack|block|attack or block)"
                    r"(?: creatures with [^.]+?)?(?: (?:unless|if|as long as) [^.]+)?", bare):
        return ("an attacking or blocking restriction: it applies only as attackers or blockers are declared "
                "(CR 508.1c, 509.1b), and no query declares them")
    if combat_only(bare) is not None:  # "As long as ..., ~ can attack as though it didn't have defender"
        return combat_only(bare)
    if combat_prevention(bare) is not None:  # CR 615.1a, 510.2: "Prevent all combat damage that would be dealt ..."
        return combat_prevention(bare)
    if rx.fullmatch(r"You may have ~ assign its combat damage as though it weren't blocked", bare):
        return "a choice as combat damage is assigned (CR 510.1c), and no query deals combat damage"
    if rx.match(r"As long as (?:~|equipped creature|enchanted creature) is (?:attacking|blocking)\b", bare) or \
            rx.fullmatch(r"(?:~|Equipped creature|Enchanted creature) gets [+-]\d+/[+-]\d+ as long as it's "
                         r"(?:attacking|blocking)", bare):
        return ("a combat-only static ability: it applies only while the creature attacks or blocks "
                "(CR 508.1, 509.1), and no board states attackers or blockers")
    event = bare.split(",")[0]
    if COMBAT.search(event) and not QUERY_EVENT.search(event) and rx.match(r"(?:Whenever|When) ", bare):
        return COMBAT_TRIGGER
    if rx.match(r"At the beginning of\b", bare) or (rx.match(r"(?:Whenever|When) ", bare) and QUERY_EVENT.search(
            event) and not rx.search(r"\brolls? (?:a|an|one|\d)", event)):  # a die rolled is no creature dying
        return None  # CR 603.2: a trigger whose event a query produces (turn's steps, next's events)
    digital = split_action(bare)  # (its trigger, cost or condition; the digital action)
    if digital and moves_cards_only(bare):  # when nothing before it is an event or cost a query reads
        return None if RULES_WORDS.search(digital[0]) or ZONE_WORDS.search(digital[0]) else DIGITAL_HAND_OR_LIBRARY
    if UNNAMED_GRANT.search(bare):
        return None  # CR 613.1f: abilities granted unnamed: whichever they are, a query may read them
    if SUBTYPE_GIVEN.search(rx.sub(r"^(?:As long as|If|While) [^,]*, ", "", bare)):
        return None  # CR 205.3, 613.1d: a subtype given ("Enchanted creature is a Zombie"): every filter reads types
    if not RULES_WORDS.search(bare) and not GRANTED_REACHED_KEYWORD.search(bare):
        return "touches nothing pysolver reasons about (no mana, tapping, step, entering, dying, " \
               "life, counter or sacrifice in it)"
    return None


# A line that is only a keyword no entry of CR 702 defines (Un-cards, playtest cards: "Megasunburst", "Poison
# Tolerance +1"), followed by reminder text: what it does is what that text says (CR 207.2a), so it touches
# nothing only where each sentence of that text is irrelevant (issue 13: judged on its name alone, Megasunburst
# touched nothing, and the counters its creature enters with were dropped).
BARE_KEYWORD = re.compile(r"(?P<name>[A-Z][\w'-]*(?: [A-Za-z][\w'-]*){0,3})(?: [+-]?\d+)?\.?")
NO_KEYWORD_WORD = re.compile(r"\b(?:has|have|gets?|is|are|can(?:'t)?|gains?|loses?|and|or|of|with|you|your)\b",
                             re.IGNORECASE)


def _by_reminder(result: Compiled, number_: int, line: str, raw: str, card: dict[str, Any],
                 permanent: bool) -> None:
    """Judge a line that is an undefined keyword ("touches nothing" by its name) by its reminder text in ``raw``:
    not understood where a sentence of that text is no irrelevant kind, else irrelevant with that text's reason."""
    reminders = rx.findall(r"\(([^()]*)\)", raw)
    bare = BARE_KEYWORD.fullmatch(line)
    if not reminders or bare is None or NO_KEYWORD_WORD.search(line) or defined_keyword(bare["name"].lower()):
        return
    name = bare["name"].lower()
    for sentence in result.sentences:
        if sentence["line"] != number_ or sentence["class"] != IRRELEVANT or \
                sentence["text"].rstrip(".") != line.rstrip(".") or not sentence["why"].startswith("touches nothing"):
            continue
        said = normalize(" ".join(reminders), card["name"], "Legendary" in card.get("supertypes", []))
        whys = [_irrelevant_kind(part, card, permanent) for part in sentences(said)]
        if None in whys:
            sentence.update({"class": NOT_UNDERSTOOD, "why": unmodelled_keyword(name)})
            continue
        kinds = "; ".join(("is " if why.startswith(("a ", "an ")) else "") + why
                          for why in dict.fromkeys(why for why in whys if why is not None))
        sentence["why"] = f"{name}: a keyword CR 702 doesn't define, whose reminder text (CR 207.2a) {kinds}"


# The phrase readers the targeted-effect forms use (pysolver/cards/oracle_targets.py).
def _casting_itself(line: str) -> bool:
    """Whether a line of a spell is one a form compiles as what casting it takes, never an effect:
    an additional cost (CR 601.2b), a change of its own cost (601.2f), an alternative cost (118.9),
    flashback (702.34a: an alternative cost to cast it from a graveyard), when it may be cast (601.3)."""
    try:
        return bool(cast_only(line)
                    or flashback(line, {"types": ["Instant"]}, cost_item, noun_filter, Unsupported)
                    or additional_costs(line, cost_item, noun_filter, Unsupported, card_filter)
                    or own_cost(line, amount_from, Unsupported, whose_filter, card_filter, cast_only)
                    or alternative_cost(line, cost_item, noun_filter, Unsupported, card_filter)
                    or conditional_alternative(line, cost_item, noun_filter, Unsupported, amount_from, whose_filter,
                                                card_filter))
    except Unsupported:
        return False


# CR 702.33d: "If this spell was kicked, each opponent discards a card.": what kicking adds to the effect of an
# instant or sorcery with kicker, which next never resolves (it refuses a kicked spell); one that names a target
# (chosen as the kicked spell is cast, 601.2c) is not read.
KICKED_SPELL = re.compile(r"If this spell was kicked, (.+)")
KICKED_WHY = ("what kicking adds to the spell's effect (CR 702.33d): `next` refuses to resolve a kicked spell, and "
              "unkicked it does nothing")


def _kicked_part(sentence: str, card: dict[str, Any]) -> bool:
    m = KICKED_SPELL.fullmatch(sentence.rstrip("."))
    return bool(m and "kicker" in card and not TARGET_IN_TEXT.search(m.group(1)))


def _spell_effect(sentence: str, card: dict[str, Any]) -> bool:
    """Whether an untargeted form compiles a sentence of an instant or sorcery as its effect (CR 608.2c:
    "Draw a card.", "You gain 2 life.", "Take an extra turn after this one."), or it is what kicking adds to it
    (KICKED_SPELL)."""
    if _kicked_part(sentence, card):
        return True
    found = next_form(sentence.rstrip("."), card, False, lambda phrase: _nouns(phrase, False), adds=effect_add)
    return found is not None and all(kind == "card" and set(data) == {"spell"} for kind, data in found[0])


# Keywords of an instant or sorcery that change nothing its targeted effect does as it resolves, or that a query reads
# on its own (how it is cast or paid: convoke, delve, kicker, casualty, ...; a trigger as it is cast: storm, cascade;
# what follows its resolution, refused by next: rebound, cipher; from a hand or a graveyard: cycling, madness,
# retrace, dredge, reinforce, suspend; the damage it deals: lifelink, deathtouch, infect, wither, CR 120.3).  Fuse
# (a fused split spell, 702.102a) and trample (the excess damage an Un-card's spell would deal) are not among them.
SPELL_LINE_KEYWORDS = frozenset({
    "convoke", "delve", "improvise", "affinity", "kicker", "multikicker", "replicate", "buyback", "entwine",
    "casualty", "bargain", "flash", "split second", "storm", "cascade", "rebound", "cipher", "cycling", "madness",
    "retrace", "dredge", "reinforce", "suspend", "flashback", "lifelink", "deathtouch", "infect", "wither",
    "conspire", "overload", "splice", "ripple", "spectacle", "escape", "jump-start", "mayhem", "surge", "emerge",
    "foretell", "plot", "miracle", "offspring", "squad", "gift", "spree"})


def _keyword_line(line: str, card: dict[str, Any]) -> bool:
    """Whether a line of an instant or sorcery is a keyword line whose keywords change nothing its targeted effect
    does as it resolves (SPELL_LINE_KEYWORDS: "Retrace", "Storm"; one no rule models is not understood on its
    own)."""
    named = _keywords(line.rstrip("."), card)
    return named is not None and all(name.lower() in SPELL_LINE_KEYWORDS or name.lower().endswith("cycling")
                                     for name in named)


TARGET_WORDS = TargetWords(whose_filter, number, normalize, frozenset(KEYWORDS), Unsupported, activation_clauses,
                           _casting_itself, sentences, _spell_effect, _keyword_line)
