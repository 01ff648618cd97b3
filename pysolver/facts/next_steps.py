"""The facts `pysolver next` (pysolver/next_state.py) adds to a board's for each kind of
step it grounds (asp/query/next_*.lp): what is pending, entering, played, cast, resolving
or sacrificed, and the hand cards those steps read.  Declared in asp/input.lp."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from clingo import Function, Number, String, Symbol

from pysolver.board import Board, Player, StackItem
from pysolver.cards import mana_symbols


def trigger_order(board: Board, controllers: Sequence[str]) -> list[Symbol]:
    """The players in turn order and the pending triggers' controllers (CR 603.3b: APNAP)."""
    symbols = [Function("player", [String(p.name)]) for p in board.players]
    symbols += [Function("turn_position", [String(p.name), Number(i)]) for i, p in enumerate(board.players)]
    symbols.append(Function("active_player", [String(board.active_player)]))
    symbols += [Function("pending", [Number(i), String(c)]) for i, c in enumerate(controllers)]
    return symbols


def drew_from_empty(players: Iterable[str]) -> list[Symbol]:
    """Players who drew from an empty library since the last check (CR 704.5b)."""
    return [Function("drew_from_empty", [String(p)]) for p in sorted(players)]


def triggered_waiting(waiting: Iterable[tuple[str, str, int | str]]) -> list[Symbol]:
    """The triggered abilities (source, card, ability number from 1) that have triggered and wait to
    be put on the stack (CR 603.3): a Saga whose chapter ability waits isn't sacrificed (714.4)."""
    return [Function("triggered_waiting", [String(source), Function("ab", [String(card), Number(ability - 1)])])
            for source, card, ability in sorted(set(waiting), key=str) if isinstance(ability, int)]


def deathtouch_damaged(objects: Iterable[str]) -> list[Symbol]:
    """Permanents dealt damage by a source with deathtouch since the last check (CR 702.2b, 704.5h)."""
    return [Function("dealt_deathtouch_damage", [String(o)]) for o in sorted(objects)]


def entering(objects: Sequence[str], resolved: bool = False, spell: StackItem | None = None,
             copy_decided: bool = False) -> list[Symbol]:
    """Objects entering the battlefield now (CR 603.6a, 614.12); ``resolved``: a resolving
    spell, already with the counters its own "enters with" gives it (asp/x.lp); ``spell``: the
    spell it was: kicked (CR 702.33d), evoked (702.74a), cast and from which zone (601.2a);
    ``copy_decided``: whether it enters as a copy ("You may have ~ enter as a copy", 707.5) is
    decided."""
    kicked, evoked = spell is not None and spell.kicked, spell is not None and spell.evoked
    names = ("entering",) + (("entering_resolved",) if resolved else ()) + (("entering_kicked",) if kicked else ()) \
        + (("entering_evoked",) if evoked else ()) + (("entering_copy_decided",) if copy_decided else ()) \
        + (("entering_cast",) if spell is not None and spell.was_cast else ())
    zone = spell.cast_zone if spell is not None else None
    facts: list[Symbol] = []
    for obj in objects:
        facts += [Function(name, [String(obj)]) for name in names]
        if zone:
            facts.append(Function("entering_cast_from", [String(obj), Function(zone)]))
        facts += _spent(obj, spell)
    return facts


def _spent(obj: str, spell: StackItem | None) -> list[Symbol]:
    """CR 601.2h: the mana spent to cast the spell that becomes ``obj``, where known
    (entering_spent_known/1; entering_spent(O, Type, N)): none for a permanent that wasn't a spell
    cast (a copy, 707.10; a card put onto the battlefield); unknown for a spell cast whose stack
    item doesn't give it (what reads it refuses, next_state)."""
    if spell is not None and spell.was_cast and spell.mana_spent is None:
        return []
    counts = Counter(mana_symbols(spell.mana_spent)) if spell is not None and spell.was_cast and spell.mana_spent \
        else Counter()
    return [Function("entering_spent_known", [String(obj)])] + [
        Function("entering_spent", [String(obj), Function(kind.lower()), Number(n)])
        for kind, n in sorted(counts.items())]


def hand(player: Player) -> list[Symbol]:
    """A player's hand, card by card (hand_card(Player, I, Card))."""
    return [Function("hand_card", [String(player.name), Number(i), String(c)]) for i, c in enumerate(player.hand)]


