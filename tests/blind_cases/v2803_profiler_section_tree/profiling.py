"""Hierarchical wall-clock profiler: sections nest by name, e.g. ``fit/epoch/forward``."""
import time
from contextlib import contextmanager


class _Subsections(dict):
    """Child table of a section; unknown names create the child section on first use."""

    def __init__(self, owner):
        super().__init__()
        self.owner = owner  # cycle

    def __missing__(self, name):
        child = self[name] = Section(f"{self.owner.path}/{name}")
        return child


class Section:
    def __init__(self, path):
        self.path = path
        self.calls = 0
        self.total = 0.0
        self.children = _Subsections(self)  # cycle

    @property
    def mean_ms(self):
        return 1e3 * self.total / self.calls if self.calls else 0.0

    def walk(self, depth=0):
        yield depth, self
        for child in sorted(self.children.values(), key=lambda s: -s.total):
            yield from child.walk(depth + 1)


class SectionProfiler:
    def __init__(self, name="run", enabled=True):
        self.enabled = enabled
        self.root = Section(name)
        self._stack = [self.root]

    @contextmanager
    def section(self, name):
        if not self.enabled:
            yield None
            return
        node = self._stack[-1].children[name]
        self._stack.append(node)
        start = time.perf_counter()
        try:
            yield node
        finally:
            node.total += time.perf_counter() - start
            node.calls += 1
            self._stack.pop()

    def summary(self, min_share=0.0):
        total = sum(c.total for c in self.root.children.values()) or 1.0
        lines = []
        for depth, sec in self.root.walk():
            if depth and sec.total / total >= min_share:
                lines.append(f"{'  ' * (depth - 1)}{sec.path.rsplit('/', 1)[-1]:<12}"
                             f"{sec.calls:>5} calls {sec.mean_ms:8.3f} ms")
        return "\n".join(lines)
