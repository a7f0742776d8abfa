"""Epoch/batch history with skorch-like indexing and lazily computed columns."""


class History(list):
    def __init__(self):
        super().__init__()
        self._derived = {}  # cycle

    def add_derived(self, key, fn):
        self._derived[key] = fn  # cycle

    def new_epoch(self, **values):
        self.append(dict(values, batches=[]))

    def record(self, key, value):
        self[-1][key] = value

    def record_batch(self, key, value):
        batches = self[-1]["batches"]
        if not batches or key in batches[-1]:
            batches.append({})
        batches[-1][key] = value

    def finish_epoch(self):
        row = self[-1]
        for key, fn in self._derived.items():
            row[key] = fn(row)

    def __getitem__(self, idx):
        if isinstance(idx, tuple):
            rows, key = idx
            selected = list.__getitem__(self, rows)
            if isinstance(rows, slice):
                return [row[key] for row in selected]
            return selected[key]
        return list.__getitem__(self, idx)
