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
from functools import cache, lru_cache
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
# losing the game, CR 800.4a), changing control or losing its abilities (transformed, 613.1f): what every later
# trigger of a permanent reads (CR 603.2).
LEAVES = "leaves"

ALL = frozenset({BATTLEFIELD, TAPS, UNTAPS, COUNTERS, GRAVEYARD, HAND, LIFE, DESIGNATION, LEAVES})
NONE: frozenset[str] = frozenset()

# The words of the refusal.
WORDS = {BATTLEFIELD: "the permanents on the battlefield", TAPS: "what is tapped", UNTAPS: "what is untapped",
         COUNTERS: "counters", GRAVEYARD: "a graveyard", HAND: "a hand", LIFE: "life",
         DESIGNATION: "a designation",
         LEAVES: "which permanents stay on the battlefield under whose control with their abilities"}

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
    # CR 701.28a, 712.8: a transformed permanent has its other face's abilities (a later trigger's source may not)
    ("transform transforms transformed convert converts converted", frozenset({BATTLEFIELD, LEAVES})),
    # CR 701.3a (an Aura or Equipment attached), 701.36a (investigate: a Clue token), 701.34a (manifest: a card put
    # onto the battlefield face down): the permanents and their characteristics; "base" power and toughness.
    ("attach attaches attached investigate investigates manifest manifests base", frozenset({BATTLEFIELD})),
    ("amass amasses", frozenset({BATTLEFIELD, COUNTERS})),  # CR 701.44a: an Army token, +1/+1 counters
    ("bolster bolsters support supports adapt adapts distribute", frozenset({COUNTERS})),  # CR 701.33a, 701.35a,
    # 701.43a: +1/+1 counters put
    ("create creates created token tokens battlefield gain gains gained get gets has have lose loses lost power "
     "toughness", frozenset({BATTLEFIELD})),
    ("damage deals deal dealt", frozenset({LIFE, BATTLEFIELD, GRAVEYARD, COUNTERS, LEAVES})),  # CR 120.3, 704.5g
    ("life", frozenset({LIFE})),
    ("counter counters proliferate remove removes removed", frozenset({COUNTERS})),
    ("tap taps", frozenset({TAPS})),
    ("untap untaps", frozenset({UNTAPS})),
    ("tapped untapped", _STATUS),
    ("monarch initiative blessing city's dungeon venture ventures", frozenset({DESIGNATION})),
    # CR 701.14a, 117: "you may play that card this turn" permits an action of the player, which the listing doesn't
    # follow (as it follows no land played, no spell cast); CR 508.1d, 509.1c: requirements and restrictions on
    # attacking and blocking change nothing until a player declares; "It can't be regenerated" adds nothing to a
    # destruction (CR 701.15a); words that read or count: shares, had enter, the fewest, this combat.
    ("play plays played attack attacks attacked attacking block blocks blocked blocking regenerated enter enters "
     "share shares shared different differently separate exactly between lowest highest fewest combat remains remain "
     "count couldn't second face", NONE),
    # CR 705 (coin flips: "flip two coins", "if you lose the flip") and 701.38a (a goaded creature attacks if able:
    # a requirement, 508.1d) change nothing a condition reads.
    ("flip flips goad goads goaded", NONE),
    ("explore explores", frozenset({HAND, GRAVEYARD, COUNTERS})),  # CR 701.40a: a land card to a hand, or a counter
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
    from pysolver.data import creature_types

    return frozenset(name.lower() for name in [*creature_types(), *OTHER_SUBTYPES])


# CR 205.3g-205.3i: the artifact, enchantment and land types.
OTHER_SUBTYPES = ("Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food", "Fortification",
                  "Gold", "Incubator", "Junk", "Map", "Powerstone", "Treasure", "Vehicle", "Aura", "Background",
                  "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune", "Saga", "Shard", "Shrine", "Cave",
                  "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains", "Sphere",
                  "Swamp", "Tower")


