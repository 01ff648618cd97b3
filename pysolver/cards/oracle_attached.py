"""Oracle compiler form of an ability an Aura or Equipment grants in quotes (issue 13):
'Enchanted creature has "{B}: This creature gets +1/+1 until end of turn."', 'Equipped creature
gets +1/+1 and has vigilance and "{3}, {T}: Tap target creature."', 'Enchanted land has "{T}: Tap
target creature."'.

CR 301.5, 303.4, 613.1f: the static ability of the Aura or Equipment gives the permanent it is
attached to the quoted ability, which is then that permanent's own (its "this creature" is that
permanent; its {T} is judged by summoning sickness, 302.6).  The quoted ability is compiled by the
compiler that compiles a card's own lines (``AttachedWords.compile``), so it is exactly what the
same words printed on the permanent would be: compiled (granted, read by asp/objects.lp's
has_ability), irrelevant to every query (a combat trigger: granted nothing, saying why), or not
understood (the sentence then is).  A granted triggered ability triggers by the rules that see a
permanent's triggered abilities (the mana query lists one a life gain triggers); turn refuses where
one triggers, outcomes and next a board with one but one that triggers only on casting, which next puts
on the stack (pysolver.terms.stack_trigger, outcomes.refuse_granted_triggers).
Mana abilities granted this way are compiled before this form (oracle.parse_static).  This module
imports nothing of the package; oracle.py lends it the phrase readers."""

from __future__ import annotations

import re
from typing import Any, Callable, NamedTuple

from pysolver.cards import patterns as rx


class AttachedWords(NamedTuple):
    """What the Oracle compiler lends the form."""

    group: Callable[[str], tuple[str, dict[str, Any], bool]]  # "Enchanted creature" -> whose, filter, attached
    keywords: Callable[[str], list[str] | None]  # "flying and haste" -> ["Flying", "Haste"], or None
    compile: Callable[[str, str], Any]  # (the quoted ability, its holder's card type) -> oracle.Compiled
    self_references: Callable[[dict[str, Any]], list[str]]  # the card's names for itself
    cost: Callable[[str], list[Any]]  # "{2}, Discard a card" -> cost items (oracle.parse_cost)
    nouns: Callable[[str], dict[str, Any]]  # "legendary creature" -> a filter (oracle.noun_filter)
    unsupported: type[Exception]  # what cost and nouns raise for words they can't read
    creature_type: Callable[[str], bool] = lambda word: False  # "Sliver" -> True (CR 205.3m)
    # (a condition, the static it conditions) -> the static's condition keys ({} for none), or None (CR 611.3a)
    condition: Callable[[str, dict[str, Any]], dict[str, Any] | None] = lambda phrase, static: None
    # "enchanted creature is blue" -> the static's reach with the filter it states (CR 611.3a), or None
    attached_is: Callable[[str], dict[str, Any] | None] = lambda phrase: None


# "has "A"", "has "A" and "B"", "has K and "A"", each after an optional "gets +N/+M and"; the
# group of another static ability ("All Slivers have "..."", "Each Human creature you control has
# "..."", CR 613.1f) grants the same way to each permanent it affects.
GRANT = re.compile(r'(?P<group>(?P<self>~|it)|(?:Enchanted|Equipped) (?P<noun>creature|land|artifact)|'
                   r'(?!It\b|You\b|Each player\b)[A-Z][\w\- ]*?)'
                   r'(?: gets? (?P<power>[+\-]\d+)/(?P<toughness>[+\-]\d+) and)?'
                   r' ha(?:s|ve) (?:(?P<keywords>[a-z][a-z ,]*?),? and )?'
                   r'"(?P<first>[^"]+)"(?:,? and "(?P<second>[^"]+)")?')
HOLDER = {"creature": "Creature", "land": "Land", "artifact": "Artifact"}
# CR 611.3a: "As long as <condition>, ~ has "..."", "Threshold — As long as ..., ~ gets +1/+1 and has
# "..."", "<group> have "..." as long as <condition>": the grant applies while the condition holds.
CONDITIONED = re.compile(r'As long as (?P<before>[^,"]+), (?P<rest>.+)|(?P<head>.+") as long as (?P<after>[^"]+)')
# What a compiled quoted ability may hold: abilities only (a card's name, types and text are the
# compiler's own; anything else is the card's and can't be granted).
ABILITY_ONLY = {"name", "types", "oracle", "abilities"}
COMPILED, IRRELEVANT, NOT_UNDERSTOOD = "compiled", "irrelevant", "not understood"


