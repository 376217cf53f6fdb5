"""The Maharani hint: the enumeration (every legal turn played by the rules engine) and the CP-SAT
model agree on the best value on 1,000+ random positions; the enumeration equals a brute force over
every legal turn played through the checked path; the report says what it proved."""

from __future__ import annotations

import pytest
from test_maharani_support import SPEC, filled, position, quarter, random_position, spec_with

from tajkit.solver.errors import BadInput
from tajkit.solver.maharani import GAME, notation, rules, samples
from tajkit.solver.maharani.cpsat import NotModelled, solve
from tajkit.solver.maharani.hint import enumerate_best, value_of

LOW_SUPPLY = spec_with(workers={"per_colour": {"2": 2, "3": 3, "4": 2}})  # supplies run dry: every worker rule in play


def live_positions(count: int, spec, first_seed: int = 0, tiles: range = range(0, 57)):
    """``count`` random positions with turns to play and tiles in the bag (what CP-SAT models),
    with a number of tiles on the board in ``tiles``."""
    seed = first_seed
    found = 0
    while found < count:
        pos = random_position(seed, spec)
        seed += 1
        on_board = sum(c >= 0 for c in pos.colour)
        plain = any(not spec.kinds[kind].centre for _, kind in rules.live_bag(spec, pos))
        if on_board in tiles and rules.game_over(spec, pos) is None and plain:
            found += 1
            yield seed - 1, pos


def agree(spec, pos, objective: str) -> tuple[int, int]:
    enumerated = enumerate_best(spec, pos, objective, top=1)
    modelled = solve(spec, pos, objective)
    assert modelled.proven
    return enumerated.best[0].value, modelled.best[0].value


@pytest.mark.slow
def test_cp_sat_and_the_enumeration_agree_on_a_thousand_positions():
    """The best value for 'gold' found by both ways on 1,000 random positions from the middle and
    the end of games (8 tiles or more on the board; two to four players, markers face down, gold
    shuffled, and 300 with supplies of 2-3 workers so that every worker rule comes into play);
    CP-SAT proves its optimum each time."""
    checked = 0
    for spec, count in ((SPEC, 700), (LOW_SUPPLY, 300)):
        for seed, pos in live_positions(count, spec, first_seed=10_000 * (spec is LOW_SUPPLY), tiles=range(8, 57)):
            enumerated, modelled = agree(spec, pos, "gold")
            assert enumerated == modelled, (seed, notation.format_position(spec, pos))
            checked += 1
    assert checked == 1000


@pytest.mark.slow
@pytest.mark.parametrize("objective", ["gold", "margin"])
def test_cp_sat_and_the_enumeration_agree_in_the_opening(objective):
    """The first turns (fewer than 8 tiles on the board: the most turns to choose from)."""
    for seed, pos in live_positions(40, SPEC, first_seed=30_000, tiles=range(0, 8)):
        enumerated, modelled = agree(SPEC, pos, objective)
        assert enumerated == modelled, seed


@pytest.mark.slow
def test_cp_sat_and_the_enumeration_agree_on_the_margin():
    """The 'margin' objective (own gold minus the best opponent's, quarter scorings included)."""
    for spec in (SPEC, LOW_SUPPLY):
        for seed, pos in live_positions(75, spec, first_seed=50_000, tiles=range(8, 57)):
            enumerated, modelled = agree(spec, pos, "margin")
            assert enumerated == modelled, seed


@pytest.mark.slow
@pytest.mark.parametrize("objective", ["gold", "margin"])
def test_the_enumeration_is_the_brute_force_over_every_legal_turn(objective):
    """Every legal turn (each arrow apart, no shortcut) played through the checked rules path: its
    best value is the hint's."""
    for seed in range(24):
        pos = random_position(20_000 + seed, LOW_SUPPLY if seed % 2 else SPEC)
        spec = LOW_SUPPLY if seed % 2 else SPEC
        if rules.game_over(spec, pos) is not None:
            continue
        brute = max(value_of(rules.play(spec, pos, t), pos.to_move, objective)
                    for t in rules.legal_turns(spec, pos, distinct=False))
        assert enumerate_best(spec, pos, objective, top=1).best[0].value == brute, seed