_LIFE_PHRASE = re.compile(r"\b(?:gain|gains|lose|loses)\s+(?:\S+\s+){0,2}life\b")
# "a time counter", "a +1/+1 counter": a counter, whatever its kind (CR 122.1)
_KIND = re.compile(r"(?<![\w+/-])[\w+/-]+ (counters?)\b")
_MARKS = re.compile(r"\{[^}]*\}|[+-]?[\dx]+/[+-]?[\dx]+|\b\d+\b|\bd\d+\b|[.,;:()\"—•|-]")
_DIES = frozenset({BATTLEFIELD, GRAVEYARD, LEAVES})

_CONDITION = re.compile(r"\bif\b(?:(?! and | then )[^,.;—])*(?:,|(?=[.;—]| and | then )|$)", re.IGNORECASE)
# Phrases read before the words, each with what it changes (its words are not read again).
PHRASES: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = (
    # A condition of the effect ("if you attacked this turn,", "if you do,", "... if that player didn't cast a spell
    # this turn"): it reads the game as the effect is followed and changes nothing itself (CR 608.2c).
    (_CONDITION, NONE),
    # CR 122.1: counters put on an object move no object; -1/-1 counters may leave a creature with toughness 0 or
    # less, which its owner's graveyard takes (704.5f).
    (re.compile(r"\bputs? [^.;]*?-[\dx]+/-[\dx]+ counters? on\b"), _DIES | {COUNTERS}),
    (re.compile(r"\bputs? [^.;]*?\bcounters? on\b"), frozenset({COUNTERS})),
    (re.compile(r"\bmoves? [^.;]*?\bcounters?\b"), frozenset({COUNTERS})),  # CR 122.5: counters moved
    # "cards exiled with ~" (CR 607.2a): which cards, read; a card searched for and put into a hand or a graveyard
    # (CR 701.19a): no permanent
    (re.compile(r"\bexiled with\s+~"), NONE),
    # CR 701.20a: a library shuffled ("..., then shuffle"): no object moves
    (re.compile(r"\b(?:then )?shuffles?(?: (?:your|their|his or her) library)?(?=[.,;]|$| and\b)"), NONE),
    (re.compile(r"\bsearch(?:es)? (?:your|their|his or her) library for [^.;]*?puts? (?:it|them|that card|those cards) "
                r"into (?:your|their|his or her) (?:hand|graveyard)"), frozenset({HAND, GRAVEYARD})),
    # Cards of a library just looked at or revealed ("that card", "the rest"), put into a hand or a graveyard or
    # back into the library: no permanent (CR 401.1)
    (re.compile(r"\bputs? (?:that card|those cards|the rest|the revealed cards?|one of them|any number of them|"
                r"(?:a|one|two) of them|the other|the others) (?:into (?:your|their|its owner's|that player's) "
                r"(?:hand|graveyard)|on (?:the bottom|top) of (?:your|their|its owner's|that player's) library"
                r"(?: in (?:any|a random) order)?|back in any order)"),
     frozenset({HAND, GRAVEYARD})),
    (re.compile(r"\b(?:gets?|has|have) [+-]?[\dx]+/-[\dx]+"), _DIES),  # CR 704.5f: a toughness lowered
    # CR 613.1f: a permanent losing its abilities, a later trigger's source among them (it triggers no more)
    (re.compile(r"\bloses? all(?: other)? abilities\b"), frozenset({BATTLEFIELD, LEAVES})),
    # CR 708.2, 701.34a: a permanent turned face up or down has other characteristics and abilities
    (re.compile(r"\bturns? [^.;]*?\bface (?:up|down)\b"), frozenset({BATTLEFIELD, LEAVES})),
    # "a land they control", "creatures you don't control": who controls what a filter counts (a control change
    # is "gains control of", "exchange control": CR 613.1b)
    (re.compile(r"\b(?:you|they|that player|the player|he or she|an opponent|your opponents|each player|its controller|"
                r"defending player) (?:don't |doesn't |didn't )?controls?(?! of)\b|\bunder (?:your|their|its owner's|"
                r"its controller's|that player's|his or her) control\b"), NONE),
    (re.compile(r"\bflips? (?:a|two) coins?\b|\b(?:wins?|loses?) (?:a|the) flip\b"), NONE),  # CR 705
    (re.compile(r"\brolls? (?:a|one|two) (?:six-sided |twenty-sided )?(?:die|dice|d\d+)\b"), NONE),  # CR 706
)


