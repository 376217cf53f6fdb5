"""Game data only: one TOML file per game (``<game>.toml``), shipped as package data.

This is a package so that ``importlib.resources`` finds the files; the code that reads them, lays
a group's own ``--data`` file over them and types them is :mod:`tajkit.solver.seeddata`.
"""
