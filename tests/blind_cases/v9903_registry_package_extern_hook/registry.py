"""File-backed model registry: versions are torch.package archives, stages are aliases."""
import collections
import os

from torch.package import PackageExporter

STAGES = ("staging", "production", "archived")


class ModelVersion:
    def __init__(self, name, version, path, metrics, model=None):
        self.name = name
        self.version = version
        self.path = path
        self.metrics = dict(metrics)
        self.stage = "staging"
        self.model = model


class ModelRegistry:
    def __init__(self, root, intern=("models",), extern=("torch.**", "numpy.**")):
        self.root = root
        self.intern = list(intern)
        self.extern = list(extern)
        self.versions = collections.defaultdict(list)
        self.externs_by_version = {}
        self._exporter = None

    def _record_extern(self, exporter, module_name):
        self.externs_by_version.setdefault(self._pending, []).append(module_name)

    def register(self, name, model, metrics):
        version = len(self.versions[name]) + 1
        path = os.path.join(self.root, f"{name}-v{version}.pt")
        self._pending = f"{name}:{version}"
        exporter = PackageExporter(path)
        exporter.register_extern_hook(self._record_extern)  # cycle
        exporter.intern(self.intern)
        exporter.extern(self.extern)
        exporter.save_pickle("model", "model.pkl", model)
        exporter.close()
        self._exporter = exporter  # cycle
        mv = ModelVersion(name, version, path, metrics, model=model)
        self.versions[name].append(mv)
        return mv

    def dependency_report(self):
        return self._exporter.dependency_graph_string() if self._exporter else ""

    def promote(self, name, version, stage="production"):
        assert stage in STAGES
        for mv in self.versions[name]:
            if mv.stage == stage:
                mv.stage = "archived"
        target = self.versions[name][version - 1]
        target.stage = stage
        return target

    def champion(self, name):
        return next((mv for mv in self.versions[name] if mv.stage == "production"), None)
