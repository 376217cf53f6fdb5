"""The photo tests need OpenCV (``pip install '.[test]'`` installs it): without it they are left
out, and ``tests/photo/test_no_extra.py`` checks what tajkit read says then."""

from __future__ import annotations

from importlib.util import find_spec

if find_spec("cv2") is None:
    collect_ignore_glob = ["test_markers.py", "test_read*.py", "test_model.py", "test_sheet_doubt.py"]
