"""What a step trigger's intervening "if" reads and what a listed trigger's effect can change (CR 603.4).

`pysolver turn` lists what triggers as each step of the turn begins and resolves none of it: a later step's
intervening "if" is judged on the board as given (asp/turn.lp), though a trigger listed at an earlier step may
change, as it resolves, what the condition reads ("sacrifice an artifact" before "if you control no artifacts").
The one table of both: each condition (a key of a triggered ability's `if`) reads some classes of the game state,
each effect can change some; `turn` refuses where an earlier listed effect can change what a later condition
reads, and answers otherwise.

The effect of a step trigger is mostly kept as text (the rules model few of them), so what it can change is read
from its words: each word the table knows changes its classes ("draw" a hand; "put" and "shuffle" move an object
between zones; "scry" changes nothing a condition reads); a word it doesn't know can change anything.  The listing
follows no player's action (CR 117): a mana payment's mana comes from the pool or from mana abilities its player
activates (605.3a), an action as tapping a land for mana in any step, so "pay {U}" changes nothing here.
Tapping and untapping have a direction: an effect that only untaps can make "if ~ is tapped" false, never true, so
it changes what such a condition reads only where the condition held.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

BATTLEFIELD = "battlefield"  # which permanents there are, who controls them, their characteristics
TAPS = "taps"  # a permanent becoming tapped (CR 701.26a)
UNTAPS = "untaps"  # a permanent becoming untapped (CR 701.26b)
COUNTERS = "counters"  # counters on permanents (CR 122.1)
GRAVEYARD = "graveyard"  # the cards in a graveyard
HAND = "hand"  # the cards in a hand
LIFE = "life"  # life totals and the life gained or lost this turn (CR 119.3)
DESIGNATION = "designation"  # the monarch, the initiative, the city's blessing, a completed dungeon
# A permanent leaving the battlefield (sacrificed, destroyed, exiled, returned, dying of damage; its controller
# losing the game, CR 800.4a) or changing control: what every later trigger of a permanent reads (CR 603.2).
LEAVES = "leaves"

ALL = frozenset({BATTLEFIELD, TAPS, UNTAPS, COUNTERS, GRAVEYARD, HAND, LIFE, DESIGNATION, LEAVES})
NONE: frozenset[str] = frozenset()

# The words of the refusal.
WORDS = {BATTLEFIELD: "the permanents on the battlefield", TAPS: "what is tapped", UNTAPS: "what is untapped",
         COUNTERS: "counters", GRAVEYARD: "a graveyard", HAND: "a hand", LIFE: "life",
         DESIGNATION: "a designation", LEAVES: "which permanents stay on the battlefield under whose control"}

_STATUS = frozenset({TAPS, UNTAPS})


def _filter_reads(value: Any) -> frozenset[str]:
    """A condition that counts permanents by a filter: the permanents, and what the filter reads of them (its
    status, CR 110.5; its power or counters, 208.1, 122.1)."""
    text = json.dumps(value)
    reads = {BATTLEFIELD}
    if "tapped" in text:
        reads |= _STATUS
    if "counter" in text or "power" in text or "toughness" in text:
        reads.add(COUNTERS)
    return frozenset(reads)


def _status(held: bool, tapped: bool) -> frozenset[str]:
    """"if ~ is tapped" (tapped) or "untapped": an untapping can make the first false, only where it held; a
    tapping can make it true, only where it failed (and the other way round for "untapped")."""
    becomes_false = UNTAPS if tapped else TAPS
    becomes_true = TAPS if tapped else UNTAPS
    return frozenset({becomes_false if held else becomes_true})


def reads(condition: dict[str, Any], held: bool) -> frozenset[str]:
    """The classes a step trigger's intervening "if" (its `if`, all of whose conditions must hold) reads; held:
    whether it holds on the board."""
    out: set[str] = set()
    for key, value in condition.items():
        out |= _reads_one(key, value, held)
    return frozenset(out)


def _reads_one(key: str, value: Any, held: bool) -> frozenset[str]:
    if key == "self_tapped":
        return _status(held, tapped=True)
    if key == "self_untapped":
        return _status(held, tapped=False)
    if key == "attached_tapped":  # the permanent it is attached to, and its status (true: tapped)
        return frozenset({BATTLEFIELD}) | _status(held, tapped=bool(value))
    if key == "player_state":
        return frozenset({LIFE if value["of"] == "life" else HAND})
    if key in FILTERED:
        return _filter_reads(value)
    return READS[key]


# Conditions on permanents counted or judged by a filter.
FILTERED = frozenset({"you_control", "on_battlefield", "opponent_controls_more", "a_player_controls_none",
                      "controls_most", "self_is", "attached_is", "total_stat"})
# The others, by their key (the schema's trigger `if`: tests/test_turn_reads.py checks every key is here).
READS: dict[str, frozenset[str]] = {
    "with_counter": frozenset({BATTLEFIELD, COUNTERS}),
    "self_no_counter": frozenset({COUNTERS}),
    "self_counters": frozenset({COUNTERS}),
    "self_has_counters": frozenset({COUNTERS}),
    "self_counters_below": frozenset({COUNTERS}),
    "graveyard_count": frozenset({GRAVEYARD}),
    "graveyard_card_types": frozenset({GRAVEYARD}),
    "life_gained": frozenset({LIFE}),
    "more_life_than_an_opponent": frozenset({LIFE}),
    "less_life_than_an_opponent": frozenset({LIFE}),
    "designation": frozenset({DESIGNATION}),
    "self_in_command_zone": NONE,  # a permanent never is (CR 408.1)
    # Conditions of an event no step is (entering, leaving, casting), or one no rule judges: read as everything.
    "evoked": ALL, "kicked": ALL, "cast": ALL, "cast_from": ALL, "entering_stats_greater": ALL,
    "mana_spent_at_least": ALL,
    "left_counters": ALL, "left_no_counters": ALL, "left_counters_at_least": ALL, "left_is": ALL, "unjudged": ALL,
}


def _words(*pairs: tuple[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    return {word: classes for words, classes in pairs for word in words.split()}


# What each word of an effect can change.  A word not here can change anything.
CHANGES = _words(
    ("draw draws drew drawn hand hands", frozenset({HAND})),
    ("discard discards discarded", frozenset({HAND, GRAVEYARD})),
    ("graveyard graveyards mill mills milled surveil surveils", frozenset({GRAVEYARD})),
    ("sacrifice sacrifices sacrificed destroy destroys destroyed die dies died",
     frozenset({BATTLEFIELD, GRAVEYARD, LEAVES})),
    # Moving an object: "put it into your hand", "shuffle it into its owner's library" (from the battlefield).
    ("exile exiles exiled return returns returned put puts shuffle shuffles shuffled",
     frozenset({BATTLEFIELD, GRAVEYARD, HAND, LEAVES})),
    ("control controls controlled", frozenset({BATTLEFIELD, LEAVES})),  # CR 613.1b: a control change
    ("create creates created token tokens battlefield gain gains gained get gets has have lose loses lost power "
     "toughness", frozenset({BATTLEFIELD})),
    ("damage deals deal dealt", frozenset({LIFE, BATTLEFIELD, GRAVEYARD, COUNTERS, LEAVES})),  # CR 120.3, 704.5g
    ("life", frozenset({LIFE})),
    ("counter counters proliferate remove removes removed", frozenset({COUNTERS})),
    ("tap taps", frozenset({TAPS})),
    ("untap untaps", frozenset({UNTAPS})),
    ("tapped untapped", _STATUS),
    ("monarch initiative blessing city's dungeon venture ventures", frozenset({DESIGNATION})),
    # Words that change nothing a condition reads by themselves.
    ("a an and the of to in on at from into onto for with without by as or if then this that these those it its "
     "it's itself they them their there he she his her who whose which where when whenever while than more less "
     "fewer greater greatest least most same other another each any all both either one two three four five six "
     "seven eight nine ten x number equal amount plus minus total half rounded up down instead only also still "
     "twice may can can't cannot do does don't doesn't didn't did isn't is are was were be been would could not "
     "no you your you're you've player players player's opponent opponents opponent's owner owner's owns own "
     "controller controller's card cards card's creature creatures creature's permanent permanents permanent's "
     "artifact artifacts enchantment enchantments land lands instant instants sorcery sorceries planeswalker "
     "planeswalkers spell spells nonland noncreature nonartifact nontoken nonbasic basic legendary colorless "
     "white blue black red green color colors library top bottom random reveal reveals revealed look looks "
     "search searches scry order mana pay pays paid paying cost costs add adds spend "
     "until end turn step upkeep beginning next unless choose chooses chosen choice win game target "
     "additional flying haste trample vigilance deathtouch lifelink menace indestructible hexproof reach first "
     "strike double defender ~ way value last type types under among otherwise rest many and/or except name named "
     "non during though had tied result able true hasn't long time spent entered left enchanted equipped "
     "cumulative", NONE),
)


@cache
def _subtypes() -> frozenset[str]:
    """Creature, artifact, enchantment and land types (CR 205.3g-205.3m): names, changing nothing by themselves."""
    import yaml

    data = Path(__file__).resolve().parent.parent / "data" / "creature-types.yaml"
    names = yaml.safe_load(data.read_text("utf-8"))["creature_types"]
    return frozenset(name.lower() for name in [*names, *OTHER_SUBTYPES])


# CR 205.3g-205.3i: the artifact, enchantment and land types.
OTHER_SUBTYPES = ("Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food", "Fortification",
                  "Gold", "Incubator", "Junk", "Map", "Powerstone", "Treasure", "Vehicle", "Aura", "Background",
                  "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune", "Saga", "Shard", "Shrine", "Cave",
                  "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains", "Sphere",
                  "Swamp", "Tower")


_LIFE_PHRASE = re.compile(r"\b(?:gain|gains|lose|loses)\s+(?:\S+\s+){0,2}life\b")
_COIN = re.compile(r"\bflips? a coin\b")
_KIND = re.compile(r"\b[\w+/-]+ (counters?)\b")  # "a time counter": a counter, whatever its kind (CR 122.1)
_MARKS = re.compile(r"\{[^}]*\}|[+-]?[\dx]+/[+-]?[\dx]+|\b\d+\b|[.,;:()\"—•|-]")


# "sacrifice ~ unless you pay {W}": only its own source may leave (a mana payment is no change here, above).
_ITSELF_UNLESS_PAID = re.compile(r"sacrifice ~ unless you pay (?:\{[^}]+\})+")


def leaves_only_itself(text: str, card: str) -> bool:
    """Whether the permanent an effect worded `text` (of the card named `card`) may make leave is its own
    source alone (Stasis's "sacrifice Stasis unless you pay {W}")."""
    return bool(_ITSELF_UNLESS_PAID.fullmatch(text.replace(card, "~").strip().rstrip(".")))


# A life loss or payment and the words before "life" ("lose 1 life", "loses half their life", "lose life equal to"):
# only a number is an amount to compare with a life total (CR 119.4, 704.5a).
_LIFE_LOST = re.compile(r"\b(?:lose|loses|pay|pays)\s+((?:\S+\s+){0,2})life\b")


def changes(text: str, card: str, lowest_life: int | None = None) -> frozenset[str]:
    """The classes an effect worded `text` (of the card named `card`, which it may name) can change;
    ``lowest_life``: the lowest life total of a player, at or below which a life loss may make a player lose
    the game (CR 704.5a, 800.4a: their permanents leave; None: never)."""
    text = text.replace(card, " ~ ").lower()
    out: set[str] = set()
    for words in _LIFE_LOST.findall(text):  # CR 704.5a, 800.4a: a player at 0 life loses, their permanents leave
        amount = words.split()[-1] if words.split() else ""
        if lowest_life is not None and (not amount.isdigit() or lowest_life <= int(amount)):
            out.add(LEAVES)
    if _LIFE_PHRASE.search(text):  # "you lose 1 life": life, not a permanent losing an ability
        out.add(LIFE)
        text = _LIFE_PHRASE.sub(" ", text)
    text = _KIND.sub(r"\1", _COIN.sub(" ", text))  # CR 705: flipping a coin changes nothing a condition reads
    for word in _MARKS.sub(" ", text).split():
        word = word.removesuffix("'s") if word not in CHANGES else word
        if not word:  # "~'s"
            continue
        classes = CHANGES.get(word)
        if classes is None:
            if word in _subtypes():
                continue
            return ALL
        out |= classes
    return frozenset(out)
