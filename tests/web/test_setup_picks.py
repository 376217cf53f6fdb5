"""The new-game form without notation (issue 44: "typing what lies on the table stays possible,
with pickers ... instead of notation fields"), through Starlette's test client: every setup
question whose answers are a closed set is a picker (a few as buttons, more as a list), a picked
answer starts the game as the typed one does, and Taj Mahal's deck is a count per kind of card
(``Question.counts``) posted as the deck typed; hostile counts and picks are a 4xx in words."""

from __future__ import annotations

import re
from collections import Counter
from html import unescape

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_web_play import DEAL_DATA, client, post, setup_fields

from tajkit.solver import games
from tajkit.solver.session import read_record
from tajkit.solver.tajmahal.play import card_kinds

NAMES = {"name0": "Asha", "name1": "Babur", "name2": "Chen"}
DECK = "E E E E E E T T T T P P P P P Y Y W W M M M M EP EP ET PP PP TM PY"  # 30 cards, as a table types them
KINDS = [kind.text for kind in card_kinds()]
SOME = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def setup_page(tmp_path, game: str):
    web, companion = client(tmp_path, data=DEAL_DATA.get(game))
    return web, companion, post(web, companion, f"/new/{game}", **NAMES)


def counted(deck: str) -> dict[str, str]:
    """A deck as a phone posts it counted: each kind's count in its field, nothing typed."""
    counts = Counter(deck.split())
    return {f"n_deck_{k}": str(counts[kind]) for k, kind in enumerate(KINDS) if counts[kind]}


def made_setup(tmp_path, game: str, made) -> dict:
    assert made.status_code == 303, made.text
    return read_record(tmp_path / f"{made.headers['location'].rsplit('/', 1)[1]}.toml", game).setup


@pytest.mark.parametrize("game", sorted(games.GAMES))
def test_every_closed_setup_question_is_a_picker(tmp_path, game):
    """A question whose answers are a closed set (``Question.picks``) is a picker, never a text
    field: a few as buttons (radio inputs, one tap), more as a list; a counted one a number field
    per kind, with its − / + steppers; a free answer stays a text field."""
    info = games.get(game)
    play = info.play(info.load_spec(DEAL_DATA.get(game)))
    _, _, page = setup_page(tmp_path, game)
    html = unescape(page.text)
    for q in play.setup_questions(list(NAMES.values())):
        name = re.escape(f"q_{q.key}")
        if q.counts:
            for k, kind in enumerate(q.counts):
                assert f'name="n_{q.key}_{k}"' in html and f'aria-label="one more {kind.label}"' in html
        elif q.slots:
            for k in range(len(q.slots)):
                assert re.search(rf'<select id="s_{re.escape(q.key)}_{k}" name="s_{re.escape(q.key)}_{k}"', html)
        elif q.picks and len(q.picks) <= 5:
            assert len(re.findall(rf'<input type="radio" name="{name}" value=', html)) == len(q.picks)
        elif q.picks:
            assert re.search(rf'<select id="{name}" name="{name}"', html)
        else:
            assert re.search(rf'<input type="text" id="{name}" name="{name}"', html)


def test_the_closed_questions_of_taj_and_taj_mahal_are_pickers():
    """TAJ's dealer and Taj Mahal's start are a player's name, its hand size a number 1-30 and
    its deck counted by kind: every one a picker or counts, none typed."""
    names = list(NAMES.values())
    taj = {q.key: q for q in games.get("taj").play(games.get("taj").load_spec()).setup_questions(names)}
    assert [p.text for p in taj["dealer"].picks] == names
    tajmahal = games.get("tajmahal")
    questions = {q.key: q for q in tajmahal.play(tajmahal.load_spec()).setup_questions(names)}
    assert [p.text for p in questions["start"].picks] == ["", *names]
    assert [p.text for p in questions["hand_size"].picks] == [str(n) for n in range(1, 31)]
    assert questions["deck"].total == 30 and len(questions["deck"].counts) == 6 + 21  # cards of one or two symbols
    assert "Elephant + Princess (E P)" in [kind.label for kind in questions["deck"].counts]


