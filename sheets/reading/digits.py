"""Which digit (1-6) a box holds, with a confidence a player can trust.

The model is a committee of small neural networks (one hidden layer each) over a digit's gradients
(HOG) and its coarse pixels, trained once by ``scripts/train_digit_model.py`` and shipped as
``model.npz``: only numpy runs it. Its confidence is calibrated (a temperature fitted on writers it
was not trained on), and a reading is taken without asking only when the networks agree, the digit
looks like the ones of its kind they learned from (by ``MARGIN``), and their confidence is at or
above ``accept``, the threshold at which the calibration writers' readings were
right at least 99.8 % of the time (docs/benchmarks.md has the figures on writers held out from
both).

A group's own corrections (``adapt.py``) can move a reading: its nearest corrected digits vote.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import numpy as np

from tajkit.sheets.reading.marks import DIGIT

CLASSES = (1, 2, 3, 4, 5, 6)
MODEL_FILE = "model.npz"
# A digit is taken without asking only when its shape lies at least this far inside the learned ones
# (``Model.margins``): the margin under which 1 % of the calibration writers' taken digits lie
# (`python scripts/bench_read.py --calibration --photos 4 --seed 7`: 0.038). The model's own floor
# is the fit digits' 1 %, and digits the model was fitted on look more like its centroids than a new
# writer's do: most wrong readings of unseen hands, however confident, lay just above that floor.
MARGIN = 0.04


CELL, BINS = 7, 9  # HOG: 7 x 7 pixel cells, 9 directions (0-180 degrees), blocks of 2 x 2 cells


def hog(pictures: np.ndarray) -> np.ndarray:
    """Histograms of oriented gradients (Dalal and Triggs) of DIGIT x DIGIT pictures: per cell, the
    gradients' strength by direction; per block of 2 x 2 cells, normalised (L2, clipped at 0.2)."""
    p = pictures.astype(np.float32)
    gx = np.zeros_like(p)
    gy = np.zeros_like(p)
    gx[:, :, 1:-1] = p[:, :, 2:] - p[:, :, :-2]
    gy[:, 1:-1, :] = p[:, 2:, :] - p[:, :-2, :]
    strength = np.hypot(gx, gy)
    direction = (np.degrees(np.arctan2(gy, gx)) % 180.0) / (180.0 / BINS)
    low = np.floor(direction).astype(int) % BINS
    share = direction - np.floor(direction)
    cells = DIGIT // CELL
    hist = np.zeros((len(p), DIGIT, DIGIT, BINS), np.float32)
    n, y, x = np.indices(low.shape)
    np.add.at(hist, (n, y, x, low), strength * (1 - share))
    np.add.at(hist, (n, y, x, (low + 1) % BINS), strength * share)
    hist = hist.reshape(len(p), cells, CELL, cells, CELL, BINS).sum(axis=(2, 4))
    blocks = np.concatenate([hist[:, i:i + 2, j:j + 2].reshape(len(p), -1)[:, None]
                             for i in range(cells - 1) for j in range(cells - 1)], axis=1)
    for _ in range(2):  # L2-Hys
        blocks = blocks / np.sqrt((blocks ** 2).sum(axis=2, keepdims=True) + 1e-6)
        blocks = np.minimum(blocks, 0.2)
    return blocks.reshape(len(p), -1)


def features(pictures: np.ndarray) -> np.ndarray:
    """Each digit picture (DIGIT x DIGIT, 0-1) as one row: its HOG and its 14 x 14 pixels."""
    pictures = np.asarray(pictures, np.float32).reshape(-1, DIGIT, DIGIT)
    coarse = pictures.reshape(len(pictures), 14, 2, 14, 2).mean(axis=(2, 4)).reshape(len(pictures), -1)
    return np.concatenate([hog(pictures), coarse], axis=1).astype(np.float32)


@dataclass(frozen=True)
class Network:
    """One network: its layers (weights, biases) and the features' mean and spread it was fitted on."""

    layers: tuple[tuple[np.ndarray, np.ndarray], ...]
    mean: np.ndarray
    scale: np.ndarray

    def hidden(self, rows: np.ndarray) -> np.ndarray:
        x = (rows - self.mean) / self.scale
        for weights, bias in self.layers[:-1]:
            x = np.maximum(x @ weights + bias, 0.0)
        return x

    def logits(self, rows: np.ndarray) -> np.ndarray:
        weights, bias = self.layers[-1]
        return self.hidden(rows) @ weights + bias


