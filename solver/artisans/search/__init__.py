"""The Artisans search: the solver's fast form of the rules and what plays on it.

Every module here is derived from the one rules model, ``solver/artisans/rules.py``, and tested
against it (``Engine.moves`` is held equal to ``rules.legal_moves``, the search's scores to the
rules' ``score``). ``engine.py`` packs sheets into integers; ``endgame.py`` solves the rest
of a game exactly; ``rollout.py`` plays many sampled futures at once; ``values.py`` holds the
measured per-feature chances (``artisans-values.json``); ``policies.py`` the simulated players;
``oracle.py`` the clairvoyant bound (CP-SAT); ``relaxed.py`` a proven bound on perfect honest
play (a relaxed sheet solved exactly); ``hinter.py`` ranks the uses of a roll in a game of one (the ``tajkit hint`` answer);
``table.py`` at a table of several, where any player can end the game (the chance to win, or the
expected score); ``positions.py`` seeds table positions for its tests and benchmark;
``simulation.py`` plays seeded solitaire games (``tajkit simulate``).
"""