def test_a_picked_dealer_starts_taj_as_a_typed_one_does(tmp_path):
    web, companion, page = setup_page(tmp_path, "taj")
    assert setup_fields(page.text) == {"q_dealer": "Chen"}  # the rulebook's default, the last listed, chosen
    picked = post(web, companion, "/new/taj", asked="1", **NAMES, q_dealer="Babur")
    typed = post(web, companion, "/new/taj", asked="1", **NAMES, q_dealer="babur")
    assert made_setup(tmp_path, "taj", picked) == made_setup(tmp_path, "taj", typed) == {
        "players": list(NAMES.values()), "dealer": "Babur"}


def test_a_counted_deck_and_picked_answers_start_taj_mahal_as_the_typed_deck_does(tmp_path):
    web, companion, page = setup_page(tmp_path, "tajmahal")
    fields = setup_fields(page.text)
    assert fields["q_start"] == "" and fields["q_hand_size"] == "" and fields["q_deck"] == ""
    answers = {"q_bonus_tiles": "default", "q_hand_size": "5", "q_start": "Chen"}
    by_counts = post(web, companion, "/new/tajmahal", asked="1", **NAMES, **answers, **counted(DECK))
    by_text = post(web, companion, "/new/tajmahal", asked="1", **NAMES, **answers, q_deck=DECK)
    mixed = post(web, companion, "/new/tajmahal", asked="1", **NAMES, **answers,  # counted, and the rest typed
                 **counted("E E E E E E T T T T P P P P P"), q_deck="Y Y W W M M M M EP EP ET PP PP MT PY")
    setups = [made_setup(tmp_path, "tajmahal", made) for made in (by_counts, by_text, mixed)]
    assert setups[0] == setups[1] == setups[2]
    assert Counter(setups[0]["deck"]) == Counter(DECK.split()) and setups[0]["hand_size"] == 5


def test_a_wrong_total_is_refused_in_words_naming_the_field_and_the_counts_are_kept(tmp_path):
    web, companion, _ = setup_page(tmp_path, "tajmahal")
    short = counted(DECK) | {"n_deck_0": "3"}  # 3 elephants, not 6: 27 of 30
    answer = post(web, companion, "/new/tajmahal", asked="1", **NAMES, q_hand_size="5", **short, q_deck="XQ")
    assert answer.status_code == 422
    text = unescape(answer.text)
    assert "The 30 cards of a player's colour: 28 of 30 counted; count 30 in all" in text
    kept = setup_fields(answer.text)
    assert {k: v for k, v in kept.items() if k.startswith("n_") and v} == short and kept["q_deck"] == "XQ"
    assert kept["q_hand_size"] == "5"  # the other answers stay as picked
    bad = post(web, companion, "/new/tajmahal", asked="1", **NAMES, q_hand_size="5", **counted(DECK) | {"n_deck_1": "x"})
    assert bad.status_code == 422
    assert 'The 30 cards of a player\'s colour: Tiger (T): "x" is no count, a whole number 0-30' in unescape(bad.text)
    assert setup_fields(bad.text)["n_deck_1"] == "x"  # shown again as posted, not lost
    typed = post(web, companion, "/new/tajmahal", asked="1", **NAMES, q_hand_size="99", **counted(DECK[2:]), q_deck="E")
    assert typed.status_code == 422 and setup_fields(typed.text)["q_deck"] == "E"  # what was typed stays typed


@SOME
@given(counts=st.dictionaries(st.integers(0, len(KINDS) + 2), st.text(max_size=8) | st.integers(0, 40).map(str),
                              max_size=8),
       typed=st.text(max_size=40), picks=st.dictionaries(st.sampled_from(["q_start", "q_hand_size", "q_bonus_tiles"]),
                                                          st.text(max_size=12) | st.sampled_from(["", "5", "Asha"])))
