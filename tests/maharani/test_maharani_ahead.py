"""The Maharani hint that looks ahead (solver/maharani/ahead.py): what a turn banks is what the rules
model pays once every quarter is scored; the answer is the same for a seed and a budget; every
turn it lists is legal and its gold this turn is today's exact hint's; its report and JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_maharani_support import SPEC, random_position
from typer.testing import CliRunner

from tajkit.cli.main import app
from tajkit.solver.maharani import GAME, hint, notation, rules
from tajkit.solver.maharani.ahead import banked, candidates, look_ahead, play_future, sampled_order

POSITION_FILE = Path(__file__).parent.parent / "data" / "maharani-position.toml"
runner = CliRunner()


def live(seeds: range):
    for seed in seeds:
        pos = random_position(seed)
        if rules.game_over(SPEC, pos) is None:
            yield seed, pos


def test_what_a_turn_banks_is_what_the_rules_pay_it_once_the_quarters_are_scored():
    """Egy negyed kiértékelése / A játék vége: every quarter is scored once, when it fills or at the
    end, so a worker on the board is worth the quarter table for its colour's workers there. A
    turn's banked gain (its tiles' and workers' gold, −2 for a second tile, and what its new
    workers add to the table's payout) is the change of gold plus payout on the board that the
    rules model's turn gives: a quarter the turn scores moves the payout into gold, unchanged."""
    checked = scored = 0
    for _, pos in live(range(40)):
        player = pos.to_move
        for c in candidates(SPEC, pos, 60):
            result = rules.outcome(SPEC, pos, c.turn)
            assert banked(SPEC, result.after, player) - banked(SPEC, pos, player) == c.banks, c.text
            for other in range(pos.players):
                if other != player:  # a quarter the turn scores pays the others what the board held for them
                    assert banked(SPEC, result.after, other) == banked(SPEC, pos, other)
            checked += 1
            scored += bool(result.scorings)
    assert checked > 1000 and scored > 20


def test_the_candidates_are_every_legal_choice_ranked_by_what_they_bank():
    """Every legal turn (refresh, one tile, two tiles in either order once) is a candidate, as the
    exact hint counts them."""
    for _, pos in live(range(5)):
        every = candidates(SPEC, pos, 10**9)
        assert len(every) == hint.enumerate_best(SPEC, pos, "gold", top=1).choices
        assert [c.banks for c in every] == sorted((c.banks for c in every), reverse=True)


def test_the_look_ahead_is_the_same_for_a_seed_and_a_budget():
    """Deterministic: the sampled draws come from the seed alone, so the same seed and budget give
    the same turns and values (the time cap, far away here, never cuts)."""
    for seed, pos in live(range(100, 104)):
        first = look_ahead(SPEC, pos, playouts=10, seed=seed)
        again = look_ahead(SPEC, pos, playouts=10, seed=seed)
        assert [(v.turn, v.margins, v.replies) for v in first.best] == [(v.turn, v.margins, v.replies) for v in again.best]
        assert not first.cut


def test_a_future_draws_the_same_tiles_for_every_candidate():
    """The candidates are compared on the same draws: a turn moves tiles from the rondel to the
    board, never out of the bag, so one future's bag order serves them all, and each future
    plays the whole bag order it is given from the turn to the player's next turn."""
    _, pos = next(live(range(200, 210)))
    order = sampled_order(SPEC, pos, 7, 0)
    assert sorted(order) == sorted(rules.bag(SPEC, pos).elements())
    for c in candidates(SPEC, pos, 5):
        after = rules.outcome(SPEC, pos, c.turn).after
        assert sorted(rules.bag(SPEC, after).elements()) == sorted(order)
        play_future(SPEC, pos, c.turn, order)  # plays through the rules: an illegal turn would raise


def test_every_listed_turn_is_legal_and_its_gold_this_turn_is_the_exact_hints():
    """Each turn the look-ahead lists plays through the checked rules (IllegalMove otherwise), and
    its "this turn" gold is the exact hint's value of the same turn for 'gold' (quarter scorings
    it triggers included); none earns more now than the exact hint's best."""
    listed = 0
    for _, pos in live(range(300, 320)):
        looked = look_ahead(SPEC, pos, playouts=5, seed=1, top=5)
        best_now = hint.enumerate_best(SPEC, pos, "gold", top=1).best[0].value
        for v in looked.best:
            checked = rules.outcome(SPEC, pos, v.turn, check=True)
            assert v.result.gold == checked.gold
            assert hint.value_of(checked, pos.to_move, "gold") == v.result.gold[pos.to_move] <= best_now
            listed += 1
    assert listed > 60


