"""Oracle compiler forms for targeted effects (issue 15; CR 115, 608.2b): "~ deals N damage to
any target / target creature / target player", "Target creature gets +N/+M until end of turn",
"Target creature gains [keyword] until end of turn", "Destroy target ...", "Untap target ...".
Each gives the card data's `targets` and `do:` (docs/cards.md), or None.  The compiler's own
phrase readers come in as ``Words`` (pysolver/cards/oracle.py makes it), so this module
imports nothing from the package (tests/test_cards_package.py) but the leaf
pysolver.protection (the qualities of "gains protection from black", CR 702.16)."""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from pysolver.cards import patterns as rx
from pysolver.counters import unmodelled
from pysolver.protection import split as split_qualities


class Words(NamedTuple):
    """The compiler's readers: an object phrase with its "you control" clause, a number word,
    a card's text normalized (its name as ~), the keywords it knows, its refusal exception."""

    whose_filter: Callable[[str], tuple[str, dict[str, Any]]]
    number: Callable[[str], int | None]
    normalize: Callable[..., str]
    keywords: frozenset[str]
    unsupported: type[Exception]
    restriction: Callable[[str], Any]  # an "Activate only ..." sentence's clauses, or None
    casting_itself: Callable[[str], bool]  # a sentence a form compiles as the spell's own cost or timing
    sentences: Callable[[str], list[str]]  # a line's sentences, without their final period (quotes kept whole)
    spell_effect: Callable[[str, dict[str, Any]], bool]  # a sentence an untargeted spell form compiles ("Draw a card")
    keyword_line: Callable[[str, dict[str, Any]], bool]  # a keyword line ("Retrace"): no effect of the spell


def target_of(phrase: str, words: Words) -> dict[str, Any] | None:
    """``any target`` / ``target player`` / ``target opponent`` / ``target legendary creature
    you control`` -> one TARGET (CR 115.1, 115.4), or None."""
    if phrase == "any target":
        return {"zone": "any_target", "text": phrase}
    if phrase in ("target player", "target opponent"):
        return {"zone": "player", "whose": "any" if phrase == "target player" else "opponent", "text": phrase}
    m = rx.fullmatch(r"target (.+)", phrase)
    # "target creature an opponent controls" (CR 115.1: one target; whose_filter reads the clause)
    named = rx.sub(r" (?:an opponent controls|your opponents control)$", "", m.group(1)) if m else ""
    if not m or rx.search(r"\b(?:player|opponent|spell|card|ability|graveyard)\b|\bor\b.*\bplayer", named):
        return None
    try:
        whose, spec = words.whose_filter(m.group(1))
    except words.unsupported:
        return None
    target: dict[str, Any] = {"zone": "battlefield"}
    if whose != "any":
        target["whose"] = whose
    if spec:
        target["filter"] = spec
    target["text"] = phrase
    return target


def _signed(text: str) -> int:
    return int(text)


def targeted_effect(effect: str, words: Words) -> tuple[list[dict[str, Any]], list[dict[str, Any]]] | None:
    """One sentence of a spell's or ability's effect -> (targets, do), or None.  "..., and you
    gain N life" after one targeted effect: its controller gains the life after that effect
    (CR 608.2c, 119.3), if it resolves (608.2b)."""
    effect = effect.rstrip(".")
    m = rx.fullmatch(r"(.+?),? and you gain (\w+) life", effect)
    if m and words.number(m.group(2)):
        found = _one_targeted(m.group(1), words)
        if found is None:
            return None
        return found[0], found[1] + [{"you_gain_life": {"amount": words.number(m.group(2))}}]
    return _one_targeted(effect, words)