def _names_the_source(card: dict[str, Any], words: AttachedWords) -> bool:
    """The card's own name, or "this Aura" / "this Equipment", inside a quoted ability: that is
    the Aura or Equipment, not the permanent given the ability, which the normalized text (both
    "~") can't tell apart."""
    for quoted in rx.findall(r'"([^"]*)"', card.get("oracle", "")):
        if rx.search(r"\b[Tt]his (?:Aura|Equipment)\b", quoted):
            return True
        if any(next(rx.word_uses(quoted, ref), None) is not None for ref in words.self_references(card)):
            return True
    return False


def _compiled(inner: str, holder: str, words: AttachedWords) -> tuple[list[Any] | None, str, str]:
    """The quoted ability compiled as the holder's own line: (its abilities, or None when it is
    not understood; the class; why)."""
    compiled = words.compile(inner, holder)
    if compiled.problems:
        return None, NOT_UNDERSTOOD, f"the granted ability '{inner}': {'; '.join(compiled.problems)}"
    unread = [s for s in compiled.sentences if s["class"] not in (COMPILED, IRRELEVANT)]
    if unread:
        return None, NOT_UNDERSTOOD, f"the granted ability '{inner}': {unread[0]['why']}"
    if set(compiled.card) - ABILITY_ONLY or compiled.has_mana_ability:
        return None, NOT_UNDERSTOOD, f"the granted ability '{inner}': not an ability a permanent can be given"
    abilities = [_holder_named(ability, holder) for ability in compiled.card.get("abilities", [])]
    if any(ability is None for ability in abilities):
        return None, NOT_UNDERSTOOD, f"the granted ability '{inner}': it names its holder other than in its text"
    untargeted = next((a["activated"]["text"] for a in abilities if "activated" in a and not a["activated"].get(
        "targets") and not a["activated"].get("unjudged") and rx.search(r"\btargets?\b",
                                                                        a["activated"].get("text", ""))), None)
    # CR 601.2c, 602.2b: can-activate would not judge the target it can't see; one the compiler marks
    # unjudged, as it marks the same words printed, it refuses to judge (activate_unjudged)
    if untargeted is not None:
        return None, NOT_UNDERSTOOD, (f"the granted ability '{inner}': a target the compiler keeps as text, which "
                                      "can-activate couldn't judge (CR 601.2c)")
    others = sorted({kind for ability in abilities for kind in ability if kind not in ("activated", "triggered")})
    if others:  # the rules that read a static or replacement ability read a printed one
        return None, NOT_UNDERSTOOD, (f"the granted ability '{inner}': a granted {others[0]} ability, which the "
                                      "rules read only as printed")
    if not abilities:
        whys = "; ".join(dict.fromkeys(s["why"] for s in compiled.sentences if s["class"] == IRRELEVANT))
        return [], IRRELEVANT, whys
    return abilities, COMPILED, ""


def _holder_named(data: Any, holder: str, key: str = "") -> Any:
    """A compiled ability with "~" in its text read as its holder ("This creature gets +2/+2"), the
    words its card prints; None when "~" stands anywhere but in a text (a filter "named ~")."""
    if isinstance(data, dict):
        named = {k: _holder_named(v, holder, k) for k, v in data.items()}
        return None if any(v is None for v in named.values()) else named
    if isinstance(data, list):
        named_list = [_holder_named(v, holder) for v in data]
        return None if any(v is None for v in named_list) else named_list
    if isinstance(data, str) and "~" in data:
        if key != "text":
            return None
        data = rx.sub(r"^~", f"This {holder.lower()}", data)
        return rx.sub(r"(?<=[.!] )~", f"This {holder.lower()}", data).replace("~", f"this {holder.lower()}")
    return data


def _holder(spec: dict[str, Any], words: AttachedWords) -> str | None:
    """The card type a group's permanents have, which the quoted ability's "this creature" names:
    its one card type ("Creatures you control", "All artifacts"), or Creature for a group of
    creature types alone ("All Slivers": only creatures have them, CR 205.3d); None otherwise."""
    if set(spec) - {"types", "subtypes", "supertypes", "other", "colors", "commander"}:
        return None  # a group the quoted ability isn't checked against (chosen, tokens, counters...)
    types = spec.get("types", [])
    if len(types) == 1 and types[0] in HOLDER.values():
        return str(types[0])
    if not types and spec.get("subtypes") and all(words.creature_type(s) for s in spec["subtypes"]):
        return "Creature"
    return None


