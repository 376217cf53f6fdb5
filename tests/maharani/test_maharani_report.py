"""What tajkit says about a Maharani record and a hint, in words (issue 23): the running total of
each quarter scoring, a tile whose arrow points at a player with no worker left, centre-column
tiles that leave the game, workers set beside a quarter going home, the two-player worker colours,
the hint's count of legal turns, and the README's spelled-out start being its position string."""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import replace

from test_maharani_support import SPEC, filled, position, quarter, random_position, spec_with
from test_readme import files

from tajkit.solver.maharani import GAME, notation, rules
from tajkit.solver.maharani.hint import enumerate_best
from tajkit.solver.maharani.scoring import score
from tajkit.solver.maharani.files import read_state

ALL_SPACES = [s.name for s in SPEC.spaces]


def record(pos: rules.Position, *turns: str, spec=SPEC) -> dict:
    return {"game": "maharani", "position": notation.format_position(spec, pos), "turns": list(turns)}


def rows_of(spec, data: dict) -> dict[str, list]:
    """Each player's rows of ``tajkit score`` on the record, by name."""
    return {p.name: list(p.rows) for p in score(spec, read_state(spec, data)).players}


def turn_line(spec, data: dict, player: str = "player 1") -> str:
    (row,) = [r for r in rows_of(spec, data)[player] if r.label == "Turn 1"]
    return row.shown


def test_each_quarter_line_shows_the_running_total_after_that_quarter():
    """Egy negyed kiértékelése: a turn that covers the last spaces of two quarters scores both after
    the turn; each quarter's line shows the total after that quarter, the first not yet the second."""
    workers = {"d6": "1", "e7": "1", "f7": "2"}
    tiles = filled([s for s in quarter(1) if s != "c5"] + [s for s in quarter(2) if s != "g7"], workers)
    pos = position(tiles, workers, rondel=("Gc", "Rc", "Pn", "Ys"), gold=(50, 10, 0, 0))
    rows = rows_of(SPEC, record(pos, "3c5n 4g7n"))
    assert [(r.label, r.points, r.reason) for r in rows["player 1"] if r.label != "Start"] == [
        ("Turn 1", 0, "running total 50"),
        ("Quarter 1 (after turn 1)", 4, "running total 54"),
        ("Quarter 2 (after turn 1)", 4, "running total 58"),
    ]
    others = [(r.label, r.reason) for r in rows["player 2"] if r.label != "Start"]
    assert others == [("Quarter 2 (after turn 1)", "running total 14")]


def test_a_tile_pointing_at_a_player_without_workers_says_why_none_came():
    """Munkás lehelyezése, Megjegyzés: with no worker left the tile is still placed, without one;
    the line says so (with two players, when neither colour has one left)."""
    spec = spec_with(workers={"per_colour": {"2": 1, "3": 10, "4": 1}})
    pos = position({"f7": "Os"}, {"f7": "1"}, rondel=("Gc", "Pc", "Bc", "Rc"), spec=spec)
    assert turn_line(spec, record(pos, "3b6s", spec=spec)) == (
        "b6 blue area 1 (+1), arrow at the player but no worker left to put on it")
    two = position({"f7": "Os", "d7": "On"}, {"f7": "1a", "d7": "2a"}, rondel=("Gc", "Pc", "Bc", "Rc"), players=2,
                   aside={"1b": [2]}, to_move=1, spec=spec)
    assert turn_line(spec, record(two, "3b6s", spec=spec)) == (
        "b6 blue area 1 (+1), arrow at the player but no worker of either colour left to put on it")
    assert turn_line(spec, record(pos, "3b6n", spec=spec)) == "b6 blue area 1 (+1)"  # arrow away: nothing to explain


def test_centre_column_tiles_that_leave_the_game_are_named():
    """Különleges eset 1: once the 8 centre-column spaces are taken, the centre-column tiles on the
    rondel leave the game at once, and those drawn later are set aside: the line names both."""
    centre = ["b6", "d6", "f7", "f5", "c4", "e3", "g3"]
    tiles = dict(zip(centre, ("Bn", "Bn", "On", "On", "Rn", "Rn", "Gn")))
    pos = position(tiles, rondel=("Yc", "Pc", "Yn", "Gc"))
    line = turn_line(SPEC, record(pos, "2c2n 1b5s | Pc Ye Bw On Rs"))
    assert line == ("c2 purple area 1 (+1), the last centre-column space: Yc and Gc leave the rondel and the game; "
                    "b5 yellow area 1 (+1), lion marker down, new worker, group 1 (+1); "
                    "Pc drawn and set aside: no centre-column space is left; second tile -2")


