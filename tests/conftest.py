"""Test settings shared by every test file.

Property tests are derandomized by default, so CI is reproducible: the same examples on every run.
Explore further with `python -m pytest --hypothesis-profile=explore` (random examples, more of them).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent / "shared"))  # tests import the shared helpers (pdfcheck, protocol_check) by name

settings.register_profile("default", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None, max_examples=500)
settings.load_profile("default")


@pytest.fixture(autouse=True, scope="session")
def no_real_play_log(tmp_path_factory: pytest.TempPathFactory) -> None:
    """No test reaches the user's own play log (tajkit play saves a finished game there): without
    --db, the log is a file of this test run's (tests of the log set their own)."""
    os.environ["TAJKIT_HISTORY"] = str(tmp_path_factory.mktemp("play-log") / "history.sqlite")
    os.environ["TAJKIT_CACHE"] = str(tmp_path_factory.mktemp("spec-cache"))  # nor the user's cache folder
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("user-data"))  # nor the user's data folder (their copies)
