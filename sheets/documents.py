"""What goes on a reference card and a score pad (no drawing here).

A score pad's rows are the game's scoring categories (``Game.categories``), the very ones
``tajkit score`` reports, so the printed pad and the scorer cannot disagree. A reference card's
words come from the seed's ``[reference.<lang>]``; a section that says ``from = "<key>"`` gets the
lines the game computes from its data (``Game.card_parts``), e.g. Artisans' stars.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tajkit.solver import seeddata
from tajkit.solver.errors import BadData, BadInput
from tajkit.solver.game import Category, Game, PadLayout, PadTable, TableCell

__all__ = ["Card", "Pad", "Section", "TableCell", "card", "pads", "pages_per_design", "printed"]


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
class Pad:
    game: str
    title: str
    players: int
    rows: tuple[Category, ...]
    table: PadTable | None = None
    accent: str = "#B7860B"
    words: Any = None  # seedmodels.PadWords: the pad's fixed words in its language
    lang: str = "en"
    fewest: int = 1  # the fewest players this design is for (``players`` is the most)
    for_players: str = ""  # "2 players" when the game has a design per player count, else ""


def _printing(game: str, data: Path | None) -> Any:
    """The seed's printing parts (``[game]``, ``[reference]``, ``[scorepad_text]``), with the
    user's override file in the folder ``data`` laid over them."""
    from tajkit.solver.seedmodels import Printing

    return seeddata.typed(game, Printing, data)


def card(info: Game, spec: Any, lang: str = "en", data: Path | None = None) -> Card:
    """The reference card in ``lang``, its words from the seed (with the override file in ``data``)."""
    printing = _printing(info.id, data)
    if lang not in printing.reference:
        raise BadInput(f"--lang {lang}: the {info.id} reference card comes in {', '.join(printing.reference) or 'no language yet'}")
    entry = printing.reference[lang]
    parts = info.card_parts(spec)
    sections = []
    for raw in entry.sections:
        items = tuple(raw.items)
        table: PadTable | None = None
        if raw.from_ is not None:
            part = parts.get(raw.from_)
            if part is None:
                raise BadInput(f"{info.id} reference card: no content named {raw.from_!r} (known: {', '.join(parts) or 'none'})")
            items = part.items + items
            table = part.table
        if table is None:
            sections.append(Section(raw.icon, raw.heading, items))
        else:
            labels = tuple(raw.table_labels) if any(raw.table_labels) else table.labels
            sections.append(Section(raw.icon, raw.heading, items, table.cells, labels, raw.table_note or table.note))  # type: ignore[arg-type]
    return Card(info.id, entry.title, entry.subtitle, tuple(sections), lang, printing.game.accent)


def pad_languages(info: Game, data: Path | None = None) -> list[str]:
    return ["en", *_printing(info.id, data).scorepad_text]


def pads(info: Game, spec: Any, lang: str = "en", players: int | None = None, data: Path | None = None) -> tuple[Pad, ...]:
    """The score pad in each of the game's designs (``Game.pad_layouts``), e.g. Maharani's for 2
    players and for 3-4: the rows a design sets, each ``per_colour`` category's cells once per
    colour. With ``players``, only the design for that many players. The words come from the
    seed, with the override file in the folder ``data``."""
    base = _pad(info, spec, lang, data)
    layouts = info.pad_layouts(spec)
    chosen = layouts if players is None else (design_for(info, spec, players),)
    return tuple(_laid_out(base, layout, len(layouts) > 1) for layout in chosen)


def design_for(info: Game, spec: Any, players: int) -> PadLayout:
    """The score pad's design for ``players`` players; a count the game does not allow is bad input."""
    fewest, most = info.player_counts(spec)
    found = next((layout for layout in info.pad_layouts(spec) if layout.fewest <= players <= layout.most), None)
    if not fewest <= players <= most or found is None:
        raise BadInput(f"--players {players}: the {info.id} score pad is for {fewest} to {most} players")
    return found


def pages_per_design(total: int, designs: int) -> tuple[int, ...]:
    """``total`` pages shared out between ``designs`` as evenly as may be, the first designs taking
    what does not divide (11 between two: 6 + 5), and at least one page each."""
    each, left = divmod(total, designs)
    return tuple(max(1, each + (k < left)) for k in range(designs))


def printed(designs: tuple[Pad, ...], total: int) -> str:
    """What a pad of several designs holds, e.g. "10 pages: 5 for 2 players, 5 for 3-4 players"."""
    pages = pages_per_design(total, len(designs))
    parts = [f"{n} for {_served(d.fewest, d.players, '-')} players" for d, n in zip(designs, pages)]
    return f"{sum(pages)} pages: {', '.join(parts)}"


def _served(fewest: int, most: int, dash: str = "–") -> str:
    return str(most) if fewest == most else f"{fewest}{dash}{most}"


def _laid_out(base: Pad, layout: PadLayout, several: bool) -> Pad:
    counts = dict(layout.counts)
    rows = []
    for row in base.rows:
        if row.id in counts:
            row = replace(row, count=counts[row.id])
        if row.id in layout.per_colour and layout.colours > 1:
            row = replace(row, sub=tuple(f"{s} {'abcd'[k]}" for k in range(layout.colours) for s in row.sub))
        rows.append(row)
    label = f"{_served(layout.fewest, layout.most)} {base.words.players}" if several else ""
    return replace(base, players=layout.most, rows=tuple(rows), fewest=layout.fewest, for_players=label)


def _pad(info: Game, spec: Any, lang: str, data: Path | None) -> Pad:
    """The score pad: one column per player the rules allow, one row per scoring category; in
    another language, every category's words come from the seed's ``[scorepad_text.<lang>]``."""
    from tajkit.solver.seedmodels import ENGLISH_PAD

    printing = _printing(info.id, data)
    _, most = info.player_counts(spec)
    rows, table = info.categories(spec), info.pad_table(spec)
    if lang == "en":
        return Pad(info.id, info.title, most, rows, table, printing.game.accent, ENGLISH_PAD)
    if lang not in printing.scorepad_text:
        raise BadInput(f"--lang {lang}: the {info.id} score pad comes in {', '.join(pad_languages(info, data))}")
    text = printing.scorepad_text[lang]
    missing = [c.id for c in rows if c.id not in text.categories]
    if missing or (table is not None and text.table is None):
        needed = ", ".join(missing + (["table"] if table is not None and text.table is None else []))
        raise BadData(f"{info.id} data: scorepad_text.{lang} needs words for {needed}")
    rows = tuple(_translated(c, text.categories[c.id]) for c in rows)
    if table is not None and text.table is not None:
        table = replace(table, title=text.table.title, labels=tuple(text.table.labels), note=text.table.note)  # type: ignore[arg-type]
    return Pad(info.id, text.title or info.title, most, rows, table, printing.game.accent, text.words, lang)


def _translated(category: Category, words: Any) -> Category:
    return replace(
        category,
        label=words.label,
        note=words.note,
        sub=tuple(words.sub) if words.sub is not None else category.sub,
        cells=tuple(words.cells) if words.cells is not None else category.cells,
    )
