"""End-of-game scoring (rulebook: Game End): the state file of a finished table, its checks
against the rules, and the tally with the rulebook's tie-breaks.

A player's score adds four sources: the Taj point tokens taken, the Bakshish cards that give Taj
points, the Blueprint card (and its bonus when all its sections are the player's) and the Alliance
cards held. Ties: most Taj tiles built, then fewest resources, then the victory is shared.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, create_model

from tajkit.solver import statefile
from tajkit.solver.errors import BadState
from tajkit.solver.game import Category, PlayerScore, Row, ScoreResult
from tajkit.solver.karigar.spec import Spec, repeated
from tajkit.solver.karigar.rules import level_order_problems, levels_note
from tajkit.solver.ranking import TieBreak, join_names, plural, rank
from tajkit.solver.seedmodels import PlayerName

GAME = "karigar"
Points = Annotated[int, Field(ge=0, le=99)]


@dataclass(frozen=True)
class Entry:
    """One player's cards and tokens at the end, as entered."""

    name: str
    sections: tuple[int, ...]
    tokens: tuple[int, ...]  # tokens[i] was taken for sections[i]
    bakshish: tuple[int, ...]
    blueprint: int
    bonus: int
    blueprint_sections: tuple[int, ...] | None
    alliances: tuple[int, ...]
    resources: int | None  # None: not given (counts as 0)
    ai: bool


@dataclass(frozen=True)
class Table:
    players: tuple[Entry, ...]
    token_stacks: tuple[tuple[int, ...], ...] | None


# --- the state file -----------------------------------------------------------------------------


@cache
def state_model(spec: Spec) -> type[BaseModel]:
    """The finished table's state file (its field descriptions are interactive entry's prompts)."""
    n = spec.sections
    section = Annotated[int, Field(ge=1, le=n)]
    strict = ConfigDict(extra="forbid", strict=True)
    player = create_model(
        "KarigarPlayer",
        __config__=strict,
        name=(PlayerName, Field(description="the player's name")),
        sections=(
            list[section],
            Field(max_length=n, description=f"the Taj sections this player built, numbered 1-{n} as on the board (one Taj marker each)"),
        ),
        taj_tokens=(
            list[Points],
            Field(max_length=n, description="the values of the Taj point tokens this player took, one per section, in the order of sections"),
        ),
        bakshish=(
            list[Points],
            Field(default=[], max_length=34, description="the Taj points of each Bakshish card that gives Taj points at the end"),
        ),
        blueprint=(Points, Field(description="Taj points from the Blueprint card, bonus not included")),
        blueprint_bonus=(
            Points,
            Field(default=0, description="the Blueprint card's bonus: 0 unless every section it shows is this player's"),
        ),
        blueprint_sections=(
            Optional[list[section]],
            Field(default=None, max_length=n, description="optional: the sections the Blueprint card shows, so tajkit checks the bonus"),
        ),
        alliances=(
            list[Points],
            Field(default=[], max_length=9, description=f"the Taj points of each Alliance card held (at most {spec.most_alliances} for a human player)"),
        ),
        resources=(
            Optional[Annotated[int, Field(ge=0, le=999)]],
            Field(default=None, description="resources left behind the screen, Mohurs included (tie-break: fewest wins)"),
        ),
        ai=(bool, Field(default=False, description="true for an Ustad AI player: no resources, no Alliance limit")),
    )
    return create_model(
        "KarigarState",
        __config__=ConfigDict(extra="forbid", strict=True, title="tajkit state: Karigar-e-Taj"),
        game=(Literal["karigar"], Field(description='always "karigar"')),
        token_stacks=(
            Optional[list[list[Points]]],
            Field(
                default=None,
                max_length=spec.level_count,
                description="optional: each level's Taj point token values as stacked at setup, top first, level 1 first "
                "(tajkit then checks each level's tokens were taken from the top)",
            ),
        ),
        players=(
            list[player],  # type: ignore[valid-type]
            Field(min_length=2, max_length=spec.most_players, description=f"2-{spec.most_players} players (AI players too), name first"),
        ),
    )


