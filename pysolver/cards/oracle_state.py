"""Oracle compiler form for state triggers (issue 13): "When you control no Islands, sacrifice ~",
"When there are no creatures on the battlefield, sacrifice ~", "When ~ has no +1/+1 counters on it,
sacrifice it" (CR 603.8).

A state trigger triggers as soon as the game state matches its condition, and not again while it
is on the stack.  Its condition is one the rules already judge for an intervening "if" (CR 603.4;
the same words, read by ``condition``: oracle.step_condition), kept as the trigger's ``when:
{state: ...}`` (not as an ``if``: it isn't checked again on resolution).  `pysolver next` puts it on
the stack after each action, once state-based actions are done (asp/state_triggers.lp).  Called by
pysolver.cards.oracle for a line no other form read; returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx

# The conditions the rules judge on the board as it is (asp/turn.lp if_false/2), whatever the
# moment: what its controller controls, what is on the battlefield, the counters on its source, what its source is
# ("When ~ has flying", "When ~'s power is 7 or greater": its keywords, its power, CR 702.1, 208.1).
STATE_CONDITIONS = ("you_control", "on_battlefield", "self_no_counter", "self_counters", "self_is")
STATE = re.compile(r"When (?P<state>(?:you control|there are|there is|no|~ has|~ doesn't have|~'s power is|"
                   r"~'s toughness is)\b[^,]+), (?P<effect>.+)")


def state_trigger_form(bare: str, name: str, condition: Callable[[str], tuple[dict[str, Any], str] | None],
                       do_forms: Callable[[str], list[dict[str, Any]] | None]
                       ) -> tuple[list[tuple[str, Any]], str] | None:
    """``condition`` reads "if [state], [effect]" as (the condition, the effect); ``do_forms`` an
    effect as the ability's ``do`` ([] or None when no form models it)."""
    m = STATE.fullmatch(bare)
    if not m or rx.search(r"\b(?:this turn|last turn|triggers only)\b", bare):
        return None
    read = condition(f"if {m.group('state')}, {m.group('effect')}")
    if read is None or len(read[0]) != 1 or next(iter(read[0])) not in STATE_CONDITIONS:
        return None
    state, effect = read
    if rx.match(r"if\b", effect):
        return None  # a second condition: an intervening "if" beside the state (not read here)
    triggered: dict[str, Any] = {"when": {"state": state}, "text": effect.replace("~", name)}
    done = do_forms(effect)
    if done:
        triggered["do"] = done
    return ([("ability", {"triggered": triggered})],
            "a state trigger: it triggers as soon as the board matches its condition, and not again while it "
            "is on the stack (CR 603.8)")
