"""The TAJ state file: its model (and JSON Schema), reading it into the table it describes with
the rule checks across its fields, and writing a table back."""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, create_model

from tajkit.solver import statefile
from tajkit.solver import wording
from tajkit.solver.errors import BadState, Problem
from tajkit.solver.statefields import PlayerName
from tajkit.solver.taj.rules import Display, Player, Table
from tajkit.solver.taj.spec import GAME_ID, Spec


@cache
def state_model(spec: Spec, hidden_goals: bool = False) -> type[BaseModel]:
    """The state file's model; with ``hidden_goals``, a player's goal may be left out (a game in
    progress: the goal cards stay secret until the end, rulebook: Setup), as a hint for one player
    and a picture of the display need no one else's."""
    return _model(spec, Literal[spec.colours], Literal["left", "right"], hidden_goals)  # type: ignore[valid-type]


@cache
def _any_colour_model(spec: Spec, hidden_goals: bool = False) -> type[BaseModel]:
    """The state model with any word where it asks for one of a few (a colour, the +1 side): a file
    whose only faults are misspelt words still reads, so its other rules are checked too (one line
    per problem, all at once)."""
    return _model(spec, str, str, hidden_goals)


def _model(spec: Spec, colour: Any, side: Any, hidden_goals: bool) -> type[BaseModel]:
    names = ", ".join(spec.colours)
    rug = Annotated[
        list[colour],  # type: ignore[valid-type]
        Field(min_length=3, max_length=3, description=f"a rug: [outer, middle, centre], each one of {names}"),
    ]
    strict = ConfigDict(extra="forbid", strict=True)
    player = create_model(
        "TajPlayer",
        __config__=strict,
        name=(PlayerName, ...),  # PlayerName's own description says the rule
        goal=(
            list[colour] | None if hidden_goals else list[colour],  # type: ignore[valid-type]
            Field(
                **({"default": None} if hidden_goals else {}),
                min_length=3,
                max_length=3,
                description=f"the secret goal card's colours marked x2, x1, x-1 (one of {names}; rulebook: Scoring)",
            ),
        ),
        all_nix_used=(bool, Field(default=False, description="whether the All/Nix card is spent (hints)")),
    )
    return create_model(
        "TajState",
        __config__=ConfigDict(extra="forbid", strict=True, title="tajkit state: TAJ"),
        game=(Literal[GAME_ID], Field(description=f'always "{GAME_ID}"')),
        display=(
            list[rug],
            Field(
                min_length=spec.ends_at,
                max_length=spec.at_start,
                description=f"the rugs left to right, {spec.ends_at}-{spec.at_start} of them "
                "(rulebook: Setup, Game End)",
            ),
        ),
        taj=(int, Field(ge=1, description="1-based position of the leftmost rug under the Taj card")),
        plus_one=(side, Field(description='the end of the Taj card showing "+1"')),
        eyes_up=(
            Optional[list[bool]],
            Field(default=None, description="per rug, whether its Curator's Eye is up (hints)"),
        ),
        proposer=(Optional[str], Field(default=None, description="whose proposal it is (hints)")),
        proposal=(
            Optional[list[int]],
            Field(default=None, min_length=2, max_length=2, json_schema_extra={"entry": "not asked"},
                  description="the two rugs (1-based) a proposal being voted on would switch (tajkit show draws it)"),
        ),
        players=(
            list[player],
            Field(
                min_length=spec.min_players,
                max_length=spec.max_players,
                description=f"{spec.min_players}-{spec.max_players} players, name first",
            ),
        ),
    )


