"""TAJ text and JSON for people and machines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tajkit.solver.taj.hint import Ideal, Proposal, Result, VoteAdvice
    from tajkit.solver.taj.rules import Outcome, Spec
    from tajkit.solver.taj.scoring import TableResult

LABELS = {
    "passes": "passes (majority Yea)",
    "unanimous_yea": "unanimous Yea",
    "tied": "tied",
    "fails": "fails (majority Nay)",
    "unanimous_nay": "unanimous Nay",
}


def score(spec: Spec, result: TableResult) -> str:
    under = ", ".join(map(str, result.under))
    lines = [f"Colour values under the Taj (rugs {under}; +1 on rug {result.plus_rug}):"]
    for colour in spec.colours:
        bonus = result.values[colour] - result.symbols[colour]
        shown = f"{result.symbols[colour]} + {bonus} = {result.values[colour]}" if bonus else f"{result.values[colour]}"
        lines.append(f"  {colour:<7} {shown}")
    for p in result.players:
        lines.append(f"{p.name} (rank {p.rank}):")
        for g in p.goal_lines:
            lines.append(f"  ({g.modifier}) x {g.value} points for {g.colour.upper()} = {g.points}")
        lines.append(f"  {p.name}'s score: {p.total}")
    lines.append("Ranking")
    width = max(len(p.name) for p in result.players)
    lines += [f"  {p.rank}. {p.name:<{width}}  {p.total:>3}" for p in result.players]
    lines += [f"  Note: {n}" for n in result.notes]
    return "\n".join(lines)


def _result(r: Result, chooser: str) -> str:
    value = f"{r.high}" if r.low == r.high else f"{r.low} to {r.high}, {chooser} (best: {r.best})"
    return value + (", and the game ends" if r.ends else "")


def proposals(name: str, items: list[Proposal], possible: list[Outcome], now: int, top: int) -> str:
    kinds = ", ".join(LABELS[o.value] for o in possible)
    lines = [f"{name}'s proposals (you score {now} now; this table's vote can come out: {kinds}):"]
    for k, p in enumerate(items[:top], 1):
        lines.append(f" {k}. Rugs {p.rugs[0] + 1} and {p.rugs[1] + 1}. {p.why}")
        for o in possible:
            lines.append(f"      {LABELS[o.value]}: {_result(p.results[o], 'your choice')}")
    return "\n".join(lines)


def vote(name: str, v: VoteAdvice) -> str:
    i, j = v.rugs
    lines = [f"{name} on the proposal to swap rugs {i + 1} and {j + 1} (you score {v.now} now):"]
    for o in v.possible:
        lines.append(f"  {LABELS[o.value]}: {_result(v.results[o], 'the proposer chooses')}")
    if not v.card_allowed:
        lines.append(f"  All/Nix: not for you now ({v.card_reason}).")
    else:
        lines.append(f"  All card: guarantees {v.all_value} (you move the Taj); {'it pays' if v.all_pays else 'keep it'}.")
        lines.append(f"  Nix card: guarantees {v.nix_value} (you move the Taj); {'it pays' if v.nix_pays else 'keep it'}.")
        lines.append("  (If several All/Nix cards are played, only the first in turn order from the proposer counts.)")
    return "\n".join(lines)


def ideal(spec: Spec, goal: tuple[str, ...], best: Ideal) -> str:
    rugs = ", ".join(str(k + 1) for k in best.rugs)
    side = "right" if best.plus_right else "left"
    marks = ", ".join(f"{c} x{m}" for m, c in zip(spec.modifiers, goal))
    steps = [f"swap rugs {a + 1} and {b + 1}" for a, b in best.swaps]
    if best.shift:
        way = "right" if best.shift > 0 else "left"
        steps.append(f"shift the Taj {abs(best.shift)} rug{'s' if abs(best.shift) > 1 else ''} {way}")
    if best.flip:
        steps.append("flip the Taj")
    plan = "; ".join(steps) if steps else "it is on the table now"
    note = " (each Taj move needs a unanimous vote)" if best.shift or best.flip else ""
    return (
        f"Ideal display for your goal ({marks}): rugs {rugs} under the Taj, +1 on the {side}: "
        f"{best.score} points (now {best.now}).\n  From here: {plan}{note}.\n"
        f"  Exact: all {best.arrangements} arrangements checked."
    )


def _result_json(r: Result) -> dict[str, Any]:
    return {"low": r.low, "high": r.high, "best_choice": r.best, "game_ends": r.ends}


def hint_json(
    name: str, items: list[Proposal] | None, vote_advice: VoteAdvice | None, best: Ideal, possible: list[Outcome]
) -> dict[str, Any]:
    out: dict[str, Any] = {"player": name, "possible_outcomes": [o.value for o in possible]}
    if items is not None:
        out["proposals"] = [
            {
                "rugs": [p.rugs[0] + 1, p.rugs[1] + 1],
                **{f"if_{o.value}": _result_json(r) for o, r in p.results.items()},
                "why": p.why,
            }
            for p in items
        ]
    if vote_advice is not None:
        out["vote"] = {
            "rugs": [vote_advice.rugs[0] + 1, vote_advice.rugs[1] + 1],
            "now": vote_advice.now,
            **{f"if_{o.value}": _result_json(r) for o, r in vote_advice.results.items()},
            "all_nix_allowed": vote_advice.card_allowed,
            "all_guarantees": vote_advice.all_value,
            "nix_guarantees": vote_advice.nix_value,
            "all_pays": vote_advice.all_pays,
            "nix_pays": vote_advice.nix_pays,
        }
    out["ideal"] = {
        "rugs": [k + 1 for k in best.rugs],
        "plus_one": "right" if best.plus_right else "left",
        "score": best.score,
        "now": best.now,
        "swaps": [[a + 1, b + 1] for a, b in best.swaps],
        "taj_shift": best.shift,
        "taj_flip": best.flip,
        "proven_optimal": True,
        "arrangements_checked": best.arrangements,
    }
    return out
