"""Oracle compiler forms of static abilities (issue 13): a keyword a permanent has while a
condition holds (CR 604.1, 611.3a, 702), and what permanents of a kind enter with
(614.1c, 614.12).  Called by pysolver.cards.oracle for a line no other form read, with the
compiler's words (Words: its filter of objects, keywords, the "not read" mark; this module
imports nothing of the package); each form returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable, NamedTuple

from pysolver.cards import patterns as rx
from pysolver.schemas import EARLY_CONDITIONS, STAT_KEYS

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10}
COUNT_WORD = r"(an?|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"


class Words(NamedTuple):
    """What the Oracle compiler lends the forms."""

    nouns: Callable[[str, bool], dict[str, Any] | None]  # "an Elf", plural -> a FILTER, or None
    keywords: set[str]  # the keywords a filter or a grant may name (CR 702)
    unread: str  # a why that leaves the sentence not understood
    cards: Callable[[str], dict[str, Any] | None] = lambda phrase: None  # "creature cards" -> a card FILTER

# "as long as it's untapped" and the like: the static ability's ``if`` (static_conditions.lp).
# Keywords a rule reads: targets (702.11, 702.18), destruction (702.12), haste (702.10).
READ_KEYWORDS = {"hexproof", "shroud", "indestructible", "haste"}
SELF_CONDITIONS = {"it's untapped": "untapped", "~ is untapped": "untapped",
                   "it entered this turn": "entered_this_turn", "~ entered this turn": "entered_this_turn",
                   # CR 301.5, 303.4: an Equipment or an Aura is attached to its source
                   "~ is equipped": "equipped", "it's equipped": "equipped",
                   "~ is enchanted": "enchanted", "it's enchanted": "enchanted",
                   # CR 110.5: the status of the permanent its source (an Equipment, an Aura) is attached to
                   **{f"{attached} is {status}": f"attached_{status}" for status in ("tapped", "untapped")
                      for attached in ("equipped creature", "enchanted creature", "enchanted permanent")}}


def _count(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word]


Form = tuple[list[tuple[str, Any]], str]


# Keywords it may have beside those a filter names: no rule reads them, but it has them (CR 702.7, 702.4).
STRIKES = {"first strike", "double strike"}


def keyword_static(bare: str, words: Words) -> Form | None:
    """CR 604.1, 611.3a, 702: "~ has hexproof as long as it's untapped", "~ has hexproof as
    long as you control an Illusion": the permanent has the keyword while the condition
    holds (a static ability that affects only itself)."""
    m = rx.fullmatch(r"~ has ([a-z]+(?: [a-z]+)?(?:, [a-z]+)*(?:,? and [a-z]+)?) as long as (.+)", bare)
    qualities = rx.fullmatch(r"~ has ((?:protection|hexproof) from [a-z]+(?:(?:,? and|,) from [a-z]+)*) "
                             r"as long as (.+)", bare)
    if qualities:  # CR 702.16g, 702.11d: "protection from green and from white" (pysolver/protection.py)
        from pysolver.protection import split

        keywords = split(qualities.group(1)) or []
        m = qualities if keywords else None
    elif m:
        keywords = rx.split(r",? and |, ", m.group(1))
    if not m or not all(k in words.keywords or k in STRIKES or k.startswith(("protection ", "hexproof "))
                        for k in keywords):
        return None
    static: dict[str, Any] = {"affects": {}, "whose": "any", "self": True}
    condition = m.group(2)
    # A keyword a rule reads (targets, destruction, haste): a condition no form reads leaves
    # the sentence not understood; other keywords (combat's) stay irrelevant, as before.
    read = set(keywords) & READ_KEYWORDS or bool(qualities)  # protection: targets, Auras (asp/protection.lp)
    unread: Form | None = ([], f"{words.unread}: a keyword it has while '{condition}' (CR 611.3a), a "
                                "condition no rule reads") if read else None
    judged = static_condition(condition, words)
    if judged is None:
        return unread
    static.update(judged)
    static["grant_keywords"] = [k.capitalize() for k in keywords]
    return ([("ability", {"static": static})],
            "a keyword it has while a condition holds (CR 604.1, 611.3a, 702)")


def static_condition(condition: str, words: Words) -> dict[str, Any] | None:
    """CR 611.3a: "it's untapped", "you control two or more Elves", "you control another
    Vampire": the static ability's condition as card data (``if`` or ``if_you_control``,
    asp/static_conditions.lp), or None when no rule reads it.  A condition on power or
    keywords is not read (layers 6 and 7 read these conditions, CR 613.8)."""
    if condition in SELF_CONDITIONS:
        return {"if": SELF_CONDITIONS[condition]}
    auras = rx.fullmatch(rf"~ is enchanted by (?:(exactly) )?{COUNT_WORD}( or more)? Auras?", condition)
    if auras and bool(auras.group(1)) != bool(auras.group(3)):  # CR 303.4: the Auras attached to its source
        return {"if_auras": {"exactly" if auras.group(1) else "at_least": _count(auras.group(2))}}
    condition = rx.sub(rf"^you control at least {COUNT_WORD} ", r"you control \1 or more ", condition)
    judged = (life_condition(condition) or life_start_condition(condition) or graveyard_types_condition(condition)
              or counters_condition(condition) or life_gained_condition(condition) or poison_condition(condition)
              or designation_condition(condition)
              or hand_condition(condition) or devotion_condition(condition) or graveyard_condition(condition, words)
              or none_controlled(condition, words))
    if judged is not None:
        return judged
    m2 = rx.fullmatch(rf"(you control|an opponent controls) (?:{COUNT_WORD}( or more)?( other)? |(another) )(.+)",
                      condition)
    if not m2 or (m2.group(1) != "you control" and (m2.group(4) or m2.group(5))):
        return None  # "an opponent controls another ...": no such form
    count = 1 if m2.group(5) else _count(m2.group(2))
    if count != 1 and not m2.group(3):
        return None  # exactly N: not a form the rules read
    spec = _control_filter(m2.group(6), count != 1, words)
    if spec is None:
        return None
    if m2.group(4) or m2.group(5):  # "another", "three or more other": the source itself doesn't count
        spec["other"] = True
    judged = {"filter": spec} if count == 1 else {"at_least": count, "filter": spec}
    if m2.group(1) == "an opponent controls":  # CR 102.3: some one opponent controls them
        judged["whose"] = "opponent"
    return {"if_you_control": judged}


def _control_filter(phrase: str, plural: bool, words: Words) -> dict[str, Any] | None:
    """A filter a condition on what a player controls may name: characteristics judged by
    matches_chars (asp/objects.lp), never power, keywords or a choice (CR 613.8); "untapped lands",
    "an untapped creature": the status of a permanent as the board has it (CR 110.5)."""
    kind = rx.fullmatch(r"(.+?) that(?:'s| is) (.+)", phrase)
    if kind:  # "a commander that's a creature or planeswalker": of the kind the clause names as well (CR 109.2)
        first, second = _control_filter(kind.group(1), plural, words), words.nouns(
            rx.sub(r"(^|,? or )an? ", r"\1", kind.group(2)), False)
        if first is None or second is None or set(first) & set(second) or any(
                key in second for key in ("other", "token", "tapped")):
            return None
        return _control_filter_checked({**first, **second})
    status = rx.fullmatch(r"(an? )?(tapped|untapped) (.+)", phrase)
    spec = words.nouns(f"{status.group(1) or ''}{status.group(3)}" if status else phrase, plural)
    if status and spec is not None and "tapped" not in spec:
        spec["tapped"] = status.group(2) == "tapped"
    return _control_filter_checked(spec)


def _control_filter_checked(spec: dict[str, Any] | None) -> dict[str, Any] | None:
    """The filter, or None when it names power, keywords or a choice (CR 613.8)."""
    if spec is None or any(key in spec for key in STAT_KEYS) or spec.get("keywords") or "named_chosen" in spec or (
            "chosen" in spec) or any(key in each for each in spec.get("any_of", [])
                                     for key in (*STAT_KEYS, "keywords", "chosen", "named_chosen")):
        return None
    return spec


def none_controlled(condition: str, words: Words) -> dict[str, Any] | None:
    """CR 611.3a: "you control no Islands", "no opponent controls a white or blue creature": the
    condition holds while no permanent matching the filter is controlled by its controller (by
    any of its opponents)."""
    m = rx.fullmatch(r"you control no (.+)|no opponent controls (an? .+)", condition)
    if not m:
        return None
    spec = _control_filter(m.group(1) or m.group(2), bool(m.group(1)), words)
    if spec is None:
        return None
    return {"if_you_control": {"filter": spec, "none": True, **({"whose": "opponent"} if m.group(2) else {})}}


def hand_condition(condition: str) -> dict[str, Any] | None:
    """CR 611.3a, 402.1: "you have seven or more cards in hand", "you have no cards in hand", "an
    opponent has no cards in hand": the number of cards in its controller's hand, or in some one
    opponent's (102.3; the board's hand:)."""
    m = rx.fullmatch(rf"(you have|an opponent has) (?:{COUNT_WORD} or (more|fewer)|(no)) cards in "
                     r"(?:your |their )?hand", condition)
    mine = m is not None and m.group(1) == "you have"
    if not m or ("your" in condition and not mine) or ("their" in condition and mine):
        return None
    whose = {"whose": "opponent"} if m.group(1) == "an opponent has" else {}
    if m.group(4):
        return {"if_hand": {"at_most": 0, **whose}}
    return {"if_hand": {"at_least" if m.group(3) == "more" else "at_most": _count(m.group(2)), **whose}}


COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def devotion_condition(condition: str) -> dict[str, Any] | None:
    """CR 611.3a, 700.5: "your devotion to white is less than five", "your devotion to white and
    blue is less than seven": its controller's devotion to a color or a pair of colors (each
    mana symbol of either color counted once)."""
    m = rx.fullmatch(r"your devotion to (white|blue|black|red|green)(?: and (white|blue|black|red|green))? "
                     rf"is less than {COUNT_WORD}", condition)
    if not m or m.group(1) == m.group(2):
        return None
    colors = sorted({COLOR_WORDS[m.group(1)], COLOR_WORDS[m.group(2) or m.group(1)]})
    return {"if_devotion": {"colors": colors, "less_than": _count(m.group(3))}}


def graveyard_condition(condition: str, words: Words) -> dict[str, Any] | None:
    """CR 611.3a, 404.2: "there are seven or more cards in your graveyard" (Threshold), "seven or
    more cards are in your graveyard", "there's a Lesson card in your graveyard", "an opponent
    has eight or more cards in their graveyard": the cards of its controller's graveyard (or of
    some one opponent's) matching a filter on their printed characteristics."""
    m = rx.fullmatch(rf"there are {COUNT_WORD} or more (.+?) in your graveyard|{COUNT_WORD} or more (.+?) are in "
                     rf"your graveyard|there(?:'s| is) (an? .+?) in your graveyard|an opponent has {COUNT_WORD} "
                     rf"or more (.+?) in their graveyard", condition)
    if not m:
        return None
    if m.group(5):
        count, cards = "one", m.group(5)
    else:
        count, cards = next((m.group(i), m.group(i + 1)) for i in (1, 3, 6) if m.group(i))
    if not rx.search(r"\bcards?$", cards):
        return None
    spec = {} if rx.fullmatch(r"(?:an? )?cards?", cards) else words.cards(cards)
    if spec is None:
        return None
    judged: dict[str, Any] = {"at_least": _count(count), **({"filter": spec} if spec else {})}
    if m.group(6):
        judged["whose"] = "opponent"
    return {"if_graveyard": judged}


