"""Long-running trainer whose learning rate and grad clipping can be edited in a JSON file."""
import json
import os
import tempfile

import torch
import torch.nn as nn

from watcher import PollingWatcher

DEFAULTS = {"lr": 0.05, "clip": 1.0}


class HotReloadTrainer:
    def __init__(self, model, config_path):
        self.model = model
        self.config_path = config_path
        self.settings = dict(DEFAULTS)
        self.optimizer = torch.optim.SGD(model.parameters(), lr=self.settings["lr"], momentum=0.9)
        self.watcher = PollingWatcher(every_n_steps=2)  # cycle
        self.reloads = 0
        self._install_reload_hooks()

    def _install_reload_hooks(self):
        @self.watcher.on_change(self.config_path)
        def _apply(path):  # cycle
            with open(path) as fh:
                updates = json.load(fh)
            self.settings.update({k: v for k, v in updates.items() if k in DEFAULTS})
            for group in self.optimizer.param_groups:
                group["lr"] = self.settings["lr"]
            self.reloads += 1

    def step(self, x, y):
        loss = nn.functional.mse_loss(self.model(x), y)
        self.optimizer.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(self.model.parameters(), self.settings["clip"])
        self.optimizer.step()
        self.watcher.poll()
        return loss.item()


def write_config(path, **values):
    with open(path, "w") as fh:
        json.dump(values, fh)
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))


def serve(workdir, sessions=2, steps=6):
    path = os.path.join(workdir, "train.json")
    write_config(path, **DEFAULTS)
    final_lrs = []
    for session in range(sessions):
        model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1))
        trainer = HotReloadTrainer(model, path)
        for i in range(steps):
            if i == steps // 2:
                write_config(path, lr=0.01 * (session + 1), clip=0.5)
            trainer.step(torch.randn(8, 6), torch.randn(8, 1))
        final_lrs.append(trainer.optimizer.param_groups[0]["lr"])
    return final_lrs


def main():
    with tempfile.TemporaryDirectory() as workdir:
        print("final lrs", serve(workdir))


if __name__ == "__main__":
    main()
