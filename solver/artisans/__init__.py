"""Artisans of the Taj Mahal (roll & write): the game's interface (see ``solver/game.py``)."""

from __future__ import annotations

from typing import Any

from tajkit.solver.game import (FORM_NAMES, CardPart, Category, Command, Game, Option, Report, ScoreResult,
                                delegate, schema_of_files)

POLICY_NAMES = ("oracle", "hint", "heuristic", "greedy", "random")


def _hint(spec: Any, data: dict[str, Any], **options: Any) -> Report:
    from tajkit.solver.artisans import hint

    return hint.run(spec, data, **options)


def _simulate(spec: Any, data: None, **options: Any) -> Report:
    from tajkit.solver.artisans import simulate

    return simulate.run(spec, data, **options)


class Artisans(Game):
    id = "artisans"
    title = "Artisans of the Taj Mahal"
    kind = "roll & write, 2d6"
    rulebook = "artisans-of-the-taj-mahal.txt"
    prints = ("sheet", "reference", "scorepad")
    drawing = "tajkit.sheets.artisans"

    hint = Command(
        summary="The best uses of a roll: every legal move, ranked by the expected final score.",
        run=_hint,
        options=(
            Option("roll", "--roll", tuple[int, int], "The two dice just rolled, e.g. --roll 4 6.", required=True,
                   metavar="A B"),
            Option("player", "--player", str, "Whose sheet, when the file holds several.", metavar="NAME"),
            Option("top", "--top", int, "How many moves to show.", default=5, min=1, max=50),
            Option("seed", "--seed", int, "Seed of the sampled dice (same seed and budget, same hints).", default=0,
                   min=0, max=2**32 - 1),
            Option("futures", "--futures", int, "Budget: the most games played out in all (the work, the same on "
                   "every machine).", default=20_000, min=100, max=1_000_000),
            Option("time_limit", "--time-limit", float, "Safety cap in seconds, checked between rounds of the "
                   "race; the output says when it cuts.", default=10.0, min=0.05, max=600),
        ),
        examples=("tajkit hint artisans sheet.toml --roll 4 6",),
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
        ),
        examples=("tajkit simulate artisans --policy hint --policy heuristic --games 300 --seed 1",),
    )

    def load_spec(self) -> Any:
        from tajkit.solver.artisans.spec import load_spec

        return load_spec()

    def player_counts(self, spec: Any) -> tuple[int, int]:
        return 1, spec.pad_columns  # any number plays; a pad prints this many columns

    def categories(self, spec: Any) -> tuple[Category, ...]:
        from tajkit.solver.artisans.scoring import categories

        return categories(spec)

    def card_parts(self, spec: Any) -> dict[str, CardPart]:
        lines: dict[str, str] = {}
        for f in spec.features:
            count = sum(1 for g in spec.features if g.craftsperson == f.craftsperson)
            several = f" ×{count}" if count > 1 else ""
            mark = "" if f.stars_official else "*"
            lines.setdefault(f.craftsperson, f"{f.craftsperson}{several}, ★{f.stars}{mark}: {f.rule}.")
        if not all(f.stars_official for f in spec.features):
            lines["*"] = "* star values: tajkit defaults, not the rulebook's (override them with --data)."
        return {"features": CardPart(items=tuple(lines.values()))}

    def state_model(self, spec: Any) -> Any:
        """The sheet's fields, what interactive entry asks for (each feature with its empty boxes as
        the default an Enter accepts, so an entered table names every feature)."""
        from tajkit.solver.artisans.state import state_model

        return state_model(spec, finished=False)

    def schema(self, spec: Any) -> dict[str, Any]:
        """A table for ``tajkit score`` (every feature named) or a position for ``tajkit hint`` (a
        feature left out is empty). Not :meth:`file_forms`: every table is also a position, so a file
        given to the wrong command cannot be told apart by its form."""
        from tajkit.solver.artisans.state import state_model

        return schema_of_files(
            f"tajkit state files: {self.title}",
            f"{FORM_NAMES['score']} for tajkit score or {FORM_NAMES['hint']} for tajkit hint",
            state_model(spec, finished=True),
            state_model(spec, finished=False),
        )

    def read_state(self, spec: Any, data: dict[str, Any]) -> Any:
        from tajkit.solver.artisans.state import players_from_data

        return players_from_data(spec, data)

    def score(self, spec: Any, state: Any) -> ScoreResult:
        from tajkit.solver.artisans.scoring import score_table

        return score_table(spec, state)

    def to_data(self, spec: Any, state: Any) -> dict[str, Any]:
        from tajkit.solver.artisans.state import to_data

        return to_data(spec, state)

    def rule_problems(self, spec: Any, state: Any) -> list[tuple[tuple[str, ...], str]]:
        from tajkit.solver.artisans.state import rule_problems

        return rule_problems(spec, state)

    rules = delegate("tajkit.solver.artisans.protocol", "rules_for")


GAME = Artisans()