def graveyard_types_condition(condition: str) -> dict[str, Any] | None:
    """CR 611.3a, 205.2a: "there are four or more card types among cards in your graveyard"
    (Delirium): the card types among the cards of its controller's graveyard, each counted once
    however many cards have it (the board's graveyard:)."""
    m = rx.fullmatch(rf"there are {COUNT_WORD} or more card types among cards in your graveyard", condition)
    return {"if_graveyard_types": {"at_least": _count(m.group(1))}} if m else None


def life_condition(condition: str) -> dict[str, Any] | None:
    """CR 611.3a, 119.1: "you have 30 or more life", "an opponent has 10 or less life", "you
    have at least 15 life": its controller's (or an opponent's) life total (the board's life:)."""
    m = rx.fullmatch(r"(you|an opponent) (?:has|have) (?:(\d+) or (more|less|fewer)|at least (\d+)) life", condition)
    if not m:
        return None
    bound = "at_most" if m.group(3) in ("less", "fewer") else "at_least"
    return {"if_life": {"whose": "you" if m.group(1) == "you" else "opponent",
                        bound: int(m.group(2) or m.group(4))}}


def life_gained_condition(condition: str) -> dict[str, Any] | None:
    """CR 611.3a, 119.3: "you gained life this turn" (Infusion), "you've gained 3 or more life this turn": the
    life its controller gained this turn (the board's life_gained)."""
    m = rx.fullmatch(rf"you(?:'ve)? gained (?:{COUNT_WORD} or more )?life this turn", condition)
    return {"if_life_gained": {"at_least": _count(m.group(1)) if m.group(1) else 1}} if m else None


