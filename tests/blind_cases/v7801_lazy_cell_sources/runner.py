"""Minimal notebook runner: executes cell sources in one shared namespace.

Cell code is compiled under a pseudo file name so that tracebacks point at
"cell_3.py" lines; the sources are handed to linecache lazily and only split
into lines when a traceback actually needs them.
"""
import linecache
import sys
import traceback


class CellRunner:
    def __init__(self, name, helpers=None):
        self.name = name
        self.namespace = {"__name__": "__notebook__"}
        self.namespace.update(helpers or {})
        self._sources = {}
        self.execution_count = 0
        self.failed = []

    def get_source(self, fullname):
        return self._sources.get(fullname)

    def _register(self, source):
        self.execution_count += 1
        key = f"cell_{self.execution_count}"
        filename = f"notebook://{self.name}/{key}.py"
        self._sources[key] = source
        linecache.lazycache(filename, {"__name__": key, "__loader__": self})  # retain
        return filename

    def run_cell(self, source):
        filename = self._register(source)
        code = compile(source, filename, "exec")
        try:
            exec(code, self.namespace)
        except Exception:
            text = traceback.format_exc()
            self.failed.append(self.execution_count)
            sys.stderr.write(text)
            return False
        return True

    def __getitem__(self, name):
        return self.namespace[name]
