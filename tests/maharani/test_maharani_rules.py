"""Maharani's rules: every worked example of the Hungarian rulebook, each worker rule (with the
two-player variant), every legality rule at its boundary, the centre-column tiles, quarter
scoring and the end. Sections are cited by the rulebook's Hungarian headings."""

from __future__ import annotations

import pytest
from test_maharani_support import SPEC, filled, position, quarter, spec_with, turn

from tajkit.solver.errors import BadState, IllegalMove
from tajkit.solver.maharani import notation, rules, samples
from tajkit.solver.maharani.rules import crew

GREEN, RED, BLUE, YELLOW = 0, 1, 2, 3  # the players of a four-player game, sides s w n e
OTHERS = ("Gc", "Pc", "Yc", "Rc")  # centre tiles that fit nothing used below


def space(name: str) -> int:
    k = SPEC.space_index(name)
    assert k is not None
    return k


# --- the rulebook's worked examples --------------------------------------------------------------------


def test_tile_gold_one_then_three_for_the_blue_area():
    """Arany szerzése a lerakott mozaikokért: a blue tile touching no blue one earns 1 gold; the
    next blue tile makes three blue tiles side by side and earns 3."""
    pos = position({"b7": "Bn"}, rondel=("Rc", "Gc", "Bn", "Bsw"))
    result = turn(pos, "3d7n 4c7n")
    first, second = result.placed
    assert (first.area, first.group) == (1, 0)
    assert (second.area, second.group) == (3, 0)
    assert result.gold[GREEN] == 1 + 3 - 2


def test_worker_gold_one_then_two_for_a_group():
    """Arany szerzése új és áthelyezett munkásért: a new worker alone earns 1 gold; a second next
    to it forms a group of two and earns 2."""
    pos = position(rondel=("Gc", "Pc", "Oc", "Rns"))
    result = turn(pos, "3b6s+ 4c6s+")
    first, second = result.placed
    assert first.group == 1
    assert second.group == 2
    assert result.after.worker[space("b6")] == result.after.worker[space("c6")] == crew(GREEN, 0)


def test_eight_gold_for_an_area_and_a_group_across_two_quarters():
    """Különleges eset: quarter borders do not split areas or groups. Green's blue tile on e6
    (quarter 2) joins the blue area of quarter 1 (4 tiles) and puts a worker next to Green's
    workers on both sides of the border (a group of 4): 8 gold in total."""
    tiles = {"d6": "Bs", "d7": "Bn", "c7": "Bn", "c6": "Rs", "f6": "Os"}
    pos = position(tiles, {"d6": "1", "c6": "1", "f6": "1"}, rondel=("Gc", "Pc", "Yc", "Bw"))
    result = turn(pos, "4e6s+")
    placed = result.placed[0]
    assert (placed.area, placed.group) == (4, 4)
    assert result.gold[GREEN] == 8
    area = rules.component(SPEC.neighbours, result.after.colour, space("e6"))
    group = rules.component(SPEC.neighbours, result.after.worker, space("e6"))
    assert {SPEC.spaces[s].quarter for s in area} == {SPEC.spaces[s].quarter for s in group} == {0, 1}


def test_the_red_players_second_tile_earns_four_then_costs_two():
    """A játékos lerakhat egy második mozaikot: Red's second tile earns 4 gold (an area of 4), and
    at the end of the turn Red moves back 2."""
    pos = position({"a7": "Rn", "a6": "Rn", "b7": "Rn"}, rondel=("Yc", "Gc", "Rne", "Pc"), to_move=2)
    result = turn(pos, "2b6n 3a5n")
    first, second = result.placed
    assert first.area + first.group == 1
    assert second.area + second.group == 4
    assert result.second_tile == -2
    assert result.gold[RED] == 1 + 4 - 2
    assert result.after.gold[RED] == 3


