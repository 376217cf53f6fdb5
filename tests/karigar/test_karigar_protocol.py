"""Karigar-e-Taj's rules protocol (solver/karigar/protocol.py): whole random games through the
contract, and the game's own rules at the table, each citing the rulebook (karigar-e-taj.txt)."""

from __future__ import annotations

import random

import pytest
from protocol_check import check_whole_games

from tajkit.solver import games
from tajkit.solver.errors import BadState, IllegalMove
from tajkit.solver.karigar.state import REVEAL, Build, Draw, Go, Hire, Show
from tajkit.solver.protocol import CHANCE, Record, random_action, random_game, replay

GAME = games.get("karigar")
SPEC = GAME.load_spec()
RULES = GAME.rules(SPEC)


def test_whole_games_two_to_four_players() -> None:
    """How to Play to Game End: random legal games for 2, 3 and 4 players (Components: 4 screens)
    keep the contract at every step, end, and replay from their records."""
    records = check_whole_games("karigar", count=6, players=(2, 3, 4))
    assert all(len(r.events) > 100 for r in records)


@pytest.mark.slow
def test_many_whole_games() -> None:
    """The same over 60 games."""
    check_whole_games("karigar", count=60, players=(2, 3, 4))


# --- helpers -----------------------------------------------------------------------------------------


def _game(seed: int, players: int = 3) -> tuple[Record, list]:  # noqa: ANN001
    record = random_game(RULES, random.Random(seed), players)
    return record, list(replay(RULES, record).states)


def _setup(seed: int = 0, players: int = 3) -> dict:
    return RULES.random_setup(random.Random(seed), players)


# --- turn order --------------------------------------------------------------------------------------


def test_turns_go_clockwise_from_the_first_listed() -> None:
    """Starting a New Round: the starting player goes first, then the turn continues clockwise."""
    state = RULES.start(_setup())
    rng = random.Random(1)
    seen = []
    while len(seen) < 4:
        who = RULES.to_act(state)
        if who != CHANCE and (not seen or seen[-1] != who):
            seen.append(who)
        state = RULES.apply(state, random_action(RULES, state, rng))
    assert seen == ["Asha", "Bela", "Chand", "Asha"]


def test_the_builder_of_a_levels_last_section_starts_the_new_round() -> None:
    """Replenish Phase: the player who built the last section on a level receives the First Player
    Marker and starts the new round; every worker is recalled, the Alliance cards are drawn anew."""
    record, states = _game(3)
    for k, text in enumerate(record.events):
        before, after = states[k], states[k + 1]
        if text.startswith("build") and len(after.built) == 3:
            builder = RULES.to_act(before)
            break
    else:
        pytest.fail("no level completed")
    assert all(w == -1 for seat in after.seats for w in seat.workers)  # recalled to the supply
    later = after
    j = k + 1
    while RULES.to_act(later) == CHANCE:
        assert record.events[j].startswith(("card", "A1", "A2"))
        j += 1
        later = states[j]
    assert RULES.to_act(later) == builder


def test_elephants_after_level_one_and_a_third_worker_after_level_two() -> None:
    """Worker Meeples / Elephant Meeples: Elephants can be hired once level 1 is complete; every
    player has a third worker once level 2 is complete."""
    record, states = _game(5)
    for k, state in enumerate(states[:-1]):
        levels = len(state.built) // 3
        assert all(len(s.workers) == (3 if levels >= 2 else 2) for s in state.seats)
        if RULES.to_act(state) != CHANCE and levels < 1:
            assert not any(isinstance(a, Hire) for a in RULES.legal_actions(state))
    assert any(t.startswith("hire") for t in record.events)