@cache
def _keywords() -> frozenset[str]:
    """The keywords the compiler knows (CR 702): names, changing nothing by themselves (the verb granting one is
    read: "gains")."""
    from pysolver.cards.oracle import KEYWORDS

    return frozenset(KEYWORDS) | {"toxic", "melee", "skulk", "forestwalk", "islandwalk", "swampwalk",
                                  "mountainwalk", "plainswalk", "fear", "intimidate", "shadow", "decayed",
                                  "prowess", "horsemanship", "flanking"}


# The life totals a life loss is judged on: the players' (life_totals), one (the lowest), or None (no player).
Lives = int | tuple[int, ...] | None
# A life loss or payment, the words before "life" ("lose 1 life", "loses half their life", "lose life equal to") and
# a rounding after it ("half their life, rounded up"): a number is compared with the life totals (CR 119.4, 704.5a).
_LIFE_LOST = re.compile(r"\b(?P<verb>lose|loses|pay|pays)\s+(?P<words>(?:\S+\s+){0,2})life\b"
                        r"(?:,? rounded (?P<rounded>up|down))?")
def _totals(lives: Lives) -> tuple[int, ...]:
    """The life totals given (one: the lowest)."""
    return () if lives is None else (lives,) if isinstance(lives, int) else lives


def _may_end_a_game(amount: str, lives: Lives, paid: bool = False,
                    rounded: str | None = None) -> bool:
    """Whether losing `amount` life (a number's word, "half" with its rounding, or words that are none) may leave a
    player at 0 or less (CR 104.3b, 704.5a, 800.4a: a player who loses leaves the game and their permanents leave
    with them), judged on the players' life totals; paid: a payment, which a player may make only with at least
    that much life (119.4), so only one with exactly that much is left at 0."""
    totals = _totals(lives)
    if not totals:
        return False
    if amount.isdigit():
        return any(life == int(amount) for life in totals) if paid else min(totals) <= int(amount)
    if amount == "half" and not paid and rounded is not None:  # CR 107.1a: left with half, rounded the other way
        return min(totals) <= (1 if rounded == "up" else 0)
    return True


def changes(text: str, card: str, lives: Lives = None) -> frozenset[str]:
    """The classes an effect worded `text` (of the card named `card`, which it may name) can change;
    ``lives``: the players' life totals (or the lowest), on which a life loss or payment may make a player
    lose the game (CR 104.3b, 119.4, 704.5a, 800.4a: their permanents leave; None: never)."""
    text = text.replace(card, " ~ ").lower() if card else text.lower()
    if '"' in text:  # an ability in quotes an object gets (a token's): what it does isn't read here (CR 113.1a)
        return ALL
    out: set[str] = set()
    for pattern, classes in PHRASES:
        if pattern.search(text):
            out |= classes
            text = pattern.sub(" ", text)
    for lost in _LIFE_LOST.finditer(text):  # CR 704.5a, 800.4a: a player at 0 life loses, their permanents leave
        words = lost["words"].split()
        amount = "half" if words[:1] == ["half"] else words[-1] if words else ""
        if _may_end_a_game(amount, lives, lost["verb"].startswith("pay"), lost["rounded"]):
            out.add(LEAVES)
    if _LIFE_PHRASE.search(text):  # "you lose 1 life": life, not a permanent losing an ability
        out.add(LIFE)
        text = _LIFE_PHRASE.sub(" ", text)
    text = _KIND.sub(r"\1", text)
    for word in _MARKS.sub(" ", text).split():
        word = word.removesuffix("'s") if word not in CHANGES else word
        if not word:  # "~'s"
            continue
        classes = CHANGES.get(word)
        if classes is None:
            if _subtype(word) or word in _keywords():
                continue
            return ALL
        out |= classes
    return frozenset(out)


def _subtype(word: str) -> bool:
    """A subtype's name, singular or plural ("zombies", "elves", "shrines")."""
    names = _subtypes()
    return word in names or word.removesuffix("s") in names or word.removesuffix("es") in names or (
        word.endswith("ves") and word[:-3] + "f" in names) or (word.endswith("ies") and word[:-3] + "y" in names)


