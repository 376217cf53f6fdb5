"""Maharani (Wolfgang Panning, Queen Games 2012): mosaic tiles on a palace floor of four quarters.

The interface of the game only (see ``solver/game.py``); ``pieces`` says which module holds each piece.
:mod:`.spec` the typed game data, :mod:`.rules` the rules model (the truth the others are tested
against), :mod:`.protocol` the rules protocol, :mod:`.notation` positions and turns as text,
:mod:`.files` the state file, :mod:`.scoring` the scorer, :mod:`.hint` the hint (exhaustive) with
:mod:`.cpsat` (the same answer as a CP-SAT model, for the cross-check), :mod:`.report` the words,
:mod:`.pad` the score pad's designs and :mod:`.samples` random games for tests. Kept light:
pydantic, OR-Tools and reportlab are imported when a piece is used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tajkit.solver.game import Command, Game, Option, Pieces, Report

if TYPE_CHECKING:
    from tajkit.solver.maharani.files import Replay
    from tajkit.solver.maharani.spec import Spec


def _hint(spec: Any, data: dict[str, Any], objective: str = "ahead", top: int = 5, tiles: int = 2, solver: str = "enum",
          playouts: int = 20, seed: int = 0, time_limit: float = 10.0) -> Report:
    """``tajkit hint maharani FILE``: the state file read into the protocol's state, and the hint on
    it (the same call as a hint in a game in play)."""
    return GAME.position_hint(spec, data, {"objective": objective, "top": top, "tiles": tiles, "solver": solver,
                                           "playouts": playouts, "seed": seed, "time_limit": time_limit})


def _simulate(spec: Any, data: None, policy: list[str], players: int, games: int, seed: int, playouts: int,
              processes: int | None, progress: Any = None) -> Report:
    from tajkit.solver.maharani import simulate

    return simulate.run(spec, data, policy, players, games, seed, playouts, processes, progress)


HINT = Command(
    summary="The player to move's best turns: by default looking ahead (the tiles drawn sampled, the opponents "
    "replying), or exact for this turn's gold or margin.",
    run=_hint,
    options=(
        Option("objective", "--objective", str, "ahead: your gold and workers' quarter payout minus the best "
               "opponent's once the opponents have replied, over sampled draws; gold: this turn's gold (quarter "
               "scorings it triggers included), exact; margin: your gold minus the best opponent's after the turn, "
               "exact.", default="ahead", choices=("ahead", "gold", "margin")),
        Option("top", "--top", int, "How many of the best turns to list.", default=5, min=1, max=50),
        Option("tiles", "--tiles", int, "The most tiles to consider placing (1 or 2; gold and margin).", default=2,
               min=1, max=2),
        Option("solver", "--solver", str, "enum: play every legal turn; cpsat: the CP-SAT model "
               "(best turn only; gold and margin).", default="enum", choices=("enum", "cpsat")),
        Option("playouts", "--playouts", int, "The look-ahead's budget: the futures played out in all, shared among the "
               "turns looked at (the work, the same on every machine).", default=20, min=1, max=10_000),
        Option("seed", "--seed", int, "Seed of the look-ahead's sampled draws (same seed and budget, same hint).", default=0,
               min=0, max=2**32 - 1),
        Option("time_limit", "--time-limit", float, "Safety cap of the look-ahead in seconds, checked between "
               "rounds of futures; the output says when it cuts.", default=10.0, min=0.05, max=600),
    ),  # the look-ahead's defaults are ahead.PLAYOUTS and ahead.TIME_CAP, written out so the interface stays light
    examples=(
        "tajkit hint maharani maharani-game.toml",
        "tajkit hint maharani maharani-game.toml --objective gold --top 3",
    ),
)

SIMULATE = Command(
    summary="Whole games from the setup on seeded draws from the bag: policies by seat, every policy in every "
    "seat on the same draws. ahead takes about 0.1-0.5 s a turn (a 2-player game about 5 s on one core); the "
    "others are fast.",
    run=_simulate,
    state="none",
    options=(
        Option("policy", "--policy", str, "Who sits in each seat, in turn order (repeat it; the last fills the "
               "seats left; default: ahead, then greedy). ahead: the look-ahead hint; greedy: the most gold now "
               "(--objective gold); margin: the best margin after the turn; random: any legal turn.",
               choices=("ahead", "greedy", "margin", "random"), multiple=True),
        Option("players", "--players", int, "Players at the table (2-4).", default=2, min=2, max=4),
        Option("games", "--games", int, "Deals of the bag, each played once per seating.", default=100, min=1,
               max=100_000),
        Option("seed", "--seed", int, "Seed of the deals.", default=1, min=0, max=2**32 - 1),
        Option("playouts", "--playouts", int, "The look-ahead's budget a turn (as tajkit hint maharani --playouts).",
               default=20, min=1, max=10_000),
        Option("processes", "--processes", int, "Worker processes (default: one per core).", min=1, max=64),
    ),
    examples=(
        "tajkit simulate maharani --policy ahead --policy greedy --games 200",
        "tajkit simulate maharani --players 4 --policy ahead --policy greedy --games 50",
    ),
)


class Maharani(Game["Spec", "Replay"]):
    id = "maharani"
    title = "Maharani"
    kind = "mosaic tiles"
    rulebook = "maharani-hungarian.txt"
    drawing = "tajkit.sheets.maharani"
    languages = ("en", "hu")
    pieces = Pieces(simulate="simulate", card_parts="pad", pad_table="pad", pad_layouts="pad")
    hint_positions = True
    boards = True
    hint = HINT
    simulate = SIMULATE


GAME = Maharani()
