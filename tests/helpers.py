"""Helpers and boards shared by several test modules (one copy each; conftest.py holds
the fixtures)."""

from __future__ import annotations

import copy
import os
import signal
import subprocess
import sys
import textwrap
import time
from contextlib import contextmanager
from functools import cache
from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"
CASES = Path(__file__).parent / "cases"
EXAMPLES = Path(__file__).parent.parent / "examples"

# The CR rule numbers an explanation may cite (tests/fixtures/rule_numbers.txt).
RULE_NUMBERS = {line.strip() for line in (FIXTURES / "rule_numbers.txt").read_text().splitlines()
                if line.strip() and not line.startswith("#")}

def child_env(*, drop: tuple[str, ...] = ()) -> dict[str, str]:
    """The environment of a child Python process that imports the pysolver this process imported
    (a checkout on PYTHONPATH, or an install), without the variables ``drop`` (e.g. LD_PRELOAD: the
    C library's allocator instead of the jemalloc tests/conftest.py preloads)."""
    import pysolver

    env = {key: value for key, value in os.environ.items() if key not in drop}
    env["PYTHONPATH"] = os.pathsep.join([str(Path(pysolver.__file__).resolve().parent.parent),
                                         *filter(None, [os.environ.get("PYTHONPATH")])])
    return env


# -------------------------------------------------------------------- the corpus
@cache
def corpus_cases() -> tuple:
    """Every ruling case of tests/cases, in verify.load_all's order, read once in a test
    process: a dozen tests read the whole corpus (0.5-0.8 s of CPU each time; issue 16).
    The tests read the cases, never change them."""
    from pysolver import verify

    return tuple(verify.load_all([CASES]))


@cache
def _corpus_by_file() -> dict[str, list] | None:
    from pysolver import PysolverError

    try:
        cases = corpus_cases()
    except PysolverError:  # a file in error, or a duplicate id: the tests reading the corpus say so
        return None
    by_file: dict[str, list] = {}
    for case in cases:
        by_file.setdefault(case.file, []).append(case)
    return by_file


def case_file_cases(path: Path) -> list:
    """The cases of one file of the corpus (verify.load_cases(path)), from corpus_cases: the
    collection of the case files (conftest.py) read the corpus a second time in each test
    process (issue 16).  A file the corpus can't be read with is read alone, so that its
    collection reports its own error."""
    by_file = _corpus_by_file()
    if by_file is None or str(path) not in by_file:
        from pysolver import verify

        return verify.load_cases(path)
    return by_file[str(path)]


def corpus_cases_in(folder: Path) -> list:
    """The corpus's cases of the files in ``folder`` (verify.load_all([folder]), from corpus_cases)."""
    return [case for case in corpus_cases() if folder in Path(case.file).parents]


def explained_could_produce(case) -> tuple:
    """pysolver.explain_could_produce of a corpus case's board (every permanent), computed
    once in a test process: the explanation tests over the could-produce corpus
    (test_explain_could_produce, test_explanation_wording) each explained every board again
    (issue 16).  The tests read the explanations, never change them."""
    return _explained_could_produce(case.id)


@cache
def _explained_could_produce(case_id: str) -> tuple:
    import pysolver
    from pysolver import verify

    case = next(case for case in corpus_cases() if case.id == case_id)
    return tuple(pysolver.explain_could_produce(verify.case_board(case)))


# ------------------------------------------------------------ a card library, imported once
ATOMIC = FIXTURES / "cards" / "atomic-fixture.json"


def imported_library(output: Path, source: Path = ATOMIC):
    """``carddb.import_cards(source, output)`` for a test whose subject is not the import (a
    library to query, damage or search): the fixture is compiled once in a test process and
    its library copied to ``output`` (each import of the atomic fixture compiles its 641
    faces, ~2 s of CPU, and a dozen tests made one; issue 16).  Returns the import's report.
    Tests of the import itself (its output, streaming, replacing, refusing) still import."""
    import dataclasses
    import hashlib

    digest = hashlib.blake2b(Path(source).read_bytes(), digest_size=32).hexdigest()  # the data as it is now
    report, content = _imported(str(source), digest)
    output.write_bytes(content)
    return dataclasses.replace(report, path=output)


@cache
def _imported(source: str, digest: str):
    import tempfile

    from pysolver.cards import db as carddb

    with tempfile.TemporaryDirectory(prefix="pysolver-test-library-") as folder:
        library = Path(folder) / "cards.sqlite"
        report = carddb.import_cards(source, library)
        return report, library.read_bytes()


