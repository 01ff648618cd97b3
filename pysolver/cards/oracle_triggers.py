"""Oracle compiler forms for abilities that trigger on another object (issue 13): "Whenever a
creature you control enters", "Landfall — Whenever a land you control enters", "Whenever ~ or
another Ally you control enters", "When a Cartouche you control enters" (CR 603.2, 603.6a),
with an intervening "if" (603.4).

The event is one `pysolver next` produces (a land played, a spell resolving, a token created),
so the trigger is compiled into the trigger machinery (asp/zone_change.lp).  Its effect is the
ability's ``do`` where a form models it; otherwise only its text, which `next` refuses to put on
the stack when it chooses targets or a mode (603.3d) and refuses to resolve (naming the text).

In an ability that triggers on another object, "it" and "that creature" are that object, not
the ability's source: such an effect keeps only its text (``about_the_event``).  Called by
pysolver.cards.oracle for a line no other form read; returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx

# CR 603.2: the object the event is about, named by a pronoun or "that <noun>" in the effect.
EVENT_OBJECT = re.compile(r"\b(?:it|its|it's|they|them|their|that (?:creature|permanent|land|artifact|"
                          r"enchantment|token|card|spell|player)|those (?:creatures|permanents|tokens))\b",
                          re.IGNORECASE)


def triggered_of(data: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    """The triggered abilities among a sentence's compiled items ((kind, ability) pairs)."""
    return [ability["triggered"] for kind, ability in data if kind == "ability" and "triggered" in ability]


def resolution(effect: str, name: str, do_forms: Callable[[str], list[dict[str, Any]] | None],
               on_the_event: bool = False) -> dict[str, Any]:
    """What a triggered ability does as it resolves (CR 603.5, 608.2): its ``do`` when a form reads
    the effect (``may`` for "you may ..."), unless the effect is about the object or player that
    triggered it (``on_the_event``: the forms would read the ability's source), and its ``text``."""
    fields: dict[str, Any] = {}
    may = rx.fullmatch(r"you may (.+)", effect)
    done = None if on_the_event else (
        do_forms(may.group(1)) or do_forms("you " + may.group(1)) if may else do_forms(effect))
    if done:
        fields["do"] = done
        if may:  # CR 603.5: its controller chooses as it resolves
            fields["may"] = True
    fields["text"] = effect.replace("~", name)
    return fields


def unchecked(triggered: dict[str, Any]) -> None:
    """CR 603.4: an ability whose intervening "if" the resolution rules don't check again (oracle_step_ifs.
    UNCHECKED) keeps no ``do``: next refuses to resolve it rather than apply it unchecked."""
    from pysolver.cards.oracle_step_ifs import keeps_do
    if not keeps_do(triggered.get("if", {})):
        triggered.pop("do", None)
        triggered.pop("may", None)


def watched(m: re.Match[str], nouns: Callable[[str], dict[str, Any] | None]) -> dict[str, Any] | None:
    """The filter of "[a / an / another] [noun]" (the match's ``article`` and ``noun`` groups), the
    permanents a triggered ability watches (CR 603.2): None when ``nouns`` can't read the noun;
    "another": not its source."""
    spec = nouns(m.group("noun"))
    if spec is not None and m.group("article") == "another":
        spec["other"] = True
    return spec


def about_the_event(effect: str) -> bool:
    """Whether the effect names the object that triggered the ability ("put a +1/+1 counter on
    it", "you gain life equal to its toughness"), which the ``do`` forms would read as the
    ability's own source."""
    return bool(EVENT_OBJECT.search(rx.sub(r"~ to its owner's hand", "", effect)))  # ~'s owner


# CR 113.6m: an ability that acts on its card in a graveyard functions there, not on the battlefield.
GRAVEYARD_ABILITY = re.compile(r"\bthis card\b|~ from your graveyard")
ENTERS = re.compile(r"(?P<when>Whenever|When) (?P<who>~ or another|a|an|another) (?P<noun>.+?) "
                    r"enters(?: the battlefield)?(?: under (?P<under>your|an opponent's) control)?, (?P<effect>.+)")
CONTROL = re.compile(r"(?P<noun>.+?) (?P<control>you control|an opponent controls)"
                     r"(?P<with> with .+| of the chosen (?:color|creature type))?")
# CR 702.100a: evolve's intervening "if", about the entering creature and the source ("if it has greater power or
# toughness than ~": the same comparison, CR 603.4).
STATS_GREATER = re.compile(r"if (?:that creature's power is greater than ~'s power (?:and/)?or that creature's "
                           r"toughness is greater than ~'s toughness|(?:it|that creature) has greater power or "
                           r"toughness than ~), (.+)")
