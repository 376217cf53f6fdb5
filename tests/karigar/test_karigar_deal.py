"""Karigar-e-Taj's setup dealt and picked (issue 44): "Deal for us" draws the rulebook's random
Setting Up steps from the components tajkit knows, which are only those of the table's own copy
(a --data file's ``[components]``: tajkit ships none, design principle 2), and the new-game page
offers the copy's components as pickers; against the rulebook karigar-e-taj.txt, Setting Up."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from html import unescape
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tajkit.cli.web.app import Companion, create_app
from tajkit.solver.errors import BadData, BadInput
from tajkit.solver.karigar import GAME
from tajkit.solver.karigar.play import BAZAAR_CARDS, ALLIANCE_CARDS
from tajkit.solver.session import read_record

COPY = Path(__file__).parents[1] / "data" / "karigar-copy"  # made-up components: see the file's header
NAMES = ["Asha", "Babur", "Chen"]
BARE = GAME.play(GAME.load_spec())
SPEC = GAME.load_spec(COPY)
PLAY = GAME.play(SPEC)
KNOWN = SPEC.components


def dealt(seed: int) -> tuple[dict[str, str], tuple[str, ...]]:
    return PLAY.deal(NAMES, random.Random(seed))


def setup_of(answers: dict[str, str]) -> dict:
    """The setup a session starts from the answers, each read by its own question as typed."""
    questions = PLAY.setup_questions(NAMES)
    return PLAY.setup_of(NAMES, {q.key: q.read(answers.get(q.key, q.default or "")) for q in questions})


def started(answers: dict[str, str]):
    return PLAY.rules.start(setup_of(answers))


def as_set(cards, where: str) -> Counter:
    return Counter(json.dumps({k: v for k, v in c.items() if k != where}, sort_keys=True) for c in cards)


# --- what tajkit knows: nothing of a copy it has never seen -------------------------------------------


def test_tajkit_ships_no_card_so_it_offers_no_deal_and_no_pickers():
    """Design principle 2: the rulebook's Game Components list 24 Bazaar cards, 9 Alliance cards, 16
    Level tiles and 8 Starting Resource cards but not what is on them; tajkit's own data holds none,
    so nothing is dealt and every component is typed."""
    bare = GAME.load_spec().components
    assert not (bare.bazaar_cards or bare.alliance_cards or bare.level_tiles or bare.starting_resources or bare.taj_tokens)
    assert not BARE.deals()
    answers, lines = BARE.deal(NAMES, random.Random(1))
    assert set(answers) == set()  # not one content invented
    assert any("does not know your copy's Bazaar cards" in line for line in lines)
    questions = BARE.setup_questions(NAMES)
    assert not any(q.picks for q in questions if not q.key.startswith("token_stacks"))  # no component offered
    assert all(q.default is None for q in questions if q.key.startswith("token_stacks"))  # nor a token's value


def test_a_copy_whose_deck_is_not_whole_is_refused_naming_the_rule(tmp_path):
    """Game Components: 24 Bazaar cards; the deal lays out the whole deck, so a part of it is refused,
    as is a card that does not read as the setup's question reads it."""
    (tmp_path / "karigar.toml").write_text('[components]\nbazaar_cards = ["blue earn 1 wood; 1 wood>1 silver"]\n'
                                           'alliance_cards = ["2pt for 1 unobtainium"]\n')
    with pytest.raises(BadData) as refused:
        GAME.load_spec(tmp_path)
    said = " ".join(refused.value.problems)
    assert "components.bazaar_cards: 1 given" in said and "(rulebook: Game Components)" in said
    assert "components.alliance_cards[1]" in said and "unobtainium" in said


# --- the deal, step by step (rulebook: Setting Up) ------------------------------------------------------


