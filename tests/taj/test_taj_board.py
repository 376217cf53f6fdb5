"""TAJ on the phones' board (issue 44): how a finger chooses each event on the display
(``TajPlay.taps``, ``tap_orders``, ``confirm``), the board's targets on the picture
(``sheets.taj.board``), and "Deal for us" (``TajPlay.deal``). Each rule cites the rulebook's
section (taj-rug-card-game.txt)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tajkit.sheets.taj import board, layout, portions, rows
from tajkit.solver.taj.notation import Cast, Propose, ShowGoal
from tajkit.solver.taj.play import VOTE_CARDS, play_for
from tajkit.solver.taj.protocol import DEAL, MOVE, PROPOSE, REMOVE, REVEAL, VOTE, rules_for
from tajkit.solver.taj.rules import Vote
from tajkit.solver.taj.spec import load_spec

SPEC = load_spec()
RULES = rules_for(SPEC)
PLAY = play_for(SPEC)
NAMES = ["Asha", "Babur", "Chen", "Dev"]
FINGER = 44  # px at 320 px of picture width (a 360 px phone)


def laid_out(players: int = 3, seed: int = 1):
    """The state once the table has laid out every rug (random rugs), nobody's goal card known."""
    rng = random.Random(seed)
    state = RULES.start({"players": NAMES[:players], "dealer": NAMES[players - 1]})
    while state.phase == DEAL:
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    return state


def play_until(state, phase: str, rng: random.Random):
    while state.phase != phase:
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    return state


def test_a_proposal_is_any_two_rugs_tapped_in_either_order():
    """Game Turn: the proposer chooses ANY 2 Rugs. On the board each is its rug's target, tapped
    in either order: every ordered pair of two different rugs proposes exactly one proposal."""
    state = laid_out()
    assert state.phase == PROPOSE
    n = len(state.display.rugs)
    chosen = {}
    for action in RULES.legal_actions(state):
        assert PLAY.taps(state, action) == (f"rug {action.first + 1}", f"rug {action.second + 1}")
        for taps in PLAY.tap_orders(state, action):
            assert taps not in chosen
            chosen[taps] = action
    assert set(chosen) == {(f"rug {a}", f"rug {b}") for a in range(1, n + 1) for b in range(1, n + 1) if a != b}


def test_the_voting_cards_are_buttons_and_the_proposer_has_no_all_nix():
    """Voting: each player votes with a Voting Card; All/Nix Cards: a player MAY NOT use an
    All/Nix Card on his turn as the Proposer, and it may be used ONCE. The cards are buttons by
    their names, only those the voter may play."""
    state = RULES.apply(laid_out(), Propose(0, 5))
    assert state.phase == VOTE
    cards = [PLAY.taps(state, a) for a in RULES.legal_actions(state)]
    assert cards == [("Yea",), ("Nay",)]  # the proposer votes first
    state = RULES.apply(state, Cast(Vote.yea))
    assert [PLAY.taps(state, a) for a in RULES.legal_actions(state)] == [(VOTE_CARDS[v],) for v in Vote]
    spent = replace(state, spent=(True,) * 3)
    assert [PLAY.taps(spent, a) for a in RULES.legal_actions(spent)] == [("Yea",), ("Nay",)]


def test_an_all_or_nix_card_is_asked_about_once_before_it_is_played():
    """Voting: the All/Nix card may be used ONCE; All/Nix Cards: All makes the outcome a
    unanimous Yea, Nix a unanimous Nay. A phone asks before it spends the card, saying so."""
    state = RULES.apply(RULES.apply(laid_out(), Propose(0, 5)), Cast(Vote.yea))
    assert PLAY.confirm(state, Cast(Vote.yea)) is None and PLAY.confirm(state, Cast(Vote.nay)) is None
    asked = PLAY.confirm(state, Cast(Vote.all))
    assert "once a game" in asked and "unanimous Yea" in asked and "rulebook: Voting" in asked
    assert "unanimous Nay" in PLAY.confirm(state, Cast(Vote.nix))


