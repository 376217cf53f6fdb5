"""Maharani through the rules protocol (solver/maharani/protocol.py): whole random games checked by
the contract, then turn order, the draws from the bag and their probabilities, the rondel refilled
at once for the centre-column tiles, the end, refusals, the notation, and the README's game record
replayed to the scorer's score. Sections are cited by the rulebook's Hungarian headings."""

from __future__ import annotations

import math
import random
import tomllib

import pytest
from protocol_check import check_whole_games
from test_maharani_support import SPEC, position, spec_with
from test_readme import files

from tajkit.solver import games
from tajkit.solver.errors import BadInput, BadState, IllegalMove
from tajkit.solver.maharani import notation, rules, scoring
from tajkit.solver.maharani.files import read_state
from tajkit.solver.maharani.protocol import Draw, EndTurn, MaharaniRules, Place, Refresh
from tajkit.solver.protocol import CHANCE, Record, random_game, replay

RULES = games.get("maharani").rules(SPEC)
NAMES = ["Anna", "Bence", "Csilla", "Dóra"]
SEVEN_CENTRES = {"b6": "Bn", "d6": "Bn", "f7": "On", "f5": "On", "c4": "Rn", "e3": "Rn", "g3": "Gn"}  # c2 is the eighth


def setup_at(pos: rules.Position, players: int = 4) -> dict:
    return {"position": notation.format_position(SPEC, pos), "players": [{"name": n} for n in NAMES[:players]]}


def play(s, *events: str, rules_: MaharaniRules = RULES):  # noqa: ANN001, ANN201
    for text in events:
        s = rules_.apply(s, rules_.parse(s, text))
    return s


def refused(s, text: str, rules_: MaharaniRules = RULES) -> str:  # noqa: ANN001
    with pytest.raises(BadInput) as caught:
        rules_.parse(s, text)
    (problem,) = caught.value.problems
    assert "\n" not in problem
    return problem


# --- whole games -------------------------------------------------------------------------------------


def test_whole_random_games_keep_the_protocols_contract():
    """Whole games from the setup to the end (A játék vége), 2, 3 and 4 players (A játék
    tartozékai: 2-4 személyre), every step checked by the contract."""
    records = check_whole_games("maharani", count=90, players=(2, 3, 4))
    assert len(records) == 90 and all(len(r.events) > 60 for r in records)


@pytest.mark.slow
def test_more_whole_random_games_keep_the_protocols_contract():
    """The same on 300 more games (seeds 0-299: the first 90 are the fast test's)."""
    records = check_whole_games("maharani", count=300, players=(2, 3, 4))
    assert len(records) == 300


# --- turn order and the actions of a turn ----------------------------------------------------------------


def test_players_take_turns_clockwise_and_the_table_draws_after_each_placing_turn():
    """A játék menete: the players take turns clockwise (seat order); a turn is a refresh, or one
    tile and maybe a second; at the end of a placing turn the emptied slots are refilled from the
    bag (chance), then the next player moves."""
    s = RULES.start(setup_at(position(rondel=("Bne", "Rc", "Gs", "Yew"), players=3), players=3))
    assert RULES.to_act(s) == "Anna"
    s = play(s, "r")
    assert RULES.to_act(s) == "Bence" and s.turns == ("r",)
    s = play(s, "2c4n")  # Bence's first tile (side w: no worker); he may place a second or end
    assert RULES.to_act(s) == "Bence" and EndTurn() in RULES.legal_actions(s) and Refresh() not in RULES.legal_actions(s)
    s = play(s, "end")
    assert RULES.to_act(s) == CHANCE and s.pending == (1,)  # slot 2 is refilled
    s = play(s, "Pns")
    assert RULES.to_act(s) == "Csilla" and s.turns == ("r", "2c4n | Pns")
    s = play(s, "r")
    assert RULES.to_act(s) == "Anna"


def test_a_second_tile_ends_the_turn_and_costs_two_gold():
    """A játékos lerakhat egy második mozaikot: after a second tile the turn ends (no third), and it
    costs 2 gold at the end of the turn, as the model's whole turn says."""
    pos = position({"b7": "Bn"}, rondel=("Rc", "Gc", "Bn", "Bsw"))
    s = play(RULES.start(setup_at(pos)), "3d7n", "4c7n")
    assert RULES.to_act(s) == CHANCE and s.pending == (2, 3)
    s = play(s, "Ye", "Yw")
    assert RULES.to_act(s) == "Bence"
    assert s.position.gold[0] == 1 + 3 - 2 == rules.play(SPEC, pos, notation.parse_turn(SPEC, "3d7n 4c7n | Ye Yw")).gold[0]


# --- chance -------------------------------------------------------------------------------------------


