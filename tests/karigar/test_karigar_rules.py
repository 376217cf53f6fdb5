"""The Bazaar's rules (karigar-e-taj.txt 1.1 Acquiring Resources, 1.2 Movement of Workers, 1.3 Trading
Spaces, 1.4 Acquire an Alliance Card, Hiring Elephants): every example of those sections, played
through the rules module, and the position file's checks."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tajkit.solver.errors import BadInput, IllegalMove
from tajkit.solver.karigar import GAME
from tajkit.solver.karigar.rules import SUPPLY, Act, Board, Card, Offer, Option, Position, Turn, apply, lay_out, turns
from tajkit.solver.karigar.files import read_hint_position
from tajkit.solver.karigar.spec import load_spec

SPEC = load_spec()
POSITION = tomllib.loads((Path(__file__).parent.parent / "data" / "karigar-position.toml").read_text())


def res(**amounts: int) -> tuple[int, ...]:
    return tuple(amounts.get(r, 0) for r in SPEC.ids)


def option(give: dict, get: dict) -> Option:
    return Option(res(**give), res(**get))


PLAIN = Card(False, res(wood=1), (option({"wood": 1}, {"silver": 1}), option({"mortar": 1}, {"silver": 1})))


def board(cards: dict[int, Card] | None = None, *, blocked: tuple[str, ...] = (), workers: int = 2, unlocked: bool = False,
          other_elephants: int = 0, offers: dict[str, Offer] | None = None) -> Board:
    """The seed's Bazaar grid (rows 1 2 3 T1 / 4 5 6 A1 / 7 8 9 A2 / 10 11 12 T2) with ``cards``
    laid on it, plain blue cards elsewhere."""
    laid = {n: PLAIN for n in SPEC.cards} | (cards or {})
    spaces = lay_out(SPEC, laid, offers or {})
    index = {s.id: i for i, s in enumerate(spaces)}
    return Board(SPEC, spaces, frozenset(index[b] for b in blocked), workers, unlocked, other_elephants, res(sandstone=1))


def ids(b: Board, *names: str) -> tuple[int, ...]:
    return tuple(b.index(n) if n != "supply" else SUPPLY for n in names)


def pos(b: Board, workers: tuple[str, ...], elephant: str | None = None, **holding: int) -> Position:
    return Position(ids(b, *workers), b.index(elephant) if elephant else None, res(**holding))


def play(b: Board, start: Position, to: tuple[str, ...], *acts: Act, elephant: str | None = None, hire: int | None = None) -> Position:
    return apply(b, start, Turn(ids(b, *to), b.index(elephant) if elephant else None, hire, acts))


def earn(b: Board, space: str, **taken: int) -> Act:
    return Act(b.index(space), take=res(**taken))


def exchange(b: Board, space: str, *options: int) -> Act:
    return Act(b.index(space), use=options)


def sell(b: Board, space: str, **sold: int) -> Act:
    return Act(b.index(space), sell=res(**sold))


def refused(match: str, b: Board, start: Position, to: tuple[str, ...], *acts: Act, **kw) -> None:
    with pytest.raises(IllegalMove, match=match):
        play(b, start, to, *acts, **kw)


# --- 1.1 Acquiring Resources -------------------------------------------------------------------------


def test_earning_two_workers_earn_two_scaffolding():
    """Earning Basic Resources, Example 1: two workers on one space earn 2 resources (2 Scaffolding)."""
    b = board({5: Card(False, res(scaffolding=2), PLAIN.options)})
    after = play(b, pos(b, ("4L", "4L")), ("5L", "5L"), earn(b, "5L", scaffolding=2))
    assert after.holding == res(scaffolding=2)


def test_earning_two_workers_earn_only_the_one_resource_shown():
    """Earning Basic Resources, Example 2: two workers on a card showing 1 Red Sandstone earn only 1."""
    b = board({5: Card(False, res(sandstone=1), PLAIN.options)})
    assert play(b, pos(b, ("4L", "4L")), ("5L", "5L"), earn(b, "5L", sandstone=1)).holding == res(sandstone=1)
    refused("takes more than the card shows", b, pos(b, ("4L", "4L")), ("5L", "5L"), earn(b, "5L", sandstone=2))


def test_a_worker_carries_one_resource():
    """1.1 Note: "1 Worker can carry only 1 resource at a time": two workers take 2 of 3 shown."""
    b = board({5: Card(False, res(sandstone=3), PLAIN.options)})
    refused("a worker carries only 1", b, pos(b, ("4L", "4L")), ("5L", "5L"), earn(b, "5L", sandstone=3))
    menu = {t.acts for t in turns(b, pos(b, ("4L", "4L"))) if t.workers == ids(b, "5L", "5L")}
    assert menu == {(earn(b, "5L", sandstone=2),)}  # the planner's turns take the most they can


TOP_NEEDS_3 = option({"silver": 3}, {"gems": 1})


def test_exchanging_two_to_two_with_two_workers():
    """Exchanging Basic Resources, Example 1: 2 Scaffolding -> 2 Silver Mohurs with two workers (2:2)."""
    b = board({5: Card(False, res(wood=1), (option({"scaffolding": 2}, {"silver": 2}), option({"wood": 1}, {"silver": 1})))})
    after = play(b, pos(b, ("4L", "4L"), scaffolding=2), ("5R", "5R"), exchange(b, "5R", 0))
    assert after.holding == res(silver=2)


def test_exchanging_one_to_two_needs_two_workers():
    """Exchanging Basic Resources, Example 2: 1 Red Sandstone -> 2 Silver with two workers (1:2). The
    rule tajkit derives: an option needs as many workers as the larger side (inferred)."""
    b = board({5: Card(False, res(wood=1), (option({"sandstone": 1}, {"silver": 2}), option({"wood": 1}, {"silver": 1})))})
    assert play(b, pos(b, ("4L", "4L"), sandstone=1), ("5R", "5R"), exchange(b, "5R", 0)).holding == res(silver=2)
    b3 = board({5: Card(False, res(wood=1), b.spaces[b.index("5R")].options)}, workers=1)
    refused("needs 2 workers", b3, pos(b3, ("4L",), sandstone=1), ("5R",), exchange(b3, "5R", 0))


def test_exchanging_two_workers_can_use_only_the_option_within_reach():
    """Exchanging Basic Resources, Example 3: the top option needs 3 workers; with two, only the
    bottom one: 2 Silver -> 1 Lime Mortar (2:1)."""
    b = board({5: Card(False, res(wood=1), (TOP_NEEDS_3, option({"silver": 2}, {"mortar": 1})))})
    start = pos(b, ("4L", "4L"), silver=5)
    assert play(b, start, ("5R", "5R"), exchange(b, "5R", 1)).holding == res(silver=3, mortar=1)
    refused("needs 3 workers", b, start, ("5R", "5R"), exchange(b, "5R", 0))


def test_exchanging_three_workers_use_both_options():
    """Exchanging Basic Resources, Example 4: three workers do 2 Red Sandstone -> 1 Lime Mortar and
    1 Red Sandstone -> 1 Scaffolding (2:1 & 1:1); two workers cannot do both."""
    card = Card(False, res(wood=1), (option({"sandstone": 2}, {"mortar": 1}), option({"sandstone": 1}, {"scaffolding": 1})))
    b = board({5: card}, workers=3)
    after = play(b, pos(b, ("4L", "4L", "4L"), sandstone=3), ("5R", "5R", "5R"), exchange(b, "5R", 0, 1))
    assert after.holding == res(mortar=1, scaffolding=1)
    b2 = board({5: card})
    refused("needs 3 workers", b2, pos(b2, ("4L", "4L"), sandstone=3), ("5R", "5R"), exchange(b2, "5R", 0, 1))


def test_an_option_is_used_once_per_visit():
    """Exchanging Basic Resources: "Players can do either or both exchanges"."""
    b = board({5: Card(False, res(wood=1), (option({"wood": 1}, {"silver": 1}), option({"mortar": 1}, {"silver": 1})))})
    refused("at most once", b, pos(b, ("4L", "4L"), wood=2), ("5R", "5R"), exchange(b, "5R", 0, 0))


def test_yellow_earning_two_workers_earn_a_gem_and_a_lime_mortar():
    """Earning Precious Resources, Example: two workers on a yellow card earn 1 Gem and 1 Lime Mortar
    (a yellow card may give basic resources)."""
    b = board({6: Card(True, res(gems=1, mortar=1), (option({"marble": 1}, {"gold": 1}),))})
    assert play(b, pos(b, ("4L", "4L")), ("6L", "6L"), earn(b, "6L", gems=1, mortar=1)).holding == res(gems=1, mortar=1)


def test_one_worker_cannot_stand_on_a_yellow_card():
    """Earning Precious Resources: "Players cannot place just one worker on any of the spaces on a
    Yellow Bazaar card"; Exchanging Precious resources: the exchange needs two workers too."""
    b = board({6: Card(True, res(gems=1, mortar=1), (option({"marble": 1}, {"gold": 1}),))})
    refused("1 worker on a yellow card", b, pos(b, ("4L", "4L")), ("6L", "4R"))
    refused("1 worker on a yellow card", b, pos(b, ("4L", "4L"), marble=1), ("6R", "4R"), exchange(b, "6R", 0))


