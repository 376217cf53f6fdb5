"""Which digit (1-6) a box holds, with a confidence a player can trust.

The model is a small neural network (one hidden layer) over a digit's gradients (HOG) and its
coarse pixels, trained once by ``scripts/train_digit_model.py`` and shipped as ``model.npz``: only
numpy and OpenCV run it. Its confidence is calibrated (a temperature fitted on writers it was not
trained on) and a reading is taken without asking only at or above ``accept``, the threshold at
which the calibration writers' readings were right at least 99.5 % of the time
(docs/benchmarks.md has the figures on writers held out from both).

A group's own corrections (``adapt.py``) can move a reading: its nearest corrected digits vote.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

from tajkit.sheets.reading.marks import DIGIT

CLASSES = (1, 2, 3, 4, 5, 6)
MODEL_FILE = "model.npz"


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
class Model:
    """The network's layers (weights, biases), the features' mean and spread, the temperature of
    its confidence and the confidence ``accept`` at and above which a reading is not asked."""

    layers: tuple[tuple[np.ndarray, np.ndarray], ...]
    mean: np.ndarray
    scale: np.ndarray
    temperature: float
    accept: float

    def hidden(self, rows: np.ndarray) -> np.ndarray:
        """The last hidden layer's values (what a group's corrections are compared by)."""
        x = (rows - self.mean) / self.scale
        for weights, bias in self.layers[:-1]:
            x = np.maximum(x @ weights + bias, 0.0)
        return x

    def probabilities(self, rows: np.ndarray) -> np.ndarray:
        """Each row's calibrated probability of each of CLASSES."""
        weights, bias = self.layers[-1]
        logits = (self.hidden(rows) @ weights + bias) / self.temperature
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)


def save(model: Model, path: str) -> None:
    arrays = {f"w{k}": w.astype(np.float32) for k, (w, _) in enumerate(model.layers)}
    arrays.update({f"b{k}": b.astype(np.float32) for k, (_, b) in enumerate(model.layers)})
    np.savez_compressed(path, mean=model.mean, scale=model.scale, temperature=np.float64(model.temperature),
                        accept=np.float64(model.accept), **arrays)


@cache
def shipped() -> Model:
    """The model tajkit ships (package data)."""
    with resources.files(__package__).joinpath(MODEL_FILE).open("rb") as handle:
        data = np.load(handle)
        count = sum(1 for name in data.files if name.startswith("w"))
        layers = tuple((data[f"w{k}"], data[f"b{k}"]) for k in range(count))
        return Model(layers, data["mean"], data["scale"], float(data["temperature"]), float(data["accept"]))


@dataclass(frozen=True)
class Reading:
    """A box's digit, the model's confidence in it, and whether it is sure enough not to ask."""

    digit: int
    confidence: float
    sure: bool


def read(pictures: np.ndarray, model: Model | None = None) -> list[Reading]:
    """The digit of each picture."""
    model = model or shipped()
    if len(pictures) == 0:
        return []
    p = model.probabilities(features(pictures))
    best = p.argmax(axis=1)
    return [Reading(CLASSES[k], float(p[i, k]), bool(p[i, k] >= model.accept)) for i, k in enumerate(best)]
