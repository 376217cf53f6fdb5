"""Packages and package data for the `tajkit` namespace (metadata is in pyproject.toml).

The design card keeps the code in top-level folders (cli/, sheets/, solver/, seeds/); each is
mapped to `tajkit.<folder>`, and every package below them is found, so a new game's package is
included without editing any list.
"""

from setuptools import find_namespace_packages, setup

FOLDERS = ("cli", "sheets", "solver", "seeds")
found = find_namespace_packages(include=[f"{f}" for f in FOLDERS] + [f"{f}.*" for f in FOLDERS], exclude=["*__pycache__*"])

setup(
    package_dir={f"tajkit.{f}": f for f in FOLDERS},
    packages=[f"tajkit.{p}" for p in found],
    package_data={
        "tajkit.seeds": ["*.toml"],
        "tajkit.sheets.fonts": ["*.ttf", "*.txt"],
        "tajkit.solver.artisans.search": ["*.json"],
        "tajkit.sheets.reading": ["*.npz"],
        "tajkit.cli.web": ["templates/*.html", "static/*"],
    },
)
