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

from pysolver.cards import patterns as rx
from pysolver.cards.oracle_ifs import cast_clause

Form = tuple[list[tuple[str, Any]], str]


class EntersWords(NamedTuple):
    """What the Oracle compiler lends the forms."""

    # "Enchanted creature" -> (whose, filter, enchanted), or None
    group: Callable[[str], tuple[str, dict[str, Any], bool] | None]
    amount: Callable[[str], Any]  # "the number of lands you control" -> an AMOUNT, or None
    number: Callable[[str], int]  # "two" -> 2


LAND_TYPES = {"Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate", "Cave", "Locus"}
UNTAP_STEP = r"during (?:its controller's|their controllers') untap steps?"


def untap_static(bare: str, words: EntersWords) -> Form | None:
    """CR 502.3, 604.1: "Enchanted creature doesn't untap during its controller's untap step[ unless that
    player is the monarch]" (722.1),
    "Enchanted permanent doesn't untap ...", "Blue creatures don't untap during their controllers'
    untap steps": a static ability whose effect keeps the objects it affects tapped in their
    controllers' untap steps (asp/actions.lp); it applies while its source has it (an Aura that
    enchants nothing affects nothing)."""
    m = rx.fullmatch(rf"(.+?) (?:doesn't|don't) untap {UNTAP_STEP}(?P<monarch> unless that player is the monarch)?",
                     bare)
    if not m or m.group(1) in ("~", "It", "it") or rx.search(r"\b(?:next|that|if|unless)\b", m.group(1)):
        return None
    found = words.group(m.group(1))
    if found is None:
        return None
    whose, spec, enchanted = found
    if any(key.startswith(("power_", "toughness_")) for each in spec.get("any_of", []) + [spec] for key in each):
        return None  # objects chosen by their power (layer 7), which a static ability's filter doesn't read here
    if enchanted and not bare.startswith("Enchanted "):
        return None  # "Equipped creature": an Equipment's attachment, which this form doesn't read
    alternatives = spec.get("any_of", [spec])
    if spec.get("other") or any("keywords" in each for each in alternatives + [spec]):
        return None  # a static ability's objects are never chosen by keywords here (layer 6 grants them)
    static: dict[str, Any] = {"affects": spec, "whose": whose, **({"enchanted": True} if enchanted else {}),
                              "doesnt_untap": True}
    if m.group("monarch"):  # CR 722.1: the designation of the affected object's controller, as the board has it
        static["doesnt_untap_unless"] = "monarch"
    return ([("ability", {"static": static})],
            "a static ability: the objects it affects don't untap during their controllers' untap steps "
            "(CR 502.3, 604.1)" + (", unless that controller is the monarch (722.1)" if m.group("monarch") else ""))


def untap_limit(bare: str, words: EntersWords) -> Form | None:
    """CR 502.3: "Players can't untap more than one artifact during their untap steps", "You can't
    untap more than one land during your untap step": in the untap step of a player it restricts,
    that player untaps one of the permanents of the kind that would untap, of their choice
    (asp/actions.lp)."""
    m = rx.fullmatch(r"(Players|You) can't untap more than one (.+?) during (?:their untap steps|your untap step)",
                     bare)
    if not m:
        return None
    found = words.group(m.group(2)[0].upper() + m.group(2)[1:] + "s")
    if found is None or found[0] != "any" or found[2]:
        return None
    spec = found[1]
    alternatives = spec.get("any_of", [spec])
    if spec.get("other") or any("keywords" in each for each in alternatives + [spec]):
        return None
    return ([("card", {"untap_limit": {"whose": "any" if m.group(1) == "Players" else "you", "filter": spec}})],
            "a player it restricts untaps only one permanent of that kind in their untap step (CR 502.3)")


def enters_tapped_and_held(bare: str) -> Form | None:
    """CR 614.1c, 502.3: "~ enters tapped and doesn't untap during your untap step"."""
    if rx.fullmatch(r"~ enters tapped and doesn't untap during your untap step", bare):
        return ([("card", {"enters_tapped": True}), ("card", {"doesnt_untap": True})],
                "it enters tapped (CR 614.1c) and doesn't untap during its controller's untap step (502.3)")
    return None