# --------------------------------------------------------------------------------------------------- reach
# Which permanents an effect may make leave, change control or lose its abilities (LEAVES), read from its words
# where they say (CR 603.2: a later trigger whose source is out of that reach still triggers).  A reach is one
# part of the effect: (whose, filter): "self" (the effect's source, "~"), or the permanents controlled by "you"
# (the trigger's controller), an "opponent" or "any" player that fit the filter (the compiler's reading of the
# words, pysolver/cards/oracle.py whose_filter; None: every one of them).  An effect whose words may remove
# permanents no part says is read as reaching every permanent (None).
Reach = tuple[str, "dict[str, Any] | None"]

_OBJECT_END = r"(?=,|\.|;|—| unless\b| until\b| for as long\b| and (?!/or)| then\b| at the\b| if\b|$)"
# "an artifact, creature, or land": the words of a list before its last ("or land": the object's own words)
_LIST = r"(?:(?:[\w'-]+, )+(?:or|and/or) )?"
_COUNT = r"(?:an?|one|two|three|four|five|x|that many|another|\d+)"
# "each player sacrifices", "you sacrifice", "sacrifice": who chooses among the permanents they control (CR 701.17a)
_SUBJECT = (r"(?:(?P<subject>each player|each opponent|each other player|target player|target opponent|that player|"
            r"defending player|you|its controller|its owner|enchanted \w+'s controller|equipped creature's controller"
            r")\s+)?(?:may\s+)?")
_WHOSE_SUBJECT = {None: "you", "you": "you", "each opponent": "opponent", "each other player": "opponent",
                  "target opponent": "opponent"}
_SELF = re.compile(r"\b(?:sacrifices?|destroys?|exiles?|transforms?|gains? control of|returns?) ~(?![\w'])"
                   r"(?: to (?:its|their) owner's hand)?|~'s owner shuffles it into (?:their|his or her) library|"
                   r"\bputs? (?:an?|one|two|three|\w+) [+-]?[\dx]+/-[\dx]+ counters? on ~(?![\w'])", re.IGNORECASE)
_SACRIFICE = re.compile(_SUBJECT + r"(?P<verb>sacrifices?) (?:(?P<all>all|each) |(?P<count>" + _COUNT + r") )?"
                        r"(?P<object>" + _LIST + r"[^,.;—]+?)" + _OBJECT_END, re.IGNORECASE)
_TARGETED = re.compile(r"\b(?P<verb>destroys?|exiles?|gains? control of|returns?) (?:up to (?:one|two|three|x) )?"
                       r"(?:(?P<all>all|each) |(?:another |other )?(?:target )|(?P<count>an?|one) )"
                       r"(?P<object>" + _LIST + r"[^,.;—]+?)"
                       r"(?P<hand> to (?:its|their) owners?'s? hands?)?" + _OBJECT_END, re.IGNORECASE)
# "target creature gets -1/-1 until end of turn": CR 704.5f, a creature left with toughness 0 or less
_SHRUNK = re.compile(r"\b(?:(?P<all>all|each) |(?:up to one )?(?:another )?target )(?P<object>[^,.;—]+?) gets? "
                     r"[+-]?[\dx]+/-[\dx]+|\bputs? (?:an?|one|two|three|\w+) [+-]?[\dx]+/-[\dx]+ counters? on "
                     r"(?:(?P<each>each) |(?:up to one )?(?:another )?target )(?P<on>[^,.;—]+?)" + _OBJECT_END,
                     re.IGNORECASE)
_NOT_PERMANENT = re.compile(r"\bcards?\b|\bspells?\b|\babilit(?:y|ies)\b|\bgraveyards?\b|\blibrar(?:y|ies)\b")
_TOP_OF_LIBRARY = re.compile(r"\bexiles? the top (?:\w+ )?cards? of [^.;,]*?librar(?:y|ies)\b(?: face down)?",
                             re.IGNORECASE)
_DAMAGE = re.compile(r"(?:(?<!\w)~|\bit|\benchanted creature|\bequipped creature) deals "
                     r"(?:(?P<amount>\w+) damage|damage equal to [^.;]*?|damage) to "
                     r"(?P<to>[^.;]+?)(?=\.|;|—|, where\b| equal to\b| for each\b|$)", re.IGNORECASE)
