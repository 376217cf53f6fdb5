"""The play log (issue 26): plays kept whole and read back unchanged, whatever the names; two
processes saving at once; a kill mid-save; a foreign or damaged file refused and left as it was;
the schema migrating forward; the statistics; the BG Stats payload and its link; the CSV; and the
command line's one-line errors."""

from __future__ import annotations

import csv
import datetime
import hashlib
import io
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import textwrap
import urllib.parse
import uuid
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from typer.testing import CliRunner

from tajkit.cli import main as cli
from tajkit.cli import history as history_cli
from tajkit.cli import present
from tajkit.solver import bgstats, games, history, statefile
from tajkit.solver.errors import BadInput
from tajkit.solver.game import Category, PlayerScore, Row, ScoreResult
from tajkit.solver.protocol import Record, random_game
from tajkit.solver.session import Session

DATA = Path(__file__).parent.parent / "data"
ARTISANS = DATA / "artisans-example.toml"
TAJMAHAL = DATA / "tajmahal-game.toml"  # its provinces open in turn: read with a group's data (any opener)
GROUP_DATA = {"tajmahal": DATA / "any-opener"}
RECORD = DATA / "artisans-record.toml"
runner = CliRunner()

# names a table types: quotes, SQL, emoji, right-to-left scripts, control characters, NUL
AWKWARD = ["O'Brien \"Bob\"", "Robert'); DROP TABLE play;--", "Ασήα 🎲👩🏽‍🚀", "מִרְיָם", "مريم", "a\x00b",
           "\x1b[31mred\x1b[0m", "tab\there\nnewline", "=1+1", "%22&data=x#y+z", "\u202eevil"]
names = st.one_of(st.sampled_from(AWKWARD), st.text(min_size=1, max_size=12))
texts = st.text(max_size=20)


def scored(path: Path = ARTISANS, game: str = "artisans") -> tuple[ScoreResult, dict]:
    info = games.get(game)
    spec = info.load_spec(GROUP_DATA.get(game))
    table = statefile.read_source(str(path))
    return info.score(spec, info.read_state(spec, table)), table


def run(*args: str, input: str | None = None):
    return runner.invoke(cli.app, list(args), input=input)


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "history.sqlite"