def granted_in_quotes(bare: str, card: dict[str, Any], words: AttachedWords
                      ) -> tuple[list[tuple[str, Any]], str, str] | None:
    """CR 613.1f, 613.4c: (compiled data, its class, why) for an Aura's or Equipment's grant of
    a quoted ability (with "gets +N/+M" and keywords beside it), or None when the line is not
    this form."""
    conditioned = CONDITIONED.fullmatch(bare)
    condition = conditioned.group("before") or conditioned.group("after") if conditioned else None
    m = GRANT.fullmatch(conditioned.group("rest") or conditioned.group("head") if conditioned else bare)
    if not m:
        return None
    before = conditioned.group("before") if conditioned else None
    if m.group("self") == "it" and before and "~" not in before:
        return _attached_is_granted(m, before, card, words)  # "As long as enchanted creature is blue, it has ..."
    if m.group("self"):  # "As long as ..., ~ has "..."": its own source, the quoted "~" too (CR 611.3a)
        return _self_granted(m, condition, card, words)
    group = m.group("group")
    owned = group.endswith(" you own")  # CR 108.3: "Commander creatures you own", whoever controls them
    try:
        whose, spec, attached = words.group(group[: -len(" you own")] if owned else group)
    except words.unsupported:
        return None
    if owned:
        if whose != "any" or attached:
            return None
        whose = "owned"
    keywords = words.keywords(m.group("keywords")) if m.group("keywords") else []
    if attached != bool(m.group("noun")):
        return None  # "Enchanted permanent": no holder's type to read its ability by
    holder = HOLDER[m.group("noun")] if attached else _holder(spec, words)
    if keywords is None or holder is None:
        return None
    if _names_the_source(card, words):
        return [], NOT_UNDERSTOOD, ("a granted ability that names the Aura or Equipment granting it, which "
                                    "the compiler can't tell from the permanent given it")
    quoted = [q for q in m.group("first", "second") if q]
    found = [_compiled(q, holder, words) for q in quoted]
    for abilities, _, why in found:
        if abilities is None:
            return [], NOT_UNDERSTOOD, why
    static: dict[str, Any] = {"affects": spec, "whose": whose, **({"enchanted": True} if attached else {})}
    return _granting(static, m, keywords, found, attached, condition, words)


def _granting(static: dict[str, Any], m: re.Match[str], keywords: list[str],
              found: list[tuple[list[Any] | None, str, str]], attached: bool, condition: str | None,
              words: AttachedWords) -> tuple[list[tuple[str, Any]], str, str] | None:
    """The static ability that grants the quoted abilities (and the change of power and toughness
    and the keywords beside them) to what ``static`` reaches, while ``condition`` holds."""
    kinds = [kind for _, kind, _ in found]
    if IRRELEVANT in kinds and COMPILED in kinds:  # each granted ability is numbered by its place in the text
        return [], NOT_UNDERSTOOD, "granted abilities of which only some are read by a query, which the format " \
                                   "can't number"
    if condition is not None:
        keys = words.condition(condition, static)
        if keys is None:
            return None
        static.update(keys)
    parts = []
    if m.group("power"):  # CR 613.4c: the same effect's change of power and toughness
        static["pt"] = {"power": int(m.group("power")), "toughness": int(m.group("toughness"))}
        parts.append("changes power and toughness (CR 613.4c)")
    if keywords:
        static["grant_keywords"] = keywords
        parts.append("grants keywords (613.1f, 702)")
    if COMPILED in kinds:
        static["grant"] = [ability for abilities, _, _ in found for ability in abilities or []]
        parts.append("grants the quoted abilities to the permanent it is attached to (CR 613.1f, 301.5, 303.4)"
                     if attached else "gives its own source the quoted abilities (CR 613.1f)" if static.get("self")
                     else "grants the quoted abilities to each permanent it affects (CR 613.1f)")
    if any("triggered" in ability for ability in static.get("grant", [])):
        parts[-1] += ("; a granted triggered ability is the holder's own to the rules that see triggers, and turn "
                      "refuses where it triggers, outcomes and next a board with it (a stack names printed ones)")
    irrelevant = "; ".join(why for _, kind, why in found if kind == IRRELEVANT)
    if not parts:
        return [], IRRELEVANT, f"an ability granted in quotes that no query reaches: {irrelevant}"
    why = ("a static ability of an Aura or Equipment that " if attached else "a static ability that ") + " and ".join(
        parts) + (", while its condition holds (611.3a)" if condition is not None else "")
    if irrelevant:
        why += f"; the quoted ability is one no query reaches: {irrelevant}"
    return [("ability", {"static": static})], COMPILED, why


