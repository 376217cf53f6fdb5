"""TAJ at the table (solver/taj/play.py, ``tajkit play taj``): the setup asked, the hint on the
protocol's state (the asker's own secret goal card typed for it), the actions that play what the
hint ranks, cross-checked against the rules protocol and the scorer, and the state as text and as
a file. Rules cited by their headings in taj-rug-card-game.txt."""

from __future__ import annotations

import random
from importlib import import_module

import pytest
from tajkit.solver import games
from tajkit.solver.errors import BadInput, BadState
from tajkit.solver.protocol import Record, played, random_game, replay
from tajkit.solver.taj import files, hint
from tajkit.solver.taj.rules import Vote

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
    """The position file of ``state`` for ``player`` and the hint on the state itself."""
    position = PLAY.position(state, player, answers or {})
    return position, PLAY.hint(state, player, answers or {}, DEFAULTS)


def events_of(state, answer) -> list[tuple[str, ...]]:
    """The events each move of ``answer`` records, as ``take N`` plays them."""
    return [played(RULES, state, m.actions) for m in answer.moves]


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
    position, answer = hint_for(state, "Chitra", {"goal": ("orange", "blue", "green")})
    assert [p.get("goal") for p in position.data["players"]] == [None, None, ["orange", "blue", "green"]]
    assert [p["name"] for p in position.data["players"]] == THREE
    assert answer.report.json["player"] == "Chitra" and answer.report.json["vote"]["rugs"] == [1, 2]


def test_a_hint_file_may_leave_out_the_other_players_goals():
    """The hint file (tajkit hint taj) reads a position where only the asker's goal card is known;
    it refuses a view of a player whose goal is not in it, and a table to score still needs them all
    (Scoring)."""
    data = files.to_data(SPEC, RULES.table(laid_out()))  # nobody's goal: the players are left out
    data["players"] = [{"name": "Asha", "goal": ["orange", "blue", "green"]}, {"name": "Ben"}, {"name": "Chitra"}]
    data["proposer"] = "Asha"
    assert GAME.hint.run(SPEC, data, player="Asha", proposal=None, top=3).json["player"] == "Asha"
    with pytest.raises(BadInput, match="players: Ben has no goal in the file, and the hint weighs the player's own goal card"):
        GAME.hint.run(SPEC, data, player="Ben", proposal=None, top=3)
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
        position, answer = hint_for(state, who, {"goal": question.read("pink yellow blue")})
        files.read_state(SPEC, dict(position.data), hidden_goals=True)
        report = answer.report
        assert report.text.startswith(who) and report.json["player"] == who
        seen.add((state.phase, bool(state.votes)))
    assert seen == {("propose", False), ("vote", False), ("vote", True)}


def test_any_voter_may_ask_before_the_votes_are_typed():
    """Voting: every player chooses a vote face down and all are revealed at once, so a player
    who is not the next to be typed in may ask for advice (and takes no move: the next typed is
    another's); the advice is on the proposal on the table."""
    state = play(laid_out(), "propose 2 7")
    position, answer = hint_for(state, "Chitra", {"goal": ("orange", "blue", "green")})
    assert dict(position.options) == {"player": "Chitra", "proposal": (2, 7)}
    assert answer.report.json["vote"]["rugs"] == [2, 7] and answer.report.json["vote"]["advised"] in ("yea", "nay", "all", "nix")
    assert answer.moves == () and answer.report.json["moves"] == []


SWEEPS = [pytest.param(range(4), 3, id="4 games"), pytest.param(range(40, 70), 1, id="30 games", marks=pytest.mark.slow)]


