"""The rules protocol: one way, common to every game, to ask what may happen now and what it
leads to (in the spirit of OpenSpiel's ``State``: who acts, the legal actions, apply one, is it over,
and for chance the outcomes with their probabilities).

A game's :class:`Rules` holds its spec; its states are immutable values (frozen dataclasses), so a
session can keep every state of a game and undo is a list operation. An action is an immutable
value too, with a text notation that round-trips: ``rules.parse(state, rules.format(state, a)) == a``
for every legal ``a``. What the rulebook leaves to the components (a drawn tile, a card, the dice)
is a *chance* action: the table sees it and types it in, so it is part of the record, and
``chance_outcomes`` says how likely each one is as far as the components are known.

Hidden information stays hidden: a state holds what the table has shown. Where a player acts on
something only they have seen (a hand of cards), the rules accept any action consistent with what
is public and check what they can; a setup may carry the hidden components too (``full
information``), as a solitaire or a test does, and then the rules check everything.

A :class:`Record` is the setup and the actions in the game's notation, in order; :func:`replay`
turns it back into its states, re-checking every action, so a record is the truth of a game.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from tajkit.solver import numbers
from tajkit.solver.errors import BadInput, BadState
from tajkit.solver.wording import shown

CHANCE = "chance"  # who acts when the dice, the bag or a drawn card decide
MAX_EVENT = 1000  # characters: the longest legal event (a Karigar-e-Taj card of three options) is under 900

S = TypeVar("S")  # a state
A = TypeVar("A")  # an action


class Rules(Protocol[S, A]):
    """A game's rules for a whole game, as its rulebook describes it, from the setup to the end."""

    game: str  # the game's id

    def random_setup(self, rng: random.Random, players: int) -> dict[str, Any]:
        """A legal setup for ``players`` players, drawn with ``rng`` (the shape ``start`` reads):
        what the table lays out before the first turn, with full information where it has any
        hidden components. For tests and simulations."""
        ...

    def start(self, setup: Mapping[str, Any]) -> S:
        """The state after the setup (players in seat order, what the components put on the
        table). A setup that breaks a rule is ``BadState`` naming the field and the rule."""
        ...

    def to_act(self, state: S) -> str | None:
        """Who acts now: a player's name, :data:`CHANCE`, or ``None`` once the game is over."""
        ...

    def legal_actions(self, state: S) -> Sequence[A]:
        """Every action the rules allow now: the player's to act, or when chance acts, every
        outcome the table may see. Empty exactly when the game is over."""
        ...

    def chance_outcomes(self, state: S) -> Sequence[tuple[A, float]]:
        """When chance acts: each outcome with its probability (they sum to 1), as far as the
        components are known; for an outcome the components leave open, the rules' own count."""
        ...

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``. An action the rules refuse is ``IllegalMove`` naming the
        rule (with its rulebook section) and what is legal instead."""
        ...

    def format(self, state: S, action: A) -> str:
        """``action`` in the game's notation, short to type at the table ("dome 5", "b3 Gs")."""
        ...

    def parse(self, state: S, text: str) -> A:
        """The action ``text`` names in ``state``; ``IllegalMove`` (or ``BadInput``) for text that
        names no legal action, saying what would be."""
        ...

    def standings(self, state: S) -> Any:
        """The score as the game stands (a :class:`~tajkit.solver.game.ScoreResult`): the final
        score with the tie-breaks once the game is over."""
        ...


def is_over(rules: Rules[S, A], state: S) -> bool:
    return rules.to_act(state) is None


@dataclass(frozen=True)
class Record:
    """A game as it was played: the setup, then every action in the game's notation, in order."""

    game: str
    setup: Mapping[str, Any]
    events: tuple[str, ...] = ()
    started: str | None = None  # when the game began ("2026-12-01 20:15:00"), where known
    undone: tuple[str, ...] = ()  # events taken back since the last new one, the latest last: what redo plays again

    def as_data(self) -> dict[str, Any]:
        """The record file's dict (TOML or JSON)."""
        when = {"started": self.started} if self.started else {}
        taken_back = {"undone": list(self.undone)} if self.undone else {}
        return {"game": self.game, **when, "setup": dict(self.setup), "events": list(self.events), **taken_back}


