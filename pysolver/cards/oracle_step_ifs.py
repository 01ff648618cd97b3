"""Oracle compiler forms for the intervening "if" of step and cast triggers, second pass (issue 13):
conditions the rules judge on the board ("if ~ has counters on it", "if ~ has fewer than three charge
counters on it", "if creatures you control have total power 8 or greater", "if you have more life than
an opponent", "if a player controls more Wizards than each other player", "if enchanted creature is
untapped", "if enchanted creature's power is 4 or greater", "if a player controls no creatures", "if ~ is in
the command zone", "if you're the monarch", "if you have the initiative", "if you have the city's blessing",
"if you've completed a dungeon": the board's players[]), conditions no rule here reads ("if there is no monarch",
"if you control your commander": kept as ``unjudged``, so `turn` and `next` refuse where the ability would
trigger), and two conditions joined by "and" (CR 603.4: both must
hold).  Rules in asp/trigger_ifs.lp (if_false/2, read by asp/turn.lp and every trigger rule).

The effect of an ability with one of these conditions keeps only its text: the resolution rules
(asp/outcomes.lp) don't check them again (CR 603.4), so `outcomes` and `next` refuse to resolve it
rather than apply it unchecked (``UNCHECKED`` lists the conditions they don't check).
Called by pysolver.cards.oracle; each returns (the trigger's ``if``, the effect) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx
from pysolver.cards.oracle_ifs import CONDITION, COUNT
from pysolver.cards.oracle_words import count_word

Found = tuple[dict[str, Any], str]
Reader = Callable[[str], "Found | None"]

# CR 603.4: conditions asp/outcomes.lp doesn't check again as the ability resolves (it has no if_checked/3 for
# them; "unjudged" ones never let it trigger): an ability with one of them keeps no ``do``.
UNCHECKED = frozenset(("unjudged", "player_state", "self_has_counters", "self_counters_below", "total_stat",
                       "more_life_than_an_opponent", "less_life_than_an_opponent", "attached_tapped", "attached_is",
                       "a_player_controls_none", "self_in_command_zone", "controls_most",
                       "designation", "life_gained"))

# Designations a player has (CR 722 monarch, 723 initiative, 702.131c the city's blessing), a dungeon
# completed (309.7) and a player's own commanders (903.3: "your commander", whose owner is "you"; "a commander"
# is a filter on the board's commander:, noun_filter): a board records none of them.
DESIGNATIONS = (
    (re.compile(r"you're the monarch|you are the monarch|there is no monarch"), "who is the monarch (CR 722.1)"),
    (re.compile(r"you have the initiative"), "who has the initiative (CR 723.1)"),
    (re.compile(r"you have the city's blessing"), "who has the city's blessing (CR 702.131c)"),
    (re.compile(r"you've completed a dungeon|you have completed a dungeon|you haven't completed (?:a dungeon|"
                r"[A-Z][\w']*(?: (?:of|the|[A-Z][\w']*))*)"),
     "which dungeons a player completed (CR 309.7)"),
    (re.compile(r"you control your commander|all your commanders have been revealed"),
     "which permanents are commanders (CR 903.3)"),
)
STATS = {"power": "power", "toughness": "toughness"}
ATTACHED = re.compile(r"(?:enchanted|equipped) (?:creature|permanent|land|artifact) is (tapped|untapped)")
# CR 303.4, 301.5: "if enchanted creature is a Wolf or Werewolf": the permanent it is attached to, of that kind.
ATTACHED_KIND = re.compile(r"(?:enchanted|equipped) (?:creature|permanent|land|artifact) is an? (.+)")
ATTACHED_STAT = re.compile(r"(?:enchanted|equipped) creature's (power|toughness) is (\d+) or (greater|less)")


# CR 722.1, 723.1, 702.131c, 309.7: the designations a board records (players[]), judged (asp/trigger_ifs.lp).
JUDGED_DESIGNATIONS = {"you're the monarch": "monarch", "you are the monarch": "monarch",
                       "you have the initiative": "initiative", "you have the city's blessing": "city_blessing",
                       "you've completed a dungeon": "completed_dungeon",
                       "you have completed a dungeon": "completed_dungeon"}


def designation_condition(condition: str) -> dict[str, Any] | None:
    """``you're the monarch`` -> {designation: monarch}: a designation its controller has, as the board records
    it (CR 603.4); ``there is no monarch``, a dungeon by name, ``you control your commander`` -> {unjudged: why}:
    one no rule here reads."""
    if condition in JUDGED_DESIGNATIONS:
        return {"designation": JUDGED_DESIGNATIONS[condition]}
    why = next((why for pattern, why in DESIGNATIONS if pattern.fullmatch(condition)), None)
    if why is None:
        return None
    return {"unjudged": f"its intervening \"if\" ({condition}) reads {why}, which no rule here judges (CR 603.4)"}


def judged_condition(condition: str, nouns: Callable[[str, bool], dict[str, Any] | None]) -> dict[str, Any] | None:
    """One condition the rules judge on the board (asp/trigger_ifs.lp), as the trigger's ``if``, or None."""
    if condition == "~ has counters on it":  # CR 122.1: a counter of any kind
        return {"self_has_counters": True}
    found = rx.fullmatch(rf"~ has fewer than {COUNT} ([\w+/\-]+) counters on it", condition)
    if found and count_word(found.group(1)):
        return {"self_counters_below": {"kind": found.group(2), "below": count_word(found.group(1))}}
    found = rx.fullmatch(r"creatures you control have total (power|toughness) (\d+) or greater", condition)
    if found:  # CR 208.1: the sum of their powers (a negative one counts as it is, 107.1b)
        return {"total_stat": {"of": STATS[found.group(1)], "at_least": int(found.group(2))}}
    if condition == "you have more life than an opponent":  # CR 119.1
        return {"more_life_than_an_opponent": True}
    if condition == "you have less life than an opponent":
        return {"less_life_than_an_opponent": True}
    found = ATTACHED.fullmatch(condition)
    if found:  # CR 303.4, 301.5: the permanent it is attached to (none: the condition is false)
        return {"attached_tapped": found.group(1) == "tapped"}
    found = ATTACHED_STAT.fullmatch(condition)
    if found:  # CR 303.4, 301.5, 208.1: its power as the step begins (attached to none: false)
        bound = f"{found.group(1)}_at_{'least' if found.group(3) == 'greater' else 'most'}"
        return {"attached_is": {bound: int(found.group(2))}}
    found = ATTACHED_KIND.fullmatch(condition)
    if found and not rx.match(r"(?:un)?tapped\b", found.group(1)):  # CR 303.4, 301.5 (attached to none: false)
        spec = nouns(found.group(1), False)
        return None if spec is None else {"attached_is": spec}
    found = rx.fullmatch(r"(a player|that player) controls more (.+?) than each other player", condition)
    if found:  # CR 102.1: strictly more than every other player; "that player": the active one (603.2b)
        spec = nouns(found.group(2), True)
        return None if spec is None else {"controls_most": {
            "whose": "any" if found.group(1) == "a player" else "active", "filter": spec}}
    found = rx.fullmatch(r"a player controls no (.+)", condition)
    if found:  # some player (CR 102.1) controls none
        spec = nouns(found.group(1), True)
        return None if spec is None else {"a_player_controls_none": {"filter": spec}}
    found = rx.fullmatch(r"you control no (.+?) other than ~", condition)
    if found:  # "no Thopters other than ~": none but its source (asp/turn.lp other_self)
        spec = nouns(found.group(1), True)
        return None if spec is None else {"you_control": {"at_most": 0, "filter": {**spec, "other": True}}}
    if condition == "~ is in the command zone":  # CR 408.1: never true of a permanent
        return {"self_in_command_zone": True}
    return None


