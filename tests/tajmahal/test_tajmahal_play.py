"""Taj Mahal at the table (``solver/tajmahal/play.py``): the setup a table types, the hint on the
protocol's state of a province in progress with the asker's hidden hand, the actions that play a
hinted move, the table as text and as the record ``tajkit score`` reads; against the seed
rulebook ``taj-mahal.txt``."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from tajkit.solver.errors import BadInput
from tajkit.solver.protocol import CHANCE, played, random_action, random_game, replay
from tajkit.solver.tajmahal import GAME
from tajkit.solver.tajmahal.files import read_hint_position
from tajkit.solver.tajmahal.play import WIDTH, flowed
from tajkit.solver.tajmahal.notation import card_text
from tajkit.solver.tajmahal.protocol import TajMahalState
from tajkit.solver.tajmahal.rules import Withdraw
from tajkit.solver.tajmahal.spec import SYMBOLS

SPEC = GAME.load_spec()
PLAY = GAME.play(SPEC)
RULES = PLAY.rules
NAMES = ["Asha", "Ben", "Chen"]
DECK = "ET P P E EM E E T T PP Y W M M EE E T P Y W E E T M EP TY E E P W"  # the seed lists none
HINT_DEFAULTS = {o.name: o.default for o in GAME.hint.options}


def typed_setup(names=NAMES, **typed: str) -> dict:
    """The setup a session builds: the players, then each question answered with ``typed`` or its default."""
    setup = PLAY.players_setup(names)
    answers = {"deck": DECK, "hand_size": "6"} | typed
    for q in PLAY.setup_questions(names):
        value = q.read(answers.get(q.key, q.default))
        if value is not None:  # None: the game data's value, nothing to record
            setup[q.key] = value
    return setup


def play(state: TajMahalState, *events: str) -> TajMahalState:
    for event in events:
        state = RULES.apply(state, RULES.parse(state, event))
    return state


def refused(read, text: str) -> str:
    with pytest.raises(BadInput) as bad:
        read(text)
    (problem,) = bad.value.problems
    assert "\n" not in problem
    return problem


def question(key: str, state=None, player=None):
    questions = PLAY.hint_questions(state, player) if state is not None else PLAY.setup_questions(NAMES)
    return next(q for q in questions if q.key == key)


def hint(position):
    """The hint on a position file (``tajkit hint tajmahal FILE``)."""
    return GAME.hint.run(SPEC, dict(position.data), **(HINT_DEFAULTS | dict(position.options)))


def hint_in_play(state, player, answers):
    """The hint on the protocol's state (a game in play), the same call as ``hint`` on its file."""
    return PLAY.hint(state, player, answers, HINT_DEFAULTS)


def some_hand(state: TajMahalState, seat: int, rng: random.Random) -> list[str]:
    """A hand the player may hold: cards still left of their 30, as many as their hand holds now."""
    left, count = RULES.open_cards(state, seat)
    return [card_text(c) for c in rng.sample(list(left), count)]


def hidden_states(seed: int, count: int, players: int = 3) -> list[TajMahalState]:
    """``count`` states of a seeded game with hidden hands (a table's setup), each a player to act in
    the middle of a province: cards already in the displays, often someone out."""
    rng = random.Random(f"tajmahal play {seed}")
    setup = RULES.random_setup(rng, players)
    del setup["draws"]
    state, found = RULES.start(setup), []
    while RULES.to_act(state) is not None and len(found) < count:
        if RULES.to_act(state) != CHANCE and state.turns and rng.random() < 0.2:
            found.append(state)
        state = RULES.apply(state, random_action(RULES, state, rng))
    return found


def asked(seeds, rng: random.Random):
    """For two states of each seeded game (2-4 players, hidden hands): the state, the seat and the
    name of the player to act, and a hand they may hold, typed as the answer to the hint's question."""
    for seed in seeds:
        for state in hidden_states(seed, 2, players=2 + seed % 3):
            seat = state.round.to_move
            player = state.names[seat]
            yield state, seat, player, {q.key: q.read(" ".join(some_hand(state, seat, rng)) or "none")
                                        for q in PLAY.hint_questions(state, player)}


