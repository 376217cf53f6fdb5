"""Artisans of the Taj Mahal at the table (``tajkit play artisans``): the game's side of a session
(``TablePlay`` in ``solver/protocol.py``), over its rules protocol (:mod:`.protocol`).

Rulebook (Playing the Game): one roll a turn for the whole table, then every player uses it on
their own sheet. The protocol takes the players in seat order, but any player who has not used the
roll yet may enter their use of it at once (``Ben: dome middle 5``; the phones offer each their own
choices: ``ahead_events``) or ask for a hint (``hint all``): from their own sheet with the same
roll, the other sheets as they stand. Nothing is hidden, so a hint asks nothing more.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from tajkit.solver import numbers
from tajkit.solver.artisans import files
from tajkit.solver.artisans.files import Player
from tajkit.solver.artisans.notation import Ahead
from tajkit.solver.artisans.protocol import ArtisansRules, Table, rules_for
from tajkit.solver.artisans.rules import EMPTY, Move
from tajkit.solver.artisans.spec import Feature, Spec
from tajkit.solver.errors import BadInput
from tajkit.solver.protocol import CHANCE, ESTIMATE, EXACT, Advice, HintAnswer, Question, TablePlay
from tajkit.solver.ranking import join_names, plural

CONFIRM_FROM = 3  # a use marking this many raindrops or more is confirmed on the phones (a tajkit choice, not a rule)
NOT_GIVEN = "-"  # the answer for an age the player keeps to themselves
WIDTH = 80  # a terminal at the table


class ArtisansPlay(TablePlay):
    virtual_chance = "roll"  # rulebook, Setting Up: "you can ... use a pair of virtual dice"
    notation = ("the table's roll: roll 4 6. A player's use of it: the feature, the box and the value, dome middle 5 "
                "(the box may be left out when one is empty), with water after it to water a tree (waterway top 3 "
                "water), or nothing; the raindrops it costs are shown, dome middle 5 (1 drop). A later player's use "
                "before their turn: Ben: dome middle 5")

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.rules: ArtisansRules = rules_for(spec)

    # --- setup: the names, then each player's age ------------------------------------------------

    def players_setup(self, names: Sequence[str]) -> dict[str, Any]:
        return {"players": [{"name": name} for name in names]}

    def setup_questions(self, names: Sequence[str]) -> Sequence[Question]:
        """Each player's age, for the last tie-break (rulebook: Scoring, "the youngest player
        wins"); optional, as in a state file: left empty (or ``-``) it is left out."""
        return tuple(
            Question(
                key=f"players.{seat}.age",
                prompt=f"{name}'s age",
                read=partial(self._read_age, name),
                help="a whole number; the youngest wins the last tie (rulebook: Scoring); leave it empty if not given",
                default="",
                numeric=True,
            )
            for seat, name in enumerate(names)
        )

    def _read_age(self, name: str, text: str) -> int | None:
        """The age typed, or ``None`` when not given (the session leaves the key out: a record has
        no null). Checked by the setup's own reader, so its words and limits are the state file's."""
        typed = text.strip()
        if typed in ("", NOT_GIVEN):
            return None
        # a number is read as every number typed is; other text is refused in the setup reader's words
        age: int | str = numbers.whole_number(typed, f"{name}'s age") if numbers.looks_numeric(typed) else typed
        self.rules.start({"players": [{"name": name, "age": age}]})
        return int(age)

    # --- hints -------------------------------------------------------------------------------------

    def hint_questions(self, state: Table, player: str) -> Sequence[Question]:
        return ()  # every sheet and the dice are on the table

    def hint(self, state: Table, player: str, answers: Mapping[str, Any], options: Mapping[str, Any]) -> HintAnswer:
        """``player``'s best uses of the roll (any player who has not used it yet, not only the one
        whose turn it is), from every sheet as it stands: a later player sees an earlier one's use,
        and if it ends the game, the hint knows it is the last turn. Each move is the event that
        plays it: in the player's turn, or entered ahead of it (``Ben: dome middle 5``)."""
        from tajkit.solver.artisans import hint

        self._check_may_use_roll(state, player)
        given = options.get("roll")
        if given is not None and tuple(sorted(given)) != tuple(sorted(state.roll)):  # type: ignore[arg-type]
            a, b = state.roll  # type: ignore[misc]
            raise BadInput(f"--roll {given[0]} {given[1]}: the table rolled {a} {b} (the game's record holds the roll)")
        moved = [p.name for seat, p in enumerate(state.players) if seat not in state.still_to_use()]
        ranking, report = hint.answer(self.spec, state.players, self._player(state, player), state.roll, moved, options)
        seat = [p.name for p in state.players].index(player)
        moves = []
        for valued in ranking.moves[:options.get("top") or 5]:  # as many as the report lists
            entered = self._entered(state, seat, valued.move)
            moves.append(Advice((entered,), valued.value, None if valued.exact else valued.error,
                                self.rules.format(state, entered)))
        return HintAnswer(player, tuple(moves), ranking.meaning, EXACT if ranking.exact else ESTIMATE, report)

    def position_state(self, data: Mapping[str, Any], options: Mapping[str, Any]) -> tuple[Table, str, dict[str, Any]]:
        """A position file (every sheet as it stands), with ``--roll`` and ``--moved`` (the players
        who have used it: the others still use it this turn, in seat order) as the table's state."""
        from tajkit.solver.artisans import hint

        roll = options.get("roll")
        if roll is None:
            raise BadInput("--roll A B: give the two dice just rolled (e.g. --roll 4 6); a game record holds them")
        players = files.read_state(self.spec, dict(data), finished=False)
        chosen = files.pick_player(players, options.get("player"))
        hint.check_position(self.spec, chosen.name, chosen.sheet, roll)
        me, others = hint.seats(self.spec, players, chosen, options.get("moved") or ())
        used = {seat for seat, p in enumerate(players) if any(o.name == p.name and o.moved for o in others)}
        first = min(seat for seat in range(len(players)) if seat not in used)
        table = Table(tuple(players), tuple(roll), first, 1, frozenset(s for s in used if s > first))
        return table, chosen.name, {}

    @staticmethod
    def _entered(state: Table, seat: int, move: Move) -> Move | Ahead:
        """The move as ``seat`` enters it now: in its turn, or ahead of it (``Ben: ...``)."""
        return move if seat == state.seat else Ahead(seat, move)

    def _check_may_use_roll(self, state: Table, player: str) -> None:
        """A hint (and the events it lists) needs a roll that ``player`` has not used yet."""
        who = self.rules.to_act(state)
        if who is None:
            raise BadInput("the game is over (rulebook: End of the Game): there is no move left to hint")
        if who == CHANCE:
            raise BadInput("roll the dice first: type roll A B (rulebook: Playing the Game, one roll a turn for the "
                           "whole table)")
        names = [p.name for p in state.players]
        if player not in names:
            raise BadInput(f"{player!r} is not at the table: the players are {join_names(names)}")
        if names.index(player) not in state.still_to_use():
            a, b = state.roll  # type: ignore[misc]
            still = [names[s] for s in state.still_to_use()]
            raise BadInput(f"{player} has used the roll {a} {b} already (rulebook: Playing the Game, each player uses "
                           f"the roll once); still to use it: {join_names(still)}")

    def actor(self, state: Table, action: Any) -> str:
        """A use of the roll entered ahead of one's turn is that player's (``Ben: dome 5``)."""
        return state.players[action.seat].name if isinstance(action, Ahead) else state.players[state.seat].name

    def taps(self, state: Table, action: Any) -> tuple[str, ...]:
        """On the phones: the feature on the sheet (its id, a target of ``sheets.artisans.board``),
        then the box, then the value with its raindrops ("5 — free", "4 and water a tree — 2
        raindrops"); writing nothing is a button beside the sheet."""
        move = action.move if isinstance(action, Ahead) else action
        if not isinstance(move, Move):
            return ()
        cost = "free" if not move.raindrops else plural(move.raindrops, "raindrop")
        if move.skip:
            return (f"Write nothing — {cost}",)
        feature = self.spec.by_id[move.feature]  # type: ignore[index]
        water = " and water a tree" if move.water_tree else ""
        return (feature.id, f"{feature.boxes[move.box]} box", f"{move.value}{water} — {cost}")  # type: ignore[index]

    def confirm(self, state: Table, action: Any) -> str | None:
        """A use that marks several raindrops is asked once more (a slip of the finger must not
        spend a third of them): "This marks 3 raindrops: 12 of your 15 left"."""
        move = action.move if isinstance(action, Ahead) else action
        if not isinstance(move, Move) or move.raindrops < CONFIRM_FROM:
            return None
        seat = action.seat if isinstance(action, Ahead) else state.seat
        left = state.players[seat].sheet.raindrops_left(self.spec)
        return (f"This marks {plural(move.raindrops, 'raindrop')}: {left - move.raindrops} of your "
                f"{self.spec.raindrops} left.")

    def ahead_events(self, state: Table) -> dict[str, list[str]]:
        """Every player after the one to act who has not used the roll yet, with the events that
        use it on their own sheet now (``Ben: dome middle 5``): at a table of phones everyone
        writes at once."""
        if self.rules.to_act(state) in (None, CHANCE):
            return {}
        return {state.players[seat].name: [self.rules.format(state, Ahead(seat, move))
                                           for move in self.rules.legal_actions(replace(state, seat=seat))]
                for seat in state.still_to_use()[1:]}

    @staticmethod
    def _player(state: Table, name: str) -> Player:
        return next(p for p in state.players if p.name == name)

    # --- the table as text and as a state file -----------------------------------------------------

    def situation(self, state: Table) -> str:
        """Where the game stands: the turn, the roll and who is still to use it (``describe``'s opening)."""
        return "\n".join(line for sentence in self._whose_turn(state) for line in textwrap.wrap(sentence, WIDTH))

    def describe(self, state: Table) -> str:
        lines = self.situation(state).splitlines()
        for player in state.players:
            lines += self._sheet_lines(player)
        return "\n".join(lines)

    def _whose_turn(self, state: Table) -> list[str]:
        """What comes next, as sentences: the roll, or who uses it, and whether it is the last turn."""
        who = self.rules.to_act(state)
        if who is None:
            return [f"The game is over after turn {state.turn}: {self._ended(state)} (rulebook: End of the Game)."]
        if who == CHANCE:
            return [f"Turn {state.turn + 1}: roll the dice for the whole table (roll A B)."]
        a, b = state.roll  # type: ignore[misc]
        later = [state.players[s].name for s in state.still_to_use()[1:]]
        entered = [state.players[s].name for s in sorted(state.ahead)]
        sentences = [f"Turn {state.turn}, roll {a} {b}: {who} to use it" + (f", then {join_names(later)}." if later else ".")]
        if entered:
            sentences.append(f"Used already (entered ahead): {join_names(entered)}.")
        if self._enders(state):
            sentences.append(f"Last turn: {self._ended(state)}; the others finish the turn (rulebook: End of the Game).")
        return sentences

    def _enders(self, state: Table) -> list[Player]:
        return [p for p in state.players if p.sheet.ends_game(self.spec)]

    def _ended(self, state: Table) -> str:
        # numpy comes with the report module: imported only once a sheet ends the game
        from tajkit.solver.artisans.report import ended_by

        return "; ".join(ended_by(self.spec, p) for p in self._enders(state))

    def _sheet_lines(self, player: Player) -> list[str]:
        spec, sheet = self.spec, player.sheet
        summary = (f"{player.name}: {sheet.filled_boxes()} of {spec.box_count} boxes; "
                   f"{plural(sheet.raindrops_used, 'raindrop')} used, {sheet.raindrops_left(spec)} left; "
                   f"{sheet.trees_watered} of {plural(spec.trees, 'tree')} watered")
        written = [_feature_text(f, v) for f, v in zip(spec.features, sheet.values) if any(x != EMPTY for x in v)]
        return [*textwrap.wrap(summary, WIDTH, subsequent_indent="  "), *_wrapped(written or ["nothing written yet"], "  ")]

    def state_file(self, state: Table) -> dict[str, Any]:
        """The sheets as they stand, every feature named: a position for ``tajkit hint`` and
        ``tajkit show``, and once the game is over the table ``tajkit score`` reads."""
        return files.to_data(self.spec, state.players)

    def tell(self, before: Table, action: Any, after: Table) -> tuple[str, ...]:
        """What ``action`` did, in one to three sentences for the terminal and the phones alike."""
        from tajkit.solver.artisans import narration

        return narration.tell(self.spec, before, action, after)


def _feature_text(feature: Feature, values: tuple[int, ...]) -> str:
    """``Dome . 5 .``: the boxes in the state file's order, an empty one as a dot."""
    return " ".join([feature.title, *(str(v) if v != EMPTY else "." for v in values)])


def _wrapped(items: list[str], indent: str) -> list[str]:
    """``items`` on as few lines as fit the terminal, never split inside one."""
    lines = [indent]
    for item in items:
        if lines[-1].strip() and len(lines[-1]) + 3 + len(item) > WIDTH:
            lines.append(indent)
        lines[-1] += ("   " if lines[-1].strip() else "") + item
    return lines


def play_for(spec: Spec) -> ArtisansPlay:
    return ArtisansPlay(spec)
