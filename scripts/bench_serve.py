"""Benchmark: `tajkit serve` under a table's load, on 127.0.0.1 only (issue 39's measures).

    python scripts/bench_serve.py [--phones 8] [--seconds 40] [--hints 3] [--browser] [--taps 12]

Starts the real server on a free port with a seeded 3-player Artisans game. `--phones` phones
follow it at once, as the page does: each polls the game's live parts every second with the keys of
what it shows and loads the whole page now and then, while one phone plays the game's events (one
every 1.5 s, as a table does) and another asks for `--hints` hints one after the other. Prints the
number of errors and, per kind of request (poll, page, event, hint), the median, 95th percentile
and maximum response times; every non-hint response together, and those answered while a hint was
being computed.

With `--browser`, Chromium (Debian's, driven by Playwright) opens three phones at 390 x 844, each held
by a player, and times `--taps` taps from the tap to the updated page: on the phone that tapped and
on the two others (they learn it by polling). Figures, not assertions.
"""

from __future__ import annotations

import argparse
import os
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

from bench_play import spread  # a sibling script: the same figures, said the same way
from tajkit.solver import games
from tajkit.solver.protocol import random_game
from tajkit.solver.session import Session

PLAYERS = ["Asha", "Babur", "Chen"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=40.0, help="how long the phones follow the game")
    parser.add_argument("--hints", type=int, default=3, help="hints asked one after the other meanwhile")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--browser", action="store_true", help="also time taps in Chromium")
    parser.add_argument("--taps", type=int, default=12)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} (the figures are for a machine this busy)")
    with tempfile.TemporaryDirectory() as folder:
        events = new_game(Path(folder), args.seed)
        server = subprocess.Popen([sys.executable, "-m", "tajkit.cli", "serve", "--port", "0", "--folder", folder],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            base = server.stdout.readline().strip().rstrip("/")  # type: ignore[union-attr]
            follow(base, events, args.phones, args.seconds, args.hints)
            if args.browser:
                taps(base, Path(folder), args.taps)
        finally:
            server.terminate()
            server.wait()


def new_game(folder: Path, seed: int) -> list[str]:
    """A 3-player Artisans game in ``folder`` (``night``) and a seeded game's events to play on it."""
    info = games.get("artisans")
    spec = info.load_spec()
    setup = {"players": [{"name": name} for name in PLAYERS]}
    Session.start(info, spec, folder / "night.toml", setup)
    rules = info.rules(spec)
    rng = random.Random(seed)
    state, events = rules.start(setup), []
    while rules.to_act(state) is not None:
        legal = rules.legal_actions(state)
        action = rng.choice(list(legal))
        events.append(rules.format(state, action))
        state = rules.apply(state, action)
    return events


def follow(base: str, events: list[str], phones: int, seconds: float, hints: int) -> None:
    token = re.search(r'name="token" value="([^"]+)"', get(f"{base}/g/night")).group(1)  # type: ignore[union-attr]
    times: dict[str, list[float]] = {"poll": [], "page": [], "event": [], "hint": []}
    during: list[float] = []  # non-hint responses that overlapped a hint
    errors: list[str] = []
    hinting = threading.Event()
    guard = threading.Lock()
    until = time.perf_counter() + seconds

    def timed(kind: str, url: str, data: bytes | None = None) -> str:
        began = time.perf_counter()
        overlapped = hinting.is_set()
        text = ""
        try:
            request = urllib.request.Request(url, data=data, headers={"HX-Request": "true"} if data else {})
            with urllib.request.urlopen(request, timeout=120) as answer:
                text = answer.read().decode()
        except urllib.error.HTTPError as exc:
            if exc.code not in (204, 422):
                errors.append(f"{kind} {exc.code}")
        except OSError as exc:
            errors.append(f"{kind} {exc}")
        took = time.perf_counter() - began
        with guard:
            times[kind].append(took)
            if kind != "hint" and (overlapped or hinting.is_set()):
                during.append(took)
        return text

    def phone(k: int) -> None:
        keys = "t=&m="
        n = 0
        while time.perf_counter() < until:
            n += 1
            if n % 15 == 0:
                timed("page", f"{base}/g/night")
            else:
                text = timed("poll", f"{base}/g/night/live?{keys}")
                found = re.search(r"live\?(t=\w+&amp;m=\w+)", text)
                keys = found.group(1).replace("&amp;", "&") if found else keys
            time.sleep(1.0)

    def player() -> None:
        for event in events:
            if time.perf_counter() > until:
                return
            timed("event", f"{base}/g/night/event", urllib.parse.urlencode({"token": token, "event": event}).encode())
            time.sleep(1.5)

    def adviser() -> None:
        time.sleep(2.0)
        for _ in range(hints):
            if time.perf_counter() > until:
                return
            hinting.set()
            body = urllib.parse.urlencode({"token": token}).encode()
            timed("hint", f"{base}/g/night/hint", body)
            hinting.clear()
            time.sleep(1.0)

    threads = [threading.Thread(target=phone, args=(k,)) for k in range(phones)]
    threads += [threading.Thread(target=player), threading.Thread(target=adviser)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    done = sum(len(v) for v in times.values())
    print(f"{phones} phones following a 3-player Artisans game for {seconds:.0f} s: {done} requests, "
          f"{len(errors)} errors{': ' + ', '.join(errors[:5]) if errors else ''}")
    for kind, spent in times.items():
        if spent:
            print(f"  {kind} ({len(spent)}): {spread(spent)}")
    every = [t for kind, spent in times.items() if kind != "hint" for t in spent]
    print(f"  every non-hint response ({len(every)}): {spread(every)}")
    if during:
        print(f"  non-hint responses while a hint was computed ({len(during)}): {spread(during)}")


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=120) as answer:
        return answer.read().decode()


# what plays at one tap: a button of the table's (the roll) or a choice on the board that plays at
# once (Artisans' "Write nothing — 1 raindrop": a costly use would ask first)
TAPPABLE = "#mine button[name=event]:visible, #mine .board button.board-choice:not(.more)"


def taps(base: str, folder: Path, count: int) -> None:
    """Tap to updated page in Chromium: the tapping phone's page, then the other phones'."""
    import shutil

    from playwright.sync_api import sync_playwright

    info = games.get("artisans")
    Session.start(info, info.load_spec(), folder / "taps.toml", {"players": [{"name": name} for name in PLAYERS]})
    mine: list[float] = []
    others: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        phones = []
        for name in PLAYERS:
            page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            page.goto(f"{base}/g/taps")
            page.get_by_role("button", name=f"I am {name}").click()
            page.get_by_text(f"This phone is {name}'s").wait_for()
            phones.append(page)
        for k in range(count):
            number = k + 1
            for page in phones:
                wait_number(page, k)
            tapper = next(page for page in phones[k % 3:] + phones[:k % 3] if page.locator(TAPPABLE).count())
            button = tapper.locator(TAPPABLE).first
            began = time.perf_counter()
            button.click()
            wait_number(tapper, number)
            mine.append(time.perf_counter() - began)
            for page in phones:
                if page is not tapper:
                    wait_number(page, number)
            others.append(time.perf_counter() - began)
        browser.close()
    print(f"Chromium, 3 phones at 390 x 844, {count} taps (load average {os.getloadavg()[0]:.2f}):")
    print(f"  tap to updated page, the phone that tapped: {spread(mine)}")
    print(f"  tap to updated page, the last of the other phones: {spread(others)}")


def wait_number(page, number: int) -> None:  # noqa: ANN001
    page.wait_for_function(f"""() => {{ const n = document.querySelector('#status li.latest .number');
        return (n ? parseInt(n.textContent) : 0) === {number}; }}""", timeout=60_000)


if __name__ == "__main__":
    main()
