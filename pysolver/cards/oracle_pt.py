"""Oracle compiler forms of static power and toughness (layer 7, CR 613.4) and of keywords
granted to other objects (layer 6, 613.1f), issue 13: "Creatures you control get +1/+1",
"Enchanted creature gets +2/+2 and has flying", "~ gets +1/+1 for each artifact you control",
"~ gets +2/+2 as long as you control a Swamp", "~'s power and toughness are each equal to the
number of lands you control", "Enchanted creature has base power and toughness 0/2" (7b),
"Creatures you control have haste", "You may activate abilities
of creatures you control as though those creatures had haste".  The data is read by
asp/power_toughness.lp and asp/objects.lp.  Called by pysolver.cards.oracle for a line no
other form read, with the compiler's phrase readers (PtWords; this module imports nothing of
the package but oracle_static, the leaf oracle_cast_keywords and pysolver.protection); each form returns (compiled
data, why) or None (then the line stays not understood)."""

from __future__ import annotations

import re
from typing import Any, Callable, NamedTuple

from pysolver.cards import patterns as rx
from pysolver.cards.oracle_cast_keywords import NONCREATURE
from pysolver.cards.oracle_static import Words, static_condition
from pysolver.protection import split as split_qualities
from pysolver.schemas import STAT_KEYS


class PtWords(NamedTuple):
    """What the Oracle compiler lends the forms."""

    group: Callable[[str], tuple[str, dict[str, Any], bool] | None]  # "Creatures you control" -> whose, filter, on
    amount: Callable[[str, bool], dict[str, Any] | None]  # "artifacts you control", plural -> {count: ...}
    static: Words  # the condition readers of oracle_static.py
    keywords: set[str]  # keywords a grant may name (CR 702)


Form = tuple[list[tuple[str, Any]], str]

# A keyword list: "flying", "flying and haste", "flying, vigilance, and haste"; it may end in
# protection or hexproof from qualities (CR 702.16g: "protection from red and from blue").
# Ward with a mana cost ("ward {2}", CR 702.21a) is granted as the keyword ward: whatever its cost,
# targeting a permanent that has it is refused (asp/targets.lp), as for a printed one.
KEYWORD_ITEM = r"(?:[a-z]+(?: strike| landwalk| cry)?|ward \{\d+\}|(?:toxic|annihilator|bushido|rampage) \d+)"
QUALITIES = (r"(?:protection|hexproof) from (?:each color|all colors|[A-Za-z]+)"
             r"(?:(?:,? and|,) (?:from )?(?:each color|all colors|[A-Za-z]+))*")
KEYWORD_LIST = (rf"(?:(?:{KEYWORD_ITEM}, )*{KEYWORD_ITEM},? and )?{QUALITIES}"
                rf"|{KEYWORD_ITEM}(?:, {KEYWORD_ITEM})*(?:,? and {KEYWORD_ITEM})?")
# Keywords a grant may name beside those a filter may (first and double strike, fear and intimidate: no
# rule reads them, but the object has them, CR 702.7, 702.4, 702.36, 702.13); flash and changeling are
# not granted this way.
STRIKES = {"first strike", "double strike", "fear", "intimidate"}
# CR 702.14c, 702.164c: landwalk ("mountainwalk", "artifact landwalk") acts only as blockers are declared, toxic
# only as combat damage is dealt: no query declares blockers or deals combat damage, but the object has them.  So
# do the keywords that trigger only as it attacks or blocks or becomes blocked (melee 702.121a, mentor 702.134a,
# exalted 702.83a, battle cry 702.91a, annihilator 702.86a, bushido 702.45a, flanking 702.25a, rampage 702.23a,
# provoke 702.39a, dethrone 702.105a) and those that change only blocks and combat damage (horsemanship 702.31a,
# shadow 702.28a, banding 702.22a).
COMBAT_KEYWORDS = re.compile(r"(?:[a-z]+ )?landwalk|(?:plains|island|swamp|mountain|forest|desert)walk|toxic \d+"
                             r"|melee|mentor|exalted|battle cry|annihilator \d+|bushido \d+|flanking|rampage \d+"
                             r"|provoke|dethrone|horsemanship|shadow|banding")
WARD, WARD_COST = "ward", r"ward \{\d+\}"
# Keywords of attacking creatures that act only as blockers are declared or combat damage is dealt (CR 702.4,
# 702.7, 702.19, 702.111, 702.36, 702.13, 702.118): granted to attacking creatures alone, no query reads them.
ATTACKERS_ONLY = STRIKES | {"menace", "trample", "skulk"}
CHANGE = r"(?P<power>[+-]\d+)/(?P<toughness>[+-]\d+)"


def keywords_granted(listed: str | None, words: PtWords) -> list[str] | None:
    """``flying and haste`` -> ["Flying", "Haste"]; None when one is not a keyword a grant may name."""
    if listed is None:
        return []
    qualities: list[str] = []
    m = rx.search(r"(?:protection|hexproof) from .+$", listed)
    if m:  # CR 702.16g, 702.11d (pysolver/protection.py)
        found = split_qualities(m.group(0))
        if found is None:
            return None
        qualities = [k[0].upper() + k[1:] for k in found]
        listed = rx.sub(r",? and $|, $", "", listed[:m.start()])
        if not listed:
            return qualities
    names = [WARD if rx.fullmatch(WARD_COST, name) else name for name in rx.split(r",? and |, ", listed)]
    grantable = (words.keywords | STRIKES | {WARD}) - {"flash", "changeling"}
    if not all(name in grantable or COMBAT_KEYWORDS.fullmatch(name) for name in names):
        return None
    return [name.capitalize() for name in names] + qualities