COUNT_WORD = r"(an?|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
KIND = r"([\w+/\-]+)"
ON_IT = r"on (?:it|him|her|them)"
# What happened this turn or while the spell was cast (CR 601.2h mana spent, 702.33d kicked, 702.51
# convoke, 702.140 mutate...): no board records it, so `pysolver next` refuses to put the permanent
# onto the battlefield (naming the condition) rather than guess.
HISTORY = re.compile(r"\bthis turn\b|\bspent to cast\b|\bcast it from\b|\btimes? it was kicked\b|"
                     r"\bconvoked\b|\bas you cast\b|\bthis game\b")


def _counted(amount: Any) -> bool:
    """The amounts asp/zone_change.lp counts as a permanent enters: permanents on the battlefield
    (whose, a filter), cards in graveyards (a creature type matches a changeling too, CR 702.73a),
    the greatest power or toughness among permanents (208.1), or their total power or toughness."""
    if not isinstance(amount, dict) or set(amount) not in ({"count"}, {"greatest"}, {"total"}):
        return False
    spec = amount.get("count", amount.get("greatest", amount.get("total")))["filter"]
    alternatives = spec.get("any_of", []) + [spec]
    return not any("keywords" in each or "named_chosen" in each or "chosen" in each for each in alternatives)


def own_counters(bare: str, card: dict[str, Any], words: EntersWords) -> Form | None:
    """CR 614.1c, 122.6: "~ enters with a +1/+1 counter on him" (its pronouns), "~ enters with a
    +1/+1 counter on it for each other creature you control", "~ enters with X +1/+1 counters on
    it, where X is the number of creature cards in your graveyard", "... a number of +1/+1
    counters on it equal to ...", "If ~ was kicked, it enters with two +1/+1 counters on it"
    (702.33d): a replacement effect of its own, judged as it enters (asp/zone_change.lp).  Two
    amounts in one sentence ("a +1/+1 counter on it for each other red creature you control and a
    +1/+1 counter on it for each other green creature you control", "a +1/+1 counter on it plus
    an additional +1/+1 counter on it for each ...") are two items, whose counters add up (122.6).
    A condition or amount of what happened this turn or while it was cast is kept as
    ``unjudged``: `pysolver next` refuses to put it onto the battlefield."""
    items = _counters_items(bare, words)
    if items is None:
        return None
    item = items[-1]  # what the reason says: the amount, or the condition
    if "unjudged" in item:
        item["unjudged"] = item["unjudged"].replace("~", card["name"])
    condition = item.get("if") if isinstance(item.get("if"), dict) else {}
    return ([("card", {"enters_with_counters": card.get("enters_with_counters", []) + items})],
            "it enters with counters (CR 614.1c, 122.6)" + (
                ": if it was kicked (702.33d)" if item.get("if") == "kicked" else
                ", if its controller cast that many spells this turn (601.2i: the board's spells_cast_this_turn)"
                if "spells_cast" in condition else
                ", on the mana spent to cast the spell that became it (601.2h: its stack item's mana_spent)"
                if set(condition) & SPENT_CONDITIONS or item.get("per") == "colors_spent" else
                ", if the spell that became it was cast (from that zone: 601.2a, its stack item's cast_from)"
                if condition else
                ", as many as the life its controller gained this turn (119.3: the board's life_gained)"
                if item.get("per") == "life_gained" else
                " of the kind its controller chooses: next gives an outcome for each" if "or_kind" in item else
                ", as many as an amount the board decides" if "per" in item else
                f", {item['unjudged']}: on what no board records, so next refuses to put it onto the "
                "battlefield" if "unjudged" in item else ""))


