"""`pysolver next`'s ``turn-face-up ID``: turning a face-down permanent face up (CR 116.2b, 708.7).

A special action its controller takes any time they have priority, without the stack (116.2b):
for its morph or megamorph cost (702.37e) or its disguise cost (702.168d), if it would have that
ability face up (asp/face_down.lp), or, manifested or cloaked, for its card's mana cost if its
card is a creature card (701.34b, 701.56b); each cost paid like ``pay`` (the pool and the mana
abilities activated while paying, 601.2g-h), each distinct board a result.  It is the same
permanent: it doesn't enter the battlefield, and keeps its counters, damage, tapped state and
how long it has been under its controller's control (708.8).  Megamorph: a +1/+1 counter as it
is turned face up (702.37b).  The abilities that trigger on it ("When ~ is turned face up",
"Whenever a permanent you control is turned face up", 603.2) go on the stack after the action.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from pysolver import counters as counter_rules
from pysolver import facts, solver
from pysolver.errors import QueryError, Unavailable
from pysolver.events import Event
from pysolver.facts import next_steps
from pysolver.query import next_atoms as na

# CR 502.4, 514.3: no player receives priority in the untap step, nor normally in the cleanup step.
NO_PRIORITY = {"untap": "502.4", "cleanup": "514.3"}
COST = {"morph": "morph cost", "megamorph": "megamorph cost", "disguise": "disguise cost", "mana cost": "mana cost"}
RULE = {"morph": "702.37e", "megamorph": "702.37b, 702.37e", "disguise": "702.168d",
        "manifest": "701.34b", "cloak": "701.56b"}


def turn_face_up(branch: Any, object_id: str, timeout: float | None) -> list[Any]:
    from pysolver import next_state as ns
    from pysolver.query import payment
    board = branch.board
    what = f"turn-face-up {object_id}"
    permanent = board.permanent(object_id)
    if permanent is None:
        known = ", ".join(sorted(p.id for p in board.battlefield)) or "none"
        raise Unavailable(f"{what}: no permanent with that id (ids: {known})", file=board.name)
    if permanent.face_down is None:
        raise QueryError(f"{what}: it is face up already (CR 708.7)", file=board.name)
    if board.step in NO_PRIORITY:
        raise QueryError(f"{what}: no player has priority in the {board.step} step (CR {NO_PRIORITY[board.step]}), "
                         "and turning a permanent face up is a special action taken with priority (CR 116.2b)",
                         file=board.name)
    ways = _ways(board, permanent, what, timeout)
    player = permanent.controller
    out = []
    for way, cost in ways:
        try:
            paying = payment.pay(board, player, cost=cost, cost_of="action")  # CR 116.2b: a special action
        except QueryError as error:
            raise QueryError(f"{what}: {error.detail}", file=board.name) from None
        if not paying.payable:
            continue
        described = f"{player} turns {object_id} ({permanent.card}) face up for its {COST[way]} {cost}"
        chosen = branch.then(board, choices=[ns.Choice(("turns_face_up", object_id, way), described)]
                             if len(ways) > 1 else [])

        def turned(paid, paid_way, way=way, described=described):
            now = paid.permanent(object_id)
            counters = dict(now.counters)
            rule = RULE[permanent.face_down if way == "mana cost" else way]
            events = [Event('{}, paying {} (CR 116.2b, {}, 708.8)', (described, paid_way.spent, rule))]
            if way == "megamorph" and counter_rules.replacers(paid):  # CR 614.1a: asp/counter_put.lp's
                raise QueryError(f"{object_id} is turned face up with a +1/+1 counter (CR 702.37b), which "
                                 f"{counter_rules.replacers(paid)[0]}'s replacement effect changes (CR 614.1a); "
                                 "next doesn't apply it there", file=paid.name)
            if way == "megamorph":  # CR 702.37b: as it is turned face up
                limits = [limit["at_most"] for limit in ns._card(paid, permanent.card).data.get("counter_limits", [])
                          if limit["kind"] == "+1/+1"]
                if limits and counters.get("+1/+1", 0) >= min(limits):  # CR 101.2: the "can't" wins
                    events.append(Event("{} is turned face up with no +1/+1 counter: it can't have more than {} "
                                        '(CR 702.37b, 101.2)', (object_id, min(limits))))
                else:
                    counters["+1/+1"] = counters.get("+1/+1", 0) + 1
                    events.append(Event('{} is turned face up with a +1/+1 counter (CR 702.37b)', (object_id,)))
            face_up = replace(now, face_down=None, counters=tuple(sorted(counters.items())))
            turned_up = ns._replace_permanent(paid, face_up)
            # CR 702.37b, 122.6: megamorph's counter is put on it (ns._counter_triggers)
            return turned_up, events, (face_up_triggers(turned_up, object_id, timeout)
                                       + ns._counter_triggers(turned_up, ns._counters_added(paid, turned_up), timeout))

        out += ns._payment_branches(chosen, player, list(paying.ways), what, turned, timeout)
    if not out:
        costs = " or ".join(f"its {COST[way]} {cost}" for way, cost in ways)
        raise Unavailable(f"{what}: {player} can't pay {costs} with their mana pool and mana abilities "
                         "(CR 601.2g, 601.2h)", file=board.name)
    return out


def face_up_triggers(board: Any, object_id: str, timeout: float | None) -> list[Any]:
    """CR 603.2, 708.8: the abilities that trigger on ``object_id`` turned face up ("When ~ is turned
    face up", "Whenever a permanent you control is turned face up"; asp/face_down.lp), of the
    permanents on ``board``, where it is face up, in the order of their sources."""
    from pysolver import next_state as ns
    if not any('"turned_face_up"' in json.dumps(ns._card(board, p.card_name).data.get("abilities", []))
               for p in board.battlefield):
        return []
    symbols = list(facts.board_facts(board)) + next_steps.turning_face_up(object_id)
    atoms = next(iter(ns._models(solver.ground(symbols, ns.ZONE_RULES), timeout)))
    return [ns._pending(t.source, t.ability, t.controller)
            for t in sorted(atoms(na.FaceUpTrigger), key=lambda t: (t.source, str(t.ability)))]


def _ways(board: Any, permanent: Any, what: str, timeout: float | None) -> list[tuple[str, str]]:
    """(which ability or rule, its cost) for each way it can be turned face up now."""
    from pysolver import next_state as ns
    card = ns._card(board, permanent.card)
    data, ways = card.data, []
    keywords = {k.lower() for k in data.get("keywords", [])}
    unread = sorted(k for k in ("morph", "megamorph", "disguise") if k in keywords and k not in data)
    if unread:
        raise QueryError(f"{what}: {permanent.card}'s {unread[0]} cost isn't one pysolver reads (a cost other than "
                         "mana, CR 702.37e, 702.168d)", file=board.name)
    if keywords & {"morph", "megamorph", "disguise"}:
        face_up = ns._replace_permanent(board, replace(permanent, face_down=None))
        symbols = list(facts.board_facts(face_up)) + next_steps.turning_face_up(permanent.id)
        atoms = next(iter(ns._models(solver.ground(symbols, ns.ZONE_RULES), timeout)))
        for found in sorted(atoms(na.FaceUpWay), key=lambda a: a.keyword):
            ways.append((found.keyword, data[found.keyword]))
    # CR 701.34b, 701.56b: a manifested or cloaked creature card, by its card's mana cost as printed
    if permanent.face_down in ("manifest", "cloak") and "Creature" in data.get("types", []) and card.mana_cost:
        if "{X}" in card.mana_cost:
            raise QueryError(f"{what}: {permanent.card}'s mana cost has {{X}}, which turning it face up "
                             "doesn't choose here (CR 107.3)", file=board.name)
        ways.append(("mana cost", card.mana_cost))
    if not ways:
        raise QueryError(f"{what}: {permanent.card} can't be turned face up: it would have no morph or disguise "
                         "cost face up, and it isn't a manifested or cloaked creature card with a mana cost "
                         "(CR 702.37e, 702.168d, 701.34b, 701.56b)", file=board.name)
    return ways