# --- the setup --------------------------------------------------------------------------------


def test_the_typed_setup_starts_a_game():
    """Rulebook: Components (30 bidding cards a player, the seed lists none: the table types them),
    Setup 4 and Cleanup (the hand players draw back to), Setup 6 (bonus tiles; the game data's when
    the table keeps the default); draws are never asked: hands stay hidden."""
    setup = typed_setup()
    assert set(setup) == {"players", "deck", "hand_size"}
    state = RULES.start(setup)
    assert state.names == tuple(NAMES) and state.hand_size == 6 and state.hands is None
    assert Counter(card_text(c) for c in state.deck) == Counter(DECK.split())
    assert not any(state.tiles_typed) and {t.points for t in state.tiles} == {SPEC.bonus_tile}
    assert RULES.to_act(state) == CHANCE


def test_typed_bonus_tiles_give_each_province_its_points_and_when_they_score():
    """Rulebook: Setup 6 (bonus tiles on the board) and Scoring ("Bonus tiles provide immediate or
    end-game points"): ``4end`` scores at the end, ``3now`` at once, a bare number as the game data says."""
    state = RULES.start(typed_setup(bonus_tiles="4end 3now 1 2 2 2 2 2 2 2 2 5e"))
    assert all(state.tiles_typed)
    assert [(t.points, t.at_end) for t in state.tiles[:3]] == [(4, True), (3, False), (1, SPEC.bonus_tile_at_end)]
    assert (state.tiles[11].points, state.tiles[11].at_end) == (5, True)


def test_every_default_answer_is_read():
    """An empty answer stands for the question's default, which its own reader accepts."""
    for q in PLAY.setup_questions(NAMES):
        if q.default is not None:
            q.read(q.default)
    assert question("hand_size").default is None  # the seed gives no hand size: the table says


def test_bad_setup_answers_name_the_value_and_the_rule():
    """A deck of 29 cards, a card not in the notation, a hand size out of 1-30, 11 bonus tiles or
    one with a word the notation lacks: one line each naming the value and the rule."""
    deck = question("deck").read
    assert "29 cards" in refused(deck, DECK.rsplit(" ", 1)[0]) and "rulebook: Components" in refused(deck, "E")
    assert "'X' is not a card" in refused(deck, DECK.replace("PP", "X"))
    size = question("hand_size").read
    for text in ("0", "31", "six", ""):
        problem = refused(size, text)
        assert f'hand_size = "{text}"' in problem and "Setup 4 and Cleanup" in problem
    tiles = question("bonus_tiles").read
    assert "12 provinces" in refused(tiles, "2 " * 11) and "Setup 6" in refused(tiles, "2 " * 11)
    assert '"3later" (province 2)' in refused(tiles, "2 3later" + " 2" * 10)
    assert "bonus_tiles[3] = 1001" in refused(tiles, "2 2 1001" + " 2" * 9)
    with pytest.raises(BadInput, match="takes 2-4"):
        RULES.start(typed_setup(["Asha"]))
    with pytest.raises(BadInput, match="appears twice"):
        RULES.start(typed_setup(["Asha", "Asha"]))


# --- the hint from the round being played ----------------------------------------------------


