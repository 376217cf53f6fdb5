"""Maharani at the table (solver/maharani/play.py): the setup a session asks for, the hint's position
from a game's state, the hint's turns as events the rules accept (with the gold each claims), and the
table as text, as a state file and as a picture. Sections are cited by the rulebook's Hungarian
headings (maharani-hungarian.txt)."""

from __future__ import annotations

import random
from importlib import import_module

import pytest
from protocol_check import check_hint_answer
from test_maharani_support import SPEC, position

from tajkit.solver import games
from tajkit.solver.errors import BadInput
from tajkit.solver.maharani import notation
from tajkit.solver.maharani.protocol import CHOOSE, DRAW, MORE
from tajkit.solver.maharani.spec import marks_code
from tajkit.solver.protocol import CHANCE, Record, played, random_action, random_game, replay

GAME = games.get("maharani")
PLAY = GAME.play(SPEC)
RULES = PLAY.rules
NAMES = ["Anna", "Bence", "Csilla", "Dóra"]
HINT_DEFAULTS = {o.name: o.default for o in GAME.hint.options}
SEVEN_CENTRES = {"b6": "Bn", "d6": "Bn", "f7": "On", "f5": "On", "c4": "Rn", "e3": "Rn", "g3": "Gn"}  # c2 is the eighth


def setup_from(names: list[str], *answers: str) -> dict:
    """The setup a session builds: the players, then each question's answer stored under its key."""
    setup = PLAY.players_setup(names)
    for question, answer in zip(PLAY.setup_questions(names), answers, strict=True):
        setup[question.key] = question.read(answer)
    return setup


def play(s, *events: str):  # noqa: ANN001, ANN201
    for text in events:
        s = RULES.apply(s, RULES.parse(s, text))
    return s


def refusal(call, *args) -> str:  # noqa: ANN001
    with pytest.raises(BadInput) as caught:
        call(*args)
    (problem,) = caught.value.problems
    assert "\n" not in problem
    return problem


def turn_starts(seed: int, players: int, every: int = 9) -> list:
    """States of a seeded random game at the start of a turn (the player to move, nothing placed):
    every ``every``-th and the last (the turn that ends the game)."""
    states = replay(RULES, random_game(RULES, random.Random(seed), players)).states
    starts = [s for s in states if RULES.to_act(s) not in (None, CHANCE) and s.phase == CHOOSE]
    return [*starts[:-1:every], starts[-1]]


def hint(s, player: str | None = None, **options):  # noqa: ANN001, ANN003, ANN201
    """The hint's answer for ``player`` (default: whoever acts), its command's options at their defaults."""
    return PLAY.hint(s, player or RULES.to_act(s), {}, HINT_DEFAULTS | options)


def draw_to_end_of_turn(s, rng: random.Random):  # noqa: ANN001, ANN201
    """The table draws the tiles the rondel needs (chance), until a player is to move or the game ends."""
    while RULES.to_act(s) == CHANCE:
        s = RULES.apply(s, random_action(RULES, s, rng))
    return s


def totals(s) -> dict[str, int]:  # noqa: ANN001
    return {p.name: p.total for p in RULES.standings(s).players}


# --- the setup ------------------------------------------------------------------------------------------


def test_the_players_and_the_four_tiles_drawn_start_a_game():
    """Előkészületek 4.: four tiles are drawn onto rondel slots 1-4; A játék menete: the players
    take turns in seat order, the first named begins. The tiles are typed as the draws are, in any
    letter case, separated by spaces or commas."""
    setup = setup_from(NAMES[:3], " bne, RC gs Yew ")
    assert setup == {"players": [{"name": "Anna"}, {"name": "Bence"}, {"name": "Csilla"}], "rondel": ["Bne", "Rc", "Gs", "Yew"]}
    s = RULES.start(setup)
    assert RULES.to_act(s) == "Anna" and s.table.names == ("Anna", "Bence", "Csilla")
    assert [notation.tile_text(SPEC, t) for t in s.position.rondel] == ["Bne", "Rc", "Gs", "Yew"]
    assert not any(s.position.gold) and all(c < 0 for c in s.position.colour)


