"""The Taj Mahal hint: withdraw-now, the fewest cards per prize and per set, the best play this
turn; CP-SAT checked against brute force on random small hands, every card set replayed through
the rules, and every validation message."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tajkit.solver.errors import BadInput
from tajkit.solver.tajmahal import GAME
from tajkit.solver.tajmahal.files import read_hint_position
from tajkit.solver.tajmahal.hint import make_hint, worths
from tajkit.solver.tajmahal.rules import Card, Play, Withdraw
from tajkit.solver.tajmahal.samples import random_hint_position
from tajkit.solver.tajmahal.spec import SYMBOLS

SPEC = GAME.load_spec()


def position_data(**changes) -> dict:
    data = {
        "game": "tajmahal",
        "province": 5,
        "turn": "Asha",
        "unclaimed": ["elephant", "tiger", "princess", "yellow_advisor", "taj"],
        "bonus_tile": 3,
        "players": [
            {"name": "Asha", "display": [["elephant", "tiger"]], "palaces": [3, 4],
             "hand": [["elephant"], ["elephant", "taj"], ["princess", "princess"], ["tiger"],
                      ["yellow_advisor", "elephant"], ["taj"]]},
            {"name": "Ben", "display": [["elephant", "elephant"], ["tiger"]]},
            {"name": "Chen", "display": [["white_advisor"], ["princess"]], "withdrawn": True},
        ],
    }
    data.update(changes)
    return data


def hint(data: dict, player: str | None = None, card_cost: float | None = None, top: int = 5):
    return GAME.hint.run(SPEC, data, player=player, card_cost=card_cost, top=top)


def problems(data: dict, **options) -> tuple[str, ...]:
    with pytest.raises(BadInput) as info:
        hint(data, **options)
    return info.value.problems


# --- the worked position ---------------------------------------------------------------------


def test_withdraw_now_takes_what_the_display_leads_and_says_what_it_is_worth():
    """Withdrawing now, Asha (elephant 1, tiger 1) ties Ben's tiger and takes the Tiger (bonus tile
    3): the tie is hers as the one withdrawing (Prize Collection); Ben's 2 elephants beat her 1."""
    report = hint(position_data())
    now = report.json["withdraw_now"]
    assert (now["prizes"], now["points"], now["cards"]) == (["tiger"], 3, [])
    assert now["at_risk"] == []  # the one withdrawing wins the tie, so nothing is at risk
    assert now["missed"] == [{"category": "elephant", "why": "Ben shows more (2 to 1)"}]
    assert "  not Elephant: Ben shows more (2 to 1)" in report.text
    assert "Withdraw now: Tiger = 3 points (bonus tile 3)\n" in report.text


def test_a_typed_bonus_tile_is_not_called_a_default():
    """A position that gives its province's bonus tile (bonus_tile = 3) rests on no default for it:
    the notes no longer list "a bonus tile of unknown value 2" (issue 23's walk-through); one that
    leaves it out says what it counted."""
    typed = " ".join(hint(position_data()).notes)
    assert "a bonus tile of unknown value" not in typed and "palace 2" in typed
    untyped = position_data()
    del untyped["bonus_tile"]
    notes = " ".join(hint(untyped).notes)
    assert "a bonus tile of unknown value 2" in notes and "this province's bonus tile has no value given: it counts 2" in notes


def test_withdrawing_for_several_prizes_adds_up_what_each_is_worth():
    data = position_data()
    data["players"][1]["display"] = [["tiger"]]  # Ben no longer leads the Elephant
    report = hint(data)
    assert report.json["withdraw_now"]["prizes"] == ["elephant", "tiger"]
    line = next(x for x in report.text.splitlines() if x.startswith("Withdraw now:"))
    assert line == ("Withdraw now: Elephant, Tiger = 7 points: 4 (palace 2 + chain provinces 3-4 → provinces 3-4-5 (+2))"
                    " + 3 (bonus tile 3)")


def test_a_palace_extending_the_chain_is_worth_more_and_the_hint_says_by_how_much():
    """Asha's palaces 3-4: a palace in province 5 makes the chain 3-4-5, worth chain(3) - chain(2)
    more than its own points (Scoring: longer chains = more points)."""
    report = hint(position_data())
    gain = SPEC.chain_value(3) - SPEC.chain_value(2)
    assert report.json["worth"]["elephant"] == {
        "points": SPEC.palace + gain,
        "parts": f"palace {SPEC.palace} + chain provinces 3-4 → provinces 3-4-5 (+{gain})",
    }
    far = position_data()
    far["players"][0]["palaces"] = [1]
    assert hint(far).json["worth"]["elephant"]["points"] == SPEC.palace


