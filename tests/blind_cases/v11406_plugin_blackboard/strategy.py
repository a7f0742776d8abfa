"""Minimal plugin-based continual-learning strategy with a shared state blackboard."""
import torch
import torch.nn.functional as F


def _noop(state):
    return None


class Strategy:
    EVENTS = ("before_training_exp", "before_forward", "after_training_exp")

    def __init__(self, model, optimizer, plugins=(), epochs=1, batch_size=16):
        self.plugins = list(plugins)
        self.epochs = epochs
        self.batch_size = batch_size
        self.state = {"model": model, "optimizer": optimizer, "experience": None,
                      "batch": None, "dataset": None, "penalties": []}

    def _trigger(self, event):
        for plugin in self.plugins:
            getattr(plugin, event, _noop)(self.state)

    def train_experience(self, exp_id, x_all, y_all):
        st = self.state
        st["experience"], st["dataset"] = exp_id, (x_all, y_all)
        self._trigger("before_training_exp")
        model, opt = st["model"], st["optimizer"]
        model.train()
        for _ in range(self.epochs):
            perm = torch.randperm(len(y_all))
            for i in range(0, len(perm), self.batch_size):
                idx = perm[i:i + self.batch_size]
                st["batch"] = (x_all[idx], y_all[idx])
                self._trigger("before_forward")
                x, y = st["batch"]
                loss = F.cross_entropy(model(x), y)
                for penalty in st["penalties"]:
                    loss = loss + penalty()
                opt.zero_grad()
                loss.backward()
                opt.step()
        self._trigger("after_training_exp")
        return loss.item()