@pytest.mark.parametrize(("seeds", "stride"), SWEEPS)
def test_proposals_play_as_listed_and_score_as_the_report_says(seeds, stride):
    """Game Turn, Vote Outcome, Unanimous Outcomes: each proposal the hint lists is played by
    ``propose A B``, legal from the position and in the report's order; played on through the
    rules (the votes for each outcome, then every choice the proposer may make), the proposer's
    score by the scorer spans exactly the report's range for each outcome, and the move's value
    is the best score if it passes."""
    checked = 0
    for state in states_of(seeds, hidden=False):
        if state.phase != "propose" or state.turn % stride:
            continue
        who = RULES.to_act(state)
        _, answer = hint_for(state, who)
        report, moves = answer.report, events_of(state, answer)
        assert [m for (m,) in moves] == [f"propose {a} {b}" for a, b in (p["rugs"] for p in report.json["proposals"])]
        swap = "if_passes" if len(state.players) > 2 else "if_unanimous_yea"
        assert [m.value for m in answer.moves] == [p[swap]["high"] for p in report.json["proposals"]]
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
        _, answer = hint_for(state, who)
        report = answer.report
        (event,) = events_of(state, answer)[0]  # the advice: the first move
        assert report.json["vote"]["advised"] == event
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
    table = files.read_state(SPEC, {**files.to_data(SPEC, RULES.table(laid_out())), "players": [
        {"name": "Asha", "goal": ["orange", "blue", "green"]}, {"name": "Ben", "goal": ["pink", "yellow", "orange"]},
        {"name": "Chitra", "goal": ["green", "pink", "blue"]}]})
    paying = next(a for i in range(10) for j in range(i + 1, 10)
                  if (a := hint.vote_advice(SPEC, table, "Ben", i, j)).all_pays or a.nix_pays)
    with_cards = [vote for vote, _ in hint.ranked_votes(paying, cards=True)]
    assert with_cards[0] in (Vote.all, Vote.nix)
    assert [vote for vote, _ in hint.ranked_votes(paying, cards=False)] in ([Vote.yea, Vote.nay], [Vote.nay, Vote.yea])


def test_the_votes_are_ranked_by_what_they_are_worth_and_a_card_that_does_not_pay_is_kept():
    """Voting, All/Nix Cards (once a game): the votes come best first, each worth the player's
    score if it carries; a card is listed only where it beats every outcome without it, so it is
    never advised when keeping it is as good."""
    for state in states_of(range(20, 26), hidden=False):
        if state.phase != "vote":
            continue
        who = RULES.to_act(state)
        answer = PLAY.hint(state, who, {}, DEFAULTS)
        vote = answer.report.json["vote"]
        values = [m.value for m in answer.moves]
        assert values == sorted(values, reverse=True)
        for m in answer.moves:
            (cast,) = m.actions
            if cast.vote.all_nix:
                assert vote[f"{cast.vote.value}_pays"] and m.value == vote[f"{cast.vote.value}_guarantees"]


# --- refusals ------------------------------------------------------------------------------------


def _remove_choice():
    """Two failed votes: rug 10 leaves, then rugs 1 and 9 are equally far from the Taj (Vote
    Outcome: the proposer, Ben, chooses)."""
    return play(laid_out(), "propose 1 2", "yea", "nay", "nay", "propose 1 2", "yea", "nay", "nay")


@pytest.mark.parametrize(("state", "who", "says"), [
    (RULES.start({"players": THREE}), "Asha", "hint: the rugs are still being laid out (0 of 10, rulebook: Setup)"),
    (play(RULES.start({"players": THREE}), *TEN[:4]), "Ben", "hint: the rugs are still being laid out (4 of 10"),
    (_remove_choice(), "Asha", ("hint: Ben chooses which of the rugs furthest from the Taj leaves (rulebook: Vote "
                                "Outcome): the hint is for Ben")),
    (play(laid_out(), "propose 1 2", "yea", "yea", "yea"), "Chitra", ("hint: Asha flips the Taj or shifts it one rug "
     "(rulebook: Unanimous Outcomes): the hint is for Asha")),
    (laid_out(), "Ben", "hint: Asha proposes now (rulebook: Game Turn): the hint is for Asha"),
    (play(laid_out(), "propose 1 2", "nay"), "Asha", "hint: Asha has voted (nay) on this proposal (rulebook: Voting)"),
    (laid_out(), "Zoe", "player 'Zoe': not one of the players (the players are Asha, Ben, Chitra)"),
])
def test_no_hint_where_the_hint_has_nothing_to_weigh(state, who, says):
    """Setup (chance lays the rugs), Vote Outcome and Unanimous Outcomes (another player's choice),
    Game Turn (the proposer's turn), Voting (a vote already revealed): the position and the hint
    alike refuse, saying why, and nothing is asked."""
    if who in state.players:
        assert PLAY.hint_questions(state, who) == []
    for asking in (PLAY.position, lambda s, w, a: PLAY.hint(s, w, a, DEFAULTS)):
        with pytest.raises(BadInput) as refused:
            asking(state, who, {} if who in state.players and state.phase == "propose" else {"goal": ("orange", "blue", "green")})
        (problem,) = refused.value.problems
        assert problem.startswith(says), problem


