"""Interactive entry (``tajkit score GAME`` with no file), issue 23: at a real terminal the answers
are typed in a line editor, a correction starts from the field's current value, and what is shown
is what a player writes on paper.

The terminal tests run tajkit with a pseudo-terminal as standard input and standard error (where
the prompts go) and standard output to a file (where the scores go). Each waits for a question
before typing its answer; every wait is bounded and fails with what the terminal showed."""

from __future__ import annotations

import os
import re
import tomllib

import pytest
from typer.testing import CliRunner

from tajkit.cli import entry, prompts
from tajkit.cli import main as cli
from tajkit.solver import fields, games
from terminal import BACKSPACE, ENTER, LEFT, TAB, WAIT, Terminal, terminals  # noqa: F401

runner = CliRunner()

# the README's table.toml, as typed at the terminal: a name, then each field in the model's order
ASHA = ["Asha", "2 4", "3 4", "1 3 5", "6 4 3 1", "4 4 4 4", "2 3 5", "5 2 6", "2 2 _ 2", "5 4 2 1", "9", "2", "34"]
BEN = ["Ben", "1 5", "6 _", "2 4 6", "6 5 3 2", "3 3 3 _", "1 4 5", "4 1 3", "5 5 5 5", "6 4 _ _", "15", "3", "29"]
ARTISANS = ["Left orchard (2 boxes)", "Right orchard (2 boxes)", "Waterway (3 boxes)", "Left minaret (4 boxes)",
            "Left facade (4 boxes)", "Archway (3 boxes)", "Dome (3 boxes)", "Right facade (4 boxes)",
            "Right minaret (4 boxes)", "raindrops used (0-15)", "trees watered (0-4)", "age (0-150, optional)"]


def type_players(term: Terminal, questions: list[str], *players: list[str]) -> None:
    """Each player's name and answers, each typed once its question shows."""
    for n, answers in enumerate(players, 1):
        term.answer(f"Player {n} name", answers[0])
        for question, answer in zip(questions, answers[1:], strict=True):
            term.answer(question, answer)
    term.answer(f"Player {len(players) + 1} name", "")


def save_as(term: Terminal, name: str, asked: bool = False) -> None:
    """Enter at the review (once it is ``asked``), and save as ``name``."""
    if not asked:
        term.expect("Correct a field, or press Enter to finish")
    os.write(term.master, ENTER.encode())
    term.answer("Save this table as a state file?", "y")
    term.expect("File name: ")
    os.write(term.master, ("\x15" + name + ENTER).encode())  # Ctrl-U clears the name offered


@pytest.fixture
def spawn(tmp_path):
    with terminals(tmp_path) as start:
        yield start


def test_a_failed_test_leaves_no_process_and_no_terminal_open(tmp_path):
    """A test failing mid-entry: tajkit is ended and the terminal's file descriptor closed (it was
    left open: one descriptor leaked per failed test)."""
    with pytest.raises(AssertionError, match="mid-entry"), terminals(tmp_path) as start:
        term = start("score", "artisans")
        master = term.master
        term.expect("Player 1 name")
        raise AssertionError("a test failing mid-entry")
    assert term.proc.poll() is not None
    with pytest.raises(OSError):
        os.fstat(master)


@pytest.fixture
def artisans(spawn):
    term = spawn("score", "artisans")
    type_players(term, ARTISANS, ASHA, BEN)
    term.expect("Asha: 28 points (rank 1)")  # the review
    return term


def test_enter_keeps_the_value_a_correction_starts_from(artisans, tmp_path):
    """Issue 23: at "Correct a field?", "Asha dome" and only Enter keep her 5 2 6: it is on the
    line to edit (it was the empty [_ _ _], and Enter wiped it: 28 fell to 25)."""
    artisans.answer("Correct a field", "Asha dome")
    artisans.expect("Dome (3 boxes): 5 2 6")  # the value stands on the line
    os.write(artisans.master, ENTER.encode())
    artisans.expect("Asha: 28 points (rank 1, unchanged)")  # only the corrected player's effect
    save_as(artisans, "table.toml")
    stdout = artisans.finish()
    assert stdout.startswith("Asha: 28 points (rank 1)")
    saved = tomllib.loads((tmp_path / "table.toml").read_text())
    assert saved["players"][0]["dome"] == [5, 2, 6]
    assert "dome = [5, 2, 6]" in (tmp_path / "table.toml").read_text()