_PLAYERS = {"you", "each player", "each opponent", "each other player", "that player", "target player",
            "target opponent", "its controller", "their controller", "defending player", "enchanted player",
            "each of your opponents", "any target", "its owner"}


def _filter(phrase: str, plural: bool) -> tuple[str, dict[str, Any] | None]:
    """The compiler's reading of an object phrase ("creature you control", "nonland permanent an opponent
    controls"): whose, and the filter (None where it can't say: every permanent of those players)."""
    from pysolver.cards.oracle import Unsupported, whose_filter

    phrase = re.sub(r" of (?:their|his or her) choice$", "", phrase.strip())
    phrase = re.sub(r" (?:they|that player) controls?$", "", phrase)
    try:
        whose, spec = whose_filter(phrase, plural=plural, other=True)
    except Unsupported:
        return "any", None
    return whose, spec if _fixed(spec) else None


# What a filter may read and the listing not change but by words it reads as changing everything (a type, a color:
# "becomes"; turn_reads.settled): a keyword, power, counters, a status a listed effect may give ("gains flying",
# "gets +2/+0") are not judged on the board (every permanent of those players is in reach).
_FIXED_KEYS = frozenset({"types", "subtypes", "supertypes", "not_types", "not_subtypes", "not_supertypes", "colors",
                         "not_colors", "colorless", "multicolored", "token", "commander", "not_owned", "other"})


def _fixed(spec: dict[str, Any]) -> bool:
    return all(key in _FIXED_KEYS or (key == "any_of" and all(_fixed(each) for each in value))
               for key, value in spec.items())


def _relative(subject: str, whose: str) -> str:
    """A filter's whose ("you", "opponent", "any": its own clause) relative to the trigger's controller, where the
    player who sacrifices is `subject`'s (a player sacrifices only permanents they control, CR 701.17a)."""
    return subject if whose in ("any", subject) else "any"


# Objects listed after the first ("a creature and a land", "target artifact and target enchantment"): not read.
_MORE_OBJECTS = re.compile(r"(?:,|,? and|,? or) (?:an?|one|two|three|x|all|each|another|up to|target|~)\b|"
                           r",\s*[\w-]+(?=,| or | and )")  # "an artifact, creature, or land": a list


def reach(text: str, card: str, lives: Lives = None, infect: bool = False) -> tuple[Reach, ...] | None:
    """The permanents an effect worded `text` (of the card named `card`) may make leave the battlefield, change
    control or lose its abilities: parts (whose, filter) (above), or None: any permanent."""
    return _read(text, card, lives, infect)[0]


def only_removes(text: str, card: str, lives: Lives = None, infect: bool = False) -> bool:
    """Whether all an effect may change of the permanents on the battlefield is which of them its reach (a known one)
    removes: its other words change none of them ("sacrifice Stasis unless you pay {U}"; not "... and create a
    token")."""
    parts, rest = _read(text, card, lives, infect)
    return parts is not None and BATTLEFIELD not in changes(rest, "", lives)