@pytest.fixture(autouse=True)
def no_real_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reaches the user's own play log: without --db, the log is a file of the test's."""
    monkeypatch.setenv(history.ENV, str(tmp_path / "default-log.sqlite"))


# --- kept whole -------------------------------------------------------------------------------------

CATEGORIES = (Category("feature", "Feature", stars=4), Category("bonus", "Bonus", note="n", sub=("a", "b")),
              Category("total", "Total", kind="total"))


@st.composite
def plays(draw: st.DrawFn) -> tuple[ScoreResult, dict, str]:
    """A random play: a result over random names and texts, its table, its date."""
    who = draw(st.lists(names, min_size=1, max_size=5, unique=True))
    players = []
    for name in who:
        rows = (Row("feature", draw(st.integers(0, 4)), draw(texts), draw(texts)),
                Row("bonus", draw(st.integers(-50, 50)), draw(texts), "", draw(texts)))
        players.append((name, sum(r.points for r in rows), rows, draw(st.integers(0, 9))))
    ordered = sorted(players, key=lambda p: -p[1])
    result = ScoreResult(
        game="artisans", categories=CATEGORIES,
        players=tuple(PlayerScore(name, total, 1 + sum(o[1] > total for o in players), rows,
                                  (("unused raindrops", left),), {"note": draw(texts)})
                      for name, total, rows, left in ordered),
        ties=tuple(draw(st.lists(texts, max_size=2))), notes=tuple(draw(st.lists(texts, max_size=2))),
        header=tuple(draw(st.lists(texts, max_size=1))), extra={"x": draw(texts)},
    )
    table = {"game": "artisans", "players": [{"name": name, "raindrops_used": 3} for name in draw(st.permutations(who))],
             "comment": draw(texts)}
    date = draw(st.datetimes(min_value=datetime.datetime(2000, 1, 1), max_value=datetime.datetime(2099, 12, 31)))
    return result, table, date.strftime(history.DATE_FORMAT)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(plays(), min_size=1, max_size=3))
def test_every_play_reads_back_as_it_was_saved(tmp_path: Path, saves):
    """Issue 26, Reliability: names with quotes, emoji, right-to-left text and control characters
    round-trip; every field of the score, the table, the date and the seats come back unchanged."""
    db = tmp_path / f"{uuid.uuid4()}.sqlite"  # a log per example (tmp_path is the test's)
    for k, (_, table, _) in enumerate(saves):
        table["night"] = k  # distinct plays (the same table saved twice is kept once: tested below)
    ids = [history.save_play(db, "artisans", result, table, data=None, played=date).id for result, table, date in saves]
    for play_id, (result, table, date) in zip(ids, saves):
        play = history.play(db, play_id)
        assert (play.result, play.source, play.played, play.kind) == (result, table, date, "table")
        assert [s.name for s in play.seats] == [p.name for p in result.players]
        assert [s.name for s in play.in_seat_order] == [p["name"] for p in table["players"]]
        assert present.score(play.result) == present.score(result)
    assert sorted(p.id for p in history.plays(db)) == ids == list(range(1, len(saves) + 1))


def test_a_saved_table_shows_what_score_printed_and_scores_again_the_same(db: Path):
    result, table = scored()
    saved = history.save_play(db, "artisans", result, table, data=None, played="2026-12-01 20:15")
    play = history.play(db, saved.id)
    assert (saved.new, play.played, play.result) == (True, "2026-12-01 20:15:00", result)
    assert history.rescore(play) == result
    shown = run("history", "show", str(saved.id), "--db", str(db))
    printed = run("score", "artisans", str(ARTISANS))
    assert shown.exit_code == 0 and shown.stdout.endswith(printed.stdout)
    assert shown.stdout.startswith("Play 1: Artisans of the Taj Mahal, 2026-12-01 20:15, from a scored table\n"
                                   "Seats: Asha, Ben\n\n")


def test_the_same_play_saved_twice_is_kept_once(db: Path):
    result, table = scored()
    first = history.save_play(db, "artisans", result, table, data=None, played="2026-12-01")
    again = history.save_play(db, "artisans", result, table, data=None, played="2026-12-05")
    assert (again.id, again.new, again.played) == (first.id, False, "2026-12-01 00:00:00")
    assert len(history.plays(db)) == 1


def test_the_data_file_a_play_was_scored_with_is_kept_and_scores_it_again(tmp_path: Path, db: Path):
    """A group's --data file (docs/data.md) is kept whole: the play scores the same again after
    the file changed or went."""
    folder = tmp_path / "mydata"
    folder.mkdir()
    (folder / "artisans.toml").write_text('[[features]]\nid = "dome"\nstars = 7\n', encoding="utf-8")
    info = games.get("artisans")
    spec = info.load_spec(folder)
    table = statefile.read_source(str(ARTISANS))
    result = info.score(spec, info.read_state(spec, table))
    saved = history.save_play(db, "artisans", result, table, data=folder, played="2026-12-01")
    (folder / "artisans.toml").unlink()
    play = history.play(db, saved.id)
    assert play.data["text"].endswith("stars = 7\n")
    assert history.rescore(play) == result != scored()[0]


def test_a_finished_record_is_kept_with_its_start_player_and_replays(db: Path):
    """A game played to its end keeps its whole record; its start player is the first the record
    has act (solver/protocol.py: who acts), and its seats are the setup's order."""
    info = games.get("taj")
    spec = info.load_spec()
    rules = info.rules(spec)
    record = random_game(rules, random.Random(7), 3)
    session = Session.of_record(info, spec, record, Path("night.toml"))
    saved = history.save_session(db, session, None, "2026-12-01 20:00")
    play = history.play(db, saved.id)
    assert play.kind == "record" and play.source == json.loads(json.dumps(record.as_data()))
    assert [s.name for s in play.in_seat_order] == list(session.players())
    starts = [s.name for s in play.seats if s.start]
    assert starts == [history.first_to_act(rules, session.states)] and starts[0] in session.players()
    assert history.rescore(play) == session.standings() == play.result