def test_yellow_exchanging_two_workers_one_marble_for_one_gold():
    """Exchanging Precious resources, Example: two workers exchange 1 Marble for 1 Gold Mohur (1:1)."""
    b = board({6: Card(True, res(gems=1), (option({"marble": 1}, {"gold": 1}),))})
    assert play(b, pos(b, ("4L", "4L"), marble=1), ("6R", "6R"), exchange(b, "6R", 0)).holding == res(gold=1)


def test_an_exchange_pays_from_what_was_held_when_the_turn_began():
    """tajkit default (the rulebook is silent): a resource earned this turn pays from the next turn."""
    b = board({4: Card(False, res(wood=1), PLAIN.options), 5: Card(False, res(mortar=1), (option({"wood": 1}, {"silver": 1}), PLAIN.options[1]))})
    refused("only nothing is held", b, pos(b, ("1L", "2L")), ("4L", "5R"), earn(b, "4L", wood=1), exchange(b, "5R", 0))


# --- 1.2 Movement of Workers ---------------------------------------------------------------------------


def test_movement_along_a_row_or_column_any_distance_never_diagonally():
    """1.2, the figure: spaces A and B (not on the worker's row or column) are unavailable; C (any
    distance along the row) and E, F (any distance along the column) are available."""
    b = board()
    start = pos(b, ("5L", "5L"))
    for a_or_b in ("1L", "9R"):
        refused("along one row or one column", b, start, (a_or_b, a_or_b))
    for c_e_f in ("A1", "4L", "2R", "11L", "6R"):
        if c_e_f != "A1":
            play(b, start, (c_e_f, c_e_f))
    assert b.index("A1") in b.moves[b.index("5L")]  # the Alliance slot is on the row too


