"""Train the digit model `tajkit read` ships (sheets/reading/model.npz), once.

    python scripts/train_digit_model.py [--sheets 6] [--seed 45] [--cache /tmp/digits.npz]

Needs `pip install scikit-learn HersheyFonts` (training only: tajkit runs the model with numpy) and,
for the font writers, handwriting-like fonts: on Debian `apt-get install fonts-dkg-handwriting
fonts-humor-sans fonts-comic-neue fonts-breip fonts-bwht fonts-klee fonts-kristi fonts-kaushanscript
fonts-dancingscript fonts-ecolier-court fonts-leckerli-one`, and `pip install fontpkg-caveat
fontpkg-indie-flower fontpkg-kalam fontpkg-permanent-marker fontpkg-shadows-into-light
fontpkg-satisfy fontpkg-zeyada fontpkg-yellowtail fontpkg-delius` (a writer whose font is missing
is left out, and the script says which writers it used).

The digits are the training writers' (never the held-out ones, `synthetic.writers(held_out=True)`),
written into tajkit's own printed sheet, photographed (`synthetic.photograph`) and cut out by the
reader itself, so the model learns from exactly what it will be shown. Every fifth training writer
is kept out of the fit to calibrate: the temperature of the confidence, and `accept`, the least
confidence at which those writers' readings the networks agree on were right at least 99.8 % of the
time (a margin over the 99.5 % promised on unseen writers), for each kind of hand on its own (the
stroke model's, the fonts'), the strictest taken. Several networks are fitted (a
committee, each with its own size and seed); a digit they disagree on is always asked.
Figures printed: each network's and the calibration writers' accuracy, and the share accepted.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

from tajkit.sheets import artisans
from tajkit.sheets.reading import digits, marks, page, synthetic
from tajkit.solver.artisans.spec import load_spec

TARGET = 0.998  # accepted readings right on the calibration writers (the docs promise 99.5 % on unseen ones)
OUT = Path(__file__).resolve().parent.parent / "sheets" / "reading" / digits.MODEL_FILE


def crops(writers: list[synthetic.Writer], sheets: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Digit pictures cut by the reader from photos of sheets the writers filled: pictures, digits,
    writer index."""
    spec = load_spec()
    where = artisans.regions(spec)
    pictures, labels, who = [], [], []
    for k, writer in enumerate(writers):
        rng = np.random.default_rng([seed, k])
        for s in range(sheets):
            filled = synthetic.fill(spec, writer, rng, paper=("a4", "letter")[s % 2], ink=("colour", "low")[s // 2 % 2],
                                    values=synthetic.random_values(spec, rng, empty=0.05))
            photo = synthetic.photograph(filled.image, synthetic.random_shot(rng), rng)
            try:
                found = page.find(page.decode_photo(photo))
            except page.BadPhoto:
                continue
            for feature in spec.features:
                for (x, y), value in zip(where.boxes[feature.id], filled.values[feature.id]):
                    spot = marks.read_box(found, x, y)
                    if value and spot.digit is not None:
                        pictures.append(spot.digit)
                        labels.append(value)
                        who.append(k)
        print(f"  {writer.name}: {sum(1 for w in who if w == k)} digits", file=sys.stderr)
    return np.asarray(pictures, np.float32), np.asarray(labels), np.asarray(who)


def augmented(pictures: np.ndarray, labels: np.ndarray, copies: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``copies`` more of each picture, each turned, sheared, stretched and its line made thicker or
    thinner a little (other hands than the writers' own), then cut and centred as the reader does."""
    import cv2

    rng = np.random.default_rng(seed)
    out, out_labels = [pictures], [labels]
    size = marks.DIGIT * 2
    for _ in range(copies):
        made = []
        for picture in pictures:
            big = cv2.resize(picture, (size, size), interpolation=cv2.INTER_LINEAR)
            angle, shear = np.radians(rng.normal(0, 5)), rng.normal(0, 0.15)
            sx, sy = rng.uniform(0.8, 1.15), rng.uniform(0.9, 1.1)
            c, s_ = np.cos(angle), np.sin(angle)
            m = np.array([[c * sx, -s_ * sy - shear, 0], [s_ * sx, c * sy, 0]])
            m[:, 2] = size / 2 - m[:, :2] @ np.array([size / 2, size / 2])
            big = cv2.warpAffine(big, m, (size, size), flags=cv2.INTER_LINEAR)
            turn = rng.integers(3)
            if turn:
                kernel = np.ones((2, 2), np.uint8)
                big = cv2.dilate(big, kernel) if turn == 1 else cv2.erode(big, kernel)
            made.append(marks.digit_picture(big) if big.max() > 0.05 else picture)
        out.append(np.asarray(made, np.float32))
        out_labels.append(labels)
    return np.concatenate(out), np.concatenate(out_labels)


def typical_shapes(committee: tuple[digits.Network, ...], rows: np.ndarray, labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each digit's centroid of the fit digits' hidden layers (unit vectors) and the likeness to it
    under which only 1 % of them lie."""
    model = digits.Model(committee, 1.0, 1.0, np.zeros(0), np.zeros(0))
    hidden = model.hidden(rows)
    hidden /= np.maximum(np.linalg.norm(hidden, axis=1, keepdims=True), 1e-9)
    centroids, floors = [], []
    for c in range(len(digits.CLASSES)):
        mine = hidden[labels == c]
        centre = mine.mean(axis=0)
        centre /= np.linalg.norm(centre)
        centroids.append(centre)
        floors.append(np.percentile(mine @ centre, 1))
    return np.asarray(centroids, np.float32), np.asarray(floors, np.float32)


def fit_temperature(networks: tuple[digits.Network, ...], rows: np.ndarray, labels: np.ndarray) -> float:
    """The temperature that makes the calibration writers' digits most likely under the committee's
    mean probability."""
    best, best_t = np.inf, 1.0
    for t in np.exp(np.linspace(np.log(0.3), np.log(5.0), 80)):
        p = digits.Model(networks, float(t), 1.0, np.zeros(0), np.zeros(0)).probabilities(rows)
        nll = -np.log(p[np.arange(len(labels)), labels] + 1e-12).mean()
        if nll < best:
            best, best_t = nll, float(t)
    return best_t


def accept_threshold(confidence: np.ndarray, right: np.ndarray) -> float:
    """The least confidence such that every reading at or above it, taken together, is right at
    TARGET or better (the most readings accepted while staying that right)."""
    order = np.argsort(-confidence)
    cumulative = np.cumsum(right[order]) / np.arange(1, len(order) + 1)
    ok = np.nonzero(cumulative >= TARGET)[0]
    if len(ok) == 0:
        return 1.0
    return float(confidence[order][ok.max()])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sheets", type=int, default=6, help="sheets per training writer")
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--cache", default=None, help="keep the cut digits in this .npz (and reuse them)")
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--augment", type=int, default=3, help="turned and stretched copies of each fit digit")
    parser.add_argument("--networks", type=int, default=3, help="networks in the committee")
    parser.add_argument("-o", "--output", default=str(OUT))
    args = parser.parse_args()
    from sklearn.neural_network import MLPClassifier

    os.environ.setdefault("OMP_NUM_THREADS", "1")
    team = synthetic.writers(held_out=False)
    print(f"{len(team)} training writers: {', '.join(w.name for w in team)}", file=sys.stderr)
    started = time.time()
    if args.cache and Path(args.cache).exists():
        cached = np.load(args.cache)
        pictures, labels, who = cached["pictures"], cached["labels"], cached["who"]
    else:
        pictures, labels, who = crops(team, args.sheets, args.seed)
        if args.cache:
            np.savez_compressed(args.cache, pictures=pictures, labels=labels, who=who)
    print(f"{len(labels)} digits cut in {time.time() - started:.0f} s", file=sys.stderr)
    calibrating = who % 5 == 4
    x = digits.features(pictures)
    y = labels - 1
    fit_pictures, fit_labels = augmented(pictures[~calibrating], labels[~calibrating], args.augment, args.seed)
    x_fit, y_fit = digits.features(fit_pictures), fit_labels - 1
    mean, scale = x_fit.mean(axis=0), x_fit.std(axis=0) + 1e-3
    networks = []
    for k in range(args.networks):
        net = MLPClassifier(hidden_layer_sizes=(args.hidden + 64 * k,), alpha=1e-3, batch_size=256,
                            learning_rate_init=1e-3, max_iter=60, early_stopping=True, validation_fraction=0.1,
                            n_iter_no_change=6, random_state=args.seed + k)
        started = time.time()
        net.fit((x_fit - mean) / scale, y_fit)
        print(f"network {k + 1}: fitted in {time.time() - started:.0f} s, {net.n_iter_} epochs, "
              f"{(net.predict((x_fit - mean) / scale) == y_fit).mean():.4f} right on the fit digits", file=sys.stderr)
        # the weights as the model file keeps them (half precision), so the calibration is the shipped model's
        layers = tuple((w.astype(np.float16).astype(np.float32), b.astype(np.float32))
                       for w, b in zip(net.coefs_, net.intercepts_))
        networks.append(digits.Network(layers, mean.astype(np.float32), scale.astype(np.float32)))
    committee = tuple(networks)
    centroids, floors = typical_shapes(committee, x[~calibrating], y[~calibrating])
    temperature = fit_temperature(committee, x[calibrating], y[calibrating])
    model = digits.Model(committee, temperature, 1.0, centroids, floors)
    each = model.each(x[calibrating])
    p = each.mean(axis=0)
    best = p.argmax(axis=1)
    agreed = (each.argmax(axis=2) == best).all(axis=0) & model.typical(x[calibrating], best)
    print(f"typical and agreed on: {agreed.mean():.3f} of the calibration digits", file=sys.stderr)
    confidence = np.where(agreed, p.max(axis=1), 0.0)  # a reading the networks disagree on is always asked
    right = best == y[calibrating]
    # the threshold of the hardest kind of hand (the fonts' unusual shapes are surer to mislead than
    # the stroke model's hands): each kind with enough digits must be TARGET right on its own
    kinds = np.array([team[w].kind for w in who[calibrating]])
    thresholds = {kind: accept_threshold(confidence[kinds == kind], right[kinds == kind])
                  for kind in sorted(set(kinds)) if (kinds == kind).sum() >= 200}
    accept = max(thresholds.values())
    print("thresholds by kind: " + ", ".join(f"{k} {t:.4f} (n = {(kinds == k).sum()})" for k, t in thresholds.items()))
    model = digits.Model(committee, temperature, accept, centroids, floors)
    digits.save(model, args.output)
    taken = confidence >= accept
    print(f"calibration writers: {right.mean():.4f} right (n = {calibrating.sum()}); temperature {temperature:.3f}; "
          f"networks agree on {agreed.mean():.3f}; accept at confidence >= {accept:.4f}: {taken.mean():.3f} of boxes, "
          f"{right[taken].mean():.4f} right")
    print(f"model: {args.output} ({Path(args.output).stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
