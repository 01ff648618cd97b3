"""Oracle compiler forms of choices made as a permanent enters (CR 614.12; 607.1: the choice is
linked to the abilities that refer to it): "As ~ enters, choose a creature type",
"~ is the chosen type in addition to its other types", and the words that read the choice
("Creatures you control of the chosen color get +1/+0": the filter ``chosen``, judged per source
by asp/filter_conditions.lp).  Called by pysolver.cards.oracle; each form returns (compiled
data, why) or None.  This module imports nothing of the package."""

from __future__ import annotations

import re
from typing import Any

Form = tuple[list[tuple[str, Any]], str]

# The choices of a type (CR 205.3: a creature type, a land type, a card type): "choose a creature
# type" -> "creature".
CHOOSES_TYPE = re.compile(r"\bchoose (?:an? |two |one )?([\w ]*?) ?types?\b")


def chosen_kinds(body: str) -> str:
    """CR 607.1: "the chosen type" is the creature type (or basic land type) chosen, when the
    card's only choice of a type is "choose a creature type" ("choose a basic land type"): the
    phrase then reads "the chosen creature type" ("the chosen basic land type"); any other card
    keeps the words, which no form reads."""
    kinds = set(CHOOSES_TYPE.findall(body))
    if len(kinds) != 1 or not kinds <= {"creature", "basic land"}:
        return body
    return re.sub(r"\bthe chosen type\b", f"the chosen {kinds.pop()} type", body)


def creature_type_chosen(bare: str) -> Form | None:
    """CR 614.12, 205.3m: "As ~ enters, choose a creature type": the board states the type chosen
    (chosen: {creature_type: Elf}); `pysolver next` doesn't choose among every creature type."""
    if not re.fullmatch(r"As ~ enters(?: the battlefield)?, choose a creature type", bare):
        return None
    return ([("card", {"chooses_as_it_enters": {"creature_type": True}})],
            "a creature type chosen as it enters (CR 614.12): the board states it (chosen: {creature_type: ..})")


def basic_land_type_chosen(bare: str) -> Form | None:
    """CR 614.12, 205.3i: "As ~ enters, choose a basic land type": one of five (`pysolver next`
    gives an outcome for each; a board states the one chosen, chosen: {basic_land_type: Island})."""
    if not re.fullmatch(r"As ~ enters(?: the battlefield)?, choose a basic land type", bare):
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
    m = re.fullmatch(r"(Enchanted land|~) is the chosen basic land type( in addition to its other (?:land )?types)?",
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
    if not re.fullmatch(r"~ is the chosen creature type in addition to its other (?:creature )?types", bare):
        return None
    return ([("ability", {"static": {"affects": {}, "whose": "any", "self": True,
                                     "add_chosen_subtype": "creature_type"}})],
            "it is the creature type chosen as it entered as well (CR 205.1b, 613.1d, 607.1)")


def chosen_form(bare: str) -> Form | None:
    """The forms of this module, in turn."""
    return (creature_type_chosen(bare) or chosen_type_added(bare) or basic_land_type_chosen(bare)
            or chosen_land_type(bare))


def misplaced_choice(compiled: list[tuple[str, Any]]) -> str | None:
    """Why a line's compiled data can't keep a filter "of the chosen color/type": the rules judge
    it per source only in a static ability's ``affects`` (asp/filter_conditions.lp), never in a
    trigger's event, a count or a cost; None when every such filter is there."""
    def found(data: Any, path: tuple) -> bool:
        if isinstance(data, list):
            return any(found(each, path) for each in data)
        if not isinstance(data, dict):
            return False
        if "chosen" in data and path[-2:] != ("static", "affects"):
            return True
        return any(found(value, path + (key,)) for key, value in data.items())

    if any(found(data, (kind,)) for kind, data in compiled if kind == "ability"):
        return ("the objects of the chosen color or type are judged only for the objects a static ability "
                "affects (CR 607.1): not understood here")
    return None
