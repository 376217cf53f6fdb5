"""Karigar-e-Taj on the board (issue 44): ``sheets/karigar.py`` draws the Bazaar and the Taj as SVG
with a target on every space and section, and ``KarigarPlay.taps`` reaches every legal event of
the player to act from them; rulebook karigar-e-taj.txt."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from functools import cache

import pytest
from tajkit.sheets import karigar as drawing
from tajkit.solver.karigar import GAME
from tajkit.solver.karigar.state import ACT, AFTER, REVEAL, Build, Do, Go, Hire, Ride
from tajkit.solver.protocol import CHANCE, random_game

SPEC = GAME.load_spec()
PLAY = GAME.play(SPEC)
RULES = PLAY.rules
PHONE = 320  # px of board width on the narrowest phone the tests take (as Artisans' board test)


@cache
def states(seed: int, players: int) -> tuple:
    """Every state of a seeded random game (``random_game``) where a player acts."""
    record = random_game(RULES, random.Random(seed), players)
    state = RULES.start(record.setup)
    out = []
    for event in record.events:
        if RULES.to_act(state) != CHANCE:
            out.append(state)
        state = RULES.apply(state, RULES.parse(state, event))
    return tuple(out)


def paths_of(state) -> list[tuple[tuple[str, ...], str]]:
    return [(PLAY.taps(state, a), RULES.format(state, a)) for a in RULES.legal_actions(state)]


@pytest.mark.parametrize("seed,players", [(1, 2), (4, 3), (9, 4)])
def test_every_legal_event_has_exactly_one_path_of_taps_from_the_board(seed, players):
    """Issue 44: at every state of a random game, each legal event of the player to act has a
    path of taps; no two events share one and none is the start of another (a tap then plays
    exactly one event); every first tap is a lit target on the board or a button beside it
    (words, not a space id), and the events tapped on the board are read back by the notation."""
    spaces_seen = 0
    for state in states(seed, players):
        drawn = drawing.board(SPEC, PLAY.board_data(state), state.seats[state.seat].name)
        keys = {t.key for t in drawn.targets}
        paths = paths_of(state)
        assert all(taps for taps, _ in paths), [text for taps, text in paths if not taps]
        tapped = [taps for taps, _ in paths]
        assert len(set(tapped)) == len(tapped)
        for taps in tapped:
            assert not any(other != taps and other[:len(taps)] == taps for other in tapped), taps
        for taps, text in paths:
            assert RULES.parse(state, text) in RULES.legal_actions(state)
            first = taps[0]
            if first not in keys:
                assert " " in first and first[0].isupper(), (first, text)  # a button beside, in words
            else:
                spaces_seen += 1
            assert all(tap.strip() for tap in taps)
    assert spaces_seen > 100


def test_targets_are_a_fingers_size_apart_and_said_in_words():
    """Every target is at least 44 px on a phone, none overlaps another, each lies on the board,
    and its aria-label names it before a colon and says what it does."""
    for state in states(4, 3)[::15]:
        drawn = drawing.board(SPEC, state, state.seats[state.seat].name)
        scale = PHONE / drawn.view[2]
        ts = drawn.targets
        assert len(ts) == (len(RULES._spaces_of(state)) if state.phase != REVEAL else 0) + SPEC.sections
        for t in ts:
            assert min(t.width, t.height) * scale >= 44, t
            assert 0 <= t.x and t.x + t.width <= drawn.view[2] and 0 <= t.y and t.y + t.height <= drawn.view[3]
            name, _, what = t.label.partition(": ")
            assert name and what, t.label
        for i, a in enumerate(ts):
            for b in ts[i + 1:]:
                assert not (a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.height and b.y < a.y + a.height), (a, b)


def test_the_board_is_well_formed_svg_with_letters_beside_every_colour():
    """The SVG parses; every resource on a card is written with its letters (colour is never the
    only signal) and the legend says what the letters are."""
    state = states(1, 2)[0]
    drawn = drawing.board(SPEC, state, state.seats[0].name)
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{drawn.svg}</svg>')
    text = " ".join("".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text"))
    for k, rid in enumerate(SPEC.ids):
        assert f"{drawing.code(SPEC, k)} {rid}" in text
    for n, card in zip(SPEC.cards, state.cards):
        earn = " ".join(f"{c}{drawing.code(SPEC, k)}" for k, c in enumerate(card.earn) if c)
        assert earn in text, n
    assert "Section 1" in text and "Bazaar" in text and "Asha (A) holds" in text


def test_a_move_is_tapped_as_the_space_then_who_goes_there():
    """Rulebook 1.2 Movement of Workers (workers enter from the supply on any free space; several
    may go together): a move is the destination tapped, then the group in words."""
    state = states(1, 2)[0]
    first = {PLAY.taps(state, a) for a in RULES.legal_actions(state) if isinstance(a, Go)}
    assert ("1L", "2 workers from the supply") in first or any(t[1] == "2 workers from the supply" for t in first)
    assert all(re.fullmatch(r"(\d+[LR]|T\d|A\d)", t[0]) for t in first)
    assert all(re.fullmatch(r"\d workers? from the supply", t[1]) for t in first)


def test_what_is_done_on_a_space_is_said_after_tapping_it():
    """Rulebook 1.1 Acquiring Resources and 1.3 Trading Spaces: on a space with a choice, its
    target leads to the takes, the exchanges or the sales (a sale: how many, then which)."""
    acting = [s for seed in (1, 4) for s in states(seed, 3 if seed == 4 else 2) if s.phase == ACT]
    assert acting
    kinds = set()
    for state in acting:
        for a in RULES.legal_actions(state):
            assert isinstance(a, Do)
            taps = PLAY.taps(state, a)
            assert taps[0] == RULES._spaces_of(state)[a.act.space].id
            kinds.add(taps[1].split()[0])
            if taps[1].startswith("sell "):
                assert len(taps) == 3 and taps[2].endswith("silver")
    assert {"take", "exchange", "do"} <= kinds


def test_a_build_is_a_taj_section_asked_once_more():
    """Rulebook: Building the Taj Mahal (pay the Level tile's resources, take the top Taj point
    token): a build is the section's target, and the phone asks before it spends them."""
    found = 0
    for state in states(4, 3):
        for a in RULES.legal_actions(state):
            if isinstance(a, Build):
                assert PLAY.taps(state, a) == (f"section {a.section}",)
                asked = PLAY.confirm(state, a)
                assert asked.startswith(f"Build section {a.section}? You pay ")
                found += 1
            else:
                assert PLAY.confirm(state, a) is None
    assert found > 5