def test_a_bad_rondel_answer_is_refused_naming_the_value_and_the_rule():
    """Előkészületek 4.: exactly four tiles, each a tile of the set (colour letter and column marks),
    no more of one kind than the set holds (two of each colour's centre tiles, one of the others)."""
    (question,) = PLAY.setup_questions(NAMES[:2])
    three = refusal(question.read, "Bne Rc Gs")
    assert "'Bne Rc Gs'" in three and "3 tile(s)" in three and "rulebook: Előkészületek 4." in three
    colour = refusal(question.read, "Bne Rc Gs Xew")
    assert colour.startswith("rondel slot 4: 'Xew'") and "not a tile colour" in colour
    marks = refusal(question.read, "Bne Rc Gq Yew")
    assert marks.startswith("rondel slot 3: 'Gq'") and "no tile kind has the column marks" in marks
    assert "Bc 3 times, but the set has 2" in refusal(question.read, "Bc bc BC Yew")
    RULES.start(setup_from(NAMES[:2], "Bc Bc Rc Yew"))  # two of a centre tile: the set has them


def test_the_player_count_is_checked_when_the_game_starts():
    """A játék tartozékai: Maharani is for 2-4 players (the names alone make a setup's players, as
    a session asks them; the rules refuse the count)."""
    assert PLAY.players_setup(["Anna"]) == {"players": [{"name": "Anna"}]}
    assert "needs at most 4: 2-4 players" in refusal(RULES.start, setup_from([*NAMES, "Emil"], "Bne Rc Gs Yew"))
    assert "needs at least 2: 2-4 players" in refusal(RULES.start, setup_from(["Anna"], "Bne Rc Gs Yew"))


def test_the_rondel_question_completes_every_tile_and_has_no_default():
    """The rondel holds what was drawn, so nothing stands for an empty answer; the words offered
    are every tile of the set, each read back as itself."""
    (question,) = PLAY.setup_questions(NAMES)
    assert question.key == "rondel" and question.default is None
    assert len(question.choices) == len(SPEC.colours) * len(SPEC.kinds)
    for tile in question.choices:
        others = [t for t in ("Rn", "Gs", "Yew", "Bc") if t != tile][:3]
        assert question.read(" ".join([tile, *others])) == [tile, *others]
    for q in PLAY.setup_questions(NAMES):
        if q.default is not None:
            q.read(q.default)


def test_a_hint_asks_nothing_maharani_hides_nothing():
    """Maharani has no hidden components: the rondel, the board, the gold and the markers are on the
    table, so a hint needs no answer from the player."""
    s = RULES.start(setup_from(NAMES, "Bne Rc Gs Yew"))
    assert all(PLAY.hint_questions(s, name) == () for name in NAMES)


# --- the hint's position --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_hint_reads_the_position_of_every_turn_start(players: int):
    """A játék menete: at the start of each turn the player to move chooses a refresh or tiles; the
    position given is the table the game has reached (read by the state reader, the hint lists
    the best turns for that player from it)."""
    for seed in range(3):
        for s in turn_starts(seed, players):
            again, player, answers = PLAY.position_state(RULES.state_file(s), HINT_DEFAULTS)
            assert again.position == s.position and player == RULES.to_act(s) and answers == {}
            answer = hint(s, objective="gold")  # the position is the point here: the exact hint is quick
            assert answer.player == RULES.to_act(s) and answer.report.json["turns"]
            assert PLAY.hint(again, player, answers, HINT_DEFAULTS | {"objective": "gold"}).report.text == answer.report.text