def reads_layers(spec: dict[str, Any]) -> bool:
    """A filter on power or keywords: layer 7 can't read it (CR 613.8)."""
    return any(key in spec for key in STAT_KEYS) or bool(spec.get("keywords")) or "named_chosen" in spec or (
        "chosen" in spec) or any(
        reads_layers(each) for each in spec.get("any_of", []))


# Words that start a group's phrase but name no subtype ("Green creatures you control", "Tapped
# creatures you control"): read in lower case, as any other word of the phrase (the filter reader
# takes colors; the others it refuses: no filter judges combat, tapping or a commander here).
NOT_SUBTYPES = {"white", "blue", "black", "red", "green", "colorless", "multicolored", "monocolored",
                "attacking", "blocking", "tapped", "untapped", "modified", "commander", "face-down",
                "enchanted", "equipped", "fortified", "historic", "outlaw", "outlaws", "nonlegendary"}


def _subject(subject: str, words: PtWords, keywords_read: bool = False) -> dict[str, Any] | None:
    """``~``, ``Enchanted creature``, ``Other Elves you control``: the static's reach; with
    ``keywords_read`` (a change of power and toughness alone, layer 7, CR 613.4c) it may choose its
    objects by keywords ("Other creatures you control with flying"): layer 6 gave them before."""
    if subject == "~":
        return {"affects": {}, "whose": "any", "self": True}
    m = rx.fullmatch(r"(Each .+?) that's (an? [\w\- ]+)", subject)
    if m:  # "Each creature you control that's a Wolf or a Werewolf": the group, of either kind
        each_of, kinds = _subject(m.group(1), words), words.static.nouns(rx.sub(r"\ban? ", "", m.group(2)), False)
        if each_of is None or kinds is None or each_of.get("enchanted") or set(each_of["affects"]) - {"types", "other"}:
            return None
        alternatives = kinds.get("any_of", [kinds])
        kind = {key: value for key, value in each_of["affects"].items() if key != "other"}
        if any(set(each) & set(kind) or reads_layers(each) or "other" in each or "token" in each
               for each in alternatives):
            return None
        other = {"other": True} if each_of["affects"].get("other") else {}  # "Each other creature ...": the source
        return {**each_of, "affects": {"any_of": [{**kind, **each} for each in alternatives], **other}}
    m = rx.fullmatch(r"(.+?) enchanted player controls", subject)
    if m:  # CR 303.4: "Creatures enchanted player controls": the permanents of the player a Curse is attached to
        inner = _subject(m.group(1), words, keywords_read)
        if inner is None or inner.get("self") or inner.get("enchanted") or inner["whose"] != "any" or \
                inner["affects"].get("other") or "chosen" in inner["affects"]:
            return None
        return {**inner, "whose": "enchanted_player"}
    if rx.match(r"You\b|It\b|it\b", subject):  # "You and permanents you control": a player is no
        return None  # permanent; "it" names no kind of object (the sentence says which, or it's unread)
    m = rx.fullmatch(r"Attacking (.+)", subject)
    if m:  # "Attacking creatures you control" (CR 508.1k, 511.3: no creature attacks on a board; a board in the
        # combat steps with a card that names them is refused, pysolver/consistency.py check_attacking)
        inner = _subject(m.group(1)[0].upper() + m.group(1)[1:], words, keywords_read)
        if inner is None or inner.get("self") or inner.get("enchanted") or "attacking" in inner["affects"]:
            return None
        return {**inner, "affects": {**inner["affects"], "attacking": True}}
    m = rx.fullmatch(r"((?:Other|other) )?([Tt]apped|[Uu]ntapped) (.+)", subject)
    if m:  # "Untapped creatures you control", "Other tapped creatures you control": CR 110.5, a permanent's status
        inner = _subject(f"{m.group(1) or ''}{m.group(3)}", words, keywords_read)  # as the board has it, no layer's
        if inner is None or inner.get("self") or inner.get("enchanted") or "tapped" in inner["affects"]:
            return None
        return {**inner, "affects": {**inner["affects"], "tapped": m.group(2).lower() == "tapped"}}
    first, _, rest = subject.partition(" ")
    adjective = first.lower() in NOT_SUBTYPES or first.lower()[:-1] in NOT_SUBTYPES  # "Commanders"
    if adjective and not rx.fullmatch(r"(?:Enchanted|Equipped|Fortified) \w+", subject):
        subject = f"{first.lower()} {rest}"
    if any(word[:1].isupper() and word.lower() in NOT_SUBTYPES for word in rest.split(" ")):
        return None
    group = words.group(subject)
    if group is None:
        return None
    whose, spec, attached = group
    if reads_layers({key: value for key, value in spec.items()
                     if key != "chosen" and not (keywords_read and key == "keywords")}):
        return None  # a filter read by layers 6 and 7 is refused (CR 613.8); "of the chosen color" is
        # judged per source where the effect applies (asp/filter_conditions.lp)
    static: dict[str, Any] = {"affects": spec, "whose": whose}
    if attached:  # CR 301.5, 303.4: the permanent an Equipment or Aura is attached to
        static["enchanted"] = True
    return static


def static_subject(subject: str, words: PtWords) -> dict[str, Any] | None:
    """``~``, ``Enchanted creature``, ``creatures you control``: a static ability's reach (its
    ``affects``, ``whose``, ``self`` or ``enchanted``), or None."""
    return _subject(subject[0].upper() + subject[1:], words)