# -------------------------------------------------------------------- boards
def write_inputs(folder: Path, *, board: str | dict | None = None,
                 cards: str | dict | None = None) -> tuple[Path | None, Path | None]:
    """The files a test of a query (`next`, `outcomes`, ... or the API) reads, written the one way:
    ``board`` as folder/board.yaml and ``cards`` as folder/cards.yaml, each given as YAML text
    (dedented) or as data (dumped as YAML).  Returns (board path, card file path), None for what
    wasn't given; writing again replaces them.  Pass the card file as ``--cards``; a board's
    error names its path."""
    import yaml

    def write(name: str, content: str | dict | None) -> Path | None:
        if content is None:
            return None
        path = folder / name
        text = content if isinstance(content, str) else yaml.safe_dump(content, sort_keys=False)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    return write("board.yaml", board), write("cards.yaml", cards)


def checked_events(cli, folder: Path, cards: Path, battlefield: str) -> list[str]:
    """The events of `pysolver next BOARD check` (state-based actions, CR 704.3) on a two-player board in Alice's
    precombat main phase with these battlefield entries (YAML list items), its one outcome's."""
    import json

    path, _ = write_inputs(folder, board="players: [Alice, Bob]\nturn: {number: 3, active: Alice, step: "
                                         "precombat_main}\nbattlefield:\n" + textwrap.dedent(battlefield))
    code, out, err = cli("next", path, "check", "--cards", cards, "--json")
    assert (code, err) == (0, "")
    [outcome] = json.loads(out)["outcomes"]
    return outcome["events"]


# Haphazard Bombardment at the end step, three permanents with aim counters (CR 603.4, 701.7a).
BOMBARDMENT = """\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: end}
battlefield:
- {id: hb, card: Haphazard Bombardment, controller: Alice}
- {id: forest, card: Forest, controller: Bob, counters: {aim: 1}}
- {id: bears, card: Grizzly Bears, controller: Bob, counters: {aim: 1}}
- {id: myr, card: Darksteel Myr, controller: Bob, counters: {aim: 1}}
"""

# Crackleburr's cost taps two red creatures; only Raging Goblin is one (CR 118.3).
CRACKLEBURR = """\
players: [Alice, Bob]
battlefield:
- {card: Crackleburr, controller: Alice}
- {card: Raging Goblin, controller: Alice}
- {card: Island, controller: Alice}
- {card: Mountain, controller: Alice}
"""

# A tapped Pili-Pala, a Forest and Mana Flare: the Forest's {G}{G} pays Pili-Pala's {2} (605.1b).
FLARE = """\
players: [Alice, Bob]
battlefield:
- {card: Pili-Pala, controller: Alice, tapped: true}
- {card: Forest, controller: Alice}
- {card: Mana Flare, controller: Alice}
"""

# Replacement effects in either order (CR 616.1) and a triggered mana ability.
MANA_REPLACEMENTS = """\
players: [Alice, Bob]
battlefield:
- {card: Forest, controller: Alice}
- {card: Contamination, controller: Bob}
- {card: Mana Reflection, controller: Alice}
- {card: Overabundance, controller: Bob}
- {card: Spire of Industry, controller: Alice}
"""

# The explanation of a Bombardment whose intervening "if" is false (one aim counter, 2 needed).
BOMBARDMENT_NOT_TRIGGERED = [
    "    nothing resolves: the stack is empty and no ability triggered as the step began "
    "(CR 405.5, 603.2)",
    "    Alice's Haphazard Bombardment (hb:2) didn't trigger as the step began: its intervening "
    "\"if\" was false: 1 permanent Alice's opponents control with an aim counter, at least 2 "
    "needed (CR 603.4)"]


# ------------------------------------------------------ one board's mana abilities, read once
@contextmanager
def mana_abilities_read_once():
    """Within the block, pysolver.query.payment reads each board's mana abilities (its
    ``Model``: a grounding of the board, most of a small payment query's time) once for each
    board object and player, and every search of the block starts from it: for tests that
    compare two of pay's searches, or two forms of an answer, on one board (issue 16).  What
    they compare is the searches; the Model, a function of the board, is the same for both.
    Each search gets a copy (one that sets its ``acts`` changes no other's)."""
    from pysolver.query import payment

    real = payment.Model
    models: dict[tuple[int, str, str | None], tuple[object, object]] = {}  # the board kept: its id stays its own

    def read_once(board, player, only=None):
        key = (id(board), player, only)
        if key not in models:
            models[key] = (board, real(board, player, only=only))
        return copy.copy(models[key][1])

    payment.Model = read_once
    try:
        yield
    finally:
        payment.Model = real