def test_a_tile_drawn_is_as_likely_as_its_count_in_the_bag():
    """Előkészületek / Akciójelző(k) frissítése: the rondel is refilled from the bag of 60 tiles;
    a tile's chance is its count left in the bag (the seed data's set less the board and the
    rondel) over the tiles left."""
    s = play(RULES.start(setup_at(position(rondel=("Bc", "Bc", "Gs", "Yew"), players=2), players=2)), "1c4n", "end")
    outcomes = dict(RULES.chance_outcomes(s))
    total = SPEC.tile_count - 4  # the board holds c4, the rondel Bc Gs Yew
    blue_c, green_s = (SPEC.colour_index("B"), SPEC.kind_index("c")), (SPEC.colour_index("G"), SPEC.kind_index("s"))
    assert total == 56
    assert Draw(blue_c) not in outcomes  # the set has two Bc: both are out
    assert math.isclose(outcomes[Draw((SPEC.colour_index("P"), SPEC.kind_index("c")))], 2 / 56)
    assert Draw(green_s) not in outcomes
    assert math.isclose(outcomes[Draw((SPEC.colour_index("G"), SPEC.kind_index("n")))], 1 / 56)
    assert math.isclose(sum(outcomes.values()), 1.0) and len(outcomes) == len(SPEC.colours) * len(SPEC.kinds) - 3  # no Bc, Gs, Yew left
    assert "no such tile is left in the bag" in refused(s, "Bc")


def test_the_last_centre_space_refills_the_rondel_at_once_and_a_second_tile_may_be_one_just_drawn():
    """Különleges eset 1: once all 8 centre-column spaces are taken, the centre-column tiles on the
    rondel leave the game at once and new tiles take their places, before the second tile; a
    centre-column tile drawn later is set aside (no chance outcome, refused when typed)."""
    pos = position(SEVEN_CENTRES, rondel=("Yc", "Pc", "Yn", "Gc"))  # Anna, side s: slot 2 faces quarter 4 (c2)
    s = play(RULES.start(setup_at(pos)), "2c2n")
    assert RULES.to_act(s) == CHANCE and s.pending == (0, 3)  # Yc and Gc left slots 1 and 4
    assert not any(SPEC.kinds[a.tile[1]].centre for a, _ in RULES.chance_outcomes(s))
    assert "all 8 centre spaces are taken: it leaves the game" in refused(s, "Pc")
    assert "rulebook: Különleges eset 1" in refused(s, "Pc")
    s = play(s, "Ye", "Bw")
    assert RULES.to_act(s) == "Anna"
    s = play(s, "1b5s", "On", "Rs")  # the second tile is the Ye drawn a moment ago
    assert s.turns[-1] == "2c2n 1b5s+ | Ye Bw On Rs"  # the arrow at Anna: a new worker
    model = rules.play(SPEC, pos, notation.parse_turn(SPEC, "2c2n 1b5s | Pc Ye Bw On Rs"))  # as the table wrote it
    assert s.position == model.after


# --- the end ----------------------------------------------------------------------------------------------


