"""Reading a filled, printed sheet back from a phone's photo (``tajkit read``, issue 45).

``page`` finds the sheet by its four printed markers and straightens it; ``marks`` reads what a pen
left in each box, raindrop and tree circle; ``digits`` says which digit a box holds, with a
confidence; ``artisans`` puts them together into the table file ``tajkit score`` reads;
``synthetic`` makes the filled sheets and photos the tests, the benchmark and the training use.

Everything here needs OpenCV, an optional extra: :func:`require` says how to install it.
"""

from __future__ import annotations

INSTALL = "reading a photo needs OpenCV: pip install 'tajkit[photo]'"


class MissingExtra(Exception):
    """The photo extra is not installed."""


def require() -> None:
    """Refuse at once, in one line, when OpenCV is not installed."""
    try:
        import cv2  # noqa: F401
    except ImportError:
        raise MissingExtra(INSTALL) from None