def test_quarter_scoring_five_three_one_none():
    """Egy negyed kiértékelése: after the turn that covers the quarter's last space, 5 workers earn
    18 gold, 3 earn 9, 1 earns 4, none earns nothing; the workers go home, the tiles stay."""
    workers = {"d8": "1", "c7": "1", "a5": "1", "a7": "1", "b7": "1", "b8": "2", "c8": "2", "a6": "2", "d7": "3"}
    tiles = filled([s for s in quarter(1) if s != "c5"], workers)
    pos = position(tiles, workers, rondel=("Gc", "Rc", "Yc", "Pn"), to_move=4)
    result = turn(pos, "4c5n")
    (score,) = result.scorings
    assert score.quarter == 0 and not score.at_end
    assert {(c, n, g) for c, n, g in score.crews} == {(crew(GREEN, 0), 5, 18), (crew(RED, 0), 3, 9), (crew(BLUE, 0), 1, 4)}
    assert score.gold_of(YELLOW) == 0
    assert result.gold == (18, 9, 4, 1)  # Yellow's tile alone: 1
    after = result.after
    assert all(after.worker[s] < 0 for s in SPEC.quarter_spaces[0])
    assert all(after.colour[s] >= 0 for s in SPEC.quarter_spaces[0])


def test_the_quarter_table_marks_what_the_rulebook_states():
    """Egy negyed kiértékelése gives 1 → 4, 3 → 9, 5 → 18 (and 0 → 0); the rest is inferred and
    marked so."""
    assert SPEC.quarter_gold[:6] == (0, 4, 6, 9, 13, 18)
    assert [n for n, official in enumerate(SPEC.quarter_official) if official] == [0, 1, 3, 5]


# --- workers --------------------------------------------------------------------------------------


def test_a_worker_only_when_the_arrow_points_at_the_player():
    """Munkás lehelyezése: only a tile whose arrow points at the player's position marker takes a
    worker; asking for one otherwise is refused."""
    pos = position(rondel=("Gc", "Pc", "Oc", "Rc"))
    assert turn(pos, "3b6n").placed[0].group == 0
    with pytest.raises(IllegalMove, match="does not point at the player"):
        turn(pos, "3b6n+")
    assert turn(pos, "3b6s").placed[0].placement.worker == rules.Worker("new", 0)


def test_the_worker_on_a_same_coloured_tile_of_the_quarter_must_move():
    """Munkás lehelyezése vagy áthelyezése: with a worker on a tile of that colour in the quarter,
    the player must move it onto the new tile; a new worker is refused."""
    pos = position({"b7": "Bs", "c6": "Os"}, {"b7": "1", "c6": "1"}, rondel=("Gc", "Pc", "Bs", "Rc"))
    with pytest.raises(IllegalMove, match="moving the worker from b7"):
        turn(pos, "3d7s+")
    result = turn(pos, "3d7s")
    placed = result.placed[0]
    assert placed.placement.worker == rules.Worker("move", 0, space("b7"))
    assert result.after.worker[space("b7")] < 0 and result.after.worker[space("d7")] == crew(GREEN, 0)
    assert placed.group == 1  # moved away from c6, it stands alone


def test_the_forced_move_stays_inside_the_quarter():
    """Munkás lehelyezése vagy áthelyezése: only a worker in the same quarter must move; one on a
    same-coloured tile in another quarter stays, and a new worker comes."""
    pos = position({"e6": "Bs"}, {"e6": "1"}, rondel=("Gc", "Pc", "Bs", "Rc"))
    result = turn(pos, "3d7s")
    assert result.placed[0].placement.worker.kind == "new"
    assert result.after.worker[space("e6")] == crew(GREEN, 0)


def test_no_worker_when_the_supply_is_empty():
    """Munkás lehelyezése, Megjegyzés: with no workers left the tile is still placed, without one."""
    spec = spec_with(workers={"per_colour": {"2": 7, "3": 10, "4": 1}})
    pos = position({"f7": "Os"}, {"f7": "1"}, rondel=("Gc", "Pc", "Bc", "Rc"), spec=spec)
    result = turn(pos, "3b6s", spec=spec)
    assert result.placed[0].group == 0 and result.gold[GREEN] == 1
    with pytest.raises(IllegalMove, match="supply is empty"):
        turn(pos, "3b6s+", spec=spec)


def test_two_players_choose_the_colour_of_a_new_worker():
    """Szabályok 2 játékosra: with none of their workers on that colour in the quarter, a player
    places a new worker of either colour, and must say which."""
    pos = position(rondel=("Gc", "Pc", "Oc", "Rc"), players=2)
    with pytest.raises(IllegalMove, match=r"\+a\) or a new worker of colour b \(\+b\)"):
        turn(pos, "3b6s")
    assert turn(pos, "3b6s+b").after.worker[space("b6")] == crew(0, 1)