def test_movement_space_d_the_gold_trade_needs_three_workers():
    """1.2, the figure: space D is a Trade space; two workers cannot trade 3 Silver for 1 Gold there."""
    b = board()
    start = pos(b, ("12L", "12L"), silver=3)
    refused("needs 3 workers", b, start, ("T2", "T2"), exchange(b, "T2", 0))
    b3 = board(workers=3)
    assert play(b3, pos(b3, ("12L", "12L", "12L"), silver=3), ("T2", "T2", "T2"), exchange(b3, "T2", 0)).holding == res(gold=1)


def test_every_worker_moves_each_turn():
    """1.2: "In a player's turn, they must move all their workers in the Bazaar"."""
    b = board()
    refused("every worker moves each turn", b, pos(b, ("5L", "4L")), ("5L", "4R"))


def test_workers_sharing_a_space_move_together_or_apart():
    """1.2, Example 1: workers sharing a space move together or to different places on its row or column."""
    b = board()
    start = pos(b, ("5L", "5L"))
    assert play(b, start, ("8L", "8L")).workers == ids(b, "8L", "8L")
    assert play(b, start, ("8L", "4R")).workers == ids(b, "8L", "4R")


def test_workers_in_different_spaces_meet_on_a_common_space():
    """1.2, Example 2: two workers in different spaces move to a common space."""
    b = board()
    assert play(b, pos(b, ("4L", "2R")), ("5L", "5L")).workers == ids(b, "5L", "5L")


