"""Keyed feature store shared by the heads of a multi-task model."""
import contextlib


class FeatureStore:
    """Memoises tensors by key so that several consumers share one computation."""

    def __init__(self, name):
        self.name = name
        self.__rows = {}
        self.hits = 0
        self.misses = 0

    def get_or_compute(self, key, compute):
        row = self.__rows.get(key)
        if row is None:
            self.misses += 1
            row = compute()
            self.__rows[key] = row
        else:
            self.hits += 1
        return row

    def __contains__(self, key):
        return key in self.__rows

    def clear(self):
        self.__rows.clear()


class EpochFeatureStore(FeatureStore):
    """Rows are valid only for the epoch that produced them: the encoder keeps training."""

    def __init__(self, name):
        super().__init__(name)
        self.__epoch = None

    @property
    def current_epoch(self):
        return self.__epoch

    @contextlib.contextmanager
    def epoch(self, index):
        self.__epoch = index
        try:
            yield self
        finally:
            self.clear()
            self.__epoch = None


SHARED_FEATURES = EpochFeatureStore("encoder")