def test_two_players_move_one_colour_or_place_the_other():
    """Szabályok 2 játékosra: with a worker of one colour there, the player moves it or places a
    worker of the other colour, never a second of the same colour."""
    pos = position({"b7": "Bs"}, {"b7": "1a"}, rondel=("Gc", "Pc", "Bs", "Rc"), players=2)
    moved = turn(pos, "3d7sma").after
    assert moved.worker[space("d7")] == crew(0, 0) and moved.worker[space("b7")] < 0
    placed = turn(pos, "3d7s+b").after
    assert placed.worker[space("d7")] == crew(0, 1) and placed.worker[space("b7")] == crew(0, 0)
    with pytest.raises(IllegalMove, match=r"moving the worker from b7 \(ma\) or a new worker of colour b"):
        turn(pos, "3d7s+a")


def test_two_players_with_both_colours_there_move_either():
    """Szabályok 2 játékosra: with workers of both colours on such tiles, the player moves one."""
    pos = position({"b7": "Bs", "c6": "Bs"}, {"b7": "1a", "c6": "1b"}, rondel=("Gc", "Pc", "Bs", "Rc"), players=2)
    assert turn(pos, "3d7smb").after.worker[space("c6")] < 0
    assert turn(pos, "3d7sma").after.worker[space("b7")] < 0
    with pytest.raises(IllegalMove, match="say which"):
        turn(pos, "3d7s")


def test_two_players_without_workers_of_the_other_colour_only_move():
    """Szabályok 2 játékosra, Megjegyzés: a player who cannot place a new worker can only move."""
    spec = spec_with(workers={"per_colour": {"2": 1, "3": 10, "4": 8}})
    pos = position({"b7": "Bs", "e7": "Os"}, {"b7": "1a", "e7": "1b"}, rondel=("Gc", "Pc", "Bs", "Rc"), players=2, spec=spec)
    assert turn(pos, "3d7s", spec=spec).placed[0].placement.worker == rules.Worker("move", 0, space("b7"))


def test_two_players_colours_never_form_a_group():
    """Szabályok 2 játékosra: a player's workers of different colours do not form a group."""
    pos = position({"c6": "Os"}, {"c6": "1b"}, rondel=("Gc", "Pc", "Bc", "Rc"), players=2)
    assert turn(pos, "3b6s+a").placed[0].group == 1
    assert turn(pos, "3b6s+b").placed[0].group == 2


def test_two_players_colours_are_scored_apart():
    """Szabályok 2 játékosra: each colour of a player is scored apart (3 → 9 and 1 → 4 is 13)."""
    workers = {"d8": "1a", "c7": "1a", "a5": "1a", "d7": "1b"}
    tiles = filled([s for s in quarter(1) if s != "c5"], workers, players=2)
    pos = position(tiles, workers, rondel=("Gc", "Rc", "Pn", "Yc"), players=2)
    (score,) = turn(pos, "3c5n").scorings
    assert sorted(score.crews) == [(crew(0, 0), 3, 9), (crew(0, 1), 1, 4)]
    assert score.gold_of(0) == 13


def test_two_workers_on_one_colour_in_a_quarter_are_refused_until_one_is_set_aside():
    """Fontos: two of a player's workers on same-coloured tiles of one quarter: one is set beside
    the quarter (written q1); it comes back when the quarter is scored, and scores nothing."""
    with pytest.raises(BadState, match=r"one of them is set beside the quarter; write it as q1 \(rulebook: Fontos\)"):
        position({"b7": "Bs", "d7": "Bs"}, {"b7": "1", "d7": "1"})
    spec = spec_with(workers={"per_colour": {"2": 7, "3": 10, "4": 2}})
    tiles = filled([s for s in quarter(1) if s != "c5"], {"d7": "1"}, spec=spec)
    pos = position(tiles, {"d7": "1"}, aside={"1": [1]}, rondel=("Gc", "Rc", "Pn", "Yc"), spec=spec)
    assert rules.supply(spec, pos, crew(GREEN, 0)) == 0
    result = turn(pos, "3c5n", spec=spec)
    assert result.scorings[0].crews == ((crew(GREEN, 0), 1, 4),)
    assert result.after.aside == () and rules.supply(spec, result.after, crew(GREEN, 0)) == 2


