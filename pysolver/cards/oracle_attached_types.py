"""Oracle compiler form of an Aura's or Equipment's static ability that changes the permanent
it is attached to and adds to its types (issue 13): "Equipped creature gets +1/+0 and is a
Knight in addition to its other types", "Enchanted creature gets +2/+2, has flying, and is a
Demon in addition to its other types", "Equipped creature gets +3/+0 and is every creature
type", "Equipped creature gets +1/+1 and is an artifact in addition to its other types", "Equipped creature gets +2/+1,
has ward {1}, and is a Knight in addition to its other types", "Enchanted creature has base power and toughness
1/1, has deathtouch, and is an Assassin in addition to its other types".

One effect in several layers (CR 613.6): the types it adds (layer 4, 613.1d: a creature type,
205.1b, every creature type, 205.3m, or a card type, 205.1a) and what it gives beside
(power and toughness, 613.4c, or base power and toughness, 613.4b; keywords, 613.1f), read by
oracle_pt's forms.  The format
keeps one static ability per layer: the addition first, then the rest (asp/objects.lp,
asp/power_toughness.lp).  Called by pysolver.cards.oracle for a line no other form read; it
returns (compiled data, why) or None (then the line stays not understood)."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx
from pysolver.cards.oracle_pt import PtWords, base_pt, keyword_grant, keywords_granted, pt_static

Form = tuple[list[tuple[str, Any]], str]

# "<Enchanted|Equipped> creature <parts>", one part "is <types> in addition to its other types" (or "is every
# creature type"), the others what oracle_pt reads ("gets +N/+M", "has base power and toughness N/M", "has
# <keywords>"), joined by commas and "and": "gets +2/+1, has ward {1}, and is a Knight in addition to its other
# types", "has base power and toughness 1/1, has deathtouch, and is an Assassin ...", "is a Wizard in addition to
# its other types and has flying".
ADDS = re.compile(r"(?P<group>(?:Enchanted|Equipped) creature) (?:(?P<before>.+?),? and |(?P<middle>.+?), )?is "
                  r"(?P<what>every creature type|all creature types|an? (?P<types>[A-Za-z\- ]+?) in addition to its "
                  r"other (?:creature )?types)(?P<after>,? and .+)?")
CARD_TYPES = {"artifact": "Artifact", "enchantment": "Enchantment"}


def _rest(group: str, parts: str, words: PtWords) -> Form | None:
    """"gets +2/+1, has ward {1}" -> what oracle_pt reads of "Equipped creature gets +2/+1 and has ward {1}"."""
    joined = rx.sub(r",? and (?=(?:has|have|gets?) )|, (?=(?:has|have|gets?) )", " and ", parts)
    bare = f"{group} {joined}"
    return pt_static(bare, words) or base_pt(bare, words) or keyword_grant(bare, words)


def attached_types(bare: str, words: PtWords, is_creature_type: Callable[[str], bool]) -> Form | None:
    """CR 613.1d, 205.1b, 205.3m, 613.4b-c, 613.1f: the static abilities (the types added, then
    the power, toughness and keywords), or None when the line is not this form."""
    m = ADDS.fullmatch(bare)
    if not m:
        return None
    parts = " and ".join(part for part in (m.group("before") or m.group("middle"),
                                           rx.sub(r"^,? and ", "", m.group("after") or "")) if part)
    found = _rest(m.group("group"), parts, words) if parts else ([], "")
    if found is None or len(found[0]) > 1:
        return None
    added: dict[str, Any] = {"affects": {"types": ["Creature"]}, "whose": "any", "enchanted": True}
    for _, rest in found[0]:
        static = rest["static"]
        if not static.get("enchanted") or set(static) - {"affects", "whose", "enchanted", "pt", "base_pt",
                                                         "grant_keywords"}:
            return None
        added = {"affects": static["affects"], "whose": static["whose"], "enchanted": True}
    kinds = (m.group("types") or "").split(" ")
    if m.group("types") is None:  # CR 205.3m: "is every creature type"
        added["add_subtypes"] = "all_creature_types"
        what = "every creature type (205.3m)"
    elif len(kinds) == 1 and kinds[0] in CARD_TYPES:  # CR 205.1a
        added["add_types"] = [CARD_TYPES[kinds[0]]]
        what = f"the card type {CARD_TYPES[kinds[0]]} (205.1a)"
    elif all(is_creature_type(kind) for kind in kinds):  # CR 205.1b: "an Angel Warrior"
        added["add_subtypes"] = kinds
        what = f"the creature type{'s' if len(kinds) > 1 else ''} {' '.join(kinds)} (205.1b)"
    else:  # a color, a supertype ("a legendary Soldier", 205.4), a card type beside a creature type: no such form
        return None
    why = (f"a static ability of an Aura or Equipment: the permanent it is attached to is {what} in addition to "
           "its other types (layer 4, CR 613.1d)")
    if found[0]:
        why += f", and {found[1][0].lower()}{found[1][1:]}"
    return [("ability", {"static": added}), *found[0]], why


# "<group> are <creature types> in addition to their other types" and the parts oracle_pt reads beside it: "Other
# creatures you control are Assassins in addition to their other types", "Creatures you control have base power and
# toughness 6/6 and are Oozes in addition to their other types", "Each creature with a gold counter on it is a Wall
# in addition to its other creature types and has defender".
GROUP_ADDS = re.compile(r"(?P<group>.+?) (?:(?P<before>(?:have|has) .+?),? and )?(?:are|is) (?:an? )?"
                        r"(?P<types>[A-Z][A-Za-z\-]+(?: [A-Z][A-Za-z\-]+)*) in addition to (?:its|their) other "
                        r"(?:creature )?types(?P<after>,? and (?:have|has) .+)?")
# What a group adding creature types may choose its objects by: the characteristics layer 4 judges as printed
# (asp/objects.lp matches_printed), never a subtype another addition could give (CR 613.8a).
GROUP_KEYS = {"types", "not_types", "supertypes", "not_supertypes", "colors", "not_colors", "other", "token",
              "with_counter", "with_counters", "commander"}


def group_types(bare: str, words: PtWords, is_creature_type: Callable[[str], bool],
                subject: Callable[[str], dict[str, Any] | None]) -> Form | None:
    """CR 205.1b, 613.1d, 613.4b, 613.1f: the creature types a static ability adds to the creatures of a group,
    then what the same effect gives beside (base power and toughness, keywords), or None."""
    m = GROUP_ADDS.fullmatch(bare)
    if not m or rx.match(r"(?:Enchanted|Equipped|It|They|That|Those|As long as|During)\b", m.group("group")):
        return None
    static = subject(m.group("group"))
    if static is None or static.get("self") or static.get("enchanted") or set(static) != {"affects", "whose"} or (
            set(static["affects"]) - GROUP_KEYS) or "Creature" not in static["affects"].get("types", []):
        return None  # CR 205.3d: creature types are added to creatures only (this form: a group of creatures)
    parts = " and ".join(part for part in (m.group("before"), rx.sub(r"^,? and ", "", m.group("after") or ""))
                         if part)
    found = _rest(m.group("group"), parts, words) if parts else ([], "")
    if found is None or len(found[0]) > 1 or any(
            set(rest["static"]) - {"affects", "whose", "base_pt", "grant_keywords"} or
            rest["static"]["affects"] != static["affects"] for _, rest in found[0]):
        return None
    kinds = [_singular(kind, is_creature_type) for kind in m.group("types").split(" ")]
    if not all(kinds):
        return None
    added = {**static, "add_subtypes": kinds}
    why = (f"a static ability: the creatures it affects are {' '.join(k for k in kinds if k)} in addition to their "
           "other types (layer 4, CR 205.1b, 613.1d)")
    if found[0]:
        why += f", and {found[1][0].lower()}{found[1][1:]}"
    return [("ability", {"static": added}), *found[0]], why


def _singular(word: str, is_creature_type: Callable[[str], bool]) -> str | None:
    """"Assassins" -> "Assassin", "Elves" -> "Elf", "Wall" -> "Wall": the creature type, or None."""
    for each in (word, word[:-1] if word.endswith("s") else "", rx.sub(r"ves$", "f", word), rx.sub(r"ies$", "y", word),
                 word[:-2] if word.endswith("es") else ""):
        if each and is_creature_type(each):
            return each
    return None


# "Enchanted creature loses all abilities and is a blue Frog creature with base power and toughness 1/1", "Enchanted
# creature is a Treefolk with base power and toughness 0/4 and loses all abilities": what an Aura makes of the creature
# it enchants, one effect in several layers (CR 613.6).
SETS = re.compile(r"Enchanted creature (?P<before>loses all abilities and )?is an? (?P<colors>(?:(?:white|blue|black|"
                  r"red|green)(?:,? and |, | ))*)(?P<kinds>[A-Z][A-Za-z\-]*(?: [A-Z][A-Za-z\-]*)*)(?P<creature> "
                  r"creature)? with base power and toughness (?P<power>\d+)/(?P<toughness>\d+)(?P<after> and loses all "
                  r"abilities)?")
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def attached_sets(bare: str, is_creature_type: Callable[[str], bool]) -> Form | None:
    """CR 613.6: the static abilities of an Aura that sets, for the creature it enchants, its card types to
    Creature ("is a Frog creature", layer 4, 205.1a: it keeps its supertypes) and its colors ("blue", layer 5,
    105.2, 613.1e), its creature types (layer 4, 205.1b: its other creature types go), takes its abilities
    (layer 6, 613.1f) and sets its base power and toughness (layer 7b, 613.4b); None when the line is not this
    form."""
    m = SETS.fullmatch(bare)
    if not m or (m.group("before") and m.group("after")):
        return None
    kinds = m.group("kinds").split(" ")
    colors = [COLORS[word] for word in rx.split(r",? and |, | ", m.group("colors").strip()) if word]
    if not all(is_creature_type(kind) for kind in kinds) or len(set(colors)) != len(colors):
        return None
    enchanted: dict[str, Any] = {"affects": {}, "whose": "any", "enchanted": True}
    compiled: list[tuple[str, Any]] = []
    parts = []
    if m.group("creature") or colors:
        sets: dict[str, Any] = dict(enchanted)
        if m.group("creature"):
            sets["set_card_types"] = ["Creature"]
            parts.append("its card type is Creature (layer 4, CR 205.1a)")
        if colors:
            sets["set_colors"] = colors
            parts.append("its colors are those named (layer 5, 105.2, 613.1e)")
        compiled.append(("ability", {"static": sets}))
    compiled.append(("ability", {"static": {**enchanted, "set_subtypes": kinds}}))
    parts.append("its creature types are those named (layer 4, 205.1b)")
    if m.group("before") or m.group("after"):
        compiled.append(("ability", {"static": {**enchanted, "lose_abilities": True}}))
        parts.append("it loses all abilities (layer 6, 613.1f)")
    compiled.append(("ability", {"static": {"affects": {"types": ["Creature"]}, "whose": "any", "enchanted": True,
                                            "base_pt": {"power": int(m.group("power")),
                                                        "toughness": int(m.group("toughness"))}}}))
    parts.append("its base power and toughness are those named (layer 7b, 613.4b)")
    return compiled, "a static ability of an Aura, one effect in several layers (CR 613.6): " + "; ".join(parts)


# "Enchanted land is a 2/6 white Wall creature with defender. It's still a land." (the Zendikons): what an Aura makes of
# the land it enchants, one effect in several layers (CR 613.6), the land keeping its card types and subtypes (205.1b).
ANIMATES = re.compile(r"Enchanted land is an? (?P<power>\d+)/(?P<toughness>\d+) (?P<colors>(?:(?:white|blue|black|red|"
                      r"green)(?:,? and |, | ))*)(?P<kinds>[A-Z][A-Za-z\-]*(?: [A-Z][A-Za-z\-]*)*) creature"
                      r"(?: with (?P<keywords>[a-z][a-z ,]*?))?\. It's still a land")


def attached_land_animated(bare: str, words: PtWords, is_creature_type: Callable[[str], bool]) -> Form | None:
    """CR 613.6, 205.1b: the static abilities of an Aura that makes the land it enchants a creature with creature
    types in addition to its types (layer 4, 613.1d), of the colors named and no other (layer 5, 105.2, 613.1e), with
    keywords (layer 6, 613.1f) and base power and toughness (layer 7b, 613.4b); None when the line is not this form."""
    m = ANIMATES.fullmatch(bare)
    if not m:
        return None
    kinds = m.group("kinds").split(" ")
    colors = [COLORS[word] for word in rx.split(r",? and |, | ", m.group("colors").strip()) if word]
    keywords = keywords_granted(m.group("keywords"), words) if m.group("keywords") else []
    if not all(is_creature_type(kind) for kind in kinds) or len(set(colors)) != len(colors) or keywords is None:
        return None
    land: dict[str, Any] = {"affects": {"types": ["Land"]}, "whose": "any", "enchanted": True}
    creature: dict[str, Any] = {"affects": {"types": ["Creature"]}, "whose": "any", "enchanted": True}
    compiled: list[tuple[str, Any]] = [("ability", {"static": {**land, "add_types": ["Creature"]}}),
                                       ("ability", {"static": {**land, "add_subtypes": kinds}})]
    parts = ["it is a creature of those creature types in addition to its types (layer 4, CR 613.1d, 205.1b)"]
    if colors:
        compiled.append(("ability", {"static": {**land, "set_colors": colors}}))
        parts.append("its colors are those named (layer 5, 105.2, 613.1e)")
    if keywords:
        compiled.append(("ability", {"static": {**creature, "grant_keywords": keywords}}))
        parts.append("it has those keywords (layer 6, 613.1f)")
    compiled.append(("ability", {"static": {**creature, "base_pt": {"power": int(m.group("power")),
                                                                   "toughness": int(m.group("toughness"))}}}))
    parts.append("its base power and toughness are those named (layer 7b, 613.4b)")
    return compiled, "a static ability of an Aura, one effect in several layers (CR 613.6): " + "; ".join(parts)
