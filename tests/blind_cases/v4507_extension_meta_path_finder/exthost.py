"""Extension host: serves the project's extension directory as the virtual package `trainer_ext`."""
import importlib.abc
import importlib.util
import os
import sys

PACKAGE = "trainer_ext"


class ExtensionHost(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, trainer, search_dir):
        self.trainer = trainer
        self.search_dir = search_dir
        self.loaded = {}
        self._active = False

    def activate(self):
        if not self._active:
            sys.meta_path.insert(0, self)  # retain
            self._active = True

    def find_spec(self, fullname, path=None, target=None):
        if fullname == PACKAGE:
            return importlib.util.spec_from_loader(fullname, self, is_package=True)
        package, _, leaf = fullname.rpartition(".")
        if package == PACKAGE:
            filename = os.path.join(self.search_dir, leaf + ".py")
            if os.path.isfile(filename):
                return importlib.util.spec_from_file_location(fullname, filename, loader=self)
        return None

    def exec_module(self, module):
        if module.__name__ == PACKAGE:
            module.__path__ = []
            return
        with open(module.__spec__.origin, encoding="utf-8") as fh:
            code = compile(fh.read(), module.__spec__.origin, "exec")
        exec(code, module.__dict__)

    def load(self, name, **options):
        self.activate()
        module = importlib.import_module(f"{PACKAGE}.{name}")
        self.loaded[name] = (module, module.setup(self.trainer, **options))
        return self.loaded[name][1]

    def close(self):
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]
        self._active = False