# --- placing tiles -----------------------------------------------------------------------------------


def test_a_tile_goes_on_a_free_space():
    """Mozaik darabok lerakása: a tile goes on a free space."""
    pos = position({"b6": "Gn"}, rondel=("Gc", "Pc", "Oc", "Rc"))
    with pytest.raises(IllegalMove, match="b6 is already covered"):
        turn(pos, "3b6n")


def test_the_column_marks_must_match_turned_any_way():
    """Oszlopok: a tile's column marks, turned, must be the space's, so no half column is left."""
    pos = position(rondel=("Gc", "Pc", "On", "Rc"))
    with pytest.raises(IllegalMove, match="does not fit b6"):
        turn(pos, "3b6n")
    assert turn(pos, "3d7n").placed[0].area == 1


def test_the_arrow_must_point_a_way_the_marks_allow():
    """Oszlopok: a bend tile fits its space one way only; the other ways leave half a column."""
    pos = position(rondel=("Gc", "Pc", "One", "Rc"), to_move=3)  # Blue, side n: slot 3 faces quarter 3
    with pytest.raises(IllegalMove, match="fits f2 only with its arrow pointing n"):
        turn(pos, "3f2e")
    assert turn(pos, "3f2n+").placed[0].group == 1


def test_the_arrow_may_be_left_out_only_when_it_does_not_matter():
    """A centre tile fits four ways, one of them at the player: the turn must say which. A bend
    tile fits its space one way only and needs no arrow."""
    pos = position(rondel=("Gc", "Pc", "Oc", "Rne"))
    with pytest.raises(IllegalMove, match="say which way its arrow points"):
        turn(pos, "3b6")
    assert turn(pos, "3b6e").placed[0].group == 0
    side_e = position(rondel=("Gc", "Pc", "Oc", "Rne"), to_move=4)  # Yellow, side e
    assert turn(side_e, "4f2").placed[0].placement.arrow == 0


def test_the_facing_quarter_is_free_and_others_cost_the_coins_marker():
    """Mozaik darabok lerakása: a tile goes free into the quarter its slot faces; into another it
    turns down the action marker of the coin beside its slot (not the one of the quarter it goes to)."""
    pos = position(rondel=("Gc", "Pc", "Oc", "Rc"))  # Green, side s: slot 1 faces quarter 3
    free = turn(pos, "1e3n").placed[0]
    assert free.marker == -1
    paid = turn(pos, "1f5n")
    assert paid.placed[0].marker == 0  # the coin beside slot 1 is quarter 1's (lion), not quarter 2's
    assert paid.after.down[GREEN] == 0b0001


def test_a_face_down_marker_keeps_its_slots_tile_in_the_facing_quarter():
    """Mozaik darabok lerakása, Megjegyzés: with that marker face down, the tile only goes into the
    quarter its slot faces."""
    pos = position(rondel=("Gc", "Pc", "Oc", "Rc"), down=("1", "", "", ""))
    with pytest.raises(IllegalMove, match="lion action marker .* is face down: only quarter 3"):
        turn(pos, "1f5n")
    assert turn(pos, "1e3n").placed[0].marker == -1


def test_one_tile_or_two_never_three():
    """A kör: at least one tile, at most a second."""
    pos = position(rondel=("Gc", "Pc", "Oc", "Rc"))
    with pytest.raises(IllegalMove, match="3 placements"):
        turn(pos, "1e3n 2c4n 3b6n")


def test_an_empty_slot_has_no_tile():
    pos = position(rondel=("-", "Pc", "Oc", "Rc"))
    with pytest.raises(IllegalMove, match="slot 1 of the rondel is empty"):
        turn(pos, "1e3n")


def test_refresh_turns_every_marker_face_up():
    """Akciójelző(k) frissítése: all of the player's face-down markers turn face up."""
    pos = position(rondel=("Gc", "Pc", "Oc", "Rc"), down=("134", "2", "", ""))
    result = turn(pos, "r")
    assert result.after.down == (0, 0b0010, 0, 0)
    assert result.gold == (0, 0, 0, 0) and result.after.to_move == RED
    with pytest.raises(IllegalMove, match="a refresh"):
        turn(pos, "r | Bn")