def resolving_spell(controller: str, card: str) -> list[Symbol]:
    """An instant or sorcery resolving (CR 608.2)."""
    return [Function("resolving_spell", [String(controller), String(card)])]


def stack_in_use(board: Board) -> list[Symbol]:
    """stack_in_use when the stack is not empty (a sorcery-speed action needs it empty)."""
    return [Function("stack_in_use")] if board.stack else []


def play_land(board: Board, player: Player, index: int) -> list[Symbol]:
    """Playing the land at ``index`` of the player's hand (CR 305.1, 305.2)."""
    return hand(player) + [Function("play_card", [String(player.name), Number(index)]),
                           Function("lands_played", [Number(board.lands_played)])] + stack_in_use(board)


def additional_steps(board: Board) -> list[Symbol]:
    """additional_step(I, S): the I-th additional step created to come after the board's step (CR 500.8)."""
    return [Function("additional_step", [Number(i), Function(s)]) for i, s in enumerate(board.additional_steps)]


def step(board: Board, active: Player) -> list[Symbol]:
    """The next step: the turn's additional steps, a step limit of two, the active player's hand."""
    return additional_steps(board) + [Function("step_limit", [Number(2)])] + hand(active)


def sacrificed_as_cost(objects: Iterable[str]) -> list[Symbol]:
    """Permanents sacrificed to pay a cost (CR 701.17a)."""
    return [Function("sacrificed_as_cost", [String(o)]) for o in sorted(objects)]


def graveyard_asked(obj: str) -> list[Symbol]:
    """Asks where a permanent goes if it is put into its owner's graveyard now (CR 614.1a;
    asp/zone_change.lp's exiled_instead/2)."""
    return [Function("graveyard_asked", [String(obj)])]


def graveyard_card_asked(player: str, card: str) -> list[Symbol]:
    """Asks where a card of ``player``'s goes if it is put into their graveyard from a hand or the stack
    now (CR 614.1a; asp/zone_change.lp's exiled_card_instead/2)."""
    return [Function("graveyard_card_asked", [String(player), String(card)])]


def last_known_asked(obj: str) -> list[Symbol]:
    """Asks the keywords a permanent has as it leaves the battlefield (CR 113.7a; asp/objects.lp's
    last_known_keyword/2)."""
    return [Function("last_known_asked", [String(obj)])]


def returned_as_cost(objects: Iterable[str]) -> list[Symbol]:
    """Permanents returned to their owners' hands to pay a cost (CR 118.9, 400.7; asp/zone_change.lp)."""
    return [Function("returned_as_cost", [String(o)]) for o in sorted(objects)]


def player_events(happened: Sequence[tuple[str, ...]]) -> list[Symbol]:
    """Events of players, in order: (player, gain_life, draw or discard), a discard with the card discarded
    where it is known (player, discard, card) (CR 603.2, 701.8a; asp/player_events.lp)."""
    return [Function("player_event", [Number(i), String(event[0]), Function(event[1])]) for i, event in
            enumerate(happened)] + [Function("event_card", [Number(i), String(event[2])])
                                     for i, event in enumerate(happened) if len(event) > 2]


def step_first_draws(step_first: Sequence[int]) -> list[Symbol]:
    """The player events that are the first card a player draws in their draw step (CR 504.1)."""
    return [Function("step_first_draw", [Number(i)]) for i in step_first]


def graveyard_leaves(events: Sequence[tuple[str, Sequence[str], str]]) -> list[Symbol]:
    """Events of cards leaving a graveyard, in order: (its player, the cards, the zone they go to: stack or exile)
    (CR 603.2, 603.2c, 406.2; asp/player_events.lp)."""
    return [Function("graveyard_leave", [Number(i), Number(j), String(player), String(card)])
            for i, (player, cards, _) in enumerate(events) for j, card in enumerate(cards)] + [
        Function("graveyard_leave_to", [Number(i), Function(to)]) for i, (_, _, to) in enumerate(events)]