def test_fewest_cards_per_prize_tied_and_strict():
    """Elephant: Ben shows 2, Asha 1: one card with an elephant ties (hers if she withdraws first),
    two elephants more lead strictly. 2 Princesses: the double-princess card. Tiger: hers already."""
    per = {p["category"]: p for p in hint(position_data()).json["per_prize"]}
    assert len(per["elephant"]["lead"]["cards"]) == 1 and len(per["elephant"]["strict_lead"]["cards"]) == 2
    assert per["princess"]["lead"]["cards"] == [["princess", "princess"]]
    assert per["tiger"]["lead"]["cards"] == [] and per["tiger"]["strict_lead"]["cards"] == [["tiger"]]
    assert "white_advisor" not in per  # taken already this round


def test_a_prize_out_of_reach_says_so():
    data = position_data()
    data["players"][1]["display"] = [["taj", "taj"], ["taj", "taj"]]
    report = hint(data)
    per = {p["category"]: p for p in report.json["per_prize"]}
    assert per["taj"]["lead"] is None and per["taj"]["strict_lead"] is None
    assert "Taj Mahal (2: Taj Mahal reward 2): not with this hand" in report.text


def test_the_best_play_this_turn_follows_the_card_cost():
    """The objective: points held withdrawing next turn minus --card-cost a card (default 1.0,
    a tajkit default). Free cards: play two; dear cards: withdraw now."""
    cheap = hint(position_data(), card_cost=0.0).json["this_turn"][0]
    assert cheap["move"] == "play" and len(cheap["cards"]) == 2 and cheap["points"] == 11
    dear = hint(position_data(), card_cost=50.0).json["this_turn"][0]
    assert dear["move"] == "withdraw" and dear["objective"] == 3
    default = hint(position_data())
    assert default.json["card_cost"] == 1.0 and default.json["card_cost_source"] == "tajkit default"
    assert any("card cost 1 is a tajkit default" in n for n in default.notes)
    assert hint(position_data(), card_cost=1.0).json["card_cost_source"] == "given"


def test_the_answers_say_they_are_proven_optimal():
    report = hint(position_data())
    assert report.json["proven_optimal"] is True
    assert "all answers proven optimal by CP-SAT" in report.notes


def test_top_lists_distinct_plays_best_first():
    plays = hint(position_data(), top=8).json["this_turn"]
    assert len(plays) == 8
    keys = [tuple(map(tuple, p["cards"])) for p in plays]
    assert len(set(keys)) == 8
    assert [p["objective"] for p in plays] == sorted((p["objective"] for p in plays), reverse=True)


def test_the_hint_for_another_players_next_turn():
    data = position_data()
    data["players"][1]["hand"] = [["elephant"]]
    report = hint(data, player="Ben")
    assert report.json["player"] == "Ben"
    assert any(n.startswith("it is Asha's turn: this hint is for Ben's next turn") for n in report.notes)


# --- cross-checks against brute force, every set replayed through the rules ---------------------


def brute(position, player: int, hand: tuple[Card, ...]):
    """Every sub-multiset of the hand: its size and the prizes a withdrawal after it takes, by the
    rules model (Round.decide), with the points of those prizes."""
    kinds = sorted(set(hand))
    values = {w.category: w.points for w in worths(SPEC, position, player)}
    base = replace(position.round(), to_move=player)
    out = []
    for copies in product(*(range(hand.count(k) + 1) for k in kinds)):
        cards = tuple(k for k, n in zip(kinds, copies) for _ in range(n))
        counts = base.displays[player]
        for c in cards:
            counts = tuple(a + b for a, b in zip(counts, c.counts))
        displays = tuple(counts if i == player else d for i, d in enumerate(base.displays))
        decisions = replace(base, displays=displays).decide(SPEC, player)
        won = tuple(d.category for d in decisions if d.won)
        strict = {d.category for d in decisions if d.won and not d.rivals}
        out.append((cards, won, sum(values[c] for c in won), strict))
    return out


def replayed(position, player: int, cards: tuple[Card, ...]):
    """Play ``cards`` two a turn through Round.apply, then withdraw: the withdrawal's prizes."""
    state = replace(position.round(), to_move=player)
    for k in range(0, len(cards), 2):
        state, _ = state.apply(SPEC, player, Play(cards[k:k + 2]))
        state = replace(state, to_move=player)
    _, withdrawal = state.apply(SPEC, player, Withdraw())
    return withdrawal.prizes