def test_the_game_ends_after_the_last_quarter_is_scored_with_the_final_score():
    """A játék vége: the game ends with the last quarter scoring; nobody acts after it, and the
    standings are the final score (no "not over" note), most gold first."""
    record = random_game(RULES, random.Random(3), 3)
    states = replay(RULES, record).states
    end = states[-1]
    assert RULES.to_act(states[-2]) is not None and RULES.to_act(end) is None
    assert RULES.legal_actions(end) == () and end.over.startswith("every space is covered")
    final = RULES.standings(end)
    assert not any("not over" in note for note in final.notes)
    assert any("not over" in note for note in RULES.standings(states[len(states) // 2]).notes)
    assert [p.total for p in final.players] == sorted(end.position.gold, reverse=True)
    assert "the game is over" in refused(end, "r")


def test_an_empty_bag_with_no_tile_that_fits_ends_the_game_and_scores_the_unfinished_quarters():
    """Különleges eset 2: the bag empty and the tiles left unplaceable, the game ends; the
    unfinished quarters are scored too (A játék vége)."""
    spec = spec_with(tiles={"kinds": [{"marks": "c", "per_colour": 2}] + [{"marks": m, "per_colour": 0}
                                                                         for m in ("n", "e", "s", "w", "ne", "sw", "ns", "ew")]})
    small = MaharaniRules(spec)
    pos = position({**SEVEN_CENTRES, "b6": "Bs"}, {"b6": "1"}, rondel=("Gc", "Yc", "Yc", "Pc"), spec=spec)
    s = small.start({"position": notation.format_position(spec, pos), "players": [{"name": n} for n in NAMES]})
    s = play(s, "2c2n", rules_=small)  # the eighth centre space: every tile left leaves the game
    assert small.to_act(s) is None and "bag is empty" in s.over
    anna = next(p for p in small.standings(s).players if p.name == "Anna")
    assert anna.total == 1 + 4  # c2's tile, then quarter 1 scored at the end with her worker on b6


# --- refusals -----------------------------------------------------------------------------------------------


def test_an_illegal_action_is_refused_with_the_rule_and_what_is_legal_instead():
    """Oszlopok / Munkás lehelyezése / A játék menete: each refusal is one line naming the rule
    and listing legal alternatives; apply refuses what parse would."""
    s = RULES.start(setup_at(position(rondel=("Bne", "Rc", "Gs", "Yew"), players=3), players=3))
    problem = refused(s, "1d2n")
    assert "does not fit d2" in problem and "(rulebook: Oszlopok)" in problem and "the tile on slot 1 fits " in problem
    assert "a turn places at least one tile" in refused(s, "end") and "legal now: " in refused(s, "end")
    assert "not a placement" in refused(s, "9z9")
    assert "one action at a time" in refused(s, "2c4s+ 3f6n")
    with pytest.raises(IllegalMove, match="already covered"):
        RULES.apply(play(s, "r", "2c4n", "end", "Pns", "r"), Place(rules.Placement(1, SPEC.space_index("c4"), 0)))
    with pytest.raises(IllegalMove, match="no tile is drawn now"):
        RULES.apply(s, Draw((0, 0)))
    two = RULES.start(setup_at(position(rondel=("On", "Ge", "Rew", "Gne"), players=2), players=2))
    assert refused(two, "1d2s+").endswith("legal on d2: 1d2s+a, 1d2s+b")


def test_a_setup_that_breaks_a_rule_is_refused_naming_the_field():
    """Előkészületek: the setup is the state file's start, checked by its reader."""
    with pytest.raises(BadState, match="rondel slot 2"):
        RULES.start({"rondel": ["On", "Xe", "Rew", "Gne"], "players": [{"name": "Anna"}, {"name": "Bence"}]})
    with pytest.raises(BadState, match="turns"):
        RULES.start({"rondel": ["On", "Ge", "Rew", "Gne"], "players": [{"name": "A"}, {"name": "B"}], "turns": ["r"]})


# --- notation --------------------------------------------------------------------------------------------


def test_the_notation_reads_like_the_state_files_turns():
    """A turn's events in the table's words: a placement as in a state file (slot, space, arrow,
    worker: 2c4s+, with two players +a/+b), r, end, and the tiles drawn (Bne); letters in any case;
    the arrow and the worker may be left out where the rules leave one choice."""
    s = RULES.start(setup_at(position(rondel=("Bne", "Rc", "Gs", "Yew"), players=3), players=3))
    texts = sorted({RULES.format(s, a) for a in RULES.legal_actions(s)})
    assert "r" in texts and "2c4n" in texts and all(t == "r" or t[0] in "1234" for t in texts)
    assert RULES.parse(s, "2C4N") == Place(rules.Placement(1, SPEC.space_index("c4"), 0, rules.NO_WORKER))
    assert RULES.format(s, RULES.parse(s, "1d8")) == "1d8s+"  # Bne fits d8 one way only: its arrow at Anna (s)
    assert "say which way its arrow points" in refused(s, "2c4")  # Rc fits any way, and s puts a worker on it
    assert RULES.format(s, RULES.parse(s, "3d7s")) == "3d7s+"  # the arrow at Anna (s): a new worker, written +
    after = play(s, "2c4n", "end")
    assert RULES.parse(after, "pns") == Draw((SPEC.colour_index("P"), SPEC.kind_index("ns")))
    assert RULES.format(after, RULES.parse(after, "pns")) == "Pns"
    assert RULES.format(play(after, "Pns", "3d7s"), EndTurn()) == "end"
    two = RULES.start(setup_at(position(rondel=("On", "Ge", "Rew", "Gne"), players=2), players=2))
    assert RULES.format(two, RULES.parse(two, "1D2S+A")) == "1d2s+a"


# --- a record and the scorer --------------------------------------------------------------------------------


def test_the_readmes_game_replayed_through_the_protocol_scores_as_its_state_file():
    """README, "A whole game, from the setup": the game of maharani-game.toml typed as events (each
    placement, end, each tile drawn) replays into the same turns, and the standings are the
    existing scorer's on the state file."""
    data = tomllib.loads(files()["maharani-game.toml"])
    setup = {k: v for k, v in data.items() if k not in ("game", "turns")}
    events = "1d2s+a 2d3s+a Ys Yn 3h6w end Ysw 2e2s+a 3e1s+b Bw Bsw 1g7n+a 2g8n+a Pc Pw 1e3s+a end Pns r".split()
    done = replay(RULES, Record("maharani", setup, tuple(events)))
    assert RULES.state_file(done.state)["turns"] == data["turns"]
    assert RULES.standings(done.state) == scoring.score(SPEC, read_state(SPEC, data))
    assert [p.total for p in RULES.standings(done.state).players] == [p.total for p in scoring.score(SPEC, read_state(SPEC, data)).players]
    with pytest.raises(BadState, match=r"^event 3 \('On'\): On: no such tile is left in the bag"):
        replay(RULES, Record("maharani", setup, ("1d2s+a", "2d3s+a", "On")))
