"""Runner with an mmengine-style global Visualizer (ManagerMixin) that tracks weight histograms."""
import threading
import time
from collections import OrderedDict, defaultdict

import torch
import torch.nn as nn
import torch.nn.functional as F

_lock = threading.RLock()


class ManagerMeta(type):
    def __init__(cls, *args):
        cls._instance_dict = OrderedDict()
        super().__init__(*args)


class ManagerMixin(metaclass=ManagerMeta):
    def __init__(self, name=""):
        self._instance_name = name

    @classmethod
    def get_instance(cls, name, **kwargs):
        with _lock:
            if name not in cls._instance_dict:
                instance = cls(name=name, **kwargs)
                cls._instance_dict[name] = instance  # retain
            return cls._instance_dict[name]

    @classmethod
    def get_current_instance(cls):
        if not cls._instance_dict:
            raise RuntimeError(f"no {cls.__name__} instance has been created")
        return next(reversed(cls._instance_dict.values()))

    @property
    def instance_name(self):
        return self._instance_name


class Visualizer(ManagerMixin):
    def __init__(self, name, bins=8):
        super().__init__(name)
        self.bins = bins
        self.scalars = defaultdict(list)
        self.histograms = defaultdict(list)
        self._model = None

    def add_graph(self, model):
        self._model = model

    def add_scalars(self, scalar_dict, step):
        for key, value in scalar_dict.items():
            self.scalars[key].append((step, float(value)))

    def add_weight_histograms(self, step):
        for name, p in self._model.named_parameters():
            self.histograms[name].append((step, torch.histc(p.detach(), bins=self.bins).tolist()))


class Runner:
    def __init__(self, model, cfg, experiment_name=None):
        self.cfg = cfg
        self.timestamp = time.strftime("%Y%m%d_%H%M%S")
        self.experiment_name = experiment_name or f"{cfg['name']}_{self.timestamp}"
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.visualizer = self.build_visualizer(cfg.get("visualizer", {}))
        self.iter = 0

    def build_visualizer(self, vis_cfg):
        visualizer = Visualizer.get_instance(self.experiment_name, **vis_cfg)
        visualizer.add_graph(self.model)
        return visualizer

    def train(self, batches):
        self.model.train()
        for x, y in batches:
            loss = F.cross_entropy(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            self.visualizer.add_scalars({"loss": loss.item()}, self.iter)
            if self.iter % self.cfg["hist_interval"] == 0:
                self.visualizer.add_weight_histograms(self.iter)
            self.iter += 1


def main():
    cfg = {"name": "mlp_sweep", "lr": 0.05, "hist_interval": 2, "visualizer": {"bins": 6}}
    for fold in range(3):
        torch.manual_seed(fold)
        model = nn.Sequential(nn.Linear(10, 24), nn.ReLU(), nn.Linear(24, 3))
        batches = [(torch.randn(12, 10), torch.randint(0, 3, (12,))) for _ in range(4)]
        runner = Runner(model, cfg, experiment_name=f"{cfg['name']}_fold{fold}_{time.strftime('%H%M%S')}")
        runner.train(batches)


if __name__ == "__main__":
    main()