@dataclass(frozen=True)
class Replay:
    """A record's states: ``states[0]`` after the setup, ``states[i]`` after event ``i``."""

    record: Record
    states: tuple[Any, ...]
    actions: tuple[Any, ...] = field(default=())

    @property
    def state(self) -> Any:
        return self.states[-1]


def event_problem(text: str) -> str | None:
    """Why ``text`` can be no event of any game, said before the game reads it; None if it may be
    one. An event is one line of printable text of at most :data:`MAX_EVENT` characters, its
    numbers written as every number a person types is (``solver/numbers.py``): the digits 0-9."""
    if len(text) > MAX_EVENT:
        return f"{len(text):,} characters is too long for an event (at most {MAX_EVENT:,})"
    odd = next((ch for ch in text if not (ch.isprintable() or ch == "\t" or unicodedata.category(ch) == "Zs")), None)
    if odd is not None:
        name = unicodedata.name(odd, "")
        return f"'{shown(odd)}' (U+{ord(odd):04X}{', ' + name.lower() if name else ''}) is not printable text: an event is one line"
    foreign = numbers.foreign_digit(text)
    if foreign is not None:
        return f"{foreign} is not a digit 0-9"
    too_long = next((run for run in re.findall("[0-9]+", text) if len(run) > numbers.MAX_DIGITS), None)
    return numbers.number_problem(too_long) if too_long is not None else None


def echo_cut(problem: str, text: str) -> str:
    """``problem`` with the event ``text`` it quotes cut to a readable length (an event may run to
    :data:`MAX_EVENT` characters, and a game's refusal quotes it whole)."""
    typed = text.strip()
    return problem.replace(typed, shown(typed, 40)) if len(typed) > 40 else problem


def replay(rules: Rules[S, A], record: Record) -> Replay:
    """Every state of ``record``, each event parsed and applied in the state before it. An event
    the rules refuse is ``BadState`` naming its number, its text and the rule."""
    state = rules.start(record.setup)
    states, actions = [state], []
    for number, text in enumerate(record.events, start=1):
        where = f"event {number} ('{shown(text, 40)}')"
        if rules.to_act(state) is None:
            raise BadState(f"{where}: the game is already over")
        try:
            problem = event_problem(text)
            if problem is not None:
                raise BadInput(problem)
            action = rules.parse(state, text)
            state = rules.apply(state, action)
        except BadInput as refused:  # an illegal move, or text that names none
            raise BadState(*(f"{where}: {echo_cut(problem, text)}" for problem in refused.problems)) from None
        states.append(state)
        actions.append(action)
    return Replay(record, tuple(states), tuple(actions))


def random_action(rules: Rules[S, A], state: S, rng: random.Random) -> A:
    """A legal action drawn at random: chance by its probabilities, a player uniformly."""
    if rules.to_act(state) == CHANCE:
        outcomes = list(rules.chance_outcomes(state))
        return rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
    return rng.choice(list(rules.legal_actions(state)))


def random_game(rules: Rules[S, A], rng: random.Random, players: int, limit: int = 10_000) -> Record:
    """A whole game of random legal actions from a random setup, as a record (at most ``limit``
    actions: a game that has not ended by then is a bug in its rules)."""
    setup = rules.random_setup(rng, players)
    state = rules.start(setup)
    events = []
    while rules.to_act(state) is not None:
        if len(events) >= limit:
            raise AssertionError(f"{rules.game}: no end after {limit} actions")
        action = random_action(rules, state, rng)
        events.append(rules.format(state, action))
        state = rules.apply(state, action)
    return Record(rules.game, setup, tuple(events))


# --- what a table at play needs beyond the rules (``tajkit play``, ``tajkit serve``) -----------------


@dataclass(frozen=True)
class Pick:
    """One whole answer of a known set that a phone offers to pick (a component: a Bazaar card of
    the table's copy): ``text`` is posted as if typed, so ``Question.read`` checks it as it checks a
    typed line; ``label`` says it in words and symbols on the picker ("" : the text itself)."""

    text: str
    label: str = ""