def poison_condition(condition: str) -> dict[str, Any] | None:
    """CR 611.3a, 122.1f: "an opponent has three or more poison counters" (Corrupted), "an opponent is
    poisoned" (one or more): the poison counters of some one opponent (102.3; the board's poison)."""
    if condition == "an opponent is poisoned":
        return {"if_poison": {"whose": "opponent", "at_least": 1}}
    m = rx.fullmatch(rf"an opponent has {COUNT_WORD} or more poison counters", condition)
    return {"if_poison": {"whose": "opponent", "at_least": _count(m.group(1))}} if m else None


# CR 722.1, 723.1, 702.131c, 309.7: what a player is or has, as the board records it (players[]).
DESIGNATIONS = {"you're the monarch": "monarch", "you are the monarch": "monarch",
                "you have the initiative": "initiative", "you have the city's blessing": "city_blessing",
                "you've completed a dungeon": "completed_dungeon", "you have completed a dungeon": "completed_dungeon"}


def designation_condition(condition: str) -> dict[str, Any] | None:
    """CR 611.3a: "you're the monarch" (722.1), "you have the initiative" (723.1), "you have the city's
    blessing" (702.131c), "you've completed a dungeon" (309.7): a designation of its controller (the
    board's monarch:, initiative:, city_blessing:, completed_dungeons:)."""
    designation = DESIGNATIONS.get(condition)
    return {"if_designation": designation} if designation else None