def test_elephants_are_hired_and_ridden_from_the_space_tapped():
    """Rulebook: Hiring Elephants (6 silver, 2 gold, or 3 silver and 1 gold; placed on a space):
    the hire is a choice on the space tapped, with its price in words."""
    hires = [(s, a) for seed, n in ((1, 2), (4, 3), (9, 4)) for s in states(seed, n) for a in RULES.legal_actions(s)
             if isinstance(a, (Hire, Ride))]
    assert any(isinstance(a, Hire) for _, a in hires)
    for state, a in hires:
        taps = PLAY.taps(state, a)
        assert taps[1].startswith("hire an Elephant for ") if isinstance(a, Hire) else taps[1].startswith("your Elephant from ")


def test_the_end_is_shown_by_buttons_beside_the_board():
    """Rulebook: Game End: each player shows the Blueprint and the Bakshish cards; a value only
    the table knows is chosen as tens, then points; a known one is one button."""
    shows = [s for s in states(1, 2) if s.phase == REVEAL]
    assert shows
    state = shows[0]
    taps = {PLAY.taps(state, a) for a in RULES.legal_actions(state)}
    assert len(taps) == 100 and ("Show your Blueprint's points", "10 to 19 points", "12 points") in taps
    after = [s for s in shows if len(s.seats[s.seat].shown) >= 1]
    assert any(len(PLAY.taps(s, RULES.legal_actions(s)[0])) == 1 for s in after)
    assert any(s.phase == AFTER for s in states(1, 2))


def test_names_are_text_on_the_board_never_markup():
    """Hostile input: players' names (markup, quotes, a right-to-left mark, two alike) are drawn
    as text; the board stays well-formed SVG and each player keeps a tag of their own."""
    from dataclasses import replace

    state = states(4, 3)[40]
    names = ("<script>alert(1)</script>", "O'Brien \"the\" >", "<sCRIPT>")
    state = replace(state, seats=tuple(replace(s, name=n) for s, n in zip(state.seats, names)))
    drawn = drawing.board(SPEC, state, names[state.seat])
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{drawn.svg}</svg>')
    assert "<script" not in drawn.svg.lower() and root.find(".//{http://www.w3.org/2000/svg}script") is None
    assert len(set(drawing.tags(list(names)))) == 3


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours (#rrggbb)."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_resource_letters_and_player_tags_meet_wcag_aa_contrast():
    """Issue 44 (accessible and legible): each resource's letters on every space they are written
    on, and the white tag letters on each player's colour, reach WCAG AA's 4.5:1."""
    for k in range(len(SPEC.ids)):
        for fill in (*drawing.SPACE_FILLS.values(), "#ffffff"):
            assert contrast(drawing.colour(SPEC, k), fill) >= 4.5, (SPEC.ids[k], fill)
    for ink in drawing.SEATS:
        assert contrast(ink, "#ffffff") >= 4.5, ink
