"""The tajkit command line (typer): parse, call, present."""