def test_deal_chooses_one_level_tile_at_random_for_each_level():
    """Setting Up 3: "Choose one Level Tile randomly for each of the 4 Levels"."""
    seen = [Counter() for _ in range(SPEC.level_count)]
    for seed in range(200):
        answers, _ = dealt(seed)
        for k in range(SPEC.level_count):
            assert answers[f"level_tiles.{k}"] in KNOWN.level_tiles[k]
            seen[k][answers[f"level_tiles.{k}"]] += 1
    assert all(set(s) == set(KNOWN.level_tiles[k]) for k, s in enumerate(seen))  # each tile can come


def test_deal_stacks_each_levels_tokens_highest_on_top():
    """Setting Up 4-5: the tokens sorted by level, "in descending order (the highest points go on top)"."""
    answers, lines = dealt(3)
    for k, values in enumerate(KNOWN.taj_tokens):
        assert answers[f"token_stacks.{k}"] == " ".join(map(str, sorted(values, reverse=True)))
    assert any("highest on top" in line and "Setting Up 4-5" in line for line in lines)


def test_deal_gives_each_player_their_own_starting_resource_card():
    """Setting Up 9: shuffle the Starting Resource cards, each player collects one card's resources
    (the cards are drawn without putting one back: two players never hold the same card)."""
    for seed in range(50):
        answers, lines = dealt(seed)
        given = [answers[f"players.{k}.resources"] for k in range(len(NAMES))]
        assert not Counter(given) - Counter(KNOWN.starting_resources)
        assert sum("Asha takes the Starting Resource card" in line for line in lines) == 1


def test_deal_lays_out_the_whole_bazaar_and_alliance_decks_shuffled():
    """The 24 Bazaar cards: 12 on the grid (The Bazaar Grid: numbered 1 to 12), the rest the draw
    pile Bazaar Change draws from; the 9 Alliance cards: one on each Alliance slot, the rest the deck
    the Replenish Phase draws from. Every card of the copy is dealt once."""
    from tajkit.solver.karigar.play import read_card, read_offer

    bazaar_copy = as_set([read_card(SPEC, "c", line, None) for line in KNOWN.bazaar_cards], "card")
    alliance_copy = as_set([read_offer(SPEC, "c", line, None) for line in KNOWN.alliance_cards], "space")
    firsts = Counter()
    for seed in range(100):
        answers, _ = dealt(seed)
        setup = setup_of(answers)
        assert len(setup["bazaar"]) == 12 and len(setup["bazaar_deck"]) == 12 and len(setup["alliance_deck"]) == 7
        assert as_set(setup["bazaar"], "card") + as_set(setup["bazaar_deck"], "card") == bazaar_copy
        assert as_set(setup["alliances"], "space") + as_set(setup["alliance_deck"], "space") == alliance_copy
        firsts[answers["bazaar.0"]] += 1
    assert len(firsts) > 10  # shuffled, not the copy's order


def test_deal_never_draws_what_is_secret():
    """Setting Up 6 and 9: the Bakshish deck lies face down and each Blueprint is secret: the deal
    leaves both to the table (the record holds what the table has shown)."""
    answers, lines = dealt(5)
    assert not any("blueprint" in k or "bakshish_deck" in k for k in answers)
    assert any("Bakshish" in line and "secret" in line for line in lines)
    assert any("Blueprint" in line and "in secret" in line for line in lines)
    state = started(answers)
    assert all(s.blueprint is None for s in state.seats) and set(state.bakshish_pile) == {None}


def test_a_dealt_setup_starts_the_game_with_what_was_dealt():
    answers, lines = dealt(7)
    state = started(answers)
    assert [s.name for s in state.seats] == NAMES
    assert len(state.pile) == BAZAAR_CARDS - len(SPEC.cards) and len(state.alliance_pile) == ALLIANCE_CARDS - 2
    assert sum(line.startswith("Bazaar card ") for line in lines) == len(SPEC.cards)


# --- the pickers -------------------------------------------------------------------------------------------