def test_one_build_a_turn_and_its_rewards() -> None:
    """Building the Taj Mahal: on their turn players build one section, pay the Level tile, take
    the top Taj point token and one Bakshish card (two for the level's last section)."""
    record, states = _game(7)
    k = record.events.index(next(t for t in record.events if t.startswith("build")))
    before, after = states[k], states[k + 1]
    me = before.seat
    section = int(record.events[k].split()[1])
    assert after.seats[me].sections == (section,)
    assert after.seats[me].tokens == (before.stacks[0][0],)
    assert len(after.seats[me].bakshish) == 1
    assert [a - b for a, b in zip(before.seats[me].holding, after.seats[me].holding)] == list(before.tiles[0])
    early = [st for seed in range(4) for st in _game(seed)[1] if st.built_now and st.phase == "turn" and not st.draws]
    assert early  # built before the main action: the turn goes on, with no second build
    assert all(not any(isinstance(a, Build) for a in RULES.legal_actions(st)) for st in early)


# --- chance ------------------------------------------------------------------------------------------


def test_a_replacement_bazaar_card_is_drawn_from_the_pile_each_card_alike() -> None:
    """Bazaar Change: the built section's Bazaar card is replaced from the draw pile; the setup lists
    the pile (the rulebook does not), its order is unknown: each card left is equally likely."""
    record, states = _game(2)
    k = next(i for i, t in enumerate(record.events) if t.startswith("card "))
    state = states[k]
    assert RULES.to_act(state) == CHANCE
    outcomes = RULES.chance_outcomes(state)
    assert len(state.pile) == 12
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    assert all(p == pytest.approx(state.pile.count(a.card) / 12) for a, p in outcomes)
    drawn = RULES.parse(state, record.events[k])
    assert isinstance(drawn, Draw)
    place = int(record.events[k].split()[1])
    assert states[k + 1].cards[SPEC.cards.index(place)] == drawn.card
    assert len(states[k + 1].pile) == 11


# --- the end -----------------------------------------------------------------------------------------


def test_the_game_ends_when_the_last_section_is_built_and_the_screens_are_shown() -> None:
    """Game End: the game ends immediately when the last section is built; each player then shows
    the Blueprint and Bakshish points, and the game is over."""
    record, states = _game(4, players=2)
    last = max(i for i, t in enumerate(record.events) if t.startswith("build"))
    assert len(states[last + 1].built) == 12 and states[last + 1].phase == REVEAL
    assert all(t.split()[1] in ("blueprint", "bonus", "bakshish") for t in record.events[last + 1:])
    assert RULES.to_act(states[-1]) is None and RULES.legal_actions(states[-1]) == []
    result = RULES.standings(states[-1])
    assert not any("not over" in n for n in result.notes)


def test_shown_cards_must_be_the_dealt_ones_with_full_information() -> None:
    """Blueprint Cards / Bakshish Cards: kept secret; with the deck in the setup (full information)
    the Bakshish points shown are the cards drawn, and no bonus without every Blueprint section."""
    record, states = _game(4, players=2)
    first = next(i for i, t in enumerate(record.events) if t.split()[1:2] == ["bakshish"])
    state = states[first]
    me = state.seats[state.seat]
    assert RULES.legal_actions(state) == [Show("bakshish", me.bakshish[0])]
    with pytest.raises(IllegalMove, match="not legal now"):
        RULES.parse(state, f"{me.name} bakshish {me.bakshish[0] + 1}")


def test_hidden_bakshish_cards_are_shown_as_the_player_says() -> None:
    """Bakshish cards have to be kept secret: without the deck in the setup, the state only counts
    them, and any Taj points the scorer allows are accepted when shown."""
    setup = _setup(4, players=2)
    del setup["bakshish_deck"]
    for p in setup["players"]:
        del p["blueprint_sections"], p["blueprint_bonus"]
    state = RULES.start(setup)
    assert state.bakshish_pile == (None,) * 34
    rng = random.Random(9)
    while state.phase != REVEAL:
        state = RULES.apply(state, random_action(RULES, state, rng))
    assert len(RULES.legal_actions(state)) == 100  # blueprint 0-99
    assert RULES.parse(state, "asha blueprint 7") == Show("blueprint", 7)


# --- refusals ----------------------------------------------------------------------------------------


