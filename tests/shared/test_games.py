"""Every registered game has every piece of the interface it claims (issue 8): its spec, pads from
its scorer's categories, its reference cards, and, where it scores, a schema, a state reader, a
scorer whose rows are its categories, interactive entry driven by its state model, and hint /
simulate commands whose options are exactly its own. A half-registered game fails here."""

from __future__ import annotations

import dataclasses
import inspect
import json
import subprocess
import sys
import tomllib
import typing
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tajkit.cli import main as cli
from tajkit.sheets import documents
from tajkit.solver import fields, games
from tajkit.solver.game import Game, Pieces, ScoreResult
from tajkit.solver.protocol import TablePlay

DATA = Path(__file__).parent.parent / "data"
runner = CliRunner()
IDS = list(games.GAMES)


def example(info: Game) -> dict[str, Any]:
    return tomllib.loads((DATA / f"{info.id}-example.toml").read_text(encoding="utf-8"))


@pytest.fixture(params=IDS)
def info(request) -> Game:  # noqa: ANN001
    return games.get(request.param)


def test_the_registry_names_each_package_once():
    assert len(set(games.GAMES.values())) == len(games.GAMES)
    for game_id in IDS:
        assert games.get(game_id).id == game_id


# --- what a game declares: its pieces and what it offers ------------------------------------------

MODULE_PIECES = ("spec", "rules", "protocol", "notation", "files", "scoring", "play", "hint", "simulate")


def test_every_declared_piece_imports_and_holds_what_the_base_class_calls(info):
    """Each module a game's ``pieces`` names imports and holds the functions the base class calls
    in it by their conventional names (``Pieces.CALLS``), and every function ``forms`` names."""
    modules = info.pieces.modules()
    assert {"spec", "rules"} <= set(modules)
    for piece in modules:
        module = info.piece(piece)
        assert module.__name__ == f"{type(info).__module__}.{modules[piece]}"
        for function in Pieces.CALLS.get(piece, ()):
            assert callable(getattr(module, function, None)), f"{module.__name__} has no {function}"
    for command, function in info.pieces.forms:
        assert command in ("score", "hint") and callable(getattr(info.piece("files"), function, None)), function


def test_no_piece_of_the_package_goes_undeclared(info):
    """A module with a piece's conventional name (``simulate.py``) is declared, and a piece that
    is declared is there: the declaration is the whole of what the package holds."""
    package = Path(sys.modules[type(info).__module__].__file__).parent
    for piece in MODULE_PIECES:
        declared = getattr(info.pieces, piece)
        if declared is None:
            assert not (package / f"{piece}.py").exists(), f"{info.id}: {piece}.py is there but not declared"
        else:
            assert (package / f"{declared.replace('.', '/')}.py").exists() or (package / declared).is_dir()
    assert (info.pieces.hint is None) == (info.hint is None), "the hint command has its module"
    assert (info.pieces.simulate is None) == (info.simulate is None), "the simulate command has its module"


def test_what_a_game_offers_is_what_it_declares(info):
    """``scores``, ``plays``, ``draws`` and ``supports()`` read the declaration, and the play
    has each optional feature the game declares, and none it does not."""
    pieces = info.pieces
    assert info.scores == (pieces.scoring is not None and pieces.files is not None)
    assert info.plays == (pieces.play is not None)
    assert info.draws == (info.drawing is not None and info.pictures)
    offers = info.supports()
    for name, on in (("score", info.scores), ("hint", info.hint is not None),
                     ("simulate", info.simulate is not None), ("play", info.plays), ("show", info.draws)):
        assert (name in offers) == on, (info.id, name)
    spec = info.load_spec()
    assert (info.state_model(spec) is not None) == info.scores
    assert bool(info.file_forms(spec)) == bool(pieces.forms)
    assert (info.pad_table(spec) is not None) == (pieces.pad_table is not None)
    assert bool(info.card_parts(spec)) == (pieces.card_parts is not None)
    if not info.plays:
        assert not (info.boards or info.hint_positions)
        return
    play = type(info.play(spec))
    assert info.hint_positions == (play.position_state is not TablePlay.position_state)
    assert info.boards == (play.taps is not TablePlay.taps)
    assert not info.hint_positions or info.hint is not None


def test_pieces_defaults_are_the_conventional_names():
    defaults = {f.name: f.default for f in dataclasses.fields(Pieces)}
    assert all(defaults[piece] == piece for piece in MODULE_PIECES if piece != "simulate")