def test_with_a_copy_every_component_question_is_a_picker_of_its_components():
    questions = {q.key: q for q in PLAY.setup_questions(NAMES)}
    assert [p.text for p in questions["bazaar.0"].picks] == list(KNOWN.bazaar_cards)
    assert not any(k.startswith(("bazaar_deck", "alliance_deck")) for k in questions)  # the rest of the copy
    assert [p.text for p in questions["alliances.1"].picks] == list(KNOWN.alliance_cards)
    assert [p.text for p in questions["level_tiles.2"].picks] == list(KNOWN.level_tiles[2])
    assert [p.text for p in questions["players.0.resources"].picks] == list(KNOWN.starting_resources)
    stack = questions["token_stacks.0"]  # known, not random: the copy's, preselected (Setting Up 4-5, highest on top)
    assert stack.default == "4 3 2" and stack.slots == ("top", "middle", "bottom")
    assert [p.text for p in stack.picks] == [str(v) for v in range(15, 0, -1)]  # a token's value, picked
    label = questions["bazaar.0"].picks[0].label
    assert re.match(r"(Blue|Yellow): earn ", label)  # the colour in words, never a colour alone
    for q in questions.values():
        for p in q.picks if not q.slots else ():
            q.read(p.text)  # every pick of a whole answer reads as typed
    assert stack.read(" ".join(p.text for p in stack.picks[:3])) == [15, 14, 13]  # a slot's picks, joined


def client(tmp_path, data):
    companion = Companion(folder=tmp_path, data=data, lan=False)
    return TestClient(create_app(companion), follow_redirects=False), companion


def fields_of(html: str) -> dict[str, str]:
    """The form's answers as a phone posts them: text fields' values and each picker's chosen option."""
    html = unescape(html)
    fields = dict(re.findall(r'<input type="text" id="[^"]*" name="(q_[^"]+)" value="([^"]*)"', html))
    fields = {name: value for name, value in fields.items() if value or "token_stacks" not in name}  # a stack is picked
    for name, options in re.findall(r'<select id="[^"]*" name="([qs]_[^"]+)"[^>]*>(.*?)</select>', html, re.DOTALL):
        chosen = re.search(r'<option value="([^"]*)" selected>', options)
        fields[name] = chosen.group(1) if chosen else ""
    for name in set(re.findall(r'<input type="radio" name="(q_[^"]+)"', html)):  # a few picks: buttons
        chosen = re.search(rf'<input type="radio" name="{re.escape(name)}" value="([^"]*)" checked>', html)
        fields[name] = chosen.group(1) if chosen else ""
    return fields


def pickers(html: str) -> int:
    """The pickers of a page's components: lists, and sets of a few buttons (the Level tiles: 4 of a
    copy); not the token stacks' pickers of a value (``s_token_stacks``)."""
    return html.count('<select id="q_') + html.count('<fieldset class="picks"')


def test_deal_for_us_on_the_phones_fills_the_pickers_and_starts_the_game(tmp_path):
    """The parametrised route test of every game's deal, for Karigar with a copy's components."""
    web, companion = client(tmp_path, COPY)
    names = {"name0": "Asha", "name1": "Babur", "name2": "Chen"}
    assert "Deal for us" in web.get("/new/karigar").text
    page = web.post("/new/karigar", data={"token": companion.token, "deal": "1", **names})
    assert page.status_code == 200 and "Dealt by tajkit" in page.text
    fields = fields_of(page.text)
    assert len(fields) == 22 + 12 and all(fields.values())  # 12: each level's 3 tokens
    assert pickers(page.text) == 21  # all but the token stacks and the Bakshish count; the decks are the rest
    made = web.post("/new/karigar", data={"token": companion.token, "asked": "1", **names, **fields})
    assert made.status_code == 303, made.text
    setup = read_record(tmp_path / f"{made.headers['location'].rsplit('/', 1)[1]}.toml", "karigar").setup
    assert [p["name"] for p in setup["players"]] == ["Asha", "Babur", "Chen"]
    assert len(setup["bazaar"]) + len(setup["bazaar_deck"]) == BAZAAR_CARDS


