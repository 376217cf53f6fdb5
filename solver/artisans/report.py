"""Artisans hints and simulations as text for people and JSON for machines."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tajkit.solver.artisans.search.hinter import Hint, RankedMove
from tajkit.solver.artisans.rules import Move, Sheet, apply
from tajkit.solver.artisans.spec import Spec
from tajkit.solver.artisans.files import Player
from tajkit.solver.artisans.search.simulation import PolicyRun, oracle_bound, ratio_to_oracle
from tajkit.solver.artisans.search.table import MEANING, SCORE, WIN, Final, Ranking, Seat, Valued
from tajkit.solver.ranking import join_names, plural

EQUAL = 1.0  # two moves closer than this many standard errors are reported as equal


def move_text(spec: Spec, move: Move) -> str:
    """A move as a person says it: "Use the 4 for Archway & Dome; write 6 in the Dome (right)."."""
    if move.skip:
        return "Write nothing: mark 1 raindrop."
    feature = spec.by_id[move.feature]
    group = feature.group
    turns = [
        f"the {rolled} into a {wanted}"
        for rolled, wanted in ((move.group_die, group), (move.value_die, move.value))
        if rolled != wanted
    ]
    spend = move.raindrops - move.water_tree
    alter = f"Mark {plural(spend, 'raindrop')} to turn {' and '.join(turns)}; u" if turns else "U"
    water = "; water a tree (1 more raindrop)" if move.water_tree else ""
    return (
        f"{alter}se the {group} for {spec.group_name(group)}; write {move.value} in the "
        f"{feature.title} ({feature.boxes[move.box]}){water}."
    )


def _value_text(hint: Hint, ranked: RankedMove, first: bool, ends: bool) -> str:
    best = hint.moves[0]
    if ends and not hint.exact and ranked.stderr == 0:
        return _certain_text(hint, ranked, first)
    if hint.exact:
        value = f"expected final score {ranked.expected:.2f} (exact), {ranked.rain:.1f} raindrops left at the end on average"
        if first:
            return value
        if ranked.equal_to_best:
            fewer = best.rain - ranked.rain  # type: ignore[operator]
            rain = f", with {fewer:.1f} fewer raindrops left for the tie-break" if fewer > 0.05 else ""
            return f"{value}  (the same score as the first{rain})"
        return f"{value}  ({_behind(ranked.expected - best.expected, 2)})"
    digits = next((d for d in (1, 2) if round(ranked.stderr, d) > 0), 3)  # never "± 0.0": it is not exact
    value = f"expected final score {ranked.expected:.{digits}f} ± {ranked.stderr:.{digits}f}"
    if first:
        return value
    if ranked.equal_to_best:
        return f"{value}  (as good as the first, within the estimate's error)"
    return f"{value}  ({_behind(ranked.expected - best.expected, 1)})"


def _certain_text(hint: Hint, ranked: RankedMove, first: bool) -> str:
    """A score that is certain: the game ends with this move."""
    value = f"final score {ranked.expected:.0f} (the game ends with this move)"
    behind = ranked.expected - hint.moves[0].expected
    if first or not behind:
        return value
    return f"{value}  ({_behind(behind, 1)})"


def _behind(difference: float, places: int) -> str:
    """How far a move is behind the first, never shown as "-0.0": more decimals when it is small."""
    for digits in range(places, 4):
        text = f"{difference:+.{digits}f}"
        if float(text) != 0:
            return text
    return "less than 0.001 behind"


def ended_by(spec: Spec, player: Player | Seat) -> str:
    """What another player did that ends the game (rulebook: End of the Game)."""
    if player.sheet.is_full():
        return f"{player.name} has filled the last box of their sheet"
    return f"{player.name} has used the last of their {spec.raindrops} raindrops"


def hint_text(spec: Spec, name: str, sheet: Sheet, roll: tuple[int, int], hint: Hint, top: int) -> str:
    """A game of one: the solitaire hint."""
    lines = [f"{name}, roll {roll[0]} and {roll[1]}, {plural(sheet.raindrops_left(spec), 'raindrop')} left:"]
    for i, ranked in enumerate(hint.moves[:top], 1):
        ends = apply(spec, sheet, ranked.move).ends_game(spec)
        lines.append(f" {i}. {move_text(spec, ranked.move)}")
        lines.append(f"    {_value_text(hint, ranked, i == 1, ends)}, {plural(ranked.move.raindrops, 'raindrop')}")
    equal = [r for r in hint.moves[1:top] if r.equal_to_best]
    if equal and hint.moves[0].move.raindrops < max(r.move.raindrops for r in equal):
        lines.append("Moves worth the same: the one that keeps more raindrops comes first (the rulebook's tie-break).")
    if hint.exact:
        lines.append(
            f"Exact: the rest of the game solved over every roll to come, with perfect play "
            f"({hint.seconds * 1000:.0f} ms)."
        )
    else:
        ending = (
            f" and then, from {plural(hint.handover, 'empty box', 'empty boxes')}, by perfect play (exact)"
            if hint.handover
            else ""
        )
        lines.append(
            "Expected: the mean final score when the rest of the game is played out on sampled dice by the "
            f"careful player{ending} ({hint.futures:,} games in {hint.seconds * 1000:.0f} ms); ± is its standard error."
        )
    return "\n".join(lines + _cut_lines(hint.cut))


def _cut_lines(cut: str | None) -> list[str]:
    """What stopped the race of moves early, if anything."""
    if cut == "time":
        return ["The time limit (a safety cap) cut the comparison short: the ranking is less sure than usual."]
    if cut == "budget":
        return ["The futures budget ended the comparison before its last round: the ranking is less sure than usual."]
    return []


def hint_json(spec: Spec, name: str, roll: tuple[int, int], hint: Hint, seed: int, top: int) -> dict[str, Any]:
    best = hint.moves[0].expected
    return {
        "player": name,
        "roll": list(roll),
        "seed": seed,
        "objective": SCORE,
        "meaning": MEANING[SCORE],
        "exact": hint.exact,
        "last_turn": False,
        "futures": hint.futures,
        "solver_seconds": round(hint.seconds, 4),
        "cut": hint.cut,
        "moves": [
            {
                "feature": r.move.feature,
                "box": None if r.move.box is None else r.move.box + 1,  # counted from 1, as everywhere
                "value": r.move.value,
                "raindrops": r.move.raindrops,
                "water_tree": r.move.water_tree,
                "skip": r.move.skip,
                "group_die": r.move.group_die,
                "value_die": r.move.value_die,
                "expected": round(r.expected, 4 if hint.exact else 3),
                "stderr": round(r.stderr, 3),
                "loss": round(best - r.expected, 4 if hint.exact else 3),
                "equal_to_best": r.equal_to_best,
                "raindrops_left_at_end": round(r.rain, 3) if r.rain is not None else None,
                "futures": r.futures,
                "text": move_text(spec, r.move),
            }
            for r in hint.moves[:top]
        ],
    }


def ranking_text(spec: Spec, me: Seat, others: Sequence[Seat], roll: tuple[int, int], ranking: Ranking, top: int) -> str:
    """The hint in words: a game of one as the solitaire hint says it, a table's as below."""
    if ranking.solitaire is not None:
        return hint_text(spec, me.name, me.sheet, roll, ranking.solitaire, top)
    return table_text(spec, me, others, roll, ranking, top)


