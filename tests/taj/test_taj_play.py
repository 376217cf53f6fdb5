"""TAJ at the table (solver/taj/play.py, ``tajkit play taj``): the setup asked, the position a hint
reads (the asker's own secret goal card typed for it), the events that play what the hint lists,
cross-checked against the rules protocol and the scorer, and the state as text and as a file.
Rules cited by their headings in taj-rug-card-game.txt."""

from __future__ import annotations

import random
from importlib import import_module

import pytest
from tajkit.solver import games
from tajkit.solver.errors import BadInput, BadState
from tajkit.solver.protocol import Record, random_game, replay
from tajkit.solver.taj import files, hint
from tajkit.solver.taj.play import advised_vote

GAME = games.get("taj")
SPEC = GAME.load_spec()
PLAY = GAME.play(SPEC)
RULES = PLAY.rules
DEFAULTS = {o.name: o.default for o in GAME.hint.options}
TEN = (  # the rulebook's End Game Display in 3-8, two plain rugs each side (as test_taj_protocol.py)
    "green green green", "yellow yellow yellow",
    "pink green blue", "blue orange yellow", "green yellow pink", "orange pink green", "yellow blue orange", "green blue pink",
    "orange orange orange", "blue blue blue",
)
THREE = ["Asha", "Ben", "Chitra"]


def play(state, *texts):
    for text in texts:
        state = RULES.apply(state, RULES.parse(state, text))
    return state


def laid_out(players=THREE, **setup):
    return play(RULES.start({"players": list(players), **setup}), *TEN)


def states_of(seeds, hidden: bool):
    """Every state of seeded random games of 2-4 players; ``hidden``: the same games replayed
    from a setup without the goal cards, as a table plays."""
    for seed in seeds:
        record = random_game(RULES, random.Random(f"taj play {seed}"), 2 + seed % 3)
        if hidden:
            record = Record("taj", {k: v for k, v in record.setup.items() if k != "goals"}, record.events)
        yield from replay(RULES, record).states


def hint_for(state, player, answers=None):
    position = PLAY.position(state, player, answers or {})
    return position, GAME.hint.run(SPEC, dict(position.data), **(DEFAULTS | dict(position.options)))


def score_of(state, name: str) -> int:
    """``name``'s score on the display as it stands, by the rules protocol's standings (the scorer)."""
    return next(p.total for p in RULES.standings(state).players if p.name == name)


def set_key(setup: dict, key: str, value) -> None:
    *path, last = key.split(".")
    node = setup
    for part in path:
        node = node[int(part)] if isinstance(node, list) else node[part]
    node[last] = value


# --- setup -------------------------------------------------------------------------------------


def test_setup_by_default_the_first_listed_proposes_first():
    """Game Turn: the player to the left of the dealer proposes first. The dealer's default is the
    last listed, so the first listed proposes first (the setup's own default)."""
    setup = PLAY.players_setup(THREE)
    questions = PLAY.setup_questions(THREE)
    assert [q.key for q in questions] == ["dealer"] and questions[0].choices == tuple(THREE)
    for q in questions:
        assert q.default is not None
        set_key(setup, q.key, q.read(q.default))
    state = RULES.start(setup)
    assert state.players[state.proposer] == "Asha" == RULES.to_act(play(state, *TEN))


def test_setup_typed_dealer_seats_the_first_proposer_on_their_left():
    """Game Turn: Ben deals, so Chitra (the next in seat order, clockwise) proposes first; a name
    is typed in any case, with spaces around it."""
    setup = PLAY.players_setup(THREE)
    (question,) = PLAY.setup_questions(THREE)
    set_key(setup, question.key, question.read("  ben "))
    assert setup == {"players": THREE, "dealer": "Ben"}
    assert RULES.to_act(play(RULES.start(setup), *TEN)) == "Chitra"


