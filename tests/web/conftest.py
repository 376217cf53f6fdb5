"""What the web companion's tests share: a server in its own process on 127.0.0.1 and a free port
(the real ``tajkit serve``), and a real browser (Debian's chromium, driven by Playwright at the
phone viewport; nothing is downloaded). Browser tests are skipped, saying why, where Chromium or
Playwright is missing; ``.ci/run`` installs Chromium so that CI runs them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from webserver import Server

PHONE = {"width": 390, "height": 844}
KARIGAR_COPY = Path(__file__).parents[1] / "data" / "karigar-copy"  # a group's copy (made-up cards of the rulebook's shape)


@pytest.fixture
def server(tmp_path):
    started = Server(tmp_path)
    yield started
    started.stop()


@pytest.fixture
def copy_server(tmp_path):
    """A server whose data folder holds a group's Karigar-e-Taj copy: "Deal for us" deals from it."""
    (tmp_path / "games").mkdir()
    started = Server(tmp_path / "games", data=KARIGAR_COPY)
    yield started
    started.stop()


@pytest.fixture(scope="session")
def browser():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("Chromium is not installed (apt-get install -y chromium; .ci/run installs it)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright is not installed (pip install '.[test]')")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def phone(browser, tmp_path):
    """A page at the phone viewport; its screenshots go to the test's folder (look at them when
    a test fails: ``shots/*.png``)."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.shots = tmp_path / "shots"  # type: ignore[attr-defined]
    page.shots.mkdir()
    yield page
    context.close()
