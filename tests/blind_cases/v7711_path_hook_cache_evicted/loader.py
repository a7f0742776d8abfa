"""Loads the plugins a run config names from files, through a dedicated sys.path entry."""
import importlib
import importlib.util
import os
import sys

PLUGIN_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "site_plugins")


class _EntryFinder:
    def __init__(self, loader):
        self.loader = loader

    def find_spec(self, fullname, target=None):
        filename = self.loader.aliases.get(fullname)
        if filename is None:
            return None
        return importlib.util.spec_from_file_location(fullname, os.path.join(PLUGIN_DIR, filename))

    def invalidate_caches(self):
        pass


class RunPluginLoader:
    def __init__(self, run_id, aliases):
        self.entry = "plugins@" + run_id
        self.aliases = {"run_plugin_" + name: filename for name, filename in aliases.items()}

    def _hook(self, path_entry):
        if path_entry != self.entry:
            raise ImportError(path_entry)
        return _EntryFinder(self)

    def open(self):
        sys.path_hooks.insert(0, self._hook)
        sys.path.append(self.entry)

    def close(self):
        if self._hook in sys.path_hooks:
            sys.path_hooks.remove(self._hook)
        if self.entry in sys.path:
            sys.path.remove(self.entry)
        sys.path_importer_cache.pop(self.entry, None)

    def create(self, name, **kwargs):
        return importlib.import_module("run_plugin_" + name).make(**kwargs)