WHOSE = {"you control": "you", "your": "you", "an opponent controls": "opponent", "an opponent's": "opponent"}


# CR 603.2: "Whenever another creature you control enters while ~ has a -1/-1 counter on it": a condition of
# the trigger event, checked only as the event happens (unlike an intervening "if", 603.4, not again as the
# ability resolves).
WHILE_COUNTER = re.compile(r" while ~ has an? ([\w+/\-]+) counter on it(?=, )")


def others_enter_form(bare: str, name: str, nouns: Callable[[str], dict[str, Any] | None],
                      do_forms: Callable[[str], list[dict[str, Any]] | None],
                      condition: Callable[[str], tuple[dict[str, Any], str] | None]
                      ) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 603.2, 603.6a: "Whenever [a / another / ~ or another] [noun] [you control / an opponent
    controls] enters, [effect]" (or "enters under your control"), with "you may" (603.5) and an
    intervening "if" (603.4).  ``nouns`` reads a noun phrase as a filter (oracle.noun_filter),
    ``do_forms`` an effect as the ability's ``do`` ([] or None when no form models it),
    ``condition`` an "if ..., effect" clause as (the trigger's ``if``, the effect)."""
    during = WHILE_COUNTER.search(bare)
    if during:  # the event's own condition (CR 603.2): the rest is read without it
        bare = bare[:during.start()] + bare[during.end():]
    m = ENTERS.fullmatch(bare)
    if not m:
        return None
    if rx.search(r"\b(?:and|or) (?:whenever|when|at)\b|\btriggers only\b", bare, re.IGNORECASE) or rx.search(
            r"\bthis turn\b", m.group("noun")):
        return None  # a second event, a limit on how often (CR 603.2h) or the turn's history in the event: not stated
    if GRAVEYARD_ABILITY.search(m.group("effect")):
        return None  # "return this card from your graveyard": it functions in a graveyard (CR 113.6m)
    noun, effect, control = m.group("noun"), m.group("effect"), m.group("under") or ""
    controlled = CONTROL.fullmatch(noun)
    if controlled:  # "a creature you control with power 4 or greater"
        if control:
            return None
        noun, control = controlled.group("noun") + (controlled.group("with") or ""), controlled.group("control")
    spec = nouns(noun)
    if spec is None:
        return None
    if m.group("who") != "a" and m.group("who") != "an":
        spec["other"] = True  # "another", "~ or another": not the source itself (its own entering: or_self)
    when: dict[str, Any] = {"event": "permanent_enters", "filter": spec,
                            "whose": WHOSE.get(control, "any")}
    if m.group("who") == "~ or another":
        when["or_self"] = True
    if during:  # CR 603.2: judged as it enters (asp/turn.lp if_false/2, trigger_while/2)
        when["while"] = {"self_counters": {"kind": during.group(1), "at_least": 1}}
    triggered: dict[str, Any] = {"when": when}
    greater = STATS_GREATER.fullmatch(effect)
    if greater and spec.get("types") == ["Creature"]:  # evolve (CR 702.100a): judged as it triggers only
        triggered.update({"if": {"entering_stats_greater": True}, "text": greater.group(1).replace("~", name)})
        return ([("ability", {"triggered": triggered})],
                "a triggered ability when a creature with greater power or toughness than it enters (CR 603.2, "
                "603.4, 702.100a): the effect keeps its text, which next refuses to resolve")
    if rx.match(r"if\b", effect):
        conditional = condition(effect)
        if conditional is None or not conditional[0]:
            return None  # an intervening "if" the format can't state
        triggered["if"], effect = conditional
    triggered.update(resolution(effect, name, do_forms, about_the_event(effect)))  # "you may gain 2 life"
    unchecked(triggered)
    return ([("ability", {"triggered": triggered})],
            "a triggered ability when a permanent of that kind enters (CR 603.2, 603.6a)"
            + (" or it enters itself" if when.get("or_self") else "")
            + (" while a counter is on its source, judged as the permanent enters only (CR 603.2)" if during else ""))


# CR 505.1, 507.1: the beginning of combat step, named by its phase; CR 603.2b: the step of the
# player who controls the permanent an Aura enchants.  What oracle.STEP_TRIGGER reads instead.
STEP_PHRASES = (
    (re.compile(r"At the beginning of combat on (your|each player's|each opponent's|enchanted player's) turn, "),
     r"At the beginning of \1 combat step, "),
    (re.compile(r"At the beginning of each combat, "), "At the beginning of each combat step, "),
    (re.compile(r"At the beginning of the (upkeep|draw step|end step) of enchanted (?:creature|land|artifact|"
                r"enchantment|permanent)'s controller, "),
     r"At the beginning of enchanted permanent's controller's \1, "),
)


# CR 505.1a: every main phase after the first is a postcombat main phase, so "each of your postcombat main
# phases" is "your postcombat main phase" (603.2b: it triggers as each begins); CR 102.3: without teams, every
# other player is an opponent; an Aura that enchants an opponent enchants a player (303.4).
STEP_WHOSE_PHRASES = (
    (re.compile(r"At the beginning of each of your (upkeeps|draw steps|end steps|postcombat main phases)\b"),
     lambda m: f"At the beginning of your {m.group(1).replace('steps', 'step').replace('phases', 'phase')}"
     .replace("upkeeps", "upkeep")),
    (re.compile(r"At the beginning of (combat on )?each other player's\b"),
     lambda m: f"At the beginning of {m.group(1) or ''}each opponent's"),
    (re.compile(r"At the beginning of (combat on )?enchanted opponent's\b"),
     lambda m: f"At the beginning of {m.group(1) or ''}enchanted player's"),
)


def step_phrase(bare: str) -> str:
    """``At the beginning of combat on your turn, ...`` -> ``At the beginning of your combat step,
    ...``: the words oracle.STEP_TRIGGER reads for the same step (the line unchanged otherwise)."""
    for whose, owner in STEP_WHOSE_PHRASES:
        bare = whose.sub(owner, bare, count=1)
    for pattern, words in STEP_PHRASES:
        if pattern.match(bare):
            return pattern.sub(words, bare, count=1)
    return bare


# CR 603.2, 115.1: its source becoming the target of a spell (or of a spell or an ability), one whose
# controller is any player, you or an opponent.
BECOMES_TARGET = re.compile(r"(?:When|Whenever) (?P<who>~|enchanted (?:creature|permanent)|(?P<article>a|an|another) "
                            r"(?P<noun>.+?)(?: (?P<owner>you control|an opponent controls))?) becomes the target of "
                            r"(?P<by>a spell or ability|a spell|an? (?P<kind>[\w ]+?) spell)"
                            r"(?: (?P<whose>you control|an opponent controls))?"
                            r"(?P<first> for the first time each turn)?, (?P<effect>.+)")
FIRST_TIME = ("it triggers only the first time each turn its permanent becomes a target, and no board records the "
              "targets chosen this turn (CR 603.2)")
TARGET_BY = {"a spell": "spell", "a spell or ability": "spell_or_ability"}
TARGET_WHOSE = {None: "any", "you control": "you", "an opponent controls": "opponent"}
# What a spell's card shows for "an Aura spell", "a creature spell" (asp/player_events.lp judges it by card_fails/2).
SPELL_KEYS = {"types", "not_types", "subtypes", "supertypes", "not_supertypes", "colors"}


def becomes_target_form(bare: str, name: str, do_forms: Callable[[str], list[dict[str, Any]] | None],
                        nouns: Callable[[str], dict[str, Any] | None] = lambda phrase: None
                        ) -> tuple[list[tuple[str, Any]], str] | None:
    """"When ~ becomes the target of a spell or ability, sacrifice it": `pysolver next` makes a permanent
    a target as it casts a spell or activates an ability (CR 601.2c, 602.2b), and the ability triggers
    once for it.  ``do_forms`` reads the effect ("it" is the source itself, the object of the event).
    "Whenever a creature you control becomes the target of a spell or ability an opponent controls" (a
    permanent matching ``nouns``' filter, controlled by ``target_whose``) and "When enchanted creature
    becomes the target ..." (``attached``) trigger on another permanent: "it", "that creature" is that
    one, so such an effect keeps only its text.  "For the first time each turn": ``unjudged``."""
    m = BECOMES_TARGET.fullmatch(bare)
    if not m or rx.match(r"if\b", m.group("effect")) or rx.search(r"\btriggers only\b", bare):
        return None  # an intervening "if" (CR 603.4) or a limit on how often: not read here
    by, whose, effect = m.group("by"), m.group("whose"), m.group("effect")
    when: dict[str, Any] = {"event": "becomes_target", "by": TARGET_BY.get(by, "spell"), "whose": TARGET_WHOSE[whose]}
    if m.group("kind"):  # "an Aura spell": the spell judged on its card (CR 112.3)
        spell = nouns(m.group("kind"))
        if spell is None or set(spell) - SPELL_KEYS:
            return None
        when["spell"], by = spell, f"{by} (its card matching)"
    if m.group("who").startswith("enchanted"):  # CR 603.2: the permanent its source is attached to
        when["attached"] = True
    elif m.group("noun"):
        spec = watched(m, nouns)
        if spec is None:
            return None
        when.update({"filter": spec, "target_whose": TARGET_WHOSE[m.group("owner")]})
    if m.group("first"):
        when["unjudged"] = FIRST_TIME
    on_another = m.group("who") != "~" and about_the_event(effect)
    triggered: dict[str, Any] = {"when": when, **resolution(effect, name, do_forms, on_another)}
    what = ("it" if m.group("who") == "~" else "the permanent it is attached to" if when.get("attached")
            else "a permanent of that kind")
    return ([("ability", {"triggered": triggered})],
            f"a triggered ability when {what} becomes the target of {by} (CR 603.2, 115.1)"
            + (": only the first time each turn, which no board records (next refuses where it would trigger)"
               if m.group("first") else ""))


# CR 603.6a, 614.12: "Whenever a permanent you control enters tapped", "When ~ enters untapped": the permanent's
# status as it enters (with the replacement effects that apply to it: "enters tapped", "enter untapped"), judged as it
# enters (asp/zone_change.lp entering_status/2).
ENTERS_STATUS = re.compile(r"(?P<head>(?:When|Whenever) .+? enters?(?: the battlefield)?(?: under (?:your|an "
                           r"opponent's) control)?) (?P<status>tapped|untapped)(?P<rest>, .+)")


def entering_status_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None]
                         ) -> tuple[list[tuple[str, Any]], str] | None:
    """The trigger without the status, read by ``single`` (the compiler's forms), with ``entering`` added to
    its ``when``; None unless that reads one enters trigger (of its own permanent or of others)."""
    m = ENTERS_STATUS.fullmatch(bare)
    if not m:
        return None
    found = single(m.group("head") + m.group("rest"))
    if found is None:
        return None
    data, why = found
    triggered = triggered_of(data)
    if len(triggered) != 1 or len(data) != 1 or triggered[0]["when"].get("event") not in ("enters", "permanent_enters"):
        return None
    triggered[0]["when"]["entering"] = m.group("status")
    return data, f"{why}; only a permanent that enters {m.group('status')} (CR 603.6a, 614.12)"