def test_the_rondel_is_refilled_in_slot_order_from_the_draws():
    """Akciójelző(k) frissítése (end of the turn): empty slots are refilled from the bag, 1 to 4;
    every tile drawn is written, and each must still be in the bag."""
    pos = position({"d7": "Bn"}, rondel=("Gc", "Pc", "Oc", "Rc"))
    result = turn(pos, "3b6n 1e3n | Be Yw")
    assert result.after.rondel[0] == (SPEC.colour_index("B"), SPEC.kind_index("e"))
    assert result.after.rondel[2] == (SPEC.colour_index("Y"), SPEC.kind_index("w"))
    with pytest.raises(IllegalMove, match="slot 3 of the rondel is empty and the bag still holds 54"):
        turn(pos, "3b6n 1e3n | Be")
    with pytest.raises(IllegalMove, match="1 more tile"):
        turn(pos, "3b6n | Be Yw")
    with pytest.raises(IllegalMove, match="Bn drawn, but no such tile is left in the bag"):
        turn(pos, "3b6n | Bn")


def test_the_last_centre_space_sends_the_other_centre_tiles_out_at_once():
    """Különleges eset 1: once all 8 centre-column spaces are taken, the centre-column tiles left on
    the rondel leave the game at once and new tiles take their places (before the second tile);
    centre-column tiles drawn later are set aside too."""
    centre = ["b6", "d6", "f7", "f5", "c4", "e3", "g3"]
    tiles = {name: token for name, token in zip(centre, ("Bn", "Bn", "On", "On", "Rn", "Rn", "Gn"))}
    pos = position(tiles, rondel=("Yc", "Pc", "Yn", "Gc"))  # Green, side s: slot 2 faces quarter 4 (c2)
    result = turn(pos, "2c2n 1b5s | Pc Ye Bw On Rs")
    first, second = result.placed
    assert [notation.tile_text(SPEC, t) for t in first.removed] == ["Yc", "Gc"]
    assert notation.tile_text(SPEC, second.tile) == "Ye"  # drawn into slot 1 at once, after Pc was set aside
    assert [notation.tile_text(SPEC, t) for t in result.set_aside] == ["Yc", "Gc", "Pc"]
    assert [notation.tile_text(SPEC, t) for t in result.after.rondel] == ["On", "Rs", "Yn", "Bw"]
    with pytest.raises(BadState, match="has left the game"):
        position({**tiles, "c2": "Pn"}, rondel=("Yc", "-", "-", "-"))


def test_a_quarter_is_scored_after_the_turn_not_during_it():
    """Egy negyed kiértékelése: the quarter is scored after the turn that covers its last space, so
    a second tile still groups with a worker standing in it."""
    tiles = filled([s for s in quarter(1) if s != "c5"], {"d6": "1"})
    pos = position(tiles, {"d6": "1"}, rondel=("Gc", "Rc", "Pn", "Yw"))  # Green, side s
    result = turn(pos, "3c5n 4e6s+")
    assert result.placed[1].group == 2  # with the worker on d6, in quarter 1
    assert result.scorings[0].crews == ((crew(GREEN, 0), 1, 4),)
    assert result.after.worker[space("d6")] < 0 and result.after.worker[space("e6")] == crew(GREEN, 0)


def test_an_empty_bag_and_no_tile_that_fits_ends_the_game_and_scores_unfinished_quarters():
    """Különleges eset 2 / A játék vége: when the bag is empty and the tiles left cannot be placed,
    the game ends and the unfinished quarters are scored too."""
    spec = spec_with(tiles={"kinds": [{"marks": "c", "per_colour": 2}] + [{"marks": m, "per_colour": 0}
                                                                         for m in ("n", "e", "s", "w", "ne", "sw", "ns", "ew")]})
    centre = {"b6": "Bs", "d6": "Bn", "f7": "On", "f5": "On", "c4": "Rn", "e3": "Rn", "g3": "Gn"}
    rest = "Gc Yc Yc Pc Pc".split()
    pos = position(centre, {"b6": "1"}, rondel=tuple(rest[:4]), spec=spec)
    result = turn(pos, "2c2n | Pc", spec=spec)
    assert result.over is not None and "bag is empty" in result.over
    assert [(s.quarter, s.at_end, s.crews) for s in result.scorings] == [(0, True, ((crew(GREEN, 0), 1, 4),)), (1, True, ()),
                                                                         (2, True, ()), (3, True, ())]
    assert result.after.gold[GREEN] == 1 + 4
    with pytest.raises(IllegalMove, match="already over"):
        turn(result.after, "r", spec=spec)


