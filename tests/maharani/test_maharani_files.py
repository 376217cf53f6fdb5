"""The Maharani state file (a position, the same spelled out, a record from the setup), scoring
(itemised turns, quarter scorings, ranking without a tie-break), its messages, the schema, the
picture, the score pad's rows and a group's own board through --data."""

from __future__ import annotations

import json
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_maharani_support import SPEC, filled, position, quarter

from tajkit.solver.errors import BadData, BadInput, BadState, IllegalMove
from tajkit.sheets.maharani import picture as maharani_picture
from tajkit.solver.maharani import GAME, notation, samples
from tajkit.solver.maharani.spec import load_spec

START = "6/1Bn6/8/6/6/8/8/6 - Bne,Rc,Gs,Yew s:3;n:5:2 1"


def read(data: dict) -> object:
    return GAME.read_state(SPEC, data)


def record(players: int = 3, seed: int = 11, stop_after: int | None = None) -> dict:
    game = samples.random_game(SPEC, players, seed, stop_after=stop_after)
    return {
        "game": "maharani",
        "rondel": [notation.tile_text(SPEC, t) for t in game.start.rondel],
        "players": [{"name": n} for n in ("Anna", "Bence", "Csilla", "Dani")[:players]],
        "turns": [notation.format_turn(SPEC, t, players) for t in game.turns],
    }


# --- reading ------------------------------------------------------------------------------------


def test_a_position_spelled_out_is_the_same_position():
    written = read({"game": "maharani", "position": START, "players": [{"name": "Anna"}, {"name": "Bence"}]})
    spelled = read({
        "game": "maharani",
        "rondel": ["Bne", "Rc", "Gs", "Yew"],
        "board": {"b7": "Bn"},
        "players": [{"name": "Anna", "gold": 3}, {"name": "Bence", "side": "n", "gold": 5, "markers_down": [2]}],
    })
    assert written.start == spelled.start == notation.parse_position(SPEC, START)
    assert written.names == ("Anna", "Bence")


def test_a_position_without_names_gets_numbered_players():
    assert read({"game": "maharani", "position": START}).names == ("player 1", "player 2")


def test_a_record_from_the_setup_scores_every_turn():
    data = record()
    state = read(data)
    result = GAME.score(SPEC, state)
    assert state.from_setup and state.over
    assert result.header[0].startswith(f"{len(data['turns'])} turns replayed from the setup")
    turn_rows = [r for p in result.players for r in p.rows if r.category == "turn"]
    assert len(turn_rows) == len(data["turns"])
    quarter_rows = [r for p in result.players for r in p.rows if r.category == "quarter"]
    assert {r.label.split(" (")[0] for r in quarter_rows} <= {"Quarter 1", "Quarter 2", "Quarter 3", "Quarter 4"}
    for p in result.players:
        assert sum(r.points for r in p.rows) == p.total
    assert not any("not over" in n for n in result.notes)
    assert [p.total for p in result.players] == sorted((p.total for p in result.players), reverse=True)


def test_what_one_turn_earns_on_a_position():
    """A single turn on a typed position: its gold itemised."""
    data = {"game": "maharani", "position": START, "players": [{"name": "Anna"}, {"name": "Bence"}], "turns": ["3d7s+b"]}
    result = GAME.score(SPEC, read(data))
    anna = next(p for p in result.players if p.name == "Anna")
    start, played = anna.rows
    assert (start.label, start.points) == ("Start", 3)
    assert played.label == "Turn 1" and played.points == 2
    assert played.shown == "d7 green area 1 (+1), new worker b, group 1 (+1)"
    assert played.reason == "running total 5"
    assert anna.total == 5
    assert any("the game is not over" in n for n in result.notes)
    turn = result.as_json()["turns"][0]
    assert turn["tiles"][0]["worker"] == {"action": "new", "colour": "b", "from": None, "group": 1, "gold": 1}


def test_tied_players_share_the_rank():
    """The rulebook names no tie-break: players equal on gold share the rank."""
    result = GAME.score(SPEC, read({"game": "maharani", "position": START.replace("n:5:2", "n:3:2")}))
    assert [p.rank for p in result.players] == [1, 1]
    assert result.ties == ("player 1 and player 2 tie on 3 gold: the rulebook names no tie-break, so they share the rank",)


def test_every_output_says_what_rests_on_a_default():
    result = GAME.score(SPEC, read({"game": "maharani", "position": START}))
    assert any(n.startswith("board and its column marks: tajkit default") for n in result.notes)
    assert any(n.startswith("tile kinds: tajkit default") for n in result.notes)
    assert result.as_json()["defaults"] == list(SPEC.defaults)