def attached_is(before: str | None, subject: str, words: PtWords) -> dict[str, Any] | None:
    """CR 611.3a, 613.1f: "As long as equipped creature is a Human, it has lifelink": a
    condition on the very object the ability affects is its filter (the creature is affected
    while it is a Human); the static's reach (``affects`` with the condition's filter), or None."""
    m = rx.fullmatch(r"(enchanted|equipped) (\w+) is (?:an? )?([\w\- ]+)", before or "")
    if not m or subject != "it":
        return None
    static = _subject(f"{m.group(1).capitalize()} {m.group(2)}", words)
    if rx.search(r"\band\b", m.group(3)):  # "is white and blue": both, which no filter's any_of says
        return None
    extra = words.static.nouns(m.group(3), False)
    if static is None or extra is None or reads_layers(extra) or "other" in extra or "token" in extra:
        return None
    affects = dict(static["affects"])
    for key, value in extra.items():
        if key == "any_of":  # "is a Wolf or a Werewolf": one of them (a second "or" isn't read)
            if "any_of" in affects:
                return None
            affects[key] = value
            continue
        affects[key] = sorted(set(affects.get(key, [])) | set(value)) if isinstance(value, list) else value
    static["affects"] = affects
    return static


def it_is(after: str | None, static: dict[str, Any] | None, words: PtWords) -> tuple[dict[str, Any] | None, str | None]:
    """CR 611.3a, 613.1f: "Enchanted creature gets +2/+2 as long as it's a Vampire", "Each land gets
    +2/+2 as long as it's a creature": a condition on the very object the ability affects (not its
    source) is its filter: the reach with the condition's filter, and no condition left; the reach
    and the condition unchanged otherwise (None: a condition no filter states)."""
    m = rx.fullmatch(r"it's (?:an? )?([\w\- ]+)", after or "")
    if m is None or static is None or static.get("self"):
        return static, after
    if m.group(1) in ("tapped", "untapped") and "tapped" not in static["affects"]:  # CR 110.5: its status
        return {**static, "affects": {**static["affects"], "tapped": m.group(1) == "tapped"}}, None
    if rx.search(r"\band\b", m.group(1)):  # "as long as it's white and blue": both, which no filter's any_of says
        return None, after
    extra = words.static.nouns(m.group(1), False)
    if extra is None or reads_layers(extra) or "other" in extra or "token" in extra:
        return None, after
    affects = dict(static["affects"])
    for key, value in extra.items():
        if key == "any_of":  # "as long as it's white and blue": one of them (alternatives aren't merged)
            if "any_of" in affects:
                return None, after
            affects[key] = value
            continue
        affects[key] = sorted(set(affects.get(key, [])) | set(value)) if isinstance(value, list) else value
    return {**static, "affects": affects}, None


def _condition(condition: str | None, static: dict[str, Any], words: PtWords) -> dict[str, Any] | None:
    """The condition of a static ability (CR 611.3a); "it" is its source only when the ability
    affects only its source ("Enchanted creature has shroud as long as it's untapped": the
    creature, a condition no rule reads)."""
    if condition is None:
        return {}
    if condition == "your turn":  # "During your turn, ..."
        return {"if": "your_turn"}
    if condition == "turns other than yours":  # CR 102.1: "During turns other than yours, ..."
        return {"if": "other_turns"}
    if rx.match(r"it\b", condition) and not static.get("self"):
        return None
    return static_condition(condition, words.static)


def static_condition_keys(condition: str, static: dict[str, Any], words: PtWords) -> dict[str, Any] | None:
    """The keys of a static ability's condition (CR 611.3a) for the forms of other modules
    (oracle_attached's quoted grants): those of a change of power or a keyword grant."""
    return _condition(condition, static, words)


# What only combat reads, beside a change of power and toughness (no board declares attackers or
# blockers, CR 508.1, 509.1; goaded: 701.15b).
COMBAT_TAIL = (r"can't block|can't attack(?: or block)?|is goaded|can't be blocked(?: (?:by|unless|except) [^.]+)?"
               r"|attacks each combat if able|must be blocked if able|can block an additional creature each combat"
               r"|can attack as though it didn't have defender|all creatures able to block it do so"
               r"|assigns combat damage equal to its toughness rather than its power")
BEFORE = r"(?:As long as (?P<before>[^,]+)|During (?P<during>your turn|turns other than yours)), "
# "Creatures you control also get +1/+0 ...": "also" only joins it to the card's other statics.
GETS = re.compile(rf"(?:{BEFORE})?(?P<subject>.+?) (?:also )?gets? (?:an additional )?{CHANGE}"
                  rf"(?: for each (?P<per>.+?))?(?:,? and (?:has|have) (?P<keywords>{KEYWORD_LIST}))?"
                  rf"(?P<combat>(?: and (?:{COMBAT_TAIL}))*)(?: as long as (?P<after>.+))?")


def _joined(bare: str) -> str:
    """"Enchanted creature gets +3/+2, has haste, and attacks each combat if able" -> "... gets +3/+2 and
    has haste and attacks each combat if able" (the list GETS reads); the line itself when its parts are
    not one keyword grant and combat restrictions (CR 508.1, 509.1)."""
    m = rx.fullmatch(r"(.+? gets? (?:an additional )?[+-]\d+/[+-]\d+)((?:, [^,]+)+),? and ([^,]+)", bare)
    if not m:
        return bare
    parts = m.group(2)[2:].split(", ") + [m.group(3)]
    grants = [part for part in parts if rx.match(r"(?:has|have) ", part)]
    combat = [part for part in parts if rx.fullmatch(COMBAT_TAIL, part)]
    if len(grants) > 1 or len(grants) + len(combat) != len(parts) or (grants and parts[0] != grants[0]):
        return bare
    return " and ".join([m.group(1), *grants, *combat])
HAS = re.compile(rf"(?:{BEFORE})?(?P<subject>.+?) (?:has|have) (?P<keywords>{KEYWORD_LIST})"
                 rf"(?: as long as (?P<after>.+))?")


