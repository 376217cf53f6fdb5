"""The Taj Mahal grid: which level a section lies on, which level is being built, and the rule
that a level is built only after the one below it is complete (rulebook: Building the Taj Mahal).
The scorer and the position reader both check built sections here."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tajkit.solver.karigar.spec import Spec

LEVEL_RULE = "the bottom level must be completed before building the next level (rulebook: Building the Taj Mahal)"


def current_level(spec: Spec, built: Iterable[int]) -> int:
    """The level being built: the lowest level not complete (``level_count + 1`` when all are)."""
    done = set(built)
    for k, level in enumerate(spec.levels):
        if not set(level) <= done:
            return k + 1
    return spec.level_count + 1


def levels_complete(spec: Spec, built: Iterable[int]) -> int:
    return current_level(spec, built) - 1


def level_order_problems(spec: Spec, builders: Mapping[int, str]) -> list[str]:
    """One sentence per section built on a level whose level below is not complete.
    ``builders`` maps each built section to who built it (a name, or "" when unknown)."""
    problems = []
    built = set(builders)
    for section in sorted(built):
        level = spec.level_of(section)
        if level == 1:
            continue
        below = spec.levels[level - 2]
        missing = [s for s in below if s not in built]
        if missing:
            who = f"{builders[section]}: " if builders[section] else ""
            problems.append(
                f"{who}section {section} is on level {level}, but level {level - 1} lacks section"
                f"{'s' if len(missing) > 1 else ''} {', '.join(map(str, missing))}: {LEVEL_RULE}"
            )
    return problems


def levels_note(spec: Spec) -> str:
    """The note every output resting on the level layout carries."""
    return (
        f"Taj levels taken as sections {spec.levels_text()} ({spec.levels_source}: the rulebook numbers the "
        "sections 1-12 but does not say which make a level; set [taj.layout] levels in karigar.toml to change it)"
    )
