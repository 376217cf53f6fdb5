"""The companion's colours (issue 44: "contrast meets WCAG AA; a dark theme follows the phone's
setting"): every pair of text and background the pages use, in the light theme and the dark one,
has a contrast ratio of at least 4.5:1 (WCAG 2.1, success criterion 1.4.3, normal text)."""

from __future__ import annotations

import re
from importlib import resources

import pytest

# (text, background) as the pages pair them: body text, muted notes, links and outlined buttons,
# filled buttons, the problem and recorded banners, the header
PAIRS = [("ink", "paper"), ("ink", "card"), ("muted", "card"), ("muted", "paper"), ("told", "card"),
         ("accent", "card"), ("accent", "paper"), ("on-accent", "accent"), ("bad", "bad-bg"), ("ink", "good-bg"),
         ("bad", "card"), ("ink", "soft")]
AA = 4.5


def theme(dark: bool) -> dict[str, str]:
    """The colour variables of base.html's light theme, with the dark theme's laid over them."""
    css = (resources.files("tajkit.cli.web.templates") / "base.html").read_text()
    light = re.search(r":root \{(.*?)\}", css, re.S).group(1)
    found = dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})\b", light))
    if dark:
        block = re.search(r"@media \(prefers-color-scheme: dark\) \{.*?:root \{(.*?)\}", css, re.S).group(1)
        found |= dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})\b", block))
    return found


def luminance(colour: str) -> float:
    """Relative luminance (WCAG 2.1's definition) of ``#rrggbb`` or ``#rgb``."""
    hexes = colour[1:] if len(colour) == 7 else "".join(c * 2 for c in colour[1:])
    channels = [int(hexes[k:k + 2], 16) / 255 for k in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_is_computed_as_wcag_defines_it():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # the classic just-failing grey
    assert contrast("#fff", "#ffffff") == pytest.approx(1.0)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_every_text_and_background_pair_meets_wcag_aa(dark):
    colours = theme(dark)
    assert {name for pair in PAIRS for name in pair} <= colours.keys()
    weak = [f"{text} on {back}: {contrast(colours[text], colours[back]):.2f}"
            for text, back in PAIRS if contrast(colours[text], colours[back]) < AA]
    assert weak == []


def test_the_dark_theme_changes_every_colour_the_light_one_sets():
    """A variable the dark theme forgets keeps its light value: dark text on a dark page."""
    light, dark_only = theme(False), theme(True)
    assert [name for name in light if light[name] == dark_only[name]] == []