def test_a_correction_is_edited_in_place_with_the_arrows_and_backspace(artisans, tmp_path):
    """Left arrow, Backspace and a digit change Ben's dome 4 1 3 to 4 2 3 (the keys were taken as
    text: '25\\x1b[4': write a whole number); his raindrops 15 become 14 by Backspace."""
    artisans.answer("Correct a field", "Ben dome")
    artisans.expect("Dome (3 boxes): 4 1 3")
    os.write(artisans.master, (LEFT + LEFT + BACKSPACE + "2" + ENTER).encode())
    artisans.expect("Ben dome 4 2 3")
    artisans.answer("Correct a field", "Ben raindrops_used")
    artisans.expect("raindrops used (0-15): 15")
    os.write(artisans.master, (BACKSPACE + "4" + ENTER).encode())
    artisans.expect("Ben: 24 points (rank 2, unchanged)")
    save_as(artisans, "table.toml")
    artisans.finish()
    ben = tomllib.loads((tmp_path / "table.toml").read_text())["players"][1]
    assert (ben["dome"], ben["raindrops_used"]) == ([4, 2, 3], 14)
    assert "write a whole number" not in artisans.shown


def test_tab_completes_a_field_name_and_only_the_change_is_shown(artisans, tmp_path):
    """'Ben left_o' and Tab is 'Ben left_orchard'; emptying it shows Ben's new total and the
    changed row, not the whole score again."""
    artisans.expect("Correct a field")
    os.write(artisans.master, ("Ben left_o" + TAB).encode())
    artisans.expect("Ben left_orchard")
    os.write(artisans.master, ENTER.encode())
    artisans.expect("Left orchard (2 boxes): 1 5")
    start = artisans.seen
    os.write(artisans.master, ("\x15" + ENTER).encode())  # Ctrl-U empties the line: both boxes empty
    artisans.expect("Ben: 21 points (rank 2, was 24)")
    artisans.expect("Left orchard  _ _  0/3  incomplete")
    artisans.expect("Correct a field")
    effect = artisans.shown[start:artisans.seen]
    assert "Asha" not in effect and "Ranking" not in effect  # the rest of the score is not printed again
    save_as(artisans, "table.toml", asked=True)
    assert "Ben: 21 points (rank 2)" in artisans.finish()


def test_prompts_go_to_standard_error(artisans, tmp_path):
    """Prompts are on the terminal (standard error), never in standard output."""
    save_as(artisans, "table.toml")
    stdout = artisans.finish()
    assert "Player 1 name" in artisans.shown and "Player 1 name" not in stdout
    assert "Dome (3 boxes)" in artisans.shown and "Dome (3 boxes)" not in stdout
    assert "Correct a field" not in stdout and stdout.startswith("Asha: 28 points (rank 1)")


def test_tab_completes_a_choice(spawn):
    """TAJ's "+1" end: 'r' and Tab is 'right'."""
    term = spawn("score", "taj")
    rugs = ["pink green blue", "blue orange yellow", "green yellow pink", "orange pink green", "yellow blue orange", ""]
    for n, rug in enumerate(rugs, 1):
        term.answer(f"display {n} (", rug)
    term.answer("taj (at least 1)", "2")
    term.expect("plus one (left/right):")
    os.write(term.master, ("r" + TAB).encode())
    term.expect(re.compile(r"(?<!/)right"))  # the answer completed, not the choices drawn again: (left/right)
    os.write(term.master, ENTER.encode())
    term.answer("eyes up (yes/no each, optional)", "")
    term.answer("proposer (optional)", "")
    questions = ["goal (3 of green/orange/pink/blue/yellow)", "all nix used (yes/no)"]
    type_players(term, questions, ["Player A", "orange blue green", ""], ["Ben", "pink yellow orange", ""])
    term.answer("Correct a field, or press Enter to finish", "")
    term.answer("Save this table", "n")
    assert "plus_one           right" in term.shown
    assert "Colour values under the Taj" in term.finish()


