"""Where the objects of a cycle come from: definition sites (classes, functions, frames) always,
allocation sites from tracemalloc when it is tracing. Sites in the user's files come first."""
import ctypes
import inspect
import os
import sys
import sysconfig
import tracemalloc
import types

_LIBRARY_DIRS = tuple({os.path.realpath(p) for p in (sysconfig.get_paths().get("stdlib"),
                                                     sysconfig.get_paths().get("purelib"),
                                                     sysconfig.get_paths().get("platlib")) if p})
_GC_FLAG = 1 << 14
_MANAGED_DICT_FLAG = 1 << 4


class SiteFinder:
    def __init__(self, user_roots):
        self.user_roots = tuple(os.path.realpath(r) for r in user_roots)
        self._class_sites = {}
        self._user_file_cache = {}
        self._get_tb = None
        try:
            fn = ctypes.pythonapi._PyTraceMalloc_GetTraceback
            fn.restype = ctypes.py_object
            fn.argtypes = [ctypes.c_uint, ctypes.c_size_t]
            self._get_tb = fn
        except AttributeError:
            pass

    def is_user_file(self, filename):
        cached = self._user_file_cache.get(filename)
        if cached is None:
            real = os.path.realpath(filename) if filename else ""
            cached = bool(real) and not filename.startswith("<") and any(
                real == r or real.startswith(r + os.sep) for r in self.user_roots) and not any(
                real.startswith(d + os.sep) for d in _LIBRARY_DIRS) and "-packages" + os.sep not in real
            self._user_file_cache[filename] = cached
        return cached

    def display(self, filename):
        try:
            rel = os.path.relpath(filename)
        except ValueError:
            return filename
        return filename if rel.startswith("..") else rel

    def _class_site(self, cls):
        site = self._class_sites.get(cls, False)
        if site is False:
            site = None
            module = sys.modules.get(cls.__module__)
            filename = getattr(module, "__file__", None)
            if filename and self.is_user_file(filename):
                # Exact line from the source, only for the user's classes (inspect parses the file).
                try:
                    _, line = inspect.findsource(cls)
                    site = (filename, line + 1)
                except (TypeError, OSError, IndexError):
                    site = None
            if site is None and filename:
                # Library classes: the first method's line is close enough and costs nothing.
                lines = [f.__code__.co_firstlineno for f in vars(cls).values()
                         if isinstance(f, types.FunctionType) and f.__code__.co_filename == filename]
                site = (filename, min(lines)) if lines else (filename, 1)
            self._class_sites[cls] = site
        return site

    def definition_site(self, o):
        """(file, line, what) for the code that defines ``o`` or its class, or None."""
        if isinstance(o, types.FunctionType):
            code = o.__code__
            return code.co_filename, code.co_firstlineno, "def " + o.__qualname__
        if isinstance(o, types.MethodType) and hasattr(o.__func__, "__code__"):
            code = o.__func__.__code__
            return code.co_filename, code.co_firstlineno, "def " + getattr(o.__func__, "__qualname__", "?")
        if isinstance(o, types.FrameType):
            return o.f_code.co_filename, o.f_lineno, "frame of " + o.f_code.co_name
        if isinstance(o, types.TracebackType):
            return o.tb_frame.f_code.co_filename, o.tb_lineno, "traceback in " + o.tb_frame.f_code.co_name
        if isinstance(o, types.GeneratorType) and o.gi_code is not None:
            return o.gi_code.co_filename, o.gi_code.co_firstlineno, "generator " + o.__qualname__
        if isinstance(o, (type, types.ModuleType, types.CellType, types.CodeType)):
            return None
        cls = type(o)
        forward = cls.__dict__.get("_forward_cls")  # autograd ctx objects: the user's Function class
        for c in ((forward, cls) if isinstance(forward, type) else (cls,)):
            if c.__module__ in ("builtins",) or c.__flags__ & (1 << 9) == 0:
                continue
            site = self._class_site(c)
            if site is not None:
                return site[0], site[1], "class " + c.__qualname__
        return None

    def allocation_traceback(self, o):
        """[(file, line)], innermost first, or None when tracemalloc did not see the allocation."""
        if not tracemalloc.is_tracing():
            return None
        tb = tracemalloc.get_object_traceback(o)
        if tb is not None:
            return [(fr.filename, fr.lineno) for fr in reversed(tb)]
        tp = type(o)
        # CPython 3.11 allocates managed-dict objects with a pre-header that tracemalloc's lookup
        # misses; ask for the block at its real start.
        if self._get_tb is not None and sys.version_info[:2] == (3, 11) and tp.__flags__ & _MANAGED_DICT_FLAG:
            pre = (16 if tp.__flags__ & _GC_FLAG else 0) + 16
            try:
                raw = self._get_tb(0, id(o) - pre)
            except Exception:
                raw = None
            if raw:
                return [(f, line) for f, line in raw]
        return None

    def sites(self, o):
        """Sites of one object, best first: user allocation, user definition, then library ones."""
        found = []
        tb = self.allocation_traceback(o)
        if tb:
            user = [(f, line) for f, line in tb if self.is_user_file(f)]
            f, line = (user or tb)[0]
            found.append({"file": f, "line": line, "kind": "allocation", "user": bool(user)})
        d = self.definition_site(o)
        if d is not None:
            found.append({"file": d[0], "line": d[1], "kind": "definition", "what": d[2],
                          "user": self.is_user_file(d[0])})
        found.sort(key=lambda s: not s["user"])
        return found
