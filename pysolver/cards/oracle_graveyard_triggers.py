"""Triggered abilities that function only in a graveyard (issue 13): "Landfall — Whenever a land you
control enters, you may return this card from your graveyard to the battlefield", "When a Dragon
enters, you may return this card from your graveyard to the battlefield", "Whenever a Dragon you
control dies while this card is in your graveyard, you may pay {1}{B}. If you do, return this card
from your graveyard to the battlefield" (CR 113.6m: its effect moves this card out of its owner's
graveyard, so it functions only there; 603.2).

No query models an ability of a card in a graveyard, so the sentence changes no answer while the
card is anywhere else.  The compiled card keeps it (card data ``graveyard_triggers``): a board with
the card in a graveyard refuses the card as partial there (pysolver/board.py), and so do `pysolver
next` when an action puts the card into a graveyard and `outcomes` when a resolution does;
--allow-partial leaves the ability out and the answer names it.

Not read here (they stay with the forms that read them, or not understood): a trigger condition
that puts the object itself into the graveyard ("When ~ dies", "When ~ is put into a graveyard") or,
for an Aura, one on the permanent it enchants leaving (CR 113.6m's exceptions: those function on
the battlefield); and events of turn-based actions (drawing, untapping, discarding, the beginning of
a step), which `turn` follows without a board of its own."""

from __future__ import annotations

import re

WHY = ("a triggered ability that functions only in a graveyard (CR 113.6m: its effect moves this card out of its "
       "owner's graveyard): no query models abilities of cards in a graveyard, so the card keeps it "
       "(graveyard_triggers) and is partial where it is in a graveyard: a board with it there, a `next` action or "
       "an `outcomes` resolution that puts it there is refused (--allow-partial leaves the ability out and names it)")

TRIGGER = re.compile(r"(?:When|Whenever) (?P<event>[^,]+?)(?: while this card is in your graveyard)?, "
                     r"(?P<effect>.+)")
# "you may pay {1}{B}. If you do, ...": an optional cost, then the effect (CR 603.5, 608.2c).
PAID = r"(?:you may pay (?:\{[^}]+\})+\. If you do, )?"
RETURN_THIS = re.compile(PAID + r"(?:you may )?return (?:this card|~) from your graveyard to (?:the battlefield|your "
                         r"hand)(?: tapped| attached to that creature)?")
# CR 113.6m's exceptions and the events of turn-based actions (see above).
NOT_READ = re.compile(r"~|\b(?:this card|this creature|it|its|enchanted|equipped|draws?|untaps?|discards?|"
                      r"beginning)\b", re.IGNORECASE)


def graveyard_trigger(bare: str) -> str | None:
    """Why the line is a triggered ability that functions only in a graveyard, or None."""
    m = TRIGGER.fullmatch(bare)
    if not m or NOT_READ.search(m.group("event")) or not RETURN_THIS.fullmatch(m.group("effect")):
        return None
    return WHY