def test_a_dash_typed_on_the_value_offered_clears_it_in_the_line_editor(spawn):
    """In the line editor a correction stands on the line, so '-' typed on it would be '34-' (or
    the line emptied with Ctrl-U, which no question says): typed on the untouched value it replaces
    it. TAJ's sixth rug ends the display there, and the eyes up (now one too many) are left out."""
    term = spawn("score", "taj")
    for n, rug in enumerate([*TAJ[:6], ""], 1):
        term.answer(f"display {n} (", rug)
    for question, answer in [("taj (at least 1)", "2"), ("plus one (left/right)", "right"),
                             ("eyes up (yes/no each, optional)", "y n n y n y"), ("proposer (optional)", "")]:
        term.answer(question, answer)
    type_players(term, ["goal (3 of", "all nix used (yes/no)"], ["Player A", "orange blue green", ""], ["Ben", "pink yellow orange", "y"])
    term.answer("Correct a field, or press Enter to finish", "display")
    term.expect("display (5-10): one per answer; Enter keeps a row, - ends the list")
    for n in range(1, 6):
        term.answer(f"display {n} (3 of green/orange/pink/blue/yellow): ", "")
    term.answer("display 6 (3 of green/orange/pink/blue/yellow): green blue pink", "-")
    term.expect("error: eyes_up has 6 values, needs one per rug (5)")
    term.answer("Correct a field (see the errors)", "eyes_up")
    term.answer("eyes up (yes/no each, optional, - for none): yes no no yes no yes", "-")
    term.expect("  eyes_up -")
    term.answer("Correct a field, or press Enter to finish", "")
    term.answer("Save this table", "n")
    stdout = term.finish()
    assert "Ben: 13 points (rank 1)" in stdout and "the game is not over" not in stdout
    assert "write one of" not in term.shown and "write y or n" not in term.shown


# --- what is said and shown (piped answers, the plain line reader) -----------------------------------


