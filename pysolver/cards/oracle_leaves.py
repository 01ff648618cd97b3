"""Oracle compiler forms for triggers on a permanent leaving the battlefield (issue 13): "When ~
is put into a graveyard from the battlefield", "Whenever an artifact you control is put into a
graveyard from the battlefield", "Whenever a creature with a bounty counter on it dies", "Whenever ~
or another creature you control dies", "Whenever you sacrifice a permanent" and "When you sacrifice ~"
(CR 603.2, 603.6c, 603.10a, 700.4, 701.17a).

Each event is one `pysolver next` produces (a sacrifice to pay a cost, an effect that sacrifices
or destroys, state-based actions), so the trigger is compiled into the trigger machinery
(asp/zone_change.lp); its effect is the ability's ``do`` where a form models it, and otherwise
only its text, which `next` refuses to resolve (naming the text) and `outcomes` lists as not
modelled.  Called by pysolver.cards.oracle for a line no other form read; returns (compiled
data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx
from pysolver.cards.oracle_ifs import history_condition
from pysolver.cards.oracle_hand import CYCLED
from pysolver.cards.oracle_triggers import about_the_event, resolution, triggered_of

WHOSE = {" you control": "you", " an opponent controls": "opponent", "": "any"}
TO_GRAVEYARD = "is put into a graveyard from the battlefield"
TO_EXILE = "is put into exile from the battlefield"
# The leaving events and their words (CR 603.6c, 700.4: "dies" is put into a graveyard from the battlefield).
LEFT_WORDS = {TO_GRAVEYARD: "put_into_graveyard", "leaves the battlefield": "leaves", "dies": "dies",
              TO_EXILE: "put_into_exile"}
# CR 603.2: "Whenever another creature you control dies or is put into exile, ...": two events of one subject (a
# permanent, CR 109.2, so "put into exile" is from the battlefield), one ability each.
TWO_LEFT = re.compile(rf"(?P<head>(?:When|Whenever) (?:~|a|an|another|~ or another) [^,]*?) "
                      rf"(?P<first>dies|{TO_GRAVEYARD}) or (?P<second>is put into exile(?: from the battlefield)?), "
                      r"(?P<effect>.+)")


# CR 603.4, 603.10a: an intervening "if" about the permanent that left, as it last existed.
HAD_COUNTERS = re.compile(r"if (?:it|that creature|that permanent) had (?:(?:one or more|a|an|any) )?"
                          r"(?:(?P<kind>[\w+/\-]+) )?counters? on it, (?P<effect>.+)")
# "if it had two or more +1/+1 counters on it": at least N of a kind (CR 122.1).
HAD_AT_LEAST = re.compile(r"if (?:it|he|she|they|that creature|that permanent) had (?P<n>two|three|four|five|\d+) or "
                          r"more (?P<kind>[\w+/\-]+) counters on (?:it|him|her|them), (?P<effect>.+)")
HAD_NO_COUNTERS = re.compile(r"if (?:it|that creature|that permanent) had no (?P<kind>[\w+/\-]+) counters on it, "
                             r"(?P<effect>.+)")


# CR 603.4, 603.10a: its types as it last existed ("When ~ dies, if it was a creature": a noncreature
# planeswalker dies too, 700.4), or whether it was a token.
WAS_A = re.compile(r"if (?:it|he|she|they|that creature|that permanent) (?P<verb>was|wasn't|were|weren't) "
                   r"(?:an? (?P<noun>[\w\-']+)|historic), (?P<effect>.+)")
# CR 205.3: a subtype named alone ("if it was a Human", "if he wasn't a Spirit"): of that subtype, as it last existed.
SUBTYPE_WORD = re.compile(r"[A-Z][a-z']+(?:-[A-Z][a-z']+)*")
NOT_A_TOKEN = re.compile(r"if (?:it's not|(?:it|that creature|that permanent) (?:wasn't|was not|isn't|is not)) "
                         r"a token, (?P<effect>.+)")
# CR 111.1, 603.10a: "if it was a token": a token as it last existed (the filter's token).
WAS_A_TOKEN = re.compile(r"if (?:it's|(?:it|that creature|that permanent) (?:was|is)) a token, (?P<effect>.+)")
# CR 509.1: no query declares blockers and no board states them, so a permanent that left was never blocking.
NOT_BLOCKING = re.compile(r"if (?:it|that creature) wasn't blocking, (?P<effect>.+)")
# CR 603.10a, 208.1: its power or toughness as it last existed ("if its power was 3 or greater").
STAT_WAS = re.compile(r"if (?:its|that creature's) (?P<stat>power|toughness) was (?P<n>\d+) or (?P<cmp>greater|less), "
                      r"(?P<effect>.+)")
NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5}
KINDS = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment", "land": "Land",
         "planeswalker": "Planeswalker"}
# CR 700.6: "historic": an artifact, a legendary permanent or a Saga (as it last existed, 603.10a).
HISTORIC = {"was": {"any_of": [{"types": ["Artifact"]}, {"supertypes": ["Legendary"]}, {"subtypes": ["Saga"]}]},
            "wasn't": {"not_types": ["Artifact"], "not_supertypes": ["Legendary"], "not_subtypes": ["Saga"]}}


def left_condition(effect: str) -> tuple[dict[str, Any], str] | None:
    """``if it had counters on it, ...`` -> ({left_counters: "any"}, the effect); ``if it had a
    +1/+1 counter on it``: that kind; ``if it had no time counters on it``: none of that kind;
    ``if it had two or more +1/+1 counters on it``: ({left_counters_at_least: {kind, at_least: 2}}, ...);
    ``if it was a creature``: ({left_is: {types: [Creature]}}, ...), ``if it was a Human``: its subtype;
    ``if it's not a token``:
    ({left_is: {token: false}}, ...), ``if it was a token``: ({left_is: {token: true}}, ...); ``if its power was 3
    or greater``: ({left_is: {power_at_least: 3}}, ...); ``if it wasn't blocking``: ({}, ...), always so in a
    query."""
    m = HAD_COUNTERS.fullmatch(effect)
    if m:
        return {"left_counters": m.group("kind") or "any"}, m.group("effect")
    m = HAD_AT_LEAST.fullmatch(effect)
    if m:
        at_least = int(m.group("n")) if m.group("n").isdigit() else NUMBER_WORDS[m.group("n")]
        return {"left_counters_at_least": {"kind": m.group("kind"), "at_least": at_least}}, m.group("effect")
    m = HAD_NO_COUNTERS.fullmatch(effect)
    if m:
        return {"left_no_counters": m.group("kind")}, m.group("effect")
    m = WAS_A.fullmatch(effect)
    if m and m.group("noun") is None:  # "if it was historic" (CR 700.6)
        return {"left_is": HISTORIC[m.group("verb").replace("were", "was")]}, m.group("effect")
    if m and m.group("noun") in KINDS:
        spec = ({"types": [KINDS[m.group("noun")]]} if m.group("verb") in ("was", "were")
                else {"not_types": [KINDS[m.group("noun")]]})
        return {"left_is": spec}, m.group("effect")
    if m and SUBTYPE_WORD.fullmatch(m.group("noun")):  # "if it was a Human" (CR 205.3)
        key = "subtypes" if m.group("verb") in ("was", "were") else "not_subtypes"
        return {"left_is": {key: [m.group("noun")]}}, m.group("effect")
    m = NOT_A_TOKEN.fullmatch(effect)
    if m:
        return {"left_is": {"token": False}}, m.group("effect")
    m = WAS_A_TOKEN.fullmatch(effect)
    if m:
        return {"left_is": {"token": True}}, m.group("effect")
    m = STAT_WAS.fullmatch(effect)
    if m:
        bound = f"{m.group('stat')}_at_{'least' if m.group('cmp') == 'greater' else 'most'}"
        return {"left_is": {bound: int(m.group("n"))}}, m.group("effect")
    m = NOT_BLOCKING.fullmatch(effect)
    if m:
        return {}, m.group("effect")
    return None


def _effect(when: dict[str, Any], effect: str, name: str,
            do_forms: Callable[[str], list[dict[str, Any]] | None]) -> dict[str, Any] | None:
    """The triggered ability, or None when its effect says more than one ability's effect can
    (an intervening "if" other than one about the permanent that left, CR 603.4, or a limit on
    how often it triggers, 603.2h: neither is stated by this data)."""
    if rx.search(r"\btriggers only\b", effect):
        return None
    spec: dict[str, Any] = {"when": when}
    if rx.match(r"if\b", effect) and left_condition(effect) is None:
        history = history_condition(effect)  # CR 603.4: about earlier events, which no board records
        if history is None:
            return None
        return {"triggered": {**spec, "if": history[0], "text": effect.replace("~", name)}}
    if rx.match(r"if\b", effect):
        conditional = left_condition(effect)
        if conditional is None or rx.match(r"if\b", conditional[1]):
            return None
        if conditional[0]:  # ("if it wasn't blocking": always so, no condition to state)
            spec["if"] = conditional[0]
        effect = conditional[1]
    spec.update(resolution(effect, name, do_forms))  # "you may gain 5 life": the subject is its controller
    return {"triggered": spec}


def _if_said(spec: dict[str, Any], effect: str = "") -> str:
    if NOT_BLOCKING.fullmatch(effect):
        return ", whose \"if it wasn't blocking\" always holds: no query declares blockers (CR 509.1, 603.4)"
    if "unjudged" in spec["triggered"].get("if", {}):
        return ", with an intervening \"if\" about earlier events, which no board records (CR 603.4): next refuses " \
               "where it would trigger"
    return ", with an intervening \"if\" about it as it last existed (CR 603.4)" if "if" in spec["triggered"] else ""


ON_ITSELF = {"sacrifice_self", "return_self_to_hand", "counter_on_self", "remove_counter_self"}


def _not_on_self(do: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
    """The effects of an ability of a permanent that has left the battlefield, or None when one
    of them acts on the permanent itself: the modelled ones act on it on the battlefield, while
    "return it to its owner's hand" looks for the card in the graveyard (CR 603.6c, 400.7), so
    the ability keeps only its text (next refuses to resolve it)."""
    return None if do and any(set(each) & ON_ITSELF for each in do) else do


def _on_another(do_forms: Callable[[str], list[dict[str, Any]] | None]
                ) -> Callable[[str], list[dict[str, Any]] | None]:
    """The ``do`` forms of an ability that triggers on another object: "it" is that object, not the
    source the forms would act on (CR 603.2), so such an effect keeps only its text."""
    return lambda effect: None if about_the_event(effect) else do_forms(effect)


# CR 508.1k, 511.3: "an attacking creature": one declared as an attacker, until combat ends.  A board states no
# attackers (asp/filter_conditions.lp: none matches), and one in a combat step after attackers are declared, with a
# card whose data names attacking creatures, is refused (pysolver/consistency.py check_attacking).
ATTACKING = re.compile(r"attacking (.+)")
ATTACKING_SAID = ("; only an attacking one, which no board states: none attacks outside combat, and a board in combat "
                  "after attackers are declared is refused (CR 508.1k, 511.3)")


def _objects(article: str, noun: str,
             nouns: Callable[[str], dict[str, Any] | None]) -> dict[str, Any] | None:
    other = article in ("another", "~ or another")
    m = rx.fullmatch(r"(.+) other than ~", noun)
    if m:
        noun, other = m.group(1), True
    attacking = ATTACKING.fullmatch(noun)
    if attacking:
        noun = attacking.group(1)
    spec = nouns(noun)
    if spec is None or (attacking and "attacking" in spec):
        return None
    if other:
        spec["other"] = True
    if attacking:
        spec["attacking"] = True
    return spec


def _attacking_said(found: tuple[list[tuple[str, Any]], str] | None) -> tuple[list[tuple[str, Any]], str] | None:
    """The form's answer, its reason saying so when the permanents it watches are attacking ones."""
    if found is None or not any(each["when"].get("filter", {}).get("attacking") for each in triggered_of(found[0])):
        return found
    return found[0], found[1] + ATTACKING_SAID


