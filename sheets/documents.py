"""What goes on a reference card and a score pad, read from ``seeds/<game>.toml`` (no drawing here).

Two entries in the seeds are filled from the rules models so a card can never disagree with the
sheet: ``from = "features"`` (Artisans: each craftsperson's stars and condition) and
``from = "quarter_table"`` (Maharani: workers -> gold, with each value's provenance).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tajkit import seeds
from tajkit.solver.errors import BadInput


@dataclass(frozen=True)
class TableCell:
    key: str
    value: str
    official: bool  # stated by the rulebook (else a documented inference or default)


@dataclass(frozen=True)
class Section:
    icon: str
    heading: str
    items: tuple[str, ...]
    table: tuple[TableCell, ...] = ()
    table_labels: tuple[str, str] = ("", "")
    table_note: str = ""


@dataclass(frozen=True)
class Card:
    game: str
    title: str
    subtitle: str
    sections: tuple[Section, ...]
    lang: str = "en"
    accent: str = "#B7860B"


@dataclass(frozen=True)
class PadRow:
    label: str
    note: str = ""
    kind: str = "score"  # score | total | tiebreak | shared
    sub: tuple[str, ...] = ("",)  # captions of the cells each player writes in this row
    cells: tuple[str, ...] = ()  # shared rows: one cell per caption, across all players
    stars: int | None = None


@dataclass(frozen=True)
class Pad:
    game: str
    title: str
    players: int
    rows: tuple[PadRow, ...]
    table: tuple[TableCell, ...] = ()
    table_title: str = ""
    table_labels: tuple[str, str] = ("workers", "gold")
    table_note: str = ""
    accent: str = "#B7860B"


def languages(game: str) -> list[str]:
    return list(seeds.load(game).get("reference", {}))


def card(game: str, lang: str = "en") -> Card:
    data = seeds.load(game)
    ref = data.get("reference", {})
    if lang not in ref:
        raise BadInput(f"--lang {lang}: the {game} reference card comes in {', '.join(ref) or 'no language yet'}")
    entry = ref[lang]
    sections = tuple(_section(game, data, s) for s in entry["sections"])
    return Card(game, entry["title"], entry.get("subtitle", ""), sections, lang, data["game"]["accent"])


def _section(game: str, data: dict[str, Any], raw: dict[str, Any]) -> Section:
    items = tuple(raw.get("items", ()))
    source = raw.get("from")
    if source == "features":
        items = _feature_lines() + items
    if source == "quarter_table":
        table, note = _quarter_table(data)
        labels = tuple(raw.get("table_labels", ("", "")))
        return Section(raw["icon"], raw["heading"], items, table, labels, raw.get("table_note", note))  # type: ignore[arg-type]
    return Section(raw["icon"], raw["heading"], items)


def _feature_lines() -> tuple[str, ...]:
    from tajkit.solver.artisans.rules import load_spec

    spec = load_spec()
    lines: dict[str, str] = {}
    for f in spec.features:
        count = sum(1 for g in spec.features if g.craftsperson == f.craftsperson)
        several = f" ×{count}" if count > 1 else ""
        lines.setdefault(f.craftsperson, f"{f.craftsperson}{several}, ★{f.stars}: {f.rule}.")
    return tuple(lines.values())


def _quarter_table(data: dict[str, Any]) -> tuple[tuple[TableCell, ...], str]:
    q = data["quarter_scoring"]
    cells = tuple(
        TableCell(str(n), str(gold), source == "rulebook") for n, (gold, source) in enumerate(zip(q["gold"], q["source"]))
    )
    return cells, q.get("note", "")


def pad(game: str) -> Pad:
    data = seeds.load(game)
    raw = data.get("scorepad")
    if raw is None:
        raise BadInput(f"no score pad for {game} yet")
    rows: list[PadRow] = []
    for r in raw["rows"]:
        if r.get("from") == "features":
            rows += _feature_rows()
        elif r.get("kind") == "rounds":
            sub = tuple(r.get("sub", ("",)))
            rows += [PadRow(f"{r['label']} {k}", r.get("note", "") if k == 1 else "", "score", sub) for k in range(1, r["count"] + 1)]
        else:
            rows.append(
                PadRow(r["label"], r.get("note", ""), r.get("kind", "score"), tuple(r.get("sub", ("",))), tuple(r.get("cells", ())))
            )
    table: tuple[TableCell, ...] = ()
    note = ""
    if "quarter_scoring" in data:
        table, note = _quarter_table(data)
    labels = tuple(raw.get("table_labels", ("", "")))
    return Pad(
        game, raw["title"], int(raw["max_players"]), tuple(rows), table, raw.get("table_title", ""), labels,  # type: ignore[arg-type]
        note, data["game"]["accent"],
    )


def _feature_rows() -> list[PadRow]:
    from tajkit.solver.artisans.rules import load_spec

    return [PadRow(f.title, f.short_rule, "score", ("",), (), f.stars) for f in load_spec().features]