def read_state(spec: Spec, data: dict[str, Any]) -> Table:
    """The finished table in ``data``, checked against the model and the rules (``BadState``)."""
    statefile.check_game(data, GAME)
    parsed: Any = statefile.validate(state_model(spec), data)
    table = Table(
        players=tuple(
            Entry(
                name=p.name,
                sections=tuple(p.sections),
                tokens=tuple(p.taj_tokens),
                bakshish=tuple(p.bakshish),
                blueprint=p.blueprint,
                bonus=p.blueprint_bonus,
                blueprint_sections=tuple(p.blueprint_sections) if p.blueprint_sections is not None else None,
                alliances=tuple(p.alliances),
                resources=p.resources,
                ai=p.ai,
            )
            for p in parsed.players
        ),
        token_stacks=tuple(tuple(s) for s in parsed.token_stacks) if parsed.token_stacks else None,  # [] = not given
    )
    problems = table_problems(spec, table)
    if problems:
        raise BadState(*problems)
    return table


def to_data(spec: Spec, table: Table) -> dict[str, Any]:
    data: dict[str, Any] = {"game": GAME}
    if table.token_stacks is not None:
        data["token_stacks"] = [list(s) for s in table.token_stacks]
    data["players"] = [
        {
            "name": p.name,
            "sections": list(p.sections),
            "taj_tokens": list(p.tokens),
            "bakshish": list(p.bakshish),
            "blueprint": p.blueprint,
            "blueprint_bonus": p.bonus,
            **({"blueprint_sections": list(p.blueprint_sections)} if p.blueprint_sections is not None else {}),
            "alliances": list(p.alliances),
            **({"resources": p.resources} if p.resources is not None else {}),
            "ai": p.ai,
        }
        for p in table.players
    ]
    return data


# --- the rules a finished table must keep --------------------------------------------------------


def table_problems(spec: Spec, table: Table) -> list[str]:
    problems = _player_problems(spec, table)
    problems += _section_problems(spec, table)
    if not problems:  # the token checks pair tokens with sections, so they need sound sections
        problems += _token_problems(spec, table)
    return problems


def _player_problems(spec: Spec, table: Table) -> list[str]:
    problems = []
    names = [p.name for p in table.players]
    for name, times in repeated(names):
        problems.append(f"players: the name {statefile.show(name)} appears {times} times: each player needs their own name")
    ais = sum(p.ai for p in table.players)
    if ais > spec.most_ai:
        problems.append(f"players: {ais} AI players, at most {spec.most_ai} (rulebook: Game Play with Ustad Cards)")
    if ais == len(table.players):
        problems.append("players: every player is an AI: at least one human plays (rulebook: Game Play with Ustad Cards)")
    for p in table.players:
        who = statefile.shown(p.name, 30)
        if len(p.tokens) != len(p.sections):
            problems.append(
                f"{who}: {plural(len(p.tokens), 'Taj point token')} for {plural(len(p.sections), 'section')} built: "
                "each section built takes one token (rulebook: Earn Taj Points)"
            )
        if not p.ai and len(p.alliances) > spec.most_alliances:
            problems.append(
                f"{who}: alliances has {len(p.alliances)} cards: a player controls at most {spec.most_alliances} "
                "(rulebook: Using an Alliance Card; only AI players have no limit)"
            )
        if p.ai and p.resources:
            problems.append(
                f"{who}: resources = {p.resources}, but an AI player collects no resources "
                "(rulebook: AI Player's Turn)"
            )
        for section, times in repeated(p.sections):
            problems.append(f"{who}: section {section} is listed {times} times: a section is built once (rulebook: Taj Markers)")
        if p.blueprint_sections is not None and len(set(p.blueprint_sections)) != len(p.blueprint_sections):
            problems.append(f"{who}: blueprint_sections lists a section twice")
    return problems