# CR 603.2, 120: "Whenever a creature dealt damage by ~ this turn dies": which creatures a source dealt
# damage to this turn is turn history no board records.
DAMAGED_BY = re.compile(r"Whenever a creature dealt damage by (~|equipped creature|enchanted creature) this turn dies, "
                        r"(.+)")


def damaged_by_form(bare: str, name: str) -> tuple[list[tuple[str, Any]], str] | None:
    """"Whenever a creature dealt damage by ~ this turn dies, [effect]": a dies trigger (CR 603.6c,
    603.10a) on any creature, whose condition (damage dealt this turn, CR 120) no board records: kept as
    ``unjudged``, so `next` refuses where a creature dies while it is on the battlefield (and `outcomes`
    refuses every leaves-the-battlefield trigger), and its effect is never applied (its text only)."""
    m = DAMAGED_BY.fullmatch(bare)
    if not m or rx.search(r"\btriggers only\b", bare):
        return None
    source, effect = m.groups()
    why = (f"it triggers only for a creature {source.replace('~', name)} dealt damage to this turn, which no board "
           "records (CR 603.2, 120.1)")
    when = {"event": "dies", "filter": {"types": ["Creature"]}, "whose": "any", "unjudged": why}
    return ([("ability", {"triggered": {"when": when, "text": effect.replace("~", name)}})],
            "a triggered ability when a creature dies (CR 603.6c, 603.10a), for one dealt damage by its source this "
            "turn, which no board records: next refuses where a creature dies")


