"""asp/mana_replacement.lp on its own: the reachable-state pass gives exactly the
results of applying the replacement effects in every order (CR 616.1), which a
brute-force walk over all orders computes here as the oracle."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from clingo import Function, Number, String

from pysolver import solver

TYPES = "wubrgc"
RULES = ("input.lp", "objects.lp", "mana_production.lp", "mana_replacement.lp")


def vector(**amounts: int) -> tuple[int, ...]:
    return tuple(amounts.get(t, 0) for t in TYPES)


def oracle(start: tuple[int, ...], effects: list[tuple]) -> set[tuple[int, ...]]:
    """Every final vector over every order in which the controller may apply the effects."""
    results: set[tuple[int, ...]] = set()

    def applicable(effect, v):
        return sum(v) >= max(1, effect[-1])

    def apply(effect, v):
        """Every vector the effect may give: a "set" effect with several types is one choice among them."""
        kind = effect[0]
        if kind == "multiply":
            return [tuple(x * effect[1] for x in v)]
        _, mana_types, amount, _ = effect
        total = sum(v) if amount is None else amount
        return [tuple(total if t == mana_type else 0 for t in TYPES) for mana_type in mana_types]

    def walk(applied: frozenset, v):
        options = [i for i, e in enumerate(effects) if i not in applied and applicable(e, v)]
        if not options:
            results.add(v)
        for i in options:
            for after in apply(effects[i], v):
                walk(applied | {i}, after)

    walk(frozenset(), start)
    return results


def encoded(start: tuple[int, ...], effects: list[tuple]) -> set[tuple[int, ...]]:
    S = String
    facts = [Function(n, a) for n, a in [
        ("player", [S("A")]), ("permanent", [S("o")]), ("card", [S("o"), S("L")]),
        ("controller", [S("o"), S("A")]), ("card_type", [S("L"), S("Land")]),
        ("card_ability", [S("L"), Function("t")]), ("kind", [Function("t"), Function("mana")]),
        ("cost", [Function("t"), Function("tap")]),
        ("mana_event", [Function("e"), S("o"), Function("t")]),
        ("event_start", [Function("e"), Function("m", [Number(x) for x in start])]),
    ]]
    for i, effect in enumerate(effects):
        source, ability = S(f"s{i}"), Function("r", [Number(i)])
        facts += [Function("permanent", [source]), Function("card", [source, S(f"C{i}")]),
                  Function("controller", [source, S("A")]),
                  Function("card_ability", [S(f"C{i}"), ability]),
                  Function("kind", [ability, Function("replacement")])]
        if effect[0] == "multiply":
            facts.append(Function("repl_multiply", [ability, Number(effect[1])]))
        else:
            facts += [Function("repl_set_type", [ability, Function(t)]) for t in effect[1]]
            if effect[2] is not None:
                facts.append(Function("repl_set_amount", [ability, Number(effect[2])]))
        if effect[-1] > 1:
            facts.append(Function("repl_min_amount", [ability, Number(effect[-1])]))
    grounded = solver.ground(facts, rules=RULES)
    atoms = grounded.atoms("event_result", 2)
    assert atoms is not None, "event results must be decided by grounding"
    return {tuple(n.number for n in a.arguments[1].arguments) for a in atoms}


CONTAMINATION = ("set", "b", 1, 1)
REFLECTION = ("multiply", 2, 1)
NYXBLOOM = ("multiply", 3, 1)
DAMPING_SPHERE = ("set", "c", 1, 2)
PALE_MOON = ("set", "c", None, 1)


def test_contamination_and_reflection_on_a_forest():
    assert encoded(vector(g=1), [CONTAMINATION, REFLECTION]) == {vector(b=1), vector(b=2)}


def test_nyxbloom_and_reflection_six_times_either_way():
    assert encoded(vector(g=1), [NYXBLOOM, REFLECTION]) == {vector(g=6)}


def test_damping_sphere_applies_after_reflection_doubled_one_mana():
    # 616.1f: after Mana Reflection, Damping Sphere becomes applicable and must apply.
    assert encoded(vector(g=1), [DAMPING_SPHERE, REFLECTION]) == {vector(c=1)}


def test_a_color_of_choice_is_one_color_for_all_the_mana():
    pulse = ("set", "wubrg", None, 1)
    assert encoded(vector(g=1), [pulse, REFLECTION]) == {vector(**{t: 2}) for t in "wubrg"}


def test_pale_moon_keeps_the_amount():
    assert encoded(vector(g=1, u=1), [PALE_MOON, REFLECTION]) == {vector(c=4)}


effect_strategy = st.one_of(
    st.tuples(st.just("multiply"), st.integers(2, 3), st.just(1)),
    st.tuples(st.just("set"), st.sampled_from(TYPES), st.one_of(st.none(), st.integers(1, 2)),
              st.integers(1, 3)),
    # "mana of a color of your choice instead of any other type": one choice among several types.
    st.tuples(st.just("set"), st.sets(st.sampled_from(TYPES), min_size=2, max_size=5).map("".join),
              st.just(None), st.integers(1, 2)),
)


@settings(max_examples=40, deadline=None)
@given(start=st.tuples(*[st.integers(0, 2)] * 6), effects=st.lists(effect_strategy, max_size=5))
def test_reachable_states_equal_every_order(start, effects):
    assert encoded(start, effects) == oracle(start, effects)