def test_any_counts_and_any_picks_are_a_game_or_a_refusal_in_words(tmp_path_factory, counts, typed, picks):
    """Hostile posts of the counted deck and the pickers: any text in a count, a kind's field that
    does not exist, any typed rest, any value for a picker: a game made (303) or a 4xx saying why;
    never a 500 (the test client raises it)."""
    web, companion = client(tmp_path_factory.mktemp("picks"))
    fields = {f"n_deck_{k}": v for k, v in counts.items()} | picks
    made = post(web, companion, "/new/tajmahal", asked="1", **NAMES, q_deck=typed, **fields)
    assert made.status_code == 303 or (made.status_code == 422 and 'class="problems"' in made.text), made.text[-500:]


@SOME
@given(dealer=st.text(max_size=20))
def test_any_dealer_posted_is_a_game_or_a_refusal_in_words(tmp_path_factory, dealer):
    web, companion = client(tmp_path_factory.mktemp("dealer"))
    made = post(web, companion, "/new/taj", asked="1", **NAMES, q_dealer=dealer)
    assert made.status_code == 303 or (made.status_code == 422 and "Who deals?" in unescape(made.text))


def test_a_rondel_picked_slot_by_slot_starts_maharani_as_the_typed_one_does(tmp_path):
    """Előkészületek: 4 tiles drawn onto rondel slots 1-4, each picked by its colour and column
    marks in the deal's words ("blue B, half columns on its top and right edges (arrow up) — Bne"),
    not typed in the tile notation."""
    web, companion, page = setup_page(tmp_path, "maharani")
    assert "blue B, half columns on its top and right edges (arrow up) — Bne" in unescape(page.text)
    picked = post(web, companion, "/new/maharani", asked="1", **NAMES,
                  **{f"s_rondel_{k}": tile for k, tile in enumerate(["Bne", "Rc", "Gs", "Yew"])})
    typed = post(web, companion, "/new/maharani", asked="1", **NAMES, q_rondel="bne rc GS Yew")
    assert made_setup(tmp_path, "maharani", picked)["rondel"] == made_setup(tmp_path, "maharani", typed)["rondel"]
    short = post(web, companion, "/new/maharani", asked="1", **NAMES, s_rondel_0="Bne", s_rondel_2="Gs")
    assert short.status_code == 422 and "rondel" in short.text
    kept = setup_fields(short.text)
    assert [kept[f"s_rondel_{k}"] for k in range(4)] == ["Bne", "Gs", "", ""]  # the picks kept, in their order


@SOME
@given(slots=st.dictionaries(st.integers(0, 5), st.text(max_size=10) | st.sampled_from(["Bne", "Rc", "Gs", "Yew"]),
                             max_size=6), typed=st.text(max_size=30))
def test_any_rondel_slots_are_a_game_or_a_refusal_in_words(tmp_path_factory, slots, typed):
    web, companion = client(tmp_path_factory.mktemp("rondel"))
    made = post(web, companion, "/new/maharani", asked="1", **NAMES, q_rondel=typed,
                **{f"s_rondel_{k}": v for k, v in slots.items()})
    assert made.status_code == 303 or (made.status_code == 422 and 'class="problems"' in made.text), made.text[-500:]


