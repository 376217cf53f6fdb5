"""Artisans of the Taj Mahal: the rules model against the rulebook (artisans-of-the-taj-mahal.txt).

Each test names the rule and cites the rulebook section it checks.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tajkit.solver.artisans.rules import Move, Sheet, apply, failure, legal_moves, score
from tajkit.solver.artisans.spec import load_spec

SPEC = load_spec()
F = SPEC.by_id


def sheet_with(raindrops: int = 0, trees: int = 0, **values: tuple[int, ...]) -> Sheet:
    rows = tuple(values.get(f.id, (0,) * f.size) for f in SPEC.features)
    return Sheet(rows, raindrops, trees)


PERFECT = dict(
    left_orchard=(1, 5),
    right_orchard=(3, 3),
    waterway=(2, 4, 6),
    left_minaret=(6, 5, 4, 3),
    left_facade=(2, 2, 2, 2),
    archway=(2, 3, 5),
    dome=(4, 1, 6),
    right_facade=(6, 6, 6, 6),
    right_minaret=(4, 3, 2, 1),
)


# --- Scoring Conditions, each true and false at its boundary ------------------------------------


@pytest.mark.parametrize(
    ("values", "scores"),
    [((1, 5), True), ((3, 3), True), ((5, 1), True), ((3, 4), False), ((2, 3), False), ((6, 6), False)],
)
def test_arborist_values_total_exactly_six(values, scores):
    """Scoring Conditions, Arborist: "The two values must total exactly 6." """
    assert (failure(F["left_orchard"], values) is None) is scores


def test_arborist_failure_reason_shows_the_sum():
    """Scoring Conditions, Arborist: the reason a player sees names the arithmetic."""
    assert failure(F["right_orchard"], (3, 4)) == "3 + 4 ≠ 6"


@pytest.mark.parametrize(
    ("values", "scores"),
    [((1, 3, 5), True), ((2, 4, 6), True), ((1, 1, 1), True), ((1, 3, 4), False), ((2, 4, 5), False), ((6, 5, 6), False)],
)
def test_waterway_all_even_or_all_odd(values, scores):
    """Scoring Conditions, Waterway Engineer: all even or all odd, no mixing."""
    assert (failure(F["waterway"], values) is None) is scores


@pytest.mark.parametrize(
    ("values", "scores"),
    [
        ((6, 4, 3, 1), True),
        ((4, 3, 2, 1), True),
        ((6, 5, 4, 3), True),
        ((6, 4, 4, 1), False),  # equal values are not allowed
        ((1, 2, 3, 4), False),  # increasing
        ((6, 5, 4, 5), False),  # the top breaks it
    ],
)
def test_minaret_values_get_smaller_going_up(values, scores):
    """Scoring Conditions, Stonemason: each value lower than the one beneath it; "Values cannot be
    equal." Boxes are bottom to top."""
    assert (failure(F["left_minaret"], values) is None) is scores
    assert (failure(F["right_minaret"], values) is None) is scores


def test_minaret_reason_names_the_offending_pair():
    assert failure(F["left_minaret"], (6, 4, 4, 1)) == "4 is not lower than the 4 beneath it"


@pytest.mark.parametrize(
    ("values", "scores"), [((4, 4, 4, 4), True), ((1, 1, 1, 1), True), ((4, 4, 4, 5), False), ((3, 4, 4, 4), False)]
)
def test_facade_all_identical(values, scores):
    """Scoring Conditions, Facade Sculptor: each value identical."""
    assert (failure(F["left_facade"], values) is None) is scores
    assert (failure(F["right_facade"], values) is None) is scores


@pytest.mark.parametrize(
    ("values", "scores"), [((2, 3, 5), True), ((1, 1, 2), True), ((3, 3, 6), True), ((2, 3, 6), False), ((2, 3, 4), False)]
)
def test_archway_bottom_is_the_sum_of_the_two_above(values, scores):
    """Scoring Conditions, Calligrapher: bottom = sum of the two values above (top-left, top-right, bottom)."""
    assert (failure(F["archway"], values) is None) is scores


@pytest.mark.parametrize(
    ("values", "scores"),
    [((5, 2, 6), True), ((2, 1, 2), True), ((5, 5, 6), False), ((5, 6, 6), False), ((6, 3, 3), False), ((1, 1, 1), False)],
)
def test_dome_middle_lower_than_both_sides(values, scores):
    """Scoring Conditions, Dome Builder: the middle value lower than the two either side."""
    assert (failure(F["dome"], values) is None) is scores