def test_a_hint_is_refused_when_no_turn_can_be_planned():
    """A hint plans a whole turn (A játék menete): not once a tile is placed (the rest of the turn is
    a second tile or end, A játékos lerakhat egy második mozaikot), not while the table draws for
    the rondel (Mozaik darabok lerakása), not for a player whose turn it is not, not after the
    game's end (A játék vége)."""
    s = RULES.start(setup_from(NAMES[:3], "Bne Rc Gs Yew"))
    assert "it is Anna's turn" in refusal(PLAY.hint, s, "Bence", {}, HINT_DEFAULTS)
    placed = play(s, "2c4n")
    assert placed.phase == MORE
    problem = refusal(PLAY.hint, placed, "Anna", {}, HINT_DEFAULTS)
    assert problem.startswith("a hint is for the start of a turn: Anna has placed 2c4n") and "end, or undo" in problem
    drawing = play(placed, "end")
    assert RULES.to_act(drawing) == CHANCE
    problem = refusal(PLAY.hint, drawing, "Anna", {}, HINT_DEFAULTS)
    assert "draws a tile from the bag for slot 2" in problem and "type the tile drawn first" in problem
    end = replay(RULES, random_game(RULES, random.Random(5), 2)).state
    assert "the game is over" in refusal(PLAY.hint, end, end.table.names[0], {}, HINT_DEFAULTS)


# --- the hint's turns as events ---------------------------------------------------------------------------


def check_plays(s, answer, rng: random.Random) -> list[dict]:  # noqa: ANN001
    """Every listed turn played from ``s`` by its actions (then the draws): the events are the turn's
    placements in its order, and the gold each player gains is the gold the report claims. Returns
    the turns whose gold was checked."""
    check_hint_answer("maharani", s, RULES.to_act(s), answer)
    listed = answer.report.json["turns"]
    plays = [played(RULES, s, move.actions) for move in answer.moves]
    assert [m["events"] for m in answer.report.json["moves"]] == [list(p) for p in plays]
    assert len(plays) == len(listed)
    player = RULES.to_act(s)
    before = totals(s)
    checked = []
    for turn, events in zip(listed, plays, strict=True):
        words = turn["text"].split()
        after = s
        for event in events:
            assert RULES.to_act(after) == player
            after = RULES.apply(after, RULES.parse(after, event))
        placements = [e for e in events if e != "end"]
        assert placements == words[: len(placements)]
        assert events[-1:] != ("end",) or len(words) == 1
        after = draw_to_end_of_turn(after, rng)
        if RULES.to_act(after) == player:  # the first tile took the last centre space: the rondel was refilled first
            assert after.phase == MORE and len(events) < len(words) + (len(words) == 1)
            for event in words[len(placements):] or ["end"]:
                after = RULES.apply(after, RULES.parse(after, event))
            after = draw_to_end_of_turn(after, rng)
        assert len(after.turns) == len(s.turns) + 1
        now = totals(after)
        if after.over is not None and turn["over"] is None:
            continue  # the tiles drawn ended the game (none fits): the hint cannot know them
        assert {name: now[name] - before[name] for name in before} == turn["gold"], (turn["text"], after.turns[-1])
        checked.append(turn)
    return checked


@pytest.mark.parametrize("objective", ["gold", "margin"])
def test_each_listed_turn_plays_as_events_and_gains_the_gold_the_hint_claims(objective: str):
    """A játék menete / A játékos lerakhat egy második mozaikot: a listed turn is a refresh (``r``),
    one tile then ``end``, or two tiles; played through the rules with the tiles then drawn, each
    player's gold moves as the hint's report says (the tiles, the workers, −2 for a second tile,
    the quarters it completes: the scorer's standings before and after)."""
    rng = random.Random(objective)
    checked = []
    for seed, players in ((11, 2), (12, 3), (13, 4)):
        for s in turn_starts(seed, players, every=8):
            checked += check_plays(s, hint(s, objective=objective, top=6), rng)
    assert len(checked) > 80
    assert any(t["refresh"] for t in checked) and any(t["second_tile"] for t in checked)
    assert any(t["quarter_scorings"] for t in checked) and any(t["over"] for t in checked)


