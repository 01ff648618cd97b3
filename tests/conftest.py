"""Shared test helpers, and collection of ruling-case files as tests.

Every YAML file under tests/cases/ is a ruling-case file (pysolver/verify.py);
each case in it becomes one test item.
"""

from __future__ import annotations

import compiled_modules  # noqa: F401  (first: the modules imported below are kept compiled)

import atexit
import gc
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

# The folders this process made for the run, removed as it exits, after pysolver's own exit
# handlers (registered later, run earlier) wrote their caches (a run left two folders in the
# temporary folder a process; issue 16).
MADE: list[str] = []


def _made(folder: str) -> str:
    MADE.append(folder)
    return folder


@atexit.register
def _remove_made() -> None:
    for folder in MADE:
        shutil.rmtree(folder, ignore_errors=True)


# The caches (pysolver/cache.py: the card library; pysolver/dataclass_code.py, chosen when
# pysolver is imported) of a test run live in a folder of their own, never in the user's;
# child processes the tests start inherit it.
if "PYSOLVER_CACHE" not in os.environ:
    os.environ["PYSOLVER_CACHE"] = _made(tempfile.mkdtemp(prefix="pysolver-test-cache-"))
# Nor is the user's imported card library (pysolver/cards/db.py: $XDG_DATA_HOME/pysolver/cards.sqlite) read:
# the default library of a test run is the built-in one (a library imported on the machine added its cards
# to `cards search` and every query's library).  Tests that import set their own (monkeypatch).
os.environ["XDG_DATA_HOME"] = _made(tempfile.mkdtemp(prefix="pysolver-test-data-"))


def _temporary_root_in_memory() -> None:
    """pytest's tmp_path folders (its numbered pytest-N folders of the last three runs) in
    /dev/shm, a file system in memory, where it is a folder this user can write with room
    (1 GiB free); unless PYTEST_DEBUG_TEMPROOT (pytest's own setting) names another.  A whole
    run writes some 3,000 files and 75 MB there, and each run removes the oldest run's folder
    as it ends: on this machine's disk that took 4.9 s of wall clock (0.1 s of CPU), in memory
    0.05 s (issue 16)."""
    if "PYTEST_DEBUG_TEMPROOT" in os.environ:
        return
    memory = Path("/dev/shm")
    try:
        if memory.is_dir() and os.access(memory, os.W_OK | os.X_OK) and shutil.disk_usage(memory).free >= 2**30:
            os.environ["PYTEST_DEBUG_TEMPROOT"] = str(memory)
    except OSError:
        return


_temporary_root_in_memory()
os.environ.pop("PYSOLVER_CARDS", None)

import pytest
from click.testing import CliRunner
from hypothesis import is_hypothesis_test, settings

import corpus_checks
import pysolver
from pysolver import verify
from pysolver.cli import main

from helpers import case_file_cases, child_env

CASES = Path(__file__).parent / "cases"

# CI (.ci/check sets CI=1) runs the property tests on examples fixed by each test's name,
# so a landing never fails on an example no earlier run saw; runs without CI still draw
# new examples (and replay failures from .hypothesis/).  Known failing examples are pinned
# with @example.  pytest's header says which.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def _computed_once_in_this_process() -> None:
    """Pure computations that many tests repeat on the same input, made once per test process
    (issue 16; the tests read the results, never change them):

    - a card face compiled by the Oracle compiler (``carddb.compile_face``, a function of the
      face alone): the atomic fixture's 641 faces were compiled by a dozen imports and coverage
      tests, ~1.4 s of CPU each time (imports into folders that can't be written, a killed
      import, streamed and whole imports compared...).  Each import still reads its source,
      classifies, counts and writes every face;
    - the card files of a ruling case (``verify._library``, keyed by their paths): the corpus
      names 163 distinct sets of them, more than the 64 it keeps, so every test that walks the
      corpus (the ruling cases, the legality and explanation properties, the interface checks)
      read and compiled them all again."""
    import functools

    from pysolver.cards import db as carddb

    compile_face = carddb.compile_face
    compiled: dict[str, object] = {}

    @functools.wraps(compile_face)
    def compile_face_once(face):
        key = repr(face)  # every field of the face (a dataclass)
        if key not in compiled:
            compiled[key] = compile_face(face)
        return compiled[key]

    carddb.compile_face = compile_face_once
    verify._library = functools.lru_cache(maxsize=None)(verify._library.__wrapped__)