@pytest.mark.parametrize(("typed", "says"), [
    ("Zoe", "dealer = 'Zoe': the dealer is one of the players (the players are Asha, Ben, Chitra) (rulebook: Game Turn)"),
    ("Bem", "dealer = 'Bem': the dealer is one of the players (did you mean Ben?) (rulebook: Game Turn)"),
    ("", "dealer = '': the dealer is one of the players"),
])
def test_setup_refuses_a_dealer_who_is_not_playing(typed, says):
    """Game Turn: the dealer is one of the players (the one on their left proposes first)."""
    (question,) = PLAY.setup_questions(THREE)
    with pytest.raises(BadInput) as refused:
        question.read(typed)
    (problem,) = refused.value.problems
    assert problem.startswith(says) and problem.endswith("(rulebook: Game Turn)")


def test_setup_never_asks_for_the_goal_cards():
    """Setup: each player takes a secret goal card, kept hidden throughout the game: nothing of
    it is asked at the start."""
    assert all("goal" not in q.key for q in PLAY.setup_questions(THREE))
    assert "goals" not in PLAY.players_setup(THREE)


# --- the asker's goal card -----------------------------------------------------------------------


def test_a_hint_asks_for_the_askers_goal_card_only_while_it_is_secret():
    """Setup: goal cards are kept hidden, so a hint asks the player for theirs; a setup with every
    goal card (full information) asks nothing."""
    hidden = laid_out()
    (question,) = PLAY.hint_questions(hidden, "Asha")
    assert question.key == "goal" and question.default is None and question.choices == SPEC.colours
    assert question.secret  # issue 43: a shared terminal hides it as it is typed
    assert question.read("obg") == ("orange", "blue", "green")
    assert question.read(" goal Orange, blue green ") == ("orange", "blue", "green")
    dealt = laid_out(goals={"Asha": ["pink", "blue", "green"], "Ben": ["orange", "blue", "green"],
                            "Chitra": ["yellow", "blue", "green"]})
    assert PLAY.hint_questions(dealt, "Asha") == []


@pytest.mark.parametrize(("typed", "says"), [
    ("pink pink blue", "goal: a colour typed twice: a goal card names 3 different colours (rulebook: Scoring)"),
    ("orange blue", "goal: 2 words typed: a goal card has 3 colours, marked x2, x1, x-1 in that order (rulebook: "
     "Scoring), e.g. green orange pink"),
    ("", "goal: 0 words typed: a goal card has 3 colours"),
    ("purple blue green", "goal: a word typed is not a colour: the colours are green, orange, pink, blue, yellow, each "
     "by its name or a start of it (rulebook: Playing the Game)"),
])
def test_a_goal_card_that_cannot_be_is_refused_without_repeating_it(typed, says):
    """Scoring: a goal card marks three different colours x2, x1, x-1; Playing the Game: the five
    colours. Setup: goal cards are kept hidden, so the refusal never repeats what was typed
    (issue 43: a shared terminal)."""
    (question,) = PLAY.hint_questions(laid_out(), "Asha")
    with pytest.raises(BadInput) as refused:
        question.read(typed)
    (problem,) = refused.value.problems
    assert problem.startswith(says), problem
    assert "'" not in problem and (typed == "" or typed not in problem)  # nothing typed is quoted back


def test_a_typed_goal_that_contradicts_the_dealt_one_is_refused():
    """Setup: with full information, a player's goal card is the one dealt."""
    goals = {"Asha": ["pink", "blue", "green"], "Ben": ["orange", "blue", "green"], "Chitra": ["yellow", "blue", "green"]}
    with pytest.raises(BadInput, match=r"goal = 'blue pink green': Asha's goal card was dealt as pink blue green"):
        PLAY.position(laid_out(goals=goals), "Asha", {"goal": ("blue", "pink", "green")})


def test_a_hint_without_the_secret_goal_card_is_refused():
    with pytest.raises(BadInput, match="goal: Asha's goal card is secret, and the hint weighs it"):
        PLAY.position(laid_out(), "Asha", {})


def test_the_position_holds_no_goal_card_but_the_askers():
    """Setup: the goal cards stay hidden; the hint weighs the asker's alone, so the position names
    every player (the vote's outcomes depend on how many vote) and only the asker's card."""
    state = play(laid_out(), "propose 1 2", "yea")
    position, report = hint_for(state, "Chitra", {"goal": ("orange", "blue", "green")})
    assert [p.get("goal") for p in position.data["players"]] == [None, None, ["orange", "blue", "green"]]
    assert [p["name"] for p in position.data["players"]] == THREE
    assert report.json["player"] == "Chitra" and report.json["vote"]["rugs"] == [1, 2]