def ranking_json(spec: Spec, me: Seat, roll: tuple[int, int], ranking: Ranking, seed: int, top: int) -> dict[str, Any]:
    if ranking.solitaire is not None:
        data = hint_json(spec, me.name, roll, ranking.solitaire, seed, top)
        for listed, valued in zip(data["moves"], ranking.moves):
            listed["exact"] = valued.exact
        return data
    return table_json(spec, me.name, roll, ranking, seed, top)


def table_text(spec: Spec, me: Seat, others: Sequence[Seat], roll: tuple[int, int], ranking: Ranking, top: int) -> str:
    """A hint at a table of several players: each move's value by the objective, exact or an
    estimate with its error, and what the value rests on."""
    lines = [f"{me.name}, roll {roll[0]} and {roll[1]}, {plural(me.sheet.raindrops_left(spec), 'raindrop')} left; "
             + "; ".join(_seat_text(spec, o) for o in others) + ":"]
    for i, valued in enumerate(ranking.moves[:top], 1):
        lines.append(f" {i}. {move_text(spec, valued.move)}")
        lines.append(f"    {_table_value_text(ranking, valued, i == 1)}, {plural(valued.move.raindrops, 'raindrop')}")
    if ranking.last_turn:
        why = [ended_by(spec, o) for o in others if o.name in ranking.ended]
        why += [f"{name} must end it with this roll (every use of it fills their last box or marks their last raindrop)"
                for name in ranking.forced]
        lines.append(f"Last turn: {'; '.join(why)}, so the game ends when this turn is over (rulebook: End of the "
                     f"Game). Exact: each move against the others' final sheets: {_finals_text(ranking.finals)}.")
    else:
        lines.append(
            "Estimate: the rest of the game played out on sampled dice, the same for every move "
            f"({ranking.futures:,} futures in {ranking.seconds * 1000:.0f} ms), every player by tajkit's careful player "
            "on their own sheet, a little randomised (players do not all choose alike), until a sheet ends the game "
            "(rulebook: End of the Game); whoever finishes that turn makes their best use of its roll. ± is the "
            "standard error of the sampling; the others' play is a model, so the estimate is no better than it."
        )
        if any(v.exact for v in ranking.moves[:top]):
            lines.append("A move that ends the game is exact: its final sheet against the others' as they stand or after "
                         f"their best use of this roll ({_finals_text(ranking.finals)}).")
    if ranking.objective == WIN:
        lines.append("Chance to win: finishing first, with the rulebook's tie-breaks (Scoring: the most unused "
                     f"raindrops, then the youngest){_ages_text(me, others)}.")
    return "\n".join(lines + _cut_lines(ranking.cut))