def test_a_worker_set_beside_a_quarter_goes_home_with_a_word():
    """Fontos: a worker set beside a quarter comes back to its owner when the quarter is scored, and
    scores nothing; the quarter's line says so, also for a player with no other worker there."""
    spec = spec_with(workers={"per_colour": {"2": 7, "3": 10, "4": 2}})
    tiles = filled([s for s in quarter(1) if s != "c5"], {"d7": "1"}, spec=spec)
    pos = position(tiles, {"d7": "1"}, aside={"1": [1], "2": [1]}, rondel=("Gc", "Rc", "Pn", "Yc"), spec=spec)
    rows = rows_of(spec, record(pos, "3c5n", spec=spec))
    (first,) = [r for r in rows["player 1"] if r.label.startswith("Quarter 1")]
    (second,) = [r for r in rows["player 2"] if r.label.startswith("Quarter 1")]
    assert (first.points, first.shown) == (4, "1 worker → 4; 1 worker set beside it goes home")
    assert (second.points, second.shown) == (0, "1 worker set beside it goes home")
    (scoring,) = score(spec, read_state(spec, record(pos, "3c5n", spec=spec))).extra["turns"][0]["quarter_scorings"]
    assert scoring["beside"] == [{"player": "player 1", "colour": None, "workers": 1},
                                 {"player": "player 2", "colour": None, "workers": 1}]


def test_two_players_worker_colour_stays_with_the_worker():
    """Szabályok 2 játékosra: a worker's colour (a or b) is named with the worker, never next to a
    space's name ("moved from b7 b")."""
    base = position({"b7": "Bs", "d7": "Os"}, {"b7": "1b", "d7": "1a"}, rondel=("Gc", "Pc", "Bn", "Rc"), players=2)
    assert turn_line(SPEC, record(base, "3a7smb")) == "a7 blue area 2 (+2), worker b moved from b7, group 1 (+1)"
    assert turn_line(SPEC, record(base, "3a7s+a")) == "a7 blue area 2 (+2), new worker a, group 1 (+1)"


def test_three_or_four_players_read_as_before_with_a_comma_after_a_move():
    """Munkás lehelyezése vagy áthelyezése: a moved worker names the space it came from, then its
    group; a new worker reads as before."""
    pos = position({"b7": "Bs"}, {"b7": "1"}, rondel=("Gc", "Pc", "Bn", "Rc"))
    assert turn_line(SPEC, record(pos, "3a7s")) == "a7 blue area 2 (+2), worker moved from b7, group 1 (+1)"
    assert turn_line(SPEC, record(pos, "4b6s")) == "b6 red area 1 (+1), elephant marker down, new worker, group 2 (+2)"


def distinct_turns(spec, pos: rules.Position) -> int:
    """Legal turns (one arrow for each outcome) told apart by the table their tiles leave before
    any quarter is scored (the board, the workers, the rondel, the markers): two tiles placed in
    either order are one turn."""
    tables = set()
    for t in rules.legal_turns(spec, pos, distinct=True):
        a = pos
        for p in t.placements:
            a, _ = rules.place(spec, a, p, check=False)
        a = a if t.placements else replace(a, down=tuple(0 if k == pos.to_move else d for k, d in enumerate(a.down)))
        tables.add((a.colour, a.arrow, a.worker, a.rondel, a.down))
    return len(tables)


def test_the_hint_counts_the_turns_it_can_list():
    """The hint plays a two-tile turn in both orders but lists it once: its proof counts the turns
    as listed (here refresh, either tile alone, or both: 4, of which it lists all 4)."""
    tiles = filled([s for s in ALL_SPACES if s not in ("d8", "e8")])
    pos = position(tiles, rondel=("-", "-", "Psw", "Pne"), down=("1234", "", "", ""))
    report = GAME.hint.run(SPEC, record(pos), objective="gold")
    listed = [line for line in report.text.splitlines() if line[:1].isdigit()]
    assert len(listed) == 4
    assert report.text.splitlines()[-1] == (
        "proven best for 'gold': every one of the 4 legal turns was played and valued "
        "(5 plays: two tiles in both orders)")
    assert report.json["legal_turns"] == 4 and report.json["considered"] == 5


def test_the_hints_count_of_turns_is_the_number_of_different_tables_they_leave():
    """On random positions the count is the number of legal turns told apart by the table they
    leave (an independent count from the rules' list of turns)."""
    checked = 0
    for seed in range(40_000, 40_040):
        pos = random_position(seed)
        if rules.game_over(SPEC, pos) is not None or sum(c < 0 for c in pos.colour) > 12:
            continue
        assert enumerate_best(SPEC, pos).choices == distinct_turns(SPEC, pos), seed
        checked += 1
    assert checked >= 5


def test_the_readme_spells_out_the_same_start_as_its_position_string():
    """The README's `maharani-spelled.toml` is "the same start spelled out" as the position in
    `maharani-turn.toml`: both read to one position."""
    found = files()
    turn_file = tomllib.loads(found["maharani-turn.toml"])
    spelled = tomllib.loads(found["maharani-spelled.toml"])
    names = [p["name"] for p in turn_file["players"]]
    assert [p["name"] for p in spelled["players"]] == names
    given = read_state(SPEC, {**turn_file, "turns": []}).start
    assert read_state(SPEC, spelled).start == given
    assert Counter(c for c in given.colour if c >= 0) == Counter({SPEC.colour_index("B"): 1})