def test_a_hint_file_may_leave_out_the_other_players_goals():
    """The hint file (tajkit hint taj) reads a position where only the asker's goal card is known;
    it refuses a view of a player whose goal is not in it, and a table to score still needs them all
    (Scoring)."""
    data = files.to_data(SPEC, RULES.table(laid_out()))  # nobody's goal: the players are left out
    data["players"] = [{"name": "Asha", "goal": ["orange", "blue", "green"]}, {"name": "Ben"}, {"name": "Chitra"}]
    data["proposer"] = "Asha"
    assert hint.run(SPEC, data, player="Asha", proposal=None, top=3).json["player"] == "Asha"
    with pytest.raises(BadInput, match="players: Ben has no goal in the file, and the hint weighs the player's own goal card"):
        hint.run(SPEC, data, player="Ben", proposal=None, top=3)
    with pytest.raises(BadState, match="Ben: goal is missing"):
        GAME.read_state(SPEC, data)


# --- positions and what the hint lists -------------------------------------------------------------


def test_every_position_of_whole_games_gives_a_hint():
    """Each position where a player proposes or votes, from the first turn to the last and in the
    middle of a vote, reads as a hint position and gets a report; the asker's goal is typed as a
    table would."""
    seen = set()
    for state in list(states_of(range(4), hidden=True))[::11]:
        who = RULES.to_act(state)
        if state.phase not in ("propose", "vote"):
            continue
        (question,) = PLAY.hint_questions(state, who)
        position, report = hint_for(state, who, {"goal": question.read("pink yellow blue")})
        files.read_state(SPEC, dict(position.data), hidden_goals=True)
        assert report.text.startswith(who) and report.json["player"] == who
        seen.add((state.phase, bool(state.votes)))
    assert seen == {("propose", False), ("vote", False), ("vote", True)}


def test_any_voter_may_ask_before_the_votes_are_typed():
    """Voting: every player chooses a vote face down and all are revealed at once, so a player
    who is not the next to be typed in may ask for advice (and takes no move: the next typed is
    another's); the advice is on the proposal on the table."""
    state = play(laid_out(), "propose 2 7")
    position, report = hint_for(state, "Chitra", {"goal": ("orange", "blue", "green")})
    assert dict(position.options) == {"player": "Chitra", "proposal": (2, 7)}
    assert report.json["vote"]["rugs"] == [2, 7]
    assert PLAY.plays(state, report) == []


SWEEPS = [pytest.param(range(4), 3, id="4 games"), pytest.param(range(40, 70), 1, id="30 games", marks=pytest.mark.slow)]


@pytest.mark.parametrize(("seeds", "stride"), SWEEPS)
def test_proposals_play_as_listed_and_score_as_the_report_says(seeds, stride):
    """Game Turn, Vote Outcome, Unanimous Outcomes: each proposal the hint lists is played by
    ``propose A B``, legal from the position and in the report's order; played on through the
    rules (the votes for each outcome, then every choice the proposer may make), the proposer's
    score by the scorer spans exactly the report's range for each outcome."""
    checked = 0
    for state in states_of(seeds, hidden=False):
        if state.phase != "propose" or state.turn % stride:
            continue
        who = RULES.to_act(state)
        _, report = hint_for(state, who)
        moves = PLAY.plays(state, report)
        assert [m for (m,) in moves] == [f"propose {a} {b}" for a, b in (p["rugs"] for p in report.json["proposals"])]
        for listed, (event,) in zip(report.json["proposals"], moves):
            proposed = play(state, event)
            assert proposed.proposal == tuple(k - 1 for k in listed["rugs"])
            for outcome in report.json["possible_outcomes"]:
                scores = [score_of(s, who) for s in _every_choice(play(proposed, *_votes_for(outcome, len(state.players))))]
                assert (min(scores), max(scores)) == (listed[f"if_{outcome}"]["low"], listed[f"if_{outcome}"]["high"])
        checked += 1
    assert checked >= 6


