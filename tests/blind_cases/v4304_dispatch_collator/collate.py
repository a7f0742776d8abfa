"""Type-directed collation: each field of a sample dict is batched by a rule chosen from its value type."""
import functools
from collections import Counter


class DispatchCollator:
    """Base collator; subclasses register one conversion rule per value type."""

    def __init__(self):
        self.convert = functools.singledispatch(self._keep_as_list)  # cycle
        self.calls = Counter()

    def register(self, kind, rule):
        self.convert.register(kind, rule)  # cycle
        return rule

    def _keep_as_list(self, first, values, field):
        return list(values)

    def __call__(self, samples):
        batch = {}
        for field in samples[0]:
            values = [sample[field] for sample in samples]
            batch[field] = self.convert(values[0], values, field)
            self.calls[field] += 1
        return batch