_computed_once_in_this_process()


def pytest_report_header(config):
    return f"hypothesis: derandomize={settings.default.derandomize} (CI={os.environ.get('CI', '')!r})"


# What the controlling process's child fills the run's cache folder with (``pytest_configure``);
# it touches the file named last once the entry programs are done (or failed). The analysis of every
# rule at once (solver.ALL_RULES, 2.5 of the child's 8 s of CPU) is read by tests/test_grounding_growth.py
# only, well after the first tests: it comes after the touch.
_PREFILL = """
import sys
from pathlib import Path
try:
    from pysolver import cards, solver
    cards.builtin_library()
    for program in solver.entry_programs():
        solver.prepared((program,))
finally:
    Path(sys.argv[1]).touch()
solver.prepared((solver.ALL_RULES,))
"""
_PREFILLED = "pysolver_prefilled"  # the test processes' input: the file touched when the cache is filled
_PREFILL_STATE = pytest.StashKey[tuple]()
PREFILL_WAIT = 600  # seconds a test process waits for the cache at most, then builds what it needs itself


def pytest_configure(config):
    """With test processes (``pytest -n 2``), the controlling process, which runs no test, has
    a child fill this run's cache folder: the built-in card library and every entry program's
    rule-cut analysis (pysolver/cache.py; a few seconds of CPU, cold).  Each test process built
    the ones its first tests asked for, both at once, and so twice (issue 16).  The child runs
    while the test processes start and collect the suite (a few seconds each; the controlling
    process filled the folder itself before starting them, and they waited, issue 16); each
    waits for it before its first test, then reads them from the folder as a second run of
    pysolver would."""
    if hasattr(config, "workerinput") or not config.pluginmanager.hasplugin("xdist"):
        return  # a test process, or no xdist
    if not config.getoption("numprocesses", None) or config.getoption("dist", "no") == "no" \
            or config.getoption("collectonly"):
        return
    _preload_jemalloc()
    folder = Path(tempfile.mkdtemp(prefix="pysolver-test-prefill-"))
    done = folder / "done"
    # The child imports the pysolver this process imported (a checkout on PYTHONPATH, an install).
    child = subprocess.Popen([sys.executable, "-c", _PREFILL, str(done)], env=child_env(), stdin=subprocess.DEVNULL)
    config.stash[_PREFILL_STATE] = (child, folder, done)


def _preload_jemalloc() -> None:
    """The test processes (started after this, inheriting the environment) allocate through
    jemalloc where it is installed, as ``pysolver verify`` does (pysolver/allocator.py): clingo's
    groundings take about half their CPU with it, and the suite about two thirds (issue 16;
    docs/verify-speed.md, session 36).  Without it the suite runs as it is."""
    from pysolver import allocator

    environ = allocator.preloading(os.environ)
    if environ is not None:
        os.environ.update(environ)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    state = node.config.stash.get(_PREFILL_STATE, None)
    node.workerinput[_PREFILLED] = str(state[2]) if state else ""


def pytest_collection_finish(session):
    """A test process waits for the run's cache to be filled (``pytest_configure``) once it has
    collected the suite, before its first test; then what it holds (the collected suite, the
    corpus's cases, the modules) is moved out of the garbage collector's sight (``gc.freeze``):
    it lives to the end of the run, and each full collection walked all of it again (~0.4 s of
    CPU each, 6-8% of the corpus's CPU; issue 16).  Only the objects the tests make are walked."""
    done = getattr(session.config, "workerinput", {}).get(_PREFILLED)
    if done:
        deadline = time.monotonic() + PREFILL_WAIT
        while not os.path.exists(done) and time.monotonic() < deadline:
            time.sleep(0.02)
    gc.freeze()
    # The caches the tests fill (groundings, cuts, facts, card libraries) live on too: a full pass
    # after every tenth pass over the older objects (Python's default) walked them 25-33 times a
    # test process (8.6-9.2 s of its time in a whole run); one after every hundredth collects the same cycles,
    # later.
    young, older, _full = gc.get_threshold()
    gc.set_threshold(young, older, 100)