@pytest.mark.slow
def test_cp_sat_matches_brute_force_and_every_set_replays_through_the_rules():
    """200 random live rounds with hands of up to 7 cards: the fewest cards per prize (tied and
    strict lead), the most points for each number of cards, and the best plays this turn all equal
    brute force over every sub-multiset of the hand; every card set the hint names, played two a turn
    through the rules model and followed by a withdrawal, takes exactly the prizes it states."""
    rng = random.Random(2024)
    for case in range(200):
        data, name = random_hint_position(SPEC, rng)
        position = read_hint_position(SPEC, data)
        player = position.names.index(name)
        hand = position.seats[player].hand
        cost = rng.choice([0.0, 0.5, 1.0, 2.5])
        result = make_hint(SPEC, position, player, cost, top=4)
        subsets = brute(position, player, hand)
        values = {w.category: w.points for w in result.worths}
        options = [result.withdraw_now, *result.frontier, *(o for o, _ in result.this_turn)]
        options += [o for _, a, b in result.per_prize for o in (a, b) if o is not None]
        for o in options:
            assert replayed(position, player, o.cards) == o.prizes, case
            assert o.points == sum(values[c] for c in o.prizes), case
            assert o.optimal
        for cid, loose, tight in result.per_prize:
            sizes = [len(c) for c, won, _, _ in subsets if cid in won]
            assert (len(loose.cards) if loose else None) == (min(sizes) if sizes else None), (case, cid)
            strict_sizes = [len(c) for c, _, _, strict in subsets if cid in strict]
            assert (len(tight.cards) if tight else None) == (min(strict_sizes) if strict_sizes else None), (case, cid)
        best_by_size = [max(v for c, _, v, _ in subsets if len(c) <= k) for k in range(len(hand) + 1)]
        for o in result.frontier:
            assert o.points == best_by_size[len(o.cards)], case
            assert best_by_size[len(o.cards) - 1] < o.points, case
        expected_last = best_by_size[-1] if best_by_size[-1] > best_by_size[0] else None
        assert (result.frontier[-1].points if result.frontier else None) == expected_last, case
        objectives = sorted({(tuple(c), v - cost * len(c)) for c, _, v, _ in subsets if len(c) <= 2},
                            key=lambda t: -t[1])
        got = [score for _, score in result.this_turn]
        assert got == [score for _, score in objectives[: len(got)]], case
        assert len(got) == min(4, len(objectives)), case


# --- validation ----------------------------------------------------------------------------------


def test_position_validation_messages():
    data = position_data(turn="Chen")
    assert problems(data) == (
        'turn = "Chen", but Chen has withdrawn: once withdrawn, a player takes no more actions this round '
        "(rulebook: Bidding Phase)",)
    assert problems(position_data(turn="Zed")) == ('turn = "Zed": not one of the players (Asha, Ben, Chen)',)
    assert problems(position_data(unclaimed=["taj", "taj"])) == (
        "unclaimed names a prize twice: list each unclaimed prize once",)
    data = position_data()
    data["players"][1]["palaces"] = [4, 6]
    assert problems(data) == (
        "Ben: palaces lists province 4, but Asha has the palace there: each province has one Elephant prize "
        "(rulebook: Prize Categories)",
        "Ben: palaces lists province 6, but the round is at province 5 and provinces are resolved in order from 1 "
        "(rulebook: Special Rules, Province Order)",
    )
    data = position_data()
    data["players"][1]["hand"] = [["taj"]] * 29
    assert problems(data) == (
        "Ben: 29 cards in hand and 2 in the display, but each player has 30 bidding cards (rulebook: Components)",)
    data = position_data()
    data["players"] = data["players"][:1]
    assert problems(data)[0].startswith("players: 1 given, but Taj Mahal takes 2-4")
    data = position_data()
    data["players"][1]["name"] = "Asha"
    assert "players: the name 'Asha' appears twice: each player needs their own name" in problems(data)


def test_an_unclaimed_prize_a_withdrawn_player_must_have_taken():
    """Prize Collection: Chen withdrew showing a white advisor nobody matches now, so took it."""
    data = position_data(unclaimed=list(SYMBOLS))
    assert problems(data) == (
        "unclaimed lists white_advisor, but Chen withdrew showing 1 white_advisor symbols, at least as many as anyone "
        "shows now, so took it then (rulebook: Prize Collection): leave it out of unclaimed",)