def test_artisans_has_no_start_player_in_the_log_nor_for_bg_stats(db: Path):
    """Artisans (rulebook: Playing the Game): one roll for the whole table, every player uses it,
    so nobody starts: the play log names no start player ("Asha started" is not said) and BG
    Stats gets ``startPlayer: false`` for everyone, never the key left out (its Android app refuses
    a play without it: research/next-capabilities.md section 2). A play an older tajkit kept with a
    start player reads the same."""
    info = games.get("artisans")
    spec = info.load_spec()
    record = random_game(info.rules(spec), random.Random(3), 2)
    session = Session.of_record(info, spec, record, Path("night.toml"))
    play = history.play(db, history.save_session(db, session, None, "2026-12-01 20:00").id)
    assert [s.start for s in play.seats] == [None, None]
    assert not any("started" in line for line in history_cli.describe(play))
    assert [p["startPlayer"] for p in bgstats.payload(play)["players"]] == [False, False]
    with sqlite3.connect(db) as conn:  # as an older tajkit kept it: the first to act as the start player
        conn.execute("UPDATE seat SET start = (position = 0)")
    older = history.play(db, play.id)
    assert [s.start for s in older.seats] == [None, None]
    assert not any("started" in line for line in history_cli.describe(older))
    taj = games.get("taj")
    kept = Session.of_record(taj, taj.load_spec(), random_game(taj.rules(taj.load_spec()), random.Random(7), 3),
                             Path("taj.toml"))
    shown = history_cli.describe(history.play(db, history.save_session(db, kept, None, "2026-12-02 20:00").id))
    assert shown[1].endswith(" started)")  # a game with a start player still names them


def test_a_game_not_over_is_not_saved(db: Path):
    info = games.get("artisans")
    spec = info.load_spec()
    data = statefile.read_source(str(RECORD))
    data["events"] = data["events"][:4]
    session = Session.of_record(info, spec, Record("artisans", data["setup"], tuple(data["events"])), Path("short.toml"))
    with pytest.raises(BadInput, match="the game is not over yet"):
        history.save_session(db, session, None)
    assert not db.exists()


# --- two writers, a kill, files that are not ours, the schema's versions -----------------------------

SAVER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from tajkit.solver import games, history, statefile
    db, who, count, go = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
    info = games.get("artisans"); spec = info.load_spec()
    table = statefile.read_source(sys.argv[5])
    while not go.exists():  # both start together
        time.sleep(0.01)
    for k in range(count):
        table["players"][0]["name"] = f"{who}-{k}"
        result = info.score(spec, info.read_state(spec, table))
        history.save_play(db, "artisans", result, table, data=None, played="2026-12-01")
""")


def test_two_processes_saving_at_once_keep_every_play(tmp_path: Path, db: Path):
    """Issue 26: two terminals saving at once never lose or mix a play (WAL, one transaction each)."""
    go, count = tmp_path / "go", 25
    procs = [subprocess.Popen([sys.executable, "-c", SAVER, str(db), who, str(count), str(go), str(ARTISANS)])
             for who in ("left", "right")]
    go.touch()
    assert [p.wait(timeout=300) for p in procs] == [0, 0]
    kept = history.plays(db)
    assert len(kept) == 2 * count
    assert sorted(p.seats[0].name if p.seats[0].name != "Ben" else p.seats[1].name for p in kept) == sorted(
        f"{who}-{k}" for who in ("left", "right") for k in range(count))
    for play in kept:  # each play's players, rows and score belong together
        assert [s.name for s in play.seats] == [p.name for p in play.result.players]
        assert {s.name for s in play.seats} == {p["name"] for p in play.source["players"]}


KILLED = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from tajkit.solver import games, history, statefile
    real = history._insert_rows
    def stalled(*args):
        real(*args)
        print("inside the transaction", flush=True)
        time.sleep(600)
    history._insert_rows = stalled
    info = games.get("artisans"); spec = info.load_spec()
    table = statefile.read_source(sys.argv[2])
    table["players"][0]["name"] = "Killed"
    history.save_play(Path(sys.argv[1]), "artisans", info.score(spec, info.read_state(spec, table)), table,
                      data=None, played="2026-12-02")
""")