def read_state(spec: Spec, data: dict[str, Any], hidden_goals: bool = False) -> Table:
    """The table a state file describes; with ``hidden_goals`` a player may have no goal (None)."""
    statefile.check_game(data, GAME_ID)
    try:
        parsed: Any = statefile.validate(state_model(spec, hidden_goals), data)
    except BadState as exc:
        raise BadState(*exc.problems, *_rule_problems_beside_colours(spec, data, hidden_goals)) from None
    problems = _rule_problems(spec, parsed)
    if problems:
        raise BadState(*problems)
    n = len(parsed.display)
    display = Display(
        rugs=tuple(tuple(r) for r in parsed.display),  # type: ignore[misc]
        taj=parsed.taj - 1,
        plus_right=parsed.plus_one == "right",
        eyes=tuple(parsed.eyes_up) if parsed.eyes_up is not None else (False,) * n,
        width=spec.width,
    )
    players = tuple(Player(p.name, None if p.goal is None else tuple(p.goal), p.all_nix_used)  # type: ignore[arg-type]
                    for p in parsed.players)
    proposal = (parsed.proposal[0] - 1, parsed.proposal[1] - 1) if parsed.proposal is not None else None
    return Table(display, players, parsed.proposer, eyes_known=parsed.eyes_up is not None, proposal=proposal)


def _rule_problems_beside_colours(spec: Spec, data: dict[str, Any], hidden_goals: bool) -> list[str]:
    """The rules broken by a file refused for its colours alone (none when more is wrong)."""
    try:
        return _rule_problems(spec, statefile.validate(_any_colour_model(spec, hidden_goals), data))
    except BadState:
        return []


def _rule_problems(spec: Spec, parsed: Any) -> list[str]:
    problems = []
    n = len(parsed.display)
    last = n - spec.width + 1
    if parsed.taj > last:
        problems.append(
            f"taj = {parsed.taj}: the Taj card lies over {spec.width} rugs, so with {n} rugs its leftmost "
            f"rug is at position 1-{last} (rulebook: Setup)"
        )
    if parsed.eyes_up is not None and len(parsed.eyes_up) != n:
        problems.append(f"eyes_up has {len(parsed.eyes_up)} values, needs one per rug ({n})")
    if not spec.repeat_colours:
        for k, rug in enumerate(parsed.display):
            if len(set(rug)) < len(rug):
                problems.append(f"display[{k + 1}] = {rug}: a rug shows three different colours")
    names = [p.name for p in parsed.players]
    for k, p in enumerate(parsed.players):
        name = wording.shown(p.name, 30)
        if p.goal is not None and len(set(p.goal)) != len(p.goal):
            problems.append(Problem(f"{name}: goal = {p.goal}: a goal card names three different colours (rulebook: Scoring)",
                                    ("goal",)))
        if p.name in names[:k]:
            problems.append(f"players: the name {name!r} appears twice: each player needs their own name")
    if parsed.proposer is not None and parsed.proposer not in names:
        listed = ", ".join(wording.shown(n, 30) for n in names)
        problems.append(f"proposer = {wording.show(parsed.proposer)}: not one of the players ({listed})")
    if parsed.proposal is not None:
        a, b = parsed.proposal
        if not (1 <= a <= n and 1 <= b <= n) or a == b:
            problems.append(f"proposal = {parsed.proposal}: two different rugs of the display, 1-{n} (rulebook: "
                            "Game Turn, a proposal has 2 rugs switch places)")
    return problems


def to_data(spec: Spec, table: Table) -> dict[str, Any]:
    """The state-file dict for a table (what ``tajkit score`` reads back)."""
    d = table.display
    data: dict[str, Any] = {
        "game": GAME_ID,
        "display": [list(r) for r in d.rugs],
        "taj": d.taj + 1,
        "plus_one": "right" if d.plus_right else "left",
    }
    if table.eyes_known:
        data["eyes_up"] = list(d.eyes)
    if table.proposer is not None:
        data["proposer"] = table.proposer
    if table.proposal is not None:
        data["proposal"] = [table.proposal[0] + 1, table.proposal[1] + 1]
    data["players"] = [
        {"name": p.name, **({"goal": list(p.goal)} if p.goal is not None else {}),
         **({"all_nix_used": True} if p.all_nix_used else {})}
        for p in table.players
    ]
    return data