def layer7_amount(phrase: str, plural: bool, on_itself: bool, words: PtWords) -> dict[str, Any] | None:
    """The amounts of layer 7 beside a count of permanents or graveyard cards (words.amount):
    "card in your hand" (CR 402.1), "card types among cards in all graveyards" (205.2a), "charge
    counter on ~", "counter on ~" (122.1), "Aura and Equipment attached to it" (301.5, 303.4),
    "basic land type among lands you control" (305.6), "Assassin you control and each Assassin
    card in your graveyard" (two counts added), "creature card in your opponents' graveyards",
    "artifacts and/or enchantments you control" (each permanent that is either, once).  "It" is
    the source only where the ability affects only its source (``on_itself``); None when no form reads the phrase."""
    m = rx.fullmatch(r"cards? in (your|your opponents'|each opponent's|all players') hands?", phrase)
    if m:
        return {"hand": {"your": "you", "all players'": "any"}.get(m.group(1), "opponent")}
    m = rx.fullmatch(r"(?:(?:an? )?([\w+/\-]+) )?counters? on (~|it)", phrase)
    if m and (m.group(2) == "~" or on_itself) and m.group(1) not in ("other", "each"):
        return {"counters_on_self": m.group(1)} if m.group(1) else {"all_counters_on_self": True}
    if m and m.group(1) not in ("other", "each", None):  # "it": each object it affects (CR 613.4c)
        return {"counters_on_affected": m.group(1)}
    m = rx.fullmatch(r"(Aura|Equipment)(?: and (Aura|Equipment))? attached to (~|it)", phrase)
    if m and (m.group(3) == "~" or on_itself):
        return {"attached_to_self": sorted({m.group(1), m.group(2) or m.group(1)})}
    if m:  # "Equipped creature gets +1/+0 for each Equipment attached to it": to each object it affects
        return {"attached_to_affected": sorted({m.group(1), m.group(2) or m.group(1)})}
    if phrase == "of its colors" and not on_itself:  # CR 105.2: each object it affects, its own colors
        return {"affected_colors": True}
    m = rx.fullmatch(r"(white|blue|black|red|green) mana symbol in its mana cost", phrase)
    if m and not on_itself:  # Chroma (CR 107.4, 202.1): the symbols of that color in each affected one's cost
        return {"affected_cost_symbols": DEVOTION_COLORS[m.group(1)]}
    m = rx.fullmatch(r"differently named (.+?)(?: among permanents)?( you control| on the battlefield)", phrase)
    if m:  # CR 201.2: the names among the matching permanents, each once ("differently named lands you control")
        counted = words.amount(m.group(1) + m.group(2), plural)
        if counted is None or set(counted) != {"count"} or "zone" in counted["count"] or {
                "other", "chosen", "named_chosen", "any_of"} & set(counted["count"]["filter"]):
            return None
        return {"names_among": counted["count"]}
    if phrase == "opponent you have":  # CR 102.3: its controller's opponents
        return {"opponents": True}
    if phrase == "player who has lost the game":  # CR 104.3, 800.4a: the board's lost:
        return {"lost_players": True}
    m = rx.fullmatch(r"(.+?) the chosen player controls", phrase)
    if m:  # CR 607.1: the permanents of the player chosen as its source entered (the board's chosen:)
        counted = words.amount(f"{m.group(1)} you control", plural)
        if counted is None or set(counted) != {"count"} or "zone" in counted["count"] or {
                "other", "chosen", "named_chosen", "any_of"} & set(counted["count"]["filter"]):
            return None
        return {"chosen_player_count": counted["count"]["filter"]}
    m = rx.fullmatch(r"([a-z]+) counters? you have", phrase)
    if m and m.group(1) not in ("other", "each", "a", "the"):  # CR 122.1: its controller's counters of a kind
        return {"player_counters": m.group(1)}
    if phrase in ("basic land type among lands you control", "basic land types among lands you control"):
        return {"domain": True}
    m = rx.fullmatch(r"card types among cards in (your graveyard|your opponents' graveyards|all graveyards)", phrase)
    if m:  # CR 205.2a: each card type once, however many cards have it
        return {"graveyard_card_types": {"your graveyard": "you", "all graveyards": "any"}.get(m.group(1), "opponent")}
    if " and/or " in phrase:  # "artifacts and/or enchantments you control": each permanent that is either, once
        amount = words.amount(phrase.replace(" and/or ", " or "), plural)
        return amount if amount is not None and "any_of" in amount["count"]["filter"] else None
    if rx.fullmatch(r"colors? among the (?:cards exiled with ~|exiled cards used to craft (?:~|it))", phrase):
        return {"exiled_colors": True}  # CR 105.2, 607.2a, 702.167c: the board's exiled:
    m = rx.fullmatch(r"colors? among (.+)", phrase)
    if m:  # CR 105.2: "color among permanents you control"
        counted = words.amount(m.group(1), True)
        if counted is None or counted["count"].get("zone") == "graveyard":
            return None
        return {"colors_among": counted["count"]}
    m = rx.fullmatch(r"(.+?) in your opponents' graveyards", phrase)
    if m:
        amount = words.amount(f"{m.group(1)} in all graveyards", plural)
        if amount is not None:
            amount["count"]["whose"] = "opponent"
        return amount
    m = rx.fullmatch(r"(.+?) and each (.+?) in your graveyard", phrase)
    if m:
        first, second = words.amount(m.group(1), plural), words.amount(f"{m.group(2)} in your graveyard", plural)
        if first is None or second is None or first["count"].get("zone") == "graveyard":
            return None
        return {**first, "also": second}
    return None