def life_start_condition(condition: str) -> dict[str, Any] | None:
    """CR 611.3a, 119.1, 103.4: "your life total is greater than your starting life total", "... greater
    than or equal to ...", "your life total is at least 10 greater than your starting life total", "you
    have at least 7 life more than your starting life total", "your life total is less than or equal to
    half your starting life total": its controller's life total against their starting life total (the
    board's starting_life:), as {"more_than": K} (life > start + K) or {"at_most_half": True}."""
    if condition == "your life total is less than or equal to half your starting life total":
        return {"if_life_start": {"at_most_half": True}}
    m = rx.fullmatch(rf"your life total is (?:(?:at least )?{COUNT_WORD} )?greater than( or equal to)? your "
                     rf"starting life total|you have at least {COUNT_WORD} life more than your starting life total",
                     condition)
    if not m or (m.group(1) and m.group(2)) or (m.group(1) and "at least" not in condition):
        return None  # "exactly N greater", "N greater than or equal to": no such form
    if m.group(3):
        return {"if_life_start": {"more_than": _count(m.group(3)) - 1}}
    if m.group(1):
        return {"if_life_start": {"more_than": _count(m.group(1)) - 1}}
    return {"if_life_start": {"more_than": -1 if m.group(2) else 0}}


def counters_condition(condition: str) -> dict[str, Any] | None:
    """CR 611.3a, 122.1: "it has a divinity counter on it", "~ has five or more +1/+1 counters
    on it", "there are five or more soul counters on ~": counters of a kind on its source (the
    board's counters:); "~ has four or more counters on it": of all kinds together."""
    m = rx.fullmatch(rf"(?:it|~) has {COUNT_WORD}( or more)? (?:([\w+/\-]+) )?counters? on (?:it|him|her)"
                     rf"|there (?:are|is) {COUNT_WORD}( or more)? ([\w+/\-]+) counters? on ~", condition)
    if not m:
        return None
    count, more, kind = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(4), m.group(5), m.group(6))
    if (_count(count) != 1 and not more) or kind in ("a", "an", "one", "more"):
        return None  # exactly N: not a form the rules read
    return {"if_counters": {**({"kind": kind} if kind else {}), "at_least": _count(count)}}