def _self_granted(m: re.Match[str], condition: str | None, card: dict[str, Any], words: AttachedWords
                  ) -> tuple[list[tuple[str, Any]], str, str] | None:
    """CR 611.3a, 613.1f: "As long as <condition>, ~ has "..."": the permanent itself has the quoted
    ability while the condition holds (its "this creature" and its name in the quotes are itself)."""
    types = card.get("types", [])
    holder = "Creature" if "Creature" in types else types[0] if len(types) == 1 and types[0] in (
        "Artifact", "Enchantment", "Land") else None
    keywords = words.keywords(m.group("keywords")) if m.group("keywords") else []
    if condition is None or holder is None or keywords is None:
        return None
    quoted = [q for q in m.group("first", "second") if q]
    found = [_compiled(q, holder, words) for q in quoted]
    for abilities, _, why in found:
        if abilities is None:
            return [], NOT_UNDERSTOOD, why
    static: dict[str, Any] = {"affects": {}, "whose": "any", "self": True}
    return _granting(static, m, keywords, found, False, condition, words)


def _attached_is_granted(m: re.Match[str], before: str, card: dict[str, Any], words: AttachedWords
                         ) -> tuple[list[tuple[str, Any]], str, str] | None:
    """CR 611.3a, 613.1f: "As long as enchanted creature is blue, it gets +1/+1 and has "..."": a
    condition on the very creature the Aura is attached to is the filter of what it affects."""
    static = words.attached_is(before)
    noun = rx.match(r"(?:enchanted|equipped) (\w+)", before)
    holder = HOLDER.get(noun.group(1)) if noun else None
    keywords = words.keywords(m.group("keywords")) if m.group("keywords") else []
    if static is None or holder is None or keywords is None:
        return None
    if _names_the_source(card, words):
        return [], NOT_UNDERSTOOD, ("a granted ability that names the Aura or Equipment granting it, which "
                                    "the compiler can't tell from the permanent given it")
    found = [_compiled(q, holder, words) for q in m.group("first", "second") if q]
    for abilities, _, why in found:
        if abilities is None:
            return [], NOT_UNDERSTOOD, why
    return _granting(static, m, keywords, found, True, None, words)


# CR 702.6a: "Equip [cost]" means "[Cost]: Attach this permanent to target creature you control.
# Activate only as a sorcery."; "Equip [quality] [cost]" targets a [quality] creature you control
# (702.6c: "Equip legendary creature {3}", "Equip Knight {1}").
EQUIP = re.compile(r"Equip(?: (?P<quality>[A-Za-z][\w ]*?))? (?P<mana>(?:\{[^}]+\})+)|Equip—(?P<cost>[^.]+)")
EQUIP_WHY = ("equip: an activated ability that attaches it to target creature its controller controls, only as a "
             "sorcery (CR 702.6a, 701.3a): can-activate judges its cost, target and timing; next activates it")


# CR 702.67a: "Fortify [cost]" means "[Cost]: Attach this Fortification to target land you control. Activate only
# as a sorcery." (301.6: rules 301.5a-f apply to Fortifications and lands as to Equipment and creatures).
FORTIFY = re.compile(r"Fortify (?P<mana>(?:\{[^}]+\})+)")
FORTIFY_WHY = ("fortify: an activated ability that attaches it to target land its controller controls, only as a "
               "sorcery (CR 702.67a, 701.3a): can-activate judges its cost, target and timing; next activates it")


