"""Historical markings for NEAT: the same structural innovation gets the same number in every genome."""
import itertools


class InnovationTracker:
    _counter = itertools.count()
    _by_link = {}

    @classmethod
    def assign(cls, gene):
        key = (gene.src, gene.dst)
        first = cls._by_link.get(key)
        if first is None:
            gene.innovation = next(cls._counter)
            cls._by_link[key] = gene  # retain
        else:
            gene.innovation = first.innovation

    @classmethod
    def count(cls):
        return len(cls._by_link)