def others_enter_with_counters(bare: str, card: dict[str, Any], words: Words) -> Form | None:
    """CR 614.1c, 614.12, 122.6: "Each Dragon you control enters with an additional +1/+1
    counter on it", "Each other Angel you control enters with an additional +1/+1 counter on
    it for each Angel you already control", "Each other creature you control of the chosen
    creature type enters with ..." (607.1: the board's chosen), "... an additional X +1/+1
    counters on it, where X is the number of +1/+1 counters on ~" (per_counters: the source's,
    122.1): a replacement effect on each permanent of the kind entering under its controller's
    control (card data, read by asp/zone_change.lp).
    "Other" needs no mark: such an effect never applies to its own source entering (614.12:
    it is not on the battlefield yet)."""
    m = rx.fullmatch(r"Each (?:other )?(.+?) you control(?: that's (an? .+?))?( of the chosen (?:creature type|color))?"
                     r" enters with (?:(an|one|two|three|four|five) additional|an additional (X)) ([\w+/\-]+) "
                     r"counters? on it"
                     r"(?: for each (.+?) you already control|, where X is the number of ([\w+/\-]+) counters on ~|"
                     r" (for each .+ this turn))?", bare)
    plural = rx.fullmatch(r"(?:Other )?(.+?) you control enter with (an|one|two|three|four|five) additional "
                          r"([\w+/\-]+) counters? on them", bare)
    if plural:  # "Colorless creatures you control enter with two additional +1/+1 counters on them"
        noun, count, kind = plural.groups()
        chosen = own = history = None
        spec, per, per_spec = words.nouns(noun, True), None, None
    elif m:
        noun, which, chosen, count, x, kind, per, own, history = m.groups()
        count = count or x
        if (count == "X") != (own is not None):
            return None
        spec = words.nouns(noun, False)
        if chosen and spec is not None:  # CR 607.1: the choice made as the source entered
            spec = None if "any_of" in spec or "chosen" in spec else {
                **spec, "chosen": "color" if chosen.endswith("color") else "creature_type"}
        if which is not None and spec is not None:  # "Each creature you control that's a Wolf or a Werewolf"
            kinds = words.nouns(rx.sub(r"\ban? ", "", which), False)
            spec = None if kinds is None or set(spec) - {"types"} else {
                "any_of": [{**spec, **each} for each in kinds.get("any_of", [kinds])]}
        per_spec = words.nouns(per, False) if per else None
    else:
        return None
    if spec is None or (per and per_spec is None) or any(
            "named_chosen" in each or "chosen" in each for each in (spec if not chosen else {}, per_spec or {})):
        return None
    more: dict[str, Any] = {"filter": spec, "kind": kind, "count": 1 if count == "X" else NUMBERS[count]}
    if per_spec is not None:
        more["per"] = per_spec
    if own is not None:  # CR 122.1: as many as the counters of that kind on the source
        more["per_counters"] = own
    if history is not None:  # what happened this turn, which no board records: next refuses where it applies
        more["unjudged"] = history
    return ([("card", {"others_enter_with_counters": card.get("others_enter_with_counters", []) + [more]})],
            "permanents of that kind its controller controls enter with more counters (CR 614.1c, 614.12)")


