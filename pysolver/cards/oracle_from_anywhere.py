"""Oracle compiler form for abilities that trigger on a card put into a graveyard from anywhere (issue 13):
"When ~ is put into a graveyard from anywhere", "Whenever a land card is put into your graveyard from
anywhere", "Whenever one or more creature cards are put into your graveyard from anywhere" (CR 603.2,
603.2c, 603.6c, 113.6k).

From the battlefield the event is a leaves-the-battlefield one (603.6c, 603.10a): the sentence is read
with "from the battlefield" by the form that reads it (``single``: oracle_leaves, oracle_batch; a card,
not a token: "nontoken"), and its ``when`` marked ``from_anywhere``.  From any other zone (a hand, a
library, the stack) the trigger condition functions there (113.6k), which no query follows: `pysolver
next` refuses an action that puts a matching card into such a graveyard from another zone, and `turn`
the cleanup step's discard where it may (asp/turn.lp); `mana` shows a discard cost's as not modelled
(what reads the compiled data as a query runs is cards/library.py's from_anywhere_whens).  Called by
pysolver.cards.oracle for a line no other form read; returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable
from pysolver.cards.oracle_triggers import triggered_of

FROM_ANYWHERE = re.compile(r"(?P<when>When|Whenever) (?:(?P<self>~)|an? (?:(?P<noun>[\w\- ]+?) )?card|"
                           r"one or more (?:(?P<nouns>[\w\- ]+?) )?cards) (?:is|are) put into (?P<graveyard>a|your|"
                           r"an opponent's) graveyard from anywhere(?P<first> for the first time each turn)?, "
                           r"(?P<effect>.+)")
FIRST_UNJUDGED = ("it triggers only the first time each turn such cards are put into that graveyard, which next "
                  "doesn't follow from the events of earlier actions (CR 603.2)")


def from_anywhere_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None]
                       ) -> tuple[list[tuple[str, Any]], str] | None:
    """The event from the battlefield by the form that reads it (``single``), one ability marked
    ``from_anywhere``; None when it isn't read."""
    m = FROM_ANYWHERE.fullmatch(bare)
    if not m:
        return None
    graveyard = f"{m.group('graveyard')} graveyard from the battlefield, {m.group('effect')}"
    if m.group("self"):
        if m.group("first"):
            return None
        sentence = f"When ~ is put into {graveyard}"
    elif not m.group("nouns") and bare.startswith(("Whenever a ", "Whenever an ")):  # "a card": any permanent's
        sentence = f"Whenever a nontoken {m.group('noun') or 'permanent'} is put into {graveyard}"
    else:
        sentence = f"Whenever one or more nontoken {m.group('nouns') or 'permanents'} are put into {graveyard}"
    found = single(sentence)
    if found is None:
        return None
    data, why = found
    abilities = triggered_of(data)
    if len(data) != 1 or len(abilities) != 1 or abilities[0]["when"].get("event") != "put_into_graveyard" or (
            "if" in abilities[0]):
        return None
    when = abilities[0]["when"]
    when["from_anywhere"] = True
    if m.group("first"):
        when["unjudged"] = FIRST_UNJUDGED
    return data, (f"{why}; from anywhere else too, where its trigger condition functions (CR 113.6k), which next "
                  "refuses where it would trigger")