def test_a_turn_through_the_last_centre_space_stops_where_the_table_draws():
    """Különleges eset 1: when a tile takes the last of the 8 centre-column spaces, the centre-column
    tiles left on the rondel leave the game at once and their slots are refilled before a second
    tile. The hint lists such turns (its report said so with a crash before: the tiles leaving were
    not counted as set aside); their events stop at the tile, and the rest follows the draws."""
    pos = position(SEVEN_CENTRES, rondel=("Yc", "Pc", "Yn", "Gc"))  # Anna, side s: slot 1 faces quarter 3, c2 is quarter 4
    s = RULES.start({"position": notation.format_position(SPEC, pos), "players": [{"name": n} for n in NAMES]})
    answer = hint(s, top=50, objective="gold")
    report = answer.report
    through_centre = [t for t in report.json["turns"] if t["tiles"][0:1] and t["tiles"][0]["set_aside"]]
    assert through_centre and all(len(t["set_aside"]) == 2 for t in through_centre)
    assert "Pc and Gc leave the rondel and the game" in report.text
    for turn, move in zip(report.json["turns"], report.json["moves"]):
        if turn in through_centre:
            assert move["events"] == [turn["text"].split()[0]]
    assert len(check_plays(s, answer, random.Random(1))) == 50


# --- the table as text, as a state file, as a picture ---------------------------------------------------------


def test_describe_says_whose_turn_and_shows_the_table():
    """The table at a glance: who is to act and what they may type, the rondel's slots 1-4 with the
    quarter each faces (Mozaik darabok lerakása), each player's gold, face-down markers and workers
    per quarter, and the floor in the notation's coordinates; short lines for a terminal."""
    s = RULES.start(setup_from(NAMES[:3], "Bne Rc Gs Yew"))
    text = PLAY.describe(s)
    assert text.startswith("Anna to move: a tile") and "r (refresh)" in text
    assert "1 Bne→q" in text and "4 Yew→q" in text and "2 Bence: 0 gold, markers all up\n    side w, " in text
    placed = play(s, "2c4n")
    text = PLAY.describe(placed)
    assert text.startswith("Anna placed 2c4n: a second tile") and "or end" in text
    assert " 4  es    w     Rn    " in text and "2 -" in text  # c4 holds the red tile; slot 2 is empty
    text = PLAY.describe(play(placed, "end"))
    assert text.startswith("The table draws a tile from the bag for slot 2 of the rondel: type it")
    states = [s for seed in (21, 22, 23) for s in replay(RULES, random_game(RULES, random.Random(seed), 2 + seed % 3)).states]
    assert {s.phase for s in states} >= {CHOOSE, MORE, DRAW} and any(s.over for s in states)
    for s in states:
        text = PLAY.describe(s)
        assert all(len(line) <= 80 for line in text.splitlines()), text
        names = s.table.names
        for k, name in enumerate(names):
            assert f"{k + 1} {name}: {s.position.gold[k]} gold, markers " in text
    end = replay(RULES, random_game(RULES, random.Random(5), 2)).state
    winner = RULES.standings(end).players[0]
    assert PLAY.describe(end).startswith(f"Game over: {winner.name} wins with {winner.total} gold\n  ({end.over})")


