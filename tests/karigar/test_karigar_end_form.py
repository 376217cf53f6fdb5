"""Karigar-e-Taj's end on a phone (issue 44: "its end is a short form per player"): at the Game End
each player shows their Blueprint card (its points and bonus) and their Bakshish cards' Taj points;
a phone asks it as one short form a player, recorded as the very events typed one by one (``Asha
blueprint 4``, ``Asha bonus 0``, ``Asha bakshish 2``…), so old records replay unchanged; against
the rulebook karigar-e-taj.txt, Game End."""

from __future__ import annotations

import random
import re

import pytest
from starlette.testclient import TestClient

from tajkit.cli.web.app import Companion, create_app
from tajkit.solver.errors import BadInput
from tajkit.solver.karigar import GAME
from tajkit.solver.karigar.state import REVEAL
from tajkit.solver.protocol import Record, random_action, replay
from tajkit.solver.session import Session, read_record

SPEC = GAME.load_spec()
PLAY = GAME.play(SPEC)
RULES = PLAY.rules
HIDDEN = ("blueprint_sections", "blueprint_bonus")


def to_the_end(seed: int = 9, hidden: bool = True) -> tuple[dict, list[str]]:
    """A setup (the screens' contents left out when ``hidden``: a real table's) and the events of a
    random game up to the Game End, where the players show their cards."""
    setup = RULES.random_setup(random.Random(seed), 2)
    if hidden:
        del setup["bakshish_deck"]
        for p in setup["players"]:
            for key in HIDDEN:
                del p[key]
    state, events, rng = RULES.start(setup), [], random.Random(seed)
    while state.phase != REVEAL:
        action = random_action(RULES, state, rng)
        events.append(RULES.format(state, action))
        state = RULES.apply(state, action)
    return setup, events


def typed_form(form, values: dict[str, int]) -> dict[str, object]:
    return {q.key: q.read(str(values.get(q.key, q.default or ""))) for q in form.questions}


def test_the_form_asks_each_hidden_value_once_and_records_the_typed_events():
    """Game End: each player adds "Bakshish cards which award Taj Points" and "Blueprint card points
    (and any bonus)": one field a value, the events the same as typed one at a time."""
    setup, events = to_the_end()
    state = replay(RULES, Record("karigar", setup, tuple(events))).state
    me = state.seats[state.seat]
    form = PLAY.event_form(state)
    assert form is not None and form.who == me.name
    keys = [q.key for q in form.questions]
    assert keys[:2] == ["blueprint0", "bonus1"] and len(keys) == 2 + len(me.bakshish)
    assert all(q.numeric for q in form.questions)
    values = {"blueprint0": 4, "bonus1": 3} | {k: n % 3 for n, k in enumerate(keys[2:])}
    shown = form.events(typed_form(form, values))
    cards = " ".join(f"{me.name} bakshish {n % 3}" for n in range(len(me.bakshish)))
    assert " ".join(shown) == f"{me.name} blueprint 4 {me.name} bonus 3 {cards}".strip()
    one_by_one = replay(RULES, Record("karigar", setup, tuple(events) + shown)).state
    assert one_by_one.seat == state.seat + 1 and one_by_one.seats[0].shown == (4, 3, *(n % 3 for n in range(len(me.bakshish))))


def test_what_the_table_knows_is_filled_in_not_asked():
    """Blueprint Cards: the bonus needs every section of the card built; with full information
    (the deck and Blueprints in the setup) a Bakshish card's points are the card drawn."""
    setup, events = to_the_end(seed=4, hidden=False)
    state = replay(RULES, Record("karigar", setup, tuple(events))).state
    form = PLAY.event_form(state)
    me = state.seats[state.seat]
    assert [q.key for q in form.questions] == ["blueprint0"]  # the bonus and every Bakshish card are known
    shown = form.events(typed_form(form, {"blueprint0": 5, "bonus1": me.bonus or 0}))
    assert len(shown) == 2 + len(me.bakshish)
    replay(RULES, Record("karigar", setup, tuple(events) + shown))  # legal, every one


def test_a_value_the_rules_refuse_is_said_in_words():
    setup, events = to_the_end()
    state = replay(RULES, Record("karigar", setup, tuple(events))).state
    blueprint = PLAY.event_form(state).questions[0]
    for typed, said in (("four", "a whole number"), ("100", "100"), ("-1", "0-99")):
        with pytest.raises(BadInput) as refused:
            blueprint.read(typed)
        assert said in " ".join(refused.value.problems)