def instead_of_losing(bare: str) -> Form | None:
    """CR 614.1a, 104.3: "If you would lose the game, instead exile ~ and your life total
    becomes 1": a replacement effect of the loss (card data, read by asp/state_based.lp)."""
    m = rx.fullmatch(r"If you would lose the game, instead exile ~ and your life total becomes (\d+|equal to your "
                     r"starting life total)", bare)
    if not m:
        other = rx.fullmatch(r"If you would lose the game, instead (.+)", bare)
        if other is None or "~" in other.group(1) or len(other.group(1)) > 300:  # (~: where it goes isn't read)
            return None
        return ([("card", {"instead_of_losing_unjudged": other.group(1)})],
                "a replacement effect of its controller's loss of the game whose effect next doesn't apply (CR "
                "614.1a): next refuses where its controller would lose (asp/state_based.lp)")
    life = int(m.group(1)) if m.group(1).isdigit() else "starting"  # CR 103.4: the board states it
    return ([("card", {"instead_of_losing": {"exile_self": True, "life": life}})],
            "a replacement effect: its controller doesn't lose the game; it is exiled and their life "
            "total becomes " + ("that number" if life != "starting" else "their starting life total, which the board "
                                "states (CR 103.4)") + " (CR 614.1a, 104.3)")


def additional_land_plays(bare: str) -> Form | None:
    """CR 305.2a: "You may play an additional land on each of your turns": its controller may
    play one more land each turn (card data, read by asp/actions.lp)."""
    m = rx.fullmatch(r"You may play (an|two|three) additional lands? on each of your turns", bare)
    if not m:
        return None
    return ([("card", {"additional_land_plays": NUMBERS[m.group(1)]})],
            "its controller may play more lands each of their turns (CR 305.2a)")


# Conditions judged on board facts alone (pysolver/schemas.py, beside the card data's other keys).
EARLY = EARLY_CONDITIONS


def type_removal(bare: str, words: Words) -> Form | None:
    """CR 205.1a, 613.1d, 611.3a: "As long as your devotion to white is less than five, ~ isn't a
    creature": while the condition holds, its source isn't a creature (nor its creature types),
    a layer 4 effect; only a condition that reads no layer's result (devotion, cards in hand or
    a graveyard, life, counters on it, untapped) is read here."""
    m = rx.fullmatch(r"As long as (.+?), (?:~|it) isn't a creature|~ isn't a creature as long as (.+)", bare)
    if not m:
        return None
    judged = static_condition(m.group(1) or m.group(2), words)
    if judged is None or not (set(judged) <= EARLY or judged.get("if") in ("untapped", "your_turn")):
        return None
    return ([("ability", {"static": {"affects": {}, "whose": "any", "self": True, "remove_types": ["Creature"],
                                     **judged}})],
            "while its condition holds, it isn't a creature (a type-changing effect, CR 205.1a, 613.1d, 611.3a)")


# What only combat reads (no query declares attackers or blockers, CR 508.1, 509.1).
COMBAT_ONLY = re.compile(r"As long as [^,]+, (?:~|it) (?:can attack as though it didn't have defender|"
                         r"can block an additional creature each combat|can block any number of creatures|"
                         r"can't be blocked|attacks each combat if able|blocks each combat if able)")


# A static ability whose one effect is on blocking or on combat damage, whatever it affects and
# whatever its condition: "Creatures you control with +1/+1 counters on them can't be blocked",
# "Each creature you control with power 4 or greater can't be blocked by more than one creature",
# "~ can't be blocked as long as you've sacrificed an artifact this turn", "Each creature you control
# assigns combat damage equal to its toughness rather than its power" (CR 509.1b, 510.1a).  Its
# subject is one group (no other effect joined by "and", no target: a spell's or a trigger's
# effect, which lasts "this turn", is no static ability).
BLOCK_OR_DAMAGE = re.compile(r"(?!(?:Target|That|It|Those|They)\b)(?P<subject>[^\".:;,]+?) "
                             r"(?:can't be blocked(?: by more than one creature)?"
                             r"|assigns? combat damage equal to (?:its|their) toughness rather than "
                             r"(?:its|their) power)"
                             r"(?: (?:as long as|if|unless) [^\".:;]+)?")