@dataclass(frozen=True)
class Question:
    """One thing a session asks the table in the game's own words: a setup choice ("Asha's age",
    "the 30 cards of a player's deck") or, for a hint, what only the asking player has seen ("your
    hand"). ``read(text)`` turns the typed line into the value stored under ``key`` (a dotted path
    into the setup, ``players.0.age``; for a hint, a plain name) or raises ``BadInput`` saying what
    would do. ``default`` is the text an empty answer stands for (``None``: an answer is needed);
    ``choices`` are words a terminal completes; ``picks`` a closed set of whole answers (a
    player's name, a number in a small range, the components of a known set) that a phone offers
    as a picker instead of a text field (a terminal still reads the typed line). A ``secret`` answer
    (TAJ's goal card) must not be read by the rest of the table: a terminal hides it as it is typed
    and its refusals never repeat it."""

    key: str
    prompt: str
    read: Callable[[str], Any]
    help: str = ""
    default: str | None = None
    choices: tuple[str, ...] = ()
    secret: bool = False
    picks: tuple[Pick, ...] = ()
    numeric: bool = False  # the answer is a whole number: a phone opens its number keys
    counts: tuple[Pick, ...] = ()
    total: int = 0
    slots: tuple[str, ...] = ()
    keep: tuple[Pick, ...] = ()
    slots_start: str = ""
    remembered: bool = False

    # ``remembered``: the table's copy answers it the same way game after game (Taj Mahal's cards
    # of a colour): a phone offers the last game's answer again.
    # ``counts``: the kinds of a known set that an answer holds several of (a deck's cards by kind,
    # Taj Mahal's "E P"), which a phone offers as a count per kind; the answer it posts is each
    # kind's ``text`` said as many times as counted, joined by spaces, then what was typed beside
    # them (kinds not listed), so ``read`` must read space-separated words. ``total``: how many the
    # counts make in all (0: any), which a phone shows as they are counted ("27 of 30").
    # ``slots``: the names of the places an answer of several ``picks`` in order fills (Maharani's
    # rondel slots 1-4), which a phone offers as a picker each; posted as the picks joined by
    # spaces, then what was typed beside them.
    # ``keep``: whole answers a phone offers as buttons before the slots' pickers (Taj Mahal's "the
    # game data's bonus tiles"), beside one that says the table's components differ, which opens the
    # pickers; they start from ``slots_start`` (the kept answer said slot by slot) while one is kept.


@dataclass(frozen=True)
class EventForm:
    """Several events one player enters as one short form on a phone (Karigar's end: what they
    show from behind their screen), recorded together or not at all: ``questions`` ask each value,
    ``events(answers)`` turns the values read into the events, in the game's notation, that the
    table could have typed one by one (so a record holds the same events either way)."""

    who: str
    title: str
    questions: tuple[Question, ...]
    events: Callable[[Mapping[str, Any]], tuple[str, ...]]
    submit: str = "Record"


@dataclass(frozen=True)
class Position:
    """A live position as ``tajkit hint GAME`` reads it: the position file's dict and the hint
    options the state itself decides (TAJ: the proposal voted on; Taj Mahal: whose hand)."""

    data: Mapping[str, Any]
    options: Mapping[str, Any] = field(default_factory=dict)


# --- the hint contract: every game's hint answers in the protocol's actions ---------------------------

EXACT, BOUND, ESTIMATE = "exact", "bound", "estimate"  # how far a hint's values are to be trusted


@dataclass(frozen=True)
class Advice:
    """One move a hint ranks: the protocol actions that play it (legal one after another from the
    state the hint was for; several where a move is several events, a Karigar turn), its value,
    and for an estimate the error of that value (one standard error: the value is within about
    twice that of the truth, 19 times in 20). ``said``: the move in the game's words."""

    actions: tuple[Any, ...]
    value: float | None = None
    error: float | None = None
    said: str = ""


@dataclass(frozen=True)
class HintAnswer:
    """A hint: for ``player``, the moves best first, what their values mean ("expected final
    score", "chance to win", "gold this turn"), whether they are exact, a bound or an estimate,
    and the report (text for people, JSON for scripts) rendered from the same answer. Front ends
    play a move from its actions (``take N``); nothing reads the report back."""

    player: str
    moves: tuple[Advice, ...]
    meaning: str
    kind: str
    report: Any  # solver.game.Report

    def __post_init__(self) -> None:
        if self.kind not in (EXACT, BOUND, ESTIMATE):
            raise ValueError(f"a hint's values are {EXACT}, a {BOUND} or an {ESTIMATE}, not {self.kind!r}")