@pytest.mark.parametrize("feature", [f.id for f in SPEC.features])
def test_a_feature_with_an_empty_box_scores_nothing(feature):
    """Scoring Conditions: "A feature with any empty boxes at the end of the game does not score"."""
    full = PERFECT[feature]
    for i in range(len(full)):
        holed = full[:i] + (0,) + full[i + 1 :]
        assert failure(F[feature], holed) == "incomplete"
        s = score(SPEC, sheet_with(trees=4, **{**PERFECT, feature: holed}))
        assert s.total == SPEC.max_score - F[feature].stars


def test_perfect_sheet_scores_39():
    """Scoring: stars of every completed feature; all 4 trees watered, so no penalty."""
    s = score(SPEC, sheet_with(raindrops=4, trees=4, **PERFECT))
    assert s.total == 39 == SPEC.max_score
    assert all(row.points == row.feature.stars for row in s.features)


@pytest.mark.parametrize("watered", [0, 1, 2, 3, 4])
def test_each_unwatered_tree_costs_one_point(watered):
    """Scoring / Gardener: lose 1 point for each fruit tree with an unfilled symbol."""
    s = score(SPEC, sheet_with(raindrops=watered, trees=watered, **PERFECT))
    assert s.tree_penalty == 4 - watered
    assert s.total == 39 - (4 - watered)


def test_empty_sheet_scores_minus_the_trees():
    assert score(SPEC, Sheet.empty(SPEC)).total == -4


def test_issue_example_sheet():
    """The state file of the issue: Orchard right 3 + 4 fails, Right facade incomplete, 2 dry trees."""
    s = score(
        SPEC,
        sheet_with(
            9,
            2,
            left_orchard=(2, 4),
            right_orchard=(3, 4),
            waterway=(1, 3, 5),
            left_minaret=(6, 4, 3, 1),
            left_facade=(4, 4, 4, 4),
            archway=(2, 3, 5),
            dome=(5, 2, 6),
            right_facade=(2, 2, 0, 2),
            right_minaret=(5, 4, 2, 1),
        ),
    )
    assert s.total == 39 - 3 - 6 - 2 == 28
    assert s.unused_raindrops == 6


# --- the sheet's data -------------------------------------------------------------------------


def test_groups_follow_the_rulebook():
    """Selecting a feature: group 1 is the Gardens and Canals, group 4 the Archway and Dome;
    groups 1 and 4 contain more than one feature; 6 groups, one per die face."""
    assert [g.die for g in SPEC.groups] == [1, 2, 3, 4, 5, 6]
    assert {f.id for f in SPEC.features_in(1)} == {"left_orchard", "right_orchard", "waterway"}
    assert {f.id for f in SPEC.features_in(4)} == {"archway", "dome"}
    assert [d for d in range(1, 7) if len(SPEC.features_in(d)) > 1] == [1, 4]


def test_raindrops_and_dice():
    """Setting Up: 2 six-sided dice. Altering dice results: at most 15 alterations a game."""
    assert SPEC.faces == 6
    assert SPEC.raindrops == 15 == sum(SPEC.clouds)


# --- a turn (Playing the Game) ----------------------------------------------------------------


def test_rulebook_example_4_and_6():
    """Playing the Game, example: 4 + 6 are rolled; the 4 selects the Archway and Dome group and
    the 6 is written into a blank box of the Dome (B); the Archway was also open (same group)."""
    moves = legal_moves(SPEC, Sheet.empty(SPEC), (4, 6))
    free = {(m.feature, m.value) for m in moves if m.raindrops == 0}
    assert ("dome", 6) in free
    assert ("archway", 6) in free
    dome_six = next(m for m in moves if m.feature == "dome" and m.value == 6 and m.raindrops == 0)
    assert (dome_six.group_die, dome_six.value_die) == (4, 6)
    after = apply(SPEC, Sheet.empty(SPEC), dome_six)
    assert after.values[SPEC.features.index(F["dome"])][dome_six.box] == 6


def test_rulebook_example_alteration_4_to_5_or_3():
    """Altering dice results, example: one raindrop alters the 4 to a 5 (+1) or a 3 (-1)."""
    moves = legal_moves(SPEC, Sheet.empty(SPEC), (4, 6))
    one = {(F[m.feature].group, m.value) for m in moves if m.raindrops == 1 and not m.water_tree and not m.skip}
    assert (5, 6) in one and (3, 6) in one