def typed(game: str, answers: list[str]):
    result = runner.invoke(cli.app, ["score", game], input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    return result


@pytest.fixture
def interactive(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli, "stdin_is_interactive", lambda: True)


TAJ = ["pink green blue", "blue orange yellow", "green yellow pink", "orange pink green", "yellow blue orange",
       "green blue pink", "", "2", "right", "y n n y n y", "", "Player A", "orange blue green", "", "Ben",
       "pink yellow orange", "y", ""]


@pytest.mark.parametrize("game", ["taj", "tajmahal", "karigar", "maharani"])
def test_the_opening_speaks_of_boxes_only_where_there_are_boxes(game):
    """Issue 23: "_ marks one empty box" was said for TAJ and Taj Mahal, which have no boxes."""
    info = games.get(game)
    model = info.state_model(info.load_spec())
    text = entry._opening(info, model, fields.player_model(model))
    assert "box" not in text and text.startswith(f"Type in the {info.title} table")
    assert ("ends a list of rows" in text) == (game != "tajmahal")  # Taj Mahal has no list of rows


def test_the_opening_for_artisans_says_how_to_mark_an_empty_box():
    info = games.get("artisans")
    model = info.state_model(info.load_spec())
    text = entry._opening(info, model, fields.player_model(model))
    assert "_ marks an empty box" in text and "rows" not in text


def test_taj_choice_prompts_list_their_choices(interactive):
    """TAJ's "+1" question names left/right before any wrong answer; a goal names the colours."""
    stderr = typed("taj", TAJ + ["", "n"]).stderr
    assert "plus one (left/right): " in stderr
    assert "goal (3 of green/orange/pink/blue/yellow): " in stderr
    assert "write one of" not in stderr


def test_the_taj_echo_is_what_a_player_writes(interactive):
    """The echo shows yes/no, never True/False, a rug a line, and no '_' for a boolean."""
    stderr = typed("taj", TAJ + ["", "n"]).stderr
    echo = stderr[stderr.index("Player 3 name"):stderr.index("Colour values")]
    values = [line.split(None, 1)[1] for line in echo.splitlines() if len(line.split(None, 1)) == 2]
    assert not any(re.search(r"\bTrue\b|\bFalse\b|(^| )_( |$)", v) for v in values), values
    assert "eyes_up            yes no no yes no yes" in echo
    assert "display            1. pink green blue\n                   2. blue orange yellow\n" in echo
    assert "                   6. green blue pink\n" in echo
    assert "  all_nix_used     no\n" in echo and "  all_nix_used     yes\n" in echo


def test_a_prompt_is_short_and_the_description_comes_once_and_on_a_question_mark(interactive):
    """The field's whole description is shown the first time it is asked and on '?', not with
    every question."""
    answers = ASHA[:1] + ["?"] + ASHA[1:] + BEN + ["", "", "n"]
    stderr = typed("artisans", answers).stderr
    description = "Dome (Dome Builder): 3 values (left, middle, right)"
    assert stderr.count(description) == 1
    assert stderr.count("Left orchard (Arborist): 2 values (left, right)") == 2  # once, and again on ?
    assert stderr.count("  Dome (3 boxes) [_ _ _]: ") == 2  # Asha's and Ben's
    assert "_ marks an empty box" in stderr


def test_a_piped_correction_offers_the_current_value_as_its_default(interactive, tmp_path):
    """The plain reader (no terminal) offers the current value as [5 2 6]; Enter keeps it."""
    answers = ASHA + BEN + ["", "Asha dome", "", "", "y", "table.toml"]
    result = typed("artisans", answers)
    assert "  Dome (3 boxes) [5 2 6]: " in result.stderr
    assert result.stdout.startswith("Asha: 28 points (rank 1)")
    assert "dome = [5, 2, 6]" in (tmp_path / "table.toml").read_text()


def test_a_correction_of_a_list_of_rows_starts_from_each_row(interactive):
    """TAJ's display corrected row by row: Enter keeps each rug; a changed rug under the Taj
    changes the colour values, shown again with the totals that moved."""
    rugs = ["", "", "green yellow orange", "", "", "", ""]  # the third rug changed; a blank 7th ends the list
    result = typed("taj", TAJ + ["display"] + rugs + ["", "n"])
    review = result.stderr[result.stderr.index("Correct a field"):]
    assert "  display 1 (3 of green/orange/pink/blue/yellow) [pink green blue]: " in review
    assert "  display 6 (3 of green/orange/pink/blue/yellow) [green blue pink]: " in review
    assert "  display 7 (3 of green/orange/pink/blue/yellow): " in review  # a rug may be added
    assert "          3. green yellow orange\n" in review
    assert "Colour values under the Taj" in review
    assert "  Player A: 10 points (rank 1, was 4)\n" in review and "  Ben: 4 points (rank 2, was 13)\n" in review


@pytest.mark.parametrize("game", [g.id for g in games.every() if g.scores])
def test_no_question_is_wider_than_80_columns(game, interactive, monkeypatch):
    """Issue 23: each question repeated the field's whole description and wrapped (at 120
    columns). Every question of every game's example, as asked, with its [default]."""
    from test_games import _answers, example

    info = games.get(game)
    questions: list[str] = []
    ask = prompts.Lines.ask

    def recorded(self, text, default="", *args, **kwargs):
        questions.append(f"{text}{f' [{default}]' if default else ''}: ")
        return ask(self, text, default, *args, **kwargs)

    monkeypatch.setattr(prompts.Lines, "ask", recorded)
    typed(info.id, _answers(info.state_model(info.load_spec()), example(info)) + ["", "n"])
    assert len(questions) > 5
    assert all(len(q) < 80 for q in questions), max(questions, key=len)


# --- correcting: which field, and clearing one --------------------------------------------------------


def test_a_player_whose_name_starts_with_another_players_can_be_corrected(interactive, tmp_path):
    """Players "Ben" and "Ben Smith": "Ben Smith dome" is Ben Smith's dome (the first name that
    matched won: 'Smith dome' is not a field), the entry Tab completion offers."""
    answers = ["Ben", *ASHA[1:], "Ben Smith", *BEN[1:], "", "Ben Smith dome", "4 2 3", "", "y", "table.toml"]
    result = typed("artisans", answers)
    assert "is not a field" not in result.stderr
    assert "  Dome (3 boxes) [4 1 3]: " in result.stderr and "  Ben Smith dome 4 2 3\n" in result.stderr
    ben, ben_smith = tomllib.loads((tmp_path / "table.toml").read_text())["players"]
    assert (ben["dome"], ben_smith["dome"]) == ([5, 2, 6], [4, 2, 3])


@pytest.mark.parametrize(("answer", "whose"), [("Ben dome", "Ben"), ("Ben dome dome", "Ben dome")])
def test_a_name_ending_in_a_field_still_leaves_the_shorter_players_field(answer, whose):
    """Players "Ben" and "Ben dome": the longer name is tried first, and when what follows it names
    no field, the shorter one (so neither player's dome is out of reach)."""
    info = games.get("artisans")
    model = info.state_model(info.load_spec())
    data = {"players": [{"name": "Ben"}, {"name": "Ben dome"}]}
    owner, _, field = entry._target(answer, data, model, fields.player_model(model))
    assert (owner["name"], field) == (whose, "dome")


def test_a_piped_correction_clears_an_optional_field_with_a_dash(interactive, tmp_path):
    """Enter keeps Asha's age 34 (offered as [34]), so '-' (said in the question) leaves it out;
    a blank was her 34 again: an optional field could never be cleared."""
    answers = ASHA + BEN + ["", "Asha age", "-", "", "y", "table.toml"]
    result = typed("artisans", answers)
    assert "  age (0-150, optional, - for none) [34]: " in result.stderr
    assert "  Asha age -\n" in result.stderr
    asha = tomllib.loads((tmp_path / "table.toml").read_text())["players"][0]
    assert "age" not in asha and asha["dome"] == [5, 2, 6]


def test_a_piped_correction_shortens_a_list_of_rows_with_a_dash(interactive):
    """TAJ's display corrected: Enter keeps rugs 1-5, '-' on the sixth ends the list there (a blank
    gave rug 6 back, so a list could never be shortened); the question says so."""
    rows = ["display", "", "", "", "", "", "-", "eyes_up", "y n n y n"]
    result = typed("taj", TAJ + rows + ["", "n"])
    review = result.stderr[result.stderr.index("Correct a field"):]
    assert "display (5-10): one per answer; Enter keeps a row, - ends the list\n" in review
    assert "  display: the last 1 row of the earlier entry left out, as asked\n" in review
    assert "          5. yellow blue orange\n  error: eyes_up has 6 values, needs one per rug (5)\n" in review
    assert "  eyes_up yes no no yes no\n" in review and "error" not in review.split("eyes_up yes no no yes no")[1]
    assert "the game is not over" not in result.stdout  # 5 rugs: the game's end (rulebook: Game End)
    assert "the game is not over: 6 rugs remain" in typed("taj", TAJ + ["", "n"]).stdout


@pytest.mark.parametrize("game", [g.id for g in games.every() if g.scores])
def test_the_rows_a_correction_changed_are_laid_out_as_the_score_lays_them_out(game):
    """present.row_lines, the score's own row layout (entry repeated it, through present's private
    points): each row's label, entry, points and why as the whole score shows them, in columns."""
    from test_games import example

    from tajkit.cli import present

    info = games.get(game)
    spec = info.load_spec()
    result = info.score(spec, info.read_state(spec, example(info)))
    score = present.score(result).splitlines()
    for p in result.players:
        lines = present.row_lines(result, p.rows, indent="    ")
        start = score.index(f"{p.name}: {entry.plural(p.total, *result.unit)} (rank {p.rank})") + 1
        assert [line.split() for line in lines] == [line.split() for line in score[start:start + len(p.rows)]]
        assert all(line.startswith("    ") and not line[4].isspace() for line in lines)
        ends = {len(line) - (len(f"  {r.reason}") if r.reason else 0) for line, r in zip(lines, p.rows)}
        assert len(ends) == 1, lines  # the points column lines up


def test_a_players_cross_field_problem_is_not_another_players_whose_name_it_starts_with(monkeypatch):
    """Review: the last player's problems were found by the name at the start of the sentence, so
    Ab's (trees watered beyond raindrops used) were asked again of A."""
    from tajkit.cli import entry
    from tajkit.solver import games

    info = games.get("artisans")
    spec = info.load_spec()
    empty = {f.id: [0] * f.size for f in spec.features}
    data = {"game": "artisans", "players": [
        {"name": "Ab", **empty, "raindrops_used": 1, "trees_watered": 2},
        {"name": "A", **empty, "raindrops_used": 1, "trees_watered": 0},
    ]}
    asked = []
    monkeypatch.setattr(entry, "ask_field", lambda model, name, context, **kw: asked.append(name) or context[name])
    entry._fix_cross_field_problems(info, spec, data, fields.player_model(info.state_model(spec)))
    assert asked == []
    data["players"][-1]["trees_watered"] = 2  # now A's own problem: A's fields are asked again
    entry._fix_cross_field_problems(info, spec, data, fields.player_model(info.state_model(spec)))
    assert asked and set(asked) <= {"raindrops_used", "trees_watered", *(f.id for f in spec.features)}