def _seat_text(spec: Spec, seat: Seat) -> str:
    boxes = spec.box_count - seat.sheet.filled_boxes()
    text = (f"{seat.name} {plural(seat.sheet.raindrops_left(spec), 'raindrop')} and "
            f"{plural(boxes, 'empty box', 'empty boxes')} left")
    return text + (" (has used the roll)" if seat.moved and not seat.sheet.ends_game(spec) else "")


def _finals_text(finals: Sequence[Final]) -> str:
    return ", ".join(
        f"{f.name} {plural(f.score, 'point')} and {plural(f.rain, 'raindrop')} left "
        + ("(as their sheet stands)" if f.moved else "(their best use of the roll)")
        for f in finals
    )


def _ages_text(me: Seat, others: Sequence[Seat]) -> str:
    unknown = [s.name for s in (me, *others) if s.age is None]
    if not unknown:
        return ""
    return f"; tajkit does not know the age of {join_names(unknown)} (add age = N), so a tie with them is shared"


def _table_value_text(ranking: Ranking, valued: Valued, first: bool) -> str:
    best = ranking.moves[0]
    rain = plural(int(valued.rain or 0), "raindrop")
    if ranking.objective == WIN:
        shown = f"{valued.value:.2f} (exact)" if valued.exact else _estimate(valued.value, valued.error, 2)
        score = f"final score {valued.score:.0f}, {rain} left at the end" if valued.exact else \
            f"expected final score {valued.score:.1f}"
        value, places = f"chance to win {shown}, {score}", 2
    elif valued.exact:
        value, places = f"final score {valued.score:.0f}, {rain} left at the end", 0
    else:
        value, places = f"expected final score {_estimate(valued.value, valued.error, 1)}", 1
    if first:
        return value
    if valued.equal_to_best and not (valued.exact and best.exact):
        return f"{value}  (as good as the first, within the estimate's error)"
    if ranking.objective == WIN and abs(valued.value - best.value) < 5e-5:
        points = valued.score - best.score
        return f"{value}  (the same chance" + (f", {_behind(points, 0 if valued.exact else 1)} points)" if points else ")")
    return f"{value}  ({_behind(valued.value - best.value, places)})"


def _estimate(value: float, error: float, places: int) -> str:
    """A sampled value and its standard error, never shown as "± 0.0" (it would read as exact)."""
    if error == 0:
        return f"{value:.{places}f} (the same in every sampled future)"
    digits = next((d for d in range(places, places + 3) if round(error, d) > 0), places + 2)
    return f"{value:.{digits}f} ± {error:.{digits}f}"


def table_json(spec: Spec, name: str, roll: tuple[int, int], ranking: Ranking, seed: int, top: int) -> dict[str, Any]:
    best = ranking.moves[0].value
    digits = 4 if ranking.exact else 3
    return {
        "player": name,
        "roll": list(roll),
        "seed": seed,
        "objective": ranking.objective,
        "meaning": ranking.meaning,
        "exact": ranking.exact,
        "last_turn": ranking.last_turn,
        "ended_by": list(ranking.ended),
        "must_end": list(ranking.forced),
        "others_final": [{"name": f.name, "score": f.score, "raindrops_left": f.rain, "has_used_the_roll": f.moved}
                         for f in ranking.finals],
        "futures": ranking.futures,
        "solver_seconds": round(ranking.seconds, 4),
        "cut": ranking.cut,
        "moves": [
            {
                "feature": v.move.feature,
                "box": None if v.move.box is None else v.move.box + 1,  # counted from 1, as everywhere
                "value": v.move.value,
                "raindrops": v.move.raindrops,
                "water_tree": v.move.water_tree,
                "skip": v.move.skip,
                "group_die": v.move.group_die,
                "value_die": v.move.value_die,
                "chance_to_win": round(v.value, 4) if ranking.objective == WIN else None,
                "chance_to_win_stderr": round(v.error, 4) if ranking.objective == WIN else None,
                "expected": round(v.score, digits),
                "stderr": round(v.score_error, 3),
                "exact": v.exact,
                "loss": round(best - v.value, 4),
                "equal_to_best": v.equal_to_best,
                "ends_game": v.ends_game,
                "raindrops_left_at_end": v.rain,
                "futures": v.futures,
                "text": move_text(spec, v.move),
            }
            for v in ranking.moves[:top]
        ],
    }


