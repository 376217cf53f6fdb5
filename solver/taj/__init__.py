"""TAJ: rules model, state file, scoring and proposal/vote hints."""
