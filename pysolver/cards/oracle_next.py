"""Oracle compiler forms for `pysolver next` (issue 15): dies and cast triggers and "whenever ~
becomes tapped, it deals N damage to you" (CR 603.2, 603.6c, 603.10a), the effects next applies
on resolution (draw cards, gain or lose life) and the extra-turn spell (CR 500.7).  Called by
pysolver.cards.oracle for a line no other form read; each returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10}
WHOSE = {" you control": "you", " an opponent controls": "opponent", "": "any"}
CASTER = {"you cast": "you", "an opponent casts": "opponent", "a player casts": "any"}


def _amount(word: str) -> int | None:
    return int(word) if word.isdigit() else NUMBER_WORDS.get(word.lower())


COUNT_WORDS = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"


def effect_do(effect: str) -> list[dict[str, Any]] | None:
    """The whole effect as the card data's `do:` (CR 121.1 draw, 119.3 gain and lose life,
    122.1 counters on this permanent), or None when any part of it is another effect (the
    ability then keeps only its text)."""
    done: list[dict[str, Any]] = []
    for part in re.split(r",? and (?=you |draw )|, then ", effect.rstrip(".")):
        m = re.fullmatch(rf"(?:you )?draw {COUNT_WORDS} cards?", part)
        if m and _amount(m.group(1)):
            done.append({"draw": _amount(m.group(1))})
            continue
        m = re.fullmatch(r"you (gain|lose) (\w+) life", part)
        if m and _amount(m.group(2)):
            done.append({f"{m.group(1)}_life": _amount(m.group(2))})
            continue
        m = re.fullmatch(rf"put {COUNT_WORDS} ([\w+/\-]+) counters? on (?:~|it)", part)
        if m and _amount(m.group(1)):  # CR 122.1: on the ability's source
            count = _amount(m.group(1))
            done.append({"counter_on_self": m.group(2) if count == 1 else {"kind": m.group(2), "count": count}})
            continue
        return None
    return done or None


def _triggered(when: dict[str, Any], effect: str, name: str) -> dict[str, Any]:
    spec: dict[str, Any] = {"when": when}
    m = re.fullmatch(r"you may (.+)", effect)
    do = effect_do(m.group(1) if m else effect)
    if do is not None:
        spec["do"] = do
        if m:  # CR 603.5: "you may": its controller chooses as it resolves
            spec["may"] = True
    spec["text"] = effect.replace("~", name)
    return {"triggered": spec}


CAST_SPELL = re.compile(r"Whenever (you cast|you cast or copy|an opponent casts|a player casts) (an?(?: [\w ,]+?)?) "
                        r"spell( with mana value (\d+) or greater| with \{X\} in its mana cost)?, (.+)")


def cast_filter(phrase: str, condition: str | None, value: str | None,
                nouns: Callable[[str], dict[str, Any] | None]) -> dict[str, Any] | None:
    """``a Spirit or Arcane``, ``an instant or sorcery``, ``a creature`` (+ ``with mana value
    7 or greater``, ``with {X} in its mana cost``): the spells a cast trigger looks for, judged
    on the card (CR 603.2, 202.3, 107.3), or None when a word isn't one of these.  ``nouns``
    reads the noun phrase (oracle.noun_filter; None when it can't)."""
    spec: dict[str, Any] | None = {}
    if phrase not in ("a", "an"):
        if re.search(r"\b(?:colorless|multicolored|historic|outlaw|kicked|wordy|another|permanent|"
                     r"Adventure|Omen|first|second|third|fourth)\b", phrase):
            return None
        spec = nouns(phrase)
        if spec is None or set(spec) - {"types", "not_types", "subtypes", "supertypes", "colors", "any_of"}:
            return None
    if condition and value:
        spec["min_mana_value"] = int(value)
    elif condition:
        spec["x_in_mana_cost"] = True
    return spec


def next_form(bare: str, card: dict[str, Any], permanent: bool,
              nouns: Callable[[str], dict[str, Any] | None]) -> tuple[list[tuple[str, Any]], str] | None:
    """Dies and cast triggers of a permanent; "Take an extra turn after this one." of a spell.
    ``nouns`` reads a noun phrase as a filter (oracle.noun_filter), or None."""
    name = card["name"]
    if not permanent:
        if not {"Instant", "Sorcery"} & set(card.get("types", [])):
            return None
        if bare == "Take an extra turn after this one":
            return ([("card", {"spell": {"do": [{"extra_turn": "you"}], "text": "take an extra turn after "
                                         "this one"}})], "an extra turn for its controller (CR 500.7)")
        effect = bare[:1].lower() + bare[1:]
        do = effect_do(effect)
        if do and all(next(iter(each)) in ("draw", "gain_life") for each in do):  # CR 121.1, 119.3
            return ([("card", {"spell": {"do": do, "text": effect}})],
                    "what the spell does as it resolves: its controller draws or gains life (CR 608.2, 121.1, 119.3)")
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
        return ([("ability", _triggered({"event": "dies", "filter": creature, "whose": WHOSE[m.group(3) or ""]},
                                        m.group(4), name))],
                "a triggered ability when a creature dies (CR 603.2, 603.10a)")
    m = CAST_SPELL.fullmatch(bare)
    if m and not re.match(r"if\b", m.group(5)):  # CR 603.2, 601.2i
        spell = cast_filter(m.group(2), m.group(3), m.group(4), nouns)
        if spell is None:
            return None
        caster = "you" if m.group(1).startswith("you") else CASTER[m.group(1)]
        cast: dict[str, Any] = {"event": "cast", **({"filter": spell} if spell else {}), "whose": caster}
        if m.group(1) == "you cast or copy":  # CR 707.10: pysolver next never copies a spell
            cast["or_copy"] = True
        return ([("ability", _triggered(cast, m.group(5), name))],
                "a triggered ability when a spell is cast (CR 603.2, 601.2i)")
    return None
