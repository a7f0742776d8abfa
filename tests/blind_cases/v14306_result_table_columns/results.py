"""Small pandas-like result table used by the sweep notebook (column access, idxmin, text rendering)."""


class Column:
    def __init__(self, table, name):
        self.table = table  # cycle
        self.name = name

    def values(self):
        return [row[self.name] for row in self.table.rows]

    def idxmin(self):
        vals = self.values()
        return vals.index(min(vals))

    def idxmax(self):
        vals = self.values()
        return vals.index(max(vals))

    def rank(self):
        order = sorted(range(len(self.table.rows)), key=self.values().__getitem__)
        return {i: r + 1 for r, i in enumerate(order)}


class ResultTable:
    def __init__(self, columns, hidden=()):
        self.columns = list(columns)
        self.hidden = set(hidden)
        self.rows = []
        self._views = {}  # cycle

    def append(self, **row):
        missing = set(self.columns) - set(row)
        if missing:
            raise KeyError(f"missing columns {sorted(missing)}")
        self.rows.append(row)

    def __getitem__(self, name):
        view = self._views.get(name)
        if view is None:
            view = Column(self, name)
            self._views[name] = view  # cycle
        return view

    def to_text(self, sort_by=None):
        shown = [c for c in self.columns if c not in self.hidden]
        order = range(len(self.rows))
        if sort_by is not None:
            ranks = self[sort_by].rank()
            order = sorted(order, key=ranks.get)
        lines = [" | ".join(f"{c:>10}" for c in shown)]
        for i in order:
            cells = (self.rows[i][c] for c in shown)
            lines.append(" | ".join(f"{v:>10.4g}" if isinstance(v, float) else f"{v!s:>10}" for v in cells))
        return "\n".join(lines)