# ------------------------------------------------------ the timed child and its parent
# A parent whose timed job (limits.run) writes its child's pid to argv[1], then sleeps.
CHILD_SCRIPT = textwrap.dedent("""
    import os, sys, time
    from pysolver import limits

    def job(path):
        with open(path + ".tmp", "w") as handle:
            handle.write(str(os.getpid()))
        os.replace(path + ".tmp", path)
        time.sleep(600)

    limits.run(job, sys.argv[1], timeout=300)
""")


def gone(pid: int) -> bool:
    """The process has ended (or is a zombie)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            return handle.read().split(") ")[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


def child_outlives_parent(pid_file: Path, sig: signal.Signals, wait: float = 0.0) -> bool:
    """Start CHILD_SCRIPT, send ``sig`` to the parent ``wait`` seconds after its timed child
    started, and say whether the child outlived it by 10 s (a survivor is then killed)."""
    # The signal's default action, whatever this process inherited: under nohup SIGHUP is ignored, and an
    # ignored disposition survives exec (the parent would never see the signal).
    parent = subprocess.Popen([sys.executable, "-c", CHILD_SCRIPT, str(pid_file)], stderr=subprocess.DEVNULL,
                              preexec_fn=None if sig in (signal.SIGKILL, signal.SIGSTOP)
                              else lambda: signal.signal(sig, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 60
        while not pid_file.exists():
            assert time.monotonic() < deadline and parent.poll() is None
            time.sleep(0.02)
        child = int(pid_file.read_text())
        assert child != parent.pid and not gone(child)
        time.sleep(wait)
        parent.send_signal(sig)
        parent.wait(timeout=30)
        deadline = time.monotonic() + 10
        while not gone(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        survived = not gone(child)
        if survived:
            os.kill(child, signal.SIGKILL)
        return survived
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()


def compile_stored(card: dict):
    """A card of a compiled fixture (tests/fixtures/cards/compiled-*.yaml), compiled again from
    the Oracle text and type line it stores: the test then compares the result with the card."""
    from pysolver.cards.oracle import compile_card

    return compile_card(card["name"], card["oracle"], types=card["types"],
                        subtypes=card.get("subtypes", []), supertypes=card.get("supertypes", []),
                        mana_cost=card.get("mana_cost"), keywords=card.get("keywords"),
                        **{k: str(card[k]) for k in ("power", "toughness") if k in card})



def lone_trigger(text: str, type_line: str, **stats: str) -> dict | None:
    """The one triggered ability of a card named Fiend with this Oracle text and type line (and
    power and toughness), compiled; None when the card isn't ok (a form left not understood)."""
    from pysolver.cards.oracle import compile_card

    result = compile_card("Fiend", text, type_line, **stats)
    if result.status != "ok":
        return None
    [found] = [a["triggered"] for a in result.card["abilities"] if "triggered" in a]
    return found

# Fixture cards whose compiled data ruling cases use, though the compiler now leaves one of
# their sentences not understood (a static change of power and toughness, which no rule
# models; the cases using them don't read it).  The fixture tests check each is partial for
# exactly this sentence, and otherwise what the compiler makes.
PARTIAL_FIXTURE_CARDS: dict[str, list[str]] = {}


def status_as_expected(name: str, result) -> bool:
    """Whether a fixture card compiles ok, or partial for exactly its listed sentences."""
    if name in PARTIAL_FIXTURE_CARDS:
        return (result.status, result.problems, result.ignored) == ("partial", [], PARTIAL_FIXTURE_CARDS[name])
    return (result.status, result.problems) == ("ok", [])


def refused_ability(folder: Path, ability: str, types: str = "Artifact") -> str:
    """The one-line error loading a card file refuses this ability with (a flow-style YAML
    mapping), without the file's name: the card is the file's first, its ability its first."""
    import pysolver

    path = folder / "cards.yaml"
    path.write_text(f"format: pysolver-cards/1\ncards:\n- name: Bad\n  types: [{types}]\n"
                    f"  abilities:\n  - {ability}\n")
    try:
        pysolver.load_library([path])
    except pysolver.errors.CardError as error:
        message = str(error)
        assert message.startswith(f"{path}: "), message
        return message[len(f"{path}: "):]
    raise AssertionError("the card file loaded")
