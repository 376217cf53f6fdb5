"""``tajkit simulate maharani`` (solver/maharani/simulate.py): games from the setup with the draws
from a seeded bag, every policy in every seat on the same draws, the statistics per deal, the
command's JSON and its refusals."""

from __future__ import annotations

import json

import pytest
from test_maharani_support import SPEC
from typer.testing import CliRunner

from tajkit.cli.main import app
from tajkit.solver.errors import BadInput
from tajkit.solver.maharani import rules
from tajkit.solver.maharani.simulate import Played, deal, figures, play_game, seatings, shares, simulate

runner = CliRunner()


def test_every_policy_sits_in_every_seat_once():
    """The seats are rotated: with k policies for n seats (the last filling the seats left), the
    n seatings put each policy in each seat."""
    assert seatings(("ahead", "greedy"), 2) == [("ahead", "greedy"), ("greedy", "ahead")]
    four = seatings(("ahead", "greedy"), 4)
    assert four[0] == ("ahead", "greedy", "greedy", "greedy")
    assert [s.index("ahead") for s in four] == [0, 3, 2, 1]
    assert sorted(seatings(("random", "margin", "greedy"), 3)) == sorted(
        [("random", "margin", "greedy"), ("margin", "greedy", "random"), ("greedy", "random", "margin")])
    assert seatings((), 2) == [("ahead", "greedy"), ("greedy", "ahead")]
    with pytest.raises(BadInput, match="--policy given 3 times: a 2-player game has 2 seats"):
        seatings(("ahead", "greedy", "random"), 2)


def test_a_game_starts_from_the_deal_and_draws_every_refill_from_it():
    """Előkészületek: the first four tiles of the bag go onto the rondel; every tile drawn later is
    the next in the same bag (the deal is the seed's, whoever sits where)."""
    order = deal(SPEC, 3, 5)
    assert order == deal(SPEC, 3, 5) and order != deal(SPEC, 3, 6)
    assert sorted(order) == sorted(rules.bag(SPEC, rules.new_game(SPEC, 2, (None,) * 4)).elements())
    for seats in seatings(("greedy", "random"), 2):
        played = play_game(SPEC, seats, 3, 5, playouts=1)
        assert played == play_game(SPEC, seats, 3, 5, playouts=1)  # seeded by (seed, game, seating) alone
        assert played.seats == seats and played.turns > 20


def test_the_runs_do_not_depend_on_how_many_processes_play_them():
    one = simulate(SPEC, ("greedy", "random"), 2, 3, seed=4, playouts=1, processes=1)
    two = simulate(SPEC, ("greedy", "random"), 2, 3, seed=4, playouts=1, processes=2)
    assert one == two and len(one) == 3 and all(len(games) == 2 for games in one)


def test_a_tie_shares_the_win_as_the_rulebook_names_no_tie_break():
    assert shares((40, 40, 12)) == [0.5, 0.5, 0.0]
    assert shares((9, 30, 12, 30)) == [0.0, 0.5, 0.0, 0.5]


def test_a_policys_figures_average_its_seats_in_each_deal():
    """Per deal, a policy's win share, gold and margin are averaged over its seats in every seating;
    the interval is over the deals."""
    deals = [
        (Played(("a", "g", "g"), (30, 20, 10), 40), Played(("g", "a", "g"), (25, 25, 5), 40),
         Played(("g", "g", "a"), (30, 10, 20), 40)),
        (Played(("a", "g", "g"), (10, 20, 30), 40), Played(("g", "a", "g"), (20, 30, 10), 40),
         Played(("g", "g", "a"), (5, 5, 40), 40)),
    ]
    a, g = figures(deals, ("a", "g", "g"))
    assert (a.name, a.seats, g.seats) == ("a", 1, 2)
    assert a.wins.mean == pytest.approx((1 + 0.5 + 0) / 6 + (0 + 1 + 1) / 6)
    assert a.gold.mean == pytest.approx((30 + 25 + 20 + 10 + 30 + 40) / 6)
    assert a.margin.mean == pytest.approx(((10 + 0 - 10) + (-20 + 10 + 35)) / 6)
    assert g.wins.mean == pytest.approx(((0 + 0 + 0.5 + 0 + 1 + 0) / 6 + (0 + 1 + 0 + 0 + 0 + 0) / 6) / 2)
    assert a.wins.mean + 2 * g.wins.mean == pytest.approx(1)  # a seat's share: one game's win in all
    assert a.wins.low < a.wins.mean < a.wins.high


def test_the_command_compares_policies_on_the_same_draws_as_json():
    result = runner.invoke(app, ["simulate", "maharani", "--policy", "greedy", "--policy", "random", "--games", "2",
                                 "--seed", "2", "--processes", "1", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert (out["players"], out["deals"], out["games"], out["seats"]) == (2, 2, 4, ["greedy", "random"])
    assert set(out["policies"]) == {"greedy", "random"}
    greedy = out["policies"]["greedy"]
    assert set(greedy) == {"seats", "wins", "gold", "margin"} and set(greedy["wins"]) == {"mean", "ci95"}
    assert greedy["wins"]["mean"] + out["policies"]["random"]["wins"]["mean"] == pytest.approx(1)
    text = runner.invoke(app, ["simulate", "maharani", "--policy", "greedy", "--policy", "random", "--games", "2",
                               "--seed", "2", "--processes", "1"]).stdout
    assert text.startswith("Maharani, 2 players: 2 deals of the bag (seed 2), each played in 2 seatings (4 games)")
    assert "ahead looks" not in text and all(line == line.rstrip() for line in text.splitlines())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--policy", "greedy", "--policy", "random", "--policy", "ahead"], "error: --policy given 3 times: a 2-player"),
        (["--players", "5"], "error: --players 5: must be at most 4"),
        (["--policy", "best"], "error: --policy best: choose one of ahead, greedy, margin, random"),
        (["--games", "0"], "error: --games 0: must be at least 1"),
        (["--playouts", "0"], "error: --playouts 0: must be at least 1"),
    ],
)
def test_bad_options_are_one_error_line_and_exit_2(args, message):
    result = runner.invoke(app, ["simulate", "maharani", *args])
    assert result.exit_code == 2
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith(message)


@pytest.mark.slow
def test_the_look_ahead_plays_whole_games_in_every_seat():
    """The look-ahead as a policy: whole 2- and 3-player games end with every tile rule kept (the
    rules play every turn it picks)."""
    for players in (2, 3):
        games = simulate(SPEC, ("ahead", "greedy"), players, 1, seed=9, playouts=5, processes=1)
        assert len(games[0]) == players and all(g.turns > 15 for g in games[0])
