"""Classifier runner that supports plain and coroutine validation callbacks."""
import asyncio
import inspect

import torch
import torch.nn.functional as F


async def _gather(awaitables):
    await asyncio.gather(*awaitables)


class Runner:
    def __init__(self, name, model, cfg, callbacks=(), loop=None):
        self.name = name
        self.model = model
        self.cfg = cfg
        self.callbacks = list(callbacks)
        self.loop = loop
        self.optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.epoch = 0

    def _notify(self, metrics):
        awaitables = []
        for cb in self.callbacks:
            result = cb.on_validation_end(self, metrics)
            if inspect.isawaitable(result):
                awaitables.append(result)
        if not awaitables:
            return
        if self.loop is not None:
            self.loop.run_until_complete(_gather(awaitables))
        else:
            asyncio.run(_gather(awaitables))

    def _batch(self, seed):
        g = torch.Generator().manual_seed(seed)
        x = torch.randn(self.cfg["batch_size"], self.cfg["features"], generator=g)
        return x, (x[:, 0] > 0).long()

    def train_epoch(self):
        self.model.train()
        for step in range(self.cfg["steps"]):
            x, y = self._batch(1000 * self.epoch + step)
            loss = F.cross_entropy(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()

    @torch.no_grad()
    def validate(self):
        self.model.eval()
        x, y = self._batch(-1 - self.epoch)
        logits = self.model(x)
        return {"val_loss": F.cross_entropy(logits, y).item(),
                "val_acc": (logits.argmax(1) == y).float().mean().item()}

    def fit(self):
        for self.epoch in range(self.cfg["epochs"]):
            self.train_epoch()
            self._notify(self.validate())
