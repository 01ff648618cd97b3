"""Oracle compiler forms for triggered abilities (issue 13): two trigger events sharing one effect
("Whenever ~ enters or attacks", "When ~ enters or dies", "When ~ enters and at the beginning of
your upkeep", CR 603.2), and intervening "if" clauses (CR 603.4) about what happened earlier
("if it was kicked", "if a player cast two or more spells last turn") that no board records, and conditions on the
board the rules judge ("if ~ is untapped", "if there are two or more ki counters on ~", "if no
creatures are on the battlefield", "if an opponent controls more lands than you").

A double event is compiled one event at a time, each by the form that reads that event alone
(``single``: the same effect after "When ~ dies, "...), one ability per event the queries
produce; an event no query produces (attacking, blocking: a combat trigger) is left out, and the
compiled sentence says so.  If any event is neither, the sentence is not read (None).

A condition about history is kept as ``if: {unjudged: WHY}``: no rule reads it, and every query
that would decide whether the ability triggers refuses, saying why (`pysolver next` where it would
put the ability on the stack, `pysolver turn` in a step where it would trigger); the ability keeps
its condition in its text and no ``do`` (its effect is never applied without the condition).
Called by pysolver.cards.oracle; each returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx
from pysolver.cards.oracle_words import count_word

# CR 603.4: conditions about earlier events, which a board (a state, CR 110.1) doesn't record.
HISTORY = (
    (re.compile(r"\b(?:this|last) turn\b|\bstarted the turn\b"),
     "what happened earlier this turn or last turn"),
    (re.compile(r"\bkicked\b"), "whether it was kicked (CR 702.33d)"),
    (re.compile(r"\bwas spent to cast\b"), "which mana was spent to cast it (CR 601.2h)"),
    (re.compile(r"\byou cast it\b|\bit was cast\b|\b(?:was|were) cast (?:from|using)\b"),
     "whether and how it was cast (CR 601.2)"),
    (re.compile(r"\b(?:it|that (?:creature|permanent|artifact)) (?:was|wasn't|was not) sacrificed\b"),
     "how it left the battlefield, whether it was sacrificed (CR 701.17a)"),
    (re.compile(r"\b(?:cost|tribute) (?:was|wasn't) paid\b|\bwas bargained\b|\bgift was promised\b"),
     "a choice made as it was cast or as it entered (CR 601.2b, 614.12)"),
)
CONDITION = re.compile(r"if (?P<condition>[^,]+), (?P<effect>(?:[a-z]|~).+)")
# CR 601.2a, 603.4: how the permanent entering was cast, which `next` knows as the spell resolves.
CAST_ZONES = {"your hand": "hand", "your graveyard": "graveyard", "a graveyard": "graveyard", "exile": "exile"}
CAST_CLAUSE = re.compile(rf"(?:you cast it|it was cast)(?: from ({'|'.join(CAST_ZONES)}))?")
# CR 119.3: "if you gained life this turn", "if you've gained 3 or more life this turn".
GAINED_LIFE = re.compile(r"you(?:'ve| have)? gained (?:(\w+) or more )?life this turn")


def history_condition(effect: str) -> tuple[dict[str, Any], str] | None:
    """``if a player cast two or more spells last turn, transform ~`` -> ({unjudged: why}, the whole
    effect with its condition), or None when the condition isn't about history.  The life its controller
    gained this turn is history a board records (its life_gained, CR 119.3): ``if you gained 3 or more life
    this turn, E`` -> ({life_gained: 3}, E), judged (asp/trigger_ifs.lp)."""
    m = CONDITION.fullmatch(effect)
    if not m or rx.search(r"\bthis card\b|~ from your graveyard", effect):
        return None  # an ability that functions in a graveyard (CR 113.6m), which no rule reads
    condition = m.group("condition")
    gained = GAINED_LIFE.fullmatch(condition)
    if gained and (gained.group(1) is None or count_word(gained.group(1))):
        return {"life_gained": count_word(gained.group(1)) if gained.group(1) else 1}, m.group("effect")
    why = next((why for pattern, why in HISTORY if pattern.search(condition)), None)
    if why is None:
        return None
    return ({"unjudged": f"its intervening \"if\" ({condition}) reads {why}, which no board records (CR 603.4)"},
            effect)


def cast_clause(clause: str) -> dict[str, Any] | None:
    """How the permanent was cast, as a condition: ``you cast it from your hand`` -> {cast_from: hand},
    ``you cast it`` / ``it was cast`` -> {cast: true} (CR 601.2a); None for another clause."""
    m = CAST_CLAUSE.fullmatch(clause)
    if m is None:
        return None
    return {"cast_from": CAST_ZONES[m.group(1)]} if m.group(1) else {"cast": True}


def self_cast_condition(effect: str) -> tuple[dict[str, Any], str] | None:
    """The intervening "if" of the source's own enters trigger on how it was cast: ``if you cast it
    from your hand, E`` -> ({cast_from: hand}, E); ``if you cast it, E`` -> ({cast: true}, E) (CR 603.4,
    601.2a); ``if it was kicked, E`` -> ({kicked: true}, E) (702.33d); asp/turn.lp judges each on the spell
    the permanent was, as `next` resolves it."""
    m = CONDITION.fullmatch(effect)
    if m is not None and m.group("condition") == "it was kicked":
        return {"kicked": True}, m.group("effect")
    how = cast_clause(m.group("condition")) if m else None
    return None if how is None or m is None else (how, m.group("effect"))


# CR 603.2: "When ~ enters or dies, ...": an event of the source itself, then another.
DOUBLE = re.compile(r"(?P<when>When|Whenever) ~ (?P<first>enters(?: the battlefield)?|dies|attacks|blocks) "
                    r"(?P<joint>or|and) (?P<second>[^,]+), (?P<effect>.+)")
# CR 603.2: "Whenever a Detective you control enters or is turned face up, ...": two events of one subject, another
# permanent than the source, each read as a sentence of its own with that subject.
SUBJECT_EVENTS = r"enters(?: the battlefield)?|dies|attacks|blocks|is turned face up"
SUBJECT_DOUBLE = re.compile(rf"(?P<when>When|Whenever) (?P<subject>(?:a|an|another) [^,]+?) "
                            rf"(?P<first>{SUBJECT_EVENTS}) (?P<joint>or) (?P<second>{SUBJECT_EVENTS}), (?P<effect>.+)")
# An event no query produces (CR 508.1, 509.1: no query declares attackers or blockers).
COMBAT = re.compile(r"attacks|blocks|attacks or blocks|becomes blocked|deals combat damage to a player")
# The same as a trigger of its own after "and" ("and whenever a creature you control deals combat damage to a
# player", "and whenever it attacks while saddled"): its subject, then a combat event.
COMBAT_TRIGGER = re.compile(r"(?:whenever|when) (?:~|it|an? (?:[\w\-]+ )*?creature(?: you control)?) "
                            r"(?:attacks|blocks|attacks or blocks|becomes blocked|deals combat damage to "
                            r"(?:a player|an opponent))(?: while [^,]+)?")


# Events no query produces beside one that does ("When ~ enters or the creature it haunts dies"; a
# permanent is turned face up by `next turn-face-up`, CR 708.8, so that event is no such one).
NEVER = {
    "the creature it haunts dies": "never happens in a query: a card haunts a creature from exile (CR 702.55b), "
                                   "and no board holds exiled cards",
    "transforms into ~": "never happens in a query: no action of `next` transforms a permanent (CR 701.28; an effect "
                         "that transforms is kept as text, which next refuses to resolve)",
    "specializes": "never happens in a query: specializing is a digital-only action (MTG Arena) the Comprehensive "
                   "Rules don't define, and no query takes it (a specialize ability is never compiled)",
}


def _second_sentence(when: str, second: str, effect: str) -> str:
    if rx.match(r"(?:whenever|when) ", second):  # "When ~ enters and whenever you gain life"
        return f"{second[0].upper()}{second[1:]}, {effect}"
    if second.startswith("at the beginning of "):  # "and at the beginning of your upkeep" (CR 603.2b)
        return f"A{second[1:]}, {effect}"
    if rx.match(r"(?:a|an|another) ", second):  # "or a planeswalker you control dies": a subject of its own
        return f"{when} {second}, {effect}"
    return f"{when} ~ {second}, {effect}"


def _either(single: Callable[[str], tuple[list[tuple[str, Any]], str] | None], sentence: str
            ) -> tuple[list[tuple[str, Any]], str] | None:
    """The event alone, by the form that reads it with "When" or with "Whenever" (CR 603.2: the
    same event; the forms read each event with its usual word)."""
    return single(sentence) or single(rx.sub(r"^When\b", "Whenever", sentence)) or single(
        rx.sub(r"^Whenever\b", "When", sentence))


# CR 603.2: "Whenever an opponent casts a spell during your turn and when ~ dies, ...": two events, each a
# trigger condition of its own ("and when", "and whenever"), the first not about the source alone.
JOINT = re.compile(r"(?P<when>When|Whenever) (?P<first>[^,]+?) and (?P<second>(?:when|whenever) [^,]+), "
                   r"(?P<effect>.+)")


def joint_event_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None]
                     ) -> tuple[list[tuple[str, Any]], str] | None:
    """Each event by the forms that read it alone (``single``), one ability each, as double_event_form
    does for "When ~ enters and whenever ..."; None when either isn't read (a combat event included)."""
    m = JOINT.fullmatch(bare)
    if not m or DOUBLE.fullmatch(bare):
        return None
    found = [_either(single, sentence) for sentence in (f"{m.group('when')} {m.group('first')}, {m.group('effect')}",
                                                         _second_sentence(m.group("when"), m.group("second"),
                                                                          m.group("effect")))]
    if any(each is None for each in found):
        return None
    return ([item for each in found if each for item in each[0]],
            "two trigger events, one effect (CR 603.2): " + "; ".join(each[1] for each in found if each))


