"""Small learning-rate / width sweep; every run gets its own service container."""
import itertools

import torch
import torch.nn as nn


class Container:
    def __init__(self, name):
        self.name = name
        self._providers = {}
        self._instances = {}

    def provider(self, key, singleton=True):
        def register(fn):
            self._providers[key] = (fn, singleton)
            return fn
        return register

    def get(self, key):
        if key in self._instances:
            return self._instances[key]
        fn, singleton = self._providers[key]
        obj = fn(self)
        if singleton:
            self._instances[key] = obj
        return obj


class Trainer:
    def __init__(self, model, optimizer, scheduler, loss_fn, max_norm):
        self.model, self.optimizer, self.scheduler = model, optimizer, scheduler
        self.loss_fn = loss_fn
        self.max_norm = max_norm
        self.step = 0

    def train_epoch(self, batches):
        total = 0.0
        for x, y in batches:
            loss = self.loss_fn(self.model(x), y)
            self.optimizer.zero_grad(set_to_none=True)
            loss.backward()
            nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)
            self.optimizer.step()
            self.step += 1
            total += loss.item()
        self.scheduler.step()
        return total / len(batches)


def build_container(cfg):
    container = Container(cfg["name"])

    @container.provider("model")
    def model(c):
        return nn.Sequential(nn.Linear(cfg["in_dim"], cfg["hidden"]), nn.GELU(),
                             nn.Linear(cfg["hidden"], cfg["classes"]))

    @container.provider("optimizer")
    def optimizer(c):
        return torch.optim.AdamW(c.get("model").parameters(), lr=cfg["lr"], weight_decay=1e-4)

    @container.provider("scheduler")
    def scheduler(c):
        return torch.optim.lr_scheduler.StepLR(c.get("optimizer"), step_size=1, gamma=0.5)

    @container.provider("loss", singleton=False)
    def loss(c):
        return nn.CrossEntropyLoss(label_smoothing=0.1)

    @container.provider("trainer")
    def trainer(c):
        return Trainer(c.get("model"), c.get("optimizer"), c.get("scheduler"), c.get("loss"), 1.0)

    return container


def make_batches(cfg, n_batches, seed):
    g = torch.Generator().manual_seed(seed)
    return [(torch.randn(16, cfg["in_dim"], generator=g),
             torch.randint(0, cfg["classes"], (16,), generator=g)) for _ in range(n_batches)]


def run(cfg):
    trainer = build_container(cfg).get("trainer")
    batches = make_batches(cfg, 3, seed=len(cfg["name"]))
    history = [trainer.train_epoch(batches) for _ in range(2)]
    return cfg["name"], history[-1]


def main():
    results = []
    for lr, hidden in itertools.product((1e-3, 3e-3), (16, 32)):
        cfg = {"name": "lr%g_h%d" % (lr, hidden), "lr": lr, "hidden": hidden, "in_dim": 12, "classes": 3}
        results.append(run(cfg))
    print("best:", min(results, key=lambda r: r[1]))


if __name__ == "__main__":
    main()