def test_a_kill_mid_save_leaves_the_log_as_it_was(db: Path):
    """Issue 26: a kill mid-save leaves the database as it was before, and the next save works."""
    result, table = scored()
    history.save_play(db, "artisans", result, table, data=None, played="2026-12-01")
    before = history.plays(db)
    proc = subprocess.Popen([sys.executable, "-c", KILLED, str(db), str(ARTISANS)], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline() == "inside the transaction\n"  # every row written, not committed
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
    assert history.plays(db) == before
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("SELECT count(*) FROM seat WHERE name = 'Killed'").fetchone() == (0,)
    table["players"][0]["name"] = "Later"
    info = games.get("artisans")
    spec = info.load_spec()
    assert history.save_play(db, "artisans", info.score(spec, info.read_state(spec, table)), table, data=None,
                             played="2026-12-03").new


def damaged_log(path: Path) -> None:
    result, table = scored()
    for k in range(20):
        table["players"][0]["name"] = f"Asha {k}"
        history.save_play(path, "artisans", result, table, data=None, played="2026-12-01")
    raw = bytearray(path.read_bytes())
    page = int.from_bytes(raw[16:18], "big")
    raw[2 * page: 2 * page + 200] = b"\xa5" * 200  # the third page's header and cells
    path.write_bytes(bytes(raw))


def foreign_database(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
        conn.execute("INSERT INTO photos (name) VALUES ('holiday')")
    conn.close()


def newer_log(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA application_id = {history.APPLICATION_ID}")
        conn.execute("PRAGMA user_version = 99")
        conn.execute("CREATE TABLE play (id INTEGER PRIMARY KEY)")
    conn.close()


NOT_OURS = {
    "text": (lambda p: p.write_text("my notes about last night\n"), "not a tajkit play log (not an SQLite database)"),
    "png": (lambda p: p.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(200)), "not a tajkit play log"),
    "foreign": (foreign_database, "another program's SQLite database, not a tajkit play log"),
    "damaged": (damaged_log, "a damaged database"),
    "newer": (newer_log, "a play log of schema version 99, from a newer tajkit"),
    "truncated": (lambda p: (damaged_log(p), p.write_bytes(p.read_bytes()[:150])), "a damaged database"),
}


@pytest.mark.parametrize("kind", NOT_OURS)
def test_a_file_that_is_not_a_sound_log_is_refused_and_left_as_it_was(kind: str, db: Path):
    """Issue 26: a corrupt or foreign file at the database path is refused with a clear message
    and never overwritten (nor is anything written beside it)."""
    make, words = NOT_OURS[kind]
    make(db)
    before, beside = file_hash(db), sorted(os.listdir(db.parent))
    result, table = scored()
    with pytest.raises(BadInput, match=re.escape(words)) as refused:
        history.save_play(db, "artisans", result, table, data=None, played="2026-12-01")
    assert len(refused.value.problems) == 1 and "\n" not in refused.value.problems[0]
    for args in (["history", "list"], ["score", "artisans", str(ARTISANS), "--save"]):
        out = run(*args, "--db", str(db))
        assert out.exit_code == 2 and out.stdout == ""
        assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: ") and words in out.stderr
    assert (file_hash(db), sorted(os.listdir(db.parent))) == (before, beside)


def test_the_schema_migrates_forward_from_version_1(db: Path):
    """Issue 26: the schema has a version and migrates forward. A version-1 log (before plays had
    fingerprints) holding the same table twice keeps both plays; the newest save is recognised."""
    result, table = scored()
    conn = sqlite3.connect(db, isolation_level=None)
    history._migrate(conn, to=1)
    for uid in ("first", "copy"):
        conn.execute("INSERT INTO play (uid, game, played, saved, kind, source, data, result) VALUES "
                     "(?, 'artisans', '2026-11-01 20:00:00', '2026-11-01 23:00:00', 'table', ?, NULL, ?)",
                     (uid, json.dumps(table), json.dumps(history.result_data(result))))
    assert conn.execute("PRAGMA user_version").fetchone() == (1,)
    conn.close()
    kept = history.plays(db)
    assert [p.uid for p in kept] == ["copy", "first"] and kept[0].result == result
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (history.VERSION,) == (2,)
        assert conn.execute("SELECT uid FROM play WHERE fingerprint IS NOT NULL").fetchall() == [("first",)]
    conn.close()
    again = history.save_play(db, "artisans", result, table, data=None, played="2026-12-01")
    assert (again.id, again.new) == (1, False)


# --- statistics, filters -------------------------------------------------------------------------


def test_statistics_per_game_and_player(db: Path):
    """Issue 26: plays, wins, win rate, mean and best score; Artisans: mean stars per feature.
    A solitaire play counts as a play and in the mean, but has no winner."""
    result, table = scored()  # Asha 28 (first), Ben 24
    history.save_play(db, "artisans", result, table, data=None, played="2026-12-01")
    swapped = json.loads(json.dumps(table))
    swapped["players"][0]["name"], swapped["players"][1]["name"] = "Ben", "Asha"  # Ben 28 (first), Asha 24
    info = games.get("artisans")
    spec = info.load_spec()
    history.save_play(db, "artisans", info.score(spec, info.read_state(spec, swapped)), swapped, data=None,
                      played="2026-12-02")
    solo = {"game": "artisans", "players": [table["players"][0]]}  # Asha alone: 28
    history.save_play(db, "artisans", info.score(spec, info.read_state(spec, solo)), solo, data=None,
                      played="2026-12-03")
    [game] = history.stats(db)
    asha, ben = game.players
    assert (game.game, game.plays) == ("artisans", 3)
    assert (asha.name, asha.plays, asha.wins, asha.contested, asha.best) == ("Asha", 3, 1, 2, 28)
    assert asha.win_rate == pytest.approx(0.5) and asha.mean == pytest.approx((28 + 24 + 28) / 3)
    assert (ben.name, ben.plays, ben.wins, ben.best) == ("Ben", 2, 1, 28) and ben.mean == pytest.approx(26)
    stars = dict(asha.stars)  # Asha's sheet twice and Ben's once: left facade 6, 6, 0; right facade 0, 0, 6
    assert stars["left_facade"] == pytest.approx(4) and stars["right_facade"] == pytest.approx(2)
    assert [cid for cid, _ in game.features][:2] == ["left_orchard", "right_orchard"] and len(game.features) == 9
    out = run("history", "stats", "--db", str(db), "--json")
    assert out.exit_code == 0
    assert json.loads(out.stdout)[0]["players"][0]["mean_stars"]["left_facade"] == pytest.approx(4)
    only = history.stats(db, history.Filters(player="Ben", since="2026-12-02", until="2026-12-02"))
    assert [(p.name, p.plays, p.wins) for g in only for p in g.players] == [("Ben", 1, 1)]


def test_list_filters_newest_first(db: Path):
    result, table = scored()
    tm_result, tm_table = scored(TAJMAHAL, "tajmahal")
    history.save_play(db, "artisans", result, table, data=None, played="2026-11-30 23:59:59")
    history.save_play(db, "tajmahal", tm_result, tm_table, data=None, played="2026-12-02 21:00")

    def ids(*args: str) -> list[int]:
        out = run("history", "list", "--db", str(db), "--json", *args)
        assert out.exit_code == 0, out.stderr
        return [p["id"] for p in json.loads(out.stdout)]

    assert ids() == [2, 1]
    assert ids("--game", "artisans") == [1] and ids("--player", "Chen") == [2] and ids("--player", "chen") == []
    assert ids("--since", "2026-12-01") == [2] and ids("--until", "2026-11-30") == [1]
    assert ids("--since", "2026-11-30", "--until", "2026-12-02") == [2, 1]
    text = run("history", "list", "--db", str(db)).stdout.splitlines()
    assert text == ["play  date              game      ranking",
                    "   2  2026-12-02 21:00  tajmahal  1. Chen 23  2. Devi 17  3. Asha 17  4. Ben 11",
                    "   1  2026-11-30 23:59  artisans  1. Asha 28  2. Ben 24"]


def test_a_missing_log_reads_as_empty_and_is_not_created(db: Path):
    out = run("history", "list", "--db", str(db))
    assert (out.exit_code, out.stdout) == (0, "") and "no play log at" in out.stderr
    assert not db.exists()


def test_the_log_path_is_db_then_the_environment_then_the_data_folder(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch):
    assert history.database_path("x.sqlite") == Path("x.sqlite")
    assert history.database_path(None) == tmp_path / "default-log.sqlite"
    monkeypatch.delenv(history.ENV)
    assert history.database_path(None).parts[-2:] == ("tajkit", "history.sqlite")


# --- BG Stats, CSV -------------------------------------------------------------------------------


def saved_play(db: Path, path: Path = ARTISANS, game: str = "artisans", rename: dict | None = None) -> history.Play:
    info = games.get(game)
    spec = info.load_spec(GROUP_DATA.get(game))
    table = statefile.read_source(str(path))
    for player in table["players"]:
        if isinstance(player, dict):
            player["name"] = (rename or {}).get(player["name"], player["name"])
    result = info.score(spec, info.read_state(spec, table))
    return history.play(db, history.save_play(db, game, result, table, data=None, played="2026-12-01 20:15").id)


def test_the_bgstats_payload_has_every_field_the_apps_need_with_their_types(db: Path):
    """Issue 26: the fields producers send; startPlayer, winner, highestWins and noPoints always
    (Android refuses a play without them); bggId a JSON number, only where confirmed (Taj Mahal
    is BoardGameGeek #475, research/anchors.md)."""
    taj_mahal = bgstats.payload(saved_play(db, TAJMAHAL, "tajmahal"))
    raw = json.loads(json.dumps(taj_mahal))
    bgstats.BGStatsPlay.model_validate_json(json.dumps(taj_mahal))
    assert raw["game"] == {"name": "Taj Mahal", "bggId": 475, "sourceGameId": "tajmahal", "highestWins": True,
                           "noPoints": False}
    assert raw["sourceName"] == "tajkit" and raw["playDate"] == "2026-12-01 20:15:00"
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in raw["players"]] == [
        ("Asha", 17, 3, False), ("Ben", 11, 4, False), ("Chen", 23, 1, True), ("Devi", 17, 2, False)]
    assert all(set(p) == {"name", "sourcePlayerId", "score", "winner", "startPlayer", "rank"} for p in raw["players"])
    artisans = bgstats.payload(saved_play(db))
    assert "bggId" not in artisans["game"]
    assert bgstats.payload(history.play(db, 1))["sourcePlayId"] == taj_mahal["sourcePlayId"]  # stable


@pytest.mark.parametrize("bad", [{"bggId": "475"}, {"highestWins": "true"}, {"noPoints": None}])
def test_the_bgstats_model_refuses_what_crashes_the_apps(bad: dict):
    game = {"name": "Taj Mahal", "sourceGameId": "tajmahal", "highestWins": True, "noPoints": False} | bad
    with pytest.raises(ValidationError):
        bgstats.BGStatsGame.model_validate(game)
    player = {"name": "A", "sourcePlayerId": "1", "score": 3, "winner": True, "rank": 1}  # no startPlayer
    with pytest.raises(ValidationError, match="startPlayer"):
        bgstats.BGStatsPlayer.model_validate(player)


def test_the_bgstats_link_round_trips_its_url_encoding_whatever_the_names(db: Path):
    """Issue 26: the export escapes everything it writes: quotes, &, =, #, +, emoji, RTL text."""
    rename = {"Asha": "%22&data=x#y+z 'O\"B'", "Ben": "مريم 🎲\u202e"}
    payload = bgstats.payload(saved_play(db, rename=rename))
    link = bgstats.link(payload)
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert all(ch.isascii() and (ch.isalnum() or ch in "%-_.~:,") for ch in link.split("=", 1)[1])
    [data] = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query, strict_parsing=True)["data"]
    assert json.loads(data) == payload
    assert [p["name"] for p in payload["players"]] == list(rename.values())