# CR 701.17a: the player who sacrifices a permanent is its controller, so "an opponent sacrifices" is a
# permanent an opponent controls (relative to the ability's controller).
SACRIFICER = {"you": "you", "a player": "any", "an opponent": "opponent"}
SACRIFICER_WORDS = {"you": "its controller", "a player": "a player", "an opponent": "an opponent"}


def leaves_form(bare: str, name: str, nouns: Callable[[str], dict[str, Any] | None],
                do_forms: Callable[[str], list[dict[str, Any]] | None]
                ) -> tuple[list[tuple[str, Any]], str] | None:
    """A permanent leaving the battlefield (the forms below), "an attacking creature" among them (CR 508.1k)."""
    return _attacking_said(_leaves_form(bare, name, nouns, do_forms))


def _leaves_form(bare: str, name: str, nouns: Callable[[str], dict[str, Any] | None],
                 do_forms: Callable[[str], list[dict[str, Any]] | None]
                 ) -> tuple[list[tuple[str, Any]], str] | None:
    """``nouns`` reads a noun phrase as a filter (oracle.noun_filter), or None; ``do_forms``
    reads an effect as the ability's ``do`` ([] or None when no form models it)."""
    damaged = damaged_by_form(bare, name) or returned_to_hand_form(bare, name, nouns, do_forms)
    if damaged is not None:
        return damaged
    two = TWO_LEFT.fullmatch(bare)
    if two and two.group("head").startswith("When ~ "):
        return None  # its own two events: oracle_ifs.double_event_form, each read alone
    if two:
        parts = [_leaves_form(f"{two.group('head')} {verb}, {two.group('effect')}", name, nouns, do_forms)
                 for verb in (two.group("first"), TO_EXILE)]
        read = [part for part in parts if part is not None]
        if len(read) < len(parts):
            return None
        return ([item for data, _ in read for item in data],
                "two trigger events, one effect (CR 603.2): " + "; ".join(why for _, why in read))
    m = rx.fullmatch(rf"When ~ ({TO_GRAVEYARD}|leaves the battlefield|dies|{TO_EXILE}), (.+)", bare)
    if m and (m.group(1) != "dies" or left_condition(m.group(2))):
        # CR 603.6c, 603.10a: any permanent, not only a creature (700.4); "dies" is read here only with
        # an "if" about it as it last existed (oracle_next reads it alone)
        event = LEFT_WORDS[m.group(1)]
        spec = _effect({"event": event}, m.group(2), name, lambda effect: _not_on_self(do_forms(effect)))
        what = {"put_into_graveyard": "it is put into a graveyard from the battlefield", "dies": "it dies",
                "leaves": "it leaves the battlefield, for any zone",
                "put_into_exile": "it is put into exile from the battlefield"}[event]
        return None if spec is None else ([("ability", spec)], (
            f"a triggered ability when {what} (CR 603.6c, 603.10a)" + _if_said(spec, m.group(2))))
    m = rx.fullmatch(rf"(?:When|Whenever) (enchanted|equipped) (creature|permanent|artifact|land|enchantment) "
                     rf"({TO_GRAVEYARD}|leaves the battlefield|dies|{TO_EXILE}), (.+)", bare)
    if m:  # CR 603.2, 603.10a: the permanent its source (an Aura, an Equipment) is attached to
        _, noun, verb, effect = m.groups()
        event = LEFT_WORDS[verb]
        spec = _effect({"event": event, "attached": True}, effect, name,
                       lambda effect: _not_on_self(_on_another(do_forms)(effect)))
        return None if spec is None else ([("ability", spec)], (
            f"a triggered ability when the {noun} it is attached to "
            f"{verb} (CR 603.2, 603.10a)" + _if_said(spec, effect)))
    m = rx.fullmatch(r"When ~ is put into (your|an opponent's) graveyard from the battlefield, (.+)", bare)
    if m:  # CR 400.3: it goes to its owner's graveyard: "your" only while its controller owns it
        spec = _effect({"event": "put_into_graveyard", "graveyard": OWNER[m.group(1)]}, m.group(2), name,
                       lambda effect: _not_on_self(do_forms(effect)))
        owner = "its controller" if m.group(1) == "your" else "an opponent"
        return None if spec is None else ([("ability", spec)], (
            f"a triggered ability when it is put into a graveyard from the battlefield, owned by {owner} (CR "
            "603.6c, 603.10a, 400.3)" + _if_said(spec, m.group(2))))
    found = owners_graveyard_form(bare, name, nouns, do_forms)  # "into your graveyard" (CR 400.3)
    if found is not None:
        return found
    for event, verb in (("put_into_graveyard", TO_GRAVEYARD), ("dies", "dies"), ("leaves", "leaves the battlefield"),
                        ("put_into_exile", TO_EXILE)):
        m = rx.fullmatch(rf"When(?:ever)? (a|an|another|~ or another) (.+?)( you control| an opponent controls)?"
                         rf"( with [^,]+?)? {verb}, (.+)", bare)
        if not m:
            continue
        # CR 603.2, 603.10a: each permanent matching the filter ("a creature you control with a +1/+1
        # counter on it", as it last existed); "dies": a creature (700.4)
        article, noun, whose, with_, effect = m.groups()
        noun += with_ or ""
        objects = _objects(article, noun, nouns)
        if objects is None:
            return None
        when: dict[str, Any] = {"event": event, "filter": objects, "whose": WHOSE[whose or ""]}
        if article == "~ or another":  # its own leaving too (CR 603.10a)
            when["or_self"] = True
        spec = _effect(when, effect, name, _on_another(do_forms))
        what = {"dies": "a creature of that kind dies",
                "put_into_graveyard": "a permanent of that kind is put into a graveyard from the battlefield",
                "leaves": "a permanent of that kind leaves the battlefield",
                "put_into_exile": "a permanent of that kind is put into exile from the battlefield"}[event]
        what += " or it does itself" if when.get("or_self") else ""
        return None if spec is None else ([("ability", spec)], f"a triggered ability when {what} (CR 603.2, 603.10a)"
                                          + _if_said(spec, effect))
    m = rx.fullmatch(r"When(?:ever)? you sacrifice ~, (.+)", bare)
    if m:  # CR 701.17a: only its controller sacrifices it; 603.6c, 603.10a: it looks back in time
        spec = _effect({"event": "sacrifice"}, m.group(1), name, lambda effect: _not_on_self(do_forms(effect)))
        return None if spec is None else ([("ability", spec)], (
            "a triggered ability when its controller sacrifices it (CR 603.6c, 603.10a, 701.17a)"
            + _if_said(spec, m.group(1))))
    m = rx.fullmatch(r"When(?:ever)? (you|a player|an opponent) sacrifices? (a|an|another) (.+?), (.+)", bare)
    if m:  # CR 701.17a: a player sacrifices only permanents they control; 603.10a: it looks back
        who, article, noun, effect = m.groups()
        objects = _objects(article, noun, nouns)
        if objects is None:
            return None
        spec = _effect({"event": "sacrifice", "filter": objects, "whose": SACRIFICER[who]}, effect, name,
                       _on_another(do_forms))
        return None if spec is None else ([("ability", spec)], (
            f"a triggered ability when {SACRIFICER_WORDS[who]} sacrifices a permanent of that kind (CR 603.2, "
            "603.10a, 701.17a)"))
    return None


