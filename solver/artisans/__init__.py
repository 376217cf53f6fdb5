"""Artisans of the Taj Mahal: rules model, state file, scoring and (later) the solver."""
