"""Karigar-e-Taj at the table (``solver/karigar/play.py``): the setup a table types from its
components, the hint position at the start of a turn, the events that play the hint's first turn,
the table as text and as the file ``tajkit score`` reads; against the rulebook karigar-e-taj.txt."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest
from protocol_check import check_hint_answer
from tajkit.solver.errors import BadInput
from tajkit.solver.karigar import GAME
from tajkit.solver.karigar.files import read_hint_position
from tajkit.solver.karigar.state import ACT, AFTER, REVEAL, TURN, KarigarState
from tajkit.solver.karigar.spec import counts, describe
from tajkit.solver.protocol import CHANCE, HintAnswer, Record, random_action, replay
from tajkit.solver.protocol import played as played_texts
from tajkit.solver.session import setup_from_answers

SPEC = GAME.load_spec()
PLAY = GAME.play(SPEC)
RULES = PLAY.rules
HINT_DEFAULTS = {o.name: o.default for o in GAME.hint.options}
HIDDEN = ("blueprint_sections", "blueprint_bonus", "bakshish_deck")


# --- helpers -----------------------------------------------------------------------------------------


def bag(amounts: dict) -> str:
    return describe(SPEC, counts(SPEC, amounts), empty="nothing", joiner="+")


def card_line(card: dict) -> str:
    options = " or ".join(f"{bag(o['give'])}>{bag(o['get'])}" for o in card["exchange"])
    return f"{card['colour']} earn {bag(card['earn'])}; {options}"


def offer_line(offer: dict) -> str:
    return f"{offer['points']}pt for {bag(offer['cost'])}"


def typed_answers(setup: dict) -> dict[str, str]:
    """What a table types for ``setup``'s components, by question key (nothing behind a screen)."""
    lines = {f"players.{k}.resources": bag(p["resources"]) for k, p in enumerate(setup["players"])}
    lines |= {f"level_tiles.{k}": bag(t) for k, t in enumerate(setup["level_tiles"])}
    lines |= {f"token_stacks.{k}": " ".join(map(str, s)) for k, s in enumerate(setup["token_stacks"])}
    lines |= {f"bazaar.{k}": card_line(c) for k, c in enumerate(setup["bazaar"])}
    lines |= {f"alliances.{k}": offer_line(o) for k, o in enumerate(setup["alliances"])}
    lines |= {f"bazaar_deck.{k}": card_line(c) for k, c in enumerate(setup["bazaar_deck"])}
    lines |= {f"alliance_deck.{k}": offer_line(o) for k, o in enumerate(setup["alliance_deck"])}
    return lines


def typed_setup(setup: dict, **changed: str) -> dict:
    """The setup a session builds from the typed answers (each question's default where none is typed)."""
    names = [p["name"] for p in setup["players"]]
    lines = typed_answers(setup) | changed
    answers = {q.key: q.read(lines.get(q.key, q.default)) for q in PLAY.setup_questions(names)}
    return setup_from_answers(PLAY.players_setup(names), answers)


def public(setup: dict) -> dict:
    """``setup`` without what is behind the screens."""
    out = {k: v for k, v in setup.items() if k not in HIDDEN}
    out["players"] = [{k: v for k, v in p.items() if k not in HIDDEN} for p in setup["players"]]
    return out


@cache
def played(seed: int, players: int = 3) -> tuple[Record, tuple[KarigarState, ...], tuple]:
    """A seeded random game: its record, every state and every action (``random_game``'s loop,
    keeping the states: a replay would parse every event again)."""
    rng = random.Random(f"karigar play {seed}")
    setup = RULES.random_setup(rng, players)
    state = RULES.start(setup)
    states, actions, events = [state], [], []
    while RULES.to_act(state) is not None:
        action = random_action(RULES, state, rng)
        events.append(RULES.format(state, action))
        state = RULES.apply(state, action)
        states.append(state)
        actions.append(action)
    return Record("karigar", setup, tuple(events)), tuple(states), tuple(actions)


def game(seed: int, players: int = 3) -> tuple[Record, tuple[KarigarState, ...]]:
    record, states, _ = played(seed, players)
    return record, states


def turn_starts(states: tuple[KarigarState, ...]) -> list[KarigarState]:
    return [s for s in states if RULES.to_act(s) not in (None, CHANCE) and s.phase == TURN and s.main is None
            and not s.built_now]


def hint(state: KarigarState) -> HintAnswer:
    return PLAY.hint(state, RULES.to_act(state), {}, HINT_DEFAULTS)


