"""The words of Maharani: a placement, a turn and a quarter scoring as text and JSON (the scorer's
rows and the hint's lines say them alike), and the hint's report, text for people and JSON for
machines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tajkit.solver.game import Report
from tajkit.solver.maharani import notation
from tajkit.solver.maharani.rules import Placed, Position, QuarterScore, Tile, TurnResult, crew, crew_player, crews_of
from tajkit.solver.maharani.spec import DIRS, GAME_ID, Spec, inferred_table_note

if TYPE_CHECKING:
    from tajkit.solver.maharani.ahead import Lookahead, Valued
    from tajkit.solver.maharani.hint import Answer

# --- one placement, one turn, in words -----------------------------------------------------------


def tiles_words(spec: Spec, tiles: tuple[Tile, ...] | list[Tile]) -> str:
    """``Yc``, ``Yc and Gc``, ``Yc, Gc and Pc``."""
    names = [spec.tile_name(*t) for t in tiles]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def colour_words(spec: Spec, players: int, colour: int) -> str:
    """`` a`` or `` b``, a two-player game's worker colour (Szabályok 2 játékosra), else nothing."""
    return f" {'ab'[colour]}" if spec.crews_per_player[players] == 2 else ""


def worker_words(spec: Spec, players: int, p: Placed, side: int) -> str:
    """What the worker did, and its gold; with the arrow at the player and no worker, why not."""
    w = p.placement.worker
    if w is None or w.kind == "none":
        if p.placement.arrow != side:
            return ""
        either = " of either colour" if spec.crews_per_player[players] == 2 else ""
        return f"arrow at the player but no worker{either} left to put on it"
    colour = colour_words(spec, players, w.colour)
    group = f"group {p.group} (+{p.group})"
    if w.kind == "new":
        return f"new worker{colour}, {group}"
    return f"worker{colour} moved from {spec.spaces[w.source].name}, {group}"


def placed_words(spec: Spec, players: int, p: Placed, side: int) -> str:
    colour = spec.colours[p.tile[0]].name
    space = spec.spaces[p.placement.space].name
    parts = [f"{space} {colour} area {p.area} (+{p.area})"]
    if p.marker >= 0:
        parts.append(f"{spec.quarter_names[p.marker]} marker down")
    parts.append(worker_words(spec, players, p, side))
    if p.removed:
        verb = "leaves" if len(p.removed) == 1 else "leave"
        parts.append(f"the last centre-column space: {tiles_words(spec, p.removed)} {verb} the rondel and the game")
    return ", ".join(part for part in parts if part)


def drawn_aside(result: TurnResult) -> list[Tile]:
    """The centre-column tiles drawn in the turn and set aside (Különleges eset 1), without those
    taken off the rondel when the last centre space was covered."""
    drawn = list(result.set_aside)
    for p in result.placed:
        for tile in p.removed:
            drawn.remove(tile)
    return drawn


def turn_words(spec: Spec, players: int, result: TurnResult) -> str:
    if result.refresh:
        return "refresh: all action markers face up"
    side = result.after.sides[result.player]
    parts = [placed_words(spec, players, p, side) for p in result.placed]
    drawn = drawn_aside(result)
    if drawn:
        parts.append(f"{tiles_words(spec, drawn)} drawn and set aside: no centre-column space is left")
    if result.second_tile:
        parts.append(f"second tile {result.second_tile}")
    return "; ".join(parts)


def workers_words(n: int, code: int, two: bool) -> str:
    """``3 workers``, with two players ``3 workers a`` (each colour is scored apart)."""
    return f"{n} worker{'s' if n != 1 else ''}{' ' + 'ab'[code % 2] if two else ''}"


def scoring_words(spec: Spec, players: int, score: QuarterScore, player: int) -> str:
    """The player's workers in the scored quarter and their gold, then those set beside it going
    home (Fontos); empty when the player had none there."""
    two = spec.crews_per_player[players] == 2
    scored = " + ".join(f"{workers_words(n, c, two)} → {g}" for c, n, g in score.crews if crew_player(c) == player)
    beside = [(c, n) for c, n in score.beside if crew_player(c) == player]
    home = ""
    if beside:
        who = " + ".join(workers_words(n, c, two) for c, n in beside)
        home = f"{who} set beside it {'goes' if sum(n for _, n in beside) == 1 else 'go'} home"
    return "; ".join(part for part in (scored, home) if part)