def target_events(targeted: Sequence[tuple[str, str, str]], spell: str | None = None) -> list[Symbol]:
    """Objects made targets, in order: (permanent, the controller of the spell or ability, spell or
    ability) (CR 601.2c, 602.2b, 603.2; asp/player_events.lp), and the card of the spell (``spell``)."""
    return [Function("target_event", [Number(i), String(obj), String(player), Function(kind)])
            for i, (obj, player, kind) in enumerate(targeted)] + (
        [Function("target_spell_card", [String(spell)])] if spell is not None else [])


def aimed(player: str, chosen: Sequence[tuple[str, str]]) -> list[Symbol]:
    """The players and permanents ``player``'s spell or ability targets as it is cast, activated or put on
    the stack (CR 601.2c, 602.2b, 603.3d; a crime, 700.13: asp/player_events.lp)."""
    return [Function("aimed", [String(player), Function(kind if kind == "player" else "obj", [String(ref)])])
            for kind, ref in chosen if kind in ("player", "permanent")]


def activation_event(player: str, source: str) -> list[Symbol]:
    """A player activated an ability that isn't a mana ability of permanent ``source`` (CR 602.2i, 603.2;
    asp/player_events.lp)."""
    return [Function("activation_event", [String(player), String(source)])]


def became_tapped(objects: Iterable[str]) -> list[Symbol]:
    """Permanents that became tapped while paying (CR 118.3, 603.2)."""
    return [Function("became_tapped", [String(o)]) for o in sorted(objects)]


def became_untapped(objects: Iterable[str]) -> list[Symbol]:
    """Permanents that became untapped while paying ({Q}, CR 118.3) or as an effect resolved
    (701.21b), each an event of asp/tapping.lp (603.2)."""
    return [Function("became_untapped", [String(o)]) for o in sorted(objects)]


def counters_put(events: Sequence[tuple[str, Iterable[tuple[str, str, int, int]]]],
                 entered: frozenset[str] = frozenset()) -> list[Symbol]:
    """The player who put them (CR 122.6a) and the kinds of counters each event put on permanents
    (122.1, 122.6) with how many of the kind each had before and after it, numbered from 1, each an
    event of asp/counter_events.lp (603.2: an ability triggers once for each); those put on a
    permanent of ``entered`` are the counters it entered with (counters_put_entering)."""
    return [symbol for i, (player, put) in enumerate(events, 1)
            for symbol in [Function("counters_put_by", [Number(i), String(player)])]
            + [Function("counters_put", [Number(i), String(o), String(k), Number(before), Number(after)])
               for o, k, before, after in sorted(put)]
            + [Function("counters_put_entering", [Number(i), String(o)])
               for o in sorted({o for o, *_ in put} & entered)]]


def cast(board: Board, player: str, card: str, kicked: bool = False,
         choices: Sequence[Sequence[tuple[str, str]]] = ((),), zone: str = "hand", flash_paid: bool = False,
         x: int | None = None) -> list[Symbol]:
    """Casting a card from the player's hand or graveyard (``zone``: flashback, CR 702.34a; 601.2),
    kicked or not (702.33d), its flash cost paid or not (``flash_paid``, 601.3c), the X announced (``x``, 601.2b),
    each way of
    choosing its targets (``choices``: (kind, id) pairs, 601.2c), and how many spells the player
    cast this turn before it (the board's spells_cast_this_turn, read by "your second spell each
    turn")."""
    cast_before = next(p.spells_cast_this_turn for p in board.players if p.name == player)
    aimed = [Function("cast_choice", [Number(i)]) for i in range(len(choices))]
    aimed += [Function("cast_choice_target", [Number(i), String(ref)])
              for i, chosen in enumerate(choices) for kind, ref in chosen if kind == "permanent"]
    # CR 108.3: a board's hand holds only its player's own cards
    return [Function("cast_card", [String(player), String(card)]), Function("cast_from", [Function(zone)]),
            Function("cast_owned"),
            Function("spells_cast_this_turn", [String(player), Number(cast_before)])] + (
        [Function("cast_kicked")] if kicked else []) + (
        [Function("cast_flash_paid")] if flash_paid else []) + (
        [Function("cast_x", [Number(x)])] if x is not None else []) + aimed + stack_in_use(board)


def turning_face_up(obj: str) -> list[Symbol]:
    """A face-down permanent being turned face up (CR 116.2b, 702.37e): the board's facts
    describe it face up (asp/face_down.lp)."""
    return [Function("turning_face_up", [String(obj)])]
