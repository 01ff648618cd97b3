"""Oracle compiler forms of choices made as a permanent enters (CR 614.12; 607.1: the choice is
linked to the abilities that refer to it): "As ~ enters, choose a creature type",
"~ is the chosen type in addition to its other types", and the words that read the choice
("Creatures you control of the chosen color get +1/+0": the filter ``chosen``, judged per source
by asp/filter_conditions.lp).  Called by pysolver.cards.oracle; each form returns (compiled
data, why) or None.  This module imports nothing of the package."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx

Form = tuple[list[tuple[str, Any]], str]

# The choices of a type (CR 205.3: a creature type, a land type, a card type): "choose a creature
# type" -> "creature".
CHOOSES_TYPE = re.compile(r"\bchoose (?:an? |two |one )?([\w ]*?) ?types?\b")


# CR 205.2a: the card types.
CARD_TYPE_WORDS = ("artifact", "battle", "conspiracy", "creature", "dungeon", "enchantment", "instant", "kindred",
                   "land", "phenomenon", "plane", "planeswalker", "scheme", "sorcery", "vanguard")
# CR 614.12, 205.2a: "As ~ enters, choose artifact, creature, enchantment, instant, or sorcery", "..., choose a
# card type other than creature or land".
CARD_TYPE_CHOICE = re.compile(r"As ~ enters(?: the battlefield)?, choose (?:(?P<list>(?:[a-z]+, )+or [a-z]+)"
                              r"|a card type other than (?P<not1>[a-z]+) or (?P<not2>[a-z]+))")


def card_type_options(bare: str) -> list[str] | None:
    """The card types a card chooses among as it enters (CR 614.12, 205.2a), or None."""
    m = CARD_TYPE_CHOICE.fullmatch(bare)
    if not m:
        return None
    if m.group("list"):
        words = rx.split(r", (?:or )?", m.group("list"))
        if len(set(words)) != len(words) or not set(words) <= set(CARD_TYPE_WORDS):
            return None
    else:
        if not {m.group("not1"), m.group("not2")} <= set(CARD_TYPE_WORDS):
            return None
        words = [w for w in CARD_TYPE_WORDS if w not in (m.group("not1"), m.group("not2"))]
    return [w.capitalize() for w in words]


def card_type_chosen(bare: str) -> Form | None:
    """CR 614.12, 205.2a: a card type chosen as it enters: one of those it names (`pysolver next`
    gives an outcome for each; a board states the one chosen, chosen: {card_type: Artifact})."""
    options = card_type_options(bare)
    if options is None:
        return None
    return ([("card", {"chooses_as_it_enters": {"card_type": options}})],
            "a card type chosen as it enters (CR 614.12, 205.2a): the board states it (chosen: {card_type: ..}); "
            "next gives an outcome for each")


def chosen_kinds(body: str) -> str:
    """CR 607.1: "the chosen type" is the creature type (or basic land type) chosen, when the
    card's only choice of a type is "choose a creature type" ("choose a basic land type"): the
    phrase then reads "the chosen creature type" ("the chosen basic land type"); so is it the card
    type chosen when the card's only choice is one of card types ("the chosen card type"); any other
    card keeps the words, which no form reads."""
    card_choices = [line for line in body.splitlines() if card_type_options(line.rstrip(".")) is not None]
    if card_choices:
        if len(card_choices) != 1 or CHOOSES_TYPE.search(body.replace(card_choices[0], "")):
            return body
        return rx.sub(r"\bthe chosen type\b", "the chosen card type", body)
    kinds = set(CHOOSES_TYPE.findall(body))
    if len(kinds) != 1 or not kinds <= {"creature", "basic land"}:
        return body
    return rx.sub(r"\bthe chosen type\b", f"the chosen {kinds.pop()} type", body)


def creature_type_chosen(bare: str) -> Form | None:
    """CR 614.12, 205.3m: "As ~ enters, choose a creature type": the board states the type chosen
    (chosen: {creature_type: Elf}); `pysolver next` doesn't choose among every creature type."""
    if not rx.fullmatch(r"As ~ enters(?: the battlefield)?, choose a creature type", bare):
        return None
    return ([("card", {"chooses_as_it_enters": {"creature_type": True}})],
            "a creature type chosen as it enters (CR 614.12): the board states it (chosen: {creature_type: ..})")