def placed_json(spec: Spec, players: int, p: Placed) -> dict[str, Any]:
    w = p.placement.worker
    worker = None
    if w is not None and w.kind != "none":
        worker = {
            "action": w.kind,
            "colour": "ab"[w.colour] if spec.crews_per_player[players] == 2 else None,
            "from": spec.spaces[w.source].name if w.kind == "move" else None,
            "group": p.group,
            "gold": p.group,
        }
    return {
        "slot": p.placement.slot + 1,
        "tile": spec.tile_name(*p.tile),
        "colour": spec.colours[p.tile[0]].name,
        "space": spec.spaces[p.placement.space].name,
        "quarter": p.quarter + 1,
        "arrow": DIRS[p.placement.arrow],
        "marker": None if p.marker < 0 else {"quarter": p.marker + 1, "name": spec.quarter_names[p.marker]},
        "area": p.area,
        "tile_gold": p.area,
        "worker": worker,
        "set_aside": [spec.tile_name(*t) for t in p.removed],
    }


def scoring_json(spec: Spec, names: tuple[str, ...] | list[str], score: QuarterScore) -> dict[str, Any]:
    two = spec.crews_per_player[len(names)] == 2
    return {
        "quarter": score.quarter + 1,
        "at_end": score.at_end,
        "crews": [
            {"player": names[crew_player(c)], "colour": "ab"[c % 2] if two else None, "workers": n, "gold": g}
            for c, n, g in score.crews
        ],
        "beside": [
            {"player": names[crew_player(c)], "colour": "ab"[c % 2] if two else None, "workers": n}
            for c, n in score.beside
        ],
    }


def turn_json(spec: Spec, names: tuple[str, ...] | list[str], number: int, text: str, result: TurnResult) -> dict[str, Any]:
    n = len(names)
    return {
        "turn": number,
        "player": names[result.player],
        "text": text,
        "refresh": result.refresh,
        "tiles": [placed_json(spec, n, p) for p in result.placed],
        "second_tile": result.second_tile,
        "quarter_scorings": [scoring_json(spec, names, s) for s in result.scorings],
        "gold": dict(zip(names, result.gold)),
        "totals": dict(zip(names, result.after.gold)),
        "drawn": [spec.tile_name(*t) for t in result.drawn],
        "set_aside": [spec.tile_name(*t) for t in result.set_aside],
        "over": result.over,
    }


# --- the hint -------------------------------------------------------------------------------------


def hint_report(spec: Spec, names: list[str], pos: Position, answer: Answer, extra: list[str]) -> Report:
    """The hint's answer for the player to move in ``pos``, with the notes it rests on and ``extra``."""
    notes = _notes(spec, pos, answer) + extra
    return Report(_text(spec, names, pos, answer, notes), _json(spec, names, pos, answer, notes), tuple(notes))


def _notes(spec: Spec, pos: Position, answer: Answer) -> list[str]:
    notes = list(spec.defaults)
    counts = {w for s in answer.best for score in s.result.scorings for _, w, _ in score.crews}
    table = inferred_table_note(spec, counts)  # a listed turn's value rests on a quarter table entry
    if table:
        notes.append(table)
    if None in pos.rondel:
        notes.append("an empty rondel slot holds no tile for this turn (a tile drawn into it later is unknown)")
    notes.append("tiles drawn to refill the rondel during the turn are unknown: the hint chooses among the four on it")
    return notes


def _proof(answer: Answer) -> str:
    if answer.proven and answer.solver == "enumeration":
        orders = f" ({answer.considered} plays: two tiles in both orders)" if answer.considered != answer.choices else ""
        return (f"proven best for '{answer.objective}': every one of the {answer.choices} legal turns was played and "
                f"valued{orders}")
    if answer.proven:
        return (f"proven best for '{answer.objective}': CP-SAT proved it optimal over every legal turn "
                f"({answer.considered} candidate placements modelled)")
    return f"best found for '{answer.objective}' when the solver's limit stopped it (not proven)"


