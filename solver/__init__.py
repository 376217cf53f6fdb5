"""Rules models, validation, scoring and solvers, one subpackage per game."""