def basic_land_type_chosen(bare: str) -> Form | None:
    """CR 614.12, 205.3i: "As ~ enters, choose a basic land type": one of five (`pysolver next`
    gives an outcome for each; a board states the one chosen, chosen: {basic_land_type: Island})."""
    if not rx.fullmatch(r"As ~ enters(?: the battlefield)?, choose a basic land type", bare):
        return None
    return ([("card", {"chooses_as_it_enters": {"basic_land_type": True}})],
            "a basic land type chosen as it enters (CR 614.12): the board states it (chosen: {basic_land_type: ..}); "
            "next gives an outcome for each of the five")


def chosen_land_type(bare: str) -> Form | None:
    """CR 305.7, 613.1d, 607.1: "Enchanted land is the chosen type", "~ is the chosen type [in
    addition to its other types]" (of a card that chooses a basic land type): a layer-4 effect
    that sets (or adds) the basic land type chosen as its source entered (asp/objects.lp); a
    land whose subtype is set loses the abilities of its rules text and has the chosen type's
    mana ability (305.6, 305.7)."""
    m = rx.fullmatch(r"(Enchanted land|~) is the chosen basic land type( in addition to its other (?:land )?types)?",
                     bare)
    if not m:
        return None
    reach: dict[str, Any] = ({"affects": {"types": ["Land"]}, "whose": "any", "enchanted": True}
                             if m.group(1) == "Enchanted land" else {"affects": {}, "whose": "any", "self": True})
    how = "add" if m.group(2) else "set"
    return ([("ability", {"static": {**reach, "chosen_land_type": how}})],
            f"a land type effect: it {'adds' if how == 'add' else 'sets'} the basic land type chosen as its "
            "source entered (CR 305.7, 613.1d, 607.1)")


def chosen_type_added(bare: str) -> Form | None:
    """CR 205.1b, 613.1d, 607.1: "~ is the chosen type in addition to its other types" (of a card
    that chooses a creature type): a layer-4 effect that gives its source the creature type
    chosen as it entered (asp/objects.lp)."""
    if not rx.fullmatch(r"~ is the chosen creature type in addition to its other (?:creature )?types", bare):
        return None
    return ([("ability", {"static": {"affects": {}, "whose": "any", "self": True,
                                     "add_chosen_subtype": "creature_type"}})],
            "it is the creature type chosen as it entered as well (CR 205.1b, 613.1d, 607.1)")


COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
AS_IT_ENTERS = r"As ~ enters(?: the battlefield)?, "
# CR 614.12b: "• Khans — [ability]" after "As ~ enters, choose Khans or Dragons".
ANCHOR_LINE = re.compile(r"^• ([^—\n]+?) — ", re.M)
# One choice of several made as it enters ("choose a color and a creature type"): its kind as
# card data (chooses_as_it_enters) and the options.
CHOICE_PARTS = {"a color": ("color", list("WUBRG")), "a creature type": ("creature_type", True),
                "a basic land type": ("basic_land_type", True), "a player": ("player", "any"),
                "an opponent": ("player", "opponent")}


def anchors(oracle: str) -> list[str]:
    """The anchor words of a card's text (CR 614.12b): each bullet's word before its dash."""
    return ANCHOR_LINE.findall(oracle)


