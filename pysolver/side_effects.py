"""A mana ability's side effects (asp/mana_activation.lp: life paid, counters removed, damage,
life gained, triggers ...), each worded once and kept with what it is about.

An id and a player's name are any text (docs/board-format.md), so a wording can't be read
back: "tap tomb deals 2 damage to Alice" is damage dealt by the permanent "tap tomb", not a
cost tapping "tomb ...".  Whoever acts on an effect (pay, available, next) reads its fields;
the text is what answers print.  A ``SideEffect`` is the text itself (a ``str``), so answers
and the public API keep their strings."""

from __future__ import annotations

from typing import Any

# The kinds that are costs of the activation, already in the state a payment's search reaches
# (CR 601.2h, 605.3a): "tap" is a permanent another cost tapped, "untap" one of another player's
# that it untapped (pysolver.query.payment).
COSTS = frozenset({"tap", "untap", "sacrifice", "remove_counters", "pay_life"})


class SideEffect(str):
    """One side effect: its wording, its kind (asp/mana_activation.lp's term: damage,
    gain_life, lifelink, poison, pay_life, remove_counters, sacrifice, tap, trigger, ...) and
    its parts: ``who`` (the player or permanent it happens to: the damaged, the gainer, the
    payer, the permanent sacrificed, tapped or losing counters), ``source`` (what deals the
    damage or has the ability), ``amount``, ``counter`` (a kind of counter), ``sentence`` (an
    effect kept as text: its rules text) and ``inner`` (what a trigger does)."""

    kind: str
    who: str
    source: str
    amount: int
    counter: str
    sentence: str
    inner: SideEffect | None

    def __new__(cls, text: str, kind: str, *, who: str = "", source: str = "", amount: int = 0,
                counter: str = "", sentence: str = "", inner: SideEffect | None = None) -> SideEffect:
        effect = super().__new__(cls, text)
        effect.kind, effect.who, effect.source, effect.amount = kind, who, source, amount
        effect.counter, effect.sentence, effect.inner = counter, sentence, inner
        return effect

    def parts(self) -> tuple[Any, ...]:
        inner = self.inner.parts() if self.inner is not None else None
        return (str(self), self.kind, self.who, self.source, self.amount, self.counter, self.sentence, inner)

    # Two effects are the same when their parts are: the same words can say two things
    # (an id may be any text).  Beside a plain string, the text is compared.
    def __eq__(self, other: object) -> bool:
        if isinstance(other, SideEffect):
            return self.parts() == other.parts()
        return str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = str.__hash__

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (verify --jobs) with its parts
        return (_rebuild, (str(self), self.kind, self.who, self.source, self.amount, self.counter,
                           self.sentence, self.inner))


def _rebuild(text: str, kind: str, who: str, source: str, amount: int, counter: str, sentence: str,
             inner: SideEffect | None) -> SideEffect:
    return SideEffect(text, kind, who=who, source=source, amount=amount, counter=counter, sentence=sentence,
                      inner=inner)


def tapped_by_cost(permanent: str) -> SideEffect:
    """A permanent another cost of the ability tapped (CR 118.3, 601.2h)."""
    return SideEffect(f"tap {permanent}", "tap", who=permanent)