def more_condition(effect: str, nouns: Callable[[str, bool], dict[str, Any] | None]) -> Found | None:
    """``if you're the monarch, draw a card`` -> ({unjudged: ...}, ``draw a card``); ``if ~ has counters
    on it, ...`` -> ({self_has_counters: true}, ...); None when the condition is neither."""
    m = CONDITION.fullmatch(effect)
    if not m:
        return None
    condition = m.group("condition")
    found = designation_condition(condition) or judged_condition(condition, nouns)
    return None if found is None else (found, m.group("effect"))


def on_battlefield_anyway(effect: str) -> str | None:
    """``if ~ is in the command zone or on the battlefield, E`` -> E: a permanent's ability, whose
    source is on the battlefield, so the condition holds (CR 603.4; the command zone, 408.1, which
    no board holds, is where the ability functions besides: eminence, 207.2c)."""
    m = rx.fullmatch(r"if ~ is (?:in the command zone or on the battlefield|on the battlefield or in the command "
                     r"zone), (.+)", effect)
    return m.group(1) if m else None


def both_conditions(effect: str, one: Reader) -> Found | None:
    """CR 603.4: ``if A and B, E``: both conditions, each read by ``one`` (``and have no cards in hand``:
    the subject "you" of the first), merged when they are of different kinds; None otherwise."""
    m = CONDITION.fullmatch(effect)
    if not m:
        return None
    condition, rest = m.group("condition"), m.group("effect")
    parts = condition.split(" and ")
    for cut in range(1, len(parts)):
        first, second = " and ".join(parts[:cut]), " and ".join(parts[cut:])
        if rx.match(r"(?:have|has|control|controls) ", second):
            second = f"{first.split()[0]} {second}"  # "you control no ... and have no cards in hand"
        read = [one(f"if {first}, {rest}"), one(f"if {second}, {rest}")]
        if any(each is None or each[1] != rest for each in read):
            continue
        (a, _), (b, _) = read
        if set(a) & set(b):
            continue
        return {**a, **b}, rest
    return None