def _read(text: str, card: str, lives: Lives, infect: bool) -> tuple[tuple[Reach, ...] | None, str]:
    """The reach of an effect (``reach``) and its words left when the parts read are taken out."""
    text = text.replace(card, "~") if card else text
    text = text[:1].lower() + text[1:]
    parts: list[Reach] = []
    text = _CONDITION.sub(" ", text)  # the conditions first: "if you do," holds no action
    text = _TOP_OF_LIBRARY.sub(" ", text)  # CR 701.11a: cards of a library, no permanent
    found = _SELF.search(text)
    while found:
        parts.append(("self", None))
        text = text[:found.start()] + " " + text[found.end():]
        found = _SELF.search(text)
    for m in list(_SACRIFICE.finditer(text))[::-1]:
        if _MORE_OBJECTS.match(text, m.end()):
            return None, text
        # "sacrifice a creature": the trigger's controller; "... and sacrifices a creature": a player said before
        said = m["subject"] and m["subject"].lower()
        subject = _WHOSE_SUBJECT.get(said, "any") if said or m["verb"].lower() == "sacrifice" else "any"
        count = (m["count"] or "a").lower()
        whose, spec = _filter(m["object"], plural=bool(m["all"]) or count not in ("a", "an", "one", "another"))
        if count == "another":
            spec = None if spec is None else {**spec, "other": True}
        parts.append((_relative(subject, whose), spec))
        text = text[:m.start()] + " " + text[m.end():]
    for m in list(_TARGETED.finditer(text))[::-1]:
        if _MORE_OBJECTS.match(text, m.end()):
            return None, text
        if _NOT_PERMANENT.search(m["object"]):  # "exile target card from a graveyard": no permanent (CR 110.1)
            if m["verb"].lower().startswith(("exile", "return")):
                text = text[:m.start()] + " " + text[m.end():]
            continue
        if m["verb"].lower().startswith("return") and not m["hand"]:
            continue  # "return target creature ... to the battlefield" is read as words
        parts.append(_filter(m["object"], plural=bool(m["all"])))
        text = text[:m.start()] + " " + text[m.end():]
    for m in list(_SHRUNK.finditer(text))[::-1]:
        parts.append(_filter(m["object"] or m["on"], plural=bool(m["all"] or m["each"])))
        text = text[:m.start()] + " " + text[m.end():]
    for m in list(_DAMAGE.finditer(text))[::-1]:
        damaged = _damaged(m["to"], m["amount"], lives, infect)
        if damaged is None:
            return None, text
        parts += damaged
        text = text[:m.start()] + " " + text[m.end():]
    if LEAVES in changes(text, "", lives):  # words that may remove permanents no part says
        return None, text
    return tuple(parts), text


def _damaged(recipients: str, amount: str | None, lives: Lives, infect: bool) -> list[Reach] | None:
    """The permanents damage to `recipients` may remove: creatures dealt lethal damage, planeswalkers and battles
    left with no loyalty or defense (CR 120.3, 704.5g, 704.5i, 704.5v); a player who may be left at 0 life or with
    ten poison counters loses, and their permanents leave (704.5a, 704.5c, 800.4a): None."""
    from pysolver.cards.oracle import number

    parts: list[Reach] = []
    for each in re.split(r",? and (?!/or)|, |,? or ", recipients.strip()):
        if each in _PLAYERS or each in ("player", "opponent"):
            hit = number(amount) if amount else None
            if infect or _may_end_a_game("" if hit is None else str(hit), lives):
                return None
            if each == "any target":
                parts.append(("any", {"any_of": [{"types": ["Creature"]}, {"types": ["Planeswalker"]},
                                                 {"types": ["Battle"]}]}))
        elif each == "~":
            parts.append(("self", None))
        else:  # "target creature", "each creature you don't control", "planeswalker"; words it can't read: any
            m = re.fullmatch(r"(?:up to (?:one|two|three) )?(?:(each|all) |(?:another )?(?:other )?target )?(.+)", each)
            assert m is not None
            parts.append(_filter(m[2], plural=m[1] == "all"))
    return parts


def life_totals(board: Any) -> tuple[int, ...]:
    """The life totals of the board's players still in the game, a life loss judged on them (``_may_end_a_game``:
    the lowest for a loss, each for a payment, CR 119.4)."""
    return tuple(player.life for player in board.players if not player.lost)


def infect(card: Any) -> bool:
    """Whether the card has infect: its damage to a player gives poison counters (CR 120.3b, 704.5c)."""
    return "infect" in {str(word).lower() for word in card.data.get("keywords", [])}


def step_reach(board: Any, card: Any, text: str) -> tuple[Reach, ...] | None:
    """The reach of a step trigger's effect worded `text`, of `card`, on the board."""
    return reach(text, card.name, life_totals(board), infect(card))


def reach_filters(board: Any) -> list[dict[str, Any]]:
    """The filters of the reaches of the board's step triggers and of their conditions on permanents
    (``condition_filters``), each once ("other" left out: judged where it is used), for asp/turn.lp to judge
    (pysolver/facts/queries.py turn)."""
    found: dict[str, dict[str, Any]] = {}
    for name in sorted({permanent.card_name for permanent in board.battlefield}):
        card = board.library.get(name)
        for ability in card.abilities():
            spec = ability.get("triggered") if isinstance(ability, dict) else None
            if spec and "step" in spec.get("when", {}) and "text" in spec:
                specs = [each for _, each in step_reach(board, card, spec["text"]) or ()]
                for each in [*specs, *(condition_filters(spec.get("if", {})) or ())]:
                    if each is not None:
                        kept = without_other(each)
                        found[json.dumps(kept, sort_keys=True)] = kept
    return [found[key] for key in sorted(found)]


