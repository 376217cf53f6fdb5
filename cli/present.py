"""Text for people: score tables, ranking, notes. (JSON output comes from the solver's results.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tajkit.solver.artisans.hint import Hint
    from tajkit.solver.artisans.rules import Move, Sheet, Spec
    from tajkit.solver.artisans.scoring import TableResult
    from tajkit.solver.artisans.simulate import PolicyRun


def _values(values: tuple[int, ...]) -> str:
    return " ".join(str(v) if v else "_" for v in values)


def artisans_score(result: TableResult, total_trees: int) -> str:
    lines: list[str] = []
    label_w = max(len(f"{r.feature.title} ({r.feature.craftsperson})") for r in result.players[0].score.features)
    label_w = max(label_w, len("Fruit trees watered (Gardener)"))
    for p in result.players:
        s = p.score
        lines.append(f"{p.name}: {s.total} points (rank {p.rank})")
        for row in s.features:
            label = f"{row.feature.title} ({row.feature.craftsperson})"
            why = f"  {row.reason}" if row.reason else ""
            lines.append(f"  {label:<{label_w}}  {_values(row.values):<8}  {row.points:>2}/{row.feature.stars}{why}")
        watered = f"{total_trees - s.unwatered_trees} of {total_trees}"
        dry = f"  {s.unwatered_trees} unwatered" if s.unwatered_trees else ""
        lines.append(f"  {'Fruit trees watered (Gardener)':<{label_w}}  {watered:<8}  {-s.tree_penalty:>2}{dry}")
        lines.append(f"  {'Total':<{label_w}}  {'':<8}  {s.total:>2}   {s.unused_raindrops} raindrops unused")
        lines.append("")
    lines.append("Ranking")
    width = max(len(p.name) for p in result.players)
    for p in result.players:
        lines.append(f"  {p.rank}. {p.name:<{width}}  {p.score.total:>3}   {p.score.unused_raindrops} raindrops unused")
    for note in result.notes:
        lines.append(f"  Note: {note}")
    return "\n".join(lines)



def artisans_move(spec: Spec, move: Move) -> str:
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
    alter = f"Mark {spend} raindrop{'s' if spend != 1 else ''} to turn {' and '.join(turns)}; u" if turns else "U"
    water = "; water a tree (1 more raindrop)" if move.water_tree else ""
    return (
        f"{alter}se the {group} for {spec.group_name(group)}; write {move.value} in the "
        f"{feature.title} ({feature.boxes[move.box]}){water}."
    )


def artisans_hint(spec: Spec, name: str, sheet: Sheet, roll: tuple[int, int], hint: Hint, top: int) -> str:
    best = hint.moves[0].expected
    lines = [f"{name}, roll {roll[0]} and {roll[1]}, {sheet.raindrops_left(spec)} raindrops left:"]
    shown = hint.moves[:top]
    for i, ranked in enumerate(shown, 1):
        loss = "" if i == 1 else f"  ({ranked.expected - best:+.1f})"
        lines.append(f" {i}. {artisans_move(spec, ranked.move)}")
        lines.append(
            f"    expected final score {ranked.expected:.1f} ± {ranked.stderr:.1f}{loss}, "
            f"{ranked.move.raindrops} raindrop{'s' if ranked.move.raindrops != 1 else ''}"
        )
    lines.append(
        f"Expected: the mean final score when the rest of the game is played out by the careful player "
        f"on sampled dice ({hint.futures} games in {hint.seconds * 1000:.0f} ms)."
    )
    if hint.stopped_early:
        lines.append("The time limit cut the comparison short: the ranking is less sure than usual.")
    return "\n".join(lines)


def simulation(runs: dict[str, PolicyRun], games: int, seed: int) -> str:
    oracle = runs.get("oracle")
    lines = [
        f"Artisans of the Taj Mahal: {games} solitaire games, seed {seed} (the same dice for every policy)",
        f"{'policy':<10} {'mean':>6} {'sd':>5}  {'95% CI':<16} {'/ oracle':>8}",
    ]
    for name, run in runs.items():
        s = run.summary
        ratio = f"{s.mean / oracle.summary.mean:.3f}" if oracle and oracle.summary.mean else "-"
        ci = f"[{s.ci95[0]:.2f}, {s.ci95[1]:.2f}]"
        lines.append(f"{name:<10} {s.mean:>6.2f} {s.sd:>5.2f}  {ci:<16} {ratio:>8}{_extra(run)}")
    return "\n".join(lines)


def _extra(run: PolicyRun) -> str:
    if run.proven is not None:
        return f"   {run.proven} of {len(run.scores)} proven optimal"
    if run.seconds:
        ordered = sorted(run.seconds)
        median = ordered[len(ordered) // 2] * 1000
        p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] * 1000
        return f"   hint solver time: median {median:.0f} ms, 95th percentile {p95:.0f} ms"
    return ""


def artisans_hint_json(spec: Spec, name: str, roll: tuple[int, int], hint: Hint, seed: int) -> dict:
    best = hint.moves[0].expected
    return {
        "player": name,
        "roll": list(roll),
        "seed": seed,
        "futures": hint.futures,
        "solver_seconds": round(hint.seconds, 4),
        "stopped_early": hint.stopped_early,
        "moves": [
            {
                "feature": r.move.feature,
                "box": r.move.box,
                "value": r.move.value,
                "raindrops": r.move.raindrops,
                "water_tree": r.move.water_tree,
                "skip": r.move.skip,
                "group_die": r.move.group_die,
                "value_die": r.move.value_die,
                "expected": round(r.expected, 3),
                "stderr": round(r.stderr, 3),
                "loss": round(best - r.expected, 3),
                "futures": r.futures,
                "text": artisans_move(spec, r.move),
            }
            for r in hint.moves
        ],
    }


def simulation_json(runs: dict[str, PolicyRun]) -> dict:
    oracle = runs.get("oracle")
    out = {}
    for name, run in runs.items():
        s = run.summary
        entry = s.as_json()
        entry["ratio_to_oracle"] = round(s.mean / oracle.summary.mean, 4) if oracle and oracle.summary.mean else None
        if run.proven is not None:
            entry["proven_optimal"] = run.proven
        if run.seconds and name == "hint":
            ordered = sorted(run.seconds)
            entry["solver_seconds_median"] = round(ordered[len(ordered) // 2], 4)
            entry["solver_seconds_p95"] = round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))], 4)
        out[name] = entry
    return out
