"""Karigar-e-Taj end scoring against its rulebook (karigar-e-taj.txt, "Game End"): the four sources,
each tie-break deciding, every validation message, the seed's data and its override."""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tajkit.solver import seeddata
from tajkit.solver.errors import BadData, BadInput, BadState
from tajkit.solver.karigar import GAME
from tajkit.solver.karigar.spec import load_spec

SPEC = GAME.load_spec()
END = Path(__file__).parent.parent / "data" / "karigar-example.toml"
END_DATA = tomllib.loads(END.read_text())


def player(name: str, sections: list[int], tokens: list[int] | None = None, **fields) -> dict:
    entry = {"name": name, "sections": sections, "taj_tokens": tokens if tokens is not None else [1] * len(sections),
             "blueprint": 0}
    entry.update(fields)
    return entry


def table(*players: dict, **top) -> dict:
    return {"game": "karigar", **top, "players": list(players)}


def scored(data: dict):
    return GAME.score(SPEC, GAME.read_state(SPEC, data))


def problems(data: dict) -> tuple[str, ...]:
    with pytest.raises(BadInput) as caught:
        GAME.read_state(SPEC, data)
    return caught.value.problems


ALL = list(range(1, 13))


# --- the sum --------------------------------------------------------------------------------------


def test_a_score_adds_the_four_sources():
    """Game End: Taj Point tokens + Bakshish cards that award Taj Points + Blueprint card points
    (and any bonus) + Taj Points on all Alliance cards acquired."""
    result = scored(END_DATA)
    asha = next(p for p in result.players if p.name == "Asha")
    points = {r.category: r.points for r in asha.rows}
    assert points == {"tokens": 4 + 3 + 2 + 1 + 5, "bakshish": 2 + 3, "blueprint": 4, "blueprint_bonus": 3, "alliances": 3}
    assert asha.total == sum(points.values()) == 30


def test_the_rows_are_the_score_pad_categories_in_order():
    """The score pad prints GAME.categories: the sources, the total and the two tie-breaks."""
    cats = GAME.categories(SPEC)
    assert [c.id for c in cats] == ["tokens", "bakshish", "blueprint", "blueprint_bonus", "alliances", "total", "tiles", "resources"]
    assert [c.kind for c in cats[-3:]] == ["total", "tiebreak", "tiebreak"]
    assert [r.category for r in scored(END_DATA).players[0].rows] == [c.id for c in cats if c.kind == "score"]


def test_the_example_table_ranks_by_the_first_tie_break():
    """Game End: Asha and Bela tie on 30 Taj points; the player who built the most Taj tiles wins."""
    result = scored(END_DATA)
    assert [(p.name, p.total, p.rank) for p in result.players] == [("Asha", 30, 1), ("Bela", 30, 2), ("Chand", 10, 3)]
    assert result.ties == (
        "Asha and Bela tie on 30 points; the most Taj tiles built breaks it (Asha 5, Bela 4) (rulebook: Game End)",
    )


def test_the_fewest_resources_break_a_tie_on_tiles():
    """Game End: still tied on Taj tiles, the player with the least resources wins."""
    data = table(
        player("Asha", [1, 2, 4], [3, 2, 3], resources=4),
        player("Bela", [3, 5, 6], [1, 2, 5], resources=2),
        player("Chand", ALL[6:], [1] * 6, blueprint=0),
    )
    result = scored(data)
    assert [(p.name, p.total, p.rank) for p in result.players][:2] == [("Bela", 8, 1), ("Asha", 8, 2)]
    assert "the fewest resources left breaks it (Bela 2, Asha 4)" in result.ties[-1]
    assert "does not break it (Bela 3, Asha 3)" in result.ties[0]


def test_resources_not_given_are_noted_when_they_decide_a_tie():
    data = table(
        player("Asha", [1, 2, 4], [3, 2, 3], resources=4),
        player("Bela", [3, 5, 6], [1, 2, 5]),
        player("Chand", ALL[6:], [1] * 6),
    )
    result = scored(data)
    assert [p.name for p in result.players][:2] == ["Bela", "Asha"]
    assert "resources not given for Bela: counted as 0, and they decide a tie on points and Taj tiles: enter them" in result.notes
    assert not any("resources not given" in n for n in scored(END_DATA).notes)


