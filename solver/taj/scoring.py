"""Scoring the final TAJ display: the colour values, each goal card's arithmetic line by line as
the rulebook's examples show it, and the ranking."""

from __future__ import annotations

from tajkit.solver.game import Category, PlayerScore, Row, ScoreResult
from tajkit.solver.ranking import rank
from tajkit.solver.taj.rules import Table, colour_values, goal_score, symbols
from tajkit.solver.taj.spec import GAME_ID, Spec

VALUES, TOTAL = "colour_values", "total"


def _modifier(m: int) -> str:
    return f"×{m}" if m >= 0 else f"×−{-m}"


def goal_id(k: int) -> str:
    return f"goal_{k + 1}"


def categories(spec: Spec) -> tuple[Category, ...]:
    """The final display's colour values, one row per goal-card colour (colour, value, product)
    and the total (rulebook: Scoring)."""
    goals = tuple(
        Category(goal_id(k), f"Goal {_modifier(m)}", sub=("colour", "value", f"{_modifier(m)} ="))
        for k, m in enumerate(spec.modifiers)
    )
    plus = "each portion" if spec.plus_per_portion else "each colour"
    return (
        Category(VALUES, "Colour values under the Taj", f"symbols + {spec.plus_one} for {plus} on the +1 rug",
                 kind="shared", cells=spec.colours),
        *goals,
        Category(TOTAL, "Total", kind="total"),
    )


def readings(spec: Spec) -> tuple[str, ...]:
    """What the score rests on that is tajkit's reading of the rulebook, not its words."""
    notes = []
    how = "one point per portion" if spec.plus_per_portion else "one point per distinct colour"
    if spec.plus_reading_yours:
        notes.append(f'the "+1" rug adds {how} on it: your reading of "each color within the Rug", from --data')
    elif not spec.plus_reading_official:
        notes.append(
            f'the "+1" rug adds {how} on it: tajkit\'s reading of "each color within the Rug" '
            "(set taj.plus_one_reading in a --data file to change it)"
        )
    return tuple(notes)


def score(spec: Spec, table: Table) -> ScoreResult:
    """Scoring: a player's score is the sum over the goal card's colours of modifier x value. The
    rulebook names no tie-break, so tied players share the rank."""
    d = table.display
    values = colour_values(spec, d)
    found = symbols(spec, d)
    totals = [goal_score(spec, p.goal, values) for p in table.players]
    ranking = rank(
        [p.name for p in table.players], totals, [() for _ in totals],
        last_word="the rulebook names no tie-break, so they share the rank",
    )
    players = tuple(
        PlayerScore(
            name=table.players[i].name,
            total=totals[i],
            rank=ranking.ranks[i],
            rows=tuple(
                Row(goal_id(k), m * values[c], f"({m}) x {values[c]} points for {c.upper()}")
                for k, (m, c) in enumerate(zip(spec.modifiers, table.players[i].goal))
            ),
            detail={
                "goal": [
                    {"colour": c, "modifier": m, "value": values[c], "points": m * values[c]}
                    for m, c in zip(spec.modifiers, table.players[i].goal)
                ]
            },
        )
        for i in ranking.order
    )
    under = ", ".join(str(i + 1) for i in d.under)
    header = [f"Colour values under the Taj (rugs {under}; +1 on rug {d.plus_rug + 1}):"]
    for colour in spec.colours:
        bonus = values[colour] - found[colour]
        header.append(f"  {colour:<7} " + (f"{found[colour]} + {bonus} = {values[colour]}" if bonus else f"{values[colour]}"))
    notes = list(readings(spec))
    if table.eyes_known and not d.ended(spec):
        notes.append(
            f"the game is not over: {len(d.rugs)} rugs remain and not every Curator's Eye is up "
            "(rulebook: Game End); scoring the display as it stands"
        )
    return ScoreResult(
        GAME_ID,
        categories(spec),
        players,
        ranking.ties,
        tuple(notes),
        tuple(header),
        extra={"under_taj": [i + 1 for i in d.under], "plus_one_rug": d.plus_rug + 1, "colour_values": values},
    )