@dataclass(frozen=True)
class Model:
    """A few networks fitted apart (a committee: where they disagree, the digit is asked), the
    temperature of their confidence, and the confidence ``accept`` at and above which a reading
    they agree on is not asked."""

    networks: tuple[Network, ...]
    temperature: float
    accept: float
    centroids: np.ndarray  # each digit's mean hidden direction on the fit digits (CLASSES order)
    floors: np.ndarray  # the likeness to its centroid under which only 1 % of the fit digits lay

    def typical(self, rows: np.ndarray, classes: np.ndarray) -> np.ndarray:
        """Whether each row looks like the fit digits of the class it is read as (cosine likeness of
        its hidden layers to the class's centroid at least the class's floor): a shape unlike every
        hand the model learned from is asked, however sure the networks are."""
        return self.margins(rows, classes) >= 0

    def margins(self, rows: np.ndarray, classes: np.ndarray) -> np.ndarray:
        """How far each row's likeness to its class's centroid lies above the class's floor (below 0:
        a shape unlike the fit digits of that class)."""
        hidden = self.hidden(rows)
        hidden = hidden / np.maximum(np.linalg.norm(hidden, axis=1, keepdims=True), 1e-9)
        return (hidden * self.centroids[classes]).sum(axis=1) - self.floors[classes]

    def hidden(self, rows: np.ndarray) -> np.ndarray:
        """The networks' last hidden layers side by side (what a group's corrections are compared by)."""
        return np.concatenate([n.hidden(rows) for n in self.networks], axis=1)

    def each(self, rows: np.ndarray) -> np.ndarray:
        """Each network's calibrated probabilities of CLASSES: (networks, rows, classes)."""
        logits = np.stack([n.logits(rows) for n in self.networks]) / self.temperature
        logits -= logits.max(axis=2, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=2, keepdims=True)

    def probabilities(self, rows: np.ndarray) -> np.ndarray:
        return self.each(rows).mean(axis=0)


def save(model: Model, path: str) -> None:
    arrays: dict[str, np.ndarray] = {}
    for j, net in enumerate(model.networks):
        arrays |= {f"n{j}_w{k}": w.astype(np.float16) for k, (w, _) in enumerate(net.layers)}  # half the file
        arrays |= {f"n{j}_b{k}": b.astype(np.float32) for k, (_, b) in enumerate(net.layers)}
        arrays |= {f"n{j}_mean": net.mean.astype(np.float32), f"n{j}_scale": net.scale.astype(np.float32)}
    np.savez_compressed(path, temperature=np.float64(model.temperature), accept=np.float64(model.accept),
                        centroids=model.centroids.astype(np.float32), floors=model.floors.astype(np.float32), **arrays)


def load(handle: Any) -> Model:
    with np.load(handle) as data:
        networks = []
        while f"n{len(networks)}_mean" in data.files:
            j = len(networks)
            count = sum(1 for name in data.files if name.startswith(f"n{j}_w"))
            layers = tuple((data[f"n{j}_w{k}"].astype(np.float32), data[f"n{j}_b{k}"]) for k in range(count))
            networks.append(Network(layers, data[f"n{j}_mean"], data[f"n{j}_scale"]))
        return Model(tuple(networks), float(data["temperature"]), float(data["accept"]), data["centroids"],
                     data["floors"])


@cache
def shipped() -> Model:
    """The model tajkit ships (package data)."""
    with resources.files(__package__).joinpath(MODEL_FILE).open("rb") as handle:
        return load(handle)


@dataclass(frozen=True)
class Reading:
    """A box's digit, the model's confidence in it, whether it is sure enough not to ask, and how
    typical its shape is of that digit (``Model.margins``: above 0, like the digits learned from)."""

    digit: int
    confidence: float
    sure: bool
    margin: float = 0.0


def read(pictures: np.ndarray, model: Model | None = None) -> list[Reading]:
    """The digit of each picture."""
    model = model or shipped()
    if len(pictures) == 0:
        return []
    rows = features(pictures)
    each = model.each(rows)
    p = each.mean(axis=0)
    best = p.argmax(axis=1)
    margin = model.margins(rows, best)
    sure = (each.argmax(axis=2) == best).all(axis=0) & (margin >= MARGIN)
    return [Reading(CLASSES[k], float(p[i, k]), bool(p[i, k] >= model.accept and sure[i]), float(margin[i]))
            for i, k in enumerate(best)]