GOALS = {"Asha": ["orange", "blue", "green"], "Ben": ["pink", "yellow", "orange"], "Chitra": ["green", "pink", "blue"]}
CHOICES = [  # the events to a choice after a vote, and who chooses
    pytest.param(("propose 1 2", "yea", "nay", "nay", "propose 1 2", "yea", "nay", "nay"), "Ben", id="which rug leaves"),
    pytest.param(("propose 1 2", "yea", "yea", "yea"), "Asha", id="the proposer moves the Taj"),
    pytest.param(("propose 3 8", "yea", "nix", "yea"), "Ben", id="the Nix voter chooses"),
    pytest.param(("propose 1 2", "nay", "all", "nay"), "Ben", id="the All voter chooses"),
]


@pytest.mark.parametrize(("events", "chooser"), CHOICES)
def test_the_choice_after_a_vote_is_hinted_as_a_voter_prices_it(events, chooser):
    """Vote Outcome ("If 2 Rugs are the same distance away from the Taj, the Proposer chooses which
    one to remove"), Unanimous Outcomes ("the Proposer MUST either flip the Taj over or shift the
    Taj horizontally 1 Rug space"), All/Nix Cards ("The All/Nix voter earns the privilege to choose
    which Rug to discard (if necessary) then either flips or shifts the Taj"): the chooser's hint
    (refused until issue 43, item 14) ranks every way to finish the turn, each as the actions that
    play it (the rug, then the Taj's move), worth the chooser's score by the scorer on the display
    it leaves; its best and worst are the range the voter's hint gave that outcome."""
    hidden = play(laid_out(), *events)
    assert hidden.phase in ("remove", "move") and hidden.players[hidden.chooser] == chooser
    (question,) = PLAY.hint_questions(hidden, chooser)  # the chooser is asked their goal card, as a voter is
    asked = PLAY.hint(hidden, chooser, {"goal": question.read(" ".join(GOALS[chooser]))}, DEFAULTS)
    states = [laid_out(goals=GOALS)]
    for event in events:
        states.append(play(states[-1], event))
    dealt = states[-1]
    assert PLAY.hint_questions(dealt, chooser) == []
    answer = PLAY.hint(dealt, chooser, {}, DEFAULTS)
    assert [(m.actions, m.value) for m in asked.moves] == [(m.actions, m.value) for m in answer.moves]
    moves = events_of(dealt, answer)
    assert len(set(moves)) == len(moves) == len(_every_choice(dealt))
    for events_played, move in zip(moves, answer.moves):
        end = play(dealt, *events_played)
        assert end.phase in ("propose", "reveal")  # the move finishes the turn
        assert score_of(end, chooser) == move.value
    proposed = [s for s in states if s.phase == "vote" and not s.votes][-1]
    priced = hint.outcome_result(SPEC, proposed.display, tuple(GOALS[chooser]), *proposed.proposal, dealt.outcome)
    assert (answer.moves[0].value, answer.moves[-1].value) == (priced.high, priced.low)
    assert answer.kind == "exact" and answer.meaning == "your score with the display your choice leaves"
    assert answer.report.text.startswith(f"{chooser} chooses after the vote")
    assert [c["score"] for c in answer.report.json["choices"]] == [m.value for m in answer.moves]


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


# --- the hint contract (solver/protocol.py, TablePlay.hint) ------------------------------------------