def test_a_hint_in_the_middle_of_a_province_reads_the_round_as_it_lies():
    """The issue's complaint: a province in progress (Ben has withdrawn with the Elephant, Asha and
    Chen still bidding) reaches the hint with nothing retyped: the hint position reproduces the
    live round of the rules model (displays, who is out, prizes taken, whose turn) and the hint
    answers for Chen with the hand she types (rulebook: Bidding Phase, Prize Collection)."""
    state = play(RULES.start(typed_setup()), "start Ben", "play E", "play T P", "play PP", "withdraw", "play Y")
    assert RULES.to_act(state) == "Asha"
    (ask,) = PLAY.hint_questions(state, "Asha")
    assert ask.prompt == "your hand (5 cards)"
    position = PLAY.position(state, "Asha", {"hand": ask.read("ET M M EE W")})
    read = read_hint_position(SPEC, dict(position.data))
    assert read.round() == replace(state.round, claimed=tuple(None if c is None else -1 for c in state.round.claimed))
    assert tuple(s.display for s in read.seats) == PLAY.displays(state)  # each card, in the order played
    report = hint(position)
    assert report.json["player"] == "Asha" and report.json["unclaimed"] == [c for c in SYMBOLS if c != "elephant"]


def test_positions_of_seeded_games_with_hidden_hands_give_hints():
    """Eight seeded games (2-4 players, with a hand size) stopped mid-province: each position is
    read by the hint's reader, its round is the state's own, and the hint answers for the player
    to act with a hand drawn from the cards they have left (rulebook: Components, Cleanup)."""
    rng = random.Random(11)
    for seed in range(8):
        for state in hidden_states(seed, 2, players=2 + seed % 3):
            seat = state.round.to_move
            player = state.names[seat]
            answers = {}
            for q in PLAY.hint_questions(state, player):
                answers[q.key] = q.read(" ".join(some_hand(state, seat, rng)) or "none")
            position = PLAY.position(state, player, answers)
            read = read_hint_position(SPEC, dict(position.data))
            assert read.round().displays == state.round.displays
            assert read.round().withdrawn == state.round.withdrawn and read.turn == seat
            assert hint(position).json["player"] == player


