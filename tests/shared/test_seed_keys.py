"""The seed files' keys (issue 24): every value's provenance is ``<key>_source`` beside its key, player
counts are ``[players] fewest`` / ``most``, and the keys' old names still work in a --data file."""

from __future__ import annotations

import dataclasses
import tomllib
import typing
from importlib import resources
from typing import Any

import pytest
from pydantic import BaseModel

from tajkit.solver.errors import BadData
from tajkit.solver.games import GAMES, get


def seed_models() -> dict[str, Any]:
    from tajkit.solver.artisans.spec import _seed_model as artisans
    from tajkit.solver.karigar.spec import KarigarData
    from tajkit.solver.maharani.spec import _models
    from tajkit.solver.taj.spec import _seed_model as taj
    from tajkit.solver.tajmahal.spec import TajMahalData

    return {"artisans": artisans(), "karigar": KarigarData, "maharani": _models()["Seed"], "taj": taj(),
            "tajmahal": TajMahalData}


def shipped(game: str) -> dict[str, Any]:
    return tomllib.loads(resources.files("tajkit.seeds").joinpath(f"{game}.toml").read_text(encoding="utf-8"))


def inner_models(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in inner_models(arg)]


def all_models(model: type[BaseModel]) -> list[type[BaseModel]]:
    found = [model]
    for info in model.model_fields.values():
        for inner in inner_models(info.annotation):
            found += [m for m in all_models(inner) if m not in found]
    return found


def old_names(model: type[BaseModel]) -> set[str]:
    return {old for info in model.model_fields.values() for old in getattr(info.validation_alias, "choices", ())[1:]}


def old_keys_in(model: type[BaseModel], data: Any, path: str = "") -> list[str]:
    """The keys of ``data`` that are a field's old name, where ``model`` reads them."""
    if isinstance(data, list):
        return [k for entry in data for k in old_keys_in(model, entry, path)]
    if not isinstance(data, dict):
        return []
    found = [f"{path}{key}" for key in data if key in old_names(model)]
    for key, value in data.items():
        info = model.model_fields.get(key)
        for inner in inner_models(info.annotation) if info else []:
            found += old_keys_in(inner, value, f"{path}{key}.")
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_tajkits_seeds_use_only_the_new_names(game):
    """The Strict models let an old name win over the new one because tajkit's own seeds never use
    an old name (a --data file's old name is the user's): hold the seeds to it."""
    assert old_keys_in(seed_models()[game], shipped(game)) == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_provenance_sits_beside_the_key_it_describes(game):
    for model in all_models(seed_models()[game]):
        fields = model.model_fields
        assert "source" not in fields, f"{model.__name__}: a table-level source (name the key it describes)"
        for name in fields:
            if name.endswith("_source"):
                assert name.removesuffix("_source") in fields, f"{model.__name__}.{name} describes no key beside it"
        for word in ("min", "max", "min_players", "max_players"):
            kept = f"{model.__name__}.{word}" in KEPT_OLD_KEYS
            assert word not in fields or kept, f"{model.__name__}.{word}: say fewest / most"


KEPT_OLD_KEYS = {"ScorePad.max_players"}  # Maharani's pad: players.most now; an old file's must agree


def same(a: Any, b: Any) -> bool:
    """Two specs hold the same values (Maharani's compares by identity, so field by field)."""
    return all(getattr(a, f.name) == getattr(b, f.name) for f in dataclasses.fields(a))