def pytest_unconfigure(config):
    state = config.stash.get(_PREFILL_STATE, None)
    if state:
        child, folder, _done = state
        if child.poll() is None:  # the run ended first (-x, an interrupt)
            child.terminate()
        child.wait()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.hookimpl(optionalhook=True)  # without xdist (-p no:xdist, a profile) the hook is unknown
def pytest_xdist_make_scheduler(config, log):
    """``pytest -n 2`` (.ci/check, the README) hands out tests by work stealing: an idle
    process takes half of the other's tests not yet started.  xdist's default ("load") sends
    tests in large chunks, and the process that got the last long ones ran on alone for
    more than a minute of CPU while the other waited (issue 16)."""
    if config.getoption("dist") == "load":  # the default with -n; another --dist asked is kept
        from xdist.scheduler import WorkStealingScheduling

        return WorkStealingScheduling(config, log)
    return None


def pytest_collection_modifyitems(items):
    """The property tests (hypothesis: each one item of many examples, the longest items of
    the suite) run first, so that no process is left with one of them at the end while the
    other has nothing to do; otherwise the order is the collection's."""
    items.sort(key=lambda item: not is_hypothesis_test(getattr(item, "obj", None)))


def pytest_collect_file(parent, file_path: Path):
    if file_path.suffix == ".yaml" and CASES in file_path.parents:
        return CaseFile.from_parent(parent, path=file_path)
    return None


class CaseFile(pytest.File):
    def collect(self):
        for number, case in enumerate(case_file_cases(self.path)):
            yield CaseItem.from_parent(self, name=case.id, case=case, first=number == 0)


class CaseItem(pytest.Item):
    def __init__(self, *, case, first=False, **kwargs):
        super().__init__(**kwargs)
        self.case = case
        self.first = first  # the first case of its file: the rule cut is compared (corpus_checks.py)

    def runtest(self):
        # Every case checks what the corpus as a whole must hold (tests/corpus_checks.py)
        # as it runs, instead of tests that ran the corpus again.
        with corpus_checks.watching(compare_cut=self.first, seen=corpus_checks.COMPARED) as watched:
            try:
                outcome = verify.run_case(self.case)
            except pysolver.PysolverError as error:  # bad input: one line, no traceback
                raise CaseBadInput(str(error)) from None
        if not outcome.passed:
            raise CaseFailed(outcome)
        assert watched.undeclared() == [], "facts grounded that asp/input.lp does not declare"

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, CaseBadInput):
            return f"{self.case.id}: bad input: {excinfo.value}"
        if isinstance(excinfo.value, CaseFailed):
            outcome = excinfo.value.outcome
            return "\n".join([f"{self.case.id}: {self.case.reason} ({self.case.source})",
                              *outcome.diff()])
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, f"case {self.case.id}"


class CaseBadInput(Exception):
    pass


class CaseFailed(Exception):
    def __init__(self, outcome):
        super().__init__(outcome.case.id)
        self.outcome = outcome


@pytest.fixture
def board_file(tmp_path):
    """Write a board (YAML text) to a file and return its path."""
    counter = iter(range(1_000_000))

    def write(text: str, suffix: str = ".yaml") -> Path:
        path = tmp_path / f"board{next(counter)}{suffix}"
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    return write


@pytest.fixture
def load(board_file):
    """Board YAML text -> a loaded board."""

    def make(text: str, cards=()):
        return pysolver.load_board(board_file(text), cards)

    return make


@pytest.fixture
def cli():
    """Run the CLI in-process: cli(args...) -> (exit code, stdout, stderr)."""
    runner = CliRunner()

    def run(*args: str):
        result = runner.invoke(main, [str(a) for a in args], catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr

    return run


@pytest.fixture
def grounded_programs(monkeypatch):
    """The programs ``solver.ground`` grounds while the test runs, in order (the rules argument),
    with next's memos of groundings emptied first, so that nothing an earlier test left is reused."""
    from pysolver import next_state, solver

    grounded: list = []
    real = solver.ground

    def ground(facts, rules=solver.ALL_RULES, *args, **kwargs):
        grounded.append(rules)
        return real(facts, rules, *args, **kwargs)

    monkeypatch.setattr(solver, "ground", ground)
    monkeypatch.setattr(next_state, "_MODELS", {}, raising=False)
    monkeypatch.setattr(next_state, "_NOTHING_APPLIES", {}, raising=False)
    return grounded