def _section_problems(spec: Spec, table: Table) -> list[str]:
    problems = []
    builders: dict[int, list[str]] = {}
    for p in table.players:
        for s in dict.fromkeys(p.sections):
            builders.setdefault(s, []).append(p.name)
    for s, who in sorted(builders.items()):
        if len(who) > 1:
            problems.append(
                f"section {s} is claimed by {join_names([statefile.shown(w, 30) for w in who])}: each section of the Taj "
                "is built once, by one player (rulebook: Building the Taj Mahal)"
            )
    problems += level_order_problems(spec, {s: statefile.shown(w[0], 30) for s, w in builders.items()})
    for p in table.players:
        problems += _bonus_problems(p, builders)
    return problems


def _bonus_problems(p: Entry, builders: dict[int, list[str]]) -> list[str]:
    if p.blueprint_sections is None or p.bonus == 0:
        return []
    missing = [s for s in dict.fromkeys(p.blueprint_sections) if s not in p.sections]
    if not missing:
        return []
    whose = "; ".join(
        f"section {s} {'was built by ' + statefile.shown(builders[s][0], 30) if s in builders else 'is not built'}" for s in missing
    )
    return [
        f"{statefile.shown(p.name, 30)}: blueprint_bonus = {p.bonus}, but not every section of the Blueprint is theirs ({whose}): "
        "the bonus needs all the sections the card shows (rulebook: Blueprint Cards)"
    ]


def _token_problems(spec: Spec, table: Table) -> list[str]:
    if table.token_stacks is None:
        return []
    problems = []
    stacks = table.token_stacks
    if len(stacks) != spec.level_count or any(len(s) != spec.tokens_per_level for s in stacks):
        return [
            f"token_stacks: give {spec.level_count} levels of {spec.tokens_per_level} token values "
            "(rulebook: Setting Up 4: 3 Taj point tokens per level)"
        ]
    for k, stack in enumerate(stacks):
        if list(stack) != sorted(stack, reverse=True):
            problems.append(
                f"token_stacks level {k + 1} = {list(stack)}: the tokens are stacked in descending order, highest on top "
                "(rulebook: Setting Up 5)"
            )
    if problems:
        return problems
    taken: dict[int, list[int]] = {}
    for p in table.players:
        for s, value in zip(p.sections, p.tokens):
            taken.setdefault(spec.level_of(s), []).append(value)
    for level, values in sorted(taken.items()):
        top = list(stacks[level - 1][: len(values)])
        if sorted(values, reverse=True) != top:
            problems.append(
                f"level {level}: the tokens taken ({', '.join(map(str, sorted(values, reverse=True)))}) are not the top "
                f"{len(values)} of its stack {list(stacks[level - 1])}: each section built takes the topmost token "
                "(rulebook: Earn Taj Points)"
            )
    return problems


# --- the tally -------------------------------------------------------------------------------------


def categories(spec: Spec) -> tuple[Category, ...]:
    return tuple(Category(cid, label, note, kind) for cid, label, note, kind in spec.pad)


def tie_breaks(spec: Spec, table: Table) -> tuple[tuple[TieBreak, ...], str]:
    """The rulebook's tie-breaks; a game with AI players names only the first (Game End with AI Players)."""
    labels = {cid: _noun(label) for cid, label, _, _ in spec.pad}
    tiles = TieBreak(labels["tiles"], most=True, rule="rulebook: Game End")
    if any(p.ai for p in table.players):
        tiles = TieBreak(labels["tiles"], most=True, rule="rulebook: Game End with AI Players")
        return (tiles,), "the rulebook's AI game names no further tie-break, so they share the victory"
    resources = TieBreak(labels["resources"], most=False, rule="rulebook: Game End")
    return (tiles, resources), "players still tied share the victory (rulebook: Game End)"


def _noun(label: str) -> str:
    """A pad label as a sentence reads it: "Resources left" -> "resources left", "Taj tiles" stays."""
    return label if label.split()[0] in ("Taj", "Bakshish", "Blueprint", "Alliance") else label[:1].lower() + label[1:]


