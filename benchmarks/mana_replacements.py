"""Benchmark: K = 1..10 replacement effects on one tap of a land.

For each K, prints the time `pysolver.mana_outcomes` takes to find every
distinct outcome with one witness each (reachable states in the grounder,
asp/mana_replacement.lp; witnesses walked back along next/6 edges), beside
the time of a naive encoding (in this file) that enumerates every order of
the replacement effects, one answer set per order.  Both must give the same
outcome set (checked).  Times are CPU seconds of this process
(time.process_time), so that other work on the machine blurs them less; both
run single-threaded, interleaved, and the figures are medians, the ratio the
ratio of the medians.  The ratio is printed, not checked: it moves with the
load of the machine (at K = 8 about 100x on an idle machine).

    python benchmarks/mana_replacements.py [KMAX [BUDGET]]

The enumeration of every order stops after BUDGET CPU seconds (60 by
default); its time and the ratio are then printed as lower bounds (>=) and
its partial outcome set is not compared.
"""

from __future__ import annotations

import statistics
import sys
import time

import clingo

import pysolver
from pysolver.mana import TYPES, vector_symbols

# The effects, in the order they are added: (card, on the battlefield or a
# resolved effect, the same effect as data for the naive encoding).
CYCLE = [
    ("Mana Reflection", "permanent", ("multiply", 2, 1)),
    ("Contamination", "permanent", ("set", "b", 1, 1)),
    ("Nyxbloom Ancient", "permanent", ("multiply", 3, 1)),
    ("Pale Moon", "effect", ("set", "c", None, 1)),
    ("Damping Sphere", "permanent", ("set", "c", 1, 2)),
    ("Deep Water", "effect", ("set", "u", None, 1)),
]
REPEATS = 10
# Every order is enumerated with each run of ours up to this K (above, once: it takes seconds).
NAIVE_REPEATED_UP_TO = 6
LAND = "Simic Growth Chamber"  # a nonbasic land: {T}: Add {G}{U}
START = {"g": 1, "u": 1}

NAIVE = """
% One answer set per legal order of replacement effects (CR 616.1): at each
% position pick one applicable effect not applied yet, until none applies.
% The mana is a vector m(W, U, B, R, G, C).
pos(0..k).
state(0, V) :- start(V).
total(m(W, U, B, R, G, C), W+U+B+R+G+C) :- state(_, m(W, U, B, R, G, C)).
applicable(P, I) :- state(P, V), P < k, eff(I), not used(P, I), total(V, S), min_amount(I, M), S >= M.
some(P) :- applicable(P, _).
1 { pick(P, I) : applicable(P, I) } 1 :- some(P).
used(P+1, I) :- used(P, I), pos(P+1).
used(P+1, I) :- pick(P, I).
state(P+1, m(W*K, U*K, B*K, R*K, G*K, C*K)) :- pick(P, I), multiply(I, K), state(P, m(W, U, B, R, G, C)).
amount(P, I, A) :- pick(P, I), set_amount(I, A).
amount(P, I, S) :- pick(P, I), set_type(I, _), not set_amount(I, _), state(P, V), total(V, S).
state(P+1, m(A, 0, 0, 0, 0, 0)) :- amount(P, I, A), set_type(I, w).
state(P+1, m(0, A, 0, 0, 0, 0)) :- amount(P, I, A), set_type(I, u).
state(P+1, m(0, 0, A, 0, 0, 0)) :- amount(P, I, A), set_type(I, b).
state(P+1, m(0, 0, 0, A, 0, 0)) :- amount(P, I, A), set_type(I, r).
state(P+1, m(0, 0, 0, 0, A, 0)) :- amount(P, I, A), set_type(I, g).
state(P+1, m(0, 0, 0, 0, 0, A)) :- amount(P, I, A), set_type(I, c).
result(V) :- state(P, V), not some(P).
#show result/1.
"""


def board_for(k: int):
    battlefield = [{"card": LAND, "controller": "Alice", "id": "land"}]
    effects = []
    for i in range(k):
        card, where, _ = CYCLE[i % len(CYCLE)]
        entry = {"card": card, "controller": "Alice", "id": f"e{i}"}
        (battlefield if where == "permanent" else effects).append(entry)
    return pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": battlefield,
                                     "effects": effects})


def ours(k: int):
    board = board_for(k)
    started = time.process_time()
    result = pysolver.mana_outcomes(board, "land", triggers=False)
    elapsed = time.process_time() - started
    assert all(o.witness for o in result.outcomes)
    return elapsed, {o.symbols for o in result.outcomes}


def naive(k: int, budget: float):
    program = [f"#const k = {k}."]
    program.append("start(m({})).".format(", ".join(str(START.get(t.lower(), 0)) for t in TYPES)))
    for i in range(k):
        _, _, spec = CYCLE[i % len(CYCLE)]
        program.append(f"eff({i}).")
        if spec[0] == "multiply":
            program.append(f"multiply({i}, {spec[1]}). min_amount({i}, {spec[2]}).")
        else:
            program.append(f"set_type({i}, {spec[1]}). min_amount({i}, {spec[3]}).")
            if spec[2] is not None:
                program.append(f"set_amount({i}, {spec[2]}).")
    started = time.process_time()
    control = clingo.Control(["0", "--warn=none"])
    control.add("base", [], "\n".join(program) + NAIVE)
    control.ground([("base", [])])
    outcomes, orders, complete = set(), 0, True
    with control.solve(yield_=True) as handle:
        for model in handle:
            orders += 1
            if orders % 1000 == 0 and time.process_time() - started > budget:
                complete = False  # stopped: the time is a lower bound
                break
            vector, = (s.arguments[0] for s in model.symbols(shown=True))
            counts = [a.number for a in vector.arguments]
            outcomes.add(vector_symbols(dict(zip(TYPES, counts, strict=True))))
    return time.process_time() - started, outcomes, orders, complete


def main(kmax: int = 10, budget: float = 60.0) -> int:
    print(f"{'K':>2}  {'outcomes':>8}  {'orders':>9}  {'reachable (cpu s)':>17}  "
          f"{'every order (cpu s)':>19}  {'ratio':>8}")
    status = 0
    ours(1)  # the first run parses the encodings
    for k in range(1, kmax + 1):
        # Interleaved runs, so both methods see the same load; medians, and their ratio.
        mine, theirs = [], []
        complete, found, expected, orders = True, set(), set(), 0
        for _ in range(REPEATS if k <= NAIVE_REPEATED_UP_TO else 1):
            t_ours, found = ours(k)
            t_naive, expected, orders, complete = naive(k, budget)
            mine.append(t_ours)
            theirs.append(t_naive)
            if not complete:
                break
        mine += [ours(k)[0] for _ in range(REPEATS - len(mine))]
        t_ours, t_naive = statistics.median(mine), statistics.median(theirs)
        if complete and found != expected:
            print(f"K={k}: outcome sets differ: {sorted(found)} vs {sorted(expected)}")
            status = 1
        ratio = t_naive / t_ours
        mark = "" if complete else ">="  # the enumeration was stopped after `budget` seconds
        print(f"{k:>2}  {len(found):>8}  {mark + str(orders):>9}  {t_ours:>17.4f}  "
              f"{mark + format(t_naive, '.4f'):>19}  {mark + format(ratio, '.1f'):>8}")
    # The speed-up is a figure to read, not a check: it moves with the machine's load.
    return status


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 10,
                  float(sys.argv[2]) if len(sys.argv) > 2 else 60.0))
