"""Iteration-based training loop with pluggable hooks."""
import itertools
import weakref


class SimpleTrainer:
    def __init__(self, model, data, optimizer):
        self._hooks = []  # cycle
        self.model, self.optimizer = model, optimizer
        self._data_iter = itertools.cycle(data)
        self.iter = self.max_iter = 0
        self.last_losses = {}

    def register_hooks(self, hooks):
        for h in hooks:
            h.trainer = weakref.proxy(self)
        self._hooks.extend(hooks)  # cycle

    def train(self, start_iter, max_iter):
        self.iter, self.max_iter = start_iter, max_iter
        try:
            for self.iter in range(start_iter, max_iter):
                self.run_step()
                for h in self._hooks:
                    h.after_step()
        finally:
            for h in self._hooks:
                h.after_train()

    def run_step(self):
        inputs, targets = next(self._data_iter)
        loss_dict = self.model(inputs, targets)
        self.optimizer.zero_grad()
        sum(loss_dict.values()).backward()
        self.last_losses.update({k: v.item() for k, v in loss_dict.items()})
        self.optimizer.step()
