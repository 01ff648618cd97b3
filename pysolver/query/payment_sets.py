"""`pay` for a fixed cost, searched from the cost (issue 12): the sets of activations, never orders.

A way to pay (pysolver.query.payment.pay) is an *irredundant* set of activations (no
proper subset that some order activates pays too), with what paid each activation's own
mana cost, and each way the cost itself is paid from the pool it leaves.  The state
search of payment.py reaches such sets by activating abilities forwards, and on a board of
many lands it visits every set that does not pay yet: exponential in the sources (about
84,000 states at 10 dual lands).

This module searches backwards from the cost instead.  In an irredundant set every
activation gives at least one mana that pays something (a symbol of the cost, or of
another activation's cost): one that gives none could be left out, its own cost's mana
left in the pool and nothing else changed (CR 601.2g-h: each cost is paid with mana made
before it; leaving out an activation nothing was paid with keeps every payment).  So
each way arises by taking the open symbols one by one (the cost's first) and choosing
what pays each: mana already made (in the pool, or left over by an activation chosen
before), or one more activation, whose own mana cost then opens more symbols.  Symbols
that are alike (two {G} of one cost, a cost's generic mana) take their mana in one order
only, so a set is reached once for each distinct way its mana pays the symbols, and the
search follows the ways, not the orders of activations.  Each set found that pays (the
exact check of payment.py) is then kept only if irredundant (pay's set-trie), and pay
lists every way its cost is paid from it (``Search.pay_pips``), as before.

It applies when each ability the player can use taps its permanent (so a permanent is
activated at most once) and has no effect a later activation depends on: no {Q}, no
sacrifice of another permanent, no tapping of others, no doubling of the pool, nothing that
changes another ability's result.  Other boards use the state search (``fits`` is None).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from pysolver.errors import LimitExceeded
from pysolver.query import payment
from pysolver.query.payment import ANY, COLORS, Act, Activation, Production, Search, State, Unit


def fits(search: Search) -> list[Act] | None:
    """The abilities this search uses, or None when the board needs the state search."""
    if search.regrounds or not search.spending.plain:
        return None  # mana spent as though it were another type (CR 609.4b): the state search pays it
    tappers = {a.perm for a in search.base.acts if a.tap and not a.blocked}
    acts = []
    for act in search.base.acts:
        if act.blocked or act.remaining == 0:
            continue
        if act.untap:
            if act.perm in search.initial_tapped or act.perm in tappers:
                return None  # {Q} after {T}: an order matters (CR 107.6)
            continue  # untapped, and nothing here taps it: never activated
        if not act.tap or act.tap_others or act.untaps_others or act.pool_dependent or act.board_dependent \
                or any(p.sacrificed for p in act.productions):
            return None
        if act.perm in search.initial_tapped:
            continue  # CR 107.5: its {T} can't be paid
        if any(search.counters.get(act.perm, {}).get(kind, 0) < n for kind, n in act.counters):
            continue  # CR 118.3: not enough counters to remove
        acts.append(act)
    return acts


def paying_sets(search: Search, acts: list[Act], pips: list, spell: Any, extra_life: int,
                payable: Callable[[State], bool], extras: bool) -> dict[State, list[Activation]]:
    """Every set of activations that pays ``pips`` (and the other costs, judged by
    ``payable``) and in which each activation's mana pays something: a superset of the
    irredundant ones.  Each with its activations in an order that pays every cost from mana
    made before it (the permanents' board order where the payments leave a choice)."""
    return _Sets(search, acts, pips, spell, extra_life, payable, extras).run()


def _pays(unit: Unit, kind: str, spell: Any) -> bool:
    """Whether one mana pays one symbol of this kind (CR 107.4, 106.6): restricted mana only
    what its restriction allows; {Any} any color; snow mana {S}; any mana generic mana."""
    if not payment.usable(unit, spell):
        return False
    if kind == "generic":
        return True
    if kind == "snow":
        return unit.snow
    return unit.type == kind or (unit.type == ANY and kind in COLORS)


def _demands(pips: list) -> list[tuple[tuple, int]]:
    """The symbols as (alternatives, how many alike); plain generic mana as one symbol of its
    total ({2}{1} pays as three {1}: the payment is the same multiset)."""
    generic = sum(p[0][1] for p in pips if len(p) == 1 and p[0][0] == "generic")
    alike = Counter(p for p in pips if not (len(p) == 1 and p[0][0] == "generic"))
    out = [(alts, n) for alts, n in sorted(alike.items())]
    if generic:
        out.append(((("generic", generic),), 1))
    return out


def _slots(pips: tuple) -> Counter | None:
    """An activation's mana cost as symbols of one mana each, by kind; None for a symbol
    with a choice (hybrid, Phyrexian)."""
    slots: Counter = Counter()
    for alternatives in pips:
        if len(alternatives) != 1 or alternatives[0][0] == "life":
            return None
        kind, n = alternatives[0]
        slots[kind] += n
    return slots


def _size(kind: str, n: int) -> int:
    """The mana one alternative of a symbol takes (none for life)."""
    return 0 if kind == "life" else n


def _covers(slots: Counter, kinds: list[str]) -> bool:
    """Whether the mana paying these slots could pay these symbols instead, one each: a
    generic symbol takes any of it, another symbol the mana of a slot of its own kind ({G}:
    {G} or {Any} as {G}; {S} only generic)."""
    left = Counter(slots)
    generic = 0
    for kind in kinds:
        if kind == "generic":
            generic += 1
        elif kind != "snow" and left[kind] > 0:
            left[kind] -= 1
        else:
            return False
    return generic <= sum(left.values())


def _mana_pays(pool: tuple, pips: list, life_left: int, spell: Any) -> bool:
    """Whether the pool pays the symbols (CR 107.4, 601.2h): a quick test that
    ``Search.pay_pips`` would find a way, the mana counted by what it can pay (not by
    source); generic mana is paid last, from whatever usable mana is left."""
    counts: Counter = Counter()
    for unit, n in pool:
        if payment.usable(unit, spell):
            counts[unit.type, unit.snow] += n
    if life_left < 0:
        return False
    generic = sum(p[0][1] for p in pips if len(p) == 1 and p[0][0] == "generic")
    others = sorted((p for p in pips if not (len(p) == 1 and p[0][0] == "generic")), key=len)

    def go(k: int, life: int, more: int) -> bool:
        if k == len(others):
            return sum(counts.values()) >= generic + more
        for kind, n in others[k]:
            if kind == "life":
                if life >= n and go(k + 1, life - n, more):
                    return True
            elif kind == "generic":
                if go(k + 1, life, more + n):
                    return True
            else:
                for key in [key for key, m in counts.items() if m > 0]:
                    if (kind == "snow" and key[1]) or key[0] == kind or (key[0] == ANY and kind in COLORS):
                        counts[key] -= 1
                        found = go(k + 1, life, more)
                        counts[key] += 1
                        if found:
                            return True
        return False

    return go(0, life_left, 0)


def _matching(usable: dict[str, list[int]]) -> int:
    """The most of the keys that get a symbol each, no symbol twice (augmenting paths)."""
    owner_of: dict[int, str] = {}

    def place(key: str, seen: set[int]) -> bool:
        for k in usable[key]:
            if k not in seen:
                seen.add(k)
                if k not in owner_of or place(owner_of[k], seen):
                    owner_of[k] = key
                    return True
        return False

    return sum(1 for key in usable if place(key, set()))


class _Sets:
    COST = ""  # the owner of the cost's symbols (an activation's owner is its permanent)

    def __init__(self, search: Search, acts: list[Act], pips: list, spell: Any, extra_life: int,
                 payable: Callable[[State], bool], extras: bool):
        self.search = search
        self.spell = spell
        self.pips = pips
        self.extras = extras  # costs besides mana: ``payable`` judges them
        self.payable = payable
        self.life_budget = search.life_total - extra_life
        self.order = {p.id: i for i, p in enumerate(search.base.mine)}
        self.options: list[tuple[str, Act, Production, dict[Unit, int], list[tuple[int, Unit]]]] = []
        for act in sorted(acts, key=lambda a: (self.order[a.perm], a.number)):
            for production in act.productions:
                units = {u: n for u, n in production.units if n > 0}
                if units:
                    self.options.append((act.perm, act, production, units, []))
        self.gain: dict[str, int] = {}  # each permanent: how many more symbols its cost opens than it pays, at most
        for perm, act, _, _, _ in self.options:
            opens = sum(max(_size(kind, n) for kind, n in alts) for alts in act.pips)
            self.gain[perm] = max(self.gain.get(perm, 0), opens - 1)
        # Whether every ability's mana cost is generic mana only (what a rival must pay).
        self.generic_costs = all(all(len(p) == 1 and p[0][0] == "generic" for p in act.pips)
                                 for _, act, _, _, _ in self.options)
        self.start = search.start()
        # Each kind of mana's place in unit order (sorting and comparing by it is quick).
        kinds = sorted({u for u, _ in self.start.pool} | {u for option in self.options for u in option[3]})
        self.rank = {u: k for k, u in enumerate(kinds)}
        for option in self.options:
            option[4].extend(sorted((self.rank[u], u) for u in option[3]))
        self.spare: Counter = Counter(dict(self.start.pool))
        self.agenda: list[tuple[str, tuple, int]] = [(self.COST, alts, n) for alts, n in _demands(pips)]
        self.cost_symbols = len(self.agenda)
        self.chosen: dict[str, tuple[Act, Production]] = {}  # in the order chosen
        self.fills: dict[str, list[tuple[str, Unit | None, str]]] = {self.COST: []}
        self.before: dict[str, set[str]] = {}  # an activation: those whose mana paid its cost
        self.life = 0
        self.discards = 0
        self.hand = search.hand
        self._links: Counter = Counter()  # (owner, source): how many of source's mana pay owner
        self.nodes = 0
        self.found: dict[State, list[Activation]] = {}
        self.tried: dict[tuple[frozenset, int | None], bool] = {}  # subsets asked whether they pay
        self.life_counts = payment._pays_life(pips)  # a symbol may be paid with life (CR 107.4f)
        self.closed = False  # the chosen activations pay already: choose no more

    def run(self) -> dict[State, list[Activation]]:
        self._demand(0)
        return self.found

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes > payment.MAX_STATES:
            raise LimitExceeded(f"incomplete: more than {payment.MAX_STATES} distinct states of mana "
                                "abilities (PYSOLVER_MAX_PAY_STATES)", file=self.search.board.name)

    # -- the open symbols, one by one
    def _demand(self, i: int) -> None:
        if self.chosen and (self._bypassed(i) or self._replaceable(i)):
            return
        smaller, pays_now = self._smaller_pays(i)
        if smaller:
            return
        if i == len(self.agenda):
            self._emit()
            return
        owner, alts, n = self.agenda[i]
        # Once the chosen activations pay the cost, one more makes a set that is not
        # irredundant: the symbols left take mana already made.
        before, self.closed = self.closed, pays_now
        self._pick(i, owner, alts, n, (-1, ()))
        self.closed = before

    def _pick(self, i: int, owner: str, alts: tuple, left: int, least: tuple) -> None:
        """Pay ``left`` more alike symbols of ``owner``, each choice no less than ``least``
        (the one before): a multiset of choices, in one order."""
        if left == 0:
            self._demand(i + 1)
            return
        self._count()
        for index, (kind, n) in enumerate(alts):
            if index < least[0]:
                continue
            if kind == "life":  # CR 107.4f, 119.4: a Phyrexian symbol paid with 2 life
                if self.life + n <= self.life_budget:
                    self.life += n
                    self.fills[owner].append((f"{n} life", None, "life"))
                    self._pick(i, owner, alts, left - 1, (index, ()))
                    self.fills[owner].pop()
                    self.life -= n
                continue
            symbol = "{1}" if kind == "generic" else "{S}" if kind == "snow" else f"{{{kind}}}"
            self._units(i, owner, alts, left, index, kind, symbol, n, (), least)

    def _units(self, i: int, owner: str, alts: tuple, left: int, index: int, kind: str, symbol: str,
               n: int, taken: tuple, least: tuple) -> None:
        """Choose the ``n`` mana of one symbol (generic {N}: N of them), in unit order."""
        if len(taken) == n:
            if (index, taken) >= least:
                self._pick(i, owner, alts, left - 1, (index, taken))
            return
        floor = taken[-1] if taken else -1  # the ranks of the units taken
        spell = self.spell if owner == self.COST else None
        for rank, unit in sorted((self.rank[u], u) for u, k in self.spare.items() if k > 0):
            if rank < floor or not _pays(unit, kind, spell):
                continue
            if not self._link(owner, unit.source):
                continue
            self.spare[unit] -= 1
            self.fills[owner].append((symbol, unit, kind))
            self._units(i, owner, alts, left, index, kind, symbol, n, taken + (rank,), least)
            self.fills[owner].pop()
            self.spare[unit] += 1
            self._unlink(owner, unit.source)
        for perm, act, production, units, ranked in self.options:
            if self.closed or perm in self.chosen:
                continue
            for rank, unit in ranked:
                if rank < floor or not _pays(unit, kind, spell):
                    continue
                self._count()
                self._activate(i, perm, act, production, units)
                if self.life <= self.search.life_total and self.discards <= self.hand:  # 119.4, 118.3
                    self._link(owner, perm)
                    self.spare[unit] -= 1
                    self.fills[owner].append((symbol, unit, kind))
                    self._units(i, owner, alts, left, index, kind, symbol, n, taken + (rank,), least)
                    self.fills[owner].pop()
                    self.spare[unit] += 1
                    self._unlink(owner, perm)
                self._deactivate(i, perm, act, units)

    # -- activations chosen, and which paid which (an order must exist: no cycle)
    def _activate(self, i: int, perm: str, act: Act, production: Production, units: dict[Unit, int]) -> None:
        """Choose one more activation, for the symbol ``i``: its own symbols are paid next."""
        self.chosen[perm] = (act, production)
        self.fills[perm] = []
        self.before[perm] = set()
        for unit, k in units.items():
            self.spare[unit] += k
        at = i + 1  # depth first: its cost is paid next
        self.agenda[at:at] = [(perm, alts, n) for alts, n in _demands(list(act.pips))]
        self.life += act.life
        self.discards += act.discard

    def _deactivate(self, i: int, perm: str, act: Act, units: dict[Unit, int]) -> None:
        self.discards -= act.discard
        self.life -= act.life
        at = i + 1
        del self.agenda[at:at + len(_demands(list(act.pips)))]
        for unit, k in units.items():
            self.spare[unit] -= k
        del self.before[perm], self.fills[perm], self.chosen[perm]

    def _link(self, owner: str, source: str) -> bool:
        """Record that ``source``'s mana pays ``owner``'s cost; False if that needs a cycle."""
        if owner == self.COST or source not in self.chosen:
            return True  # the cost is paid last; mana from the pool was there first
        if source == owner or self._precedes(owner, source):
            return False
        self.before[owner].add(source)
        self._links[owner, source] += 1
        return True

    def _unlink(self, owner: str, source: str) -> None:
        if owner == self.COST or source not in self.chosen:
            return
        self._links[owner, source] -= 1
        if not self._links[owner, source]:
            self.before[owner].discard(source)

    def _precedes(self, first: str, then: str) -> bool:
        """Whether ``first`` must be activated before ``then`` (its mana pays, at some remove)."""
        stack, seen = [then], set()
        while stack:
            perm = stack.pop()
            if perm == first:
                return True
            for other in self.before.get(perm, ()):
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
        return False

    # -- a set of activations: the state it reaches
    def _state(self, perms: Iterable[str]) -> tuple[State, dict[str, tuple]]:
        """The state the chosen activations ``perms`` reach (each paid as chosen), and each
        one's witness move (as Search.moves makes them)."""
        pool: Counter = Counter(dict(self.start.pool))
        tapped = set(self.start.tapped)
        gone: set[str] = set()
        removed: Counter = Counter()
        used = []
        counted = []
        moves: dict[str, tuple] = {}
        life = discarded = 0
        for perm in perms:
            act, production = self.chosen[perm]
            parts: list[payment.PaidPart] = []
            for symbol, unit, kind in self.fills[perm]:
                if unit is None:
                    parts.append((symbol, None, "life"))
                    life += int(symbol.split()[0])
                    continue
                pool[unit] -= 1
                parts.append((symbol, unit, "" if kind == "generic" else kind))
            paid = tuple(sorted(parts))
            move = payment.Paid(paid, payment.paid_text(paid), payment.spent_text(paid))
            for unit, k in production.units:
                pool[unit] += k
            if act.tap:
                tapped.add(perm)
            if act.sac_self:
                gone.add(perm)
            for kind, k in act.counters:
                removed[perm, kind] += k
            life += act.life
            discarded += act.discard
            if act.remaining is not None:
                counted.append((perm, act.number, 1))
            used.append((perm, act.number, production.units, (), paid))
            moves[perm] = (act, move, production, frozenset())
        state = State(payment._pool(pool), frozenset(tapped), frozenset(gone),
                      tuple(sorted((p, k, n) for (p, k), n in removed.items() if n)), life, discarded,
                      tuple(sorted(used)), tuple(sorted(counted)))
        return state, moves

    def _emit(self) -> None:
        state, moves = self._state(self.chosen)
        if state in self.found or not self._pays_state(state):
            return
        self.found[state] = [Search.step(moves[perm]) for perm in self._ordered()]

    def _bypassed(self, i: int) -> bool:
        """Whether some chosen activation will be one a set can do without, in every set
        this one grows into (then none is irredundant).

        An activation can be done without when all it pays are symbols the mana paying its
        own cost could pay directly (a Signet whose {1} is paid so that it pays another
        Signet's {1}): that mana pays them instead, in the same order, and the rest is
        unchanged (CR 601.2g-h).  Such an activation escapes only if more of its mana pays
        a symbol still to come: one with no mana left never does, and they can't all if
        there are more of them than symbols that may still open (those open now, and what
        activations not chosen yet could add: each pays one symbol at least, so only a cost
        of two or more mana adds any)."""
        paid_by: dict[str, list[str]] = {}
        for fills in self.fills.values():
            for _, unit, kind in fills:
                if unit is not None and unit.source in self.chosen:
                    paid_by.setdefault(unit.source, []).append(kind)
        waiting = []
        with_mana = {u.source for u, k in self.spare.items() if k > 0}
        for perm, (act, _) in self.chosen.items():
            slots = _slots(act.pips)
            if slots is None or not _covers(slots, paid_by.get(perm, [])):
                continue
            if perm not in with_mana:
                return True
            waiting.append(perm)
        if not waiting:
            return False
        # Each waiting one needs a symbol of its own: one open now whose owner may come after
        # it (the cost, or an activation it doesn't follow), or one a new activation adds.
        spare = sum(self.gain[perm] for perm in self.gain if perm not in self.chosen)
        if len(waiting) <= spare:
            return False
        symbols = [owner for owner, alts, n in self.agenda[i:]
                   for _ in range(n * max(_size(kind, m) for kind, m in alts))]
        usable = {perm: [k for k, owner in enumerate(symbols) if owner == self.COST
                         or (owner != perm and not self._precedes(owner, perm))] for perm in waiting}
        if _matching(usable) + spare < len(waiting):
            return True
        return not spare and any(self._outnumbered(perm, i, len(symbols)) for perm in waiting)

    def _outnumbered(self, perm: str, i: int, open_count: int) -> bool:
        """For a waiting activation with one mana left, which can only ever pay the cost (or
        what activations chosen for the cost add): whether other mana left could pay whatever
        it would, more of it than symbols left for it.  With no activation adding more symbols
        than it pays (no cost of two mana or more), at most ``open_count`` of the mana left
        now pays anything; if this one's does, one of those others is left in the pool and
        pays that symbol instead, the rest as in ``_bypassed``: this one can be done without."""
        mine = [u for u, k in self.spare.items() if k > 0 and u.source == perm for _ in range(k)]
        if len(mine) != 1 or any(owner not in (self.COST, perm) and not self._precedes(owner, perm)
                                 for owner, _, _ in self.agenda[i:]):
            return False
        unit = mine[0]
        kinds = {kind for owner, alts, _ in self.agenda[i:] if owner == self.COST
                 for kind, _n in alts if kind != "life" and _pays(unit, kind, self.spell)}
        future = payment.usable(unit, None)  # it may pay what an activation chosen later costs
        if future and not self.generic_costs:
            return False
        # A rival may have to pay what a later activation costs: it must come from the pool or
        # from an activation whose cost is all paid now (no later one can come before it).
        open_owners = {owner for owner, _, _ in self.agenda[i:]}
        rivals = sum(k for u, k in self.spare.items() if k > 0 and u.source != perm
                     and all(_pays(u, kind, self.spell) for kind in kinds)
                     and (not future or (payment.usable(u, None) and u.source not in open_owners)))
        return rivals >= open_count

    def _replaceable(self, i: int) -> bool:
        """Whether some chosen activation is one a set can do without, in every set this
        one grows into: all its mana that pays a symbol could be replaced by mana that no
        symbol can take any more (so it is left in the pool), from the pool or from an
        activation with no cost paid by another, and none of its own mana can still pay
        anything.  The set without it pays the same symbols (CR 601.2g-h)."""
        open_owners = {owner for owner, _, _ in self.agenda[i:]}
        if self.COST in open_owners:
            return False

        known: dict[str, bool] = {}

        def live(source: str) -> bool:
            if source not in known:
                known[source] = any(owner != source and not self._precedes(owner, source)
                                    for owner in open_owners)
            return known[source]

        # From the pool, or from an activation nothing pays and none of whose cost is open (so
        # nothing will come before it: the replacement makes no cycle).
        dead = [u for u, k in self.spare.items() if k > 0 and not live(u.source)
                and (u.source not in self.chosen or (not self.before[u.source] and u.source not in open_owners))
                for _ in range(k)]
        if not dead:
            return False
        uses: dict[str, list[tuple[str, str]]] = {}
        for owner, fills in self.fills.items():
            for _, unit, kind in fills:
                if unit is not None and unit.source in self.chosen:
                    uses.setdefault(unit.source, []).append((owner, kind))
        with_mana = {u.source for u, k in self.spare.items() if k > 0}
        for perm in self.chosen:
            if perm in with_mana and live(perm):
                continue  # its mana may still pay something
            need = uses.get(perm, [])
            usable = {
                str(j): [k for k, u in enumerate(dead) if u.source != perm
                         and (u.source not in self.chosen or not self._precedes(perm, u.source))
                         and _pays(u, kind, self.spell if owner == self.COST else None)]
                for j, (owner, kind) in enumerate(need)}
            if _matching(usable) == len(need):
                return True
        return False

    def _smaller_pays(self, i: int) -> tuple[bool, bool]:
        """Whether a proper subset of the chosen activations that some order activates (each
        one's payers in it, each one's symbols all paid) pays the cost: then no set this one
        grows into is irredundant.  The subsets tried: the complete activations, and those
        less one of them and every one its mana paid.  Second: whether every chosen
        activation is complete and together they pay the cost."""
        open_owners = {owner for owner, _, _ in self.agenda[i:]}
        complete = {p for p in self.chosen if p not in open_owners}
        changed = True
        while changed:  # each payer complete too
            changed = False
            for perm in list(complete):
                if not self.before[perm] <= complete:
                    complete.discard(perm)
                    changed = True
        # CR 107.4f, 119.4: where a symbol may be paid with life, a smaller set does better only with no more
        # life paid than this one pays already (it pays no less as it grows).
        bound = self.life if self.life_counts else None
        whole = self._pays(complete, bound)
        if len(complete) < len(self.chosen) and whole:
            return True, False
        subsets = []
        for perm in complete:
            left = complete - {perm}
            changed = True
            while changed:
                changed = False
                for other in list(left):
                    if not self.before[other] <= left:
                        left.discard(other)
                        changed = True
            subsets.append(left)
        if any(self._pays(subset, bound) for subset in subsets):
            return True, False
        return False, whole and len(complete) == len(self.chosen)

    def _pays(self, subset: set[str], life: int | None = None) -> bool:
        """Whether these chosen activations, each paid as chosen, pay the cost (memoised), with at most
        ``life`` paid in all when given."""
        key = (frozenset((p, self.chosen[p], tuple(self.fills[p])) for p in subset), life)
        if key not in self.tried:
            state = self._state(sorted(subset))[0]
            self.tried[key] = self._pays_state(state, life)
        return self.tried[key]

    def _pays_state(self, state: State, life: int | None = None) -> bool:
        """``payable`` (the exact check of pay), asked only when the mana could pay (with at most ``life``
        paid in all, when given)."""
        budget = self.life_budget if life is None else min(self.life_budget, life)
        if not _mana_pays(state.pool, self.pips, budget - state.life, self.spell):
            return False
        return self.payable(state) if self.extras else True

    def _ordered(self) -> list[str]:
        """The activations in an order that pays each cost from mana made before it: the
        first in board order whose payers are all placed, each time (CR 601.2g)."""
        placed: list[str] = []
        waiting = sorted(self.chosen, key=lambda p: (self.order[p], self.chosen[p][0].number))
        while waiting:
            perm = next(p for p in waiting if self.before[p] <= set(placed))
            placed.append(perm)
            waiting.remove(perm)
        return placed