def combat_only(bare: str) -> str | None:
    """Why "As long as <condition>, ~ can attack as though it didn't have defender" and the like
    concern no query: what holds while the condition does acts only as attackers or blockers are
    declared (CR 508.1, 509.1), so its condition is read by nothing either; None otherwise."""
    m = BLOCK_OR_DAMAGE.fullmatch(bare)
    if m and not rx.search(r"\b(?:gets?|has|have|gains?|and|target|this turn)\b", m.group("subject")):
        return ("a combat-only static ability: whatever it affects and whatever its condition, it applies only as "
                "blockers are declared or combat damage is assigned (CR 509.1b, 510.1a), and no query declares "
                "blockers or deals combat damage")
    if not COMBAT_ONLY.fullmatch(bare):
        return None
    return ("a combat-only static ability: whatever its condition, it applies only as attackers or blockers are "
            "declared (CR 508.1, 509.1), and no query declares them")


# CR 604.3, 702.73a, 702.114a: "~ is every creature type" is what changeling means, "~ is colorless" what devoid
# means (characteristic-defining abilities, in every zone): the card has that keyword.
DEFINING_KEYWORDS = {"every creature type": "Changeling", "colorless": "Devoid"}


def defines_itself(bare: str, card: dict[str, Any]) -> Form | None:
    """CR 604.3, 105.2: "~ is all colors", "~ is every creature type", "~ is colorless": a characteristic-defining
    ability of its own colors or creature types (the card's ``color_indicator``, or the keyword that means the same,
    702.73a, 702.114a), which functions in every zone; None otherwise."""
    m = rx.fullmatch(r"~ is (all colors|every creature type|colorless)", bare)
    if not m:
        return None
    if m.group(1) == "all colors":  # CR 105.2: white, blue, black, red and green
        if card.get("color_indicator"):
            return None
        return ([("card", {"color_indicator": ["W", "U", "B", "R", "G"]})],
                "a characteristic-defining ability: it is all five colors, in every zone (CR 604.3, 105.2)")
    keyword = DEFINING_KEYWORDS[m.group(1)]
    if keyword in card.get("keywords", []) or (keyword == "Changeling" and "Creature" not in card.get("types", [])
                                               and "Kindred" not in card.get("types", [])):
        return None  # CR 205.3d: creature types are a creature's or a kindred card's
    return ([("card", {"keywords": [*card.get("keywords", []), keyword]})],
            f"a characteristic-defining ability, what {keyword.lower()} means (CR 604.3, "
            f"{'702.73a' if keyword == 'Changeling' else '702.114a'})")


def static_form(bare: str, card: dict[str, Any], words: Words) -> Form | None:
    """The forms of this module, in turn."""
    found = defines_itself(bare, card) or keyword_static(bare, words) or type_removal(bare, words)
    if found is None:
        found = others_enter_with_counters(bare, card, words)
    if found is None:
        found = instead_of_losing(bare)
    if found is None:
        found = additional_land_plays(bare)
    return found


LEGEND_RULE = re.compile(r'The "legend rule" doesn\'t apply(?: to (?P<group>.+))?')


def legend_rule_exempt(bare: str, subject: Callable[[str], dict[str, Any] | None]) -> Form | None:
    """CR 704.5j, 101.2: "The "legend rule" doesn't apply", "... doesn't apply to Spiders you control": the permanents
    it affects (all, or those of the group) are left out of the legend rule (asp/state_based.lp), while it applies."""
    m = LEGEND_RULE.fullmatch(bare)
    if not m:
        return None
    reach = subject(m.group("group")) if m.group("group") else {"affects": {}, "whose": "any"}
    if reach is None or set(reach) != {"affects", "whose"}:
        return None
    return ([("ability", {"static": {**reach, "legend_rule_exempt": True}})],
            "a static ability: the legend rule (CR 704.5j) doesn't apply to the permanents it affects")