def hinted_events(state: KarigarState, answer: HintAnswer) -> list[tuple[str, ...]]:
    """Each move the hint ranks as the events that play it (what ``take N`` records)."""
    return [played_texts(RULES, state, move.actions) for move in answer.moves]


def apply_all(state: KarigarState, events: tuple[str, ...]) -> KarigarState:
    for text in events:
        state = RULES.apply(state, RULES.parse(state, text))
    return state


SETUP = RULES.random_setup(random.Random(5), 3)
HAND_MADE = {  # a table's own setup, typed: every Bazaar card alike, so the first turns are known
    "players.0.resources": "1 wood", "players.1.resources": "1 mortar",
    **{f"level_tiles.{k}": "1 wood+1 mortar" for k in range(4)},
    **{f"token_stacks.{k}": f"{k + 4} {k + 3} {k + 1}" for k in range(4)},
    **{f"bazaar.{k}": "blue earn 1 wood+1 mortar; 1 wood>1 silver or 1 mortar>1 silver" for k in range(12)},
    "alliances.0": "2pt for 1 gems", "alliances.1": "A2 = 1pt for 1 wood",
    **{f"bazaar_deck.{k}": "yellow earn 1 marble+1 gems; 1 marble>2 gold" for k in range(12)},
    **{f"alliance_deck.{k}": "3pt for 2 marble" for k in range(7)},
}


def hand_made_setup() -> dict:
    names = ["Asha", "Bela"]
    answers = {q.key: q.read(HAND_MADE.get(q.key, q.default)) for q in PLAY.setup_questions(names)}
    return setup_from_answers(PLAY.players_setup(names), answers)


# --- the setup ---------------------------------------------------------------------------------------


def test_the_typed_setup_starts_the_game_the_components_lay_out() -> None:
    """Setting Up 3-9: the Level tiles, the token stacks, the Bazaar as it lies, the Alliance cards,
    each player's Starting Resource card, typed a line each, give the game the same components in
    a file give (all but what is behind the screens)."""
    setup = typed_setup(SETUP)
    assert RULES.start(setup) == RULES.start(public(SETUP))


def test_the_record_notation_reads_in_the_setup_too() -> None:
    """A Bazaar card typed as the chance event writes it (``card 1 = ...``), an Alliance card as
    ``A1 = ...``, counts of 1 left out: the same card."""
    first = SETUP["bazaar"][0]
    short = card_line(first).replace("1 ", "")
    setup = typed_setup(SETUP, **{"bazaar.0": f"card 1 = {short}", "alliances.0": f"A1 = {offer_line(SETUP['alliances'][0])}"})
    assert RULES.start(setup) == RULES.start(public(SETUP))


def test_every_default_reads_and_the_bakshish_deck_is_the_rulebooks() -> None:
    """Game Components: 34 Bakshish cards, the one count a table need not type; the cards in the
    Bazaar draw pile and the Alliance deck are the components' 24 and 9 less those laid out."""
    questions = PLAY.setup_questions(["Asha", "Bela"])
    defaults = {q.key: q.read(q.default) for q in questions if q.default is not None}
    assert defaults == {"bakshish_cards": 34}
    keys = [q.key for q in questions]
    assert sum(k.startswith("bazaar_deck.") for k in keys) == 24 - 12
    assert sum(k.startswith("alliance_deck.") for k in keys) == 9 - 2
    assert len(keys) == len(set(keys))


def test_the_setup_never_asks_what_is_behind_a_screen() -> None:
    """Blueprint Cards are private objectives, Bakshish cards are kept secret: no question asks them."""
    keys = [q.key for q in PLAY.setup_questions(["Asha", "Bela", "Chand"])]
    assert not [k for k in keys if any(h in k for h in HIDDEN)]
    assert all(len(q.prompt) <= 60 for q in PLAY.setup_questions(["Asha", "Bela"]))