def test_each_component_picture_is_on_the_setup_page_once(tmp_path):
    """Issue 44's pickers show "the components by name and picture": a Karigar setup with the group's
    copy offers each component drawn (24 Bazaar cards in 12 lists, 9 Alliance cards, the Level tiles,
    the Starting Resource cards), and each distinct picture is on the page once, as a <template>
    every picker that offers it names (not 12 x 24 inline cards)."""
    from tajkit.sheets.karigar_cards import pick_picture

    web, companion, made = setup_page(tmp_path, "karigar")
    html = made.text
    templates = dict(re.findall(r'<template id="(pic-[0-9a-f]+)">(.*?)</template>', html, re.S))
    assert html.count("<svg") == len(templates)  # no picture outside its template
    named = set(re.findall(r'data-pic="(pic-[^"]+)"', html))
    named |= {w for ids in re.findall(r'data-pics="([^"]*)"', html) for w in ids.split() if w != "-"}
    assert named == set(templates)  # each picture offered somewhere, and each offered one there
    spec = companion.spec("karigar")
    c = spec.components
    drawn = {pick_picture(spec, "bazaar.0", line) for line in c.bazaar_cards}
    drawn |= {pick_picture(spec, "alliances.0", line) for line in c.alliance_cards}
    drawn |= {pick_picture(spec, f"level_tiles.{k}", line) for k, tiles in enumerate(c.level_tiles) for line in tiles}
    drawn |= {pick_picture(spec, "players.0.resources", line) for line in c.starting_resources}
    assert set(templates.values()) == drawn and len(drawn) == 24 + 9 + 16 + 7  # two Starting Resource cards alike
    lists = re.findall(r'<select id="q_bazaar\.\d+"[^>]*data-pics="([^"]*)"', html)
    assert len(lists) == 12 and len(set(lists)) == 1  # every Bazaar list names the same 24 pictures, in its options' order


def test_a_picture_says_its_colour_in_a_letter_and_a_word():
    """Colour is never the only signal: a Bazaar card's picture names it (B blue, Y yellow), as the
    board does (rulebook: The Bazaar Grid, blue and yellow cards)."""
    from tajkit.sheets.karigar_cards import pick_picture
    from tajkit.solver import speccache

    spec = speccache.load_spec(games.get("karigar"), DEAL_DATA["karigar"])
    for line in spec.components.bazaar_cards:
        svg = pick_picture(spec, "bazaar.3", line)
        assert ("Y yellow" if line.startswith("yellow") else "B blue") in svg
        assert "class=" not in svg.replace('class="component"', "")  # styled inline: it stands alone on any page
    assert pick_picture(spec, "players.0.age", "7") is None and pick_picture(spec, "bazaar.0", "no card") is None


TILES = {f"s_bonus_tiles_{k}": "2now" for k in range(12)}
TAJ_MAHAL = {"q_hand_size": "5", "q_start": "Chen", "q_deck": DECK}


def test_taj_mahal_bonus_tiles_kept_in_one_tap_or_picked_per_province(tmp_path):
    """Setup 6 ("Arrange bonus tiles on the board as indicated"): the game data's tiles kept by one
    button (said in words, its value said to be tajkit's default), the province pickers behind it
    starting from those tiles; picked per province they post what read_tiles reads ("4end"), and a
    value beyond the picks is typed beside them."""
    web, companion, page = setup_page(tmp_path, "tajmahal")
    html = unescape(page.text)
    assert re.search(r'name="k_bonus_tiles" value="default" checked>Keep the game data\'s: 2 points each, scoring at '
                     r"once \(tajkit's default: the rulebook gives no value\)", html)
    assert [setup_fields(page.text)[f"s_bonus_tiles_{k}"] for k in range(12)] == ["2now"] * 12
    assert "<option value=\"4end\">4 points, at the end</option>" in html
    kept = post(web, companion, "/new/tajmahal", asked="1", **NAMES, **TAJ_MAHAL, k_bonus_tiles="default",
                **TILES | {"s_bonus_tiles_2": "7end"})  # the pickers behind a kept answer are not read
    assert "bonus_tiles" not in made_setup(tmp_path, "tajmahal", kept)  # the game data's, as "default" typed
    picked = post(web, companion, "/new/tajmahal", asked="1", **NAMES, **TAJ_MAHAL, k_bonus_tiles="",
                  **TILES | {"s_bonus_tiles_2": "4end", "s_bonus_tiles_6": "0now"})
    tiles = made_setup(tmp_path, "tajmahal", picked)["bonus_tiles"]
    assert tiles[2] == {"points": 4, "when": "end"} and tiles[6] == {"points": 0, "when": "now"}
    assert tiles[0] == tiles[11] == {"points": 2, "when": "now"}
    typed = post(web, companion, "/new/tajmahal", asked="1", **NAMES, **TAJ_MAHAL, k_bonus_tiles="",
                 **{f"s_bonus_tiles_{k}": "2now" for k in range(11)}, q_bonus_tiles="25end")
    assert made_setup(tmp_path, "tajmahal", typed)["bonus_tiles"][11] == {"points": 25, "when": "end"}