def condition_filters(condition: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The filters of the permanents whose leaving may change what a step trigger's intervening "if" reads of the
    battlefield ("if you control no artifacts": artifacts; "if ~ is an enchantment": none, its source's own
    characteristics, CR 603.4), or None where the condition reads it otherwise (an attached permanent, counters)."""
    found: list[dict[str, Any]] = []
    for key, value in condition.items():
        if key in ("you_control", "on_battlefield", "opponent_controls_more", "a_player_controls_none",
                   "controls_most"):
            each = value if isinstance(value, list) else [value]
            if not all(isinstance(v, dict) and isinstance(v.get("filter"), dict) for v in each):
                return None
            found += [v["filter"] for v in each]
        elif key == "total_stat":  # CR 208.1: the creatures its controller controls
            found.append({"types": ["Creature"]})
        elif key in ("self_is", "self_tapped", "self_untapped", "player_state") or (
                key in READS and BATTLEFIELD not in READS[key]):
            continue
        else:
            return None
    return found


def without_other(spec: dict[str, Any]) -> dict[str, Any]:
    """The filter as the board judges it: "other" (not the effect's source) is judged where it is used."""
    return {key: value for key, value in spec.items() if key != "other"}


# What may make a permanent of the board fit a filter it doesn't fit now, or change its controller: a type, color
# or control changed by an ability of some permanent (an activated one included: "~ becomes a 3/3 creature", crew,
# CR 702.122a), a transformation (701.28a), an effect of the board's, a copy (707).  Where any of them is on the
# board, the filters are not judged on it (every permanent is in reach).  A permanent becoming tapped, blocked, the
# target, a life total becoming a number, its own control given away ("gains control of ~": its own reach) are no
# such change.
_UNSETTLING = re.compile(
    r"\bbecomes? (?!tapped|untapped|blocked|unblocked|the target|attached|monstrous|renowned|saddled|suspected|"
    r"goaded|the monarch|your|their|his|her|its|equal|\d+\b(?! ?/))|\bcrew\b|\btransform|\bcontrol of (?!~)|"
    r"you control (?:enchanted|equipped)|in addition to its other types|\bis (?:a|an|every|all|still a) "
    r"(?:[\w\s,-]*?)(?:creature|artifact|land|enchantment|type)|\bare (?:[\w\s,-]*?)creatures\b|isn't a creature|"
    r"aren't creatures|\bexchange", re.IGNORECASE)
# Keywords whose own rules change a permanent's card types as the game goes on: crewed, a Vehicle becomes an artifact
# creature (CR 702.122a); a bestowed Aura unattached becomes a creature (702.103f); a reconfigured Equipment attached
# isn't one (702.151b).
_UNSETTLING_KEYWORDS = frozenset({"crew", "bestow", "reconfigure"})
_UNSETTLING_KEYS = frozenset({
    "set_subtypes", "set_land_types", "set_card_types", "remove_types", "add_types", "add_subtypes",
    "add_land_types", "lose_land_types_and_abilities", "all_creature_types", "set_colors", "set_colorless",
    "control_enchanted", "control_condition"})


_REMINDER = re.compile(r"\([^)]*\)")  # reminder text (CR 207.2)
_SELF_WORDS = re.compile(r"\b[Tt]his (?:creature|artifact|enchantment|land|permanent|planeswalker|Equipment|Vehicle)\b")


def settled(board: Any) -> bool:
    """Whether nothing on the board may change which permanents fit a filter or who controls them (above), read
    from what the compiler made of each card on it, one ability or sentence at a time: a key of its data that sets
    or changes types, colors or control (``_UNSETTLING_KEYS``, wherever it is: a static ability, an effect's `do`),
    the words of each ability's effect it keeps as text (its trigger event and intervening "if" are data: "When ~
    transforms", "if this artifact is a creature" change nothing), and the words of each sentence of its text the
    compiler didn't compile (its classification, ``_classified``: a loyalty ability, a combat trigger, a keyword such
    as crew, a sentence a partial card leaves out); a compiled sentence is what its data says ("~ gets +3/+3 as long as
    there is a land card in your graveyard", "~'s power and toughness are each equal to the number of creatures you
    control" change no type, whatever their words)."""
    if getattr(board, "effects", None):
        return False
    for permanent in board.battlefield:
        if permanent.copy_of:
            return False
    return not any(_unsettling(board.library.get(name).data, name)
                   for name in {permanent.card_name for permanent in board.battlefield})


def _unsettling(data: dict[str, Any], name: str) -> bool:
    """Whether a card's data may change which permanents fit a filter or who controls them (``settled``)."""
    if _has_key(data, _UNSETTLING_KEYS) or _UNSETTLING_KEYWORDS & {str(k).lower() for k in data.get("keywords", [])}:
        return True
    held = [_own(text, name) for text in _texts(data.get("abilities", []))]
    if any(_UNSETTLING.search(text) for text in held):
        return True
    return any(_UNSETTLING.search(_own(text, name)) for text in _uncompiled(data, name))


def _uncompiled(data: dict[str, Any], name: str) -> tuple[str, ...]:
    """The sentences of a card's text the compiler didn't compile (irrelevant or not understood: its
    classification, oracle.Compiled.sentences), whose words are all there is of them, but reminder text, which has no
    effect on the game (CR 207.2a: a keyword is read by its data, ``_UNSETTLING_KEYWORDS``); a card whose data the
    compiler didn't make (hand-written, without `oracle`) has none."""
    oracle = data.get("oracle")
    if not oracle:
        return ()
    characteristics = {key: data[key] for key in ("types", "subtypes", "supertypes", "mana_cost", "keywords", "power",
                                                   "toughness") if key in data}
    return _classified(name, str(oracle), json.dumps(characteristics, sort_keys=True))


@lru_cache(maxsize=4096)
def _classified(name: str, oracle: str, characteristics: str) -> tuple[str, ...]:
    from pysolver.cards import oracle as compiler

    given = json.loads(characteristics)
    stats = {key: str(given[key]) for key in ("power", "toughness") if key in given}
    compiled = compiler.compile_card(name, oracle, types=given.get("types", []), subtypes=given.get("subtypes", []),
                                     supertypes=given.get("supertypes", []), mana_cost=given.get("mana_cost"),
                                     keywords=given.get("keywords"), **stats)
    return tuple(sentence["text"] for sentence in compiled.sentences
                 if sentence["class"] != compiler.COMPILED and sentence["why"] != compiler.REMINDER_TEXT)


def _own(text: str, name: str) -> str:
    """A card's words as the compiler reads them: its name and "this creature" are ~, no reminder text, lower case."""
    return _SELF_WORDS.sub("~", _REMINDER.sub(" ", text.replace(name, "~") if name else text)).lower().strip()


def _has_key(value: Any, keys: frozenset[str]) -> bool:
    """Whether some dict in the data has one of the keys."""
    if isinstance(value, dict):
        return any(key in keys or _has_key(each, keys) for key, each in value.items())
    if isinstance(value, list):
        return any(_has_key(each, keys) for each in value)
    return False


def _texts(value: Any) -> list[str]:
    """The words of a card's abilities (every "text" in them)."""
    if isinstance(value, dict):
        return [text for key, each in value.items()
                for text in ([each] if key == "text" and isinstance(each, str) else _texts(each))]
    if isinstance(value, list):
        return [text for each in value for text in _texts(each)]
    return []


# CR 603.7: "at the beginning of the next end step", "at end of turn", "at the beginning of your next upkeep": a
# delayed triggered ability the effect creates
_DELAYED = re.compile(r"\bat (?:the )?(?:beginning|end) of "
                      r"(?:the |your |that player's |its controller's |their |each )?(?:next )?"
                      r"(?:turn|combat|end step|upkeep|draw step|main phase|precombat main phase|"
                      r"postcombat main phase|combat on your turn|end of combat)\b", re.IGNORECASE)


def delays(text: str) -> bool:
    """Whether an effect worded `text` may create a delayed triggered ability (CR 603.7)."""
    return bool(_DELAYED.search(text))
