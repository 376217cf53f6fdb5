"""Benchmark: `tajkit read artisans` on photos it makes itself (issue 45).

    python scripts/bench_read.py [--photos 4] [--seed 1] [--adapt] [--kinds strokes font hershey scanned] [--writers N]
    python scripts/bench_read.py --calibration [--photos 4] [--seed 7]

Each held-out writer (never one the model was trained or calibrated on: `synthetic.writers(held_out=True)`)
fills `--photos` sheets of tajkit's own printed pad (A4 and Letter, colour and low ink in turn), each
photographed at random within the issue's limits: perspective up to 10 % of the page, any turn,
scale 0.5-1 (of a photo whose page is about 2900 pixels high), blur, shading, noise, JPEG 50-85.
The reader then reads each photo on one core, as `tajkit read` does. All 45 held-out writers need
what scripts/train_digit_model.py lists (scikit-learn, HersheyFonts, the fontpkg-* packages and
Debian's handwriting fonts); a writer whose font or package is missing is left out, and the
script says which writers it used.

Printed: pages found; written boxes accepted without asking and how many of those were right;
empty boxes, raindrops and trees read right (and how many of each were asked); sheets entirely
right once the player answers every question truly; the time to read a photo (decoding, finding,
straightening and reading); each by writer kind and writer, and by distortion. With `--adapt`, also
a group's learning: each writer's first sheet answered and kept, the later ones read with it.
Sheets whose hand was judged unusual (`artisans.UNUSUAL_SHARE`: their digits asked more) are counted.

`--calibration` reads the calibration writers' sheets instead (training writers kept out of the
model's fit: every fifth), with the sheet rule off, and prints what the rule's three numbers in
`sheets/reading/artisans.py` are taken from (the share of doubtful digits only 10 % of the sheets
reach, and the confidence and margin of likeness 90 % of the taken digits reach) and
`digits.MARGIN` (the margin under which 1 % of the taken digits lie).
Figures, not assertions: say what else ran (`uptime`).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from tajkit.sheets.reading import adapt, artisans, digits, page, synthetic  # noqa: E402
from tajkit.solver.artisans.spec import load_spec  # noqa: E402


@dataclass
class Tally:
    photos: int = 0
    found: int = 0
    written: int = 0
    accepted: int = 0
    accepted_right: int = 0
    read_right: int = 0  # written boxes whose reading (asked or not) was the digit
    empty: int = 0
    empty_right: int = 0
    empty_asked: int = 0
    drops: int = 0
    drops_right: int = 0
    drops_asked: int = 0
    trees: int = 0
    trees_right: int = 0
    trees_asked: int = 0
    sheets_right: int = 0
    unusual: int = 0  # sheets whose hand was judged unusual
    asked: int = 0
    seconds: list[float] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name, value in vars(other).items():
            setattr(self, name, getattr(self, name) + value)


def tally(reading: artisans.Reading | None, filled: synthetic.Filled, seconds: float, refusal: str = "") -> Tally:
    t = Tally(photos=1)
    if reading is None:
        t.refusals.append(refusal)
        return t
    t.found, t.seconds, t.unusual = 1, [seconds], int(reading.unusual)
    wrong_and_sure = 0
    for v in reading.values:
        if v.kind == "box":
            truth = filled.values[v.feature][v.index]
        else:
            truth = int((filled.drops if v.kind == "raindrop" else filled.trees)[v.index])
        right = v.value == truth
        if v.kind == "box" and truth:
            t.written += 1
            t.read_right += right
            t.accepted += v.sure
            t.accepted_right += v.sure and right
        elif v.kind == "box":
            t.empty += 1
            t.empty_right += right
            t.empty_asked += not v.sure
        elif v.kind == "raindrop":
            t.drops += 1
            t.drops_right += right
            t.drops_asked += not v.sure
        else:
            t.trees += 1
            t.trees_right += right
            t.trees_asked += not v.sure
        t.asked += not v.sure
        wrong_and_sure += v.sure and not right
    t.sheets_right = int(wrong_and_sure == 0)  # the player answers every question truly
    return t


def pct(n: int, d: int) -> str:
    return f"{100 * n / d:6.2f} %" if d else "     - "


def row(label: str, t: Tally) -> str:
    return (f"{label:<28} {t.found:>4}/{t.photos:<4} {pct(t.accepted, t.written)} {pct(t.accepted_right, t.accepted)} "
            f"{pct(t.read_right, t.written)} {pct(t.empty_right, t.empty)} {pct(t.drops_right, t.drops)} "
            f"{pct(t.trees_right, t.trees)} {pct(t.sheets_right, t.found)} {t.asked / max(t.found, 1):6.1f} {t.unusual:>7}")


HEADER = (f"{'':<28} {'pages':>9} {'accepted':>8} {'right':>8} {'top-1':>8} {'empty':>8} {'drops':>8} {'trees':>8} "
          f"{'sheets':>8} {'asked':>6} {'unusual':>7}")


def bins(filled_paper: str, ink: str, shot: synthetic.Shot) -> dict[str, str]:
    return {
        "perspective": "0-5 %" if shot.perspective < 0.05 else "5-10 %",
        "scale": "0.50-0.75" if shot.scale < 0.75 else "0.75-1.00",
        "blur (px)": "0-1" if shot.blur < 1 else "1-2",
        "shading": "0.55-0.78" if shot.shading < 0.78 else "0.78-1.00",
        "noise": "1-4.5" if shot.noise < 4.5 else "4.5-8",
        "JPEG": "50-67" if shot.quality < 68 else "68-85",
        "paper, ink": f"{filled_paper}, {ink}",
    }


def read_photo(jpeg: bytes, spec, hand: adapt.Handwriting | None) -> tuple[artisans.Reading | None, float, str]:
    started = time.process_time()
    try:
        found = page.find(page.decode_photo(jpeg))
    except page.BadPhoto as exc:
        return None, time.process_time() - started, exc.problems[0]
    reading = artisans.read(found, spec, "photo", adapt=hand)
    return reading, time.process_time() - started, ""


def calibrate(spec, photos: int, seed: int) -> None:
    """The calibration writers' sheets read with the sheet rule off: the numbers the rule takes."""
    margin_in_force = digits.MARGIN
    artisans.UNUSUAL_SHARE = 2.0  # never reached: each sheet as the model alone reads it
    digits.MARGIN = 0.0  # every shape the model's own floor lets through (MARGIN is applied below)
    team = synthetic.writers(held_out=False)
    writers = [w for k, w in enumerate(team) if k % 5 == 4]  # as scripts/train_digit_model.py keeps them out
    print(f"{len(writers)} calibration writers: {', '.join(w.name for w in writers)}", file=sys.stderr)
    shares, confidence, margin, floor_taken, wrong = [], [], [], [], 0
    for k, writer in enumerate(writers):
        rng = np.random.default_rng([seed, k])
        for n in range(photos):
            paper, ink = ("a4", "letter")[(k + n) % 2], ("colour", "low")[(k + n) // 2 % 2]
            filled = synthetic.fill(spec, writer, rng, paper, ink)
            reading, _, _ = read_photo(synthetic.photograph(filled.image, synthetic.random_shot(rng), rng), spec, None)
            if reading is None:
                continue
            boxes = artisans.digit_boxes(reading.values)
            floor_taken += [v.margin for v in boxes if v.sure]
            taken = [v for v in boxes if v.sure and v.margin >= margin_in_force]  # as the reader takes them
            shares.append(1 - len(taken) / max(len(boxes), 1))
            confidence += [v.confidence for v in taken]
            margin += [v.margin for v in taken]
            wrong += sum(v.value != filled.values[v.feature][v.index] for v in taken)
        print(f"  {writer.name}", file=sys.stderr)
    print(f"{len(shares)} sheets of {len(writers)} calibration writers, {len(confidence)} digits taken "
          f"({wrong} of them wrong)")
    print(f"margin of likeness under which 1 % of the digits the model's floor lets through lie (digits.MARGIN, "
          f"{margin_in_force} in force): {np.percentile(floor_taken, 1):.3f}")
    print(f"share of doubtful digits reached by 10 % of the sheets (UNUSUAL_SHARE): {np.percentile(shares, 90):.3f}")
    print(f"confidence reached by 90 % of the taken digits (UNUSUAL_CONFIDENCE): {np.percentile(confidence, 10):.5f}")
    print(f"margin of likeness reached by 90 % of the taken digits (UNUSUAL_MARGIN): {np.percentile(margin, 10):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--photos", type=int, default=4, help="photos per held-out writer")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", nargs="+", default=["strokes", "font", "hershey", "scanned"])
    parser.add_argument("--adapt", action="store_true", help="also measure a group's learning from its answers")
    parser.add_argument("--writers", type=int, default=None, help="only the first N held-out writers (a quick look)")
    parser.add_argument("--calibration", action="store_true",
                        help="read the calibration writers, with the sheet rule off, and print its numbers")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    spec = load_spec()
    if args.calibration:
        calibrate(spec, args.photos, args.seed)
        return
    writers = synthetic.writers(held_out=True, kinds=tuple(args.kinds))[: args.writers]
    print(f"{len(writers)} held-out writers: {', '.join(w.name for w in writers)}", file=sys.stderr)
    by_writer: dict[str, Tally] = defaultdict(Tally)
    by_kind: dict[str, Tally] = defaultdict(Tally)
    by_bin: dict[tuple[str, str], Tally] = defaultdict(Tally)
    learned_before, learned_after = Tally(), Tally()
    total = Tally()
    for k, writer in enumerate(writers):
        rng = np.random.default_rng([args.seed, k])
        hand: adapt.Handwriting | None = None
        folder = Path(tempfile.mkdtemp(prefix="bench-read-")) if args.adapt else None
        for n in range(args.photos):
            paper, ink = ("a4", "letter")[(k + n) % 2], ("colour", "low")[(k + n) // 2 % 2]
            filled = synthetic.fill(spec, writer, rng, paper, ink)
            shot = synthetic.random_shot(rng)
            jpeg = synthetic.photograph(filled.image, shot, rng)
            reading, seconds, refusal = read_photo(jpeg, spec, None)
            t = tally(reading, filled, seconds, refusal)
            total.add(t)
            by_writer[writer.name].add(t)
            by_kind[writer.kind].add(t)
            for name, value in bins(paper, ink, shot).items():
                by_bin[(name, value)].add(t)
            if refusal:
                print(f"  refused {writer.name} photo {n + 1}: {refusal} ({shot})", file=sys.stderr)
            if args.adapt and reading is not None and folder is not None:
                if n > 0 and hand is not None:
                    learned_before.add(t)
                    adapted, _, _ = read_photo(jpeg, spec, hand)
                    learned_after.add(tally(adapted, filled, seconds))
                answers = [(v.picture, filled.values[v.feature][v.index]) for v in reading.doubtful
                           if v.kind == "box" and v.picture is not None and filled.values[v.feature][v.index]]
                adapt.keep(folder, [p for p, _ in answers], [d for _, d in answers])
                hand = adapt.Handwriting.load(folder)
        print(row(writer.name, by_writer[writer.name]), file=sys.stderr)
    print("columns: pages found; written boxes accepted without asking; accepted ones right; every written box's "
          "first reading right; empty boxes read empty; raindrops right; trees right; sheets entirely right after "
          "the player's answers; questions per sheet; sheets whose hand was judged unusual")
    print(HEADER)
    print(row("all held-out writers", total))
    print("\nby writer kind")
    for kind, t in sorted(by_kind.items()):
        print(row(kind, t))
    print("\nby writer")
    for name, t in by_writer.items():
        print(row(name, t))
    print("\nby distortion")
    for (name, value), t in sorted(by_bin.items()):
        print(row(f"{name} {value}", t))
    if args.adapt:
        print("\na group's learning: each writer's later sheets, read without and with its answered digits")
        print(HEADER)
        print(row("without", learned_before))
        print(row("with", learned_after))
    times = total.seconds
    if times:
        print(f"\ntime to read a photo, one core (process time): median {statistics.median(times):.2f} s, "
              f"95th percentile {np.percentile(times, 95):.2f} s, max {max(times):.2f} s (n = {len(times)})")
    print(f"refused: {len(total.refusals)} of {total.photos}")
    for refusal in sorted(set(total.refusals)):
        print(f"  {total.refusals.count(refusal)} x {refusal}")


if __name__ == "__main__":
    main()
