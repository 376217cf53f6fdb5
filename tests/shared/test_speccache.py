"""The spec cache (solver/speccache.py): a command reads a game's built spec from disk instead of
typing the seed again, and never a stale one: other data or other code names another file."""

from __future__ import annotations

import dataclasses
import os
import pickle
import sys
from pathlib import Path

import pytest
from test_seeddata import OVERRIDES

from tajkit.solver import games, speccache
from tajkit.solver.errors import BadData


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(speccache.ENV, str(folder))
    return folder


def _refuse_to_build(monkeypatch, info) -> None:
    def build(data=None):  # noqa: ANN001, ANN202
        raise AssertionError("built again: the cache was not read")

    monkeypatch.setattr(info, "load_spec", build)


@pytest.mark.parametrize("game", sorted(OVERRIDES))
def test_the_second_load_reads_the_spec_the_first_built(cache, monkeypatch, game):
    info = games.get(game)
    built = speccache.load_spec(info)
    assert [p.name for p in cache.iterdir()] == [f"{game}-{speccache.fingerprint(info, None)}.pickle"]
    _refuse_to_build(monkeypatch, info)
    kept = speccache.load_spec(info)
    assert kept is not built
    assert all(getattr(kept, f.name) == getattr(built, f.name) for f in dataclasses.fields(built))


@pytest.mark.parametrize("game", sorted(OVERRIDES))
def test_an_edited_data_file_is_read_afresh_and_the_old_spec_removed(cache, tmp_path, game):
    text, (one, other), shown = OVERRIDES[game]
    info = games.get(game)
    data = tmp_path / "data"
    data.mkdir()
    path = data / f"{game}.toml"
    path.write_text(text.format(one), encoding="utf-8")
    before = shown(speccache.load_spec(info, data))
    assert before == shown(info.load_spec(data))
    path.write_text(text.format(other), encoding="utf-8")
    assert shown(speccache.load_spec(info, data)) == shown(info.load_spec(data)) != before
    assert len(list(cache.glob(f"{game}-*.pickle"))) == 1
    assert shown(speccache.load_spec(info)) == shown(info.load_spec())  # tajkit's own data, not the group's


def test_changed_code_names_another_file(cache, monkeypatch):
    """A module of the game's package edited (its size or time changes) means another spec."""
    info = games.get("taj")
    before = speccache.fingerprint(info, None)
    source = Path(sys.modules[type(info).__module__].__file__).parent / "spec.py"
    stat = source.stat()
    try:
        os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
        assert speccache.fingerprint(info, None) != before
    finally:
        os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def test_bad_data_is_refused_every_time_and_never_kept(cache, tmp_path):
    (tmp_path / "artisans.toml").write_text("[trees]\ncount = -1\n", encoding="utf-8")
    info = games.get("artisans")
    for _ in range(2):
        with pytest.raises(BadData, match="count"):
            speccache.load_spec(info, tmp_path)
    assert not list(cache.glob("*.pickle")) if cache.exists() else True


def test_a_damaged_file_is_built_again(cache):
    info = games.get("tajmahal")
    speccache.load_spec(info)
    (kept,) = cache.glob("tajmahal-*.pickle")
    kept.write_bytes(b"not a pickle")
    assert speccache.load_spec(info).palace == info.load_spec().palace
    assert pickle.loads(kept.read_bytes()).palace == info.load_spec().palace


def test_a_folder_that_cannot_be_written_only_means_no_cache(tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("in the way", encoding="utf-8")
    monkeypatch.setenv(speccache.ENV, str(blocker / "cache"))
    info = games.get("karigar")
    assert speccache.load_spec(info).gold_for_silver == info.load_spec().gold_for_silver


def test_an_empty_setting_turns_the_cache_off(tmp_path, monkeypatch):
    monkeypatch.setenv(speccache.ENV, "")
    monkeypatch.chdir(tmp_path)
    info = games.get("maharani")
    assert speccache.load_spec(info).quarter_names == info.load_spec().quarter_names
    assert speccache.folder() is None and not list(tmp_path.iterdir())
