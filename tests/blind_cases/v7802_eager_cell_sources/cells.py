"""Notebook-style cell executor used to replay exported notebooks as scripts.

Every cell gets a pseudo file name; its source lines are put into linecache
directly (the way attrs and dataclasses expose generated code), so tracebacks
and inspect.getsource() can show the cell text.
"""
import linecache
import sys
import traceback


class Notebook:
    def __init__(self, title, preload=None):
        self.title = title
        self.user_ns = {"__name__": "__notebook__"}
        if preload:
            self.user_ns.update(preload)
        self.count = 0
        self.errors = {}

    def _cache_source(self, source):
        self.count += 1
        filename = f"notebook://{self.title}/cell_{self.count}.py"
        lines = source.splitlines(True)
        linecache.cache[filename] = (len(source), None, lines, filename)
        return filename

    def run(self, source):
        filename = self._cache_source(source)
        try:
            exec(compile(source, filename, "exec"), self.user_ns)
        except Exception as err:
            self.errors[self.count] = "".join(traceback.format_exception_only(type(err), err)).strip()
            sys.stderr.write(traceback.format_exc())
            return False
        return True

    def get(self, name, default=None):
        return self.user_ns.get(name, default)