@pytest.mark.parametrize(("key", "typed", "says"), [
    ("players.0.resources", "1 wod+1 silver", "'wod' is no resource of the game (wood, sandstone, mortar, scaffolding, marble, gems, silver, gold); did you mean wood?"),
    ("players.0.resources", "two wood", "'two wood' is not a count and a resource"),
    ("level_tiles.1", "nothing", "level 2's Level tile = 'nothing': give what one section of the level costs (rulebook: Level Tiles)"),
    ("level_tiles.0", "21 wood", "level 1's Level tile: "),
    ("token_stacks.2", "2 4 5", "level 3's Taj point tokens = '2 4 5': 3 tokens stacked in descending order, highest on top (rulebook: Setting Up 4-5)"),
    ("token_stacks.0", "5 4", "3 tokens stacked in descending order"),
    ("token_stacks.0", "5 4 x", "give each token's value, a whole number"),
    ("bazaar.0", "green earn 1 wood; 1 wood>1 silver or 1 mortar>1 silver", "'green' is no colour of a Bazaar card: blue or yellow"),
    ("bazaar.0", "blue earn 1 wood; 1 wood>1 silver", "Bazaar card 1: 1 exchange options on a blue card, which has 2 (rulebook: Exchanging Basic Resources)"),
    ("bazaar.2", "yellow earn 1 gems; 1 marble>1 gold or 1 gems>1 gold", "Bazaar card 3: 2 exchange options on a yellow card, which has 1 (rulebook: Exchanging Precious resources)"),
    ("bazaar.0", "card 4 = blue earn 1 wood; 1 wood>1 silver or 1 mortar>1 silver", "this is the question for card 1, not card 4"),
    ("bazaar.0", "blue 1 wood 1 silver", "write its colour, its earn side, then its exchange options"),
    ("bazaar_deck.0", "blue earn 1 wood; 1 wood or 1 mortar>1 silver", "exchange option 1 ('1 wood') is what it takes > what it gives"),
    ("alliances.1", "for 1 gems", "the Alliance card on A2 = 'for 1 gems': write its Taj points and its price"),
    ("alliances.1", "A1 = 2pt for 1 gems", "this is the question for A2, not A1"),
    ("alliance_deck.3", "2pt for 1 gold+1 gemz", "did you mean gems?"),
    ("bakshish_cards", "many", "Bakshish cards = 'many': give how many lie in the deck, 0-60"),
])
def test_a_bad_answer_names_the_value_and_the_rule(key: str, typed: str, says: str) -> None:
    question = next(q for q in PLAY.setup_questions(["Asha", "Bela"]) if q.key == key)
    with pytest.raises(BadInput) as refused:
        question.read(typed)
    assert says in str(refused.value)
    assert all("\n" not in p for p in refused.value.problems)


# --- the hint position -------------------------------------------------------------------------------


def test_every_turns_start_is_a_position_the_hint_reads() -> None:
    """How to Play: each turn in the round (clockwise: Starting a New Round) is a position the hint
    reads as it stands: the Bazaar as it lies, who stands where, what the player holds, the Level
    tile of the level being built, and a hint report comes of one in the middle of the round."""
    for seed in range(3):
        _, states = game(seed, 2 + seed % 3)
        starts = turn_starts(states)
        assert len(starts) > 20
        for state in starts:
            data = PLAY.hint_position(state, RULES.to_act(state))
            situation = read_hint_position(SPEC, data)
            me = state.seats[state.seat]
            assert situation.name == me.name and situation.pos.holding == me.holding
            assert sorted(situation.pos.workers) == sorted(me.workers)
            assert situation.board.needs == state.tiles[situation.level - 1]
    middle = next(s for s in starts if s.seat != 0 and s.built)
    report = hint(middle).report
    assert report.json["player"] == middle.seats[middle.seat].name
    assert report.json["holding"] == {k: v for k, v in zip(SPEC.ids, middle.seats[middle.seat].holding) if v}


def test_a_hint_after_building_before_the_main_action() -> None:
    """Free Actions: a section built before the main action leaves the main action to play; its
    position is read (the build is done, the plan is for the move)."""
    for seed in range(4):
        _, states = game(seed)
        built_first = [s for s in states if s.phase == TURN and s.main is None and s.built_now and not s.draws]
        for state in built_first:
            try:
                data = PLAY.hint_position(state, RULES.to_act(state))
            except BadInput as refused:
                assert "builds once a turn (rulebook: Building the Taj Mahal)" in str(refused)
                continue
            read_hint_position(SPEC, data)
            return
    pytest.fail("no turn built before its main action")


def test_the_hint_reads_nothing_from_behind_the_screens() -> None:
    """Blueprint and Bakshish cards are secret: the same game typed without them gives the same
    hint positions, and the hint asks nothing (the resources follow from the events)."""
    record, states, actions = played(1)
    secret = [RULES.start(public(record.setup))]
    for action in actions:
        secret.append(RULES.apply(secret[-1], action))
    starts = {id(s) for s in turn_starts(states)}
    for full, shown in zip(states, secret):
        if id(full) in starts:
            assert not PLAY.hint_questions(shown, RULES.to_act(shown))
            assert PLAY.hint_position(full, RULES.to_act(full)) == PLAY.hint_position(shown, RULES.to_act(shown))
    with pytest.raises(BadInput, match="asks nothing from behind the screen"):
        PLAY.hint(turn_starts(states)[0], "Asha", {"blueprint": [1, 2, 3]}, HINT_DEFAULTS)