def test_with_full_information_the_hint_needs_no_question():
    """A setup with each deck's draw order (a solitaire, a test) holds every hand: nothing is
    asked and the hint chooses from the hand the rules dealt (rulebook: Setup 4)."""
    record = random_game(RULES, random.Random(5), 3)
    states = replay(RULES, record).states
    state = next(s for s in states[len(states) // 3:] if RULES.to_act(s) not in (None, CHANCE) and s.turns)
    player = RULES.to_act(state)
    assert PLAY.hint_questions(state, player) == ()
    position = PLAY.position(state, player, {})
    seat = state.names.index(player)
    dealt = [c["hand"] for c in position.data["players"] if "hand" in c]
    assert dealt == [[list(c.symbols) for c in state.hands[seat]]]
    assert hint(position).json["player"] == player


def test_a_hand_the_public_cards_decide_is_not_asked():
    """Drawing back to a hand size of 30 puts the whole deck in hand (rulebook: Setup 4): what is
    left of it is the hand, so the table is not asked and the hint still answers."""
    state = play(RULES.start(typed_setup(hand_size="30")), "start Asha", "play E E", "play T")
    assert PLAY.hint_questions(state, "Chen") == ()
    position = PLAY.position(state, "Chen", {})
    (hand,) = [p["hand"] for p in position.data["players"] if "hand" in p]
    assert len(hand) == 30
    assert hint(position).json["player"] == "Chen"


def test_a_hand_the_public_cards_rule_out_is_refused():
    """A hand holding a card the player has no copy of left (played ones are discarded), or more
    copies than are left, or not the hand's count after drawing back to 6: one line naming the
    card or the count and the rule (rulebook: Components, Cleanup; Setup 4)."""
    state = play(RULES.start(typed_setup()), "start Asha", "play E", "play T", "play PP", "play E", "play T")
    ask = question("hand", state, "Chen")
    problem = refused(ask.read, "PP E E E E")
    assert problem.startswith("hand: PP: Chen has no PP left of their 30 cards, 1 played") and "Components" in problem
    assert refused(ask.read, "EE EE E E E").startswith("hand: EE x2: Chen has only 1 EE left")
    problem = refused(ask.read, "E E")
    assert "hand: 2 cards, but Chen holds 5: a hand of 6 at the start of province 1, less 1 played since" in problem
    assert "Setup 4 and Cleanup" in problem
    assert "'Q' is not a card" in refused(ask.read, "Q E E E E")
    assert ask.read("e, ET m M p") == ["E", "ET", "M", "M", "P"]
    with pytest.raises(BadInput, match="hand: PP: Chen has no PP"):
        PLAY.position(state, "Chen", {"hand": ["PP", "E", "E", "E", "E"]})
    with pytest.raises(BadInput, match="chooses from Chen's hand, which only they have seen"):
        PLAY.position(state, "Chen", {})


def test_no_hint_when_chance_acts_the_game_is_over_or_the_player_is_out():
    """The starting player is drawn first (rulebook: Setup 7); after the 12th province the game is
    over (Turn Structure); a player who has withdrawn takes no more actions this round (Bidding
    Phase). Each is refused with why, and nothing is asked."""
    start = RULES.start(typed_setup())
    with pytest.raises(BadInput, match=r"starting player is drawn first.*Setup 7"):
        PLAY.position(start, "Asha", {})
    over = replay(RULES, random_game(RULES, random.Random(2), 2)).state
    with pytest.raises(BadInput, match="game is over after the 12th province"):
        PLAY.position(over, over.names[0], {})
    out = play(start, "start Asha", "withdraw")
    with pytest.raises(BadInput, match="Asha: they have withdrawn from province 1"):
        PLAY.position(out, "Asha", {"hand": ["E"] * 6})
    with pytest.raises(BadInput, match='"Dora": not one of the players'):
        PLAY.position(out, "Dora", {})
    assert PLAY.hint_questions(start, "Asha") == PLAY.hint_questions(over, "Ana") == PLAY.hint_questions(out, "Asha") == ()


def test_a_hint_for_a_player_still_in_whose_turn_it_is_not():
    """Chen may ask while Asha is to play: the hint is for her next turn with the displays as they
    lie, and it lists no event to take now (turns go clockwise, rulebook: Bidding Phase)."""
    state = play(RULES.start(typed_setup()), "start Asha", "play PP")
    answers = {"hand": question("hand", state, "Chen").read("E E T P M W")}
    answer = hint_in_play(state, "Chen", answers)
    assert answer.report.json["player"] == "Chen" and answer.report.json["turn"] == "Ben"
    assert answer.moves == () and answer.report.json["moves"] == []
    assert hint(PLAY.position(state, "Chen", answers)).text == answer.report.text  # its file: the same hint


# --- the events of a hinted move --------------------------------------------------------------


def standing(state: TajMahalState, name: str) -> int:
    return next(p.total for p in RULES.standings(state).players if p.name == name)


def test_each_hinted_move_plays_legally_and_takes_what_the_hint_says():
    """For positions of seeded games (hidden hands), every "best this turn" move is one protocol
    action, in the report's order, legal in the state (applied by the rules); withdrawing takes the
    prizes and the points the hint names, and after a play, withdrawing next turn with the displays
    as they lie takes them too, counted by the scorer; the move's value is those points less the
    card cost (rulebook: Bidding Phase, Prize Collection, Scoring)."""
    checked, kinds = 0, Counter()
    for state, seat, player, answers in asked(range(100, 106), random.Random(7)):
        answer = hint_in_play(state, player, answers)
        moves = answer.report.json["this_turn"]
        assert len(answer.moves) == len(moves) > 0
        assert answer.report.json["moves"] == [{"events": list(played(RULES, state, m.actions)), "value": m.value}
                                               for m in answer.moves]
        for move, advice in zip(moves, answer.moves):
            (action,) = advice.actions
            after = RULES.apply(state, action)
            assert advice.value == move["objective"] == move["points"] - SPEC.card_cost * len(move["cards"])
            if move["move"] == "play":
                assert sorted(list(c.symbols) for c in action.cards) == sorted(move["cards"])
                after = replace(after, round=replace(after.round, to_move=seat))  # their next turn, as it lies
                after = RULES.apply(after, Withdraw())
            withdrawal = next(w for _, w in reversed(after.withdrawals or after.rounds[-1].withdrawals)
                              if w.player == seat)
            assert list(withdrawal.prizes) == move["prizes"]
            assert standing(after, player) - standing(state, player) == move["points"]
            checked += 1
            kinds[move["move"]] += 1
    assert checked >= 30 and kinds["play"] and kinds["withdraw"]


# --- the table as text and as a file ----------------------------------------------------------


def test_describe_says_whose_turn_and_what_lies_on_the_table():
    """Whose turn first, then the province, each display in the card notation (who is out and what
    they took), who leads each open prize, and what everyone holds; short lines for a terminal."""
    state = play(RULES.start(typed_setup()), "start Ben", "play E", "play T P", "play PP", "withdraw", "play Y")
    text = PLAY.describe(state)
    lines = text.splitlines()
    assert lines[0] == "Asha's turn · Taj Mahal, province 1 of 12: play 1 or 2 cards, or withdraw"
    assert "  Asha  PP" in lines and "  Ben   E · out, took Elephant" in lines and "  Chen  P T Y" in lines
    assert "  open, leading: Tiger: Chen 1 · 2 Princesses: Asha 2 · Yellow Advisor: Chen 1" in lines
    assert "  open, nobody shows: White Advisor, Taj Mahal" in lines
    assert "  Ben: palaces in 1 (chain province 1 alone) · 29 cards left" in lines
    assert all(len(line) <= 80 for line in lines)
    assert "start NAME" in PLAY.describe(RULES.start(typed_setup())).splitlines()[0]
    over = replay(RULES, random_game(RULES, random.Random(2), 4)).state
    assert PLAY.describe(over).startswith("The game is over · Taj Mahal, all 12 provinces played\nHoldings:\n")
    assert all(len(line) <= 80 and line.strip() != "·" for line in PLAY.describe(over).splitlines())


def test_long_lines_break_between_parts_within_80_columns():
    """A player's holdings flow onto indented lines, broken only between parts, each line ending
    " ·" when one follows, none wider than the terminal."""
    parts = ["a" * 40, "b" * 33, "c" * 36, "d"]  # b and c fill 78 columns, but c is not the last part
    lines = flowed("  Bartholomew: ", parts)
    assert lines == ["  Bartholomew: " + "a" * 40 + " ·", "      " + "b" * 33 + " ·", "      " + "c" * 36 + " · d"]
    assert all(len(line) <= WIDTH for line in lines)


def test_the_state_file_is_what_each_player_holds_and_scores_as_the_standings():
    """The state file of a game in play is its final position as it stands (issue 42: the record
    is the game's one record; the old ``[[rounds]]`` form is no longer written): finished or in the
    middle of a province (the prizes taken at withdrawals so far counted, rulebook: Prize
    Collection), ``tajkit score`` gives it the standings' totals, ranks and cards left (Scoring /
    Victory Conditions)."""
    for seed in range(3):
        record = random_game(RULES, random.Random(seed), 2 + seed)
        states = replay(RULES, record).states
        for state in (states[-1], states[len(states) // 2]):
            data = PLAY.state_file(state)
            assert "rounds" not in data
            scored = GAME.score(SPEC, GAME.read_state(SPEC, data))
            standings = RULES.standings(state)
            assert [(p.name, p.total, p.rank, p.tiebreaks) for p in scored.players] == \
                [(p.name, p.total, p.rank, p.tiebreaks) for p in standings.players]
    assert not GAME.draws  # Taj Mahal has no picture for tajkit show (its drawing module draws the board alone)


def test_without_a_hand_size_the_hand_is_at_most_the_cards_left():
    """A record without a hand size (the protocol reads one) limits a hand only by the cards left
    of the 30 (rulebook: Components): the question says "up to", an empty hand reads as 'none', and
    a hand given as symbol lists (a record's JSON) reads too."""
    state = play(RULES.start({"players": NAMES, "deck": DECK.split()}), "start Asha", "play E E")
    ask = question("hand", state, "Ben")
    assert ask.prompt == "your hand (up to 30 cards)"
    assert ask.read("none") == [] and ask.read("M") == ["M"]
    position = PLAY.position(state, "Ben", {"hand": [["taj"], ["elephant", "tiger"]]})
    (hand,) = [p["hand"] for p in position.data["players"] if "hand" in p]
    assert hand == [["taj"], ["elephant", "tiger"]]
    assert hint(position).json["this_turn"]


def test_a_game_in_play_says_its_default_bonus_tiles_without_advice_about_a_file():
    """Issue 43: a session whose setup kept the default bonus tiles (rulebook: Setup 6; the seed
    gives no points, a tajkit default) says so in the standings and the hint, in words about the
    game's setup, never "add bonus_tile = N" to a file the table is not editing."""
    state = RULES.start(typed_setup())  # bonus_tiles: the default
    rng = random.Random(2)
    while RULES.to_act(state) is not None and not state.rounds:
        state = RULES.apply(state, random_action(RULES, state, rng))
    tiger = SYMBOLS.index("tiger")
    assert state.rounds[0].prizes[tiger] is not None, "province 1's Tiger prize was taken"
    notes = " ".join(RULES.standings(state).notes)
    assert "bonus tile taken in province 1 has no value in the game's setup (its bonus tiles were left at the " \
           "default), so each counts 2 (tajkit default)" in notes and "add bonus_tile" not in notes
    who = RULES.to_act(state)
    seat = state.names.index(who)
    answers = {q.key: q.read(" ".join(card_text(c) for c in RULES.open_cards(state, seat)[0][:6]))
               for q in PLAY.hint_questions(state, who)}
    hinted = " ".join(hint(PLAY.position(state, who, answers)).notes)
    assert "this province's bonus tile has no value given: it counts 2 (tajkit default)" in hinted
    assert "add bonus_tile" not in hinted


# --- the hint contract (solver/protocol.py, TablePlay.hint) ------------------------------------------


def test_every_turn_of_seeded_games_gets_a_hint_held_to_the_contract():
    """Rulebook: Bidding Phase (play 1 or 2 cards, or withdraw): at turns of seeded whole games of
    2-4 players with full information (the hands dealt), the hint for the player to act ranks
    moves that are protocol actions, legal and round-tripping through the notation (what ``take N``
    plays), best first, exact, with what their values mean and the report rendered from them;
    both kinds of move are advised somewhere."""
    from protocol_check import check_hint_answer

    kinds = Counter()
    for seed in range(6):
        states = replay(RULES, random_game(RULES, random.Random(f"tajmahal contract {seed}"), 2 + seed % 3)).states
        for state in states[::23]:
            who = RULES.to_act(state)
            if who in (None, CHANCE):
                continue
            answer = PLAY.hint(state, who, {}, HINT_DEFAULTS | {"top": 3})
            check_hint_answer("tajmahal", state, who, answer, legal_moves=len(RULES.legal_actions(state)))
            assert answer.kind == "exact" and "less 1 a card played" in answer.meaning
            kinds.update(type(m.actions[0]).__name__ for m in answer.moves)
    assert kinds["Play"] and kinds["Withdraw"], kinds


def test_a_position_file_is_read_into_the_state_it_describes_and_hinted_alike():
    """``tajkit hint tajmahal FILE`` and a hint in a game in play are one call: the position file of
    a state mid-province, read back by ``position_state``, is the same round (displays, who is out,
    the prizes open, whose turn) and gives the same hint and the same moves (rulebook: Bidding
    Phase, Prize Collection)."""
    for state, seat, player, answers in asked(range(200, 204), random.Random(3)):
        position = PLAY.position(state, player, answers)
        again, who, hand = PLAY.position_state(position.data, HINT_DEFAULTS | dict(position.options))
        assert who == player and again.round == replace(
            state.round, claimed=tuple(None if c is None else -1 for c in state.round.claimed))
        in_play, from_file = hint_in_play(state, player, answers), PLAY.hint(again, who, hand, HINT_DEFAULTS)
        assert from_file.report.text == in_play.report.text
        assert [(m.actions, m.value) for m in from_file.moves] == [(m.actions, m.value) for m in in_play.moves]


def test_a_script_gives_the_hand_with_hand(tmp_path):
    """Hands are hidden (rulebook: Setup 4), so a hint on a record asks for the hand at a terminal;
    a script gives it with --hand instead (issue 41), checked against the cards left like a typed
    one, and without a terminal or --hand the refusal names the option. A position file's hand may
    be given so too."""
    import json
    from pathlib import Path

    from typer.testing import CliRunner

    from tajkit.cli.main import app
    from tajkit.solver.protocol import Record

    events = ("start Asha", "play PP", "play E T")
    path = tmp_path / "night.json"
    path.write_text(json.dumps(Record("tajmahal", typed_setup(), events).as_data()))
    runner = CliRunner()
    refused = runner.invoke(app, ["hint", "tajmahal", str(path)])
    assert refused.exit_code == 2 and "the hint needs your hand (6 cards), which only they have seen: give it with " \
        "--hand" in refused.stderr
    given = runner.invoke(app, ["hint", "tajmahal", str(path), "--hand", "ET P E EM M T", "--json"])
    assert given.exit_code == 0, given.output
    state = play(RULES.start(typed_setup()), *events)
    expected = hint_in_play(state, "Chen", {"hand": ["ET", "P", "E", "EM", "M", "T"]})
    assert json.loads(given.stdout)["moves"] == [{"events": list(played(RULES, state, m.actions)), "value": m.value}
                                                 for m in expected.moves]
    wrong = runner.invoke(app, ["hint", "tajmahal", str(path), "--hand", "PP PP PP PP PP PP"])
    assert wrong.exit_code == 2 and "hand: PP x6: Chen has only" in wrong.stderr
    position = Path(__file__).parent.parent / "data" / "tajmahal-position.toml"
    mine = runner.invoke(app, ["hint", "tajmahal", str(position), "--player", "Ben", "--hand", "E E", "--json"])
    assert mine.exit_code == 0, mine.output
    assert json.loads(mine.stdout)["player"] == "Ben" and json.loads(mine.stdout)["moves"] == []  # Asha's turn


def test_the_bonus_tiles_question_keeps_the_game_data_or_picks_a_tile_a_province(tmp_path):
    """Setup 6: "Arrange bonus tiles on the board as indicated"; the rulebook gives no value
    ("Bonus tiles provide immediate or end-game points", "Various VP values"). The question keeps the
    game data's tiles in words, saying a value is tajkit's default, not the rulebook's; its pickers
    (a tile a province) start from those tiles, and every pick reads as the tile it says."""
    question = next(q for q in PLAY.setup_questions(["Asha", "Babur"]) if q.key == "bonus_tiles")
    assert [p.text for p in question.keep] == ["default"] and question.read("default") is None
    assert question.keep[0].label == ("Keep the game data's: 2 points each, scoring at once "
                                      "(tajkit's default: the rulebook gives no value)")
    assert question.slots == tuple(f"Province {p}" for p in range(1, SPEC.provinces + 1))
    assert question.read(question.slots_start) == [{"points": 2, "when": "now"}] * SPEC.provinces
    for pick in question.picks:
        points, when = int(pick.label.split()[0]), "end" if pick.label.endswith("at the end") else "now"
        assert PLAY.read_tile(1, pick.text) == {"points": points, "when": when}
    (tmp_path / "tajmahal.toml").write_text('[points]\nbonus_tile = 3\nbonus_tile_when = "end"\n')
    own = GAME.play(GAME.load_spec(tmp_path))
    kept = next(q for q in own.setup_questions(["Asha", "Babur"]) if q.key == "bonus_tiles").keep[0]
    assert kept.label == "Keep the game data's: 3 points each, scoring at the end (your game data's)"
