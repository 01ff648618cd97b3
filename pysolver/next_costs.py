"""`pysolver next`: the costs other than mana that a way of paying chose (pysolver.query.payment:
a spell's additional costs, CR 601.2b, 601.2h, 118.8; kicker, 702.33a; an alternative cost, 118.9;
a mana ability's discard cost, 605.3a; the permanents convoke and improvise tapped, 702.51a,
702.126a; the cards delve exiles, 702.66a), applied to the board: each choice is a distinct board."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

from pysolver.board import Board
from pysolver.errors import LimitExceeded
from pysolver.events import Event


CONVOKE_RULES = {"convoke": "702.51a", "improvise": "702.126a", "waterbend": "601.2f"}


def sacrificed(way: Any) -> frozenset[str]:
    """The permanents the other costs sacrifice (they die, CR 701.17a, 700.4)."""
    return frozenset(c.removeprefix("sacrifice ") for c in way.costs if c.startswith("sacrifice "))


def returned(way: Any) -> frozenset[str]:
    """The permanents the other costs return to their owners' hands (they leave the battlefield, CR 400.7)."""
    return frozenset(c.removeprefix("return ") for c in way.costs if c.startswith("return "))


def tapped(way: Any) -> frozenset[str]:
    """The permanents the other costs tap (CR 118.3, 601.2h)."""
    return frozenset(c.removeprefix("tap ") for c in way.costs if c.startswith("tap "))


def apply(board: Board, player: str, way: Any,
          what: str) -> list[tuple[Board, list[str], list[Event], tuple[tuple[str, bool], ...]]]:
    """The boards the way's other costs leave (sacrifices, taps, discards), each with what
    the player did, the events and the cards discarded, in order, each an event "whenever you discard"
    looks at (CR 603.2, 701.8a), with whether a mana ability's cost discarded it (602.2b: a trigger of that
    discard that adds mana is a mana ability itself, 605.1b) rather than a cost of the spell or ability
    paid (601.2h).  Life paid is the way's
    (``way.life``); cards discarded by the mana abilities activated (``way.end.discarded``) are any cards
    left in hand: one board per choice (the cards of one name alike)."""
    from pysolver.next_state import _player, _replace_permanent, _set_player, leave, to_graveyard
    said: list[str] = []
    events: list[Event] = []
    discards: list[str] = []
    at_once = board
    for cost in way.costs:
        verb, _, rest = cost.partition(" ")
        if verb == "sacrifice":
            said.append(f"sacrifices {rest}")
            events.append(Event('{} sacrifices {} (CR 601.2h, 701.17a)', (player, rest)))
            board = leave(board, rest, told=events, judged=at_once)
        elif verb == "return":  # CR 400.7: to its owner's hand (a token ceases to exist, 111.7)
            returned = board.permanent(rest)
            assert returned is not None
            board = leave(board, rest, zone="hand")
            if not returned.token:
                board = _set_player(board, returned.owner,
                                    hand=_player(board, returned.owner)[1].hand + (returned.card,))
            said.append(f"returns {rest} to {returned.owner}'s hand")
            events.append(Event("{} returns {} to {}'s hand (CR 601.2h, 118.9, 400.7)",
                                (player, rest, returned.owner)))
        elif verb == "tap":
            permanent = board.permanent(rest)
            assert permanent is not None
            board = _replace_permanent(board, replace(permanent, tapped=True))
            said.append(f"taps {rest}")
            events.append(Event('{} taps {} (CR 601.2h, 118.3)', (player, rest)))
        elif verb in CONVOKE_RULES:  # tapped as the cost was paid: in way.end.tapped
            events.append(Event('{} taps {} for {} (CR 601.2h, {})', (player, rest, verb, CONVOKE_RULES[verb])))
        elif verb == "discard":
            discards.append(rest)
        elif verb == "blight":  # -1/-1 counters put as a cost: their replacement effects (614.1) and 704.5f
            raise LimitExceeded(f"incomplete: {what}: blight puts -1/-1 counters on {rest} as a cost (CR 601.2h), "
                                "which next does not follow (the counters' replacement effects, 614.1; state-based "
                                "actions, 704.5f)", file=board.name)
        elif verb == "choose":  # CR 601.2h: a permanent of the player's chosen (behold), which stays as it is
            said.append(f"chooses {rest}")
            events.append(Event('{} chooses {} (CR 601.2h)', (player, rest)))
        elif verb == "reveal":  # CR 701.16a: shown, it stays in the hand
            said.append(f"reveals {rest}")
            events.append(Event('{} reveals {} from their hand (CR 601.2h, 701.16a)', (player, rest)))
        elif verb == "exile" and not rest.endswith((" from the hand", " from the graveyard")):
            raise LimitExceeded(f"incomplete: {what}: a cost exiles the permanent {rest} (CR 601.2h, 406.3), which "
                                "next does not follow (its leaving the battlefield, 603.6c, 603.10a)", file=board.name)
        elif verb == "exile":  # "exile Treasure Cruise from the graveyard" (delve, CR 702.66a), "... from the hand"
            zone = "hand" if rest.endswith(" from the hand") else "graveyard"  # (CR 601.2h, 406.3)
            card = rest.removesuffix(f" from the {zone}")
            _, holder = _player(board, player)
            left = list(getattr(holder, zone))
            left.remove(card)
            board = _set_player(board, player, **{zone: tuple(left)}, exile=holder.exile + (card,))
            said.append(f"exiles {card} from their {zone}")
            events.append(Event('{} exiles {} from their {} (CR 601.2h, 406.3)', (player, card, zone)))
        else:  # "pay N life": in way.life; "pay {5}": an option of mana, in way.paid
            assert verb == "pay", cost
    _, holder = _player(board, player)
    hand = list(holder.hand)
    for card in discards:
        hand.remove(card)
    extra = way.end.discarded if way.end is not None else 0
    out = []
    choices = sorted(set(itertools.combinations(sorted(hand), extra))) if extra else [()]
    for chosen in choices:
        left = list(hand)
        for card in chosen:
            left.remove(card)
        gone = list(chosen) + discards  # mana abilities first (CR 601.2g), then the costs (601.2h)
        new = board
        told = [Event("{} discards {} ({}, 701.8a)", (player, ", ".join(cards), rule)) for cards, rule in
                ((chosen, "a mana ability's cost, CR 602.2b"), (discards, "CR 601.2h")) if cards]
        if gone:
            new = to_graveyard(board, player, gone, told, hand=tuple(left))
        out.append((new, said + ([f"discards {', '.join(gone)}"] if gone else []), events + told,
                    tuple((card, True) for card in chosen) + tuple((card, False) for card in discards)))
    return out