def test_no_form_before_the_end():
    setup, events = to_the_end()
    state = replay(RULES, Record("karigar", setup, tuple(events[:-1]))).state
    assert PLAY.event_form(state) is None


# --- on the phones ----------------------------------------------------------------------------------------


def started(tmp_path) -> tuple[TestClient, Companion, str, dict, list[str]]:
    setup, events = to_the_end()
    session = Session.start(GAME, SPEC, tmp_path / "end.toml", setup)
    session.apply(*events)
    companion = Companion(folder=tmp_path, data=None, lan=False)
    return TestClient(create_app(companion), follow_redirects=False), companion, "end", setup, events


def test_each_player_shows_their_cards_in_one_form_on_the_phones(tmp_path):
    web, companion, name, setup, events = started(tmp_path)
    page = web.get(f"/g/{name}")
    first = setup["players"][0]["name"]
    assert f"Show {first}&#39;s cards" in page.text or f"Show {first}'s cards" in page.text
    fields = re.findall(r'name="(f_[^"]+)"', page.text)
    assert fields[:2] == ["f_blueprint0", "f_bonus1"] and 'inputmode="numeric"' in page.text
    answers = {f: "1" for f in fields}
    posted = web.post(f"/g/{name}/form", data={"token": companion.token, "who": first, **answers},
                      headers={"HX-Request": "true"})
    assert posted.status_code == 200
    record = read_record(tmp_path / f"{name}.toml", "karigar")
    assert record.events[len(events):] == tuple(f"{first} {what} 1" for what in
                                                ["blueprint", "bonus"] + ["bakshish"] * (len(fields) - 2))
    second = setup["players"][1]["name"]
    assert f"Show {second}" in web.get(f"/g/{name}").text


def test_a_form_with_a_wrong_value_records_nothing_and_says_why(tmp_path):
    web, companion, name, setup, events = started(tmp_path)
    first = setup["players"][0]["name"]
    for answers in ({"f_blueprint0": "lots"}, {"f_blueprint0": ""}, {"f_blueprint0": "3", "f_bonus1": "1000"},
                    {"f_blueprint0": "\u0663"}, {"f_blueprint0": "9" * 60}, {"f_blueprint0": "<script>x</script>"}):
        posted = web.post(f"/g/{name}/form", data={"token": companion.token, "who": first, **answers},
                          headers={"HX-Request": "true"})
        assert posted.status_code == 422 and "Blueprint" in posted.text and "<script>x" not in posted.text
        assert read_record(tmp_path / f"{name}.toml", "karigar").events == tuple(events)
    gone = web.post(f"/g/{name}/form", data={"token": companion.token, "who": "Nobody", "f_blueprint0": "3"},
                    headers={"HX-Request": "true"})
    assert gone.status_code == 422 and "moved on" in gone.text


def test_an_old_record_ended_event_by_event_still_replays(tmp_path):
    """Nothing changed in the notation: a record whose end was typed one event at a time (before
    the form) replays to the same final scores."""
    setup, events = to_the_end()
    state = replay(RULES, Record("karigar", setup, tuple(events))).state
    typed = list(events)
    while RULES.to_act(state) is not None:
        action = RULES.legal_actions(state)[2]  # the value 2, card after card
        typed.append(RULES.format(state, action))
        state = RULES.apply(state, action)
    assert all(re.fullmatch(r"\w+ (blueprint|bonus|bakshish) 2", t) for t in typed[len(events):])
    again = replay(RULES, Record("karigar", setup, tuple(typed)))
    assert again.state == state and RULES.to_act(again.state) is None


def test_a_form_posted_where_the_game_has_none_is_refused_in_words(tmp_path):
    """Hostile input: a form's answers posted to a game at no form's moment (an Artisans game, or a
    Karigar game mid-turn) record nothing and say so; without the token, nothing is read."""
    setup, events = to_the_end()
    Session.start(GAME, SPEC, tmp_path / "mid.toml", setup).apply(*events[:5])
    companion = Companion(folder=tmp_path, data=None, lan=False)
    web = TestClient(create_app(companion), follow_redirects=False)
    posted = web.post("/g/mid/form", data={"token": companion.token, "who": "Asha", "f_blueprint0": "3"},
                      headers={"HX-Request": "true"})
    assert posted.status_code == 422 and "moved on" in posted.text
    assert web.post("/g/mid/form", data={"who": "Asha"}).status_code == 403
    assert read_record(tmp_path / "mid.toml", "karigar").events == tuple(events[:5])
