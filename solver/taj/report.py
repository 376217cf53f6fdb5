"""TAJ hints as text for people and JSON for machines."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tajkit.solver.taj.rules import Outcome

if TYPE_CHECKING:  # hint.answer writes its answer with this module
    from tajkit.solver.taj.hint import Choice, Ideal, Proposal, Result, VoteAdvice
    from tajkit.solver.taj.protocol import TajState

LABELS = {
    "passes": "passes (majority Yea)",
    "unanimous_yea": "unanimous Yea",
    "tied": "tied",
    "fails": "fails (majority Nay)",
    "unanimous_nay": "unanimous Nay",
}
FIRST_CARD = "If several All/Nix cards are played, only the first in turn order from the proposer counts (rulebook: All/Nix Cards)."


def _ends(r: Result) -> str:
    if r.must_end:
        return ", and the game ends"
    if r.may_end:
        return ", and the game may end (it depends on the choice)"
    return ""


def _yours(r: Result) -> str:
    """An outcome where the player chooses (as proposer, or with an All/Nix card): the best
    choice's score, the range and the choice."""
    if r.low == r.high:
        return f"{r.high}{', and the game ends' if r.ends else ''}"
    return f"{r.high}, your choice of {r.low} to {r.high} ({r.best}){', and the game ends' if r.ends else ''}"


def _theirs(r: Result) -> str:
    """An outcome where the proposer chooses: the range, not a guess at their choice."""
    value = f"{r.high}" if r.low == r.high else f"{r.low} to {r.high}, the proposer chooses"
    return value + _ends(r)


def proposals_text(name: str, items: list[Proposal], possible: list[Outcome], now: int, top: int,
                   proposing: bool = True) -> str:
    """The proposals best first; ``proposing``: the player proposes now (else these are the ones
    they could make on their own turn, and a note says whose turn it is)."""
    kinds = ", ".join(LABELS[o.value] for o in possible)
    whose = f"{name}'s proposals, as the proposer" if proposing else f"{name}'s proposals for their own turn"
    lines = [f"{whose} (you score {now} now; this table's vote can come out: {kinds}):"]
    for k, p in enumerate(items[:top], 1):
        lines.append(f" {k}. Rugs {p.rugs[0] + 1} and {p.rugs[1] + 1}. {p.why}")
        for o in possible:
            lines.append(f"      {LABELS[o.value]}: {_yours(p.results[o])}")
    return "\n".join(lines)


def vote_text(name: str, v: VoteAdvice) -> str:
    i, j = v.rugs
    lines = [f"{name} on the proposal to swap rugs {i + 1} and {j + 1} (you score {v.now} now):"]
    for o in v.possible:  # the proposer's choices (Vote Outcome, Unanimous Outcomes) are the player's own
        lines.append(f"  {LABELS[o.value]}: {(_yours if v.proposer else _theirs)(v.results[o])}")
    if not v.card_allowed:
        others = "".join(f"; if {who} plays one, {who} chooses instead of you" for who in v.card_holders if v.proposer)
        lines.append(f"  All/Nix: not for you now ({v.card_reason}){others}.")
    else:
        lines.append(f"  All card: guarantees {v.all_value} (you choose and move the Taj); {'it pays' if v.all_pays else 'keep it'}.")
        lines.append(f"  Nix card: guarantees {v.nix_value} (you choose and move the Taj); {'it pays' if v.nix_pays else 'keep it'}.")
        # FIRST_CARD follows as the report's note (its Note line and the JSON), so it is not repeated here
    return "\n".join(lines)


def choices_text(name: str, state: TajState, found: Sequence[Choice], now: int) -> str:
    """The chooser's ways to finish the turn, best first (Vote Outcome: the rug furthest from the
    Taj leaves, the chooser picking between equally far ones; Unanimous Outcomes: the Taj flipped
    or shifted one rug)."""
    outcome = LABELS[state.outcome.value] if state.outcome is not None else "the vote"
    lines = [f"{name} chooses after the vote ({outcome}): your score with the display each choice leaves "
             f"(you score {now} now):"]
    for k, c in enumerate(found, 1):
        lines.append(f" {k}. {c.said}: {c.score}{', and the game ends' if c.ends else ''}")
    return "\n".join(lines)


def ideal_text(best: Ideal) -> str:
    """The best display for the player's goal, worded without naming the goal's colours (a hint
    may be read at a shared terminal, and the goal card is secret: rulebook, Setup)."""
    rugs = ", ".join(str(k + 1) for k in best.rugs)
    side = "right" if best.plus_right else "left"
    steps = [f"swap rugs {a + 1} and {b + 1}" for a, b in best.swaps]
    if best.shift:
        way = "right" if best.shift > 0 else "left"
        steps.append(f"shift the Taj {abs(best.shift)} rug{'s' if abs(best.shift) > 1 else ''} {way}")
    if best.flip:
        steps.append("flip the Taj")
    plan = "; ".join(steps) if steps else "it is on the table now"
    note = " (each Taj move needs a unanimous vote)" if best.shift or best.flip else ""
    return (
        f"Ideal display for your goal: rugs {rugs} under the Taj, +1 on the {side}: "
        f"{best.score} points (now {best.now}).\n  From here: {plan}{note}.\n"
        f"  Exact: all {best.arrangements} arrangements checked."
    )


def _result_json(r: Result) -> dict[str, Any]:
    return {"low": r.low, "high": r.high, "best_choice": r.best, "game_ends": r.must_end, "game_may_end": r.may_end}


def hint_json(
    name: str, items: list[Proposal] | None, vote_advice: VoteAdvice | None, best: Ideal, possible: list[Outcome],
    top: int, found: Sequence[Choice] | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {"player": name, "possible_outcomes": [o.value for o in possible]}
    if items is not None:
        out["proposals"] = [
            {
                "rugs": [p.rugs[0] + 1, p.rugs[1] + 1],
                **{f"if_{o.value}": _result_json(r) for o, r in p.results.items()},
                "why": p.why,
            }
            for p in items[:top]
        ]
    if vote_advice is not None:
        out["vote"] = {
            "rugs": [vote_advice.rugs[0] + 1, vote_advice.rugs[1] + 1],
            "now": vote_advice.now,
            **{f"if_{o.value}": _result_json(r) for o, r in vote_advice.results.items()},
            "you_are_proposer": vote_advice.proposer,
            "all_nix_allowed": vote_advice.card_allowed,
            "all_guarantees": vote_advice.all_value,
            "nix_guarantees": vote_advice.nix_value,
            "all_pays": vote_advice.all_pays,
            "nix_pays": vote_advice.nix_pays,
        }
    if found is not None:
        out["choices"] = [{"choice": c.said, "score": c.score, "game_ends": c.ends} for c in found]
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