def test_the_registry_and_every_facade_import_nothing_heavy():
    """The facades are read for ``tajkit --help`` and ``tajkit games``: their pieces are imported
    when used, so the registry and all five interfaces load no pydantic, OR-Tools, reportlab or numpy."""
    code = ("import sys\nfrom tajkit.solver import games\n"
            "[(g.id, g.pieces, g.scores, g.plays, g.supports()) for g in games.every()]\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'pydantic', 'ortools', 'reportlab', 'numpy'}))\n"
            "print(sorted(m for m in sys.modules if m.startswith('tajkit.solver.') and m.count('.') > 2))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.splitlines()
    assert out == ["[]", "[]"], out


def test_identity_spec_and_players(info):
    assert info.title and info.kind and info.rulebook.endswith(".txt")
    spec = info.load_spec()
    low, high = info.player_counts(spec)
    assert 1 <= low <= high <= 8


def test_categories_make_the_score_pad(info):
    spec = info.load_spec()
    categories = info.categories(spec)
    ids = [c.id for c in categories]
    assert len(set(ids)) == len(ids), "category ids are unique"
    assert any(c.kind == "total" for c in categories)
    assert all(c.kind in ("score", "total", "tiebreak", "shared", "rounds") for c in categories)
    (pad,) = documents.pads(info, spec, players=info.player_counts(spec)[1])  # the design for the most players
    assert [(r.id, r.label, r.kind) for r in pad.rows] == [(c.id, c.label, c.kind) for c in categories]
    assert pad.players == info.player_counts(spec)[1]
    assert {"scorepad", "reference"} <= set(info.prints)


def test_every_player_count_has_one_pad_design(info):
    """``tajkit print GAME --players N`` picks the design from ``pad_layouts``: one for every
    player count the rules allow, and together they are all the designs, in order."""
    spec = info.load_spec()
    fewest, most = info.player_counts(spec)
    chosen = [documents.pads(info, spec, players=n) for n in range(fewest, most + 1)]
    assert all(len(one) == 1 and one[0].fewest <= n <= one[0].players for n, one in zip(range(fewest, most + 1), chosen))
    assert tuple(dict.fromkeys(one[0] for one in chosen)) == documents.pads(info, spec)


def test_reference_cards_in_every_language(info):
    spec = info.load_spec()
    for lang in info.languages:
        card = documents.card(info, spec, lang)
        assert card.sections and all(s.items or s.table for s in card.sections)


def test_a_game_that_scores_has_the_whole_scoring_interface(info):
    if not info.scores:
        pytest.skip(f"{info.id} does not score yet")
    spec = info.load_spec()
    json.dumps(info.schema(spec))
    state = info.read_state(spec, example(info))
    result = info.score(spec, state)
    assert isinstance(result, ScoreResult) and result.game == info.id
    ids = {c.id for c in result.categories}
    assert ids == {c.id for c in info.categories(spec)}, "the result carries the pad's categories"
    assert all(r.category in ids for p in result.players for r in p.rows), "every row is a pad category"
    assert sorted(p.rank for p in result.players) == [p.rank for p in result.players]
    json.dumps(result.as_json())
    again = info.score(spec, info.read_state(spec, info.to_data(spec, state)))
    assert again.as_json() == result.as_json(), "to_data round-trips"


def test_every_scoring_game_has_an_example_and_scores_it_through_the_cli(info):
    if not info.scores:
        pytest.skip(f"{info.id} does not score yet")
    path = DATA / f"{info.id}-example.toml"
    result = runner.invoke(cli.app, ["score", info.id, str(path), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert {"name", "total", "rank"} <= set(out["players"][0])


# --- interactive entry, driven by the state model -----------------------------------------------


def _plain(annotation: Any) -> Any:
    return fields.plain(annotation)[0]


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "y" if value else "n"
    return "" if value is None else str(value)


def _answers(model: Any, data: dict[str, Any]) -> list[str]:
    """What a person types to enter ``data``, field by field in the model's order (as entry asks)."""
    out: list[str] = []
    for name, field in model.model_fields.items():
        if name == "game":
            continue
        kind = _plain(field.annotation)
        value = data.get(name)
        if typing.get_origin(kind) is list:
            item = _plain(typing.get_args(kind)[0])
            if name == "players" and fields.is_model(item):
                for player in value or []:
                    out.append(player["name"])
                    out += _answers_of_rest(item, player)
                out.append("")
            elif fields.is_model(item):
                for row in value or []:
                    out.append(_scalar(row[next(iter(item.model_fields))]))
                    out += _answers_of_rest(item, row)
                out.append("")
            elif typing.get_origin(item) is list:
                out += [" ".join(_scalar(v) for v in row) for row in value or []] + [""]
            elif (field.json_schema_extra or {}).get("entry") == "lines":
                out += [_scalar(v) for v in value or []] + [""]
            else:
                out.append(" ".join(_scalar(v) for v in value) if value is not None else "")
        elif typing.get_origin(kind) is dict:
            out.append(" ".join(f"{k}={_scalar(v)}" for k, v in (value or {}).items()))
        else:
            out.append(_scalar(value))
    return out


def _answers_of_rest(model: Any, row: dict[str, Any]) -> list[str]:
    fields = list(model.model_fields)[1:]
    sub = {f: row.get(f) for f in fields}
    trimmed = type("Trimmed", (), {"model_fields": {f: model.model_fields[f] for f in fields}})
    return _answers(trimmed, sub)


def test_interactive_entry_of_the_example_scores_like_the_file(info, monkeypatch, tmp_path):
    """Issue 8: interactive entry for every game that scores, from its schema, not per game."""
    if not info.scores:
        pytest.skip(f"{info.id} does not score yet")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli, "stdin_is_interactive", lambda: True)
    spec = info.load_spec()
    data = example(info)
    answers = _answers(info.state_model(spec), data) + ["", "n"]  # no correction, do not save
    typed = runner.invoke(cli.app, ["score", info.id, "--json"], input="\n".join(answers) + "\n")
    assert typed.exit_code == 0, typed.output[-2000:]
    from_file = runner.invoke(cli.app, ["score", info.id, str(DATA / f"{info.id}-example.toml"), "--json"])
    typed_json = json.loads(typed.stdout[typed.stdout.index("{"):])
    assert typed_json == json.loads(from_file.stdout)


# --- each game's own commands ----------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["hint", "simulate"])
def test_game_commands_show_exactly_their_own_options(info, kind):
    cmd = getattr(info, kind)
    if cmd is None:
        pytest.skip(f"{info.id} has no {kind}")
    params = inspect.signature(cmd.run).parameters
    names = [o.name for o in cmd.options]
    assert len(set(names)) == len(names) and all(o.flag.startswith("--") for o in cmd.options)
    assert set(names) <= set(params), "the run function takes every option"
    help_text = runner.invoke(cli.app, [kind, info.id, "--help"]).stdout
    for o in cmd.options:
        assert o.flag in help_text
    others = {o.flag for g in IDS if g != info.id and getattr(games.get(g), kind) for o in getattr(games.get(g), kind).options}
    mine = {o.flag for o in cmd.options}
    for flag in others - mine:
        assert f"{flag} " not in help_text and not help_text.rstrip().endswith(flag), f"{flag} is another game's option"


def test_games_lists_what_each_game_offers():
    result = runner.invoke(cli.app, ["games"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == IDS
    for line, game_id in zip(lines, IDS):
        info = games.get(game_id)
        offers = line.split(": ", 1)[1].split(", ")
        assert ("score" in offers) == info.scores and ("hint" in offers) == (info.hint is not None)


def test_every_hint_answers_its_example_position(info):
    """Each game with a hint ships tests/data/<game>-position.toml, a live position it answers."""
    if info.hint is None:
        pytest.skip(f"{info.id} has no hint")
    args = ["--roll", "4", "6"] if info.id == "artisans" else []
    result = runner.invoke(cli.app, ["hint", info.id, str(DATA / f"{info.id}-position.toml"), *args, "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    # the player to move in each example position, and where each game's JSON puts its advice
    to_move = {"artisans": "Asha", "taj": "Ben", "tajmahal": "Asha", "karigar": "Asha", "maharani": "Csilla"}
    advice = {"artisans": "moves", "taj": "moves", "tajmahal": "moves", "karigar": "plan", "maharani": "turns"}
    assert out["game"] == info.id and out["player"] == to_move[info.id]
    assert out[advice[info.id]], f"{info.id}: the hint gave no advice"


def test_a_game_whose_hint_reads_another_file_tells_the_two_apart(info):
    spec = info.load_spec()
    forms = info.file_forms(spec)
    if not forms:
        pytest.skip(f"{info.id}: one file form serves score and hint")
    assert set(forms) == {"score", "hint"}
    assert len(info.schema(spec)["anyOf"]) == 2, "the published schema describes both forms"
    assert info.form_of(spec, example(info)) == "score"
    position = tomllib.loads((DATA / f"{info.id}-position.toml").read_text(encoding="utf-8"))
    assert info.form_of(spec, position) == "hint"
    assert info.form_of(spec, {"game": info.id}) is None


def test_every_command_option_reads_alike_in_help(info):
    """Option help is a sentence (capital first, full stop last); a choice option may open with its choice
    words ("gold: ...")."""
    for cmd in (info.hint, info.simulate):
        for o in cmd.options if cmd else ():
            opens_with_choice = any(o.help.startswith(f"{c}:") for c in o.choices)
            assert o.help.endswith("."), (info.id, o.flag)
            assert o.help[0].isupper() or opens_with_choice, (info.id, o.flag)


def test_every_hint_json_names_its_game_and_carries_notes(info, tmp_path):
    if info.hint is None:
        pytest.skip(f"{info.id} has no hint")
    required = {"artisans": ["--roll", "4", "6"]}  # options a hint cannot do without
    position = DATA / f"{info.id}-position.toml"
    result = runner.invoke(cli.app, ["hint", info.id, str(position), *required.get(info.id, []), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["game"] == info.id and isinstance(out["notes"], list)


def test_game_data_names_no_tajkit_version_newer_than_this_one():
    """A comment citing "tajkit 0.2" in a 0.1.0 release tells the reader of a version that never shipped."""
    import re
    from importlib import metadata

    version = tuple(int(n) for n in metadata.version("tajkit").split(".")[:2])
    seeds = Path(__file__).parent.parent.parent / "seeds"
    cited = {(path.name, m.group(0)) for path in seeds.glob("*.toml")
             for m in re.finditer(r"tajkit (\d+)\.(\d+)", path.read_text(encoding="utf-8"))
             if (int(m.group(1)), int(m.group(2))) > version}
    assert cited == set()