def test_export_bgstats_prints_the_link_and_writes_the_qr_code(tmp_path: Path, db: Path):
    saved_play(db, TAJMAHAL, "tajmahal")
    png = tmp_path / "play.png"
    out = run("history", "export", "1", "--bgstats", "--png", str(png), "--db", str(db))
    assert out.exit_code == 0, out.stderr
    link = out.stdout.strip()
    assert link == bgstats.link(bgstats.payload(history.play(db, 1)))
    assert png.read_bytes().startswith(b"\x89PNG") and "wrote" in out.stderr
    drawn = run("history", "export", "1", "--bgstats", "--qr", "--db", str(db)).stdout.splitlines()
    code = bgstats.qr_code(link)
    assert drawn[0] == link and len(drawn) == 1 + (code.symbol_size(border=2)[1] + 1) // 2
    as_json = json.loads(run("history", "export", "1", "--bgstats", "--json", "--db", str(db)).stdout)
    assert as_json == {"link": link, "play": bgstats.payload(history.play(db, 1))}
    again = run("history", "export", "1", "--bgstats", "--png", str(png), "--db", str(db))
    assert again.exit_code == 2 and "already exists" in again.stderr


def test_the_bgstats_link_leaves_colons_and_commas_for_a_smaller_qr_code(db: Path):
    """Issue 43: ``:`` and ``,`` may stand unencoded in a URL's query (RFC 3986, section 3.4), so
    the link keeps them as they are: a shorter link, a smaller QR code, the same play read back."""
    payload = bgstats.payload(saved_play(db, TAJMAHAL, "tajmahal"))
    link = bgstats.link(payload)
    encoded_whole = bgstats.LINK + urllib.parse.quote(json.dumps(payload, ensure_ascii=False, separators=(",", ":")),
                                                      safe="")
    assert ":" in link.split("=", 1)[1] and "," in link and len(link) < len(encoded_whole)
    assert bgstats.qr_code(link).version < bgstats.qr_code(encoded_whole).version
    [data] = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query, strict_parsing=True)["data"]
    assert json.loads(data) == payload


