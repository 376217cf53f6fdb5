"""Maharani told in words (solver/maharani/narration.py): every event of whole games, and the
consequences the table must hear, each checked against the gold and the board before and after,
against the rulebook (maharani-hungarian.txt, restated in maharani-notes-en.md)."""

from __future__ import annotations

import re
from functools import cache

import pytest
from narration_check import Told, told_games

from tajkit.solver import games
from tajkit.solver.maharani.protocol import Draw, Place, Refresh

pytestmark = pytest.mark.xdist_group("maharani-narration")  # one worker plays the games all its tests read

GAME = games.get("maharani")
SPEC = GAME.load_spec()
CODES = "".join(c.code for c in SPEC.colours)
NOTATION = (r"\b\d[a-h]\d{1,2}[nesw]?[+m-]?[ab]?\b", rf"\b[{CODES}](?:c[nesw]{{0,4}}|[nesw]{{1,4}})\b", r"\|")
TURN_GOLD = re.compile(r"'s turn ends: (-?\d+) gold")
QUARTERS = re.compile(r"[Qq]uarters? ([\d, and]+) (?:is|are) scored(?: at the game's end)?: ([^.]*)")


@cache
def _games() -> list[list[Told]]:
    """The whole games every test here reads (played once, when a test first asks)."""
    return told_games("maharani", 12, (2, 3, 4), NOTATION)


def _events() -> list[Told]:
    return [e for told in _games() for e in told]


def _full(position, quarter: int) -> bool:  # noqa: ANN001
    return all(position.colour[s] >= 0 for s in SPEC.quarter_spaces[quarter])


def _quarter_gold(e: Told) -> tuple[set[int], dict[str, int]]:
    """The quarters the narration says were scored, and each player's gold from them."""
    found = QUARTERS.search(e.words)
    if found is None:
        return set(), {}
    quarters = {int(q) - 1 for q in re.findall(r"\d+", found.group(1))}
    gold = {name: int(g) for name, g in re.findall(r"(\S+) (\d+) gold", found.group(2))}
    return quarters, gold


def test_every_event_of_whole_games_is_told_in_a_few_short_sentences() -> None:
    """A játék menete: a tile placed or a refresh is the player's, a tile drawn onto the rondel is
    the table's, in words (colours, spaces, quarters; never the notation); the last event names the
    winner (A játék vége). Twelve seeded games of 2-4 players (``told_games`` checks each event)."""
    assert len(_games()) == 12
    for e in _events():
        if isinstance(e.action, Draw):
            colour = SPEC.colours[e.action.tile[0]].name
            assert e.said[0].startswith("The table drew a") and f" {colour} tile" in e.said[0]
            assert f"for slot {e.before.pending[0] + 1} of the rondel" in e.said[0]
        if isinstance(e.action, Place):
            space = SPEC.spaces[e.action.placement.space]
            assert f" tile on {space.name} in quarter {space.quarter + 1}" in e.said[0]
        if isinstance(e.action, Refresh):
            assert e.said[0].endswith("refreshed: all their action markers are face up again.")


def test_a_turn_over_names_the_quarters_scored_and_each_players_gold_as_the_gold_moved() -> None:
    """Egy negyed kiértékelése: "After the turn in which a quarter's last free space is covered,
    every player with at least one worker there scores gold"; A játék vége: at the end the
    unfinished quarters are scored too. The quarters named are those the board shows covered this
    turn (with the unfinished ones at the end); each player's gold change is the gold named for
    them, and the player who moved also has the gold said for their tiles and workers."""
    scored = 0
    for e in _events():
        if len(e.after.turns) == len(e.before.turns):
            assert "scored" not in e.words and "turn ends" not in e.words
            continue
        start, end = e.before.before, e.after.position
        covered = {q for q in range(4) if _full(end, q) and not _full(start, q)}
        unfinished = {q for q in range(4) if not _full(end, q)} if e.after.over else set()
        quarters, gold = _quarter_gold(e)
        assert quarters == covered | unfinished, e.said
        mover = start.to_move
        tiles = TURN_GOLD.search(e.words)
        assert (tiles is None) == bool(e.before.phase == "choose" and isinstance(e.action, Refresh))
        for k, name in enumerate(e.before.table.names):
            change = end.gold[k] - start.gold[k]
            assert change == gold.get(name, 0) + (int(tiles.group(1)) if k == mover and tiles else 0), (name, e.said)
        scored += bool(quarters)
    assert scored >= 30


def test_a_second_tile_says_its_cost() -> None:
    """A játékos lerakhat egy második mozaikot: "The second tile of a turn costs 2 gold": the turn's
    gold is said with the 2 taken off, and a turn of one tile says nothing of it."""
    for e in _events():
        if TURN_GOLD.search(e.words):
            two = len(e.after.turns[-1].split("|")[0].split()) == 2
            assert (", less 2 for a second tile)" in e.words) == two


def test_a_placement_names_the_marker_it_turns_down_and_its_worker() -> None:
    """Mozaik darabok lerakása, akciójelző: a tile placed outside the quarter its slot faces turns
    that quarter's action marker face down; Munkás lehelyezése vagy áthelyezése: a worker goes on a
    tile whose arrow points at the player, new from the supply or moved from the tile of that colour
    in that quarter. Both read off the position (while the turn is under way: at its end a quarter
    scored sends its workers home, and a refresh turns every marker up)."""
    moved = new = 0
    for e in _events():
        if not isinstance(e.action, Place) or e.after.turns != e.before.turns:
            continue
        player = e.before.position.to_move
        was, now = e.before.position, e.after.position
        turned = [q for q in range(4) if now.down[player] >> q & 1 and not was.down[player] >> q & 1]
        assert ("action marker" in e.said[0]) == bool(turned)
        if turned:
            assert f"turning down their {SPEC.quarter_names[turned[0]]} action marker" in e.said[0]
        space = e.action.placement.space
        crew = now.worker[space]
        if crew < 0:
            assert "worker" not in e.words or "no worker is left" in e.words
            continue
        left = [s for s in range(len(SPEC.spaces)) if was.worker[s] == crew and now.worker[s] < 0]
        two = SPEC.crews_per_player[now.players] == 2  # Szabályok 2 játékosra: the worker's colour is said
        colour = f"{SPEC.worker_colours[crew][0]} " if two else ""
        if left:
            assert f"{colour}worker moves onto it from {SPEC.spaces[left[0]].name}" in e.words
            moved += 1
        else:
            assert f"A new {colour}worker of " in e.words
            new += 1
    assert moved and new