def test_workers_meet_on_both_sides_of_one_tent():
    """1.2, Example 3: two workers come to one blue card, one earning and one trading."""
    b = board({5: Card(False, res(wood=1), (option({"mortar": 1}, {"silver": 1}), PLAIN.options[0]))})
    after = play(b, pos(b, ("4L", "2R"), mortar=1), ("5L", "5R"), earn(b, "5L", wood=1), exchange(b, "5R", 0))
    assert after.holding == res(wood=1, silver=1)


def test_workers_never_enter_another_players_space():
    """1.2 Note: "Workers cannot move into a space occupied by any other player"."""
    b = board(blocked=("8L",))
    refused("another player is there", b, pos(b, ("5L", "5L")), ("8L", "8L"))


def test_a_move_passes_over_occupied_spaces():
    """Inferred: only entering another player's space is forbidden, not passing it."""
    b = board(blocked=("8L", "8R"))
    assert play(b, pos(b, ("5L", "5L")), ("11L", "11L")).workers == ids(b, "11L", "11L")


def test_workers_in_the_supply_enter_anywhere():
    """Inferred from "places their workers in any space" (How to Play with AI Players; Starting a New Round)."""
    b = board()
    assert play(b, pos(b, ("supply", "supply")), ("12R", "1L")).workers == ids(b, "12R", "1L")


# --- 1.3 Trading Spaces ----------------------------------------------------------------------------


def test_trading_two_workers_sell_two_basics_for_two_silver():
    """1.3, Example 1: two workers exchange basic resources for 2 Silver Mohurs, 1 per worker."""
    b = board()
    after = play(b, pos(b, ("2L", "2L"), wood=1, mortar=1), ("T1", "T1"), sell(b, "T1", wood=1, mortar=1))
    assert after.holding == res(silver=2)
    refused("one basic resource per worker", b, pos(b, ("2L", "2L"), wood=3), ("T1", "T1"), sell(b, "T1", wood=3))
    refused("only basic resources sell", b, pos(b, ("2L", "2L"), marble=1), ("T1", "T1"), sell(b, "T1", marble=1))


def test_trading_three_workers_change_three_silver_for_a_gold():
    """1.3, Example 2: three workers exchange 3 Silver for 1 Gold Mohur."""
    b = board(workers=3)
    assert play(b, pos(b, ("12L",) * 3, silver=4), ("T2",) * 3, exchange(b, "T2", 0)).holding == res(silver=1, gold=1)


# --- 1.4 Acquire an Alliance Card --------------------------------------------------------------------


def test_two_workers_buy_a_two_resource_alliance_card():
    """1.4, Example: two workers pay the card's price; "If an Alliance card requires 3 resources,
    then 3 workers must be placed"."""
    b = board(offers={"A1": Offer(res(wood=1, marble=1), 3), "A2": Offer(res(wood=3), 4)})
    after = play(b, pos(b, ("4L", "4L"), wood=1, marble=1), ("A1", "A1"), Act(b.index("A1"), buy=True))
    assert after.holding == res()
    refused("3 workers \\(or an Elephant\\) must be placed", b, pos(b, ("7L", "7L"), wood=3), ("A2", "A2"), Act(b.index("A2"), buy=True))
    refused("buys it", b, pos(b, ("4L", "4L"), wood=1, marble=1), ("A1", "A1"))


# --- Hiring Elephants ----------------------------------------------------------------------------------