def test_the_hint_command_looks_ahead_by_default_and_keeps_the_exact_objectives():
    result = runner.invoke(app, ["hint", "maharani", str(POSITION_FILE), "--top", "3", "--playouts", "6", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert set(out) == {"game", "player", "objective", "position", "turns", "legal_turns", "looked_at", "futures",
                        "playouts", "seed", "cut", "proven_optimal", "solver", "seconds", "notes", "moves", "value_meaning",
                        "kind"}
    assert out["kind"] == "estimate" and [m["events"][0] for m in out["moves"]] == [t["text"].split()[0] for t in out["turns"]]
    assert out["objective"] == "ahead" and out["proven_optimal"] is False and out["playouts"] == 6
    assert len(out["turns"]) == 3 and out["looked_at"] == 5 and out["futures"] == 1
    turn = out["turns"][0]
    assert {"rank", "value", "turn_gold", "banks", "reply_gold", "sets_up", "text", "tiles", "gold", "totals"} <= set(turn)
    assert turn["turn_gold"] == turn["gold"][out["player"]]
    exact = json.loads(runner.invoke(app, ["hint", "maharani", str(POSITION_FILE), "--objective", "gold", "--json"]).stdout)
    assert exact["objective"] == "gold" and exact["proven_optimal"] is True


def test_the_hint_says_what_a_turn_sets_up():
    """A turn that puts a worker in a quarter still open says how many workers of that colour it
    keeps there and what the quarter table pays them, and how soon the quarter fills."""
    text = runner.invoke(app, ["hint", "maharani", str(POSITION_FILE), "--top", "5", "--playouts", "5"]).stdout
    assert text.startswith("Csilla to move: the best turns looking ahead")
    assert "gold when it is scored" in text and "the opponents' replies earn" in text
    assert "this turn +" in text and "a sampled estimate, not a proof" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--solver", "cpsat"], "error: --solver cpsat: CP-SAT answers the exact objectives of this turn"),
        (["--objective", "best"], "error: --objective best: choose one of ahead, gold, margin"),
        (["--playouts", "0"], "error: --playouts 0: must be at least 1"),
        (["--time-limit", "0"], "error: --time-limit 0: must be at least 0.05"),
    ],
)
def test_bad_hint_options_are_refused_with_exit_2(args, message):
    result = runner.invoke(app, ["hint", "maharani", str(POSITION_FILE), *args])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [result.stderr.splitlines()[0]] and result.stderr.startswith(message)


def test_the_interface_offers_the_look_ahead_budget_and_the_safety_cap():
    options = {o.name: o for o in GAME.hint.options}
    assert options["objective"].default == "ahead" and options["objective"].choices == ("ahead", "gold", "margin")
    assert options["playouts"].default == 20 and options["time_limit"].default == 10.0


def test_the_time_cap_cuts_between_rounds_and_says_so():
    """A cap smaller than one round of futures stops after the first round (every candidate has
    had the same futures), and the report says the answer may differ elsewhere."""
    _, pos = next(live(range(400, 420)))
    looked = look_ahead(SPEC, pos, playouts=500, seed=0, time_cap=0.0)
    assert looked.cut and looked.futures == 1
    from tajkit.solver.maharani.report import ahead_report

    report = ahead_report(SPEC, ["A", "B", "C", "D"][: pos.players], pos, looked)
    assert any("--time-limit safety cap stopped the look-ahead after 1 of its" in n for n in report.notes)
    assert notation.format_turn(SPEC, looked.best[0].turn, pos.players) in report.text


def test_at_the_table_each_turn_the_look_ahead_lists_plays_as_events_with_the_gold_it_claims():
    """A session (tajkit play) takes a listed turn as events: each one the look-ahead lists plays
    through the rules protocol, and every player's gold moves as its report says."""
    import random

    from test_maharani_play import check_plays, hint as table_hint, turn_starts

    rng = random.Random("ahead")
    checked = []
    for seed, players in ((11, 2), (13, 4)):
        for s in turn_starts(seed, players, every=12):
            checked += check_plays(s, table_hint(s, top=3, playouts=6), rng)
    assert len(checked) > 10 and any(t["second_tile"] for t in checked)