def played(rules: Rules[S, A], state: S, actions: Sequence[A]) -> tuple[str, ...]:
    """``actions`` in the game's notation, each formatted in the state the ones before it lead to."""
    texts = []
    for action in actions:
        texts.append(rules.format(state, action))
        state = rules.apply(state, action)
    return tuple(texts)


def moves_json(rules: Rules[S, A], state: S, moves: Sequence[Advice], meaning: str, kind: str) -> dict[str, Any]:
    """A hint's moves for its ``--json``: each as the events that play it (what ``take N``
    records), best first, with its value (and error), what the values mean and their kind."""
    return {"moves": [{"events": list(played(rules, state, m.actions)), "value": m.value,
                       **({"error": m.error} if m.error is not None else {})} for m in moves],
            "value_meaning": meaning, "kind": kind}


# --- the board: the position under the finger (the phones) -----------------------------------------


@dataclass(frozen=True)
class Target:
    """A place on a game's picture that a finger taps to choose: ``key`` is what the game's
    :meth:`TablePlay.taps` names it by, ``label`` says it in words (what a screen reader reads),
    and the rectangle is in the picture's own units (points, y down from its top)."""

    key: str
    label: str
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Board:
    """A picture of the position as a board to tap: the picture's size and the part of it shown
    (``view``: x, y, width, height, cropped to what is played on), and its targets. ``title`` is
    the heading a phone shows above it ("tap where to write"); ``svg`` is the picture itself as
    SVG elements in the same units, for a game that draws its board for the browser (None: the
    game's PNG, ``picture``, lies under the targets)."""

    size: tuple[float, float]
    view: tuple[float, float, float, float]
    targets: tuple[Target, ...]
    title: str = "tap where to write"
    svg: str | None = None


