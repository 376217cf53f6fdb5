"""What a drawing did, kept only when a test asks (``with RECORDER.recording() as seen:``), so a
long-running process draws without keeping anything."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Generic, TypeVar

T = TypeVar("T")


class Recorder(Generic[T]):
    def __init__(self, name: str) -> None:
        self._seen: ContextVar[list[T] | None] = ContextVar(name, default=None)

    @contextmanager
    def recording(self) -> Iterator[list[T]]:
        """Lists what is recorded inside the ``with``."""
        seen: list[T] = []
        token = self._seen.set(seen)
        try:
            yield seen
        finally:
            self._seen.reset(token)

    def add(self, item: T) -> None:
        seen = self._seen.get()
        if seen is not None:
            seen.append(item)