def _text(spec: Spec, names: list[str], pos: Position, answer: Answer, notes: list[str]) -> str:
    n = pos.players
    player = pos.to_move
    unit = ("the gold this turn earns, quarter scorings included" if answer.objective == "gold"
            else "your gold minus the best opponent's after the turn")
    lines = [f"{names[player]} to move: the best turns for '{answer.objective}' ({unit})"]
    for k, s in enumerate(answer.best, 1):
        text = notation.format_turn(spec, s.turn, n)
        lines.append(f"{k}. {text:<14} {s.value:+d}   {turn_words(spec, n, s.result)}")
        for score in s.result.scorings:
            parts = [f"{names[i]} {scoring_words(spec, n, score, i)}" for i in range(n) if scoring_words(spec, n, score, i)]
            lines.append(f"     quarter {score.quarter + 1} scored: {', '.join(parts) or 'no workers there'}")
    lines.append(_proof(answer))
    return "\n".join(lines)


def _json(spec: Spec, names: list[str], pos: Position, answer: Answer, notes: list[str]) -> dict[str, Any]:
    return {
        "game": GAME_ID,
        "player": names[pos.to_move],
        "objective": answer.objective,
        "position": notation.format_position(spec, pos),
        "turns": [
            {"rank": k, "value": s.value, **turn_json(spec, names, 0, notation.format_turn(spec, s.turn, pos.players), s.result)}
            for k, s in enumerate(answer.best, 1)
        ],
        "considered": answer.considered,
        "legal_turns": answer.choices,
        "proven_optimal": answer.proven,
        "solver": answer.solver,
        "seconds": round(answer.seconds, 4),
        "notes": notes,
    }



# --- the hint that looks ahead ----------------------------------------------------------------------


def ahead_report(spec: Spec, names: list[str], pos: Position, looked: Lookahead) -> Report:
    """The look-ahead's turns for the player to move, each with what it sets up and its exact gold now."""
    notes = _ahead_notes(spec, pos, looked)
    return Report(_ahead_text(spec, names, pos, looked), _ahead_json(spec, names, pos, looked, notes), tuple(notes))


def _ahead_notes(spec: Spec, pos: Position, looked: Lookahead) -> list[str]:
    notes = list(spec.defaults)
    table = inferred_table_note(spec, set(range(1, len(spec.quarter_gold))))  # every worker is valued by the table
    if table:
        notes.append(table)
    if None in pos.rondel:
        notes.append("an empty rondel slot holds no tile for this turn (a tile drawn into it later is unknown)")
    if looked.cut:
        notes.append(f"the --time-limit safety cap stopped the look-ahead after {looked.futures} of its "
                     f"{looked.budget // max(looked.looked_at, 1)} futures a turn: on another machine the answer may differ")
    return notes


def sets_up(spec: Spec, pos: Position, v: Valued) -> list[str]:
    """What a turn leaves on the board for later: its workers in quarters still open (what the
    quarter table pays them, how soon the quarter fills), a quarter left nearly full, and the gold
    the opponents replied with in the futures."""
    if v.result.refresh:
        words = ["every action marker face up: next turn any tile may go to any quarter"]
    else:
        words = _workers_kept(spec, pos, v.result) + _quarters_left(spec, pos, v.result)
    words.append(f"the opponents' replies earn {v.reply:.1f} gold on average")
    return words


def _free(spec: Spec, pos: Position, quarter: int) -> int:
    return sum(pos.colour[s] < 0 for s in spec.quarter_spaces[quarter])


