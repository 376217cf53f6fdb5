"""Artisans of the Taj Mahal (roll & write): the game's interface (see ``solver/game.py``).

Where each piece lives: the game data and ``load_spec`` in :mod:`.spec`; the rules model, the
truth every other module is tested against, in :mod:`.rules`; the rules protocol in
:mod:`.protocol`; the state files in :mod:`.files`; the scorer in :mod:`.scoring`; the
``tajkit hint`` and ``tajkit simulate`` commands in :mod:`.hint` and :mod:`.simulate`, their words
in :mod:`.report`; the search they run (engine, exact ending, rollouts, value table, policies,
oracle) in :mod:`.search`. ``pieces`` names them for the base class, which imports each when it
is used (numpy, pydantic and OR-Tools with it); what is left here is what differs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tajkit.solver.game import FORM_NAMES, Command, Game, Option, Pieces, Report, schema_of_files

if TYPE_CHECKING:
    from tajkit.solver.artisans.files import Player
    from tajkit.solver.artisans.spec import Spec

POLICY_NAMES = ("oracle", "hint", "heuristic", "greedy", "random")


# The commands' forwarders name every option (the CLI and tests read them off the signature) and
# import the command's module only when it runs.
def _hint(spec: Any, data: dict[str, Any], roll: tuple[int, int] | None, player: str | None, top: int, seed: int,
          futures: int, time_limit: float, objective: str | None = None, moved: list[str] | None = None) -> Report:
    from tajkit.solver.artisans import hint

    return hint.run(spec, data, roll, player, top, seed, futures, time_limit, objective, moved)


def _simulate(spec: Any, data: None, policy: list[str], games: int, seed: int, oracle_work: float,
              oracle_time: float, processes: int | None, honest_bound: bool = False,
              honest_exact: list[str] | None = None, progress: Any = None) -> Report:
    from tajkit.solver.artisans import simulate

    return simulate.run(spec, data, policy, games, seed, oracle_work, oracle_time, processes, honest_bound,
                        honest_exact, progress)


class Artisans(Game["Spec", "tuple[Player, ...]"]):
    id = "artisans"
    title = "Artisans of the Taj Mahal"
    kind = "roll & write, 2d6"
    rulebook = "artisans-of-the-taj-mahal.txt"
    prints = ("sheet", "reference", "scorepad")
    pieces = Pieces(simulate="simulate", card_parts="scoring")
    drawing = "tajkit.sheets.artisans"
    start_player = False  # rulebook, Playing the Game: one roll for the whole table, every player uses it
    sheet_each = True
    boards = True
    hint_positions = True

    hint = Command(
        summary="The best uses of a roll: every legal move, ranked by the chance to win at a table of several "
        "(or by the expected final score), alone by the expected final score.",
        run=_hint,
        options=(
            Option("roll", "--roll", tuple[int, int], "The two dice just rolled, e.g. --roll 4 6 (a game record "
                   "holds them).", metavar="A B"),
            Option("player", "--player", str, "Whose sheet, when the file holds several.", metavar="NAME"),
            Option("top", "--top", int, "How many moves to show.", default=5, min=1, max=50),
            Option("seed", "--seed", int, "Seed of the sampled dice (same seed and budget, same hints).", default=0,
                   min=0, max=2**32 - 1),
            Option("futures", "--futures", int, "Budget: the most games played out in all (the work, the same on "
                   "every machine).", default=20_000, min=100, max=1_000_000),
            Option("time_limit", "--time-limit", float, "Safety cap in seconds, checked between rounds of the "
                   "race; the output says when it cuts.", default=10.0, min=0.05, max=600),
            Option("objective", "--objective", str, "What a move is worth at a table of several: win (the chance "
                   "to finish first, tie-breaks included; the default) or score (the expected final score). "
                   "Alone: the expected final score.", choices=("win", "score")),
            Option("moved", "--moved", str, "A player who has already used this roll (repeat it); the others "
                   "are taken to use it still (a game record knows).", multiple=True, metavar="NAME"),
        ),
        examples=("tajkit hint artisans sheet.toml --roll 4 6",
                  "tajkit hint artisans table.toml --roll 4 6 --player Asha --objective score"),
    )
    simulate = Command(
        summary="Solitaire games on seeded dice: policies compared on the same rolls. Takes about 5.5 s a game "
        "for hint and 2 s for the oracle on one core (300 hint games: about 14 minutes on 2 cores); the "
        "others are fast.",
        run=_simulate,
        state="none",
        options=(
            Option("policy", "--policy", str, "Who plays (repeat it; default: all five).", choices=POLICY_NAMES,
                   multiple=True),
            Option("games", "--games", int, "Games per policy.", default=100, min=1, max=100_000),
            Option("seed", "--seed", int, "Seed of the roll sequences.", default=1, min=0, max=2**32 - 1),
            # the defaults are oracle.WORK and oracle.TIME_CAP, written out so the interface stays light
            Option("oracle_work", "--oracle-work", float, "Budget: CP-SAT's deterministic seconds per oracle game "
                   "(its own count of work, the same on any machine; most games need about 1). Games it cannot "
                   "prove are reported as such.", default=20.0, min=0.01, max=10_000),
            Option("oracle_time", "--oracle-time", float, "Safety cap in seconds per oracle game; the output says "
                   "when it cuts.", default=300.0, min=0.1, max=3_600),
            Option("processes", "--processes", int, "Worker processes (default: one per core).", min=1, max=64),
            Option("honest_bound", "--honest-bound", bool, "Also prove a bound on perfect honest play (no dice "
                   "seen in advance): the exact value of the sheet with the facades and the minarets as the "
                   "rulebook has them and every other feature scoring whenever it is full. One number: about "
                   "20 minutes on 2 cores and 9 GB of memory. Needs numba: pip install 'tajkit[bound]'."),
            Option("honest_exact", "--honest-exact", str, "The bound with this feature kept as the rulebook has "
                   "it (repeat it; implies --honest-bound; default: the facades and the minarets). Fewer: a "
                   "looser bound, sooner (the two facades: seconds).", multiple=True, metavar="FEATURE"),
        ),
        examples=("tajkit simulate artisans --policy hint --policy heuristic --games 300 --seed 1",
                  "tajkit simulate artisans --policy heuristic --games 20 --honest-bound"),
    )

    def player_counts(self, spec: Spec) -> tuple[int, int]:
        return 1, spec.pad_columns  # any number plays; a pad prints this many columns

    def state_model(self, spec: Spec) -> Any:
        """The sheet's fields, what interactive entry asks for (each feature with its empty boxes as
        the default an Enter accepts, so an entered table names every feature)."""
        return self.piece("files").state_model(spec, finished=False)

    def schema(self, spec: Spec) -> dict[str, Any]:
        """A table for ``tajkit score`` (every feature named) or a position for ``tajkit hint`` (a
        feature left out is empty). Not :meth:`file_forms`: every table is also a position, so a file
        given to the wrong command cannot be told apart by its form."""
        files = self.piece("files")
        return schema_of_files(
            f"tajkit state files: {self.title}",
            f"{FORM_NAMES['score']} for tajkit score or {FORM_NAMES['hint']} for tajkit hint",
            files.state_model(spec, finished=True),
            files.state_model(spec, finished=False),
        )

    def read_state(self, spec: Spec, data: dict[str, Any], finished: bool = True) -> tuple[Player, ...]:
        """``finished=False``: a position (a feature left out is empty), what the protocol reads."""
        return self.piece("files").read_state(spec, data, finished)


GAME = Artisans()