def _rows(p: Entry) -> tuple[Row, ...]:
    tokens = " + ".join(map(str, p.tokens)) or "none"
    bonus_reason = ""
    if p.blueprint_sections is not None:
        shown = ", ".join(map(str, p.blueprint_sections))
        bonus_reason = f"sections {shown} all built" if p.bonus else ""
    return (
        Row("tokens", sum(p.tokens), tokens),
        Row("bakshish", sum(p.bakshish), " + ".join(map(str, p.bakshish)) or "none"),
        Row("blueprint", p.blueprint, str(p.blueprint)),
        Row("blueprint_bonus", p.bonus, str(p.bonus), bonus_reason),
        Row("alliances", sum(p.alliances), " + ".join(map(str, p.alliances)) or "none"),
    )


def total(p: Entry) -> int:
    return sum(p.tokens) + sum(p.bakshish) + p.blueprint + p.bonus + sum(p.alliances)


def score(spec: Spec, table: Table) -> ScoreResult:
    """Game End: add the four sources; rank by the total, then the tie-breaks."""
    players = table.players
    breaks, last_word = tie_breaks(spec, table)
    values = [[len(p.sections), p.resources or 0][: len(breaks)] for p in players]
    ranking = rank([p.name for p in players], [total(p) for p in players], values, breaks, last_word)
    scored = tuple(
        PlayerScore(
            name=players[i].name,
            total=total(players[i]),
            rank=ranking.ranks[i],
            rows=_rows(players[i]),
            tiebreaks=tuple((tb.label, v) for tb, v in zip(breaks, values[i])),
            detail=_detail(spec, players[i]),
        )
        for i in ranking.order
    )
    return ScoreResult(
        game=GAME,
        categories=categories(spec),
        players=scored,
        ties=ranking.ties,
        notes=tuple(notes(spec, table)),
        extra={"sections_built": sum(len(p.sections) for p in players)},
    )


def _detail(spec: Spec, p: Entry) -> dict[str, Any]:
    return {
        "sections": list(p.sections),
        "levels": [spec.level_of(s) for s in p.sections],
        "taj_tokens": list(p.tokens),
        "bakshish": list(p.bakshish),
        "blueprint": p.blueprint,
        "blueprint_bonus": p.bonus,
        "blueprint_checked": p.blueprint_sections is not None,
        "alliances": list(p.alliances),
        "resources": p.resources or 0,
        "ai": p.ai,
    }


def _unknown_resources(table: Table) -> list[str]:
    """A tie on points and tiles among humans is decided by resources: say whose were not given."""
    if any(p.ai for p in table.players):
        return []
    groups: dict[tuple[int, int], list[Entry]] = {}
    for p in table.players:
        groups.setdefault((total(p), len(p.sections)), []).append(p)
    out = []
    for tied in groups.values():
        missing = [p.name for p in tied if p.resources is None]
        if len(tied) > 1 and missing:
            out.append(
                f"resources not given for {join_names([statefile.shown(n, 30) for n in missing])}: counted as 0, and they "
                "decide a tie on points and Taj tiles: enter them"
            )
    return out


def notes(spec: Spec, table: Table) -> list[str]:
    out = [levels_note(spec)]
    built = sum(len(p.sections) for p in table.players)
    if built < spec.sections:
        out.append(
            f"the game is not over: {built} of {spec.sections} sections are built (rulebook: Game End: the game ends when "
            "the last section is built); scoring the table as it stands"
        )
    out += _unknown_resources(table)
    for p in table.players:
        who = statefile.shown(p.name, 30)
        if p.blueprint_sections is None:
            if p.bonus:
                out.append(f"{who}'s Blueprint bonus is counted as entered: give blueprint_sections to have tajkit check it")
        elif not p.bonus and all(s in p.sections for s in p.blueprint_sections):
            out.append(
                f"{who} built every section of the Blueprint ({', '.join(map(str, p.blueprint_sections))}) but "
                "blueprint_bonus is 0: add the bonus the card shows (rulebook: Blueprint Cards)"
            )
    return out