SOME_COUNTERS = rf"{COUNT_WORD} {KIND} counters? {ON_IT}"
# "a +1/+1 counter on it for each A and a +1/+1 counter on it for each B"; "N counters on it plus an
# additional +1/+1 counter on it for each A" (one more for each): two amounts, each an item.
EACH_AND_EACH = re.compile(rf"~ enters with ({SOME_COUNTERS} for each .+?) and ({SOME_COUNTERS} for each .+)")
PLUS_EACH = re.compile(rf"~ enters with ({SOME_COUNTERS}) plus an additional ({KIND} counter {ON_IT} for each .+)")
# "a +1/+1 counter, a flying counter, and a shield counter on it": counters of several kinds, each an item.
SOME_KINDS = rf"{COUNT_WORD} {KIND} counters?"
KINDS_LIST = re.compile(rf"~ enters with ((?:{SOME_KINDS}, )+(?:and )?{SOME_KINDS}|{SOME_KINDS} and {SOME_KINDS}) "
                        rf"{ON_IT}")


def _counters_items(bare: str, words: EntersWords) -> list[dict[str, Any]] | None:
    """The items of ``enters_with_counters`` one sentence says (their counters add up, CR 122.6),
    or None."""
    listed = KINDS_LIST.fullmatch(bare)
    if listed:  # CR 122.6: the counters of each kind, put together as it enters
        kinds = [rx.fullmatch(SOME_KINDS, part) for part in rx.split(r",? and |, ", listed.group(1))]
        found = [{"kind": k.group(2), "count": words.number(k.group(1))} for k in kinds if k]
        if len(found) != len(kinds) or len({each["kind"] for each in found}) != len(found):
            return None
        return found
    m = EACH_AND_EACH.fullmatch(bare)
    n = PLUS_EACH.fullmatch(bare)
    parts = (m.group(1), m.group(4)) if m else (n.group(1), "a " + n.group(4)) if n else None
    if parts is not None:
        items = [_counters_item(f"~ enters with {part}", words) or _fixed(part, words) for part in parts]
        if any(each is None or each["count"] == 0 or set(each) & {"unjudged", "if", "or_kind"} for each in items):
            return None
        return [each for each in items if each is not None]
    item = _counters_item(bare, words)
    return None if item is None or item["count"] == 0 else [item]


def _fixed(part: str, words: EntersWords) -> dict[str, Any] | None:
    """``a +1/+1 counter on it`` -> {kind: +1/+1, count: 1}, or None."""
    m = rx.fullmatch(SOME_COUNTERS, part)
    return {"kind": m.group(2), "count": words.number(m.group(1))} if m else None