@pytest.mark.parametrize("seed", range(40))
def test_the_rug_to_remove_is_one_of_the_furthest_and_the_taj_moves_only_toward_rugs(seed):
    """Vote Outcome: after a majority of Nay the Proposer removes the Rug furthest from the Taj,
    choosing when 2 are equally far: only those rugs are targets. Unanimous Outcomes: the Taj is
    flipped or shifted 1 Rug, only in a direction where there is at least 1 Rug: the Taj's target,
    then only those moves."""
    rng = random.Random(seed)
    state = laid_out(seed=seed)
    for _ in range(200):
        if state.phase == REMOVE:
            far = state.display.furthest()
            assert sorted(PLAY.taps(state, a) for a in RULES.legal_actions(state)) == sorted(
                (f"rug {k + 1}",) for k in far)
        if state.phase == MOVE:
            d = state.display
            taps = {PLAY.taps(state, a) for a in RULES.legal_actions(state)}
            assert ("taj", "flip it over") in taps
            assert (("taj", "shift it one rug left") in taps) == (d.taj > 0)
            assert (("taj", "shift it one rug right") in taps) == (d.taj + SPEC.width < len(d.rugs))
        if RULES.to_act(state) is None or state.phase == REVEAL:
            break
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))


def test_a_goal_card_is_shown_colour_by_colour():
    """Scoring: a Secret Goal Card names three colours with the modifiers 2, 1, -1. At the end
    each player taps theirs: the ×2 colour, then the ×1, then the ×−1, one path per card."""
    state = play_until(laid_out(), REVEAL, random.Random(4))
    paths = {PLAY.taps(state, a): a for a in RULES.legal_actions(state)}
    assert len(paths) == len(RULES.legal_actions(state)) == 5 * 4 * 3
    assert paths[("×2 orange", "×1 blue", "×−1 green")] == ShowGoal(("orange", "blue", "green"))


def test_the_rugs_the_table_lays_out_are_tapped_as_their_colours_in_words():
    """Setup: the table lays the shuffled rug cards out; tajkit does not know them (design
    principle 2), so each is a chance event, tapped as its colours outer, middle, centre
    (Playing the Game), each colour with its letter, not on the board."""
    state = RULES.start({"players": NAMES[:2]})
    paths = {PLAY.taps(state, a): a for a in RULES.legal_actions(state)}
    assert len(paths) == len(RULES.legal_actions(state)) == 5 ** 3
    assert RULES.format(state, paths[("outer pink (P)", "middle green (G)", "centre blue (B)")]) == "pink green blue"
    assert all(PLAY.tap_orders(state, a) == (taps,) for taps, a in paths.items())


@pytest.mark.parametrize("count", range(SPEC.ends_at, SPEC.at_start + 1))
def test_the_display_is_laid_in_rows_that_never_split_the_taj(count):
    """Setup: the Taj lies over 3 Rugs. On a phone the display is laid in rows of at most 6 rugs
    (10 in one row would be 29 px each); every rug keeps its place in reading order, and the 3
    rugs under the Taj always share a row, the Taj card drawn over them."""
    state = laid_out()
    for taj in range(count - SPEC.width + 1):
        d = replace(state.display, rugs=state.display.rugs[:count], eyes=state.display.eyes[:count], taj=taj)
        lines = rows(SPEC, d)
        assert [i for line in lines for i in line] == list(range(count))
        assert all(1 <= len(line) <= 6 for line in lines) and len(lines) == (1 if count <= 6 else 2)
        assert any(set(d.under) <= set(line) for line in lines)
        table = RULES.table(replace(state, display=d))
        placed = layout(SPEC, table)
        x, y, _ = placed.taj
        under = [placed.rugs[i] for i in d.under]
        assert x < under[0][0] and y > max(rug_y for _, rug_y in under)  # over its rugs, left to right


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_target_is_a_finger_s_size_and_says_its_rug_in_words(seed):
    """Issue 44: 44 px or more on a 360 px phone; colour is never the only signal: each rug's
    target names its colours and points (Playing the Game: outer 1, middle 2, centre 3) and the
    picture writes them on the rug; the Taj's target says which rugs it lies over and its +1."""
    state = laid_out(seed=seed)
    d = state.display
    drawn = board(SPEC, PLAY.state_file(state), "Chen")
    assert drawn.title.startswith("tap two rugs to propose a swap")
    width = drawn.view[2]
    assert all(min(t.width, t.height) * 320 / width >= FINGER for t in drawn.targets)
    by_key = {t.key: t for t in drawn.targets}
    assert set(by_key) == {f"rug {k}" for k in range(1, len(d.rugs) + 1)} | {"taj"}
    for k, rug in enumerate(d.rugs):
        words = ", ".join(f"{colour} {points}" for colour, points in zip(rug, SPEC.points))
        assert by_key[f"rug {k + 1}"].label.startswith(f"Rug {k + 1}: {words}; eye down")
        assert [p.label for p in portions(SPEC, rug)] == [f"{c} {p}" for c, p in zip(rug, SPEC.points)]
    plus = d.plus_rug + 1
    assert by_key["taj"].label == f"The Taj: over rugs {d.taj + 1} to {d.taj + 3}, its +1 on rug {plus}"
    assert "with its +1" in by_key[f"rug {plus}"].label
    rugs = [t for t in drawn.targets if t.key != "taj"]
    assert not any(a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.height and b.y < a.y + a.height
                   for k, a in enumerate(rugs) for b in rugs[k + 1:])