def pt_static(bare: str, words: PtWords) -> Form | None:
    """CR 613.4c, 613.1f: "<group> get(s) +N/+M [for each ...] [and has K] [as long as ...]": a
    static ability that modifies the power and toughness of what it affects (and grants it
    keywords), while its condition holds (611.3a)."""
    swapped = rx.fullmatch(rf"(?P<subject>(?:Equipped|Enchanted) creature) has (?P<keywords>{KEYWORD_LIST}) and "
                           rf"(?P<gets>gets [+-]\d+/[+-]\d+(?: for each [^,]+?)?)", bare)
    if swapped:  # "Equipped creature has first strike and gets +1/+0 for each ...": one effect either way
        bare = f"{swapped.group('subject')} {swapped.group('gets')} and has {swapped.group('keywords')}"
    m = GETS.fullmatch(_joined(bare))
    if not m:
        return None
    before, after = m.group("before") or m.group("during"), m.group("after")
    if before and after:
        return None
    subject = m.group("subject")
    if subject == "it" and before and "~" in before:  # "As long as ~ is equipped, it gets ...": itself
        subject = "~"
    static = attached_is(before, subject, words)
    if static is not None:
        before = None  # the condition is the affected object's filter
    else:
        static = _subject(subject[0].upper() + subject[1:] if before else subject, words,
                          keywords_read=not m.group("keywords"))
        static, after = it_is(after, static, words)  # "as long as it's a Vampire": its filter
    keywords = keywords_granted(m.group("keywords"), words)
    if static is None or keywords is None:
        return None
    condition = _condition(before or after, static, words)
    if condition is None:
        return None
    static["pt"] = {"power": int(m.group("power")), "toughness": int(m.group("toughness"))}
    why = "a static ability that changes power and toughness (CR 613.4c)"
    if m.group("per"):
        amount = layer7_amount(m.group("per"), False, bool(static.get("self")), words) or words.amount(
            m.group("per"), False)
        if amount is None:
            return None
        static["per"] = amount
        why = "a static ability that changes power and toughness for each one counted (CR 613.4c)"
    static.update(condition)
    if keywords:
        static["grant_keywords"] = keywords
        why += " and grants keywords (613.1f, 702)"
    if condition:
        why += ", while its condition holds (611.3a)"
    if m.group("combat"):
        why += f"; '{m.group('combat')[5:]}' concerns only combat, which no query declares (508.1, 509.1)"
    return [("ability", {"static": static})], why


# CR 107.3a, 613.4c: "Equipped creature gets +X/+X, where X is the number of creature cards in all graveyards",
# "~ gets -X/-X, where X is your life total", "Equipped creature gets +X/+1, where X is the number of artifacts
# you control": X is a layer 7 amount, as "for each" counts it.
X_CHANGE = re.compile(r"(?P<head>.+? gets? )(?P<power>[+-](?:X|\d+))/(?P<toughness>[+-](?:X|\d+)), "
                      r"where X is (?P<x>.+)")


def x_amount(phrase: str, on_itself: bool, words: PtWords) -> dict[str, Any] | None:
    """"the number of artifacts you control", "your life total", "your devotion to red": the amount X
    stands for (layer 7, CR 613.4), as a static P/T ability counts it; None when no form reads it."""
    m = rx.fullmatch(r"the number of (.+)", phrase)
    if m:
        return layer7_amount(m.group(1), True, on_itself, words) or words.amount(m.group(1), True)
    if phrase == "your life total":  # CR 119.1
        return {"life": True}
    if phrase == "its mana value" and not on_itself:  # CR 202.3: each object it affects
        return {"affected_mana_value": True}
    m = rx.fullmatch(r"the (greatest|total) mana value (?:among|of) (.+)", phrase)
    if m:  # CR 202.3: of the permanents counted (a count of cards or an "other" greatest is not read)
        counted = words.amount(m.group(2), True)
        if counted is None or counted["count"].get("zone") == "graveyard" or (
                m.group(1) == "greatest" and counted["count"]["filter"].get("other")):
            return None
        return {f"{m.group(1)}_mana_value": counted["count"]}
    m = rx.fullmatch(r"your devotion to (white|blue|black|red|green)", phrase)
    return {"devotion": DEVOTION_COLORS[m.group(1)]} if m else None  # CR 700.5


def x_pt_static(bare: str, words: PtWords) -> Form | None:
    """CR 107.3a, 613.4c: "<group> get(s) +X/+X, where X is <amount>": a static ability that changes
    power and toughness by an amount (a part that is a number, "+X/+1", is a second ability that
    changes it by that number alone, in the same layer: the sum is the same, 613.4c)."""
    m = X_CHANGE.fullmatch(bare)
    if not m or "X" not in m.group("power") + m.group("toughness"):
        return None
    found = pt_static(f"{m.group('head')}+0/+0", words)
    if found is None or len(found[0]) != 1 or found[0][0][1]["static"].get("grant_keywords"):
        return None
    static = found[0][0][1]["static"]
    amount = x_amount(m.group("x"), bool(static.get("self")), words)
    if amount is None:
        return None

    def part(value: str, x: bool) -> int:
        if value[1:] == "X":
            return (-1 if value[0] == "-" else 1) if x else 0
        return 0 if x else int(value)

    per = {**static, "pt": {"power": part(m.group("power"), True), "toughness": part(m.group("toughness"), True)},
           "per": amount}
    compiled: list[tuple[str, Any]] = [("ability", {"static": per})]
    fixed = {"power": part(m.group("power"), False), "toughness": part(m.group("toughness"), False)}
    if fixed != {"power": 0, "toughness": 0}:
        compiled.append(("ability", {"static": {**static, "pt": fixed}}))
    conditional = set(static) - {"affects", "whose", "self", "enchanted", "pt"}
    return compiled, ("a static ability that changes power and toughness by an amount, X (CR 107.3a, 613.4c)" + (
        ", while its condition holds (611.3a)" if conditional else ""))