# CR 603.6c, 400.3: "Whenever ~ or another creature is returned to your hand from the battlefield", "Whenever a
# permanent is returned to your hand" (CR 109.2: a permanent is on the battlefield), "Whenever another nonland
# permanent you control is returned to its owner's hand": a permanent goes to its owner's hand.
RETURNED = re.compile(r"(?:When|Whenever) (?P<article>a|an|another|~ or another) (?P<noun>.+?)(?P<whose> you control|"
                      r" an opponent controls)? is returned to (?P<hand>your|its owner's|an opponent's) hand"
                      r"(?: from the battlefield)?, (?P<effect>.+)")
HAND_OWNER = {"your": "you", "an opponent's": "opponent"}


def returned_to_hand_form(bare: str, name: str, nouns: Callable[[str], dict[str, Any] | None],
                          do_forms: Callable[[str], list[dict[str, Any]] | None]
                          ) -> tuple[list[tuple[str, Any]], str] | None:
    """A permanent of a kind returned to its owner's hand (CR 603.6c, 603.10a, 400.3): the event
    returned_to_hand (asp/zone_change.lp), an effect or a cost (118.9) returning it; ``hand``: whose
    hand, relative to the ability's controller."""
    m = RETURNED.fullmatch(bare)
    if not m or rx.search(r"\b(?:cards?|spells?|from)\b", m.group("noun")):
        return None  # a card or a spell is returned from other zones too (CR 109.2)
    objects = _objects(m.group("article"), m.group("noun"), nouns)
    if objects is None:
        return None
    when: dict[str, Any] = {"event": "returned_to_hand", "filter": objects, "whose": WHOSE[m.group("whose") or ""]}
    if m.group("hand") in HAND_OWNER:
        when["hand"] = HAND_OWNER[m.group("hand")]
    if m.group("article") == "~ or another":  # its own leaving too (CR 603.10a)
        when["or_self"] = True
    spec = _effect(when, m.group("effect"), name, _on_another(do_forms))
    owner = {"you": " owned by its controller", "opponent": " owned by an opponent"}.get(when.get("hand", ""), "")
    return None if spec is None else ([("ability", spec)], (
        f"a triggered ability when a permanent of that kind{owner} is returned to its owner's hand from the "
        "battlefield" + (" or it is itself" if when.get("or_self") else "") + " (CR 603.6c, 603.10a, 400.3)"
        + _if_said(spec, m.group("effect"))))