# CR 102.3: without teams every other player is an opponent, so a permanent or a spell "you don't control" in a trigger
# event is one an opponent controls (as oracle.whose_filter and oracle_cast read it).
NOT_CONTROLLED = re.compile(r"(?P<head>(?:When|Whenever) [^,]*?) you don't control(?P<rest>[^,]*, .+)")


def not_controlled_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None]
                        ) -> tuple[list[tuple[str, Any]], str] | None:
    """"Whenever a creature you don't control dies, [effect]": the sentence with "an opponent controls", read by
    ``single`` (the compiler's forms); None unless that reads it as triggered abilities only."""
    m = NOT_CONTROLLED.fullmatch(bare)
    if not m or rx.search(r"\bif\b", m.group("head")):
        return None
    found = single(f"{m.group('head')} an opponent controls{m.group('rest')}")
    if found is None:
        return None
    data, why = found
    if not data or len(triggered_of(data)) != len(data):
        return None
    return data, (f"{why}; one you don't control is one an opponent controls: every other player is an opponent "
                  "(CR 102.3)")


# CR 111.2: the player who creates a token is its owner, and it enters under that player's control, so "Whenever you
# create a token" is a token entering under its ability's controller's control (every token on the battlefield entered
# as it was created, 111.1), "one or more" once for the event (603.2c).
CREATES = re.compile(r"Whenever you create (?P<count>an?|one or more) (?P<noun>(?:[\w\-']+ )*?)tokens?, (?P<effect>.+)")


def created_tokens_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None]
                        ) -> tuple[list[tuple[str, Any]], str] | None:
    """"Whenever you create one or more creature tokens, [effect]": the same trigger as "Whenever one or more
    creature tokens you control enter", read by ``single`` (the compiler's forms); None unless that reads it as
    one trigger on permanents entering."""
    m = CREATES.fullmatch(bare)
    if not m or rx.search(r"\b(?:copy|copies|this way|first time)\b", bare):
        return None
    noun = m.group("noun")
    entering = (f"Whenever one or more {noun}tokens you control enter" if m.group("count") == "one or more"
                else f"Whenever {'an' if noun[:1] in 'aeiou' and noun else 'a'} {noun}token you control enters")
    found = single(f"{entering}, {m.group('effect')}")
    if found is None:
        return None
    data, why = found
    triggered = triggered_of(data)
    if len(triggered) != 1 or len(data) != 1 or triggered[0]["when"].get("event") != "permanent_enters":
        return None
    return data, f"{why}: a token its controller creates enters under their control (CR 111.2)"