def _workers_kept(spec: Spec, pos: Position, result: TurnResult) -> list[str]:
    from tajkit.solver.maharani.ahead import workers_in  # ahead imports the hint, which imports this

    player, after = result.player, result.after
    scored = {s.quarter for s in result.scorings}
    two = spec.crews_per_player[pos.players] == 2
    worked = sorted({p.quarter for p in result.placed if p.group} - scored)
    words = []
    for q in worked:
        free = _free(spec, after, q)
        soon = f"it fills soon: {free} space{'s' if free != 1 else ''} free" if free <= 3 else f"{free} spaces free"
        for code in crews_of(spec, pos.players, player):
            n = workers_in(spec, after, code, q)
            if n and any(p.quarter == q and p.group and crew(player, p.placement.worker.colour) == code for p in result.placed):
                words.append(f"keeps {workers_words(n, code, two)} in quarter {q + 1} ({spec.quarter_names[q]}), "
                             f"{spec.quarter_gold_for(n)} gold when it is scored; {soon}")
    return words


def _quarters_left(spec: Spec, pos: Position, result: TurnResult) -> list[str]:
    """A quarter the turn leaves one or two spaces short, with opponents' workers there: the next
    player may fill it and have it scored."""
    after, player = result.after, result.player
    scored = {s.quarter for s in result.scorings}
    words = []
    for q in sorted({p.quarter for p in result.placed} - scored):
        free = _free(spec, after, q)
        theirs = sum(1 for s in spec.quarter_spaces[q] if after.worker[s] >= 0 and crew_player(after.worker[s]) != player)
        if free <= 2 and theirs:
            words.append(f"leaves quarter {q + 1} {free} space{'s' if free != 1 else ''} short of its scoring, with "
                         f"{theirs} opponents' worker{'s' if theirs != 1 else ''} there")
    return words


def _ahead_text(spec: Spec, names: list[str], pos: Position, looked: Lookahead) -> str:
    n = pos.players
    lines = [
        f"{names[pos.to_move]} to move: the best turns looking ahead (value: your gold and your workers' quarter "
        "payout minus the best opponent's, once the opponents have replied; the mean over the futures)"
    ]
    for k, v in enumerate(looked.best, 1):
        text = notation.format_turn(spec, v.turn, n)
        gold = v.result.gold[pos.to_move]
        lines.append(f"{k}. {text:<14} {v.value:+.1f}   this turn {gold:+d}: {turn_words(spec, n, v.result)}")
        for score in v.result.scorings:
            parts = [f"{names[i]} {scoring_words(spec, n, score, i)}" for i in range(n) if scoring_words(spec, n, score, i)]
            lines.append(f"     quarter {score.quarter + 1} scored: {', '.join(parts) or 'no workers there'}")
        for words in sets_up(spec, pos, v):
            lines.append(f"     {words}")
    lines.append(_looked_words(looked))
    return "\n".join(lines)


def _looked_words(looked: Lookahead) -> str:
    return (f"looked ahead at the {looked.looked_at} of {looked.legal} legal turns that bank the most (gold now plus "
            f"the workers' quarter payout), each in the same {looked.futures} futures (seed {looked.seed}: the tiles "
            "drawn sampled from the bag, the opponents playing the exact hint's best-gold turn); a sampled "
            "estimate, not a proof")


def _ahead_json(spec: Spec, names: list[str], pos: Position, looked: Lookahead, notes: list[str]) -> dict[str, Any]:
    player = pos.to_move
    return {
        "game": GAME_ID,
        "player": names[player],
        "objective": "ahead",
        "position": notation.format_position(spec, pos),
        "turns": [
            {
                "rank": k,
                "value": round(v.value, 3),
                "turn_gold": v.result.gold[player],
                "banks": v.banks,
                "reply_gold": round(v.reply, 3),
                "sets_up": sets_up(spec, pos, v),
                **turn_json(spec, names, 0, notation.format_turn(spec, v.turn, pos.players), v.result),
            }
            for k, v in enumerate(looked.best, 1)
        ],
        "legal_turns": looked.legal,
        "looked_at": looked.looked_at,
        "futures": looked.futures,
        "playouts": looked.budget,
        "seed": looked.seed,
        "cut": looked.cut,
        "proven_optimal": False,
        "solver": "look-ahead",
        "seconds": round(looked.seconds, 4),
        "notes": notes,
    }
