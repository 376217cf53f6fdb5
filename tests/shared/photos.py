"""Photos for the tests of tajkit read (issue 45): sheets filled by a held-out writer and
photographed (sheets/reading/synthetic.py), written as files, with what was really written. Needs
OpenCV (tests/photo/conftest.py leaves the photo tests out without it)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from tajkit.sheets.reading import synthetic
from tajkit.solver.artisans.spec import load_spec

SPEC = load_spec()
# A fair photo: some perspective, a turn, shading, noise and JPEG, the page 0.7 of a 12 MP photo's
FAIR = synthetic.Shot(perspective=0.06, rotation=-7.0, scale=0.7, blur=0.8, shading=0.75, noise=4.0, quality=70)


@dataclass(frozen=True)
class Photo:
    path: Path
    truth: dict
    filled: synthetic.Filled


def held_out_writer(seed: int) -> synthetic.Writer:
    """One of the stroke model's hands the digit model was never trained or calibrated on."""
    return synthetic.styled(synthetic.Writer(f"strokes-{seed}", "strokes", seed=seed, held_out=True))


def take(folder: Path, name: str, seed: int, shot: synthetic.Shot = FAIR, paper: str = "a4", ink: str = "colour",
         writer_seed: int = 1000, sheet: int = 1, values: dict | None = None) -> Photo:
    """A sheet filled by a held-out hand and photographed, as ``folder/name.jpg``."""
    rng = np.random.default_rng(seed)
    filled = synthetic.fill(SPEC, held_out_writer(writer_seed), rng, paper, ink, values=values, sheet=sheet)
    path = folder / f"{name}.jpg"
    path.write_bytes(synthetic.photograph(filled.image, shot, rng))
    return Photo(path, filled.table(name), filled)