def test_a_scoring_with_an_inferred_value_says_so():
    """Egy negyed kiértékelése: 2 workers → 6 is not in the rulebook; the note says it is inferred."""
    workers = {"d8": "1", "c7": "1"}
    tiles = filled([s for s in quarter(1) if s != "c5"], workers)
    pos = position(tiles, workers, rondel=("Gc", "Rc", "Pn", "Yc"))
    data = {"game": "maharani", "position": notation.format_position(SPEC, pos), "turns": ["3c5n"]}
    result = GAME.score(SPEC, read(data))
    assert any(n.startswith("quarter table: 2 → 6 gold is inferred") for n in result.notes)
    green = next(p for p in result.players if p.name == "player 1")
    assert [(r.label, r.points, r.shown) for r in green.rows if r.category == "quarter"] == [
        ("Quarter 1 (after turn 1)", 6, "2 workers → 6")
    ]


def test_the_state_file_round_trips_through_to_data():
    state = read(record(stop_after=10))
    again = read(GAME.to_data(SPEC, state))
    assert again.end == state.end and again.texts == state.texts


# --- messages -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"position": START}, 'game is missing: a state file starts with game = "maharani"'),
        ({"game": "taj", "position": START}, 'game = "taj": this is the maharani command'),
        ({"game": "maharani", "position": START, "rondel": ["Bn", "-", "-", "-"]},
         "position is given, so rondel must not be: write the start once, either as position or spelled out"),
        ({"game": "maharani", "position": START, "players": [{"name": "A", "gold": 3}, {"name": "B"}]},
         "position is given, so players.gold must not be"),
        ({"game": "maharani", "players": [{"name": "A"}, {"name": "B"}]}, "rondel missing: give the start as position"),
        ({"game": "maharani", "rondel": ["Bn", "-", "-", "-"]}, "players missing"),
        ({"game": "maharani", "position": START, "turn": ["r"]}, "unknown field 'turn' (did you mean turns?)"),
        ({"game": "maharani", "position": 7}, "position = 7 is not text"),
        ({"game": "maharani", "rondel": ["Bn", "-", "-", "-"], "players": [{"name": "A", "gold": "3"}, {"name": "B"}]},
         'A: gold = "3" is not a whole number'),
        ({"game": "maharani", "rondel": ["Bn", "-", "-", "-"], "players": [{"name": "A", "gold": -1}, {"name": "B"}]},
         "A: gold = -1: must be at least 0 (gold on the score track, 0-10000)"),
        ({"game": "maharani", "rondel": ["Bn", "-", "-"], "players": [{"name": "A"}, {"name": "B"}]},
         "rondel has 3 values, needs exactly 4"),
        ({"game": "maharani", "rondel": ["Bn", "-", "-", "bad"], "players": [{"name": "A"}, {"name": "B"}]},
         'rondel[4] = "bad": the tiles on rondel slots 1-4, each a colour letter and its column marks'),
        ({"game": "maharani", "rondel": ["Bn", "-", "-", "-"], "players": [{"name": "A"}, {"name": "A"}]},
         "players: the name 'A' appears twice"),
        ({"game": "maharani", "rondel": ["Bn", "-", "-", "-"], "to_move": "C", "players": [{"name": "A"}, {"name": "B"}]},
         'to_move = "C": not one of the players (A, B)'),
        ({"game": "maharani", "rondel": ["Bn", "-", "-", "-"], "board": {"a1": "Bn"}, "players": [{"name": "A"}, {"name": "B"}]},
         "board.a1: not a space of the board"),
        ({"game": "maharani", "rondel": ["Bn", "-", "-", "-"], "board": {"d8": "Be"}, "players": [{"name": "A"}, {"name": "B"}]},
         "board.d8: no tile lies there with its arrow pointing e"),
        ({"game": "maharani", "rondel": ["Bn", "-", "-", "-"], "players": [{"name": "A"}, {"name": "B", "side": "s"}]},
         "B: side s is taken"),
        ({"game": "maharani", "rondel": ["Bn", "-", "-", "-"], "players": [{"name": "A", "workers_b": ["b8"]}, {"name": "B"}, {"name": "C"}]},
         "A: workers_b and aside_b are for a two-player game's second colour"),
        ({"game": "maharani", "rondel": ["Bn", "-", "-", "-"], "players": [{"name": "A", "workers": ["a1"]}, {"name": "B"}]},
         "A: workers: 'a1' is not a space of the board"),
        ({"game": "maharani", "rondel": ["Bn", "-", "-", "-"], "board": {"b8": "Bs"},
          "players": [{"name": "A", "workers": ["b8"], "workers_b": ["b8"]}, {"name": "B"}]},
         "A: workers: b8 has two workers: one worker stands on a tile"),
        ({"game": "maharani", "rondel": ["Bn", "-", "-", "-"], "players": [{"name": "A"}]}, "players has 1 value, needs at least 2"),
    ],
)
def test_each_mistake_in_a_state_file_is_named(data, message):
    with pytest.raises(BadState) as caught:
        read(data)
    assert any(message in problem for problem in caught.value.problems), caught.value.problems