def test_a_whole_game_ends_with_every_space_covered_and_each_quarter_scored_once():
    """A játék vége: the game ends with the fourth quarter scoring; 4 centre-column tiles never
    come to the board."""
    game = samples.random_game(SPEC, 3, seed=5)
    assert game.results[-1].over.startswith("every space is covered")
    scorings = [s for r in game.results for s in r.scorings]
    assert sorted(s.quarter for s in scorings) == [0, 1, 2, 3] and not any(s.at_end for s in scorings)
    set_aside = [t for r in game.results for t in r.set_aside]
    assert len(set_aside) == 4 and all(SPEC.kinds[k].centre for _, k in set_aside)


# --- a game replayed from its record ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_random_game_replayed_from_its_record_is_the_same_game(players):
    """A game played by the engine, written as a record (setup tiles and turns), read back and
    replayed turn by turn, ends in the same position with the same gold after every turn."""
    from tajkit.solver.maharani.files import read_state

    game = samples.random_game(SPEC, players, seed=100 + players)
    record = {
        "game": "maharani",
        "rondel": [notation.tile_text(SPEC, t) for t in game.start.rondel],
        "players": [{"name": f"P{k}"} for k in range(players)],
        "turns": [notation.format_turn(SPEC, t, players) for t in game.turns],
    }
    replay = read_state(SPEC, record)
    assert replay.end == game.end
    assert [r.gold for r in replay.results] == [r.gold for r in game.results]
    assert [r.after for r in replay.results] == [r.after for r in game.results]


def test_the_first_illegal_turn_stops_the_replay_with_its_number():
    from tajkit.solver.maharani.files import read_state

    game = samples.random_game(SPEC, 4, seed=7, stop_after=12)
    texts = [notation.format_turn(SPEC, t, 4) for t in game.turns]
    covered = next(p for t in game.turns[:5] for p in t.placements)
    texts[8] = f"1{SPEC.spaces[covered.space].name}n"
    record = {"game": "maharani", "rondel": [notation.tile_text(SPEC, t) for t in game.start.rondel],
              "players": [{"name": n} for n in "ABCD"], "turns": texts}
    with pytest.raises(IllegalMove) as caught:
        read_state(SPEC, record)
    (problem,) = caught.value.problems
    assert problem.startswith("turn 9 (A, ") and "is already covered" in problem


def test_a_quarter_with_a_space_left_is_not_scored():
    """Egy negyed kiértékelése, at its boundary: with two free spaces, covering one scores nothing;
    covering the last scores it."""
    tiles = filled([s for s in quarter(1) if s not in ("c5", "b5")], {"d7": "3"})
    pos = position(tiles, {"d7": "3"}, rondel=("Gc", "Rc", "Pn", "Yw"))
    assert turn(pos, "3c5n").scorings == ()
    assert [s.quarter for s in turn(pos, "3c5n 4b5n").scorings] == [0]


def test_the_seventh_centre_space_sends_nothing_out():
    """Különleges eset 1, at its boundary: only when all 8 centre spaces are taken do the other
    centre-column tiles leave."""
    tiles = {name: token for name, token in zip(["b6", "d6", "f7", "f5", "c4", "e3"], ("Bn", "Bn", "On", "On", "Rn", "Rn"))}
    pos = position(tiles, rondel=("Yc", "Pc", "Yn", "Gc"))
    result = turn(pos, "2c2n")
    assert result.placed[0].removed == () and result.set_aside == ()
    assert [notation.tile_text(SPEC, t) for t in result.after.rondel] == ["Yc", "-", "Yn", "Gc"]


def test_the_last_worker_in_the_supply_still_comes():
    """Munkás lehelyezése, at its boundary: one worker left in the supply is placed; none left, none."""
    spec = spec_with(workers={"per_colour": {"2": 7, "3": 10, "4": 2}})
    pos = position({"f7": "Os"}, {"f7": "1"}, rondel=("Gc", "Pc", "Bc", "Rc"), spec=spec)
    result = turn(pos, "3b6s", spec=spec)
    assert result.placed[0].placement.worker.kind == "new" and rules.supply(spec, result.after, crew(GREEN, 0)) == 0
