"""Oracle compiler forms for abilities that trigger when a permanent is turned face up (issue 13):
"When ~ is turned face up", "Whenever a permanent you control is turned face up", "Whenever ~ or
another creature you control is turned face up" (CR 603.2, 708.8).

Turning a face-down permanent face up is a special action `pysolver next` takes (``turn-face-up``,
CR 116.2b): it is no entering (708.8), and these abilities trigger on it and go on the stack
(asp/face_down.lp).  Their effect is the ability's ``do`` where a form models it; otherwise only
its text, which `next` refuses to put on the stack when it chooses targets or a mode (603.3d) and
refuses to resolve (naming the text).  Called by pysolver.cards.oracle for a line no other form
read; returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx
from pysolver.cards.oracle_triggers import about_the_event, resolution, unchecked

TURNED_UP = re.compile(r"(?:When|Whenever) (?P<who>~ or another|~|another|an|a)(?: (?P<noun>.+?))? is turned face up, "
                       r"(?P<effect>.+)")
CONTROL = re.compile(r"(?P<noun>.+?) (?P<control>you control|an opponent controls)")
WHOSE = {"you control": "you", "an opponent controls": "opponent"}

Condition = Callable[[str], tuple[dict[str, Any], str] | None]


def face_up_form(bare: str, name: str, nouns: Callable[[str], dict[str, Any] | None],
                 do_forms: Callable[[str], list[dict[str, Any]] | None],
                 condition: Condition) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 603.2, 708.8: "When ~ is turned face up, [effect]" (its own turning face up) and
    "Whenever [a / another / ~ or another] [noun] [you control] is turned face up, [effect]",
    with "you may" (603.5) and an intervening "if" (603.4).  ``nouns`` reads a noun phrase as a
    filter (oracle.noun_filter), ``do_forms`` an effect as the ability's ``do`` ([] or None when
    no form models it), ``condition`` an "if ..., effect" clause as (the trigger's ``if``, the
    effect), or None."""
    m = TURNED_UP.fullmatch(bare)
    if not m or rx.search(r"\btriggers only\b|\b(?:and|or) (?:whenever|when)\b", bare, re.IGNORECASE):
        return None  # a limit on how often (read after it, oracle_cast.once_each_turn) or a second event
    who, noun, effect = m.group("who"), m.group("noun") or "", m.group("effect")
    when: dict[str, Any] = {"event": "turned_face_up"}
    if who == "~":
        if noun:
            return None
    else:
        # "a face-down permanent": every permanent turned face up was face down (CR 708.7); the
        # filter is judged on it face up, as it is once the event happened (CR 603.2)
        noun = rx.sub(r"^face-down ", "", noun)
        whose = "any"
        controlled = CONTROL.fullmatch(noun)
        if controlled:
            noun, whose = controlled.group("noun"), WHOSE[controlled.group("control")]
        spec = nouns(noun) if noun else None
        if spec is None:
            return None
        if who != "a" and who != "an":
            spec["other"] = True  # "another", "~ or another": not the source itself (its own: or_self)
        when.update({"filter": spec, "whose": whose})
        if who == "~ or another":
            when["or_self"] = True
    triggered: dict[str, Any] = {"when": when}
    if rx.match(r"if\b", effect):
        conditional = condition(effect)
        if conditional is None or not conditional[0]:
            return None  # an intervening "if" the format can't state (CR 603.4)
        triggered["if"], effect = conditional
    # "it", "that creature" of an ability that triggers on another permanent is that permanent (CR 603.2)
    triggered.update(resolution(effect, name, do_forms, who != "~" and about_the_event(effect)))
    unchecked(triggered)
    what = "it is turned face up" if who == "~" else (
        "a permanent of that kind is turned face up" + (" or it is itself" if when.get("or_self") else ""))
    return ([("ability", {"triggered": triggered})],
            f"a triggered ability when {what} (CR 603.2, 708.8: turning face up is no entering)")
