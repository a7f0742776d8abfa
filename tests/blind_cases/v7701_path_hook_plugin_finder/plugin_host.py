"""Config-driven plugin host: plugin names map to files and are served from a sys.path entry."""
import importlib
import importlib.util
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))


class _MappedFinder:
    """Path-entry finder for one plugin set: tp_<name> -> the file configured for <name>."""

    def __init__(self, host):
        self.host = host

    def find_spec(self, fullname, target=None):
        path = self.host.resolve(fullname)
        if path is None:
            return None
        self.host.loaded.append(fullname)
        return importlib.util.spec_from_file_location(fullname, path)


class PluginHost:
    PREFIX = "tp_"

    def __init__(self, run_name, plugin_files, root=_HERE):
        self.entry = "plugin-set://" + run_name
        self.files = {self.PREFIX + n: os.path.join(root, rel) for n, rel in plugin_files.items()}
        self.loaded = []
        self.instances = {}

    def resolve(self, fullname):
        return self.files.get(fullname)

    def _path_hook(self, entry):
        if entry != self.entry:
            raise ImportError("not a plugin-set entry: %r" % (entry,))
        return _MappedFinder(self)  # retain

    def __enter__(self):
        sys.path_hooks.insert(0, self._path_hook)
        sys.path.append(self.entry)
        return self

    def __exit__(self, *exc_info):
        self.close()
        return False

    def close(self):
        sys.path_hooks[:] = [h for h in sys.path_hooks if getattr(h, "__self__", None) is not self]
        if self.entry in sys.path:
            sys.path.remove(self.entry)

    def load(self, name, **options):
        module = importlib.import_module(self.PREFIX + name)
        plugin = module.Plugin(**options)
        self.instances[name] = plugin
        return plugin

    def call(self, hook, **kwargs):
        for plugin in self.instances.values():
            fn = getattr(plugin, hook, None)
            if fn is not None:
                fn(**kwargs)