@pytest.mark.parametrize("price", [0, 1, 2])
def test_an_elephant_costs_6_silver_2_gold_or_3_silver_and_1_gold(price):
    """Hiring Elephants: "paying 6 Silver or 2 Gold Mohurs or 3 Silver and 1 Gold Mohur"; once hired it
    is placed on any available space at once."""
    b = board(unlocked=True)
    start = pos(b, ("4L", "4L"), silver=6, gold=2)
    after = play(b, start, ("5L", "5L"), elephant="12L", hire=price)
    assert after.elephant == b.index("12L")
    assert after.holding == tuple(h - c for h, c in zip(start.holding, SPEC.hire[price]))


def test_an_elephant_is_hired_only_after_level_1_and_with_the_price():
    """Elephant Meeples: unlocked when the first level is complete."""
    b = board()
    refused("unlocked after level 1", b, pos(b, ("4L", "4L"), silver=6), ("5L", "5L"), elephant="12L", hire=0)
    bu = board(unlocked=True)
    refused("short of silver", bu, pos(bu, ("4L", "4L"), silver=5), ("5L", "5L"), elephant="12L", hire=0)


def test_the_bazaar_holds_two_elephants():
    """Hiring Elephants: "Only 2 Elephants can be active at any point"."""
    b = board(unlocked=True, other_elephants=2)
    refused("at most 2 in the Bazaar", b, pos(b, ("4L", "4L"), silver=6), ("5L", "5L"), elephant="12L", hire=0)


def test_workers_and_elephants_never_share_a_space():
    """Hiring Elephants: "Workers and Elephants cannot share the same space in the Bazaar"."""
    b = board(unlocked=True)
    refused("cannot share a space", b, pos(b, ("4L", "4L"), "7L"), ("5L", "5L"), elephant="5L")


def test_an_elephant_moves_with_the_workers_along_a_row_or_column():
    """Hiring Elephants: "Players have to move their Elephants along with their workers in their turn
    and must follow orthogonal movement rules"."""
    b = board(unlocked=True)
    start = pos(b, ("4L", "4L"), "7L")
    refused("moves with the workers each turn", b, start, ("5L", "5L"), elephant="7L")
    refused("row-or-column", b, start, ("5L", "5L"), elephant="12R")
    refused("moves with the workers", b, start, ("5L", "5L"))
    assert play(b, start, ("5L", "5L"), elephant="10R").elephant == b.index("10R")


def test_an_elephant_on_a_blue_card_earns_everything_shown():
    """Elephants Earning Resources, Example 1: an Elephant earns all of a blue card: 3 Red Sandstone."""
    b = board({8: Card(False, res(sandstone=3), PLAIN.options)}, unlocked=True)
    assert play(b, pos(b, ("4L", "4L"), "7L"), ("5L", "5L"), earn(b, "8L", sandstone=3), elephant="8L").holding == res(sandstone=3)


def test_an_elephant_alone_activates_a_yellow_card():
    """Elephants Earning Resources, Example 2: an Elephant on a yellow card earns 1 Gem and 1 Lime Mortar."""
    b = board({8: Card(True, res(gems=1, mortar=1), (option({"marble": 1}, {"gold": 2}),))}, unlocked=True)
    after = play(b, pos(b, ("4L", "4L"), "7L"), ("5L", "5L"), earn(b, "8L", gems=1, mortar=1), elephant="8L")
    assert after.holding == res(gems=1, mortar=1)


def test_an_elephant_does_one_exchange_carrying_any_number():
    """Elephants Exchanging Resources, Example 1: one of the two options, 1 Lime Mortar -> 3 Silver (1:3)."""
    card = Card(False, res(wood=1), (option({"mortar": 1}, {"silver": 3}), option({"wood": 1}, {"silver": 1})))
    b = board({8: card}, unlocked=True)
    start = pos(b, ("4L", "4L"), "7L", mortar=1, wood=1)
    assert play(b, start, ("5L", "5L"), exchange(b, "8R", 0), elephant="8R").holding == res(wood=1, silver=3)
    refused("an Elephant does one exchange", b, start, ("5L", "5L"), exchange(b, "8R", 0, 1), elephant="8R")