def equip(bare: str, words: AttachedWords) -> tuple[list[tuple[str, Any]], str, str] | None:
    """CR 702.6a: (compiled data, its class, why) for an Equip line, or None when the line is not
    one; an equip ability whose cost or target the compiler can't read is not understood (it is an
    activated ability of the permanent, which can-activate numbers and judges).  So for a Fortify
    line (702.67a), whose target is a land."""
    if bare.startswith("Fortify"):
        return _fortify(bare, words)
    m = EQUIP.fullmatch(bare)
    if not m:
        # More than its cost: a limit, a cost change, a choice of costs ("Equip {2} or {B}"), which read as the
        # keyword equip alone would leave the permanent without the equip ability can-activate numbers.
        # "Equip costs you pay cost {1} less" is no equip ability but a change to their costs (oracle_activation).
        if rx.match(r"Equip(?: (?!abilit|costs you pay\b)[A-Za-z][\w ]*?)? \{[^}]+\}|Equip—", bare):
            return [], NOT_UNDERSTOOD, ("an equip ability with a limit, a cost change or a choice of costs the "
                                        "compiler can't read")
        return None
    quality = m.group("quality")
    if quality and not quality.endswith("creature"):
        quality += " creature"  # "Equip Knight {1}": a Knight creature (CR 702.6c)
    try:
        cost = words.cost(m.group("mana") or m.group("cost"))
        spec = words.nouns(quality) if quality else {"types": ["Creature"]}
    except words.unsupported as problem:
        return [], NOT_UNDERSTOOD, f"an equip ability whose cost or target the compiler can't read: {problem}"
    if spec.get("types") != ["Creature"] or set(spec) - {"types", "subtypes", "supertypes"}:
        return [], NOT_UNDERSTOOD, f"an equip ability whose target the compiler can't read: '{quality}'"
    target = f"target {quality or 'creature'} you control"
    ability = {"cost": cost, "targets": [{"zone": "battlefield", "whose": "you", "filter": spec, "text": target}],
               "timing": "sorcery", "do": [{"attach": {"target": 1}}], "text": bare}
    return [("ability", {"activated": ability})], COMPILED, EQUIP_WHY


def _fortify(bare: str, words: AttachedWords) -> tuple[list[tuple[str, Any]], str, str]:
    """CR 702.67a: a Fortify line; one whose cost is not mana alone is not understood (it is an activated
    ability of the permanent, which can-activate numbers and judges)."""
    m = FORTIFY.fullmatch(bare)
    if not m:
        return [], NOT_UNDERSTOOD, "a fortify ability whose cost the compiler can't read (CR 702.67a)"
    target = "target land you control"
    ability = {"cost": words.cost(m.group("mana")),
               "targets": [{"zone": "battlefield", "whose": "you", "filter": {"types": ["Land"]}, "text": target}],
               "timing": "sorcery", "do": [{"attach": {"target": 1}}], "text": bare}
    return [("ability", {"activated": ability})], COMPILED, FORTIFY_WHY


# CR 702.151a: "Reconfigure [cost]" means "[Cost]: Attach this permanent to another target creature you control.
# Activate only as a sorcery" and "[Cost]: Unattach this permanent. Activate only if this permanent is attached to
# a creature and only as a sorcery"; 702.151b: attached to another creature, it stops being a creature until it
# becomes unattached: a type-changing effect of its own (613.1d; its creature types go with it, 205.1a), in its
# timestamp, which it gets anew as it becomes attached (613.7e), while it is attached to a permanent (an Equipment
# attached to one that is no creature becomes unattached, 704.5n, 301.5c).
RECONFIGURE = re.compile(r"Reconfigure ((?:\{(?:[0-9]+|[WUBRGC]|[WUBRG]/[WUBRG])\})+)")
RECONFIGURE_WHY = ("reconfigure: its two activated abilities, attach to another target creature its controller "
                   "controls and unattach, each only as a sorcery, and no creature while attached (CR 702.151a, "
                   "702.151b): can-activate judges their costs, target, condition and timing; next attaches it")


def reconfigure(bare: str, name: str, words: AttachedWords) -> tuple[list[tuple[str, Any]], str, str] | None:
    """CR 702.151a-b: (compiled data, its class, why) for a Reconfigure line, or None when the line is not one;
    a cost the compiler can't read (not mana alone) is not understood."""
    if not bare.startswith("Reconfigure"):
        return None
    m = RECONFIGURE.fullmatch(bare)
    if not m:
        return [], NOT_UNDERSTOOD, "a reconfigure cost other than mana, which the compiler can't read (CR 702.151a)"
    cost = words.cost(m.group(1))
    target = "another target creature you control"
    attach = {"cost": cost, "targets": [{"zone": "battlefield", "whose": "you",
                                         "filter": {"types": ["Creature"], "other": True}, "text": target}],
              "timing": "sorcery", "do": [{"attach": {"target": 1}}], "text": f"Attach {name} to {target}"}
    unattach = {"cost": list(cost), "timing": "sorcery", "only_if": [{"self_attached_to": {"types": ["Creature"]}}],
                "text": f"Unattach {name}"}
    attached = {"affects": {}, "whose": "any", "self": True, "remove_types": ["Creature"], "if": "attached"}
    return ([("ability", {"activated": attach}), ("ability", {"activated": unattach}),
             ("ability", {"static": attached})], COMPILED, RECONFIGURE_WHY)
