"""Scoring Taj Mahal: a whole 12-round game scored by hand, claims checked against the rules,
final positions, the tie-break, the defaults every output names, and every validation message."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tajkit.solver import seeddata, statefile
from tajkit.solver.errors import BadData, BadInput, BadState
from tajkit.solver.tajmahal import GAME
from tajkit.solver.tajmahal.spec import SYMBOLS, TajMahalData

DATA = Path(__file__).parent.parent / "data"
ANY_OPENER = DATA / "any-opener"  # the test game's provinces open in turn: a group's reading ([rounds] opener)
SPEC = GAME.load_spec(ANY_OPENER)


def test_the_start_player_opens_every_province_of_a_record():
    """[rounds] opener = "start player" (seeds/tajmahal.toml, inferred from Setup 7 and the Bidding
    Phase, "Starting with the first player"), as tajkit play follows it: a record whose provinces
    open in turn is refused, naming the round, the start player and the reading; a group's data
    that lets any player open reads it (the test game's provinces open in turn)."""
    with pytest.raises(BadState) as refused:
        GAME.read_state(GAME.load_spec(), game_record())
    first = refused.value.problems[0]
    assert first.startswith("round 2, turn 1: Ben opens the province, but Asha, who opened round 1, is the start "
                            "player and opens every one (inferred from Setup 7 and Bidding Phase")
    assert first.endswith('sets [rounds] opener = "any" in a --data file)')
    assert len(refused.value.problems) == 9  # rounds 2-4, 6-8, 10-12: the others open with Asha
    assert GAME.read_state(SPEC, game_record()).names[0] == "Asha"  # SPEC: the group's data, any opener


def game_record() -> dict:
    return statefile.read_source(str(DATA / "tajmahal-game.toml"))


def scored(data: dict):
    return GAME.score(SPEC, GAME.read_state(SPEC, data))


def problems(data: dict) -> tuple[str, ...]:
    with pytest.raises(BadInput) as info:
        GAME.read_state(SPEC, data)
    return info.value.problems


def one_round(plays: list[dict], players=("Asha", "Ben", "Chen"), **extra) -> dict:
    return {"game": "tajmahal", "players": list(players), "rounds": [{"province": 1, "plays": plays, **extra}]}


def play(who: str, *cards: list[str]) -> dict:
    return {"player": who, "cards": [list(c) for c in cards]}


def out(who: str) -> dict:
    return {"player": who, "withdraw": True}


# --- the whole game, by hand -------------------------------------------------------------------

# Who took what, worked out by hand from tests/data/tajmahal-game.toml turn by turn (A Asha, B Ben,
# C Chen, D Devi; E elephant, T tiger, P princess, Y/W advisors, J taj):
# 1: A withdraws with E2 T1 tied with B's E2 (still in): the tie is A's -> E, T; C J1 -> J; B P2 -> P.
# 2: B withdraws with E1 while C and A tie at E2 (still in): nothing; C E2 = A E2 -> C takes E;
#    D Y1 W1 -> Y, W; A J1 -> J.
# 3: D E2 = C E2 -> D takes E, but D's T1 < B's T2; B T2 -> T (tile 2, at the end); C: both taken.
# 4: B P2 = C P2 -> B takes P; C: P taken; D E3 = A E3 -> D takes E; A: E taken.
# 5: D E3 < C E4: nothing; A E3 < 4 but J1 -> J; C E4 -> E.
# 6: B J1 -> J; C E1 = D E1 -> C takes E, and Y; D: E taken, T1 < A's T2; A T2 -> T (tile 4).
# 7: C E2 = A E2 -> C takes E; D P1 < the 2 the Princess card needs; B W1 -> W.
# 8: B E1 < D, A at E3 (still in) but T2 -> T (tile 1); D E3 = A E3 -> D takes E, and J1 -> J.
# 9: C P2 -> P; D E3 < A E4; A -> E.
# 10: B E1 < C, D at E2: nothing; C E2 = D E2, T1, J1 = A J1 -> C takes E, T (tile 2), J.
# 11: A E2 < C E4; B Y1 -> Y; C E4 -> E.
# 12: D E1 = A E1 = C E1, T1 = C T1, J1 -> D takes E, T (tile 4, at the end), J; B P2 -> P.
BY_HAND = {
    1: {"elephant": "Asha", "tiger": "Asha", "princess": "Ben", "taj": "Chen"},
    2: {"elephant": "Chen", "yellow_advisor": "Devi", "white_advisor": "Devi", "taj": "Asha"},
    3: {"elephant": "Devi", "tiger": "Ben"},
    4: {"elephant": "Devi", "princess": "Ben"},
    5: {"elephant": "Chen", "taj": "Asha"},
    6: {"elephant": "Chen", "tiger": "Asha", "yellow_advisor": "Chen", "taj": "Ben"},
    7: {"elephant": "Chen", "white_advisor": "Ben"},
    8: {"elephant": "Devi", "tiger": "Ben", "taj": "Devi"},
    9: {"elephant": "Asha", "princess": "Chen"},
    10: {"elephant": "Chen", "tiger": "Chen", "taj": "Chen"},
    11: {"elephant": "Chen", "yellow_advisor": "Ben"},
    12: {"elephant": "Devi", "tiger": "Devi", "princess": "Ben", "taj": "Devi"},
}


def test_a_whole_game_prizes_round_by_round():
    """Every round of the 12-round record resolves to the prizes worked out by hand (rulebook:
    Prize Collection, Special Rules)."""
    result = scored(game_record()).as_json()
    assert len(result["rounds"]) == 12
    for r in result["rounds"]:
        expected = {cid: BY_HAND[r["province"]].get(cid) for cid in SYMBOLS}
        assert r["prizes"] == expected, r["province"]


def test_a_whole_game_scored_by_hand():
    """Scoring with the defaults (palace 2, Princess card 2, marker 0, rewards 2,
    chains 1, 3, 6, ...; bonus tiles as typed):
    Asha: palaces 1, 9 (4) + tiles 5, 4 (9) + rewards 2, 2 (4); no chain (1 and 9 apart) = 17.
    Ben: tile 1 now + tile 2 at the end + 3 Princess cards (6) + reward 2 + 2 markers (0) = 11.
    Chen: palaces 2, 5, 6, 7, 10, 11 (12) + the longest chain 5-6-7 (3; 10-11 does not score) +
    tile 2 + 1 Princess card (2) + rewards 2, 2 (4) = 23.
    Devi: palaces 3, 4, 8, 12 (8) + chain 3-4 (1) + tile 4 at the end + rewards 2, 2 = 17.
    Cards played: Asha 23, Ben 16, Chen 20, Devi 20 of 30, so 7, 14, 10, 10 left: Devi and Asha
    tie on 17 and Devi, with more cards left, ranks ahead (rulebook: Scoring / Victory Conditions)."""
    result = scored(game_record())
    assert [(p.name, p.total, p.rank) for p in result.players] == [
        ("Chen", 23, 1), ("Devi", 17, 2), ("Asha", 17, 3), ("Ben", 11, 4)]
    assert {p.name: dict(p.tiebreaks)["cards left"] for p in result.players} == {
        "Asha": 7, "Ben": 14, "Chen": 10, "Devi": 10}
    assert result.ties == ("Devi and Asha tie on 17 points; the most cards left breaks it (Devi 10, Asha 7) "
                           "(rulebook: Scoring / Victory Conditions)",)
    chen = next(p for p in result.players if p.name == "Chen")
    rows = {r.label or r.category: r for r in chen.rows}
    assert [rows[f"Province {k}"].points for k in range(1, 13)] == [2, 2, 0, 0, 2, 2, 2, 0, 0, 6, 2, 0]
    assert rows["Province 10"].shown == "palace 2, Taj Mahal reward 2, bonus tile 2"
    assert rows["Province 12"].reason == "running total 18"
    assert (rows["chain"].points, rows["chain"].shown) == (3, "provinces 5-6-7")
    assert rows["princess_cards"].points == 2
    devi = next(p for p in result.players if p.name == "Devi")
    drows = {r.label or r.category: r for r in devi.rows}
    assert drows["bonus_tiles"].points == 4 and drows["chain"].shown == "provinces 3-4"
    assert drows["Province 8"].shown == "palace 2, Taj Mahal reward 2"
    ben = next(p for p in result.players if p.name == "Ben")
    brows = {r.label or r.category: r for r in ben.rows}
    assert (brows["princess_cards"].points, brows["bonus_tiles"].points, brows["Province 8"].points) == (6, 2, 1)
    assert brows["connection_markers"].shown == "2 markers × 0"


def test_a_whole_game_round_by_round_standings():
    """Each round keeps every player's palaces, chain, bonus tiles, Princess cards and points."""
    rounds = scored(game_record()).as_json()["rounds"]
    after_7 = {p["name"]: p for p in rounds[6]["players"]}
    assert after_7["Chen"]["palaces"] == [2, 5, 6, 7]
    assert after_7["Chen"]["longest_chain"] == [5, 6, 7]
    assert after_7["Chen"]["running_total"] == 10
    assert after_7["Chen"]["total_if_ended_now"] == 13
    assert after_7["Ben"]["princess_cards"] == 2 and after_7["Ben"]["connection_markers"] == 1
    assert after_7["Asha"]["cards_left"] == 30 - (2 + 2 + 0 + 2 + 3 + 2 + 1)
    assert [p["total_if_ended_now"] for p in rounds[-1]["players"]] == [17, 11, 23, 17]
    withdrawals = rounds[0]["withdrawals"]
    assert [(w["turn"], w["player"], w["took"]) for w in withdrawals] == [
        (4, "Devi", []), (5, "Asha", ["elephant", "tiger"]), (7, "Chen", ["taj"]), (8, "Ben", ["princess"])]


def test_the_score_json_has_the_issue_fields():
    """--json: rounds[].prizes (category -> player or null), players[].name, .total, .rank."""
    doc = json.loads(json.dumps(scored(game_record()).as_json()))
    assert doc["game"] == "tajmahal" and doc["form"] == "record"
    assert set(doc["rounds"][0]["prizes"]) == set(SYMBOLS)
    assert doc["rounds"][0]["prizes"]["yellow_advisor"] is None
    assert [(p["name"], p["total"], p["rank"]) for p in doc["players"]][0] == ("Chen", 23, 1)
    assert doc["players"][0]["breakdown"]["longest_chain"] == [5, 6, 7]


def test_outputs_that_rest_on_defaults_say_so():
    """The seed gives no point values and no map: the score says both are tajkit defaults."""
    notes = scored(game_record()).notes
    assert any(n.startswith("these point values are tajkit defaults") and "palace 2" in n and
               "longest chain 2: 1, 3: 3, 4: 6, 5: 10" in n for n in notes)
    assert any(n.startswith("the map is tajkit's default") for n in notes)


def test_the_header_names_each_rounds_prizes_and_standing():
    header = scored(game_record()).header
    assert len(header) == 12
    assert header[9].startswith("Province 10: Chen took Elephant (palace), Tiger (bonus tile 2), Taj Mahal (reward 2)")
    assert header[-1].endswith("if it ended now: Asha 17, Ben 11, Chen 23, Devi 17")


# --- claims ---------------------------------------------------------------------------------------


def test_a_correct_claim_passes_and_a_claims_only_round_is_taken_as_given():
    data = game_record()
    data["rounds"][0]["prizes"] = {"elephant": "Asha", "tiger": "Asha", "princess": "Ben", "taj": "Chen"}
    assert scored(data).players[0].name == "Chen"
    data["rounds"][4] = {"province": 5, "prizes": {"elephant": "Asha"}}
    data["players"] = [{"name": n, "cards_left": left} for n, left in
                       (("Asha", 7), ("Ben", 14), ("Chen", 10), ("Devi", 10))]
    result = scored(data).as_json()
    assert result["rounds"][4]["prizes"]["elephant"] == "Asha"
    assert result["rounds"][4]["resolved_from"] == "prizes"
    assert result["rounds"][4]["players"][0]["cards_left"] is None


def test_a_claim_beaten_by_a_later_withdrawal_with_more_symbols():
    """Prize Collection: Ben withdrew with fewer tiger symbols than Asha, who was still in."""
    data = one_round([play("Asha", ["tiger", "tiger"]), play("Ben", ["tiger"]), out("Chen"), play("Asha", ["taj"]),
                      out("Ben"), out("Asha")], prizes={"tiger": "Ben"})
    assert problems(data) == (
        "round 1: Ben claims the Tiger prize (a bonus tile from the province), but when Ben withdrew at turn 5 with "
        "1 tiger symbol, Asha showed more (2); Asha took it at turn 6 (rulebook: Prize Collection)",)


def test_a_claim_on_a_prize_already_taken():
    data = one_round([play("Asha", ["elephant"]), play("Ben", ["elephant"]), out("Chen"), out("Asha"), out("Ben")],
                     prizes={"elephant": "Ben"})
    assert problems(data) == (
        "round 1: Ben claims the Elephant prize (a palace in the current province), but Asha took it at turn 4, "
        "before Ben withdrew at turn 5 (inferred from Prize Collection and Tie Resolution: a prize is taken once a "
        "round)",)


def test_a_claim_when_players_still_in_tie_above():
    data = one_round([play("Asha", ["taj"]), play("Ben", ["taj", "taj"]), play("Chen", ["taj", "taj"]), out("Asha"),
                      out("Ben"), out("Chen")], prizes={"taj": "Asha"})
    assert problems(data) == (
        "round 1: Asha claims the Taj Mahal prize (the province's own reward), but when Asha withdrew at turn 4 with "
        "1 taj symbol, Ben and Chen showed more (2 each); Ben took it at turn 5 (rulebook: Prize Collection)",)


def test_a_claim_with_no_symbol_or_too_few():
    data = one_round([play("Asha", ["princess"]), out("Ben"), out("Chen"), out("Asha")],
                     prizes={"princess": "Asha", "tiger": "Ben", "yellow_advisor": "Chen"})
    assert problems(data) == (
        "round 1: Asha claims the 2 Princesses prize (the Princess card), but Asha withdrew at turn 4 showing "
        "1 princess symbol and the prize needs 2 (inferred: the category is '2 Princesses'); nobody took it",
        "round 1: Ben claims the Tiger prize (a bonus tile from the province), but nobody showed a tiger symbol, so it "
        "is not awarded (rulebook: Special Rules, Empty Categories)",
        "round 1: Chen claims the Yellow Advisor prize (a connection marker), but nobody showed a yellow advisor "
        "symbol, so it is not awarded (rulebook: Special Rules, Empty Categories)",
    )
    data = one_round([play("Asha", ["tiger"]), out("Ben"), out("Chen"), out("Asha")], prizes={"tiger": "Ben"})
    assert problems(data) == (
        "round 1: Ben claims the Tiger prize (a bonus tile from the province), but Ben withdrew at turn 2 showing no "
        "tiger symbol; Asha took it at turn 4 (rulebook: Prize Collection)",)


def test_a_claim_by_someone_not_playing():
    data = one_round([out("Asha"), out("Ben"), out("Chen")], prizes={"taj": "Zed"})
    assert problems(data) == ('round 1: prizes.taj = "Zed": not one of the players (Asha, Ben, Chen)',)


# --- a final position ----------------------------------------------------------------------------


def position() -> dict:
    return {
        "game": "tajmahal",
        "players": [
            {"name": "Asha", "palaces": [1, 2, 3, 7, 8], "bonus_tiles": [3, 2], "princess_cards": 1, "rewards": [2],
             "connection_markers": 2, "cards_left": 4},
            {"name": "Ben", "palaces": [4, 5], "princess_cards": 2, "rewards": [1, 12], "cards_left": 6},
            {"name": "Chen", "palaces": [9, 10, 11, 12], "cards_left": 6},
        ],
    }


def test_a_final_position_scores_on_its_own():
    """Palaces per province, bonus tiles, Princess cards, rewards and cards left, no rounds.
    Asha: 5 palaces (10) + chain 1-2-3 (3; 7-8 does not score) + tiles 5 + 1 card (2) + reward 2 = 22.
    Ben: 2 palaces (4) + chain 4-5 (1) + 2 cards (4) + rewards 4 = 13.
    Chen: 4 palaces (8) + chain 9-12 (6) = 14."""
    result = scored(position())
    assert [(p.name, p.total) for p in result.players] == [("Asha", 22), ("Chen", 14), ("Ben", 13)]
    asha = {r.label or r.category: r for r in result.players[0].rows}
    assert asha["Province 2"].points == 4 and asha["Province 2"].shown == "palace 2, Taj Mahal reward 2"
    assert asha["Bonus tiles"].shown == "3 + 2"
    assert result.as_json()["form"] == "position" and result.header == ()


def test_a_final_positions_bonus_tiles_count_whenever_they_scored_and_its_notes_say_no_more():
    """Scoring: "Bonus tiles provide immediate or end-game points." A final position lists each
    player's tiles without the round or the moment they scored, so its row holds them all (the
    total is the same either way), not "Bonus tiles scored at the end"; the defaults for a tile's
    value and timing, which only a record's rounds use, are not claimed in its notes (issue 23:
    the row said "at the end" while the note said bonus tiles score when taken)."""
    result = scored(position())
    asha = next(r for r in result.players[0].rows if r.category == "bonus_tiles")
    assert (asha.label, asha.shown, asha.points) == ("Bonus tiles", "3 + 2", 5)
    assert asha.reason == "each counted once, whether it scored when taken or at the end"
    assert [t["when"] for t in result.as_json()["players"][0]["breakdown"]["bonus_tiles"]] == [None, None]
    points_note = next(n for n in result.notes if n.startswith("these point values are tajkit defaults"))
    assert "bonus tile" not in points_note and "palace 2" in points_note
    record = scored(game_record())
    assert "bonus tiles score when taken" in record.notes[0] and "a bonus tile of unknown value 2" in record.notes[0]
    devi = next(p for p in record.players if p.name == "Devi")
    assert next(r for r in devi.rows if r.category == "bonus_tiles").label == ""  # the category's: scored at the end


def test_the_remaining_card_tie_break():
    """Scoring / Victory Conditions: "Ties are broken by the number of remaining cards"."""
    data = position()
    data["players"][1]["bonus_tiles"] = [1]  # Ben 13 + 1 = 14, as Chen
    data["players"][2]["cards_left"] = 9
    result = scored(data)
    ben, chen = (next(p for p in result.players if p.name == n) for n in ("Ben", "Chen"))
    assert ben.total == chen.total == 14
    assert (chen.rank, ben.rank) == (2, 3)
    assert "Chen and Ben tie on 14 points; the most cards left breaks it (Chen 9, Ben 6)" in result.ties[0]
    data["players"][2]["cards_left"] = 6
    result = scored(data)
    assert {p.name: p.rank for p in result.players} == {"Asha": 1, "Ben": 2, "Chen": 2}
    assert "does not break it" in result.ties[0]


def test_without_a_tied_players_cards_left_the_tie_break_cannot_be_applied():
    data = position()
    del data["players"][2]["cards_left"]
    data["players"][1]["bonus_tiles"] = [1]
    result = scored(data)
    assert result.ties == ("Ben and Chen tie on 14 points: the rulebook breaks ties by the cards left, which "
                           "tajkit does not know for Chen (give cards_left), so they share the rank",)


def test_cards_left_missing_only_outside_the_tie_still_break_it():
    """Asha is not tied: her unknown cards left do not stop Ben's and Chen's tie-break."""
    data = position()
    del data["players"][0]["cards_left"]
    data["players"][1]["bonus_tiles"] = [1]
    data["players"][2]["cards_left"] = 9
    result = scored(data)
    assert {p.name: p.rank for p in result.players} == {"Asha": 1, "Chen": 2, "Ben": 3}
    assert result.ties == ("Chen and Ben tie on 14 points; the most cards left breaks it (Chen 9, Ben 6) "
                           "(rulebook: Scoring / Victory Conditions)",)


def test_interactive_entry_saves_a_position_that_scores_the_same():
    table = GAME.read_state(SPEC, position())
    again = GAME.read_state(SPEC, GAME.to_data(SPEC, table))
    assert GAME.score(SPEC, again).as_json() == GAME.score(SPEC, table).as_json()


def test_a_record_round_trips_and_its_final_position_is_the_example():
    """to_data keeps a record as read; its final position is tests/data/tajmahal-example.toml and
    scores the same totals, ranks and tie-break."""
    from tajkit.solver.tajmahal.files import final_position

    record = GAME.read_state(SPEC, game_record())
    again = GAME.read_state(SPEC, GAME.to_data(SPEC, record))
    assert GAME.score(SPEC, again).as_json() == GAME.score(SPEC, record).as_json()
    example = statefile.read_source(str(DATA / "tajmahal-example.toml"))
    assert final_position(record) == example
    ranked = [(p.name, p.total, p.rank) for p in scored(example).players]
    assert ranked == [(p.name, p.total, p.rank) for p in scored(game_record()).players]


def test_a_game_not_over_says_so():
    data = game_record()
    data["rounds"] = data["rounds"][:5]
    notes = scored(data).notes
    assert any(n.startswith("the game is not over: 5 of 12 provinces played") for n in notes)


def test_a_bonus_tile_without_a_value_counts_the_default_and_says_so():
    data = game_record()
    del data["rounds"][0]["bonus_tile"]
    result = scored(data)
    assert ("the bonus tile taken in province 1 has no value in the record, so each counts 2 (tajkit default; add "
            "bonus_tile = N to the round)") in result.notes
    assert next(p for p in result.players if p.name == "Asha").total == 17 - 5 + 2


# --- a group's own data --------------------------------------------------------------------------


@pytest.fixture
def own_data(tmp_path):
    def use(text: str):
        (tmp_path / "tajmahal.toml").write_text(text + (ANY_OPENER / "tajmahal.toml").read_text())
        return GAME.load_spec(tmp_path)

    return use


def test_a_groups_points_and_map_replace_the_defaults_and_the_notes(own_data):
    spec = own_data("[points]\npalace = 1\n[map]\nborders = [[2, 7], [5, 7]]\n")
    table = GAME.read_state(spec, game_record())
    result = GAME.score(spec, table)
    chen = next(p for p in result.players if p.name == "Chen")
    assert chen.detail["longest_chain"] == [2, 5, 7]  # 2-7-5 on the group's board
    assert chen.total == 6 + 3 + 2 + 2 + 4  # 6 palaces at 1, chain of 3, tile, Princess card, rewards
    assert not any("map is tajkit's default" in n for n in result.notes)
    points_note = next(n for n in result.notes if n.startswith("these point values are tajkit defaults"))
    assert "palace" not in points_note and "Princess card 2" in points_note  # only what is still tajkit's
    assert GAME.categories(spec)[0].note.startswith("palace 1,")  # the group's value, not starred
    spec = own_data("[points]\npalace = 1\nbonus_tile = 3\nbonus_tile_when = \"end\"\nprincess_card = 3\n"
                    "connection_marker = 1\nprovince_rewards = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5]\n"
                    "chain = [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]\n[map]\nborders = [[2, 7]]\n")
    assert not any("default" in n for n in GAME.score(spec, GAME.read_state(spec, game_record())).notes)
    assert "Taj Mahal reward by province 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5." in GAME.card_parts(spec)["points"].items[0]


def test_a_bad_data_file_is_reported(own_data):
    with pytest.raises(BadData) as info:
        own_data("[points]\npalase = 3\n[map]\nborders = [[1, 1], [2, 3]]\n")
    found = info.value.problems
    assert len(found) == 2 and all("tajmahal.toml (over tajkit's tajmahal.toml): " in p for p in found)
    assert found[0].endswith("points: unknown field 'palase' (did you mean palace?)")
    assert found[1].endswith("map: borders: [1, 1] joins a province to itself")
    with pytest.raises(BadData, match="chain gives 3 for a chain of 3 but 5 for 2: longer chains score more"):
        own_data("[points]\nchain = [0, 0, 5, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66]\n")
    with pytest.raises(BadData, match=r"borders: \[3, 2\] is given twice"):
        own_data("[map]\nborders = [[2, 3], [3, 2]]\n")
    with pytest.raises(BadData, match="players.fewest = 4 is more than players.most = 3"):
        own_data("[players]\nfewest = 4\nmost = 3\n")
    broken = seeddata.packaged("tajmahal")
    broken["categories"] = broken["categories"][::-1]
    with pytest.raises(BadData, match="categories: the six prize categories in the seed's order"):
        statefile.validate(TajMahalData, broken, BadData)


def test_a_group_reading_one_princess_symbol_as_enough(own_data):
    """The 2-princess minimum is inferred: a group sets its own under [[categories]]."""
    spec = own_data('[[categories]]\nid = "princess"\nmin_symbols = 1\nmin_symbols_source = "tajkit default"\n')
    data = one_round([play("Asha", ["princess"]), out("Ben"), out("Chen"), out("Asha")])
    assert GAME.score(spec, GAME.read_state(spec, data)).as_json()["rounds"][0]["prizes"]["princess"] == "Asha"


# --- validation: one sentence per problem --------------------------------------------------------


def test_the_game_field():
    with pytest.raises(BadState, match='game is missing: a state file starts with game = "tajmahal"'):
        GAME.read_state(SPEC, {"players": ["A", "B"]})
    with pytest.raises(BadState, match='game = "taj": this is the tajmahal command'):
        GAME.read_state(SPEC, {"game": "taj", "players": ["A", "B"]})


def test_player_count_and_names():
    assert problems({"game": "tajmahal", "players": ["A", "B", "C", "D", "E"], "rounds": []}) == (
        "players: 5 given, but Taj Mahal takes 2-4: the 120 bidding cards come in 4 player colours (rulebook: "
        "Components; at least 2: inferred)",)
    assert problems({"game": "tajmahal", "players": ["A"]})[0].startswith("players: 1 given")
    assert problems({"game": "tajmahal", "players": ["A", "A"]}) == (
        "players: the name 'A' appears twice: each player needs their own name",)
    assert problems({"game": "tajmahal", "players": ["A", " "]}) == (
        'player 2: name = " ": the player\'s name: 1-40 characters on one line, no control characters, not blank',)


def test_holdings_with_rounds():
    data = game_record()
    data["players"][0] = {"name": "Asha", "palaces": [1], "princess_cards": 1}
    assert problems(data) == (
        "Asha: palaces, princess_cards given with rounds: a record's holdings come from its rounds; give either the "
        "rounds or each player's holdings (a final position)",)


def test_province_order():
    data = game_record()
    data["rounds"][3]["province"] = 5
    assert problems(data) == (
        "round 4: province = 5, but provinces are resolved in order from 1 to 12, so round 4 is province 4 (rulebook: "
        "Special Rules, Province Order)",)


def test_a_round_without_plays_or_prizes():
    data = {"game": "tajmahal", "players": ["A", "B"], "rounds": [{"province": 1}]}
    assert problems(data) == ("round 1: give its plays (every turn, in order) or its prizes (who took which), or both",)


def test_turn_problems():
    assert problems(one_round([play("Zed", ["taj"])])) == (
        'round 1, turn 1: player = "Zed": not one of the players (Asha, Ben, Chen)',)
    assert problems(one_round([{"player": "Asha", "cards": [["taj"]], "withdraw": True}])) == (
        "round 1, turn 1: Asha either plays cards (cards = [[symbols], ...]) or withdraws (withdraw = true), one of "
        "the two (rulebook: Bidding Phase)",)
    assert problems(one_round([{"player": "Asha", "withdraw": False}]))[0].endswith("one of the two (rulebook: Bidding Phase)")
    assert problems(one_round([{"player": "Asha"}]))[0].startswith("round 1, turn 1: Asha either plays cards")
    assert problems(one_round([play("Asha", ["taj"]), play("Chen", ["taj"])])) == (
        "round 1, turn 2: Chen acts but it is Ben's turn: turns go clockwise among players still in (rulebook: Turn "
        "Structure, Bidding Phase)",)
    assert problems(one_round([out("Asha"), out("Ben"), play("Chen", ["taj"]), out("Asha")])) == (
        "round 1, turn 4: Asha has already withdrawn: once withdrawn, a player takes no more actions this round "
        "(rulebook: Turn Structure, Bidding Phase)",)
    assert problems(one_round([play("Asha", ["taj"]), out("Ben")])) == (
        "round 1: Asha and Chen never withdraw: play continues until all have withdrawn (rulebook: Bidding Phase)",)


def test_cards_in_a_play():
    assert problems(one_round([play("Asha", ["taj"], ["taj"], ["taj"])])) == (
        "round 1, turn 1: cards has 3 values, needs at most 2: the 1-2 cards played this turn, each a list of its "
        "symbols (rulebook: Bidding Phase)",)
    assert problems(one_round([play("Asha", [])]))[0].startswith("round 1, turn 1: cards[1] has 0 values, needs at least 1")
    assert problems(one_round([play("Asha", ["tigre"])])) == (
        "round 1, turn 1: cards[1][1] = \"tigre\": expected 'elephant', 'tiger', 'princess', 'yellow_advisor', "
        "'white_advisor' or 'taj' (did you mean tiger?)",)
    assert problems(one_round([play("Asha", ["taj"] * 7)]))[0].startswith("round 1, turn 1: cards[1] has 7 values, needs at most 6")


def test_more_than_thirty_cards():
    """Components: 30 bidding cards per player; Special Rules, Card Management. The record replays
    through the rules protocol, which stops at the first illegal turn (what follows it cannot be
    judged): round 11's turn is named, not round 12's too."""
    rounds = []
    for k in range(1, 13):
        rounds.append({"province": k, "plays": [play("A", ["taj"], ["taj"]), play("B", ["taj"]), play("A", ["taj"]),
                                                out("B"), out("A")]})
    data = {"game": "tajmahal", "players": ["A", "B"], "rounds": rounds}
    assert problems(data) == tuple(
        f"round {k}, turn 1: A plays a card beyond their 30 (30 played before this turn): each player has 30 bidding "
        "cards (rulebook: Components)" for k in (11,))


def test_values_given_for_a_prize_nobody_took():
    data = one_round([out("Asha"), out("Ben"), out("Chen")], bonus_tile=3, bonus_tile_when="end")
    assert problems(data) == (
        "round 1: bonus_tile = 3, but nobody took the Tiger prize this round",
        'round 1: bonus_tile_when = "end", but nobody took the Tiger prize this round',
    )


def test_cards_left_against_the_plays():
    data = game_record()
    data["players"] = [{"name": "Asha", "cards_left": 8}, "Ben", "Chen", "Devi"]
    assert problems(data) == (
        "Asha: cards_left = 8, but the rounds show 23 of their 30 cards played, so 7 are left (rulebook: Components)",)
    data["rounds"][4] = {"province": 5, "prizes": {"elephant": "Chen"}}
    data["players"][0]["cards_left"] = 22
    assert problems(data) == (
        "Asha: cards_left = 22, but the rounds show 20 of their 30 cards played, so at most 10 are left (rulebook: "
        "Components)",)


def test_position_problems():
    """Each province has one Elephant, one Tiger, one Princess, two Advisor and one Taj Mahal prize
    (rulebook: Prize Categories; Turn Structure: one round per province)."""
    data = position()
    data["players"][1]["palaces"] = [4, 4, 8]
    data["players"][2]["rewards"] = [2]
    data["players"][0]["princess_cards"] = 11
    data["players"][0]["connection_markers"] = 24
    data["players"][1]["connection_markers"] = 1
    data["players"][0]["bonus_tiles"] = [1] * 12
    data["players"][2]["bonus_tiles"] = [1]
    assert problems(data) == (
        "Ben: palaces lists province 4 twice: one Elephant prize per province",
        "Ben: palaces lists province 8, but Asha has the palace there: each province has one Elephant prize "
        "(rulebook: Prize Categories; one round per province)",
        "Chen: rewards lists province 2, but Asha has the Taj Mahal reward there: each province has one Taj Mahal "
        "prize (rulebook: Prize Categories; one round per province)",
        "bonus_tiles: the players hold 13 together, but each of the 12 provinces gives one round's Tiger prize (a "
        "bonus tile), so at most 12 (rulebook: Prize Categories)",
        "princess_cards: the players hold 13 together, but each of the 12 provinces gives one round's Princess card, "
        "so at most 12 (rulebook: Prize Categories)",
        "connection_markers: the players hold 25 together, but each of the 12 provinces gives one round's connection "
        "markers (Yellow and White Advisor), 2 per round, so at most 24 (rulebook: Prize Categories)",
    )


def test_field_problems_name_the_place_and_the_rule():
    data = position()
    data["players"][0]["palace"] = [1]
    data["players"][1]["cards_left"] = 31
    data["players"][2]["princess_cards"] = "2"
    data["players"][2]["palaces"] = [13]
    assert problems(data) == (
        "Asha: unknown field 'palace' (did you mean palaces?)",
        "Ben: cards_left = 31: must be at most 30 (bidding cards the player has left, hand and deck, 0-30 (the tie-break))",
        "Chen: palaces[1] = 13: must be at most 12 (the provinces (1-12) where the player has a palace)",
        'Chen: princess_cards = "2" is not a whole number: how many Princess cards the player took',
    )
    data = game_record()
    data["rounds"][0]["provinc"] = 1
    data["rounds"][1]["prizes"] = {"tigr": "Asha"}
    data["round"] = []
    found = problems(data)
    assert "unknown field 'round' (did you mean rounds?)" in found
    assert "round 1: unknown field 'provinc' (did you mean province?)" in found
    assert any(p.startswith('round 2: prizes.tigr = "tigr": expected') for p in found)
    data = game_record()
    data["rounds"].append(copy.deepcopy(data["rounds"][0]))
    assert problems(data)[0].startswith("rounds has 13 values, needs at most 12")
    assert problems({"game": "tajmahal", "players": [3, "B"]}) == (
        "player 1 = 3 is not a table: the players in seating order, clockwise (2-4): names, or tables with name first",)


# --- hostile input ---------------------------------------------------------------------------------

SAFE = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.text(max_size=8)
    | st.sampled_from(["Asha", "Ben", "taj", "tiger", "elephant"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["player", "cards", "withdraw", "province", "plays", "prizes", "name", "palaces",
                         "cards_left", "bonus_tile", "reward", "x"]), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=SAFE, rounds=SAFE)
@pytest.mark.slow
def test_malformed_states_are_bad_input_never_a_crash(players, rounds):
    """Any shape of input gives BadInput with one sentence per problem."""
    data = {"game": "tajmahal", "players": players, "rounds": rounds}
    try:
        GAME.score(SPEC, GAME.read_state(SPEC, data))
    except BadInput as exc:
        assert exc.problems and all(p and "\n" not in p for p in exc.problems)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["Asha", "Ben", "Chen"]),
                          st.one_of(st.just("out"), st.lists(st.lists(st.sampled_from(SYMBOLS), min_size=1,
                                                                       max_size=3), min_size=1, max_size=2))),
                max_size=14),
       st.dictionaries(st.sampled_from(SYMBOLS), st.sampled_from(["Asha", "Ben", "Chen"]), max_size=3))
def test_random_rounds_either_score_or_say_why(turns, claims):
    """Random turns and claims: a legal, complete round scores; anything else is BadInput."""
    plays = [out(w) if what == "out" else play(w, *what) for w, what in turns]
    data = one_round(plays, prizes=claims)
    try:
        result = scored(data).as_json()
    except BadInput as exc:
        assert exc.problems
    else:
        for cid, who in claims.items():
            assert result["rounds"][0]["prizes"][cid] == who


def test_the_schema_describes_both_forms():
    schema = GAME.schema(SPEC)
    record = schema["$defs"]["TajMahalState"]
    assert {"game", "players", "rounds"} <= set(record["properties"])
    text = json.dumps(schema)
    assert "TajMahalRound" in text and "TajMahalTurn" in text and "cards_left" in text
    players = record["properties"]["players"]["items"]
    assert {"type": "string"} in players["anyOf"]
