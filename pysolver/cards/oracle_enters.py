"""Oracle compiler forms of untapping and entering (issue 13): what doesn't untap during its
controller's untap step because of another permanent's static ability ("Enchanted creature
doesn't untap during its controller's untap step", "Islands don't untap during their controllers'
untap steps", CR 502.3, 604.1, 611.3a), and what a permanent enters with (CR 614.1c, 614.12,
122.6).  Called by pysolver.cards.oracle for a line no other form read, with the compiler's
readers (EntersWords; this module imports nothing of the package); each form returns (compiled
data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable, NamedTuple

Form = tuple[list[tuple[str, Any]], str]


class EntersWords(NamedTuple):
    """What the Oracle compiler lends the forms."""

    group: Callable[[str], tuple[str, dict[str, Any], bool] | None]  # "Enchanted creature" -> (whose, filter, enchanted)


LAND_TYPES = {"Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate", "Cave", "Locus"}
UNTAP_STEP = r"during (?:its controller's|their controllers') untap steps?"


def untap_static(bare: str, words: EntersWords) -> Form | None:
    """CR 502.3, 604.1: "Enchanted creature doesn't untap during its controller's untap step",
    "Enchanted permanent doesn't untap ...", "Blue creatures don't untap during their controllers'
    untap steps": a static ability whose effect keeps the objects it affects tapped in their
    controllers' untap steps (asp/actions.lp); it applies while its source has it (an Aura that
    enchants nothing affects nothing)."""
    m = re.fullmatch(rf"(.+?) (?:doesn't|don't) untap {UNTAP_STEP}", bare)
    if not m or m.group(1) in ("~", "It", "it") or re.search(r"\b(?:next|chosen|with|that|if|unless)\b", m.group(1)):
        return None
    found = words.group(m.group(1))
    if found is None:
        return None
    whose, spec, enchanted = found
    if enchanted and not bare.startswith("Enchanted "):
        return None  # "Equipped creature": an Equipment's attachment, which this form doesn't read
    alternatives = spec.get("any_of", [spec])
    if spec.get("other") or any("keywords" in each for each in alternatives + [spec]):
        return None  # a static ability's objects are never chosen by keywords here (layer 6 grants them)
    if any(kind not in LAND_TYPES for each in alternatives + [spec] for kind in each.get("subtypes", [])):
        return None  # a creature type: a changeling has every one (CR 702.73a), which a filter doesn't judge
    static: dict[str, Any] = {"affects": spec, "whose": whose, **({"enchanted": True} if enchanted else {}),
                              "doesnt_untap": True}
    return ([("ability", {"static": static})],
            "a static ability: the objects it affects don't untap during their controllers' untap steps "
            "(CR 502.3, 604.1)")


def enters_tapped_and_held(bare: str) -> Form | None:
    """CR 614.1c, 502.3: "~ enters tapped and doesn't untap during your untap step"."""
    if re.fullmatch(r"~ enters tapped and doesn't untap during your untap step", bare):
        return ([("card", {"enters_tapped": True}), ("card", {"doesnt_untap": True})],
                "it enters tapped (CR 614.1c) and doesn't untap during its controller's untap step (502.3)")
    return None


def enters_form(bare: str, card: dict[str, Any], words: EntersWords) -> Form | None:
    """The forms of this module, in turn."""
    for form in (lambda: untap_static(bare, words), lambda: enters_tapped_and_held(bare)):
        found = form()
        if found is not None:
            return found
    return None