def cast_keyword_grant(listed: str | None) -> tuple[str | None, list[dict[str, Any]]] | None:
    """"menace and prowess" -> ("menace", [prowess's triggered ability]): prowess (CR 702.108a: "Whenever you cast
    a noncreature spell, this creature gets +1/+1 until end of turn") granted is that triggered ability, each
    object's own (702.108b); the other keywords as listed; None when prowess stands among protection's qualities."""
    names = rx.split(r",? and |, ", listed) if listed is not None else []
    if "prowess" not in names:
        return listed, []
    if rx.search(r"\bfrom\b", listed or ""):
        return None
    rest = [name for name in names if name != "prowess"]
    joined = ", ".join(rest[:-1]) + (" and " if len(rest) > 1 else "") + rest[-1] if rest else None
    prowess = {"triggered": {"when": {"event": "cast", "filter": dict(NONCREATURE), "whose": "you"},
                             "do": [{"pump_self": {"power": 1, "toughness": 1}}],
                             "text": "this creature gets +1/+1 until end of turn"}}
    return joined, [prowess]


def keyword_grant(bare: str, words: PtWords) -> Form | None:
    """CR 613.1f, 702: "Creatures you control have haste", "Enchanted creature has shroud",
    "Other Elf creatures you control have hexproof": a static ability that grants keywords."""
    m = HAS.fullmatch(bare)
    before = m.group("before") or m.group("during") if m else None
    if not m or (m.group("subject") == "~" and not before):  # "~ has K as long as ...": oracle_static.py
        return None
    subject = m.group("subject")
    if subject == "it" and before and "~" in before:  # "As long as ~ is untapped, it has ...": itself
        subject = "~"
    static = attached_is(before, subject, words)
    if static is not None:
        before = None  # the condition is the affected object's filter
    else:
        static = _subject(subject[0].upper() + subject[1:], words)
    cast = cast_keyword_grant(m.group("keywords"))
    keywords = keywords_granted(cast[0], words) if cast is not None else None
    if static is None or cast is None or keywords is None or not (keywords or cast[1]) or (before and m.group("after")):
        return None
    if static["affects"].get("attacking") and not cast[1] and all(
            k.lower() in ATTACKERS_ONLY or COMBAT_KEYWORDS.fullmatch(k.lower()) for k in keywords):
        return None  # "Attacking creatures you control have double strike": what only combat reads (irrelevant)
    after = m.group("after")
    if after is not None and rx.fullmatch(r"it's (?:un)?tapped", after):  # "Enchanted creature has shroud as
        static, after = it_is(after, static, words)  # long as it's untapped": its status is its filter (CR 110.5)
        if static is None:
            return None
    condition = _condition(before or after, static, words)
    if condition is None:
        return None
    static.update(condition)
    if keywords:
        static["grant_keywords"] = keywords
    if cast[1]:  # CR 702.108a: prowess, a triggered ability (pysolver/cards/oracle_cast_keywords.py)
        static["grant"] = cast[1]
    return ([("ability", {"static": static})],
            "a static ability that grants keywords (CR 613.1f, 702" + ("; prowess, 702.108a)" if cast[1] else ")") + (
                ", while its condition holds (611.3a)" if condition else ""))


def as_though_haste(bare: str, words: PtWords) -> Form | None:
    """CR 702.10c: "You may activate abilities of creatures you control as though those
    creatures had haste": a static ability of the affected (asp/legality.lp)."""
    m = rx.fullmatch(r"You may activate abilities of (.+?) as though (?:those creatures|they) had haste", bare)
    static = _subject(m.group(1)[0].upper() + m.group(1)[1:], words) if m else None
    if static is None or static.get("enchanted") or static.get("self"):
        return None
    static["activate_as_though_haste"] = True
    return ([("ability", {"static": static})],
            "its controller may activate the abilities of the affected as though they had haste (CR 702.10c)")


CDA = re.compile(r"~'s (power and toughness are each|power is|toughness is) equal to (?:(\d+) plus )?(twice )?"
                 r"(?:the number of (.+?)|(your life total|your devotion to (?:white|blue|black|red|green)"
                 r"|the (?:greatest|total) mana value (?:among|of) .+?))"
                 r"(?: and its toughness is equal to that number plus (\d+))?")


DEVOTION_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def characteristic_pt(bare: str, words: PtWords) -> Form | None:
    """CR 604.3, 613.4a: "~'s power and toughness are each equal to the number of lands you
    control", "~'s power is equal to the number of artifacts you control": a
    characteristic-defining ability (the card prints "*")."""
    m = CDA.fullmatch(bare)
    if not m:
        return None
    which, before, twice, counted, life, plus = m.groups()
    if (before and plus) or (twice and not counted):
        return None
    if life and life.startswith("your devotion to "):  # CR 700.5
        amount: dict[str, Any] | None = {"devotion": DEVOTION_COLORS[life.split()[-1]]}
    elif life:  # CR 119.1; CR 202.3: the greatest or total mana value of permanents
        amount = x_amount(life, True, words)
    else:
        amount = layer7_amount(counted, True, True, words) or words.amount(counted, True)
    if amount is None:
        return None
    if twice:  # "twice the number of oil counters on it": the count times 2
        amount = {**amount, "times": 2}
    if before:  # "1 plus the number of lands you control"
        amount = {**amount, "plus": int(before)}
    cda: dict[str, Any] = {}
    if which != "toughness is":
        cda["power"] = amount
    if which != "power is" or plus:
        cda["toughness"] = {**amount, "plus": int(plus)} if plus else amount
    return ([("ability", {"static": {"affects": {}, "whose": "any", "self": True, "cda": cda}})],
            "a characteristic-defining ability: its power and toughness (CR 604.3, 613.4a)")