def test_a_turn_after_the_end_is_refused_with_its_number():
    data = record(players=2, seed=3)
    data["turns"].append("r")
    with pytest.raises(IllegalMove, match=rf"turn {len(data['turns'])} \(.*\): the game ended after turn {len(data['turns']) - 1}"):
        read(data)


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["position", "rondel", "board", "to_move", "turns", "players", "extra"]),
        st.recursive(
            st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.text(max_size=12),
            lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
            max_leaves=12,
        ),
    )
)
def test_malformed_state_files_get_bad_input_only(fields):
    """Whatever a file holds, the reader answers with BadInput (one line per problem), never
    another exception."""
    try:
        read({"game": "maharani", **fields})
    except BadInput as exc:
        assert exc.problems and all("\n" not in p for p in exc.problems)


# --- schema, pad, card, picture ------------------------------------------------------------------


def test_the_schema_describes_the_state_file():
    schema = GAME.schema(SPEC)
    assert schema["title"] == "tajkit state: Maharani"
    assert {"game", "position", "rondel", "board", "to_move", "turns", "players"} <= set(schema["properties"])
    json.dumps(schema)


def test_the_score_pad_rows_are_the_scorers_categories():
    categories = GAME.categories(SPEC)
    assert [c.id for c in categories] == ["turn", "quarter", "total"]
    # the turn rows: one per tile-placing turn the rules allow, plus these rows for refresh turns
    # (each design's total is in test_printouts: 34 for 2 players, 24 for 3-4)
    assert categories[0].sub == ("gold ±", "running total") and categories[0].count == 5
    assert categories[1].sub == ("workers", "gold") and categories[1].count == 4
    result = GAME.score(SPEC, read(record(stop_after=20)))
    assert {r.category for p in result.players for r in p.rows} <= {c.id for c in categories}


def test_the_quarter_table_on_pad_and_card_marks_the_rulebooks_values():
    table = GAME.card_parts(SPEC)["quarter_table"].table
    assert table == GAME.pad_table(SPEC)
    assert {(c.key, c.value) for c in table.cells if c.official} == {("0", "0"), ("1", "4"), ("3", "9"), ("5", "18")}


def png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", png[16:24])


def test_the_picture_is_a_png_of_the_position():
    width, height = png_size(maharani_picture(SPEC, {"game": "maharani", "position": START}))
    assert width > 1000 and height > 700
    two_players = record(players=2, stop_after=30)
    assert png_size(maharani_picture(SPEC, two_players))[0] == width


def test_the_picture_reads_the_file_as_score_does():
    with pytest.raises(BadState, match="game is missing"):
        maharani_picture(SPEC, {"position": START})


# --- a group's own data ------------------------------------------------------------------------------


def test_a_group_can_describe_its_own_board(tmp_path):
    """--data: a maharani.toml with the group's board replaces tajkit's default board, and the
    outputs stop calling the board a default."""
    (tmp_path / "maharani.toml").write_text(
        '[board]\nmarks = ["c c c c", "c c c c", "c c c c", "c c c c"]\nquarters = ["1122", "1122", "4433", "4433"]\n'
        'marks_source = "tajkit default"\nquarters_source = "tajkit default"\n',
        encoding="utf-8",
    )
    spec = load_spec(tmp_path)
    assert len(spec.spaces) == 16 and len(spec.centre_spaces) == 16
    assert not any(n.startswith("board") for n in spec.defaults)
    pos = notation.parse_position(spec, "4/4/4/4 - Bc,Rc,Gc,Yc s:0;n:0 1")
    assert notation.format_position(spec, pos) == "4/4/4/4 - Bc,Rc,Gc,Yc s:0;n:0 1"


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ('[board]\nmarks = ["c x"]\nquarters = ["12"]\n', "board b1: column marks 'x'"),
        ('[board]\nmarks = ["e c", "c c"]\nquarters = ["12", "43"]\n', "board a2: half a column on its e edge, but b2 shows none on its w edge"),
        ('[board]\nmarks = ["c c"]\nquarters = ["11"]\n', "the palace has four quarters"),
        ("[rondel]\nfacing = [1, 1, 3, 4]\n", "rondel.facing: each quarter 1-4 once"),
        ("[quarter_scoring]\ngold = [0, 4, 6]\ngold_source = [\"rulebook\", \"rulebook\", \"inferred\"]\n",
         "quarter_scoring.gold: 3 values, but a player can have 6 workers in a quarter"),
        ("[workers]\nper_colour = { \"2\" = 7, \"3\" = 10, \"4\" = 0 }\n", "workers.per_colour.4: 1-30 workers"),
        ("[players]\nseats = { \"2\" = [\"s\", \"s\"], \"3\" = [\"s\", \"w\", \"n\"], \"4\" = [\"s\", \"w\", \"n\", \"e\"] }\n",
         "players.seats.2: 2 different sides"),
        ("[tiles]\nkinds_source = \"tajkit defualt\"\n", "tiles.kinds_source"),
        ("[board]\nmarkz = []\n", "unknown field 'markz' (did you mean marks?)"),
    ],
)
def test_a_groups_data_is_checked(tmp_path, toml, message):
    (tmp_path / "maharani.toml").write_text(toml, encoding="utf-8")
    with pytest.raises(BadData) as caught:
        load_spec(tmp_path)
    assert any(message in problem for problem in caught.value.problems), caught.value.problems