def _one_targeted(effect: str, words: Words) -> tuple[list[dict[str, Any]], list[dict[str, Any]]] | None:
    m = rx.fullmatch(r"(?:~|It) deals (\w+) damage to (.+)", effect)
    if m and words.number(m.group(1)):  # CR 120.3
        target = target_of(m.group(2), words)
        if target is not None and (target["zone"] != "battlefield" or
                                   target.get("filter", {}).get("types") in (["Creature"], ["Planeswalker"])):
            return [target], [{"damage": {"amount": words.number(m.group(1)), "target": 1}}]
        if target is not None and set(target.get("filter", {})) == {"any_of"} and all(
                f in ({"types": ["Creature"]}, {"types": ["Planeswalker"]}, {"types": ["Battle"]})
                for f in target["filter"]["any_of"]):
            return [target], [{"damage": {"amount": words.number(m.group(1)), "target": 1}}]
        return None
    m = rx.fullmatch(r"Target (player|opponent) loses (\w+) life", effect)
    if m and words.number(m.group(2)):  # CR 119.3
        return ([target_of(f"target {m.group(1)}", words)],
                [{"target_loses_life": {"amount": words.number(m.group(2)), "target": 1}}])
    m = rx.fullmatch(r"(Target .+?) gets ([+\-]\d+)/([+\-]\d+) until end of turn", effect)
    if m:  # CR 611.2a, 613.4c
        target = target_of(m.group(1)[0].lower() + m.group(1)[1:], words)
        if target is None or target["zone"] != "battlefield":
            return None
        return [target], [{"pump": {"power": _signed(m.group(2)), "toughness": _signed(m.group(3)), "target": 1}}]
    m = rx.fullmatch(r"(Target .+?) gains ((?:protection|hexproof) from .+?) until end of turn", effect)
    if m:  # CR 611.2a, 702.16g: "gains protection from black and from red" (pysolver/protection.py)
        target = target_of(m.group(1)[0].lower() + m.group(1)[1:], words)
        qualities = split_qualities(m.group(2))
        if target is None or target["zone"] != "battlefield" or qualities is None:
            return None
        return [target], [{"gain_keywords": {"keywords": qualities, "target": 1}}]
    m = rx.fullmatch(r"(Target .+?) gains (\w+)(?: and (\w+))? until end of turn", effect)
    if m:  # CR 611.2a
        target = target_of(m.group(1)[0].lower() + m.group(1)[1:], words)
        keywords = [k for k in m.group(2, 3) if k]
        if target is None or target["zone"] != "battlefield" or not all(k.lower() in words.keywords for k in keywords):
            return None
        return [target], [{"gain_keywords": {"keywords": [k.lower() for k in keywords], "target": 1}}]
    m = rx.fullmatch(r"Put (a|an|one|two|three|four|five|\d+) ([\w+/\-]+) counters? on (target .+)", effect)
    if m:
        count = 1 if m.group(1) in ("a", "an") else words.number(m.group(1))
        target = target_of(m.group(3), words)  # CR 122.1; a kind with rules of its own (122.1b) isn't read
        if target is None or target["zone"] != "battlefield" or not count or unmodelled(m.group(2)) is not None:
            return None
        return [target], [{"counters_on": {"kind": m.group(2), "count": count, "target": 1}}]
    m = rx.fullmatch(r"(Destroy|Untap|Tap) (target .+)", effect)
    if m:  # CR 701.7a, 701.21b, 701.21a
        target = target_of(m.group(2), words)
        if target is None or target["zone"] != "battlefield":
            return None
        return [target], [{m.group(1).lower(): {"target": 1}}]
    return None


def activated_form(effect: str, costs: list[Any], words: Words) -> dict[str, Any] | None:
    """An activated ability (not a mana ability) whose effect is one targeted effect, maybe
    followed by an "Activate only ..." sentence (CR 602.5b, 602.5d): its `activated:` data."""
    parts = [part for part in rx.split(r"(?<=\.)\s+", effect.strip()) if part]
    found = targeted_effect(parts[0], words) if parts else None
    if found is None or len(parts) > 2:
        return None
    spec: dict[str, Any] = {"cost": list(costs), "targets": found[0], "do": found[1], "text": effect}
    if len(parts) == 2:
        if words.restriction(parts[1]) is None:
            return None
        spec["activation_restriction"] = parts[1]
    return spec


def spell_form(bare: str, card: dict[str, Any], words: Words) -> tuple[list[tuple[str, Any]], str] | None:
    """An instant's or sorcery's targeted effect: its `spell:`.  The card's other lines (or
    sentences) may be only what casting it takes, each compiled (``words.casting_itself``): an
    additional cost (CR 601.2b), a change of its own cost (601.2f), when it may be cast (601.3),
    none of them an effect resolution applies (608.2), or keyword lines that change nothing it
    does (``words.keyword_line``: "Retrace"); and, after it, more of its effect that an untargeted
    form compiles (``words.spell_effect``: "Draw a card.", "You gain 2 life."), joined to this one
    by the compiler in the order written (608.2c).  Else None: a spell none of whose
    effect is compiled stays ok for every other query (`next` refuses to resolve it)."""
    if not {"Instant", "Sorcery"} & set(card.get("types", [])):
        return None
    whole = words.normalize(card.get("oracle", ""), card["name"], "Legendary" in card.get("supertypes", []),
                            card.get("keywords", []))
    lines = [line.strip() for line in whole.split("\n") if line.strip()]
    apart = [line for line in lines if words.casting_itself(line.rstrip(".")) or words.keyword_line(line, card)]
    units = [(line.rstrip("."), True) if line in apart else (part, False)
             for line in lines for part in ([line] if line in apart else words.sentences(line))]
    texts = [text for text, _ in units]
    if texts.count(bare) != 1:
        return None
    at = texts.index(bare)
    if not all(casting for _, casting in units[:at]):
        return None  # an effect before it: resolution applies the targeted effects first (CR 608.2c)
    if not all(casting or words.spell_effect(text, card) for text, casting in units[at + 1:]):
        return None  # more of its effect that no form compiles (CR 608.2c)
    found = targeted_effect(bare, words)
    if found is None:
        return None
    targets, do = found
    text = bare.replace("~", card["name"])
    return ([("card", {"spell": {"targets": targets, "do": do, "text": text}})],
            "a spell's effect on its target, applied as it resolves (CR 115.1a, 608.2b)")
