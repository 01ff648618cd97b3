"""Oracle compiler forms for `pysolver next` (issue 15): dies and cast triggers and "whenever ~
becomes tapped, it deals N damage to you" (CR 603.2, 603.6c, 603.10a), the effects next applies
on resolution (draw cards, gain or lose life) and the extra-turn spell (CR 500.7).  Called by
pysolver.cards.oracle for a line no other form read; each returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any

NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10}
WHOSE = {" you control": "you", " an opponent controls": "opponent", "": "any"}
CASTER = {"you cast": "you", "an opponent casts": "opponent", "a player casts": "any"}
SPELL_KIND: dict[str, dict[str, Any]] = {"": {}, "creature ": {"types": ["Creature"]},
                                          "noncreature ": {"not_types": ["Creature"]}}


def _amount(word: str) -> int | None:
    return int(word) if word.isdigit() else NUMBER_WORDS.get(word.lower())


def effect_do(effect: str) -> list[dict[str, Any]] | None:
    """The whole effect as the card data's `do:` (CR 121.1 draw, 119.3 gain or lose life), or None
    when any part of it is another effect (the ability then keeps only its text)."""
    done: list[dict[str, Any]] = []
    for part in re.split(r",? and (?=you |draw )|, then ", effect.rstrip(".")):
        m = re.fullmatch(r"(?:you )?draw (a|an|one|two|three|four|five|\d+) cards?", part)
        if m and _amount(m.group(1)):
            done.append({"draw": _amount(m.group(1))})
            continue
        m = re.fullmatch(r"you gain (\w+) life", part)
        if m and _amount(m.group(1)):
            done.append({"gain_life": _amount(m.group(1))})
            continue
        m = re.fullmatch(r"you lose (\w+) life", part)
        if m and _amount(m.group(1)):
            done.append({"lose_life": _amount(m.group(1))})
            continue
        return None
    return done or None


def _triggered(when: dict[str, Any], effect: str, name: str) -> dict[str, Any]:
    spec: dict[str, Any] = {"when": when}
    do = effect_do(effect)
    if do is not None:
        spec["do"] = do
    spec["text"] = effect.replace("~", name)
    return {"triggered": spec}


def next_form(bare: str, card: dict[str, Any], permanent: bool) -> tuple[list[tuple[str, Any]], str] | None:
    """Dies and cast triggers of a permanent; "Take an extra turn after this one." of a spell."""
    name = card["name"]
    if not permanent:
        if bare == "Take an extra turn after this one" and {"Instant", "Sorcery"} & set(card.get("types", [])):
            return ([("card", {"spell": {"do": [{"extra_turn": "you"}], "text": "take an extra turn after "
                                         "this one"}})], "an extra turn for its controller (CR 500.7)")
        return None
    m = re.fullmatch(r"Whenever ~ becomes tapped, (.+)", bare)
    if m and not re.match(r"if\b", m.group(1)):  # CR 603.2: not a mana ability (605.5a)
        damage = re.fullmatch(r"(?:it|~) deals (\w+) damage to you\.?", m.group(1))
        if damage and _amount(damage.group(1)):  # CR 120.3a (asp/effects.lp)
            spec = {"triggered": {"when": {"event": "becomes_tapped"}, "text": m.group(1).rstrip("."),
                                  "riders": [{"damage_to_controller": _amount(damage.group(1))}]}}
            return [("ability", spec)], "a triggered ability when it becomes tapped: damage to you (CR 603.2, 120.3a)"
        return None  # other effects: the mana query doesn't list them among a tap's effects yet
    m = re.fullmatch(r"When ~ dies, (.+)", bare)
    if m and not re.match(r"if\b", m.group(1)):  # CR 603.6c, 603.10a, 700.4
        return ([("ability", _triggered({"event": "dies"}, m.group(1), name))],
                "a triggered ability when it dies (CR 603.6c, 603.10a)")
    m = re.fullmatch(r"Whenever (a|another) (nontoken )?creature( you control| an opponent controls)? dies, "
                     r"(.+)", bare)
    if m and not re.match(r"if\b", m.group(4)):  # CR 603.2, 603.10a
        creature: dict[str, Any] = {"types": ["Creature"]}
        if m.group(1) == "another":
            creature["other"] = True
        if m.group(2):
            creature["token"] = False
        when = {"event": "dies", "filter": creature, "whose": WHOSE[m.group(3) or ""]}
        return ([("ability", _triggered(when, m.group(4), name))],
                "a triggered ability when a creature dies (CR 603.2, 603.10a)")
    m = re.fullmatch(r"Whenever (you cast|an opponent casts|a player casts) an? (creature |noncreature |)spell, "
                     r"(.+)", bare)
    if m and not re.match(r"if\b", m.group(3)):  # CR 603.2, 601.2i
        when = {"event": "cast", **({"filter": SPELL_KIND[m.group(2)]} if m.group(2) else {}),
                "whose": CASTER[m.group(1)]}
        return ([("ability", _triggered(when, m.group(3), name))],
                "a triggered ability when a spell is cast (CR 603.2, 601.2i)")
    return None