LOSES = re.compile(rf"(?:(?P<head>.+?),? and |(?P<subject>.+?) )(?:loses|lose) (?P<lost>{KEYWORD_LIST})"
                   rf"(?: and can't have or gain (?P<denied>{KEYWORD_LIST}))?")


def keyword_loss(bare: str, words: PtWords) -> Form | None:
    """CR 613.1f, 613.7: "Equipped creature gets +10/+10 and loses flying", "Enchanted creature has
    defender and loses flying" (the keyword printed or granted earlier goes, in timestamp order),
    "Creatures your opponents control lose flying and can't have or gain flying" (they can't have
    it at all): a static ability of layer 6 (asp/objects.lp), with what the same sentence gives
    before it."""
    m = LOSES.fullmatch(bare)
    if not m or rx.search(r"\ball\b|\bfrom\b", m.group("lost")):
        return None  # "loses all abilities"; protection and its qualities aren't lost here
    lost = keywords_granted(m.group("lost"), words)
    if not lost or (m.group("denied") and keywords_granted(m.group("denied"), words) != lost):
        return None
    if m.group("head"):
        found = pt_static(m.group("head"), words) or keyword_grant(m.group("head"), words)
        if found is None or len(found[0]) != 1:
            return None
        (_, ability), = found[0]
        static, why = dict(ability["static"]), found[1]
        if "keywords" in static["affects"]:
            return None  # layer 6 itself gives keywords: a loss can't choose its objects by them (CR 613.8)
    else:
        subject = _subject(m.group("subject"), words)
        if subject is None or subject.get("self"):
            return None  # "~ loses flying": no such form read (its own keywords are its card's)
        static, why = subject, "a static ability"
    static["deny_keywords" if m.group("denied") else "lose_keywords"] = lost
    return ([("ability", {"static": static})],
            why + "; what it affects loses keywords (CR 613.1f, 613.7" + (
                ": and can't have or gain them)" if m.group("denied") else ")"))


BASE = re.compile(rf"(?:{BEFORE})?(?P<subject>.+?) (?:has|have) base power and toughness (?P<power>\d+)/"
                  rf"(?P<toughness>\d+)(?:(?:,? and (?:has|have) |,? and |, )(?P<keywords>{KEYWORD_LIST}))?"
                  rf"(?: as long as (?P<after>.+))?")


def base_pt(bare: str, words: PtWords) -> Form | None:
    """CR 613.4b, 613.1f: "Enchanted creature has base power and toughness 0/2", "During your turn,
    ~ has base power and toughness 5/2", "Other creatures have base power and toughness 1/1" (and
    has keywords): a static ability that sets the base power and toughness of what it affects
    (layer 7b: over its printed or characteristic-defining values, the latest timestamp's of
    several, 613.7), while its condition holds (611.3a)."""
    m = BASE.fullmatch(bare)
    if not m:
        return None
    before, after = m.group("before") or m.group("during"), m.group("after")
    subject = m.group("subject")
    if subject == "it" and before and "~" in before:  # "As long as ~ is enchanted, it has ...": itself
        subject = "~"
    static = _subject(subject, words)
    keywords = keywords_granted(m.group("keywords"), words)
    if static is None or keywords is None or (before and after):
        return None
    condition = _condition(before or after, static, words)
    if condition is None:
        return None
    static["base_pt"] = {"power": int(m.group("power")), "toughness": int(m.group("toughness"))}
    static.update(condition)
    why = "a static ability that sets base power and toughness (CR 613.4b)"
    if keywords:
        static["grant_keywords"] = keywords
        why += " and grants keywords (613.1f, 702)"
    return [("ability", {"static": static})], why + (", while its condition holds (611.3a)" if condition else "")


def enchanted_creature_loses_all(bare: str, words: PtWords) -> Form | None:
    """CR 613.1f, 613.4b-c, 303.4: "Enchanted creature gets -2/-0 and loses all abilities",
    "Enchanted creature loses all abilities and has base power and toughness 1/1": the creature the
    Aura enchants loses all abilities (in timestamp order, asp/objects.lp; whatever its types, as
    "Enchanted permanent loses all abilities"), and its power and toughness change (layer 7)."""
    m = rx.fullmatch(r"Enchanted creature (?:(gets [+-]\d+/[+-]\d+) and loses all abilities|loses all abilities and "
                     r"(has base power and toughness \d+/\d+))", bare)
    if not m:
        return None
    found = pt_static(f"Enchanted creature {m.group(1)}", words) if m.group(1) else base_pt(
        f"Enchanted creature {m.group(2)}", words)
    if found is None:
        return None
    lose = ("ability", {"static": {"affects": {}, "whose": "any", "enchanted": True, "lose_abilities": True}})
    return ([lose, *found[0]], "the enchanted creature loses all abilities (CR 613.1f, 613.7); " + found[1])


def enchanted_loses_all(bare: str) -> Form | None:
    """CR 613.1f, 303.4, 502.3: "Enchanted permanent loses all abilities and doesn't untap during its
    controller's untap step": the permanent the Aura enchants, whatever its types, loses all
    abilities (in timestamp order, asp/objects.lp) and stays tapped in its controller's untap step."""
    m = rx.fullmatch(r"Enchanted permanent loses all abilities( and doesn't untap during its controller's untap "
                     r"step)?", bare)
    if not m:
        return None
    base: dict[str, Any] = {"affects": {}, "whose": "any", "enchanted": True}
    found: list[tuple[str, Any]] = [("ability", {"static": {**base, "lose_abilities": True}})]
    if m.group(1):
        found.append(("ability", {"static": {**base, "doesnt_untap": True}}))
    return (found, "the enchanted permanent loses all abilities (CR 613.1f, 613.7)" + (
        " and doesn't untap during its controller's untap step (502.3)" if m.group(1) else ""))