def double_event_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None]
                      ) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 603.2: one triggered ability with two trigger events: each event the queries produce is
    compiled by ``single`` (the forms that read "When ~ enters, [effect]" and the others), a
    combat event left out (not both); None when an event is neither."""
    m = DOUBLE.fullmatch(bare)
    subject = "~"
    if not m:
        m = SUBJECT_DOUBLE.fullmatch(bare)
        if not m or m.group("first") == m.group("second"):
            return joint_event_form(bare, single)
        subject = m.group("subject")
    when, first, second, effect = m.group("when"), m.group("first"), m.group("second"), m.group("effect")
    if m.group("joint") == "and" and not rx.match(r"(?:whenever|when|at the beginning of) ", second):
        return None  # "enters and attacks": one event with two parts, not two events
    data: list[tuple[str, Any]] = []
    whys: list[str] = []
    then = _second_sentence(when, second, effect) if subject == "~" else f"{when} {subject} {second}, {effect}"
    for event, sentence in ((first, f"{when} {subject} {first}, {effect}"), (second, then)):
        if (m.group("joint") == "or" and COMBAT.fullmatch(event)) or COMBAT_TRIGGER.fullmatch(event):
            whys.append(f"its event \"{event}\" is a combat event, which no query produces (no query declares "
                        "attackers or blockers)")
            continue
        if m.group("joint") == "or" and event in NEVER:
            whys.append(f"its event \"{event}\" {NEVER[event]}")
            continue
        compiled = _either(single, sentence)
        if compiled is None:
            return None
        data += compiled[0]
        whys.append(compiled[1])
    if not data:
        return None  # two combat events: a combat trigger (oracle's classification)
    return data, "two trigger events, one effect (CR 603.2): " + "; ".join(whys)

def dies_if_form(bare: str, name: str) -> tuple[list[tuple[str, Any]], str] | None:
    """"When ~ dies, if it was kicked, ..." (CR 603.6c, 603.4): a dies trigger whose condition no
    board records (``history_condition``); other conditions are not read here."""
    m = rx.fullmatch(r"When ~ dies, (if .+)", bare)
    conditional = history_condition(m.group(1)) if m else None
    if conditional is None:
        return None
    condition, effect = conditional
    return ([("ability", {"triggered": {"when": {"event": "dies"}, "if": condition,
                                        "text": effect.replace("~", name)}})],
            "a triggered ability when it dies (CR 603.6c), with an intervening \"if\" no board records (CR 603.4): "
            "next refuses where it would trigger")


# CR 603.4: conditions on the board as the event happens (and again on resolution), which the rules
# judge (asp/turn.lp if_false/2, asp/outcomes.lp if_checked/3).
COUNT = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|twenty|\d+)"


def board_condition(effect: str, nouns: Callable[[str, bool], dict[str, Any] | None]
                    ) -> tuple[dict[str, Any], str] | None:
    """``if ~ is untapped``, ``if ~ is an enchantment``, ``if there are two or more ki counters on ~``,
    ``if no creatures are on the battlefield``, ``if an opponent controls more lands than you``, ``if you
    control another Elf`` -> (the trigger's ``if``, the effect), or None.  ``nouns`` reads a noun phrase (plural
    or not) as a filter, or None."""
    m = CONDITION.fullmatch(effect)
    if not m:
        return None
    condition, rest = m.group("condition"), m.group("effect")
    if condition == "~ is untapped":
        return {"self_untapped": True}, rest
    found = rx.fullmatch(r"~ is an? (.+)", condition)
    if found:  # "if ~ is an enchantment": its types as the event happens (CR 603.4, 205)
        spec = nouns(found.group(1), False)
        return None if spec is None else ({"self_is": spec}, rest)
    found = (rx.fullmatch(r"~ has ([a-z]+)", condition)
             or rx.fullmatch(r"~'s (power|toughness) is (\d+) or (greater|less)", condition))
    if found:  # "if ~ has flying" (CR 702.1), "if ~'s power is 7 or greater" (208.1): it, as the event happens
        spec = nouns("permanent with " + rx.sub(r"^~'s (\w+) is", r"\1", condition).removeprefix("~ has "), False)
        return None if spec is None else ({"self_is": spec}, rest)
    found = (rx.fullmatch(rf"there (?:are|is) {COUNT} or more ([\w+/\-]+) counters? on ~", condition)
             or rx.fullmatch(rf"~ has {COUNT} or more ([\w+/\-]+) counters? on it", condition))
    if found and count_word(found.group(1)):
        return {"self_counters": {"kind": found.group(2), "at_least": count_word(found.group(1))}}, rest
    found = rx.fullmatch(r"~ has an? ([\w+/\-]+) counter on it", condition)
    if found:  # "if ~ has a +1/+1 counter on it": one or more (CR 603.4)
        return {"self_counters": {"kind": found.group(1), "at_least": 1}}, rest
    found = (rx.fullmatch(rf"(no|{COUNT} or (?:more|fewer)) (.+?) (?:are|is) on the battlefield", condition)
             or rx.fullmatch(rf"there are (no|{COUNT} or (?:more|fewer)) (.+?) on the battlefield", condition))
    if found:
        spec = nouns(found.group(3), True)
        if spec is None:
            return None
        words = found.group(1)
        compare = {"at_most": 0} if words == "no" else {
            "at_least" if words.endswith("more") else "at_most": count_word(words.split()[0])}
        if None in compare.values():
            return None
        return {"on_battlefield": {**compare, "filter": spec}}, rest
    found = rx.fullmatch(r"all ([a-z]+) on the battlefield are ([A-Z][a-z]+)s", condition)
    if found:  # "if all lands on the battlefield are Islands": none of them isn't (CR 603.4, 205.3)
        spec = nouns(f"non-{found.group(2)} {found.group(1)}", True)
        if spec is None or spec.get("not_subtypes") != [found.group(2)]:
            return None
        return {"on_battlefield": {"at_most": 0, "filter": spec}}, rest
    found = rx.fullmatch(rf"there are {COUNT} or more card types among cards in your graveyard", condition)
    if found and count_word(found.group(1)):  # CR 205.2a: delirium's count (CR 603.4)
        return {"graveyard_card_types": {"at_least": count_word(found.group(1))}}, rest
    found = rx.fullmatch(r"an opponent controls more (\w+) than you", condition)
    if found:
        spec = nouns(found.group(1), True)
        return None if spec is None else ({"opponent_controls_more": {"filter": spec}}, rest)
    found = rx.fullmatch(r"you control another (.+)", condition)
    if found:
        spec = nouns(found.group(1), False)
        return None if spec is None else ({"you_control": {"at_least": 1, "filter": {**spec, "other": True}}}, rest)
    return None


# CR 603.4, 119.1, 402.1: a player's life total or the number of cards in their hand: its controller's
# ("you have"), or, in a step trigger of each player's or each opponent's step, the active player's ("that
# player has", CR 603.2b: the player whose step it is); "if a player has", "if an opponent has": some player of
# them (102.1, 102.3).
PLAYER_STATE = re.compile(rf"(?P<who>you|that player|a player|an opponent) (?:have|has) "
                          rf"(?P<count>no|fewer than {COUNT}|{COUNT} or (?:more|fewer|less)) "
                          rf"(?P<what>cards in hand|life)")


def player_condition(effect: str, that_player: bool = False) -> tuple[dict[str, Any], str] | None:
    """``if you have 40 or more life, ...`` -> ({player_state: {whose: you, of: life, at_least: 40}}, the
    effect); ``if that player has one or fewer cards in hand`` (``that_player``: the active player) ->
    whose: active.  None when the condition isn't one of these."""
    m = CONDITION.fullmatch(effect)
    found = PLAYER_STATE.fullmatch(m.group("condition")) if m else None
    if not found or (found.group("who") in ("you", "that player")
                     and (found.group("who") == "that player") != that_player):
        return None
    words, what = found.group("count"), found.group("what")
    if words == "no":
        if what != "cards in hand":
            return None
        compare = {"at_most": 0}
    elif words.startswith("fewer than "):
        count = count_word(words.split()[-1])
        if not count:
            return None
        compare = {"at_most": count - 1}
    else:
        count = count_word(words.split()[0])
        if count is None:
            return None
        compare = {"at_least" if words.endswith("more") else "at_most": count}
    whose = {"you": "you", "that player": "active", "a player": "any", "an opponent": "opponent"}[found.group("who")]
    state = {"whose": whose, "of": "hand" if what == "cards in hand" else "life", **compare}
    return {"player_state": state}, m.group("effect")