class TablePlay(Generic[S]):
    """A game's side of a session, over its :class:`Rules` (``GAME.play(spec)``): what to ask
    when a game starts and when a player asks for a hint, the position the game's hint reads,
    the events that play each move a hint lists, and the state as text and as a state file.

    Each game's play class derives from this one: the methods that raise ``NotImplementedError``
    are the ones every game has; the others are what only some games have (a use of the roll
    ahead of one's turn, words for a group of choices, sentences saying what an event did), with
    the default a game without them wants, so a session asks every game the same way."""

    rules: Any
    notation: str  # the game's events in a few words, with examples (what ``help`` says at the table)

    def setup_questions(self, names: Sequence[str]) -> Sequence[Question]:
        """What the table is asked after the players' names (in seat order) to start a game: the
        setup ``rules.start`` reads is ``{"players": ...}`` completed by the answers."""
        raise NotImplementedError

    def players_setup(self, names: Sequence[str]) -> dict[str, Any]:
        """The setup's players from their names alone (``{"players": [...]}``), before the answers."""
        raise NotImplementedError

    def board_data(self, state: S) -> Any:
        """What the phones' board (the drawing module's ``board(spec, data, player)``) and picture
        are drawn from: the state file, unless it does not hold the position being played (Taj
        Mahal's holds what each player has won, not the province being bid for; Karigar-e-Taj's
        has no Bazaar; Maharani's holds finished turns only, not the first tile placed)."""
        return self.state_file(state)

    def deal(self, names: Sequence[str], rng: random.Random) -> tuple[dict[str, str], tuple[str, ...]]:
        """A random setup drawn for the table ("deal for us"): the answers to
        :meth:`setup_questions` as they would be typed (so a dealt setup is read, checked and
        recorded as a typed one is), and sentences telling the table how to lay the real
        components out to match. Empty: the game's setup has nothing random to draw."""
        return {}, ()

    def setup_of(self, names: Sequence[str], answers: Mapping[str, Any]) -> dict[str, Any]:
        """The setup that the answers to :meth:`setup_questions` make, each put at its dotted key in
        :meth:`players_setup`; a game completes it where the answers imply the rest (Karigar: with
        the table's copy known, the draw pile is the copy's cards not laid out). ``BadInput`` when
        they cannot be (a card laid out twice)."""
        from tajkit.solver.session import setup_from_answers  # the session layer; imported late, it imports this

        return setup_from_answers(self.players_setup(names), answers)

    def event_form(self, state: S) -> EventForm | None:
        """The events to enter now as one short form, where the game has such a moment (None: the
        events are chosen one at a time)."""
        return None

    def deals(self) -> bool:
        """Whether :meth:`deal` has anything to draw with this game's data (the phones offer "Deal
        for us" only then): a game whose random components tajkit does not know, as Karigar's cards
        until a group gives its copy's, has nothing."""
        return type(self).deal is not TablePlay.deal

    def hint_questions(self, state: S, player: str) -> Sequence[Question]:
        """What ``player`` must type for a hint that the state does not hold (their own hidden
        cards); empty when the state holds all the hint needs."""
        raise NotImplementedError

    def describe(self, state: S) -> str:
        """The position as text for a terminal: what lies on the table, whose turn, what is next."""
        raise NotImplementedError

    def situation(self, state: S) -> str:
        """Where the game stands in a line or two, as ``describe`` opens: whose turn and what they
        are to do (what a resumed session says first)."""
        raise NotImplementedError

    def state_file(self, state: S) -> dict[str, Any] | None:
        """The state file ``tajkit score`` / ``tajkit show`` read for the game as it stands, or
        ``None`` where there is none yet (nothing laid out)."""
        raise NotImplementedError

    # --- what only some games have: the defaults --------------------------------------------------

    # The word a table types for tajkit to make the chance event itself, where the rulebook allows
    # it (Artisans: "a pair of virtual dice", so ``roll`` alone rolls them); None: the table's own
    # components decide, and tajkit only records what they show.
    virtual_chance: str | None = None

    def actor(self, state: S, action: Any) -> str:
        """The player whose event ``action`` is, in ``state`` (a player acts; chance is the
        session's to tell): the one to act, unless the game lets a player act ahead of their turn."""
        return self.rules.to_act(state)

    def ahead_events(self, state: S) -> dict[str, list[str]]:
        """The players who may act now before their turn comes, each with the events that play
        for them, named (Artisans: every sheet uses the same roll, ``Ben: dome middle 5``)."""
        return {}

    def choice_label(self, state: S, start: str) -> str | None:
        """Words for the events that begin with ``start`` (a group of choices on a phone), where
        the notation alone does not say it (Maharani: ``2c`` is "tile 2 (Gc) in column c")."""
        return None

    def hint(self, state: S, player: str, answers: Mapping[str, Any], options: Mapping[str, Any]) -> HintAnswer:
        """The game's hint for ``player`` in ``state`` (with the answers to :meth:`hint_questions`
        and the hint command's options): the ranked moves as protocol actions. ``BadInput``
        saying why when no hint is possible now."""
        raise NotImplementedError

    def position_state(self, data: Mapping[str, Any], options: Mapping[str, Any]) -> tuple[S, str, dict[str, Any]]:
        """A position file (``tajkit hint GAME FILE``) as the protocol state it describes, the
        player the hint is for (``--player`` or the one to act) and the answers to the hint's
        questions the file holds (the asking player's own cards), so that a hint on a file and a
        hint in a game in play are the same call."""
        raise NotImplementedError

    def taps(self, state: S, action: Any) -> tuple[str, ...]:
        """How a finger chooses ``action`` on the phones: a target of the game's board (its key),
        then the words of each choice that follows ("dome", "middle box", "5 — free"); a first
        word that is no target is a button beside the board ("write nothing"). Empty: the game
        has no board, and its events are chosen from lists.

        A chance event (the table's: a rug laid out, a tile drawn from the bag) is taps of words
        alone, a short guided sequence ("outer green (G)", "middle orange (O)", "centre pink (P)"):
        the phones show them as buttons, and the table's list says each event in them too."""
        return ()

    def tap_orders(self, state: S, action: Any) -> tuple[tuple[str, ...], ...]:
        """Every path of taps that chooses ``action``: :meth:`taps`, and where the game lets a
        finger tap places on its board in any order (TAJ's two rugs of a proposal), the other
        orders too. Each path chooses this one action."""
        taps = self.taps(state, action)
        return (taps,) if taps else ()

    def confirm(self, state: S, action: Any) -> str | None:
        """What a phone asks before it plays ``action`` (a costly use: "This spends 8 of your 15
        raindrops"), or None: one tap plays it."""
        return None

    def tell(self, before: S, action: Any, after: S) -> tuple[str, ...]:
        """What ``action`` did, in a sentence or two of the game's words: the prizes taken, the
        vote's result, the last turn announced, the winner. None: the event's line says it all."""
        return ()
