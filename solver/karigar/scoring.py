"""End-of-game scoring (rulebook: Game End): the tally of a finished table (read and checked by
``files.py``) with the rulebook's tie-breaks.

A player's score adds four sources: the Taj point tokens taken, the Bakshish cards that give Taj
points, the Blueprint card (and its bonus when all its sections are the player's) and the Alliance
cards held. Ties: most Taj tiles built, then fewest resources, then the victory is shared.
"""

from __future__ import annotations

from typing import Any

from tajkit.solver import wording
from tajkit.solver.game import Category, PlayerScore, Row, ScoreResult
from tajkit.solver.karigar.spec import GAME_ID
from tajkit.solver.karigar.files import Entry, Table
from tajkit.solver.karigar.rules import levels_note
from tajkit.solver.karigar.spec import Spec
from tajkit.solver.ranking import TieBreak, join_names, rank


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
        game=GAME_ID,
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
                f"resources not given for {join_names([wording.shown(n, 30) for n in missing])}: counted as 0, and they "
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
        who = wording.shown(p.name, 30)
        if p.blueprint_sections is None:
            if p.bonus:
                out.append(f"{who}'s Blueprint bonus is counted as entered: give blueprint_sections to have tajkit check it")
        elif not p.bonus and all(s in p.sections for s in p.blueprint_sections):
            out.append(
                f"{who} built every section of the Blueprint ({', '.join(map(str, p.blueprint_sections))}) but "
                "blueprint_bonus is 0: add the bonus the card shows (rulebook: Blueprint Cards)"
            )
    return out