# Each override written with the old keys, and the same one with the new keys.
OLD_AND_NEW = {
    "artisans": (
        '[trees]\ncount = 5\nsource = "rulebook"\n[dice]\nsource = "tajkit default"\n'
        '[[features]]\nid = "dome"\nsource = "tajkit default"\nstars_source = "rulebook"\n',
        '[trees]\ncount = 5\ncount_source = "rulebook"\n[dice]\ncount_source = "tajkit default"\n'
        'faces_source = "tajkit default"\n'
        '[[features]]\nid = "dome"\nboxes_source = "tajkit default"\ncondition_source = "tajkit default"\n'
        'stars_source = "rulebook"\n',
    ),
    "taj": (
        '[players]\nmin = 3\nmin_source = "rulebook"\nmax = 3\nsource = "inferred"\n[colours]\nsource = "inferred"\n',
        '[players]\nfewest = 3\nfewest_source = "rulebook"\nmost = 3\nmost_source = "inferred"\n'
        '[colours]\nnames_source = "inferred"\n',
    ),
    "tajmahal": (
        '[players]\nmin = 3\nsource_min = "rulebook"\nmax = 3\nsource_max = "inferred"\nsource_deck = "inferred"\n'
        '[provinces]\nsource = "rulebook"\n[cards]\nsource_per_turn = "inferred"\nsource_max_symbols = "inferred"\n'
        '[[categories]]\nid = "princess"\nmin_symbols = 1\nsource_min_symbols = "tajkit default"\n'
        '[points]\nsource = "rulebook"\nsource_chain_timing = "rulebook"\n[map]\nsource = "rulebook"\n'
        '[hint]\nsource_card_cost = "inferred"\n',
        '[players]\nfewest = 3\nfewest_source = "rulebook"\nmost = 3\nmost_source = "inferred"\ndeck_source = "inferred"\n'
        '[provinces]\ncount_source = "rulebook"\n[cards]\nper_turn_source = "inferred"\nmax_symbols_source = "inferred"\n'
        '[[categories]]\nid = "princess"\nmin_symbols = 1\nmin_symbols_source = "tajkit default"\n'
        '[points]\n' + "".join(f'{k}_source = "rulebook"\n' for k in (
            "palace", "bonus_tile", "bonus_tile_when", "princess_card", "connection_marker", "province_rewards", "chain"))
        + 'chain_when_source = "rulebook"\n[map]\nborders_source = "rulebook"\n[hint]\ncard_cost_source = "inferred"\n',
    ),
    "karigar": (
        '[taj.layout]\nlevels = [[1, 4, 7], [2, 5, 8], [3, 6, 9], [10, 11, 12]]\nsource = "rulebook"\n'
        '[players]\nmost = 3\nsource = "inferred"\n[[assumptions]]\nid = "pass"\nsource = "inferred"\n',
        '[taj.layout]\nlevels = [[1, 4, 7], [2, 5, 8], [3, 6, 9], [10, 11, 12]]\nlevels_source = "rulebook"\n'
        '[players]\nmost = 3\nmost_source = "inferred"\nmost_ai_source = "inferred"\n'
        '[[assumptions]]\nid = "pass"\ntext_source = "inferred"\n',
    ),
    "maharani": (
        '[players]\nmin = 3\nmax = 3\nsource = "rulebook"\n[rondel]\nsource = "rulebook"\n'
        '[quarter_scoring]\nsource = ["rulebook", "rulebook", "rulebook", "rulebook", "inferred", "rulebook", "inferred"]\n',
        '[players]\nfewest = 3\nfewest_source = "rulebook"\nmost = 3\nmost_source = "rulebook"\n'
        '[rondel]\nfacing_source = "rulebook"\ncoins_source = "rulebook"\n'
        '[quarter_scoring]\ngold_source = ["rulebook", "rulebook", "rulebook", "rulebook", "inferred", "rulebook", "inferred"]\n',
    ),
}


@pytest.mark.parametrize("game", sorted(OLD_AND_NEW))
def test_an_override_with_the_old_keys_loads_and_means_the_same(game, tmp_path):
    """A group's --data file from before the rename keeps working: its old keys win over tajkit's
    values under the new names, exactly as the new keys would."""
    old, new = tmp_path / "old", tmp_path / "new"
    for folder, text in zip((old, new), OLD_AND_NEW[game]):
        folder.mkdir()
        (folder / f"{game}.toml").write_text(text)
    info = get(game)
    from_old, from_new = info.load_spec(old), info.load_spec(new)
    assert same(from_old, from_new)
    assert not same(from_old, info.load_spec())  # the override did change something
    model = seed_models()[game]
    from tajkit.solver import seeddata

    assert seeddata.typed(game, model, old) == seeddata.typed(game, model, new)  # every source, not only the spec's


def test_an_old_key_is_read_where_the_spec_shows_it(tmp_path):
    (tmp_path / "artisans.toml").write_text('[trees]\nsource = "rulebook"\n')
    assert get("artisans").load_spec(tmp_path).trees_official
    (tmp_path / "tajmahal.toml").write_text('[players]\nmin = 3\n')
    assert get("tajmahal").player_counts(get("tajmahal").load_spec(tmp_path)) == (3, 4)


def test_maharanis_pad_prints_one_column_per_player(tmp_path):
    """The score pad's old max_players is players.most, not a second value: a file that sets it
    differently is told so, naming the new key."""
    (tmp_path / "maharani.toml").write_text("[scorepad]\nmax_players = 3\n")
    with pytest.raises(BadData, match=r"scorepad.max_players: 3, but players.most is 4 \(the pad prints one column"):
        get("maharani").load_spec(tmp_path)
    for text in ("[players]\nmost = 3\n", "[players]\nmax = 3\n[scorepad]\nmax_players = 3\n"):
        (tmp_path / "maharani.toml").write_text(text)
        assert get("maharani").player_counts(get("maharani").load_spec(tmp_path)) == (2, 3)


def test_a_misspelt_new_key_gets_a_did_you_mean(tmp_path):
    (tmp_path / "taj.toml").write_text("[players]\nfewst = 3\n")
    with pytest.raises(BadData, match=r"players: unknown field 'fewst' \(did you mean fewest\?\)"):
        get("taj").load_spec(tmp_path)