def test_without_a_copy_the_page_offers_no_deal_and_keeps_the_text_fields(tmp_path):
    web, companion = client(tmp_path, None)
    page = web.post("/new/karigar", data={"token": companion.token, "name0": "Asha", "name1": "Babur"})
    assert "Deal for us" not in page.text and not pickers(page.text)
    assert 'name="q_bazaar.0"' in page.text


def test_an_answer_not_among_the_picks_is_kept_and_refused_in_words(tmp_path):
    """Nothing typed is silently lost: a posted text outside the copy (a hand-made form) comes back
    selected in its picker, with the reader's refusal."""
    web, companion = client(tmp_path, COPY)
    names = {"name0": "Asha", "name1": "Babur"}
    page = web.post("/new/karigar", data={"token": companion.token, "deal": "1", **names})
    fields = fields_of(page.text) | {"q_bazaar.0": "purple earn 1 wood; 1 wood>1 silver"}
    made = web.post("/new/karigar", data={"token": companion.token, "asked": "1", **names, **fields})
    assert made.status_code == 422 and "no colour of a Bazaar card" in made.text
    assert fields_of(made.text)["q_bazaar.0"] == "purple earn 1 wood; 1 wood>1 silver"


def test_a_drawn_bazaar_card_is_picked_on_the_phones_not_retyped(tmp_path):
    """Bazaar Change: the card that replaces a built section's Bazaar card comes from the draw pile,
    whose cards the setup holds (dealt or picked), so a phone offers each of them as a button."""
    from tajkit.solver.karigar.state import Draw
    from tajkit.solver.protocol import random_action
    from tajkit.solver.session import Session

    answers, _ = dealt(11)
    state = started(answers)
    setup = setup_of(answers)
    rules, rng, events = PLAY.rules, random.Random(11), []
    while not (state.draws and state.draws[0][0] == "bazaar"):
        action = random_action(rules, state, rng)
        events.append(rules.format(state, action))
        state = rules.apply(state, action)
    Session.start(GAME, SPEC, tmp_path / "drawn.toml", setup).apply(*events)
    web, _ = client(tmp_path, COPY)
    page = unescape(web.get("/g/drawn").text)
    offered = set(re.findall(r'<button name="event" value="(card \d+ = [^"]+)"', page))
    assert offered == {rules.format(state, a) for a in rules.legal_actions(state) if isinstance(a, Draw)}
    assert len(offered) == len(set(state.pile)) > 1


def test_a_card_laid_out_more_often_than_the_copy_has_it_is_refused(tmp_path):
    """The draw pile is the copy's cards not on the board: a card picked for two places (one card
    of the copy) leaves the pile a card short, so it is refused in words, nothing recorded."""
    answers, _ = dealt(2)
    answers["bazaar.1"] = answers["bazaar.0"]
    twice = Counter(answers[f"bazaar.{k}"] for k in range(12))[answers["bazaar.0"]]
    if twice <= Counter(KNOWN.bazaar_cards)[answers["bazaar.0"]]:
        pytest.skip("the copy holds this card twice")
    with pytest.raises(BadInput, match="Bazaar card 2: your copy has no more of this card"):
        setup_of(answers)
    web, companion = client(tmp_path, COPY)
    names = {"name0": "Asha", "name1": "Babur", "name2": "Chen"}
    page = web.post("/new/karigar", data={"token": companion.token, "deal": "1", **names})
    fields = fields_of(page.text)
    fields["q_bazaar.1"] = fields["q_bazaar.0"]
    made = web.post("/new/karigar", data={"token": companion.token, "asked": "1", **names, **fields})
    assert made.status_code == 422 and "your copy has no more of this card" in made.text
    assert not list(tmp_path.glob("*.toml"))
