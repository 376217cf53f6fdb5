"""The Artisans state file: validation messages (one per problem, naming player, field, value and
rule), ranking and tie-breaks (rulebook: Scoring), the published JSON Schema."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest
import tomli_w
from typer.testing import CliRunner

from tajkit.cli import main as cli

from tajkit.solver.artisans import GAME
from tajkit.solver.artisans.files import left_out_notes, read_state, to_data
from tajkit.solver.artisans.scoring import score
from tajkit.solver.artisans.spec import load_spec
from tajkit.solver.errors import BadInput

SPEC = load_spec()
DATA = Path(__file__).parent.parent / "data"

ASHA = {
    "name": "Asha",
    "raindrops_used": 9,
    "trees_watered": 2,
    "left_orchard": [2, 4],
    "right_orchard": [3, 4],
    "waterway": [1, 3, 5],
    "left_minaret": [6, 4, 3, 1],
    "left_facade": [4, 4, 4, 4],
    "archway": [2, 3, 5],
    "dome": [5, 2, 6],
    "right_facade": [2, 2, 0, 2],
    "right_minaret": [5, 4, 2, 1],
}


def table(*players: dict) -> dict:
    return {"game": "artisans", "players": [copy.deepcopy(p) for p in players]}


def player(name: str, **changes) -> dict:
    return {**copy.deepcopy(ASHA), "name": name, **changes}


def problems(data: dict) -> tuple[str, ...]:
    with pytest.raises(BadInput) as caught:
        read_state(SPEC, data)
    return caught.value.problems


def test_valid_state_round_trips():
    players = read_state(SPEC, table(ASHA))
    assert to_data(SPEC, players) == table(ASHA)


def test_a_finished_table_names_every_feature():
    """Issue 23: the README's table without Asha's `waterway = [1, 3, 5]` scored her 24 instead of
    28, a false tie with Ben, exit 0. A feature scores only when its boxes are all filled
    (rulebook: Scoring), so a forgotten line silently lost its stars: like raindrops_used, each
    feature is required in a finished table, an empty one written as zeros."""
    example = tomllib.loads((DATA / "artisans-example.toml").read_text(encoding="utf-8"))
    del example["players"][0]["waterway"]
    assert problems(example) == (
        "Asha: waterway is missing: a finished table names every feature (write [0, 0, 0] for an empty one)",
    )
    result = CliRunner().invoke(cli.app, ["score", "artisans", "-"], input=tomli_w.dumps(example))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        "error: Asha: waterway is missing: a finished table names every feature (write [0, 0, 0] for an empty one)\n"
    )
    example["players"][0]["waterway"] = [0, 0, 0]  # written empty, it scores as empty
    asha = next(p for p in score(SPEC, read_state(SPEC, example)).players if p.name == "Asha")
    assert asha.total == 24


def test_a_position_takes_a_feature_it_leaves_out_as_empty():
    """A sheet in play (tajkit hint, tajkit show) may leave a feature out: its boxes are empty,
    and the player remembers which, so the hint can say so."""
    data = table({"name": "Ben", "raindrops_used": 0, "trees_watered": 0, "dome": [5, 0, 0]})
    (ben,) = read_state(SPEC, data, finished=False)
    assert ben.sheet.filled_boxes() == 1
    assert ben.left_out == tuple(f.id for f in SPEC.features if f.id != "dome")
    assert left_out_notes((ben,)) == (
        "Ben: left_orchard, right_orchard, waterway, left_minaret, left_facade, archway, right_facade and "
        "right_minaret are not in the position, so their boxes are taken as empty",
    )
    (asha,) = read_state(SPEC, table(ASHA), finished=False)
    assert asha.left_out == () and left_out_notes((asha,)) == ()


@pytest.mark.parametrize("value", [-1, 7])
def test_box_values_are_die_values_or_empty(value):
    (msg,) = problems(table(player("Asha", dome=[5, value, 6])))
    assert msg.startswith(f"Asha: dome[2] = {value}:") and "1-6" in msg and "0 for an empty box" in msg


def test_list_length_is_the_feature_size():
    (msg,) = problems(table(player("Asha", left_minaret=[6, 4, 3])))
    assert msg.startswith("Asha: left_minaret has 3 values, needs exactly 4") and "bottom" in msg


@pytest.mark.parametrize(("dome", "count"), [([5, 2], "2 values"), ([5, 2, 6, 1], "4 values")])
def test_a_list_of_fixed_length_says_exactly_how_many(dome, count):
    """The dome has 3 boxes: "needs at least 3" would wrongly suggest 4 is fine."""
    (msg,) = problems(table(player("Asha", dome=dome)))
    assert msg.startswith(f"Asha: dome has {count}, needs exactly 3: Dome (Dome Builder)")


def test_a_short_list_under_an_earlier_key_states_its_features_rule():
    old = {key: value for key, value in player("Asha").items() if key != "left_minaret"}
    (msg,) = problems(table({**old, "minaret_left": [6, 4, 3]}))
    assert msg.startswith("Asha: minaret_left has 3 values, needs exactly 4: Left minaret (Stonemason)")


def test_the_keys_used_before_the_rename_are_still_accepted():
    """One vocabulary per game (issue 8): the state file says left_orchard like the pad's "Left
    orchard"; files written with the old keys (arborist_1, minaret_left ...) still score."""
    old = {key: value for key, value in ASHA.items() if key not in ("left_orchard", "left_minaret")}
    old |= {"arborist_1": [2, 4], "minaret_left": [6, 4, 3, 1]}  # an earlier key names its feature
    (asha,) = read_state(SPEC, table(old))
    assert asha.sheet.values[0] == (2, 4) and asha.sheet.values[3] == (6, 4, 3, 1)
    both = {**old, "left_orchard": [2, 4]}
    (msg,) = problems(table(both))
    assert "left_orchard (also given as arborist_1)" in msg