def keeps_do(condition: dict[str, Any]) -> bool:
    """Whether an ability with this ``if`` may keep its ``do`` (its condition is checked again as it
    resolves, CR 603.4)."""
    return not set(condition) & UNCHECKED


def intervening_if(effect: str, readers: list[Reader], nouns: Callable[[str, bool], dict[str, Any] | None]
                   ) -> Found | None:
    """The intervening "if" of a step or cast trigger (CR 603.4): ``readers`` (the compiler's condition
    forms) first, then the conditions above, then two of them joined by "and".  ({}, effect) when the
    condition always holds of a permanent ("if ~ is in the command zone or on the battlefield")."""
    anyway = on_battlefield_anyway(effect)
    if anyway is not None:
        return {}, anyway

    def one(text: str) -> Found | None:
        for read in readers:
            found = read(text)
            if found is not None:
                return found
        return more_condition(text, nouns)
    return one(effect) or both_conditions(effect, one)


# CR 603.2b: "At the beginning of your upkeep and whenever you cast a white spell, E": two trigger events.
STEP_AND_EVENT = re.compile(r"At the beginning of (?P<step>[^,]+?) and (?P<event>whenever [^,]+), (?P<effect>.+)")


def step_and_event_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None]
                        ) -> tuple[list[tuple[str, Any]], str] | None:
    """One ability with two trigger events, a step's beginning and an event: each read by ``single``
    (the compiler's forms) as a sentence of its own, one ability each (CR 603.2, 603.2b); None when
    either isn't read."""
    m = STEP_AND_EVENT.fullmatch(bare)
    if not m:
        return None
    effect = m.group("effect")
    found = [single(f"At the beginning of {m.group('step')}, {effect}"),
             single(f"W{m.group('event')[1:]}, {effect}")]
    if any(each is None or not each[0] for each in found):
        return None
    return ([item for data, _ in found for item in data],
            "two trigger events, one effect (CR 603.2): " + "; ".join(why for _, why in found))


# CR 500.8, 500.9: a step trigger that adds a phase or a step after this one; `turn` lays out the steps it adds.
PHASES = {"beginning": "beginning", "combat": "combat", "ending": "ending"}
STEPS = {"upkeep": "upkeep", "draw": "draw", "end": "end"}
ADDED_PHASE = re.compile(r"there is an additional (beginning|combat|ending) phase after this phase")
ADDED_STEP = re.compile(r"(?:there is|that player gets|you get) an additional (upkeep|draw|end) step after this step")
# What changes the rest of the turn besides (CR 614.10 skipping, 500.8-500.10 adding, 721 ending it).
TURN_CHANGE = re.compile(r"\badditional \w+ (?:step|phase)\b|\bskips?\b|\bend the turn\b")


def turn_structure(effect: str) -> list[dict[str, Any]] | None:
    """The steps a step trigger's effect adds (its ``do``), [] when it changes nothing of the turn's
    steps, None when it changes them in another way (skipping, adding with a condition, ending the turn):
    then `turn` couldn't lay out the rest of the turn, and the sentence is not read."""
    m = ADDED_PHASE.fullmatch(effect)
    if m:
        return [{"additional_phase": PHASES[m.group(1)]}]
    m = ADDED_STEP.fullmatch(effect)
    if m:
        return [{"additional_steps": [STEPS[m.group(1)]]}]
    return None if TURN_CHANGE.search(effect) else []