def test_a_lone_worker_left_on_a_yellow_card_gets_a_hint() -> None:
    """Bazaar Change under the seed's assumption "stay": a worker alone on a blue card that became
    yellow stays there; the position is read and the hint's turn moves it off, legally."""
    for seed in range(12):
        _, states = game(seed)
        for state in turn_starts(states):
            board = read_hint_position(SPEC, PLAY.hint_position(state, RULES.to_act(state))).board
            me = state.seats[state.seat]
            lone = [w for w, n in Counter(me.workers).items() if w >= 0 and n == 1 and board.spaces[w].yellow]
            if lone:
                (events,) = hinted_events(state, hint(state))
                apply_all(state, events)
                return
    pytest.fail("no lone worker on a yellow card in these games")


@pytest.mark.parametrize("where", ["moving", "acting", "after"])
def test_no_hint_in_the_middle_of_a_turn(where: str) -> None:
    """The hint plans whole turns (How to Play: the main action moves every worker): mid-turn it
    says to finish the turn or undo to its start."""
    _, states = game(0)
    wanted = {"moving": lambda s: s.phase == TURN and s.main is not None, "acting": lambda s: s.phase == ACT,
              "after": lambda s: s.phase == AFTER}[where]
    state = next(s for s in states if wanted(s) and not s.draws)
    with pytest.raises(BadInput) as refused:
        PLAY.hint_position(state, RULES.to_act(state))
    assert "no hint in the middle of a turn" in str(refused.value)
    assert "finish the turn under way (or undo to its start)" in str(refused.value)


def test_no_hint_when_chance_acts_for_another_or_at_the_end() -> None:
    """Bazaar Change: the card drawn is typed before anyone acts; a hint is for the player whose turn
    it is; Game End: the game ends the moment the last section is built, nothing to plan."""
    _, states = game(0)
    drawing = next(s for s in states if RULES.to_act(s) == CHANCE)
    with pytest.raises(BadInput, match="no hint now: chance draws the Bazaar card for place"):
        PLAY.hint_position(drawing, "Asha")
    start = turn_starts(states)[1]
    waiting = next(s.name for s in start.seats if s.name != RULES.to_act(start))
    with pytest.raises(BadInput, match=f"no hint for {waiting} now: it is {RULES.to_act(start)}'s turn"):
        PLAY.hint_position(start, waiting)
    showing = next(s for s in states if s.phase == REVEAL)
    for end in (showing, states[-1]):
        with pytest.raises(BadInput, match=r"no hint: the game is over \(rulebook: Game End"):
            PLAY.hint_position(end, "Asha")


# --- the hint's turn as events -----------------------------------------------------------------------


def check_plays(state: KarigarState) -> None:
    """The events of the hint's first turn are legal one after another and end where the report says."""
    answer = hint(state)
    check_hint_answer("karigar", state, RULES.to_act(state), answer)
    report, plays = answer.report, hinted_events(state, answer)
    plan = report.json["plan"]
    if report.json["turns"] == 0:  # built now: each open section the rules allow, the Blueprint's choice the player's
        assert plays and all(len(e) == 1 and e[0].startswith("build ") for e in plays)
        assert {e[0] for e in plays} == {t for t in legal_texts(state) if t.startswith("build ")}
        return
    if not plan:
        assert plays == []
        return
    (events,) = plays
    assert report.json["moves"][0]["events"] == list(events)  # --json says what take 1 records
    if report.json["turns"] is not None:  # the value: the turns to the build, exact where proven shortest
        assert answer.moves[0].value == report.json["turns"]
        assert answer.kind == ("exact" if report.json["proven"] else "bound")
    else:
        assert answer.moves[0].value == report.json["progress"]["end"]
    after = apply_all(state, events)
    me = after.seats[state.seat]
    first = plan[0]
    assert me.holding == counts(SPEC, first["holding"])  # the plan's "held after" is what the rules give
    spaces = PLAY._spaces(state)
    assert sorted(spaces[w].id for w in me.workers) == sorted(w["to"] for w in first["workers"])
    if first["elephant"] is not None:
        assert spaces[me.elephant].id == first["elephant"]["to"]
    if report.json["turns"] == 1:  # the build it leads to is the player's to choose: legal now
        assert RULES.to_act(after) == me.name and any(t.startswith("build") for t in legal_texts(after))
    else:
        assert RULES.to_act(after) != me.name or after.phase == TURN