# CR 109.2: "a permanent", "a creature" (a card type without "card" or "spell") is a permanent, on the
# battlefield, so "is put into a graveyard" is put there from the battlefield.
PERMANENT_TO_GRAVEYARD = re.compile(r"(?P<head>(?:When|Whenever) (?:a|an|another|one or more|enchanted|equipped) "
                                    r"(?P<noun>[^,]+?) (?:is|are) put into (?:a|your|an opponent's) graveyard)"
                                    r"(?P<rest>, .+)")


def permanent_to_graveyard_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None]
                                ) -> tuple[list[tuple[str, Any]], str] | None:
    """"Whenever a permanent you control is put into a graveyard, ...": the same sentence "from the
    battlefield", read by ``single`` (the compiler's forms), or None."""
    m = PERMANENT_TO_GRAVEYARD.fullmatch(bare)
    if not m or rx.search(r"\b(?:cards?|spells?|from)\b", m.group("noun")):
        return None  # a card or a spell is put there from other zones too (CR 109.2)
    found = single(f"{m.group('head')} from the battlefield{m.group('rest')}")
    if found is None:
        return None
    data, why = found
    return data, f"{why}; a permanent (CR 109.2), so from the battlefield"


# Trigger events no query can produce, each the words after "When" / "Whenever" (a regular expression) and
# why; a whole triggered ability on one is irrelevant (NEVER_HAPPENS), and beside an event a query produces
# ("When you cycle this card and when ~ dies") it is left out (oracle_unlock.never_part_form).  Each happens
# only by an action or an effect no form reads (tests/test_reflexive_triggers.py checks those effects stay text).
NEVER_EVENTS = {
    r"~ specializes":
    "a trigger when it specializes: specializing is a digital-only action (MTG Arena) the Comprehensive Rules "
    "don't define, and no query takes it (a specialize ability is never compiled)",
    r"(?:you search your|(?:a player|an opponent) searches their) library":
    "a trigger when a player searches a library (CR 701.19): only an effect or an activated ability that "
    "searches does, and no form reads one (it keeps only its text, which next refuses to resolve)",
    r"(?:you roll|(?:a player|an opponent) rolls) (?:a|one or more|your (?:first|second|third|fourth)) "
    r"(?:die|dice)\b[^,]*":
    "a trigger when a player rolls a die (CR 706.1): only an effect that rolls does, and no form reads one (it "
    "keeps only its text, which next refuses to resolve; a mana ability that rolls is refused, CR 706)",
    r"you cycle (?:this card|~|a card|another card)|(?:a player|an opponent) cycles (?:a|another) card": CYCLED,
    r"(?:~|a creature you control|another creature you control|a creature) fights":
    "a trigger when a creature fights (CR 701.12a), which happens only as an effect that makes it fight resolves: "
    "no form reads one, so it keeps only its text, which next refuses to resolve",
    r"(?:you (?:play|cast)|(?:a player|an opponent) (?:plays|casts)) (?:a land|a card|an? [^,]*?spell) from exile"
    r"(?: or (?:play|cast|plays|casts) (?:a land|a spell) from exile)?":
    "a trigger on playing or casting a card from exile: next plays a land only from its player's hand (CR 305.1) "
    "and casts a spell only from a hand or, for its flashback cost, a graveyard (601.2a, 702.34a)",
    r"(?:~|(?:a|an|another) [^,]+?) enters? from (?:your graveyard|an opponent's graveyard|exile)":
    "a trigger when a permanent enters from a graveyard or from exile: no action of next puts one onto the "
    "battlefield from either (a land is played from a hand, a spell resolves from the stack, a token is created; an "
    "effect that returns a card keeps only its text, which next refuses to resolve)",
    r"you activate a loyalty ability(?: of an? [^,]+)?":
    "a trigger on activating a loyalty ability (CR 606): no query activates one (it is never a mana ability, 605.1a)",
    r"you activate an ability of a card in your graveyard":
    "a trigger on activating an ability of a card in a graveyard (CR 113.6, 602.2): no query activates one (`next` "
    "activates abilities of permanents)",
    r"you activate an? (?:eternalize|embalm|unearth|scavenge|encore)(?: or (?:eternalize|embalm|unearth|scavenge|"
    r"encore))? ability":
    "a trigger on activating an ability of a card in a graveyard (CR 702.128a, 702.129a, 702.84a, 702.97a, "
    "702.141a): no query activates one (`next` activates abilities of permanents)",
    r"you choose a creature as your Ring-bearer":
    "a trigger when a player chooses a Ring-bearer, which happens only as the Ring tempts them (CR 701.52a): only an "
    "effect that makes the Ring tempt does, and no form reads one (it keeps only its text, which next refuses to "
    "resolve)",
    r"you manifest dread":
    "a trigger when a player manifests dread (CR 701.60a), which happens only as an effect that manifests "
    "resolves: no form reads one, so it keeps only its text, which next refuses to resolve",
}