def test_players_tied_on_everything_share_the_victory():
    """Game End: "If there is still a tie, players share the victory": equal ranks."""
    data = table(
        player("Asha", [1, 2, 4], [3, 2, 3], resources=2),
        player("Bela", [3, 5, 6], [1, 2, 5], resources=2),
        player("Chand", ALL[6:], [1] * 6),
    )
    result = scored(data)
    assert [p.rank for p in result.players] == [1, 1, 3]
    assert result.ties[-1].endswith("players still tied share the victory (rulebook: Game End)")
    assert [p["rank"] for p in result.as_json()["players"]] == [1, 1, 3]


def test_with_ai_players_only_the_taj_tiles_break_a_tie():
    """Game End with AI Players: "In the event of a tie, the player who has built the most Taj Tiles
    wins" and names no further tie-break, so a human with resources left and an AI share the win."""
    data = table(
        player("Asha", [1, 2, 4], [3, 2, 3], resources=5),
        player("Ustad", [3, 5, 6], [1, 2, 5], ai=True),
        player("Bela", ALL[6:], [1] * 6),
    )
    result = scored(data)
    assert [(p.name, p.rank) for p in result.players][:2] == [("Asha", 1), ("Ustad", 1)]
    assert "(rulebook: Game End with AI Players)" in result.ties[0]
    assert result.players[0].tiebreaks == (("Taj tiles built", 3),)


def test_json_has_name_total_and_rank_for_each_player():
    out = scored(END_DATA).as_json()
    assert [(p["name"], p["total"], p["rank"]) for p in out["players"]] == [("Asha", 30, 1), ("Bela", 30, 2), ("Chand", 10, 3)]
    assert out["players"][0]["taj_tiles_built"] == 5 and out["players"][0]["resources_left"] == 3
    json.dumps(out)


def test_the_output_says_the_levels_are_inferred():
    """Which sections make a level is not in the rulebook: every score says what tajkit assumed."""
    notes = scored(END_DATA).notes
    assert any("1-3 level 1, 4-6 level 2, 7-9 level 3, 10-12 level 4 (inferred" in n for n in notes)


def test_a_table_before_the_end_is_scored_with_a_note():
    """Game End: the game ends when the last section is built; fewer sections built is noted."""
    result = scored(table(player("Asha", [1, 2], [3, 2]), player("Bela", [3], [1])))
    assert any("the game is not over: 3 of 12 sections are built" in n for n in result.notes)


# --- the Blueprint bonus ------------------------------------------------------------------------------


def test_a_bonus_with_its_sections_is_checked():
    """Blueprint Cards: "Earn Bonus points by completing all the sections indicated on the card"."""
    data = copy.deepcopy(END_DATA)
    data["players"][0]["blueprint_sections"] = [1, 2, 8]
    assert problems(data) == (
        "Asha: blueprint_bonus = 3, but not every section of the Blueprint is theirs (section 2 was built by Bela): "
        "the bonus needs all the sections the card shows (rulebook: Blueprint Cards)",
    )


def test_a_bonus_whose_section_is_not_built_is_refused():
    data = table(player("Asha", [1, 2], [3, 2], blueprint_bonus=2, blueprint_sections=[1, 4]), player("Bela", [3], [1]))
    assert "(section 4 is not built)" in problems(data)[0]


def test_a_missing_bonus_is_noted_and_an_unchecked_one_too():
    data = copy.deepcopy(END_DATA)
    data["players"][0]["blueprint_bonus"] = 0
    data["players"][1]["blueprint_bonus"] = 2
    data["players"][1]["blueprint"] = 3
    notes = scored(data).notes
    assert any(n.startswith("Asha built every section of the Blueprint (1, 5, 8) but blueprint_bonus is 0") for n in notes)
    assert "Bela's Blueprint bonus is counted as entered: give blueprint_sections to have tajkit check it" in notes


# --- validation: one message per problem, naming the rule ------------------------------------------


def test_a_section_built_by_two_players():
    """Building the Taj Mahal: a section is built once, by the player who places the tile."""
    data = table(player("Asha", [1, 2], [3, 2]), player("Bela", [2, 3], [1, 1]))
    assert problems(data) == (
        "section 2 is claimed by Asha and Bela: each section of the Taj is built once, by one player "
        "(rulebook: Building the Taj Mahal)",
    )


def test_a_section_listed_twice_by_one_player():
    data = table(player("Asha", [1, 1], [3, 2]), player("Bela", [2], [1]))
    assert problems(data) == ("Asha: section 1 is listed 2 times: a section is built once (rulebook: Taj Markers)",)


def test_a_level_built_before_the_one_below_is_complete():
    """Building the Taj Mahal: "The bottom level of the Taj Mahal must be completed before building
    the next level" — all 3 sections of level 1 before any of level 2."""
    data = table(player("Asha", [1, 4], [3, 2]), player("Bela", [2], [1]))
    assert problems(data) == (
        "Asha: section 4 is on level 2, but level 1 lacks section 3: the bottom level must be completed before "
        "building the next level (rulebook: Building the Taj Mahal)",
    )


