"""The benchmark scripts the README quotes run from a checkout (their figures are not asserted:
they are measurements, not tests)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def test_price_of_information_compares_exact_honest_play_with_the_clairvoyant():
    result = subprocess.run(
        [sys.executable, str(SCRIPTS / "price_of_information.py"), "--boxes", "3", "--positions", "2", "--dice", "2"],
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("2 positions with 3 empty boxes")
    assert lines[1].startswith("perfect honest play (exact): ")
    assert lines[2].startswith("clairvoyant (CP-SAT, dice known): ")
    assert lines[3].startswith("price of not knowing the dice: ")