# Trigger events no query can produce: the sentence is irrelevant to every query, and says why.  (A
# permanent turned face up is no such event: `next turn-face-up` turns one, CR 116.2b, 708.8; nor are
# cards leaving a graveyard: `next cast` casts a card with flashback from there and pays delve and
# costs that exile cards from a graveyard, CR 702.34a, 702.66a, 603.10a.)
NEVER_HAPPENS = (
    (re.compile(r"(?:When|Whenever) ~ transforms into ~, "),
     "a trigger when a permanent transforms: no action of `next` transforms one (CR 701.28; an effect that "
     "transforms is kept as text, which next refuses to resolve), so no query produces the event"),
    (re.compile(r"Whenever (?:you exert a creature|~ mutates|you clash\b|the Ring tempts you|you (?:scry|surveil)\b)"),
     "a trigger on an action no query takes: exerting (CR 701.39), mutating (702.140), clashing (701.23), "
     "the Ring tempting (701.52), scrying or surveilling (701.18, 701.42)"),
    # CR 701.39a, 603.12: exerting is a choice made as the creature is declared as an attacker, and "When you
    # do" a reflexive trigger of that choice; no query declares attackers (508.1).
    (re.compile(r"(?:If ~ hasn't been exerted this turn, )?[Yy]ou may exert (?:~|it) as it attacks\. When you do, "),
     "exerting it as it attacks (CR 701.39a) and the reflexive trigger when you do (CR 603.12): no query declares "
     "attackers (CR 508.1)"),
    # Events that happen only as an effect the compiler keeps as text resolves, which next refuses to resolve
    # (tests/test_reflexive_triggers.py checks that no form reads those effects).
    (re.compile(r"When ~ exploits a creature, "),
     "a trigger when it exploits a creature, which happens only as its exploit trigger resolves (CR 702.110b): that "
     "effect (\"you may sacrifice a creature\") keeps only its text, which next refuses to resolve"),
    (re.compile(r"(?:When|Whenever) ~ becomes monstrous, "),
     "a trigger when it becomes monstrous, which happens only as its monstrosity ability resolves (CR 701.31a): that "
     "effect keeps only its text, which next refuses to resolve"),
    (re.compile(r"When ~ becomes level \d+, "),
     "a trigger when a Class becomes level N, which happens only as its class level bar's activated ability resolves "
     "(CR 716.2a: \"This Class's level becomes N\"): that effect keeps only its text, which next refuses to resolve"),
    (re.compile(r"Whenever ~ evolves, "),
     "a trigger when it evolves, which happens only as its evolve ability resolves (CR 702.100b): that effect keeps "
     "only its text, which next refuses to resolve"),
    (re.compile(r"Whenever (?:one or more|a|an) (?:[\w\-]+ )*?cards? (?:is|are) put into your graveyard from your "
                r"library, |Whenever one or more (?:[\w\-]+ )*?cards are milled, "),
     "a trigger when cards are put into a graveyard from a library: no action of next does (milling, CR 701.13a, "
     "is an effect that keeps only its text, which next refuses to resolve; a draw that dredge could replace is "
     "refused, 702.52a)"),
    (re.compile(r"Whenever (?:~|a creature you control|another creature you control) explores, "),
     "a trigger when a permanent explores (CR 701.40b), which happens only as an effect that makes it explore "
     "resolves: no form reads one, so it keeps only its text, which next refuses to resolve"),
    *((re.compile(rf"(?:When|Whenever) (?:{event}), "), why) for event, why in NEVER_EVENTS.items()),
    # CR 614.1a: a replacement of an action no query takes applies nowhere: rolling a die (706.1), scrying (701.18),
    # surveilling (701.42), milling (701.13), exploring (701.40), searching a library (701.19): only an effect that
    # does it does, and no form reads one (it keeps only its text, which next refuses to resolve)
    (re.compile(r"(?:If (?:you|a player|an opponent|a creature you control|~) would (?:roll (?:a|one or more) "
                r"(?:die|dice)|scry|surveil|mill|explore|search)\b|After (?:you|a player) rolls? (?:a|one or more) "
                r"(?:die|dice)\b)"),
     "a replacement of an action no query takes, or what follows one: rolling a die (CR 706.1), scrying (701.18), "
     "surveilling (701.42), milling (701.13), exploring (701.40), searching a library (701.19) happen only as an "
     "effect that does it resolves, and no form reads one (it keeps only its text, which next refuses to resolve; a "
     "mana ability that rolls a die is refused)"),
)