def test_section_numbers_are_1_to_12():
    """The Taj and Bazaar Grid Pairing: the sections are numbered 1 to 12."""
    data = table(player("Asha", [13], [3]), player("Bela", [], []))
    (message,) = problems(data)
    assert message.startswith("Asha: sections[1] = 13: must be at most 12 (the Taj sections this player built, numbered 1-12")


def test_one_token_per_section():
    """2. Earn Taj Points: each section built takes the topmost token of its level."""
    data = table(player("Asha", [1, 2], [3]), player("Bela", [3], [1]))
    assert problems(data) == (
        "Asha: 1 Taj point token for 2 sections built: each section built takes one token (rulebook: Earn Taj Points)",
    )


def test_token_stacks_descend_and_are_taken_from_the_top():
    """Setting Up 5: the tokens are stacked in descending order, highest on top; 2. Earn Taj Points:
    a section takes the topmost token."""
    stacks = [[4, 3, 2], [3, 2, 1], [3, 2, 1], [6, 5, 4]]
    scored({**END_DATA, "token_stacks": stacks})
    bad_order = copy.deepcopy(stacks)
    bad_order[1] = [2, 3, 1]
    assert problems({**END_DATA, "token_stacks": bad_order}) == (
        "token_stacks level 2 = [2, 3, 1]: the tokens are stacked in descending order, highest on top (rulebook: Setting Up 5)",
    )
    not_top = table(player("Asha", [1, 2], [4, 2]), player("Bela", [], []), token_stacks=stacks)
    assert problems(not_top) == (
        "level 1: the tokens taken (4, 2) are not the top 2 of its stack [4, 3, 2]: each section built takes the "
        "topmost token (rulebook: Earn Taj Points)",
    )
    scored({**END_DATA, "token_stacks": []})  # an empty list (a blank answer when typing) is "not given"
    short = {**END_DATA, "token_stacks": stacks[:3]}
    assert problems(short)[0].startswith("token_stacks: give 4 levels of 3 token values")


def test_at_most_two_alliance_cards_for_a_human():
    """2. Using an Alliance Card: "A player can control up to 2 Alliance cards"; AI players have no
    limit (AI Player's Turn)."""
    data = table(player("Asha", [1], [3], alliances=[1, 2, 3]), player("Ustad", [2], [2], ai=True, alliances=[1, 2, 3]))
    assert problems(data) == (
        "Asha: alliances has 3 cards: a player controls at most 2 (rulebook: Using an Alliance Card; only AI players have no limit)",
    )


def test_an_ai_player_holds_no_resources():
    """AI Player's Turn: "No resources are collected for the AI player(s)"."""
    data = table(player("Asha", [1], [3]), player("Ustad", [2], [2], ai=True, resources=2))
    assert problems(data) == ("Ustad: resources = 2, but an AI player collects no resources (rulebook: AI Player's Turn)",)


def test_players_ai_count_and_names():
    data = table(player("Ustad", [1], [3], ai=True), player("Ustad", [2], [2], ai=True), player("U3", [], [], ai=True))
    assert problems(data) == (
        'players: the name "Ustad" appears 2 times: each player needs their own name',
        "players: 3 AI players, at most 2 (rulebook: Game Play with Ustad Cards)",
        "players: every player is an AI: at least one human plays (rulebook: Game Play with Ustad Cards)",
    )


def test_all_problems_are_reported_at_once():
    data = table(player("Asha", [1, 1, 4], [3], alliances=[1, 2, 3]), player("Bela", [1], [1]))
    found = problems(data)
    assert len(found) == 5
    assert all(p.endswith(")") for p in found)  # each names its rule


def test_schema_errors_name_the_player_and_field():
    data = table(player("Asha", [1], [3], resources="3"), player("Bela", [2], [1], colour="red"))
    assert problems(data) == (
        'Asha: resources = "3" is not a whole number: resources left behind the screen, Mohurs included (tie-break: fewest wins)',
        "Bela: unknown field 'colour' (known: name, sections, taj_tokens, bakshish, blueprint, blueprint_bonus, "
        "blueprint_sections, alliances, resources, ai)",
    )


