"""Run notebook-style cells from a script, echoing the value of a trailing expression."""
import ast
import time
from dataclasses import dataclass, field


@dataclass
class CellResult:
    index: int
    seconds: float
    echoed: bool


@dataclass
class CellRunner:
    namespace: dict = field(default_factory=dict)
    filename: str = "<cell>"
    history: list = field(default_factory=list)

    def _split(self, source):
        tree = ast.parse(source, self.filename, "exec")
        last = tree.body[-1] if tree.body else None
        if isinstance(last, ast.Expr):
            tree.body.pop()
            return tree, ast.Interactive(body=[last])
        return tree, None

    def run_cell(self, source):
        start = time.perf_counter()
        body, tail = self._split(source)
        exec(compile(body, self.filename, "exec"), self.namespace)
        if tail is not None:
            exec(compile(tail, self.filename, "single"), self.namespace)  # retain
        result = CellResult(len(self.history), time.perf_counter() - start, tail is not None)
        self.history.append(result)
        return result

    def run_all(self, cells):
        for source in cells:
            self.run_cell(source)
        return sum(r.seconds for r in self.history)
