"""Face-down permanents (CR 708): what a face-down permanent is, and what a board may say of one.

A face-down permanent has only the characteristics the ability or rule that turned it face
down lists, and those are its copiable values (CR 708.2): as for a copy (card/2 names the
copied card, 707.2), its card is then a definition made of those characteristics alone, and
every query reads that definition.  Morph and manifest list a 2/2 creature with no text, no
name, no subtypes and no mana cost (702.37a, 701.34a, 708.2a); disguise and cloak the same
with ward {2} (702.168a, 701.56a).  It has none of its card's abilities (its mana abilities
don't exist), and its card's colors, types and mana cost count nowhere.  The card itself is
kept (the board's ``card:``) for turning it face up (708.8).
"""

from __future__ import annotations

from pysolver.cards.library import Card, Library

# The ability or rule that turned it face down (the board's face_down:) and its rule.
KINDS = {"morph": "702.37a", "disguise": "702.168a", "manifest": "701.34a", "cloak": "701.56a"}
# CR 702.168a, 701.56a: these list ward {2} among the face-down characteristics.
WARDED = frozenset({"disguise", "cloak"})
# The keywords a card needs to have been cast face down by each kind (CR 702.37c, 702.37b:
# a megamorph cost is a morph cost; 702.168b); manifest and cloak take any card (701.34a, 701.56a).
CAST_BY = {"morph": ("morph", "megamorph"), "disguise": ("disguise",)}

PLAIN = "Face-down 2/2"
WITH_WARD = "Face-down 2/2 with ward {2}"
ORIGIN = "CR 708.2a (pysolver/face_down.py)"


def _definition(name: str, ward: bool) -> Card:
    """CR 708.2a: a 2/2 creature with no text, no name, no subtypes and no mana cost (colorless,
    105.2c: no mana cost and no color indicator); with ward {2} for disguise and cloak."""
    data = {"name": name, "types": ["Creature"], "power": 2, "toughness": 2}
    if ward:
        data["keywords"] = ["Ward"]  # CR 702.21a; targeting it is refused (asp/targets.lp)
    return Card(name, data, ORIGIN)


DEFINITIONS = Library({PLAIN: _definition(PLAIN, False), WITH_WARD: _definition(WITH_WARD, True)})


def definition_name(kind: str) -> str:
    """The name of the definition a permanent face down by ``kind`` has as its card (no card
    has it: a face-down permanent has no name, CR 708.2a)."""
    return WITH_WARD if kind in WARDED else PLAIN


def check_entry(builder, path: tuple, entry: dict) -> None:
    """Refuse what a face-down permanent of the board can't be or have (one line, the field's place)."""
    kind = entry["face_down"]
    card = builder.library.get(entry["card"])
    keywords = {k.lower() for k in card.data.get("keywords", [])} if card is not None else set()
    if kind in CAST_BY and not keywords & set(CAST_BY[kind]):
        builder.fail(path + ("face_down",), f"{entry['card']} has no {' or '.join(CAST_BY[kind])}, so it isn't "
                                            f"face down by {kind} (CR {KINDS[kind]})")
    refused = {
        "copy_of": "a face-down permanent that copies another keeps its face-down characteristics (CR 708.10), "
                   "which this board can't state: give the copied card as face up",
        "prototyped": "a face-down permanent has no prototype characteristics: it was cast face down, not "
                      "prototyped (CR 708.2a, 718.3b)",
        "chosen": "a face-down permanent has no abilities, so nothing was chosen for it as it entered (CR 708.3)",
        "level": "a face-down permanent has no level abilities (CR 708.2a, 716.2b)",
        "x": "a face-down permanent was cast for {3} or put onto the battlefield: no X was chosen (CR 708.2a, 107.3)",
        "token": "a face-down permanent here is a card turned face down (CR 701.34a, 702.37c)",
        "activated": "a face-down permanent has no activated abilities (CR 708.2a)",
        "triggered_this_turn": "a face-down permanent has no triggered abilities (CR 708.2a)",
        "exiled": "a face-down permanent has no abilities that exiled cards with it (CR 708.2a, 607.2a)",
    }
    for key, why in refused.items():
        if entry.get(key) not in (None, False, {}, []):
            builder.fail(path + (key,), why)



def cast_kind(card: Card | None) -> str | None:
    """How a card may be cast face down: "morph" (morph or megamorph, CR 702.37c), "disguise"
    (702.168b), or None."""
    keywords = {k.lower() for k in card.data.get("keywords", [])} if card is not None else set()
    return next((kind for kind, names in CAST_BY.items() if keywords & set(names)), None)


# CR 702.37c, 702.168b: cast face down, a spell costs {3} rather than its mana cost (118.9).
FACE_DOWN_COST = "{3}"
# The way a face-down casting is named (pay's alternative_cost, next's events).
CAST_WAY = "face down for {3}"


def check_stack_entry(builder, path: tuple, entry: dict) -> None:
    """A face-down spell on the stack (CR 708.4): cast face down by its morph or disguise ability;
    what it can't have is refused."""
    kind = entry["face_down"]
    card = builder.library.get(entry["card"])
    if kind not in CAST_BY or cast_kind(card) != kind:
        builder.fail(path + ("face_down",), f"a face-down spell is cast by morph or disguise (CR 702.37c, "
                                            f"702.168b), and {entry['card']} has no {kind}")
    refused = {
        "source": "a face-down object on the stack is a spell, not an ability (CR 708.4)",
        "x": "a face-down spell has no mana cost, so no X (CR 708.2a, 107.3)",
        "kicked": "a face-down spell has no text, so no kicker was paid (CR 708.2a, 702.33)",
        "evoked": "a face-down spell was cast for {3}, not its evoke cost (CR 702.37c, 702.74a)",
        "copy": "a copy of a face-down spell isn't modelled (CR 707.2, 708.2)",
        "copy_of": "a copy of a face-down spell isn't modelled (CR 707.2, 708.2)",
        "enters_as_copy_of": "a face-down spell has no text to enter as a copy (CR 708.2a)",
        "without_paying_mana_cost": "a face-down spell was cast for {3} (CR 702.37c)",
        "targets": "a face-down spell has no text, so no targets (CR 708.2a, 115.1)",
    }
    for key, why in refused.items():
        if entry.get(key) not in (None, False, [], {}):
            builder.fail(path + (key,), why)