def legal_texts(state: KarigarState) -> list[str]:
    return [RULES.format(state, a) for a in RULES.legal_actions(state)]


def test_the_hinted_turn_plays_as_events() -> None:
    """1.2 Movement of Workers (every worker moves, together where they go to one space), 1.1
    Acquiring Resources (what is done on each space): the hint's first turn as the protocol's
    events, each legal in turn, ending with what the plan says is held and where it says."""
    picked = []
    for seed in (0, 1):
        starts = turn_starts(game(seed)[1])
        picked += [starts[5], starts[len(starts) // 2]]
    for state in picked:
        check_plays(state)


def test_a_planned_sale_of_nothing_plays_as_nothing() -> None:
    """1.3 Trading Spaces: a worker that only passes through the Trade card sells nothing; the plan
    lists that as a sale of nothing, which the rules' events write ``T1 nothing``."""
    state = turn_starts(game(20, 4)[1])[20]
    answer = hint(state)
    assert {"space": "T1", "sell": {}} in answer.report.json["plan"][0]["acts"]
    (events,) = hinted_events(state, answer)
    assert "T1 nothing" in events
    check_plays(state)


def test_a_hand_made_game_and_the_second_players_hint() -> None:
    """A table's own record: Asha sends both workers to Bazaar card 1 (Starting a New Round: the
    starting player keeps both workers in one spot), earns wood and mortar, builds section 1
    (Building the Taj Mahal), and the replacement card is drawn; Bela's hint reads the new Bazaar."""
    setup = hand_made_setup()
    events = ("supply+supply>1L", "build 1", "card 1 = yellow earn 1 marble+1 gems; 1 marble>2 gold")
    states = replay(RULES, Record("karigar", setup, events)).states
    asha = states[-1].seats[0]
    assert asha.sections == (1,) and asha.tokens == (4,) and asha.holding == counts(SPEC, {"wood": 1})
    state = states[-1]
    assert RULES.to_act(state) == "Bela"
    data = PLAY.hint_position(state, "Bela")
    assert data["others"] == [{"name": "Asha", "workers": ["1L", "1L"]}]
    assert data["bazaar"][0]["colour"] == "yellow"
    check_plays(state)
    assert "Now: Bela builds, hires, or moves every worker" in PLAY.describe(state)


@pytest.mark.slow
def test_many_hinted_turns_play_as_events() -> None:
    """The same over many positions of many games, 2 to 4 players."""
    for seed in range(10):
        starts = turn_starts(game(seed, 2 + seed % 3)[1])
        for state in starts[:: max(1, len(starts) // 6)]:
            check_plays(state)


# --- the table as text and as a file ----------------------------------------------------------------


def test_describe_says_whose_turn_and_shows_the_table() -> None:
    """Whose turn and what is expected first, then each player's workers, Elephant, resources,
    sections and tokens, and the Bazaar as it lies, in 80 columns."""
    _, states = game(2)
    for state in (states[0], turn_starts(states)[9], next(s for s in states if s.phase == ACT), states[-1]):
        text = PLAY.describe(state)
        lines = text.splitlines()
        assert all(len(line) <= 80 for line in lines)
        who = RULES.to_act(state)
        assert lines[0].startswith("The game is over" if who is None else "Now: ")
        if who not in (None, CHANCE):
            assert who in lines[0]
        for seat in state.seats:
            assert any(line.startswith(f"{seat.name}: workers") for line in lines)
        assert "Bazaar:" in lines and any(line.startswith("  12 ") for line in lines)
    acting = next(s for s in states if s.phase == ACT)
    assert "This turn so far: " in PLAY.describe(acting)


def test_the_state_file_is_the_table_score_reads() -> None:
    """Game End: the finished table's file (tokens, Bakshish, Blueprint, Alliance cards, resources
    left) scores as the rules' standings do; mid-game it reads too."""
    states = game(3, 4)[1]
    middle = turn_starts(states)[len(turn_starts(states)) // 2]
    GAME.read_state(SPEC, PLAY.state_file(middle))
    final = PLAY.state_file(states[-1])
    scored = GAME.score(SPEC, GAME.read_state(SPEC, final))
    standings = RULES.standings(states[-1])
    assert [(p.name, p.total) for p in scored.players] == [(p.name, p.total) for p in standings.players]
    assert sum(p.total for p in scored.players) > 0
    assert not GAME.draws  # Karigar has no picture to draw (its drawing module draws the phones' board alone)
