"""Oracle compiler forms for cast triggers beyond a spell's card (issue 13): "Whenever you cast a
spell during an opponent's turn", "... from your hand", "... from exile", "... from anywhere
other than your hand", "Whenever you cast a kicked spell", "Heroic — Whenever you cast a spell
that targets ~", "... that targets a creature you control" (CR 603.2, 601.2i, 601.2c), "Whenever you
expend 4" (700.14: as its controller pays the cost of a spell they cast), and the limit
"This ability triggers only once each turn." of the triggered ability before it (CR 603.2; the
limit is the ability's own, like 603.2i's "Do this only once each turn").

The qualifier is taken off the sentence, the rest read by the cast trigger form of
pysolver.cards.oracle_next, and the qualifier added to its ``when`` (asp/actions.lp judges it
as `pysolver next` casts a spell).  Called by pysolver.cards.oracle for a line no other form
read; returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx
from pysolver.cards.oracle_leaves import NEVER_EVENTS
from pysolver.cards.oracle_triggers import triggered_of

# Events whose trigger rules read the limit (asp/trigger_limits.lp; the card loader refuses it elsewhere).
LIMITED_EVENTS = ("cast", "enters", "permanent_enters", "dies", "put_into_graveyard", "sacrifice", "becomes_tapped",
                  "leaves", "gain_life", "lose_life", "draw", "discard", "play_land", "becomes_target",
                  "turned_face_up", "activate", "leave_graveyard", "becomes_untapped", "counters_put", "crime")

# CR 603.2: whose turn it is as the spell is cast, relative to the ability's controller
# ("your", "an opponent's") or to the caster ("their").
DURING = re.compile(r" during (your|an opponent's|each opponent's|their) turn(?=,)")
EACH_TURN = re.compile(r"(?<=spell) during each (opponent's turn|of your turns)(?=,)")
DURING_WHOSE = {"your": "you", "an opponent's": "opponent", "each opponent's": "opponent", "their": "caster"}
# CR 601.2a: the zone the spell was cast from.
FROM = re.compile(r" from (your hand|their hand|exile|your graveyard|their graveyard|"
                  r"anywhere other than (?:your|their) hand)(?=,)")
FROM_ZONE = {"your hand": "hand", "their hand": "hand", "exile": "exile", "your graveyard": "graveyard",
             "their graveyard": "graveyard", "anywhere other than your hand": "not_hand",
             "anywhere other than their hand": "not_hand"}
# CR 702.33d: "a kicked spell", kicked as it was cast.
KICKED = re.compile(r"(?<=^Whenever you cast )an? kicked (?=spell,)")
# CR 601.2c, 603.2: "a spell that targets ~ / a creature you control / one or more creatures": the
# targets chosen as it was cast.
TARGETS = re.compile(r" that targets (~|an? [\w ]+?|one or more [\w ]+?)(?=,)")
# "a spell that targets only ~", "... only a single creature you control": every target of the spell is it, which no
# rule judges (only that one of them is): next refuses where a spell that targets it is cast (CR 601.2c, 115.1).
TARGETS_ONLY = re.compile(r" that targets only (?:a single )?(~|(?:an? )?[\w ]+?)(?=,)")
ONLY_UNJUDGED = ("it triggers only for a spell whose every target is {}, which next doesn't judge (CR 601.2c, "
                 "115.1)")
TARGET_CONTROL = re.compile(r"(?P<noun>.+?)(?: (?P<whose>you control|an opponent controls|you don't control))?")
TARGET_WHOSE = {"you control": "you", "an opponent controls": "opponent", "you don't control": "opponent", None: "any"}


def _targeted(phrase: str, nouns: Callable[[str, bool], dict[str, Any] | None]) -> dict[str, Any] | None:
    """``~``, ``a creature you control``, ``one or more creatures or Vehicles``: what the spell must target (one
    target of the spell that matches, CR 601.2c)."""
    if phrase == "~":
        return {"self": True}
    m = TARGET_CONTROL.fullmatch(rx.sub(r"^(?:an?|one or more) ", "", phrase))
    assert m is not None
    spec = nouns(m.group("noun"), phrase.startswith("one or more "))
    if spec is None or set(spec) - {"types", "not_types", "subtypes", "supertypes", "colors", "any_of"}:
        return None
    return {"filter": spec, "whose": TARGET_WHOSE[m.group("whose")]}
# CR 108.3: "a spell you don't own".
NOT_OWNED = re.compile(r"(?<=spell) you don't own(?=,)")
CAST_START = re.compile(r"Whenever (?:you cast|an opponent casts|a player casts) ")


def qualified_cast_trigger(bare: str, cast_trigger: Callable[[str], tuple[list[tuple[str, Any]], str] | None],
                           nouns: Callable[[str, bool], dict[str, Any] | None]
                           ) -> tuple[list[tuple[str, Any]], str] | None:
    """A cast trigger with a turn, a zone, "kicked" or targets besides its spell filter;
    ``cast_trigger`` reads the sentence without them (oracle_next.cast_trigger), or gives None;
    ``nouns`` reads a noun phrase, singular or plural, as a filter (oracle.noun_filter)."""
    if not CAST_START.match(bare) or rx.search(r"\btriggers only\b", bare):
        return None  # a limit on how often: its own sentence (once_each_turn)
    head, comma, _ = bare.partition(", ")
    if not comma:
        return None
    extra: dict[str, Any] = {}
    each = EACH_TURN.search(head + ",")
    if each:  # "your first spell during each opponent's turn": the first this turn, on such a turn
        extra["during"] = "opponent" if each.group(1) == "opponent's turn" else "you"
        bare = bare[:each.start()] + " each turn" + bare[each.end():]
    during = None if each else DURING.search(head + ",")
    if during:
        if during.group(1) == "their" and bare.startswith("Whenever you cast"):
            return None
        extra["during"] = DURING_WHOSE[during.group(1)]
        bare = bare[:during.start()] + bare[during.end():]
    zone = FROM.search(bare.partition(", ")[0] + ",")
    if zone:
        extra["cast_from"] = FROM_ZONE[zone.group(1)]
        bare = bare[:zone.start()] + bare[zone.end():]
    only = TARGETS_ONLY.search(bare.partition(", ")[0] + ",")
    if only:  # every target: judged as "a spell that targets it", then refused where that triggers it
        phrase = only.group(1) if only.group(1) == "~" or rx.match(r"an? ", only.group(1)) else f"a {only.group(1)}"
        targeted = _targeted(phrase, nouns)
        if targeted is None:
            return None
        extra["targets"] = targeted
        extra["unjudged"] = ONLY_UNJUDGED.format("it" if phrase == "~" else phrase)
        bare = bare[:only.start()] + bare[only.end():]
    aimed = None if only else TARGETS.search(bare.partition(", ")[0] + ",")
    if aimed:
        targeted = _targeted(aimed.group(1), nouns)
        if targeted is None:
            return None
        extra["targets"] = targeted
        bare = bare[:aimed.start()] + bare[aimed.end():]
    if NOT_OWNED.search(bare):
        extra["not_owned"] = True
        bare = NOT_OWNED.sub("", bare, count=1)
    kicked = KICKED.search(bare)
    if kicked:
        extra["kicked"] = True
        bare = bare[:kicked.start()] + "a " + bare[kicked.end():]
    if not extra:
        return None
    found = cast_trigger(bare)
    if found is None:
        return None
    data, why = found
    for kind, ability in data:
        if kind == "ability" and "triggered" in ability:
            ability["triggered"]["when"].update(extra)
    said = {"during": "whose turn it is", "cast_from": "the zone it is cast from", "kicked": "whether it is kicked",
            "targets": "what it targets", "not_owned": "who owns it", "unjudged": "every target it has (next refuses "
            "where it would trigger)"}
    return data, f"{why}; it looks at {' and '.join(said[k] for k in extra)}"


# CR 603.2: "Whenever you cast a black spell or a Swamp you control enters, [effect]": two events, one effect.
CAST_OR_ENTERS = re.compile(r"Whenever (?P<who>you cast|an opponent casts|a player casts) "
                            r"(?P<spell>an?(?: [^,]+?)? spell(?: from [a-z' ]+?)?) or (?P<noun>an? [^,]+?) "
                            r"enters(?P<zone> from [a-z' ]+)?, (?P<effect>.+)")


def cast_or_enters_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None]
                        ) -> tuple[list[tuple[str, Any]], str] | None:
    """Each event by the form that reads it alone (``single``: the compiler's forms), one ability
    each (as oracle_player_events.play_or_cast_form does); None when either isn't read."""
    m = CAST_OR_ENTERS.fullmatch(bare)
    if not m:
        return None
    effect = m.group("effect")
    entering = f"{m.group('noun')} enters{m.group('zone') or ''}"
    never = next((why for pattern, why in NEVER_EVENTS.items() if re.fullmatch(pattern, entering)), None)
    found = [single(f"Whenever {m.group('who')} {m.group('spell')}, {effect}"),
             ([], f"its other event never happens in a query: {never}") if never else
             single(f"Whenever {entering}, {effect}")]
    read = [each for each in found if each is not None]
    if len(read) < len(found) or not read[0][0]:
        return None
    return ([item for data, _ in read for item in data],
            "two trigger events, one effect (CR 603.2): " + "; ".join(why for _, why in read if why))


# CR 601.2i, 113.6k: "When you cast this spell": a trigger of the spell itself, on the stack.
CAST_SELF = re.compile(r"When you cast (?:this spell|~), (.+)")


def cast_self_trigger(bare: str, name: str) -> tuple[list[tuple[str, Any]], str] | None:
    """"When you cast this spell, [effect]": it triggers as the spell becomes cast (CR 601.2i; a
    trigger condition that can't trigger from the battlefield functions where it can, 113.6k) and
    goes on the stack above the spell, its source.  Its effect is kept as text (it acts on or for
    the spell, which the effect forms of a permanent's abilities don't read): `next` puts it on
    the stack and refuses to resolve it."""
    m = CAST_SELF.fullmatch(bare)
    if not m or rx.match(r"if\b", m.group(1)) or rx.search(r"\btriggers only\b", bare):
        return None
    return ([("ability", {"triggered": {"when": {"event": "cast_self"}, "text": m.group(1).replace("~", name)}})],
            "a triggered ability of the spell itself when it is cast (CR 601.2i, 113.6k)")


ONCE = re.compile(r"This ability triggers only once each turn\.?")
ONCE_WHY = ("its triggered ability above triggers only once each turn (CR 603.2): the board's "
            "triggered_this_turn says whether it has")


# CR 603.2: "When ~ enters and whenever you gain life, surveil 1. This ability triggers only once each turn.": one
# ability with two trigger conditions, compiled as one ability for each event (oracle_ifs.double_event_form): the
# limit is the ability's, so either one triggering spends the other's too (asp/trigger_limits.lp).
TWO_EVENTS = "two trigger events, one effect (CR 603.2)"
ONCE_SHARED_WHY = ("its triggered ability above, one ability with two trigger events, triggers only once each turn "
                   "(CR 603.2): either event spends it; the board's triggered_this_turn says whether it has")


ONCE_IRRELEVANT = "how often the ability above triggers, which is itself irrelevant to every query (as it says)"


def once_each_turn(part: str, found: list[tuple[str, Any]], before: list[dict[str, Any]]
                   ) -> tuple[bool, str] | None:
    """"This ability triggers only once each turn." after the sentences ``before`` it on its line
    (as classified), which compiled to ``found``: (True, why) when a triggered ability is among
    them (the limit is added to its ``when``), (False, why) when every one of them is irrelevant
    (so is its limit), None otherwise (not understood).  A sentence between the ability and its
    limit that deals damage ("He deals 2 damage to each opponent") is more of the ability's
    effect, which its ``do`` would leave out (CR 120.3): then None too."""
    if not ONCE.fullmatch(part.strip()):
        return None
    abilities = [data["triggered"] for kind, data in found if kind == "ability" and "triggered" in data]
    rest = [s["text"] for s in before[1:] if s["class"] == "irrelevant" and "reminder" not in s["why"]]
    if any(rx.search(r"\bdamage\b", text) for text in rest):
        return None
    if len(abilities) == 1 and abilities[0]["when"].get("event") in LIMITED_EVENTS:
        abilities[0]["when"]["once_each_turn"] = True
        return True, ONCE_WHY
    compiled = [s for s in before if s["class"] != "irrelevant"]
    if (len(abilities) > 1 and len(compiled) == 1 and compiled[0]["why"].startswith(TWO_EVENTS)
            and len(abilities) == len(found) and all(a["when"].get("event") in LIMITED_EVENTS for a in abilities)):
        for position, ability in enumerate(abilities):  # one ability, one event each (its trigger conditions)
            ability["when"]["once_each_turn"] = True
            if position:
                ability["when"]["limit_with_previous"] = True
        return True, ONCE_SHARED_WHY
    if not found and before and all(s["class"] == "irrelevant" for s in before):
        return False, ONCE_IRRELEVANT
    return None


# CR 700.14: "Whenever you expend N": a player expends N as they pay a cost to cast a spell and their total
# mana spent to cast spells this turn reaches N.  No board records that total: the ability is a trigger on
# its controller casting a spell, kept unjudged (pysolver next refuses where it would go on the stack).
EXPEND = re.compile(r"Whenever you expend (\d+), (.+)")
EXPEND_UNJUDGED = ("it reads whether its controller's total mana spent to cast spells this turn reaches {} (expend, "
                   "CR 700.14), which no board records")


def expend_trigger(bare: str, cast_trigger: Callable[[str], tuple[list[tuple[str, Any]], str] | None]
                   ) -> tuple[list[tuple[str, Any]], str] | None:
    """"Whenever you expend N, [effect]": the cast trigger form (``cast_trigger``, oracle_next.cast_trigger)
    reads "Whenever you cast a spell, [effect]", and the total it looks for is its `unjudged`."""
    m = EXPEND.fullmatch(bare)
    if not m or rx.search(r"\btriggers only\b", bare):
        return None
    found = cast_trigger(f"Whenever you cast a spell, {m.group(2)}")
    if found is None:
        return None
    data, _ = found
    abilities = triggered_of(data)
    if len(abilities) != 1 or "unjudged" in abilities[0]["when"] or "if" in abilities[0]:
        return None
    abilities[0]["when"]["unjudged"] = EXPEND_UNJUDGED.format(m.group(1))
    return data, ("a triggered ability when its controller expends N, as they pay the cost of a spell they cast "
                  "(CR 700.14, 603.2): next refuses where it would trigger")
