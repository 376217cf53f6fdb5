"""The benchmark scripts the README quotes run from a checkout (their figures are not asserted:
they are measurements, not tests)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # each runs a script in its own process, some for a minute

SCRIPTS = Path(__file__).resolve().parent.parent.parent / "scripts"


def run_script(name: str, *args: str, cwd: Path | None = None) -> list[str]:
    result = subprocess.run(
        [sys.executable, str(SCRIPTS / name), *args], capture_output=True, text=True, timeout=600, cwd=cwd
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_bench_artisans_hint_times_raced_and_exact_positions_and_whole_processes():
    lines = run_script("bench_artisans_hint.py", "--games", "1", "--processes", "1")
    assert lines[0].startswith("positions: ") and "from 1 games (seed 1)" in lines[0]
    kinds = [line.split(",")[1].split("(")[0].strip() for line in lines if line.startswith("hint solver time")]
    assert kinds == ["all", "exact", "raced"]
    assert [line.split(",")[1].strip().split()[0] for line in lines if line.startswith("whole")] == ["raced", "exact"]


def test_bench_artisans_hint_times_whole_processes_for_each_kind_of_position():
    """What a player waits for, per kind of position (issue 23: the README's midgame hint took
    2-3 s as a whole process where the README promised under 0.9 s)."""
    lines = run_script("bench_artisans_hint.py", "--games", "1", "--whole", "1")
    whole = [line for line in lines if line.startswith("whole `tajkit hint` process, ")]
    assert [line.split(", ", 1)[1].split(" (")[0] for line in whole] == ["exact", "raced, exact endings", "raced, early"]
    assert all("(1 positions): median " in line and "95th percentile" in line for line in whole)


def test_bench_artisans_hint_times_positions_of_one_size_cold():
    lines = run_script("bench_artisans_hint.py", "--games", "2", "--boxes", "14", "--cold")
    assert lines[0].startswith("positions with 14 empty boxes: 2 from 2 games (seed 1)")
    assert "memo forgotten before each" in lines[0]
    assert [line.split(",")[1].split("(")[0].strip() for line in lines[1:]] == ["all", "raced"]


def test_compare_artisans_hints_plays_games_and_pairs_two_runs(tmp_path):
    out = tmp_path / "hint.jsonl"
    assert run_script("compare_artisans_hints.py", "play", "--games", "2", "--processes", "1", "--out", str(out)) == [
        f"{out}: 2 games"
    ]
    lines = run_script("compare_artisans_hints.py", "pair", str(out), str(out))
    assert lines[0].startswith("2 games paired (seed 1)")
    assert lines[1].startswith("difference +0.00, 95% interval [+0.00, +0.00]; better in 0, worse in 0, equal in 2")


def test_fit_artisans_values_writes_a_value_table_the_hint_can_read(tmp_path):
    import json

    from tajkit.solver.artisans.search.engine import engine_for
    from tajkit.solver.artisans.spec import load_spec
    from tajkit.solver.artisans.search.values import ValueTable, structure_key

    out = tmp_path / "values.json"
    assert run_script("fit_artisans_values.py", "--rounds", "1", "--games", "200", "--workers", "1", "-o", str(out)) == [
        str(out)
    ]
    table = json.loads(out.read_text(encoding="utf-8"))
    assert table["structure"] == structure_key(engine_for(load_spec()))
    assert any(ValueTable.from_json(table).chance)


def test_bench_tajmahal_times_hints_and_whole_processes():
    lines = run_script("bench_tajmahal.py", "--positions", "5", "--processes", "1")
    assert lines[0].startswith("first hint in this process")
    assert any(line.startswith("hint on 5 random rounds") for line in lines)
    assert lines[-1].startswith("whole `tajkit score tajmahal` process on the 12-round record")


def test_bench_karigar_plans_full_bazaars():
    lines = run_script("bench_karigar.py", "--count", "3")
    assert lines[0] == "Karigar-e-Taj build planner: 3 full Bazaars, horizon 4, seed 1"
    assert lines[-1].startswith("  proven (shortest, or no build and the most progress): ")


def test_bench_maharani_finds_enumeration_and_cp_sat_agree():
    lines = run_script("bench_maharani.py", "--positions", "3")
    assert lines[0].startswith("Maharani hint, 3 mid-game positions")
    assert lines[-1] == "the two agree on the best value in every position"


def test_artisans_hint_loss_scores_the_hints_first_move_against_the_exact_values():
    lines = run_script("artisans_hint_loss.py", "--boxes", "6", "--positions", "3", "--handover", "3", "--endings", "0")
    assert lines[0] == "3 positions with 6 empty boxes (careful games, seed 7), every move valued exactly"
    assert lines[1].startswith("hint (futures hand over at 3 boxes, 80 per candidate in the first round): gives away ")
    assert lines[1].endswith(" of 3; 0 solved exactly (at most 0 endings)")
    assert lines[2].startswith("hint solver time: median ")


def test_bench_play_plays_a_seeded_game_through_a_session_and_through_do():
    lines = run_script("bench_play.py", "--games", "maharani", "--processes", "2")
    assert lines[0].startswith("maharani: ") and "events (seed 1)" in lines[0]
    assert lines[1].startswith("  start (a new record, a whole process): ")
    assert lines[2].startswith("  accept an event in a session: median ")
    assert lines[3].startswith("  --do, a whole process replaying the record (")


def test_bench_play_terminal_times_a_start_and_a_quit_at_a_terminal():
    """Issue 43: what a table waits for at a terminal: the situation said, the prompt, quit."""
    lines = run_script("bench_play_terminal.py", "--runs", "2")
    assert lines[0].startswith("tajkit play artisans at a 120 × 40 terminal, 2 runs each, in turn (")
    shown = [line.split(":", 1)[0].strip() for line in lines[1:] if "median" in line]
    assert shown == ["shown, to the next", "start, to the prompt", "quit, Enter to the shell", "--json, a whole process"]


def test_bench_serve_follows_one_game_from_eight_phones_while_one_asks_a_hint():
    lines = run_script("bench_serve.py", "--seconds", "6", "--hints", "1")
    assert lines[1].startswith("8 phones following a 3-player Artisans game for 6 s: ") and lines[1].endswith(" 0 errors")
    assert any(line.startswith("  hint (1): median ") for line in lines)
    assert any(line.startswith("  every non-hint response (") for line in lines)


def test_bench_read_measures_held_out_writers_photos():
    """Issue 45's benchmark from a checkout: a quick look at two held-out hands, a group's learning too."""
    pytest.importorskip("cv2", reason="tajkit read needs OpenCV: pip install '.[test]'")
    lines = run_script("bench_read.py", "--photos", "2", "--kinds", "strokes", "--writers", "2", "--adapt")
    assert lines[0].startswith("columns: pages found;")
    assert lines[2].startswith("all held-out writers") and " 4/4 " in lines[2]
    assert any(line.startswith("time to read a photo, one core (process time): median ") for line in lines)
    assert lines[-1] == "refused: 0 of 4"
