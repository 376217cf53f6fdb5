"""The five games tajkit knows, and what each supports today."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    kind: str
    rulebook: str
    prints: tuple[str, ...] = ()  # printable kinds; the first is the main printout
    scores: bool = False
    hints: bool = False
    simulates: bool = False

    def supports(self) -> list[str]:
        parts = [f"print {'/'.join(self.prints)}"] if self.prints else []
        parts += [name for name, on in (("score", self.scores), ("hint", self.hints), ("simulate", self.simulates)) if on]
        return parts


PADS = ("scorepad", "reference")

GAMES: dict[str, Game] = {
    g.id: g
    for g in (
        Game("artisans", "Artisans of the Taj Mahal", "roll & write, 2d6", "artisans-of-the-taj-mahal.txt",
             prints=("sheet", "reference", "scorepad"), scores=True, hints=True, simulates=True),
        Game("taj", "TAJ", "rug card game, voting", "taj-rug-card-game.txt", prints=PADS, scores=True, hints=True),
        Game("tajmahal", "Taj Mahal", "bidding, provinces", "taj-mahal.txt", prints=PADS),
        Game("karigar", "Karigar-e-Taj", "worker placement", "karigar-e-taj.txt", prints=PADS),
        Game("maharani", "Maharani", "mosaic tiles", "maharani-hungarian.txt", prints=PADS),
    )
}