def test_the_wrong_game_is_refused():
    with pytest.raises(BadState, match='this is the karigar command, which reads game = "karigar"'):
        GAME.read_state(SPEC, {**END_DATA, "game": "taj"})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.text(max_size=8) | st.floats(allow_nan=True),
        lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
        max_leaves=20,
    ),
    st.sampled_from(["players", "token_stacks", "name", "sections", "taj_tokens", "alliances", "resources"]),
)
def test_malformed_states_are_bad_input_one_sentence_each(junk, key):
    """Whatever lands in a field, reading raises BadInput with one line per problem."""
    data = copy.deepcopy(END_DATA)
    if key in ("players", "token_stacks"):
        data[key] = junk
    else:
        data["players"][1][key] = junk
    try:
        GAME.score(SPEC, GAME.read_state(SPEC, data))
    except BadInput as exc:
        assert exc.problems and all(p and "\n" not in p for p in exc.problems)


# --- interactive entry, schema, data -------------------------------------------------------------


def test_every_field_has_a_prompt_and_the_schema_is_published():
    model = GAME.state_model(SPEC)
    player_model = model.model_fields["players"].annotation.__args__[0]
    assert all(f.description for f in player_model.model_fields.values())
    schema = GAME.schema(SPEC)
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert len(schema["anyOf"]) == 2 and "KarigarState" in schema["$defs"]


def test_to_data_round_trips():
    state = GAME.read_state(SPEC, END_DATA)
    assert GAME.read_state(SPEC, GAME.to_data(SPEC, state)) == state


def test_the_seed_marks_what_the_rulebook_states():
    """Everything numeric the rulebook gives is in the seed with <key>_source = "rulebook"; the level
    layout is "inferred" and the Bazaar layout a "tajkit default"."""
    raw = seeddata.packaged("karigar")
    assert (raw["taj"]["levels"], raw["taj"]["sections_per_level"]) == (4, 3)
    assert raw["taj"]["levels_source"] == raw["taj"]["sections_per_level_source"] == "rulebook"
    assert raw["tokens"] == {"count": 12, "count_source": "rulebook", "per_level": 3, "per_level_source": "rulebook"}
    assert raw["elephants"]["hire"] == [{"silver": 6}, {"gold": 2}, {"silver": 3, "gold": 1}]
    assert raw["elephants"]["hire_source"] == raw["workers"]["start_source"] == raw["trade"]["gold_for_silver_source"] == "rulebook"
    assert (raw["workers"]["start"], raw["workers"]["extra_after_level"], raw["trade"]["gold_for_silver"]) == (2, 2, 3)
    assert raw["taj"]["layout"]["levels_source"] == "inferred"
    assert raw["bazaar"]["grid_source"] == raw["bazaar"]["trade_source"] == "tajkit default"
    assert "reference" in raw and raw["reference"]["en"]["title"] == "Karigar-e-Taj"


def test_a_data_override_changes_the_levels(tmp_path):
    """The level layout is overridable: a group whose board numbers sections by column says so."""
    (tmp_path / "karigar.toml").write_text('[taj.layout]\nlevels = [[1, 4, 7], [2, 5, 8], [3, 6, 9], [10, 11, 12]]\nlevels_source = "rulebook"\n')
    spec = load_spec(tmp_path)
    assert spec.level_of(4) == 1
    data = table(player("Asha", [1, 4], [3, 2]), player("Bela", [7], [1]))
    result = GAME.score(spec, GAME.read_state(spec, data))
    assert any("1/4/7 level 1" in n for n in result.notes)


@pytest.mark.parametrize(
    ("override", "expected"),
    [
        ("[planner]\ndefault_turn = 3\n", ("planner: unknown field 'default_turn' (did you mean default_turns?)",)),
        ("[elephants]\nin_bazaar = 10000000000000000000000000000000\n", ("elephants.in_bazaar = 10000000000000000000000000000000",)),
        (
            "[taj.layout]\nlevels = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 11]]\n"
            '[bazaar]\ngrid = [["1", "2", "3", "4", "5", "6"], ["7", "8", "9", "10", "11", "11", "T3"]]\n',
            ("taj.layout.levels: each section 1-12 must appear exactly once",
             "bazaar.grid: each Bazaar card 1-12 must appear exactly once (The Taj and Bazaar Grid Pairing)",
             "bazaar.trade: say what T3 does in the grid: sell or gold"),
        ),
    ],
)
def test_a_bad_data_override_is_refused_one_problem_a_line(tmp_path, override, expected):
    (tmp_path / "karigar.toml").write_text(override)
    with pytest.raises(BadData) as caught:
        load_spec(tmp_path)
    assert len(caught.value.problems) == len(expected)
    for problem, part in zip(caught.value.problems, expected):
        assert "(over tajkit's karigar.toml): " in problem and part in problem