def choice_of_two(bare: str, card: dict[str, Any]) -> Form | None:
    """CR 614.12, 614.12b: "As ~ enters, choose black or red": one of two colors (105.1);
    "As ~ enters, choose Khans or Dragons" with the bullets "• Khans — [ability]" and
    "• Dragons — [ability]": the anchor word chosen, linked to the bullet's ability (607.2m:
    the permanent has the ability only as long as its word was chosen as it entered).  Two
    words that are neither (a direction, a quality) are read by no form."""
    m = rx.fullmatch(AS_IT_ENTERS + r"choose (\w+) or (\w+)", bare)
    if not m:
        return None
    words = [m.group(1), m.group(2)]
    if all(word in COLOR_LETTERS for word in words):
        return ([("card", {"chooses_as_it_enters": {"color": [COLOR_LETTERS[word] for word in words]}})],
                "one of two colors chosen as it enters (CR 614.12, 105.1): the board states it (chosen: {color: ..}); "
                "next gives an outcome for each")
    printed = anchors(card.get("oracle", ""))
    if sorted(word.lower() for word in printed) != sorted(word.lower() for word in words):
        return None
    return ([("card", {"chooses_as_it_enters": {"anchor": printed}})],
            "an anchor word chosen as it enters (CR 614.12b): the permanent has only the chosen word's ability; "
            "the board states it (chosen: {anchor: ..}); next gives an outcome for each")


def choices_made(bare: str) -> Form | None:
    """CR 614.12: "As ~ enters, choose a player", "..., secretly choose an opponent" (a player
    still in the game, 800.4a), "..., choose a color and a creature type": the board states
    each choice (chosen: {player: Bob, color: G, ...}); `pysolver next` gives an outcome for
    each player, color or basic land type, and refuses to choose a creature type."""
    m = rx.fullmatch(AS_IT_ENTERS + r"(?:secretly )?choose (an? [a-z ]+?)(?: and (an? [a-z ]+))?", bare)
    if not m or not all(part in CHOICE_PARTS for part in filter(None, m.groups())):
        return None
    parts = [CHOICE_PARTS[part] for part in filter(None, m.groups())]
    if len({kind for kind, _ in parts}) != len(parts) or (len(parts) == 1 and parts[0][0] != "player"):
        return None  # a single color, creature type or land type: the forms above and oracle_enters.py
    said = " and ".join(part for part in m.groups() if part)
    return ([("card", {"chooses_as_it_enters": dict(parts)})],
            f"{said} chosen as it enters (CR 614.12): the board states the choice (chosen:); next gives an "
            "outcome for each option it can list")