def _votes_for(outcome: str, players: int) -> list[str]:
    """Votes in turn order from the proposer (who never plays All/Nix) giving ``outcome``."""
    yeas = {"unanimous_yea": players, "unanimous_nay": 0, "tied": players // 2,
            "passes": players // 2 + 1, "fails": (players - 1) // 2}[outcome]
    if outcome == "fails" and yeas == 0:
        yeas = 1  # not unanimous: the proposer votes yea
    return ["yea"] * yeas + ["nay"] * (players - yeas)


def _every_choice(state):
    """Every state the chooser's choices lead to (the rug to remove, the Taj's move), to the turn's end."""
    if state.phase not in ("remove", "move"):
        return [state]
    return [end for action in RULES.legal_actions(state) for end in _every_choice(RULES.apply(state, action))]


@pytest.mark.parametrize(("seeds", "stride"), [pytest.param(range(12, 18), 5, id="6 games"),
                                                pytest.param(range(70, 100), 1, id="30 games", marks=pytest.mark.slow)])
def test_the_advised_vote_plays_and_agrees_with_the_rules(seeds, stride):
    """Voting, All/Nix Cards: the advice plays as one vote, legal from the position, by the voter
    to be typed next. A card only where the report says it pays, from a voter who still holds it,
    not the proposer; played, the card's voter chooses, and their best choice scores what the
    report guarantees. The proposer's own vote: Yea exactly when their best score if it passes
    (a swap) is at least their best if it fails, played out through the rules."""
    cards = yeas = nays = 0
    for k, state in enumerate(s for s in states_of(seeds, hidden=False) if _holds_a_choice_of_vote(s)):
        if k % stride:
            continue
        who = RULES.to_act(state)
        _, report = hint_for(state, who)
        ((event,),) = PLAY.plays(state, report)
        after = play(state, event)
        vote, seat = report.json["vote"], state.players.index(who)
        if event in ("all", "nix"):
            cards += 1
            assert vote[f"{event}_pays"] and not state.spent[seat] and seat != state.proposer
            assert not any(v.all_nix for v in state.votes)
            done = play(after, *["yea"] * (len(state.players) - len(after.votes)))
            assert RULES.to_act(done) == who
            assert max(score_of(s, who) for s in _every_choice(done)) == vote[f"{event}_guarantees"]
        elif seat == state.proposer and not state.votes:
            n = len(state.players)
            swap, fail = ("passes", "fails") if n > 2 else ("unanimous_yea", "unanimous_nay")
            best = {o: max(score_of(s, who) for s in _every_choice(play(state, *_votes_for(o, n)))) for o in (swap, fail)}
            assert event == ("yea" if best[swap] >= best[fail] else "nay")
            yeas, nays = yeas + (event == "yea"), nays + (event == "nay")
    assert cards >= 2 and yeas >= 2 and nays >= 1, (cards, yeas, nays)


def _holds_a_choice_of_vote(state) -> bool:
    """A vote to be typed by a player who may play their card, or by the proposer before anyone."""
    if state.phase != "vote":
        return False
    seat = state.players.index(RULES.to_act(state))
    proposing = seat == state.proposer
    return (proposing and not state.votes) or not (proposing or state.spent[seat] or any(v.all_nix for v in state.votes))


def test_a_card_already_revealed_leaves_a_later_one_unadvised():
    """All/Nix Cards: if several are played, only the first in turn order counts: after one is
    revealed the advice is Yea or Nay, never a card that would be spent for nothing."""
    vote = {"all_pays": True, "nix_pays": False, "all_guarantees": 9, "nix_guarantees": 2, "you_are_proposer": False,
            "if_passes": {"low": 3, "high": 3}, "if_fails": {"low": 5, "high": 5}}
    possible = ["passes", "unanimous_yea", "fails", "unanimous_nay"]
    assert advised_vote(vote, possible).value == "all"
    assert advised_vote(vote, possible, cards=False).value == "nay"


def test_a_hint_for_another_position_plays_nothing():
    """A report on a proposal other than the one on the table, or for the wrong player, has no
    events to play here."""
    state = play(laid_out(), "propose 2 7")
    _, report = hint_for(state, "Asha", {"goal": ("orange", "blue", "green")})
    assert len(PLAY.plays(state, report)) == 1
    assert PLAY.plays(play(laid_out(), "propose 3 7"), report) == []
    assert PLAY.plays(play(state, "yea"), report) == []


# --- refusals ------------------------------------------------------------------------------------


def _remove_choice():
    """Two failed votes: rug 10 leaves, then rugs 1 and 9 are equally far from the Taj (Vote
    Outcome: the proposer, Ben, chooses)."""
    return play(laid_out(), "propose 1 2", "yea", "nay", "nay", "propose 1 2", "yea", "nay", "nay")


@pytest.mark.parametrize(("state", "who", "says"), [
    (RULES.start({"players": THREE}), "Asha", "hint: the rugs are still being laid out (0 of 10, rulebook: Setup)"),
    (play(RULES.start({"players": THREE}), *TEN[:4]), "Ben", "hint: the rugs are still being laid out (4 of 10"),
    (_remove_choice(), "Ben", ("hint: Ben chooses which of the rugs furthest from the Taj leaves (rulebook: Vote Outcome); "
                               "tajkit's hint weighs proposals and votes, not this choice: legal: remove 1, remove 9")),
    (play(laid_out(), "propose 1 2", "yea", "yea", "yea"), "Asha", ("hint: Asha flips the Taj or shifts it one rug "
     "(rulebook: Unanimous Outcomes); tajkit's hint weighs proposals and votes, not this choice: legal: flip, shift left, shift right")),
    (laid_out(), "Ben", "hint: Asha proposes now (rulebook: Game Turn): the hint is for Asha"),
    (play(laid_out(), "propose 1 2", "nay"), "Asha", "hint: Asha has voted (nay) on this proposal (rulebook: Voting)"),
    (laid_out(), "Zoe", "player 'Zoe': not one of the players (the players are Asha, Ben, Chitra)"),
])
def test_no_hint_where_the_hint_has_nothing_to_weigh(state, who, says):
    """Setup (chance lays the rugs), Vote Outcome and Unanimous Outcomes (a choice the hint does
    not weigh), Game Turn (the proposer's turn), Voting (a vote already revealed)."""
    if who in state.players:
        assert PLAY.hint_questions(state, who) == []
    with pytest.raises(BadInput) as refused:
        PLAY.position(state, who, {"goal": ("orange", "blue", "green")})
    (problem,) = refused.value.problems
    assert problem.startswith(says), problem


def test_no_hint_once_the_game_is_over():
    """Game End: after the last turn the players show their goal cards and the game is over."""
    states = list(states_of([1], hidden=True))
    reveal = next(s for s in states if s.phase == "reveal")
    for state in (reveal, states[-1]):
        with pytest.raises(BadInput, match=r"^hint: the game is over \(rulebook: Game End\)"):
            PLAY.position(state, state.players[0], {"goal": ("orange", "blue", "green")})


# --- the state as text and as a file ---------------------------------------------------------------


def test_describe_names_whose_turn_first_and_the_display_as_proposals_number_it():
    text = PLAY.describe(play(laid_out(), "propose 2 7", "nay"))
    lines = text.splitlines()
    assert lines[0] == "Ben votes (rulebook: Voting)."
    assert lines[1] == "Type: yea, nay, all, nix."
    assert "Turn 1: Asha proposes to switch rugs 2 and 7." in lines and "Votes: Asha nay." in lines
    assert "   4  blue    orange  yellow  Taj" in lines and "   6  orange  pink    green   Taj +1" in lines
    assert lines[-1] == "All/Nix card spent: nobody; still held: Asha, Ben, Chitra."
    assert all(len(line) <= 80 for line in lines)


def test_describe_through_a_whole_game():
    """Every state reads as text naming who acts, from the first rug laid out to the goal cards."""
    for state in states_of([2], hidden=True):
        lines = PLAY.describe(state).splitlines()
        who = RULES.to_act(state)
        first = {None: "The game is over", "chance": "The table lays out rug"}.get(who, who)
        assert lines[0].startswith(first) and all(len(line) <= 80 for line in lines)
        if state.display is not None:
            assert sum(line.startswith(f"  {k + 1:>2}  ") for k in range(len(state.display.rugs)) for line in lines) == len(state.display.rugs)
    assert "Goal cards shown (x2 x1 x-1):" in lines and "  Asha: " + " ".join(state.goals[0]) in lines


def test_state_file_of_a_finished_game_scores_as_the_standings():
    """Scoring: the state file of a finished game reads back as the table and scores what the
    rules' standings say, for each player."""
    for seed in range(3):
        final = list(states_of([seed], hidden=True))[-1]
        table = GAME.read_state(SPEC, PLAY.state_file(final))
        totals = {p.name: p.total for p in GAME.score(SPEC, table).players}
        assert totals == {p.name: p.total for p in RULES.standings(final).players}


def test_state_file_mid_game():
    """None while the rugs are laid out (Setup); then the display with every player, a secret goal
    left out (score needs them all, a picture needs none); with full information, a table."""
    assert PLAY.state_file(play(RULES.start({"players": THREE}), *TEN[:3])) is None
    hidden = PLAY.state_file(play(laid_out(), "propose 1 2", "yea", "yea"))
    assert [p for p in hidden["players"]] == [{"name": n} for n in THREE]
    assert hidden["proposer"] == "Asha" and hidden["taj"] == 4 and len(hidden["display"]) == 10
    goals = {"Asha": ["pink", "blue", "green"], "Ben": ["orange", "blue", "green"], "Chitra": ["yellow", "blue", "green"]}
    full = PLAY.state_file(play(laid_out(goals=goals), "propose 1 2", "yea", "nay", "nay"))
    assert GAME.read_state(SPEC, full).display.rugs == tuple(tuple(r.split()) for r in TEN[:9])


def test_pictures_of_a_game_in_progress_and_a_finished_one(tmp_path):
    """The display drawn (tajkit show taj) from a session's state file, goal cards secret or shown."""
    drawing = import_module(GAME.drawing)
    middle = PLAY.state_file(play(laid_out(), "propose 1 2", "yea", "yea", "nay", "propose 3 9", "yea", "yea", "yea", "flip"))
    final = PLAY.state_file(list(states_of([0], hidden=True))[-1])
    for name, data in (("middle", middle), ("final", final)):
        png = drawing.picture(SPEC, data)
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 5000
        (tmp_path / f"{name}.png").write_bytes(png)


def png_size(png: bytes) -> tuple[int, int]:
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def test_a_proposal_being_voted_on_is_in_the_state_file_and_pushed_down_in_the_picture():
    """Game Turn: the proposer "slightly pushes them downward, away from the Taj", and a vote is
    taken: while the table votes, the state file names the two rugs (``proposal``, 1-based) and
    the picture draws them pushed down with a line saying who proposes what; once the vote is
    over, neither."""
    drawing = import_module(GAME.drawing)
    voting = PLAY.state_file(play(laid_out(), "propose 3 9", "yea"))
    assert voting["proposal"] == [3, 9] and voting["proposer"] == "Asha"
    assert files.read_state(SPEC, voting, hidden_goals=True).proposal == (2, 8)
    decided = PLAY.state_file(play(laid_out(), "propose 3 9", "yea", "yea", "yea"))
    assert "proposal" not in decided
    with_proposal, without = drawing.picture(SPEC, voting), drawing.picture(SPEC, decided)
    assert png_size(with_proposal)[0] == png_size(without)[0] and png_size(with_proposal)[1] > png_size(without)[1]


@pytest.mark.parametrize(("proposal", "words"), [([3, 3], "two different rugs"), ([0, 2], "two different rugs"),
                                                 ([2, 11], "1-10"), ([1], "proposal")])
def test_a_proposal_in_a_state_file_names_two_different_rugs_of_the_display(proposal, words):
    data = PLAY.state_file(play(laid_out(), "propose 3 9", "yea")) | {"proposal": proposal}
    with pytest.raises(BadState) as refused:
        files.read_state(SPEC, data, hidden_goals=True)
    assert any(words in p and "proposal" in p for p in refused.value.problems), refused.value.problems