def test_the_board_says_what_to_tap_as_the_turn_goes():
    """Voting: with a proposal on the table the board asks for a voting card; Scoring: at the end,
    for the goal card's colours."""
    state = RULES.apply(laid_out(), Propose(1, 6))
    assert board(SPEC, PLAY.state_file(state), "Chen").title.startswith("vote")
    state = play_until(state, REVEAL, random.Random(2))
    assert "goal card" in board(SPEC, PLAY.state_file(state), "Asha").title


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_draws_the_dealer_and_tells_how_to_lay_the_cards_out(players):
    """Setup: "Choose a dealer"; Game Turn: the player to the left of the dealer proposes first.
    Setup: the Taj with its "+1" on the right, the 10 rugs in a row under it, 3 to its left, 3
    under it, 4 to its right, Curator's Eye away from the Taj; a Voting Card of each type; a
    Secret Goal Card each, kept hidden. The rug cards and goal cards are not drawn: tajkit does
    not know them (design principle 2), so no colour is named."""
    names = NAMES[:players]
    drawn = set()
    for seed in range(60):
        answers, layout_lines = PLAY.deal(names, random.Random(seed))
        (question,) = PLAY.setup_questions(names)
        dealer = question.read(answers[question.key])
        drawn.add(dealer)
        state = RULES.start({"players": names, question.key: dealer})
        first = names[(names.index(dealer) + 1) % players]
        assert state.players[state.proposer] == first
        said = " ".join(layout_lines)
        assert f"{dealer} deals; {first}, on the dealer's left, proposes first" in said
        assert not any(colour in said for colour in SPEC.colours)
    assert drawn == set(names)  # every player may be drawn
    assert '"+1" on the right' in said and "3 to the left of the Taj, 3 under it, 4 to the right" in said
    assert "Yea/Nay and an All/Nix" in said and "face down" in said


def test_the_board_says_what_the_vote_left_to_do():
    """Vote Outcome: a majority Nay makes the Proposer remove the rug furthest from the Taj;
    Unanimous Outcomes: a unanimous vote makes them flip or shift the Taj. The board's title says
    which, not "propose a swap", over seeded random games (the picture drawn from the same data)."""
    from tajkit.solver.protocol import random_game

    seen = set()
    for seed in range(6):
        record = random_game(RULES, random.Random(seed), 3)
        state = RULES.start(record.setup)
        for event in record.events:
            if state.phase in (PROPOSE, REMOVE, MOVE) and state.display is not None:
                title = board(SPEC, PLAY.board_data(state), "x").title
                expected = {PROPOSE: "tap two rugs to propose a swap",
                            REMOVE: "the vote said Nay: tap the rug that leaves",
                            MOVE: "the vote was unanimous: tap the Taj"}[state.phase]
                assert title.startswith(expected), (state.phase, title)
                seen.add(state.phase)
            state = RULES.apply(state, RULES.parse(state, event))
    assert seen == {PROPOSE, REMOVE, MOVE}