def pt_and_doesnt_untap(bare: str, words: PtWords) -> Form | None:
    """CR 613.4c, 502.3: "Equipped creature gets +3/+3 and doesn't untap during its controller's untap step": the
    change of power and toughness, and a second static ability of the same source: the permanent it is attached
    to doesn't untap (asp/actions.lp)."""
    m = rx.fullmatch(r"((?:Enchanted|Equipped) creature gets [+-]\d+/[+-]\d+) and doesn't untap during its "
                     r"controller's untap step", bare)
    found = pt_static(m.group(1), words) if m else None
    if found is None or len(found[0]) != 1:
        return None
    static = found[0][0][1]["static"]
    if set(static) != {"affects", "whose", "enchanted", "pt"}:
        return None
    untap = {key: static[key] for key in ("affects", "whose", "enchanted")}
    return ([*found[0], ("ability", {"static": {**untap, "doesnt_untap": True}})],
            found[1] + "; the permanent it is attached to doesn't untap during its controller's untap step (502.3)")


def otherwise_pt(bare: str, words: PtWords) -> Form | None:
    """CR 611.3a, 613.4c: "Enchanted creature gets +2/+2 as long as it's a Vampire. Otherwise, it gets -2/-2",
    "... as long as it's white. Otherwise, ...": two static abilities of the Aura, one for the creature while it
    has the subtype (the color), one while it doesn't (205.3, 105.2)."""
    m = rx.fullmatch(r"(?P<first>(?:Enchanted|Equipped) creature gets [+-]\d+/[+-]\d+ as long as it's (?:an? "
                     r"(?P<kind>[A-Z][\w\-']*)|(?P<color>white|blue|black|red|green)))\. Otherwise, it gets "
                     r"(?P<power>[+-]\d+)/(?P<toughness>[+-]\d+)", bare)
    found = pt_static(m.group("first"), words) if m else None
    if m is None or found is None or len(found[0]) != 1:
        return None
    static = found[0][0][1]["static"]
    if m.group("color"):  # CR 105.2: "nonwhite", the filter's not_colors
        color = DEVOTION_COLORS[m.group("color")]
        if set(static) != {"affects", "whose", "enchanted", "pt"} or static["affects"] != {
                "types": static["affects"].get("types"), "colors": [color]}:
            return None
        others = {**static, "affects": {"types": static["affects"]["types"], "not_colors": [color]},
                  "pt": {"power": int(m.group("power")), "toughness": int(m.group("toughness"))}}
        return [*found[0], ("ability", {"static": others})], found[1] + "; otherwise, another change (611.3a, 105.2)"
    if set(static) != {"affects", "whose", "enchanted", "pt"} or set(static["affects"]) != {"types", "subtypes"} or (
            static["affects"]["subtypes"] != [m.group("kind")]):
        return None  # one subtype alone has a negation ("not_subtypes")
    others = {**static, "affects": {"types": static["affects"]["types"], "not_subtypes": [m.group("kind")]},
              "pt": {"power": int(m.group("power")), "toughness": int(m.group("toughness"))}}
    return [*found[0], ("ability", {"static": others})], found[1] + "; otherwise, another change (611.3a, 205.3)"


INSTEAD = re.compile(r"(?P<subject>Enchanted|Equipped) creature gets (?P<power>[+-]\d+)/(?P<toughness>[+-]\d+)\. "
                     r"(?:It gets (?P<p2>[+-]\d+)/(?P<t2>[+-]\d+) instead as long as (?P<condition>[^.]+)|If it's "
                     r"(?P<kind>an? [A-Z][\w\-']*|white|blue|black|red|green), it gets (?P<p3>[+-]\d+)/(?P<t3>[+-]\d+) "
                     r"instead)")


def instead_pt(bare: str, words: PtWords) -> Form | None:
    """CR 613.4c, 611.3a: "Enchanted creature gets -2/-2. It gets -5/-5 instead as long as you've completed a
    dungeon", "Equipped creature gets +1/+1. If it's a Warrior, it gets +2/+1 instead": the first change always,
    and a second static ability of the same source that adds the difference while the condition holds (changes of
    layer 7c add up, 613.4c: -2/-2 and -3/-3 are the -5/-5 the creature gets instead)."""
    m = INSTEAD.fullmatch(bare)
    if m is None:
        return None
    subject = f"{m.group('subject')} creature"
    first = pt_static(f"{subject} gets {m.group('power')}/{m.group('toughness')}", words)
    power, toughness = (int(m.group("p2") or m.group("p3")) - int(m.group("power")),
                        int(m.group("t2") or m.group("t3")) - int(m.group("toughness")))
    condition = m.group("condition") or f"it's {m.group('kind')}"
    second = pt_static(f"{subject} gets {power:+d}/{toughness:+d} as long as {condition}", words)
    if first is None or second is None or len(first[0]) != 1 or len(second[0]) != 1:
        return None
    return ([*first[0], *second[0]], first[1] + "; instead, while its condition holds, the difference is added as a "
            "second change (611.3a, 613.4c: changes of layer 7c add up)")


def pt_form(bare: str, words: PtWords) -> Form | None:
    """The forms of this module, in turn."""
    found = (enchanted_loses_all(bare) or pt_and_doesnt_untap(bare, words) or otherwise_pt(bare, words)
             or instead_pt(bare, words))
    if found is not None:
        return found
    for form in (characteristic_pt, pt_static, x_pt_static, keyword_grant, as_though_haste, keyword_loss, base_pt,
                 enchanted_creature_loses_all):
        found = form(bare, words)
        if found is not None:
            return found
    return None