def test_alterations_stay_within_one_to_six_and_the_raindrops_left():
    """Altering dice results: a result can only be altered to 1..6, one raindrop per step, never
    more raindrops than are left."""
    sheet = sheet_with(raindrops=13)  # 2 left
    for m in legal_moves(SPEC, sheet, (1, 1)):
        assert m.raindrops <= 2
        if not m.skip:
            assert 1 <= m.value <= 6
            assert F[m.feature].group <= 3 and m.value <= 3


def test_watering_only_with_the_garden_group_and_costs_a_raindrop():
    """Watering fruit trees: only when a value goes into group 1, for one more raindrop."""
    moves = legal_moves(SPEC, Sheet.empty(SPEC), (1, 3))
    watering = [m for m in moves if m.water_tree]
    assert watering and all(F[m.feature].group == 1 for m in watering)
    plain = {(m.feature, m.box, m.value): m.raindrops for m in moves if not m.water_tree and not m.skip}
    assert all(m.raindrops == plain[(m.feature, m.box, m.value)] + 1 for m in watering)


def test_no_watering_once_every_tree_is_watered():
    moves = legal_moves(SPEC, sheet_with(raindrops=4, trees=4), (1, 3))
    assert not any(m.water_tree for m in moves)


def test_skip_marks_one_raindrop():
    """Adding a value: a player unable or unwilling to add a value marks off one raindrop."""
    sheet = Sheet.empty(SPEC)
    moves = legal_moves(SPEC, sheet, (2, 5))
    assert moves[-1] == Move.skip_turn()
    after = apply(SPEC, sheet, moves[-1])
    assert after.raindrops_used == 1 and after.values == sheet.values


def test_only_empty_boxes_take_values():
    sheet = sheet_with(dome=(5, 0, 6), archway=(1, 2, 3))
    moves = legal_moves(SPEC, sheet, (4, 4))
    targets = {(m.feature, m.box) for m in moves if not m.skip and F[m.feature].group == 4}
    assert targets == {("dome", 1)}


def test_game_ends_on_the_last_box_or_the_last_raindrop():
    """End of the Game: when a player fills the final empty box or uses the last raindrop."""
    full = sheet_with(raindrops=3, trees=0, **PERFECT)
    assert full.ends_game(SPEC)
    assert sheet_with(raindrops=15).ends_game(SPEC)
    assert not sheet_with(raindrops=14).ends_game(SPEC)
    one_hole = sheet_with(raindrops=0, **{**PERFECT, "dome": (4, 1, 0)})
    assert not one_hole.ends_game(SPEC)


def test_live_states_look_ahead():
    """A feature can still score while some filling of its empty boxes meets its condition."""
    from tajkit.solver.artisans.search.engine import engine_for

    engine = engine_for(SPEC)

    def live(fid, values):
        table = engine.tables[SPEC.features.index(F[fid])]
        return table.live[table.pack(values)]

    assert live("left_facade", (4, 0, 4, 0))
    assert not live("left_facade", (4, 0, 5, 0))
    assert not live("left_minaret", (2, 0, 0, 0))  # needs three distinct values below 2
    assert live("left_minaret", (0, 0, 0, 3))  # 6 5 4 below it
    assert not live("left_minaret", (0, 0, 0, 4))
    assert live("archway", (5, 0, 0))
    assert not live("archway", (5, 2, 0))
    assert live("dome", (0, 5, 0)) and not live("dome", (0, 6, 0))
    assert not live("left_orchard", (6, 0))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_the_rules_moves_and_the_engines_moves_are_the_same(data):
    """Playing the Game: the readable move list of the rules module and the solver's fast one
    (engine.py) are two ways of computing the same thing; they must agree on any sheet and roll."""
    from tajkit.solver.artisans.search.engine import engine_for

    engine = engine_for(SPEC)
    values = tuple(
        tuple(data.draw(st.integers(0, SPEC.faces)) for _ in f.boxes) for f in SPEC.features
    )
    used = data.draw(st.integers(0, SPEC.raindrops - 1))
    trees = data.draw(st.integers(0, min(used, SPEC.trees)))
    roll = (data.draw(st.integers(1, SPEC.faces)), data.draw(st.integers(1, SPEC.faces)))
    sheet = Sheet(values, used, trees)
    fast = [engine.move(m, roll) for m in engine.moves(engine.pack(sheet), used, trees, roll, distinct=False)]
    assert legal_moves(SPEC, sheet, roll) == fast
