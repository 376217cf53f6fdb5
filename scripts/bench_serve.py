"""Benchmark: `tajkit serve` under a table's load, on 127.0.0.1 only.

    python scripts/bench_serve.py [--clients 8] [--requests 500] [--game artisans]

Starts the real server on a free port with a seeded game, then `--clients` phones follow it at
once: each polls the game's live part (as the page does every 1.5 s, here without waiting) and now
and then loads the whole page, while one of them also plays the game's events. Prints the number
of errors and, per kind of request (poll, page, event), the median, 95th percentile and maximum
response times, and all non-hint requests together. Figures, not assertions.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from bench_play import ms, spread  # a sibling script: the same figures, said the same way
from tajkit.solver import games
from tajkit.solver.protocol import random_game
from tajkit.solver.session import Session


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--game", default="artisans")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    info = games.get(args.game)
    spec = info.load_spec()
    record = random_game(info.rules(spec), random.Random(args.seed), 2)
    with tempfile.TemporaryDirectory() as folder:
        Session.start(info, spec, Path(folder) / "night.toml", record.setup)
        server = subprocess.Popen([sys.executable, "-m", "tajkit.cli", "serve", "--port", "0", "--folder", folder],
                                  stdout=subprocess.PIPE, text=True)
        try:
            base = server.stdout.readline().strip().rstrip("/")  # type: ignore[union-attr]
            run(base, record.events, args.clients, args.requests)
        finally:
            server.terminate()
            server.wait()


def run(base: str, events: tuple[str, ...], clients: int, requests: int) -> None:
    page = urllib.request.urlopen(f"{base}/g/night").read().decode()
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    times: dict[str, list[float]] = {"poll": [], "page": [], "event": []}
    errors: list[str] = []
    left = [requests]
    guard = threading.Lock()
    played = iter(events)

    def take() -> bool:
        with guard:
            left[0] -= 1
            return left[0] >= 0

    def timed(kind: str, url: str, data: bytes | None = None) -> None:
        began = time.perf_counter()
        try:
            urllib.request.urlopen(url, data=data, timeout=60).read()
        except urllib.error.HTTPError as exc:
            if exc.code not in (204, 422):
                errors.append(f"{kind} {exc.code}")
        except OSError as exc:
            errors.append(f"{kind} {exc}")
        with guard:
            times[kind].append(time.perf_counter() - began)

    def phone(k: int) -> None:
        n = 0
        while take():
            n += 1
            if k == 0 and n % 4 == 0:
                event = next(played, None)
                if event is not None:
                    body = urllib.parse.urlencode({"token": token, "event": event}).encode()
                    timed("event", f"{base}/g/night/event", body)
                    continue
            if n % 10 == 0:
                timed("page", f"{base}/g/night")
            else:
                timed("poll", f"{base}/g/night/live?v=stale{k}")

    threads = [threading.Thread(target=phone, args=(k,)) for k in range(clients)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.perf_counter() - began
    done = sum(len(v) for v in times.values())
    print(f"{clients} clients, {done} requests in {took:.1f} s, {len(errors)} errors{': ' + ', '.join(errors[:5]) if errors else ''}")
    for kind, spent in times.items():
        if spent:
            print(f"  {kind} ({len(spent)}): {spread(spent)}")
    print(f"  every request (no hints): {spread([t for spent in times.values() for t in spent])}")


if __name__ == "__main__":
    main()