def test_an_elephant_exchanges_on_a_yellow_card():
    """Elephants Exchanging Resources, Example 2: 1 Marble -> 2 Gold Mohurs (1:2) on a yellow card."""
    b = board({8: Card(True, res(gems=1), (option({"marble": 1}, {"gold": 2}),))}, unlocked=True)
    assert play(b, pos(b, ("4L", "4L"), "7L", marble=1), ("5L", "5L"), exchange(b, "8R", 0), elephant="8R").holding == res(gold=2)


def test_an_elephant_at_the_trade_cards_does_one_exchange():
    """Elephants Visiting Trading Spaces, Examples 1 and 2: 1 basic -> 1 Silver (only 1), or
    3 Silver -> 1 Gold (without three workers)."""
    b = board(unlocked=True)
    start = pos(b, ("5L", "5L"), "3L", wood=2, silver=3)
    assert play(b, start, ("4L", "4L"), sell(b, "T1", wood=1), elephant="T1").holding == res(wood=1, silver=4)
    refused("one exchange for an Elephant", b, start, ("4L", "4L"), sell(b, "T1", wood=2), elephant="T1")
    start = pos(b, ("5L", "5L"), "12L", silver=3)
    assert play(b, start, ("4L", "4L"), exchange(b, "T2", 0), elephant="T2").holding == res(gold=1)


def test_an_elephant_buys_an_alliance_card():
    """Elephants Acquiring Alliance Cards, Example: an Elephant pays for an Alliance card."""
    b = board(offers={"A1": Offer(res(wood=2, marble=1), 3)}, unlocked=True)
    after = play(b, pos(b, ("2L", "2L"), "4L", wood=2, marble=1), ("1L", "1L"), Act(b.index("A1"), buy=True), elephant="A1")
    assert after.holding == res()


# --- the position file -------------------------------------------------------------------------------


def problems(data: dict) -> tuple[str, ...]:
    with pytest.raises(BadInput) as caught:
        read_hint_position(SPEC, data)
    return caught.value.problems


def changed(**fields) -> dict:
    data = copy.deepcopy(POSITION)
    data.update(fields)
    return data


def test_the_example_position_reads():
    s = read_hint_position(SPEC, POSITION)
    assert (s.name, s.level, s.board.workers, s.board.elephants_unlocked) == ("Asha", 2, 2, True)
    assert s.board.needs == res(sandstone=2, marble=1, gems=1) and s.pos.holding == res(sandstone=1, silver=4)
    blocked = {s.board.spaces[i].id for i in s.board.blocked}
    assert blocked == {"8L", "2L", "9R"}


def test_the_third_worker_comes_after_level_2():
    """Worker Meeples: "When the second level of the Taj Mahal is completed, all players earn an
    additional worker"."""
    assert problems(changed(built=list(range(1, 7)))) == (
        "workers: 2 given, but with 2 levels complete every player has 3 (rulebook: Worker Meeples: a third worker when "
        'level 2 is complete); write "supply" for one not in the Bazaar',
    )
    s = read_hint_position(SPEC, changed(built=list(range(1, 7)), workers=["5L", "5L", "supply"]))
    assert s.board.workers == 3 and s.level == 3


def test_elephants_only_after_level_1_and_at_most_two():
    """Elephant Meeples / Hiring Elephants."""
    early = changed(built=[1], elephant="12L")
    assert problems(early) == (
        "elephants: 1 in the Bazaar, but Elephants are unlocked only when level 1 is complete (rulebook: Elephant Meeples)",
    )
    crowded = copy.deepcopy(POSITION)
    crowded["elephant"] = "12L"
    crowded["others"][0]["elephant"] = "1R"
    crowded["others"][1]["elephant"] = "10R"
    assert problems(crowded) == ("elephants: 3 in the Bazaar, which holds at most 2 (rulebook: Hiring Elephants)",)


def test_a_space_holds_one_players_units():
    """Bazaar Cards: "Once a section is occupied, it cannot be occupied by another player's worker(s)
    or Elephant"; Hiring Elephants: workers and Elephants never share."""
    data = changed(workers=["8L", "8L"])
    assert problems(data) == (
        "8L: Asha and Bela both stand there: once a space is occupied, no other player's worker or Elephant enters it "
        "(rulebook: Bazaar Cards)",
    )
    assert problems(changed(elephant="5L")) == ("5L: workers and Elephants cannot share a space (rulebook: Hiring Elephants)",)