def test_the_hint_counts_quarter_scorings_for_every_player():
    """A turn that completes a quarter scores it for everybody: the report lists every player's
    quarter gold, and the margin counts the opponents' gold too."""
    workers = {"d8": "1", "c7": "1", "a5": "1", "b8": "2", "c8": "2", "a6": "2", "d7": "3"}
    tiles = filled([s for s in quarter(1) if s != "c5"], workers)
    pos = position(tiles, workers, rondel=("Gc", "Rc", "Pn", "Yc"), gold=(10, 10, 10, 10))
    data = {"game": "maharani", "position": notation.format_position(SPEC, pos)}
    report = GAME.hint.run(SPEC, data, top=3, objective="gold")
    best = report.json["turns"][0]
    assert best["text"] == "3c5n" and best["value"] == 1 + 9
    assert [(c["player"], c["workers"], c["gold"]) for c in best["quarter_scorings"][0]["crews"]] == [
        ("player 1", 3, 9), ("player 2", 3, 9), ("player 3", 1, 4)]
    assert "quarter 1 scored: player 1 3 workers → 9, player 2 3 workers → 9, player 3 1 worker → 4" in report.text
    margin = GAME.hint.run(SPEC, data, objective="margin", top=10_000).json["turns"]
    assert next(t["value"] for t in margin if t["text"] == "3c5n") == (10 + 10) - (10 + 9)
    assert not any(n.startswith("quarter table:") for n in report.notes)  # 1 and 3 workers: the rulebook's values


def test_a_hint_resting_on_an_inferred_quarter_value_says_so():
    """The rulebook's table gives 1, 3 and 5 workers; 2 workers -> 6 gold is inferred
    (seeds/maharani.toml), so a hint whose turn scores it must say so, as the scorer does."""
    data = {"game": "maharani", "position": (
        "1GnRnOeGePw/OnYwPnPeOwOnYwBs/YnBnOnRwRnPeOeOw/BsGeRePsPnYe/BeOnRnPnYeYs/BeReRnYsYePeGsBs/"
        "RsRnGsGwGePnBsBs/OeYsGwGsRwBn 1:a5;2:d6;3:a7,c7 Gn,-,-,- s:10;w:10;n:10;e:10 1")}
    report = GAME.hint.run(SPEC, data, top=2, objective="gold")
    assert "quarter 1 scored: player 1 1 worker → 4, player 2 1 worker → 4, player 3 2 workers → 6" in report.text
    assert any(n.startswith("quarter table: 2 → 6 gold is inferred, not in the rulebook") for n in report.notes)


def test_the_report_ranks_turns_and_says_it_is_proven():
    data = {"game": "maharani", "position": notation.format_position(SPEC, random_position(3)), "players": None}
    data.pop("players")
    report = GAME.hint.run(SPEC, data, top=5, objective="gold")
    values = [t["value"] for t in report.json["turns"]]
    assert values == sorted(values, reverse=True) and len(values) == 5
    assert report.json["proven_optimal"] is True and report.json["solver"] == "enumeration"
    assert "proven best for 'gold': every one of the" in report.text
    assert any(n.startswith("board and its column marks: tajkit default") for n in report.notes)
    single = GAME.hint.run(SPEC, data, top=50, tiles=1, objective="gold")
    assert all(len(t["tiles"]) <= 1 for t in single.json["turns"])
    assert single.json["turns"][0]["value"] <= values[0]


def test_the_cp_sat_answer_through_the_command():
    data = {"game": "maharani", "position": notation.format_position(SPEC, random_position(8))}
    report = GAME.hint.run(SPEC, data, solver="cpsat", objective="margin", top=3)
    assert report.json["solver"] == "CP-SAT" and report.json["proven_optimal"]
    assert report.json["turns"][0]["value"] == GAME.hint.run(SPEC, data, objective="margin").json["turns"][0]["value"]
    assert any("best turn only" in n for n in report.notes)


def test_cp_sat_leaves_the_last_turns_to_the_enumeration():
    """With the bag empty a turn may end the game: CP-SAT does not model it and says so."""
    game = samples.random_game(SPEC, 2, seed=4)
    last = next(r.after for r in reversed(game.results[:-1]) if not rules.live_bag(SPEC, r.after) and r.over is None)
    with pytest.raises(NotModelled):
        solve(SPEC, last)
    data = {"game": "maharani", "position": notation.format_position(SPEC, last)}
    report = GAME.hint.run(SPEC, data, solver="cpsat", objective="gold")
    assert report.json["solver"] == "enumeration" and any("enumeration answered" in n for n in report.notes)


def test_no_hint_when_the_game_is_over():
    game = samples.random_game(SPEC, 3, seed=2)
    data = {"game": "maharani", "position": notation.format_position(SPEC, game.end)}
    with pytest.raises(BadInput, match="the game is over"):
        GAME.hint.run(SPEC, data)
