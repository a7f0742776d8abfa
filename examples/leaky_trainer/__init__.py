"""A small training project with the memory leaks cyclecheck finds (see README.md)."""