def never_happens(bare: str) -> str | None:
    """Why a triggered ability's event can't happen in any query (its whole line is irrelevant),
    or None."""
    return next((why for pattern, why in NEVER_HAPPENS if pattern.match(bare)), None)


# CR 400.3, 108.3: a card goes to its owner's graveyard: "put into your graveyard", "into an opponent's
# graveyard", "a permanent owned by another player is put into a graveyard" name its owner.
OWNERS_GRAVEYARD = re.compile(r"(?:When|Whenever) (?P<article>a|an|another) (?P<noun>.+?) is put into "
                              r"(?P<whose>your|an opponent's) graveyard from the battlefield, (?P<effect>.+)")
OWNED_BY = re.compile(r"(?:When|Whenever) (?P<article>a|an|another) (?P<noun>.+?) owned by (?P<whose>you|another "
                      r"player|an opponent) is put into a graveyard from the battlefield, (?P<effect>.+)")
OWNER = {"your": "you", "an opponent's": "opponent", "you": "you", "another player": "opponent",
         "an opponent": "opponent"}


def owners_graveyard_form(bare: str, name: str, nouns: Callable[[str], dict[str, Any] | None],
                          do_forms: Callable[[str], list[dict[str, Any]] | None]
                          ) -> tuple[list[tuple[str, Any]], str] | None:
    """"Whenever a nontoken creature is put into your graveyard from the battlefield", "Whenever a
    permanent owned by another player is put into a graveyard from the battlefield" (CR 603.2,
    603.10a): the event put_into_graveyard of any player's permanent matching the filter, whose owner
    is ``graveyard`` (you, opponent) relative to the ability's controller (400.3)."""
    m = OWNERS_GRAVEYARD.fullmatch(bare) or OWNED_BY.fullmatch(bare)
    if not m:
        return None
    objects = _objects(m.group("article"), m.group("noun"), nouns)
    if objects is None:
        return None
    when = {"event": "put_into_graveyard", "filter": objects, "whose": "any", "graveyard": OWNER[m.group("whose")]}
    spec = _effect(when, m.group("effect"), name, _on_another(do_forms))
    owner = "its controller" if when["graveyard"] == "you" else "an opponent"
    return None if spec is None else ([("ability", spec)], (
        f"a triggered ability when a permanent of that kind owned by {owner} is put into a graveyard from the "
        "battlefield (CR 603.2, 603.10a, 400.3)" + _if_said(spec, m.group("effect"))))