def test_the_text_board_shows_the_quarters_and_each_free_spaces_column_marks():
    """Issue 43: the text position reads as the picture does. Mozaik darabok lerakása: column
    marks decide where a tile may lie, so every free space shows its printed marks (the seed's
    board, c n e s w), a tile its colour and arrow; the quarters' borders are drawn where two
    quarters meet and each quarter is named with its free spaces; a legend says it; every line
    fits 80 columns."""
    s = play(RULES.start(setup_from(NAMES[:3], "Bne Rc Gs Yew")), "2c4n")
    lines = PLAY.describe(s).splitlines()
    top = next(k for k, line in enumerate(lines) if line.lstrip().startswith("a     b     c"))
    board = {}
    for line in lines[top + 1:]:
        if line[:3].strip().isdigit():
            for col in range(SPEC.width):
                board[(col, SPEC.height - int(line[:3]))] = line[3 + col * 6:3 + col * 6 + 5].strip()
    for k, space in enumerate(SPEC.spaces):
        expected = "Rn" if space.name == "c4" else marks_code(space.marks)
        assert board[(space.col, space.row)] == expected, space.name
    assert lines[top - 1].split() == ["q1", "lion,", "14", "free", "q2", "monkey,", "14", "free"]
    assert "q4 elephant, 13 free" in lines[top + SPEC.height + 2] and "q3 peacock, 14 free" in lines[top + SPEC.height + 2]
    d8 = lines[top + 1]
    assert d8[3 + 4 * 6 - 1] == "│"  # between d8 (quarter 1) and e8 (quarter 2)
    border = lines[top + 5]  # under rank 5: quarters 1 and 2 above, 4 and 3 below
    assert set(border.strip()) == {"─", " "} and border.startswith("   ─")
    legend = " ".join(line.strip() for line in lines[top + SPEC.height + 3:])
    assert "column marks: c a column in the middle, n e s w half a column on that edge" in legend
    assert "│ ─ the quarters' borders" in legend and all(len(line) <= 80 for line in lines)


def test_describe_says_a_tie_at_the_end_is_shared():
    """A játék vége: the most gold wins; the rulebook names no tie-break, so players level on gold
    share the lead (the scorer's ranks)."""
    end = replay(RULES, random_game(RULES, random.Random(28), 3)).state
    first = [p for p in RULES.standings(end).players if p.rank == 1]
    assert len(first) == 2 and first[0].total == first[1].total
    text = PLAY.describe(end)
    assert text.startswith(f"Game over: {first[0].name} and {first[1].name} share the lead with {first[0].total} gold")
    assert "the rulebook names no tie-break" in " ".join(text.split()) and all(len(line) <= 80 for line in text.splitlines())


def test_the_state_file_is_the_game_so_far_and_scores_as_the_standings():
    """The state file holds the setup and the turns finished (a turn under way counts when it ends);
    read by the state reader it is the same table, and at the end (A játék vége) the scorer's total
    for each player is the standings'."""
    for seed, players in ((31, 2), (32, 3), (33, 4)):
        states = replay(RULES, random_game(RULES, random.Random(seed), players)).states
        for s in states[:: len(states) // 5]:
            data = PLAY.state_file(s)
            assert GAME.read_state(SPEC, data).end == s.before
        end = states[-1]
        scored = GAME.score(SPEC, GAME.read_state(SPEC, PLAY.state_file(end)))
        assert [(p.name, p.total) for p in scored.players] == [(p.name, p.total) for p in RULES.standings(end).players]


def test_the_picture_draws_a_game_under_way_and_a_finished_one(tmp_path):
    """The state file of a game under way and of a finished one drawn as PNG (what tajkit show
    makes of a session)."""
    record = random_game(RULES, random.Random(41), 3)
    states = replay(RULES, Record(record.game, record.setup, record.events)).states
    drawing = import_module(GAME.drawing)
    for name, s in (("middle", states[len(states) // 2]), ("end", states[-1])):
        png = drawing.picture(SPEC, PLAY.state_file(s))
        assert png.startswith(b"\x89PNG")
        (tmp_path / f"{name}.png").write_bytes(png)


def test_a_group_of_turns_is_named_by_its_rondel_tile_and_place() -> None:
    """Rondel (Előkészületek 4.): a turn names the slot of the tile it takes first; the words for
    a group of turns say that tile and where it goes, and nothing for a start that is no slot."""
    play = GAME.play(SPEC)
    state = play.rules.start({"rondel": ["Yew", "Gc", "Yc", "Bew"], "players": [{"name": "Anna"}, {"name": "Bence"}]})
    assert play.choice_label(state, "2") == "tile 2 (Gc)"
    assert play.choice_label(state, "2c") == "tile 2 (Gc) in column c"
    assert play.choice_label(state, "2c4") == "tile 2 (Gc) on c4"
    assert play.choice_label(state, "r") is None and play.choice_label(state, "7c") is None
