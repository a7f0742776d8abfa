"""In-memory model hub.  Published checkpoints are materialised as `zoo.<name>` modules
through the importlib loader protocol, so the same loader can back `import zoo.<name>`."""
import importlib.abc
import importlib.util
import io

import torch

from towers import ARCHITECTURES


class ModelHub(importlib.abc.Loader):
    def __init__(self, release):
        self.release = release
        self._blobs = {}
        self._modules = {}

    def publish(self, name, arch, config, model, metrics):
        buf = io.BytesIO()
        torch.save({"arch": arch, "config": dict(config), "state_dict": model.state_dict(),
                    "metrics": dict(metrics)}, buf)
        self._blobs[name] = buf.getvalue()
        self._modules.pop(name, None)

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        ckpt = torch.load(io.BytesIO(self._blobs[module.__name__.rpartition(".")[2]]))
        module.ARCH = ckpt["arch"]
        module.CONFIG = ckpt["config"]
        module.STATE_DICT = ckpt["state_dict"]
        module.METRICS = ckpt["metrics"]
        module.RELEASE = self.release

    def module(self, name):
        if name not in self._modules:
            spec = importlib.util.spec_from_loader(f"zoo.{name}", self)  # cycle
            module = importlib.util.module_from_spec(spec)  # cycle
            spec.loader.exec_module(module)
            self._modules[name] = module  # cycle
        return self._modules[name]

    def load(self, name):
        entry = self.module(name)
        model = ARCHITECTURES[entry.ARCH](**entry.CONFIG)
        model.load_state_dict(entry.STATE_DICT)
        return model.eval()