def test_a_diagonal_move_is_refused_with_the_rule_and_the_legal_moves() -> None:
    """1.2 Movement of Workers: orthogonal only, along a row or a column, never into another
    player's space; the refusal names the rule and lists legal moves, on one line."""
    record, states = _game(1)
    k = next(i for i, t in enumerate(record.events) if t == "6R>12R")
    state = states[k]
    with pytest.raises(IllegalMove) as refused:
        RULES.parse(state, "6R>8L")  # 6 and 8 share neither row nor column
    (line,) = refused.value.problems
    assert "1.2 Movement of Workers" in line and "legal: " in line and "6R>12R" in line and "\n" not in line


def test_a_lone_worker_never_goes_to_a_yellow_card() -> None:
    """Earning Precious Resources: players cannot place just one worker on a yellow card."""
    for seed in range(2):
        record, states = _game(seed)
        for state in states:
            if RULES.to_act(state) not in (None, CHANCE):
                spaces = RULES._spaces_of(state)
                for a in RULES.legal_actions(state):
                    if isinstance(a, Go) and spaces[a.space].yellow:
                        assert len(a.origins) >= 2


def test_card_abilities_not_supported_are_refused_by_name() -> None:
    """2. Using an Alliance Card and Free Actions c (Bakshish favours): the rulebook does not say what
    the cards do, so tajkit refuses them by name instead of mis-playing them; AI players too."""
    state = RULES.start(_setup())
    with pytest.raises(IllegalMove, match="Alliance card's ability.*not supported"):
        RULES.parse(state, "use A1")
    with pytest.raises(IllegalMove, match="Bakshish card's favour.*not supported"):
        RULES.parse(state, "favour 1")
    setup = _setup()
    setup["players"][1]["ai"] = True
    with pytest.raises(BadState, match="Bela is an AI player.*Ustad Cards.*not supported"):
        RULES.start(setup)


def test_a_setup_that_breaks_a_rule_is_refused() -> None:
    """Setting Up 4-5: the Taj point tokens are stacked in descending order, highest on top."""
    setup = _setup()
    setup["token_stacks"][1] = [1, 2, 3]
    with pytest.raises(BadState, match=r"token_stacks level 2 = \[1, 2, 3\].*descending"):
        RULES.start(setup)


# --- notation ----------------------------------------------------------------------------------------


def test_the_notation_reads_at_the_table() -> None:
    """The events of a game as a table types them (1.1-1.4, Hiring Elephants, Building, Game End),
    case and spaces free."""
    record, states = _game(1)
    assert record.events[:3] == ("supply+supply>6R", "build 2", "card 2 = yellow earn 1 gems+1 gold; 1 gems+1 silver>1 gems")
    for pattern in ("5L take ", " sell ", "hire ", "elephant ", " blueprint ", " bakshish "):
        assert any(pattern in t for t in record.events), pattern
    k = record.events.index("6R>12R")
    assert RULES.parse(states[k], "  6r > 12r ") == RULES.parse(states[k], "6R>12R")


# --- the score ---------------------------------------------------------------------------------------


def test_a_replayed_record_scores_as_its_finished_table_file() -> None:
    """Game End: the standings of a replayed record are the scorer's on the equivalent state file
    (tajkit score karigar), tie-breaks included (most Taj tiles, then fewest resources)."""
    record, _ = _game(6)
    final = replay(RULES, record).state
    table = {
        "game": "karigar",
        "token_stacks": [list(s) for s in record.setup["token_stacks"]],
        "players": [
            {"name": s.name, "sections": list(s.sections), "taj_tokens": list(s.tokens),
             "bakshish": [v for v in s.shown[2:] if v], "blueprint": s.shown[0], "blueprint_bonus": s.shown[1],
             "blueprint_sections": list(s.blueprint), "alliances": [o.points for o in s.alliances],
             "resources": sum(s.holding)}
            for s in final.seats
        ],
    }
    expected = GAME.score(SPEC, GAME.read_state(SPEC, table))
    got = RULES.standings(final)
    assert [(p.name, p.total, p.rank, p.tiebreaks) for p in got.players] == [
        (p.name, p.total, p.rank, p.tiebreaks) for p in expected.players
    ]
    assert got.ties == expected.ties