def test_taj_mahal_bonus_tiles_said_to_differ_but_not_picked_are_asked_for(tmp_path):
    """"Ours differ" with every province left unpicked is not the game data's tiles behind the
    table's back: it is refused in words, the choice kept; eleven picked are refused by Setup 6's
    check (one tile a province), the picks kept in their places."""
    web, companion, _ = setup_page(tmp_path, "tajmahal")
    empty = post(web, companion, "/new/tajmahal", asked="1", **NAMES, **TAJ_MAHAL, k_bonus_tiles="")
    assert empty.status_code == 422
    assert "The bonus tiles of provinces 1-12: choose each one, or tap “Keep the game data's" in unescape(empty.text)
    assert re.search(r'name="k_bonus_tiles" value="" checked>', empty.text)
    eleven = post(web, companion, "/new/tajmahal", asked="1", **NAMES, **TAJ_MAHAL, k_bonus_tiles="",
                  **{f"s_bonus_tiles_{k}": "3end" for k in range(11)})
    assert eleven.status_code == 422 and "bonus" in unescape(eleven.text)
    again = setup_fields(eleven.text)
    assert [again[f"s_bonus_tiles_{k}"] for k in range(12)] == ["3end"] * 11 + [""]


@SOME
@given(keep=st.none() | st.text(max_size=10) | st.sampled_from(["", "default"]),
       slots=st.dictionaries(st.integers(0, 13), st.text(max_size=8) | st.sampled_from(["2now", "4end", "1000end", "-1"]),
                             max_size=14), typed=st.text(max_size=30))
def test_any_bonus_tiles_posted_are_a_game_or_a_refusal_in_words(tmp_path_factory, keep, slots, typed):
    web, companion = client(tmp_path_factory.mktemp("tiles"))
    fields = {f"s_bonus_tiles_{k}": v for k, v in slots.items()} | ({} if keep is None else {"k_bonus_tiles": keep})
    made = post(web, companion, "/new/tajmahal", asked="1", **NAMES, **TAJ_MAHAL, q_bonus_tiles=typed, **fields)
    assert made.status_code == 303 or (made.status_code == 422 and 'class="problems"' in made.text), made.text[-500:]