@pytest.mark.parametrize(("field", "value", "limit"), [("raindrops_used", 16, "0-15"), ("trees_watered", 5, "0-4")])
def test_counts_within_their_range(field, value, limit):
    (msg,) = problems(table(player("Asha", **{field: value})))
    assert msg.startswith(f"Asha: {field} = {value}:") and limit in msg and "rulebook" in msg


def test_negative_raindrops():
    (msg,) = problems(table(player("Asha", raindrops_used=-1)))
    assert msg.startswith("Asha: raindrops_used = -1:")


def test_strings_are_not_numbers():
    (msg,) = problems(table(player("Asha", trees_watered="2")))
    assert msg.startswith('Asha: trees_watered = "2" is not a whole number')


def test_unknown_key_suggests_the_closest_name():
    data = table(player("Asha"))
    data["players"][0]["left_minaet"] = data["players"][0].pop("left_minaret")
    (msg,) = problems(data)
    assert msg == "Asha: unknown field 'left_minaet' (did you mean left_minaret?)"


def test_a_misspelt_required_field_is_one_problem_not_two():
    """The "did you mean" line names the field; its "is missing" line would only repeat the mistake."""
    data = table(player("Asha", raindrops_used=9))
    data["players"][0]["raindrop_used"] = data["players"][0].pop("raindrops_used")
    assert problems(data) == ("Asha: unknown field 'raindrop_used' (did you mean raindrops_used?)",)
    del data["players"][0]["raindrop_used"]
    (msg,) = problems(data)
    assert msg.startswith("Asha: raindrops_used is missing")


def test_unknown_top_level_key():
    data = table(ASHA)
    data["playres"] = []
    (msg,) = problems(data)
    assert "unknown field 'playres'" in msg and "players" in msg


def test_missing_count_is_named():
    p = player("Asha")
    del p["raindrops_used"]
    (msg,) = problems(table(p))
    assert msg.startswith("Asha: raindrops_used is missing")


def test_duplicate_names():
    (msg,) = problems(table(ASHA, ASHA))
    assert "'Asha' appears twice" in msg


def test_empty_name():
    (msg,) = problems(table(player("")))
    assert msg.startswith("player 1: name is empty")


@pytest.mark.parametrize("name", ["   ", "Asha\n", "\x1b[31mred", "A" * 41])
def test_names_are_printable_and_short(name):
    (msg,) = problems(table(player(name)))
    assert "name" in msg and "\x1b" not in msg and "\n" not in msg and len(msg) < 200


def test_trees_watered_need_raindrops():
    """Watering fruit trees: each watering marks off one raindrop."""
    (msg,) = problems(table(player("Asha", raindrops_used=1, trees_watered=2)))
    assert msg.startswith("Asha: trees_watered = 2 but raindrops_used = 1") and "Watering fruit trees" in msg


def test_trees_watered_need_garden_values():
    """Watering fruit trees: a tree is watered only when a value is added to group 1."""
    p = player("Asha", left_orchard=[0, 0], right_orchard=[3, 0], waterway=[0, 0, 0], trees_watered=2)
    (msg,) = problems(table(p))
    assert msg.startswith("Asha: trees_watered = 2 but only 1 box is filled in group 1 (Gardens & Canals)")


