"""Loads one copy of a model's handler module per registered version."""
import importlib.util
import os
import sys


class ModelStore:
    def __init__(self, handler_dir):
        self.handler_dir = handler_dir
        self._versions = {}

    def _import_handler(self, handler, version):
        path = os.path.join(self.handler_dir, handler + ".py")
        module_name = "%s_v%s" % (handler, version.replace(".", "_"))
        spec = importlib.util.spec_from_file_location(module_name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module  # retain
        spec.loader.exec_module(module)
        return module

    def register(self, name, version, manifest):
        module = self._import_handler(manifest["handler"], version)
        context = {"model_name": name, "version": version, "manifest": manifest}
        module.handle(None, context)
        self._versions[(name, version)] = (module, context)

    def unregister(self, name, version):
        self._versions.pop((name, version), None)

    def versions(self, name):
        return sorted(v for n, v in self._versions if n == name)

    def predict(self, name, version, rows):
        module, context = self._versions[(name, version)]
        return module.handle(rows, context)