def test_karigar_token_stacks_are_pickers_top_first_from_the_copy(tmp_path):
    """Setting Up 4-5: a level's 3 Taj point tokens, highest on top: three pickers a level (top,
    middle, bottom) opening on the copy's stack, posted as the text the question reads; picked out of
    order they are refused in words (read_tokens), the picks kept; a value beyond the picks is typed."""
    web, companion, page = setup_page(tmp_path, "karigar")
    fields = setup_fields(page.text)
    assert [[fields[f"s_token_stacks.{n}_{k}"] for k in range(3)] for n in range(4)] == [
        ["4", "3", "2"], ["7", "6", "5"], ["7", "5", "3"], ["9", "6", "4"]]  # tests/data/karigar-copy
    assert re.search(r'<label for="s_token_stacks\.0_0">top</label>', page.text)
    whole = {k: v for k, v in fields.items() if "token_stacks" not in k}
    whole |= {f"q_bazaar.{k}": line for k, line in enumerate(companion.spec("karigar").components.bazaar_cards[:12])}
    whole |= {f"q_alliances.{k}": line for k, line in enumerate(companion.spec("karigar").components.alliance_cards[:2])}
    whole |= {f"q_level_tiles.{k}": tiles[0] for k, tiles in enumerate(companion.spec("karigar").components.level_tiles)}
    whole |= {f"q_players.{k}.resources": line for k, line in enumerate(companion.spec("karigar").components.starting_resources[:3])}
    stacks = {f"s_token_stacks.{n}_{k}": v for n, stack in enumerate([[4, 3, 2], [8, 6, 2], [7, 5, 3], [9, 6, 4]])
              for k, v in enumerate(map(str, stack))}
    made = post(web, companion, "/new/karigar", asked="1", **NAMES, **whole, **stacks)
    assert made_setup(tmp_path, "karigar", made)["token_stacks"] == [[4, 3, 2], [8, 6, 2], [7, 5, 3], [9, 6, 4]]
    upside = post(web, companion, "/new/karigar", asked="1", **NAMES, **whole, **stacks | {"s_token_stacks.1_0": "2", "s_token_stacks.1_2": "8"})
    assert upside.status_code == 422
    assert ("Level 2 Taj point tokens, top first: level 2's Taj point tokens = '2 6 8': 3 tokens stacked in descending "
            "order, highest on top (rulebook: Setting Up 4-5)") in unescape(upside.text)
    again = setup_fields(upside.text)
    assert [again[f"s_token_stacks.1_{k}"] for k in range(3)] == ["2", "6", "8"]
    typed = post(web, companion, "/new/karigar", asked="1", **NAMES, **whole, **{k: v for k, v in stacks.items() if not k.startswith("s_token_stacks.3")},
                 **{"q_token_stacks.3": "30 20 10"})
    assert made_setup(tmp_path, "karigar", typed)["token_stacks"][3] == [30, 20, 10]


def test_taj_mahal_card_kinds_are_counted_beside_their_chips(tmp_path):
    """Components: a card shows one or two symbols; each kind counted shows them as the board's chips,
    each chip with its letter (colour never alone), its picture on the page once."""
    web, companion, page = setup_page(tmp_path, "tajmahal")
    templates = dict(re.findall(r'<template id="(pic-[0-9a-f]+)">(.*?)</template>', page.text, re.S))
    spots = re.findall(r'<div class="count"><span class="pic" data-pic="(pic-[0-9a-f]+)"></span><label for="n_deck_(\d+)">',
                       page.text)
    assert len(spots) == len(KINDS) and set(templates) == {pid for pid, _ in spots}
    for pid, k in spots:
        letters = re.findall(r'font-weight="bold" fill="#[0-9a-f]+">([A-Z])</text>', templates[pid])
        assert "".join(letters) == KINDS[int(k)]
    assert page.text.count("<svg") == len(templates)


@pytest.mark.parametrize("game", [g.id for g in games.every()])
def test_every_setup_page_holds_each_picture_once_and_names_each_it_holds(tmp_path, game):
    """Whatever a game draws for its pickers: no picture inline outside its <template>, none twice,
    and every one held is offered by a picker (Maharani: 1 a tile of the set, in 4 slots' lists)."""
    web, companion, page = setup_page(tmp_path, game)
    html = page.text
    ids = re.findall(r'<template id="(pic-[0-9a-f]+)">', html)
    assert len(ids) == len(set(ids)) and html.count("<svg") == len(ids)
    named = set(re.findall(r'data-pic="(pic-[^"]+)"', html))
    named |= {w for found in re.findall(r'data-pics="([^"]*)"', html) for w in found.split() if w != "-"}
    assert named == set(ids)
    if game == "maharani":
        spec = companion.spec(game)
        assert len(ids) == len(spec.colours) * len(spec.kinds)