def test_prizes_gone_before_anyone_withdrew_are_refused():
    """Prize Collection: a prize is taken only by withdrawing, so before anyone has withdrawn every
    prize is still unclaimed (issue 29: this position was hinted, exit 0)."""
    data = {"game": "tajmahal", "province": 1, "turn": "Asha", "unclaimed": ["taj"],
            "players": [{"name": "Asha", "hand": [["elephant"]]}, {"name": "Ben"}]}
    assert problems(data, player="Asha") == (
        "unclaimed leaves out elephant, tiger, princess, yellow_advisor and white_advisor, but nobody has withdrawn "
        "this round, and a prize is taken only by withdrawing (rulebook: Prize Collection): list them in unclaimed",)


def test_a_prize_no_withdrawn_player_could_have_taken_is_refused():
    """Chen withdrew showing a white advisor and a princess: the White Advisor may be Chen's, but
    not the Tiger, nor 2 Princesses with 1 princess symbol (the category needs 2)."""
    data = position_data(unclaimed=["elephant", "yellow_advisor", "taj"])
    assert problems(data) == (
        "unclaimed leaves out tiger and princess, but Chen, who has withdrawn, shows too few of their symbols to "
        "have taken them, and a prize is taken only by withdrawing (rulebook: Prize Collection): list them in "
        "unclaimed",)


def test_player_option_problems():
    assert problems(position_data(), player="Chen") == (
        "--player Chen: has withdrawn this round, so has no move left (rulebook: Bidding Phase)",)
    assert problems(position_data(), player="Ben") == (
        "Ben: hand is missing: give hand = [[symbols], ...], the cards the hint chooses from, or --hand",)
    assert problems(position_data(), player="Bem") == ("--player Bem: no such player in the state (did you mean Ben?)",)


def test_field_problems():
    data = position_data(province=13, unclaimed=["tigers"])
    data["players"][0]["hand"] = [["elephant"], []]
    found = problems(data)
    assert "province = 13: must be at most 12 (the province being played, 1-12)" in found
    assert any(p.startswith('unclaimed[1] = "tigers": expected') for p in found)
    assert any(p.startswith("Asha: hand[2] has 0 values, needs at least 1") for p in found)
    data = position_data()
    data["players"][0]["hands"] = []
    assert problems(data) == ("Asha: unknown field 'hands' (did you mean hand?)",)


def test_a_misspelt_symbol_gets_a_did_you_mean():
    """As a misspelt field name does (issue 23): "elefant" is most likely elephant."""
    data = position_data()
    data["players"][1]["display"] = [["elefant"]]
    assert problems(data) == (
        "Ben: display[1][1] = \"elefant\": expected 'elephant', 'tiger', 'princess', 'yellow_advisor', "
        "'white_advisor' or 'taj' (did you mean elephant?)",)


SAFE = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.text(max_size=6)
    | st.sampled_from(["Asha", "Ben", "taj", "elephant"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["name", "display", "hand", "withdrawn", "palaces", "x"]), inner, max_size=4),
    max_leaves=16,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=SAFE, province=SAFE, turn=SAFE, unclaimed=SAFE)
@pytest.mark.slow
def test_malformed_positions_are_bad_input_never_a_crash(players, province, turn, unclaimed):
    data = {"game": "tajmahal", "players": players, "province": province, "turn": turn, "unclaimed": unclaimed}
    try:
        hint(data)
    except BadInput as exc:
        assert exc.problems and all(p and "\n" not in p for p in exc.problems)


def test_a_solver_that_finds_nothing_within_its_cap_fails_in_one_line(monkeypatch):
    """Every CP-SAT status is checked: nothing found within the caps is a SolverFailure (exit 1).
    CP-SAT is stopped after its presolve, so it has found nothing whatever the load (caps of zero
    seconds were not enough: on a quick run it finds a plan within them)."""
    from tajkit.solver import cpsat
    from tajkit.solver.errors import SolverFailure

    solve = cpsat.solve
    monkeypatch.setattr(cpsat, "solve", lambda model, **limits: solve(model, stop_after_presolve=True, **limits))
    with pytest.raises(SolverFailure, match=r"CP-SAT found no plan within its limits \(status UNKNOWN\)"):
        hint(position_data())


def test_an_answer_the_cap_cut_short_is_not_called_optimal():
    from tajkit.solver.tajmahal.report import hint_notes

    position = read_hint_position(SPEC, position_data())
    result = make_hint(SPEC, position, 0, 1.0, top=2)
    cut = replace(result, withdraw_now=replace(result.withdraw_now, optimal=False))
    assert not cut.proven
    assert "some answers are the best CP-SAT found within its cap, not proven optimal" in hint_notes(
        SPEC, position, cut, default_cost=True)