def test_every_kind_of_decision_of_seeded_games_gets_a_hint_held_to_the_contract():
    """Every decision a player makes (Game Turn: the proposal; Voting: each vote, All/Nix Cards
    included; Vote Outcome and Unanimous Outcomes: the rug to remove and the Taj's move), over
    seeded whole games of 2-4 players: the hint for the player to act ranks moves that are protocol
    actions, legal one after another and round-tripping through the notation (``take N``), exact,
    best first, with what their values mean and the report rendered from them."""
    from protocol_check import check_hint_answer

    seen = set()
    for state in states_of(range(8), hidden=False):
        who = RULES.to_act(state)
        if state.phase not in ("propose", "vote", "remove", "move"):
            continue
        answer = PLAY.hint(state, who, {}, DEFAULTS | {"top": 3})
        check_hint_answer("taj", state, who, answer, legal_moves=len(RULES.legal_actions(state)))
        assert answer.kind == "exact" and answer.moves
        assert {type(a) for m in answer.moves for a in m.actions} <= {type(a) for a in RULES.legal_actions(state)} | (
            {type(a) for a in RULES.legal_actions(RULES.apply(state, answer.moves[0].actions[0]))})
        seen.add(state.phase)
    assert seen == {"propose", "vote", "remove", "move"}


@pytest.mark.parametrize("seed", range(3))
def test_a_position_file_is_read_into_the_state_it_describes_and_hinted_alike(seed):
    """``tajkit hint taj FILE`` and a hint in a game in play are one call: the position file of a
    proposer's or a voter's state (Game Turn, Voting), read back by ``position_state``, gives the
    same advice; the proposer, to act in both, the same moves."""
    for state in list(states_of([seed], hidden=False))[::9]:
        who = RULES.to_act(state)
        if state.phase not in ("propose", "vote") or state.votes:
            continue
        position = PLAY.position(state, who, {})
        again, player, answers = PLAY.position_state(position.data, DEFAULTS | dict(position.options))
        assert (again.display, again.proposal, again.phase, again.spent) == (state.display, state.proposal, state.phase,
                                                                             state.spent)
        assert player == who and answers == {"goal": state.known_goal(state.players.index(who))}
        in_play, from_file = PLAY.hint(state, who, {}, DEFAULTS), PLAY.hint(again, player, answers, DEFAULTS)
        assert from_file.report.text == in_play.report.text
        assert [m.actions for m in from_file.moves] == [m.actions for m in in_play.moves]


def test_a_script_gives_the_secret_goal_card_with_goal(tmp_path):
    """Setup: the goal card is secret, so a hint on a record asks for it at a terminal; a script
    gives it with --goal instead (issue 41), and without a terminal or --goal the refusal names the
    option. A goal that contradicts the one dealt is refused (rulebook: Setup)."""
    import json as json_
    from typer.testing import CliRunner

    from tajkit.cli.main import app

    record = Record("taj", {"players": THREE}, TEN + ("propose 1 2", "yea", "yea", "yea"))
    path = tmp_path / "night.json"
    path.write_text(json_.dumps(record.as_data()))
    runner = CliRunner()
    refused = runner.invoke(app, ["hint", "taj", str(path)])
    assert refused.exit_code == 2
    assert "the hint needs your secret goal card (x2 x1 x-1), which only they have seen: give it with --goal" in refused.stderr
    given = runner.invoke(app, ["hint", "taj", str(path), "--goal", "orange blue green", "--json"])
    assert given.exit_code == 0, given.output
    out = json_.loads(given.stdout)
    state = replay(RULES, record).state
    expected = PLAY.hint(state, "Asha", {"goal": ("orange", "blue", "green")}, DEFAULTS)
    assert out["moves"] == [{"events": list(e), "value": m.value} for e, m in zip(events_of(state, expected), expected.moves)]
    assert out["choices"] and out["kind"] == "exact"
    dealt = Record("taj", {"players": THREE, "goals": GOALS}, record.events)
    path.write_text(json_.dumps(dealt.as_data()))
    wrong = runner.invoke(app, ["hint", "taj", str(path), "--goal", "pink blue green"])
    assert wrong.exit_code == 2 and "Asha's goal card was dealt as orange blue green" in wrong.stderr
    file = tmp_path / "position.json"
    file.write_text(json_.dumps(PLAY.state_file(laid_out())))  # every player, no goal card: Asha proposes
    assert runner.invoke(app, ["hint", "taj", str(file), "--goal", "obg"]).stdout.startswith("Asha's proposals, as the proposer")