def test_every_problem_is_reported_at_once():
    msgs = problems(table(player("Asha", raindrops_used=20, dome=[9, 1, 1], waterway=[1])))
    assert len(msgs) == 3


def test_wrong_game():
    (msg,) = problems({"game": "taj", "players": []})
    assert msg == 'game = "taj": this is the artisans command, which reads game = "artisans"'


def test_no_players():
    (msg,) = problems({"game": "artisans", "players": []})
    assert msg.startswith("players has 0 values, needs at least 1")


# --- ranking (rulebook: Scoring) ----------------------------------------------------------------


def ranked(*players: dict):
    return score(SPEC, read_state(SPEC, table(*players)))


def test_highest_score_wins():
    result = ranked(player("Ben", right_facade=[2, 2, 2, 2]), player("Asha"))
    assert [(p.name, p.total, p.rank) for p in result.players] == [("Ben", 34, 1), ("Asha", 28, 2)]
    assert result.ties == ()


def test_tie_goes_to_most_unused_raindrops():
    """Scoring: "In a tie, the player with the most unused raindrops wins."""
    result = ranked(player("Asha", raindrops_used=9), player("Ben", raindrops_used=7))
    assert [(p.name, p.rank) for p in result.players] == [("Ben", 1), ("Asha", 2)]
    assert result.ties == ("Ben and Asha tie on 28 points; the most unused raindrops breaks it (Ben 8, Asha 6) "
                           "(rulebook: Scoring)",)


def test_persisting_tie_is_the_youngest_player_and_tajkit_says_so():
    """Scoring: "If the tie persists, the youngest player wins." tajkit cannot know ages."""
    result = ranked(player("Asha"), player("Ben"), player("Chen", raindrops_used=10))
    assert [(p.name, p.rank) for p in result.players] == [("Asha", 1), ("Ben", 1), ("Chen", 3)]
    assert any("youngest" in n and "Asha and Ben are still tied with 6 unused raindrops" in n for n in result.ties)


def test_ages_decide_a_persisting_tie():
    """Scoring: "If the tie persists, the youngest player wins": with every age given, tajkit applies it."""
    result = ranked(player("Asha", age=40), player("Ben", age=12), player("Chen", raindrops_used=10, age=30))
    assert [(p.name, p.rank) for p in result.players] == [("Ben", 1), ("Asha", 2), ("Chen", 3)]
    assert any("the youngest player breaks it (Ben 12, Asha 40)" in t for t in result.ties)


def test_a_persisting_tie_names_the_tied_players_without_an_age():
    result = ranked(player("Asha", age=30), player("Ben"), player("Chen"))
    assert result.ties[-1] == ("Asha, Ben and Chen are still tied with 6 unused raindrops: the rulebook gives the win "
                               "to the youngest of them; tajkit does not know the age of Ben and Chen (add age = N), "
                               "so they share the rank")


def test_an_age_missing_only_outside_the_tie_does_not_stop_the_youngest_winning():
    result = ranked(player("Asha", age=40), player("Ben", age=12), player("Chen", raindrops_used=10))
    assert [(p.name, p.rank) for p in result.players] == [("Ben", 1), ("Asha", 2), ("Chen", 3)]
    assert any("the youngest player breaks it (Ben 12, Asha 40)" in t for t in result.ties)


def test_json_has_name_total_rank_breakdown():
    out = ranked(player("Asha")).as_json()
    (p,) = out["players"]
    assert (p["name"], p["total"], p["rank"]) == ("Asha", 28, 1)
    reasons = {f["id"]: f["reason"] for f in p["breakdown"]["features"]}
    assert reasons["right_orchard"] == "3 + 4 ≠ 6" and reasons["right_facade"] == "incomplete"
    assert p["breakdown"]["tree_penalty"] == -2


def test_schema_describes_every_field():
    """Both forms are published: a finished table for score requires every feature, a position for
    hint may leave one out (issue 23)."""
    schema = GAME.schema(SPEC)
    assert [form["$ref"] for form in schema["anyOf"]] == ["#/$defs/ArtisansTable", "#/$defs/ArtisansPosition"]
    features = {f.id for f in SPEC.features}
    for form, required in (("ArtisansTablePlayer", features), ("ArtisansPositionPlayer", set())):
        player_schema = schema["$defs"][form]
        assert set(player_schema["properties"]) == {"name", "raindrops_used", "trees_watered", "age"} | features
        assert set(player_schema["required"]) == {"name", "raindrops_used", "trees_watered"} | required
        assert player_schema["additionalProperties"] is False
        assert player_schema["properties"]["dome"]["minItems"] == 3