def _times(run: PolicyRun) -> tuple[float, float] | None:
    if not run.seconds:
        return None
    ordered = sorted(run.seconds)
    return ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


@dataclass(frozen=True)
class HonestBound:
    """The relaxed sheet's proven bound on perfect honest play (``search/relaxed.py``) and the
    titles of the features it keeps as the rulebook has them."""

    value: float
    exact: tuple[str, ...]

    def ratio(self, run: PolicyRun) -> float | None:
        return run.summary.mean / self.value if run.scores else None


def simulation_text(runs: dict[str, PolicyRun], games: int, seed: int, honest: HonestBound | None = None) -> str:
    proven, bound = oracle_bound(runs)
    lines = [
        f"Artisans of the Taj Mahal: {plural(games, 'solitaire game')}, seed {seed} (the same dice for every policy)",
        f"{'policy':<10} {'mean':>6} {'sd':>5}  {'95% CI':<16} {'/ oracle':>8}" + (f" {'/ honest':>8}" if honest else ""),
    ]
    for name, run in runs.items():
        ratio = ratio_to_oracle(runs, name)
        if run.scores:
            s = run.summary
            ci, mean = f"[{s.ci95[0]:.2f}, {s.ci95[1]:.2f}]", f"{s.mean:>6.2f} {s.sd:>5.2f}"
        else:  # an oracle that found no play in any game
            ci, mean = "-", f"{'-':>6} {'-':>5}"
        shown_ratio = f"{ratio:.3f}" if ratio is not None else "-"
        shown_share = ""
        if honest:
            share = honest.ratio(run)
            shown_share = f" {share:>8.3f}" if share is not None else f" {'-':>8}"
        lines.append(f"{name:<10} {mean}  {ci:<16} {shown_ratio:>8}{shown_share}{_extra(run)}")
    if "oracle" in runs:
        oracle = runs["oracle"]
        if bound is None:
            lines.append("The oracle proved no game optimal: there is no bound to compare with (give it more --oracle-work).")
        elif len(proven) < len(oracle.results):
            lines.append(
                f"The bound is the oracle's mean over the {len(proven)} of {len(oracle.results)} games it proved "
                f"optimal ({bound:.2f}); '/ oracle' compares every policy on those games only. Its other scores "
                "are only the best plays it found within its work."
            )
        if oracle.cut:
            lines.append(
                f"{plural(oracle.cut, 'oracle game')} stopped at the --oracle-time safety cap before its work budget: "
                "on another machine those may come out differently."
            )
    if honest:
        lines.append(
            f"Perfect honest play (no dice seen in advance) expects at most {honest.value:.2f} from the empty sheet, "
            f"proven with no dice sampled: the value (rounded up) of the sheet with {_listed(honest.exact)} as the "
            "rulebook has them and every other feature scoring whenever it is full. '/ honest' is each mean over it."
        )
    return "\n".join(lines)


def _listed(names: tuple[str, ...]) -> str:
    """"A", "A and B", "A, B and C"."""
    return " and ".join(filter(None, (", ".join(names[:-1]), names[-1]))) if names else "no feature"


def _extra(run: PolicyRun) -> str:
    if run.name == "oracle":
        found = len(run.scores)
        missing = len(run.results) - found
        return f"   {run.proven} of {len(run.results)} proven optimal" + (f", {missing} without any play found" if missing else "")
    times = _times(run)
    if times and run.name == "hint":
        return f"   hint solver time: median {times[0] * 1000:.0f} ms, 95th percentile {times[1] * 1000:.0f} ms"
    return ""


def simulation_json(runs: dict[str, PolicyRun], honest: HonestBound | None = None) -> dict[str, Any]:
    proven, bound = oracle_bound(runs)
    out: dict[str, Any] = {}
    for name, run in runs.items():
        entry: dict[str, Any] = run.summary.as_json() if run.scores else {"mean": None, "n": 0}
        ratio = ratio_to_oracle(runs, name)
        entry["ratio_to_oracle"] = round(ratio, 4) if ratio is not None else None
        if honest:
            share = honest.ratio(run)
            entry["ratio_to_honest_bound"] = round(share, 4) if share is not None else None
        if name == "oracle":
            entry["proven_optimal"] = run.proven
            entry["bound_over_proven_games"] = round(bound, 3) if bound is not None else None
            entry["no_play_found"] = len(run.results) - len(run.scores)
            entry["cut_by_time_cap"] = run.cut
        times = _times(run)
        if times and name == "hint":
            entry["solver_seconds_median"] = round(times[0], 4)
            entry["solver_seconds_p95"] = round(times[1], 4)
        out[name] = entry
    if honest:
        out["honest_bound"] = {"value": round(honest.value, 4), "exact_features": list(honest.exact), "proven": True}
    return out
