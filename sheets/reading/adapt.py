"""A group's own handwriting: the digits its players answered when the reader asked, kept on this
machine beside the play log (``handwriting/`` next to ``history.sqlite``) and used to read their
next photos.

A new digit is compared with the kept ones by the model's hidden layer (what the network sees).
When the closest kept digits of the group agree with each other and lie close, they vote: if they
say the model's digit, a reading the model was not quite sure of is taken without asking; if they
say another digit, the reading changes to theirs and is asked. Nothing leaves the machine; the
``--no-learn`` switch of ``tajkit read`` neither uses nor keeps them.
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from tajkit.sheets.reading import digits

FOLDER = "handwriting"
LIMIT = 3000  # kept digits read back, the newest
NEIGHBOURS = 3  # how many kept digits vote
CLOSE = 0.7  # cosine likeness of hidden layers at and above which a kept digit counts as the same hand's
TRUST = 0.9  # the model's least confidence a unanimous vote of the group lifts to sure


def folder(database: Path) -> Path:
    """Where a play log's group keeps its handwriting."""
    return database.with_name(FOLDER)


@dataclass(frozen=True)
class Handwriting:
    """Kept digit pictures (uint8, DIGIT x DIGIT) and the digit each is."""

    pictures: np.ndarray
    labels: np.ndarray

    @classmethod
    def load(cls, where: Path) -> Handwriting:
        """Every batch kept in the folder, the newest LIMIT digits (a damaged batch is left out)."""
        pictures, labels = [], []
        for path in sorted(where.glob("*.npz")) if where.is_dir() else []:
            try:
                with np.load(path) as batch:
                    pictures.append(batch["pictures"])
                    labels.append(batch["labels"])
            except (OSError, ValueError, KeyError):
                continue
        if not pictures:
            return cls(np.zeros((0, 28, 28), np.uint8), np.zeros(0, int))
        return cls(np.concatenate(pictures)[-LIMIT:], np.concatenate(labels)[-LIMIT:])

    def adjust(self, pictures: np.ndarray, readings: list[digits.Reading],
               model: digits.Model | None = None) -> list[digits.Reading]:
        """The model's ``readings`` of ``pictures``, moved by the group's votes."""
        if len(self.labels) == 0:
            return readings
        model = model or digits.shipped()
        kept = _unit(model.hidden(digits.features(self.pictures.astype(np.float32) / 255.0)))
        new = _unit(model.hidden(digits.features(pictures)))
        likeness = new @ kept.T
        adjusted = []
        for k, reading in enumerate(readings):
            nearest = np.argsort(-likeness[k])[:NEIGHBOURS]
            close = [int(self.labels[n]) for n in nearest if likeness[k, n] >= CLOSE]
            if len(close) < NEIGHBOURS or len(set(close)) != 1:
                adjusted.append(reading)
            elif close[0] == reading.digit:
                adjusted.append(replace(reading, sure=reading.sure or reading.confidence >= TRUST))
            else:
                adjusted.append(digits.Reading(close[0], reading.confidence, False, reading.margin))
        return adjusted


def _unit(rows: np.ndarray) -> np.ndarray:
    return rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-9)


def keep(where: Path, pictures: list[np.ndarray], labels: list[int]) -> Path | None:
    """Add answered digits as one new batch file (written whole, never over another), so two
    readers saving at once lose nothing."""
    if not pictures:
        return None
    where.mkdir(parents=True, exist_ok=True)
    data = np.clip(np.asarray(pictures) * 255, 0, 255).astype(np.uint8)
    fd, tmp = tempfile.mkstemp(dir=where, prefix=".batch-", suffix=".part")
    with os.fdopen(fd, "wb") as out:
        np.savez_compressed(out, pictures=data, labels=np.asarray(labels, np.int16))
        out.flush()
        os.fsync(out.fileno())
    target = where / f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{Path(tmp).stem[7:]}.npz"
    os.replace(tmp, target)
    return target