def _counters_item(bare: str, words: EntersWords) -> dict[str, Any] | None:
    """One item of ``enters_with_counters``, or None."""
    m = rx.fullmatch(rf"~ enters with your choice of (two|three) different counters {ON_IT} from among (.+)", bare)
    if m:  # CR 614.1c, 614.12a: that many different kinds of those listed, its controller's choice as it enters
        kinds = rx.split(r",? and |, ", m.group(2))
        choose = words.number(m.group(1))
        if len(set(kinds)) != len(kinds) or len(kinds) <= choose or not all(rx.fullmatch(KIND, k) for k in kinds):
            return None
        return {"kind": kinds[0], "count": 1, "or_kind": kinds[1], "more_kinds": kinds[2:], "choose": choose}
    m = rx.fullmatch(rf"~ enters with your choice of an? {KIND} counter or an? {KIND} counter {ON_IT}", bare)
    if m and m.group(1) != m.group(2):  # CR 614.1c, 122.1b: its controller chooses one kind as it enters
        return {"kind": m.group(1), "count": 1, "or_kind": m.group(2)}
    m = rx.fullmatch(rf"If ~ was kicked, (?:it|~) enters with {COUNT_WORD} (?:additional )?{KIND} counters? {ON_IT}",
                     bare)
    if m:  # "three additional time counters": beside those it enters with otherwise (122.6: they add up)
        return {"kind": m.group(2), "count": words.number(m.group(1)), "if": "kicked"}
    m = rx.fullmatch(rf"~ enters with ({COUNT_WORD[1:-1]}|X) {KIND} counters? on (?:him|her|them)", bare)
    if m:  # the pronoun of a character (oracle.py reads "on it")
        return {"kind": m.group(2), "count": "X" if m.group(1) == "X" else words.number(m.group(1))}
    m = rx.fullmatch(rf"~ enters with {COUNT_WORD} {KIND} counters? {ON_IT} for each (.+)", bare)
    if m:
        return _per(m.group(2), words.number(m.group(1)), "the number of " + m.group(3), words, plural=False,
                    clause="for each " + m.group(3))
    m = rx.fullmatch(rf"~ enters with (?:X {KIND} counters {ON_IT}, (where X is)|a number of {KIND} "
                     rf"counters {ON_IT} (equal to)) (.+)", bare)
    if m:
        return _per(m.group(1) or m.group(3), 1, m.group(5), words, clause=f"{m.group(2) or m.group(4)} {m.group(5)}")
    m = rx.fullmatch(rf"(?:If (.+), ~ enters with {COUNT_WORD} {KIND} counters? {ON_IT}|"
                     rf"~ enters with {COUNT_WORD} {KIND} counters? {ON_IT} (if|unless) (.+))", bare)
    if m and HISTORY.search(m.group(1) or m.group(7)):
        item = {"kind": m.group(3) or m.group(5), "count": words.number(m.group(2) or m.group(4))}
        cast = rx.fullmatch(rf"you've cast {COUNT_WORD} or more spells this turn", m.group(1) or m.group(7))
        if cast and m.group(6) != "unless" and words.number(cast.group(1)) > 0:
            return {**item, "if": {"spells_cast": words.number(cast.group(1))}}  # CR 601.2i: the board's count
        spent = _spent_condition(m.group(1) or m.group(7), m.group(6) == "unless", words)
        if spent is not None:  # CR 601.2h: the mana spent to cast the spell that became it, as next resolves it
            return {**item, "if": spent}
        how = cast_clause(m.group(1) or m.group(7))
        if how and m.group(6) != "unless":  # CR 601.2a: the spell that became it, as next resolves it
            return {**item, "if": how}
        clause = f"if {m.group(1)}" if m.group(1) else f"{m.group(6)} {m.group(7)}"
        return {**item, "unjudged": clause}
    return None


COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
SPENT_CONDITIONS = {"colors_spent", "spent", "same_color_spent"}


def _spent_condition(clause: str, unless: bool, words: EntersWords) -> dict[str, Any] | None:
    """CR 601.2h: a condition on the mana spent to cast it: "two or more colors of mana were spent to
    cast it" ({colors_spent: {at_least: 2}}, "unless": at_most 1), "at least three white mana was spent
    to cast this spell" ({spent: {type: W, at_least: 3}}), "at least three mana of the same color was
    spent to cast it" ({same_color_spent: 3}, adamant); None for another clause."""
    m = rx.fullmatch(rf"{COUNT_WORD} or more colors of mana (?:were|was) spent to cast (?:it|~|this spell)", clause)
    if m and words.number(m.group(1)) > 0:
        least = words.number(m.group(1))
        return {"colors_spent": {"at_most": least - 1} if unless else {"at_least": least}}
    if unless:
        return None
    m = rx.fullmatch(rf"at least {COUNT_WORD} (white|blue|black|red|green) mana was spent to cast (?:it|~|this spell)",
                     clause)
    if m and words.number(m.group(1)) > 0:
        return {"spent": {"type": COLOR_WORDS[m.group(2)], "at_least": words.number(m.group(1))}}
    m = rx.fullmatch(rf"at least {COUNT_WORD} mana of the same color was spent to cast (?:it|~|this spell)", clause)
    if m and words.number(m.group(1)) > 0:
        return {"same_color_spent": words.number(m.group(1))}
    return None