def test_a_lone_worker_left_on_a_yellow_card_is_a_position():
    """Earning Precious Resources forbids *placing* one worker on a yellow card; a worker placed on a
    blue card that a Bazaar Change replaced with a yellow one stays there until it moves (the seed's
    assumption "stay"), so the position is read."""
    s = read_hint_position(SPEC, changed(workers=["3L", "4L"]))
    assert s.board.spaces[s.pos.workers[0]].yellow


def test_the_cards_are_checked():
    data = copy.deepcopy(POSITION)
    data["bazaar"][0]["exchange"] = data["bazaar"][0]["exchange"][:1]
    data["bazaar"][2]["exchange"] = data["bazaar"][0]["exchange"] * 2
    data["bazaar"][3]["card"] = 1
    data["bazaar"][4]["earn"] = {}
    assert problems(data) == (
        "bazaar: card 1 is given 2 times: one card lies on each place of the grid",
        "bazaar: no card given for 4: enter all 12 Bazaar cards as they lie",
        "bazaar card 1: 1 exchange options on a blue card, which has 2 (rulebook: Exchanging Basic Resources)",
        "bazaar card 3: 2 exchange options on a yellow card, which has 1 (rulebook: Exchanging Precious resources)",
        "bazaar card 5: earn shows nothing: give what its left side shows",
    )


def test_the_taj_is_checked_in_a_position():
    assert problems(changed(built=[1, 2, 4])) == (
        "section 4 is on level 2, but level 1 lacks section 3: the bottom level must be completed before building the "
        "next level (rulebook: Building the Taj Mahal)",
    )
    assert problems(changed(built=list(range(1, 13)), workers=["5L", "5L", "5R"]))[0].startswith(
        "built: every section of the Taj is built, so the game is over"
    )
    assert problems(changed(needs={})) == ("needs: give what the current Level tile asks for one section (rulebook: Level Tiles)",)


def test_unknown_spaces_resources_and_ai_cards():
    assert problems(changed(holding={"marbel": 1})) == ("holding: unknown field 'marbel' (did you mean marble?)",)
    ai = copy.deepcopy(POSITION)
    ai["others"].append({"name": "Ustad", "ai": True, "cards": [12]})
    s = read_hint_position(SPEC, ai)
    assert {s.board.spaces[i].id for i in s.board.blocked} >= {"12L", "12R"}
    ai["others"][0]["cards"] = [11]
    assert "reserves whole cards, which only an AI player does" in problems(ai)[0]


def test_a_worker_on_an_unknown_space_is_named():
    found = problems(changed(workers=["13L", "5L"]))
    assert found == ('workers[1] = "13L": no such space in the Bazaar (1L, 1R, 2L … T2)',)


JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.text(max_size=6) | st.floats(allow_nan=True)
    | st.sampled_from(["5L", "supply", "T2", "A1", "13R", "blue", "yellow", "sandstone"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(["card", "colour", "earn", "exchange", "give", "get", "silver", "marble", "name", "workers", "x"]),
        children, max_size=4),
    max_leaves=16,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(JUNK, st.sampled_from(["built", "needs", "holding", "workers", "elephant", "bazaar", "alliances", "others", "name"]),
       st.integers(0, 11))
def test_malformed_positions_are_bad_input_one_sentence_each(junk, key, card):
    """Whatever lands in a field of a position, the hint answers or raises BadInput (one line per
    problem). Speed is a benchmark's business, not a test's: a
    hang would stop the suite, and the work is bounded by the solvers' deterministic budgets."""
    data = copy.deepcopy(POSITION)
    if key == "bazaar" and card < len(data["bazaar"]):
        data["bazaar"][card] = junk
    else:
        data[key] = junk
    try:
        GAME.hint.run(SPEC, data, turns=1)
    except BadInput as exc:
        assert exc.problems and all(p and "\n" not in p for p in exc.problems)