def anchored(line: str, card: dict[str, Any], compiled: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """CR 614.12b, 607.2m: the abilities of a line "• [anchor word] — [ability]" whose word the
    card chooses as it enters: each kept with its ``anchor`` (asp/objects.lp gives the
    permanent the ability only while that word is the one chosen).  Raises ValueError (with
    the reason) for compiled data that isn't an ability of a kind an anchor can gate."""
    m = ANCHOR_LINE.match(line)
    words = (card.get("chooses_as_it_enters") or {}).get("anchor") if isinstance(
        card.get("chooses_as_it_enters"), dict) else None
    if not m or not words or m.group(1) not in words:
        return compiled
    gated = []
    for kind, data in compiled:
        (name, spec), = data.items() if kind == "ability" and isinstance(data, dict) else [(None, None)]
        if name not in ("triggered", "activated", "static"):
            raise ValueError("an anchored ability (CR 614.12b) of a kind no rule gates by the word chosen: "
                             f"{name or kind}")
        gated.append((kind, {name: {**spec, "anchor": m.group(1)}}))
    return gated


# The filters a color effect of the chosen color may judge (after layer 4, CR 613.1e): types,
# subtypes and supertypes only, never a color (the effect's own layer) nor power or keywords.
COLOR_REACH_KEYS = {"types", "not_types", "subtypes", "supertypes", "not_supertypes"}


def chosen_color_set(bare: str, card: dict[str, Any],
                     subject: Callable[[str], dict[str, Any] | None]) -> Form | None:
    """CR 613.1e, 105.2, 607.1: "Enchanted land is the chosen color", "~ is the chosen color",
    "All nonland permanents are the chosen color" (of a card that chooses one color as it
    enters, 614.12): a layer-5 effect that makes the affected the color chosen as its source
    entered, and no other; in timestamp order with the other color effects (613.7;
    asp/objects.lp).  A subject whose filter reads more than types (a color, power, keywords)
    isn't read here."""
    m = rx.fullmatch(r"(.+?) (?:is|are) the chosen color", bare)
    if not m or not rx.search(r"\bchoose a color\b(?! and)", card.get("oracle", "")):
        return None
    reach = subject(m.group(1))
    if reach is None or set(reach["affects"]) - COLOR_REACH_KEYS or set(reach) - {
            "affects", "whose", "self", "enchanted"}:
        return None
    return ([("ability", {"static": {**reach, "chosen_color": "set"}})],
            "a color effect: the affected are the color chosen as its source entered, and no other "
            "(CR 613.1e, 105.2, 607.1); none chosen, no effect")


def chosen_protection(bare: str, card: dict[str, Any],
                      subject: Callable[[str], dict[str, Any] | None]) -> Form | None:
    """CR 702.16a, 607.1: "~ has protection from the chosen color", "Enchanted creature has
    protection from the chosen color", "All Slivers have protection from the chosen color" (of a
    card that chooses one color as it enters, 614.12): a static ability that grants protection
    from the color chosen as its source entered (asp/protection.lp judges it per source)."""
    m = rx.fullmatch(r"(.+?) (?:has|have) protection from the chosen color", bare)
    if not m or not rx.search(r"\bchoose a color\b(?! and)", card.get("oracle", "")):
        return None
    reach = subject(m.group(1))
    if reach is None or set(reach) - {"affects", "whose", "self", "enchanted"}:
        return None
    return ([("ability", {"static": {**reach, "grant_keywords": ["Protection from the chosen color"]}})],
            "a static ability that grants protection from the color chosen as its source entered "
            "(CR 702.16a, 613.1f, 607.1); none chosen, from no color")


def chosen_form(bare: str, card: dict[str, Any]) -> Form | None:
    """The forms of this module, in turn."""
    return (creature_type_chosen(bare) or card_type_chosen(bare) or chosen_type_added(bare)
            or basic_land_type_chosen(bare) or chosen_land_type(bare) or choice_of_two(bare, card)
            or choices_made(bare))


def misplaced_choice(compiled: list[tuple[str, Any]]) -> str | None:
    """Why a line's compiled data can't keep a filter "of the chosen color/type": the rules judge
    it per source only in a static ability's ``affects`` and a trigger's event (asp/filter_conditions.lp,
    asp/actions.lp; the card loader names the events), for a creature type or a card type, in the
    spells a cost change applies to (asp/cost_changes.lp), and for a color or a creature type, in the
    source of a damage prevention or replacement (asp/damage.lp), and in a layer 7 count of permanents
    (asp/power_toughness.lp, for each source), never in another count; None when every such filter is there."""
    def found(data: Any, path: tuple) -> bool:
        if isinstance(data, list):
            return any(found(each, path) for each in data)
        if not isinstance(data, dict):
            return False
        if path[-1:] == ("count",) and "static" in path and {"per", "cda"} & set(path) and "also" not in path \
                and data.get("zone", "battlefield") == "battlefield" and isinstance(data.get("filter"), dict):
            # a layer 7 count of permanents "of the chosen color": counted for each source
            # (asp/power_toughness.lp pt_chosen_hit)
            rest = {**data, "filter": {key: value for key, value in data["filter"].items() if key != "chosen"}}
            return any(found(value, path + (key,)) for key, value in rest.items())
        judged_here = path[-2:] in (("static", "affects"), ("when", "filter")) or (  # asp/cost_changes.lp
            path[-2:] == ("cost_change", "spells") and data.get("chosen") in ("creature_type", "card_type")) or (
            path[-3:] == ("damage_replacement", "from", "filter")  # asp/damage.lp: a damage source
            and data.get("chosen") in ("color", "creature_type"))
        if "chosen" in data and not judged_here:
            return True
        return any(found(value, path + (key,)) for key, value in data.items())

    if any(found(data, (kind,)) for kind, data in compiled if kind == "ability"):
        return ("the objects of the chosen color or type are judged only for the objects a static ability "
                "affects (CR 607.1): not understood here")
    return None