def test_a_typed_finished_table_scores_the_unfinished_quarters_still_holding_workers():
    """A játék vége / Különleges eset 2: a table where the bag is empty and no tile left fits is
    over; workers still standing in unfinished quarters are scored now."""
    from test_maharani_support import spec_with

    spec = spec_with(tiles={"kinds": [{"marks": "c", "per_colour": 2}] + [{"marks": m, "per_colour": 0}
                                                                         for m in ("n", "e", "s", "w", "ne", "sw", "ns", "ew")]})
    centre = {"b6": "Bs", "d6": "Bn", "f7": "On", "f5": "On", "c4": "Rn", "e3": "Rn", "g3": "Gn", "c2": "Gn"}
    pos = position(centre, {"b6": "1"}, gold=(7, 3, 0, 0), spec=spec)
    state = GAME.read_state(spec, {"game": "maharani", "position": notation.format_position(spec, pos)})
    assert state.over.startswith("the bag is empty")
    result = GAME.score(spec, state)
    green = next(p for p in result.players if p.name == "player 1")
    assert [(r.label, r.points) for r in green.rows] == [("Start", 7), ("Quarter 1 (end of the game)", 4)]
    assert green.total == 11 and result.players[0].name == "player 1"


# --- one record format: the state file converted into the protocol's record --------------------------


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_a_state_file_is_the_protocols_record_replayed(players, seed):
    """A state file's turns are converted into the protocol's record (files.to_record): that record,
    replayed by protocol.replay, gives the very states the reader's replay holds, and the scorer's
    turns are the protocol states' results (set-aside draws aside, which the record leaves out)."""
    from tajkit.solver.protocol import replay

    data = record(players=players, seed=seed)
    state = read(data)
    again = replay(GAME.rules(SPEC), state.replayed.record)
    assert again.states == state.replayed.states and again.actions == state.replayed.actions
    assert again.state.turns == state.last.turns and len(state.results) == len(data["turns"])
    assert [r.after for r in state.results] == [r.after for r in state.last.results]


def test_tiles_drawn_and_set_aside_are_kept_from_the_file():
    """Különleges eset 1: a centre-column tile drawn once the centre spaces are taken is set aside;
    the file writes it among the draws, the protocol's record leaves it out, the scorer says it."""
    game = samples.random_game(SPEC, 4, 7)
    turns = [k for k, r in enumerate(game.results) if any(t not in r.drawn for t in r.took)]
    assert turns, "a game with a centre-column tile drawn and set aside"
    state = read(record(players=4, seed=7))
    for k in turns:
        assert state.results[k].took == game.results[k].took and state.results[k].set_aside == game.results[k].set_aside
        assert state.results[k].set_aside != state.last.results[k].set_aside


def test_only_the_last_turn_may_leave_out_the_tiles_drawn():
    """Mozaik darabok lerakása: the rondel is refilled at the end of every turn, so a turn before
    another must write its draws; the last may leave them out (its slots stay empty)."""
    data = {"game": "maharani", "position": START, "players": [{"name": "Anna"}, {"name": "Bence"}], "turns": ["3d7s+b", "r"]}
    with pytest.raises(IllegalMove, match=r"^turn 1 \(Anna, '3d7s\+b'\): no tiles drawn are written, but slot 3 .* only the last turn"):
        read(data)
    last = read({**data, "turns": ["3d7s+b"]})
    assert last.end.rondel[2] is None and len(last.results) == 1 and last.replayed.state.phase == "draw"