def _per(kind: str, count: int, phrase: str, words: EntersWords, plural: bool = True,
         clause: str = "") -> dict[str, Any] | None:
    """``count`` counters of ``kind`` for each one of an amount; one the board doesn't record
    (turn history: ``clause``, as the card says it) is ``unjudged``; None when no form reads the
    amount."""
    if phrase == "the amount of life you've gained this turn":  # CR 119.3: the board's life_gained
        return {"kind": kind, "count": count, "per": "life_gained"}
    if rx.fullmatch(r"the number of colors? of mana spent to cast (?:it|~|this spell)", phrase):
        return {"kind": kind, "count": count, "per": "colors_spent"}  # CR 702.44a, 601.2h: the spell's mana
    if HISTORY.search(phrase):
        return {"kind": kind, "count": count, "unjudged": clause}
    if not plural:  # "for each other Kithkin you control", "for each creature card in your graveyard"
        phrase = rx.sub(r"\bcard in\b", "cards in", phrase)
    total = rx.fullmatch(r"the total (power|toughness) of (.+)", phrase)
    if total:  # CR 208.1: the sum of the powers of the permanents it counts (107.1b: a negative one as it is)
        counted = words.amount("the number of " + total.group(2))
        if not isinstance(counted, dict) or set(counted) != {"count"} or "zone" in counted["count"]:
            return None  # only permanents have a power (208.3)
        amount = {"total": {"stat": total.group(1), **counted["count"]}}
    else:
        amount = words.amount(phrase)
    if amount is None or not _counted(amount):
        return None
    return {"kind": kind, "count": count, "per": amount}


def others_enter_tapped(bare: str, card: dict[str, Any], words: EntersWords) -> Form | None:
    """CR 614.1c, 614.12: "Artifacts, creatures, and lands your opponents control enter tapped",
    "Creatures enter tapped": a replacement effect of a permanent already on the battlefield on
    each permanent of the kind entering under the control of those players (asp/zone_change.lp).
    Not when it could be of the kind itself and enter under its own controller's control: whether
    its own effect applies to it as it enters is not judged here."""
    m = rx.fullmatch(r"(.+?) enter tapped", bare)
    if not m or rx.search(r"\b(?:played|chosen|other|with|without|that|token)\b|~", m.group(1)):
        return None
    found = words.group(m.group(1))
    if found is None or found[2]:
        return None
    whose, spec, _ = found
    alternatives = spec.get("any_of", [spec])
    if any(set(each) - {"types", "supertypes", "not_supertypes", "colors"} for each in alternatives) or \
            set(spec) - {"types", "supertypes", "not_supertypes", "colors", "any_of"}:
        return None
    if whose != "opponent" and any(set(each.get("types", [])) <= set(card.get("types", [])) for each in alternatives):
        return None  # it could be of the kind itself (see above)
    return ([("card", {"others_enter_tapped": {"whose": whose, "filter": spec}})],
            "permanents of that kind enter tapped (CR 614.1c, 614.12)")


COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def color_chosen(bare: str) -> Form | None:
    """CR 614.12, 105.1: "As ~ enters, choose a color [other than green]": the colors it may
    choose, a finite set (`pysolver next` gives an outcome for each; a board states the one
    chosen, chosen: {color: ..}, and one it can't choose is refused)."""
    m = rx.fullmatch(r"As ~ enters(?: the battlefield)?, choose a color(?: other than (white|blue|black|red|green))?",
                     bare)
    if not m:
        return None
    colors = [c for c in "WUBRG" if c != COLOR_LETTERS.get(m.group(1) or "")]
    return ([("card", {"chooses_as_it_enters": {"color": colors}})],
            "a color chosen as it enters (CR 614.12): the board states it (chosen: {color: ..}); next gives an "
            "outcome for each color it may choose")


def enters_form(bare: str, card: dict[str, Any], words: EntersWords) -> Form | None:
    """The forms of this module, in turn."""
    for form in (lambda: untap_static(bare, words), lambda: enters_tapped_and_held(bare),
                 lambda: own_counters(bare, card, words), lambda: color_chosen(bare),
                 lambda: others_enter_tapped(bare, card, words), lambda: untap_limit(bare, words)):
        found = form()
        if found is not None:
            return found
    return None
