"""Built-in training-loop plugins."""