def export_at_a_terminal(db: Path, columns: int, lines: int) -> str:
    """``tajkit history export 1 --bgstats`` with every stream at a terminal of that size: what it showed."""
    import fcntl
    import select
    import struct
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")} | {"TERM": "xterm", "NO_COLOR": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "tajkit.cli", "history", "export", "1", "--bgstats", "--db", str(db)],
                            stdin=slave, stdout=slave, stderr=slave, env=env)
    os.close(slave)
    shown = b""
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 120)
            chunk = os.read(master, 65536) if ready else b""
            if not chunk:
                break
            shown += chunk
    except OSError:  # the other end closed: tajkit has ended
        pass
    finally:
        os.close(master)
        proc.wait(timeout=120)
    assert proc.returncode == 0
    return shown.decode()


def test_export_bgstats_says_when_the_terminal_is_too_small_for_the_qr_code(db: Path):
    """Issue 43: the link comes first; a QR code taller (or wider) than the terminal could not be
    scanned, so it is not drawn and the message says the size it needs and that --png writes it
    as a picture; a terminal large enough shows the link, then the code."""
    saved_play(db, TAJMAHAL, "tajmahal")
    link = bgstats.link(bgstats.payload(history.play(db, 1)))
    _, columns, rows = bgstats.qr_text(link)
    small = export_at_a_terminal(db, 120, 40)
    assert small.replace("\r", "").replace("\n", "").startswith(link)
    assert "the QR code needs a terminal of" in small and "--png FILE" in small and "▀" not in small
    large = export_at_a_terminal(db, max(120, columns), rows + len(link) // 120 + 4)
    assert "▀" in large and large.index("▀") > large.index(link[-20:]) and "needs a terminal" not in large


def test_the_csv_export_quotes_and_defuses_what_it_writes(db: Path):
    rename = {"Asha": "=HYPERLINK(\"x\"),1", "Ben": "Ben, \"the quoted\" 🎲"}
    saved_play(db, rename=rename)
    out = run("history", "export", "--csv", "--db", str(db))
    assert out.exit_code == 0
    rows = list(csv.reader(io.StringIO(out.stdout, newline="")))
    assert rows[0] == list(bgstats.CSV_COLUMNS)
    assert [r[4] for r in rows[1:]] == ["'" + rename["Asha"], rename["Ben"]]
    assert [r[6:] for r in rows[1:]] == [["28", "1", "yes"], ["24", "2", "no"]]


# --- the command line --------------------------------------------------------------------------


def test_score_save_keeps_the_play_and_says_its_number(tmp_path: Path, db: Path):
    first = run("score", "artisans", str(ARTISANS), "--save", "--db", str(db), "--date", "2026-12-01 20:15")
    assert first.exit_code == 0 and first.stdout == run("score", "artisans", str(ARTISANS)).stdout
    assert first.stderr == f"saved as play 1 in {db} (tajkit history show 1)\n"
    again = run("score", "artisans", str(ARTISANS), "--save", "--db", str(db))
    assert "already in the play log as play 1 (played 2026-12-01 20:15): not saved again" in again.stderr
    record = run("score", "artisans", str(RECORD), "--save", "--db", str(db))
    assert record.exit_code == 0 and "saved as play 2" in record.stderr
    play = history.play(db, 2)
    assert play.kind == "record" and [(s.name, s.start) for s in play.seats] == [("Asha", None)]  # Artisans: nobody starts
    assert run("score", "artisans", str(ARTISANS), "--save").exit_code == 0  # TAJKIT_HISTORY (the fixture's)
    assert len(history.plays(tmp_path / "default-log.sqlite")) == 1


BAD = [
    (["history", "show", "7"], "play 7: no such play in"),
    (["history", "list", "--since", "2026-13-01"], "--since 2026-13-01: not a date"),
    (["history", "list", "--game", "artisan"], "did you mean artisans?"),
    (["history", "export", "1"], "export: choose --bgstats"),
    (["history", "export", "--bgstats"], "export --bgstats: name the play"),
    (["history", "export", "1", "--csv", "--png", "x.png"], "--png and --qr go with --bgstats"),
    (["history", "delete", "1"], "delete 1: asking needs a terminal: add --yes"),
    (["score", "artisans", str(ARTISANS), "--date", "2026-12-01"], "--date: goes with --save"),
    (["score", "artisans", str(ARTISANS), "--save", "--date", "last night"], "--date last night: not a date"),
]


@pytest.mark.parametrize(("args", "words"), BAD, ids=[" ".join(a[:3]) for a, _ in BAD])
def test_bad_input_is_one_error_line_and_exit_2(db: Path, args: list[str], words: str):
    saved_play(db)
    out = run(*args, "--db", str(db)) if words != "--date: goes with --save" else run(*args)
    assert out.exit_code == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: ") and words in out.stderr, out.stderr


def test_score_save_of_a_game_not_over_says_so(tmp_path: Path, db: Path):
    data = statefile.read_source(str(RECORD))
    short = tmp_path / "short.json"
    short.write_text(json.dumps({**data, "events": data["events"][:4]}), encoding="utf-8")
    out = run("score", "artisans", str(short), "--save", "--db", str(db))
    assert out.exit_code == 2 and out.stdout == "" and out.stderr.count("\n") == 1
    assert "the game is not over yet (after event 4, the table (a roll or a draw) to act): a play is saved when it ends" in out.stderr
    assert not db.exists()


def test_a_folder_as_the_log_is_refused(tmp_path: Path):
    out = run("history", "list", "--db", str(tmp_path))
    assert out.exit_code == 2 and out.stderr == f"error: {tmp_path}: a folder, not a play log: name a file " \
                                                f"(--db or {history.ENV})\n"


def test_delete_with_yes_and_the_rest_kept(db: Path):
    saved_play(db)
    saved_play(db, TAJMAHAL, "tajmahal")
    out = run("history", "delete", "1", "--yes", "--db", str(db))
    assert out.exit_code == 0 and out.stderr.startswith("deleted play 1 (artisans, 2026-12-01 20:15: 1. Asha 28")
    assert [p.id for p in history.plays(db)] == [2]
    with sqlite3.connect(db) as conn:  # its players and rows went with it
        assert conn.execute("SELECT count(*) FROM seat WHERE play = 1").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM score_row WHERE play = 1").fetchone() == (0,)
    conn.close()


def test_delete_asks_first_at_a_terminal(tmp_path: Path, db: Path):
    """Issue 26: deleting a play asks first; only y deletes it."""
    from terminal import terminals

    saved_play(db)
    with terminals(tmp_path) as start:
        term = start("history", "delete", "1", "--db", str(db))
        term.answer("Delete play 1 (artisans, 2026-12-01 20:15: 1. Asha 28  2. Ben 24)? [y/N]:", "n")
        term.finish()
        assert "kept play 1" in term.shown and len(history.plays(db)) == 1
        term = start("history", "delete", "1", "--db", str(db))
        term.answer("[y/N]:", "y")
        term.finish()
        assert "deleted play 1" in term.shown and history.plays(db) == []
