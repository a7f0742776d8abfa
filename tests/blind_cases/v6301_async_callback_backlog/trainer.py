"""Minimal trainer that accepts both plain and async callbacks."""
import asyncio
import inspect

import torch
import torch.nn.functional as F


async def _wait_all(awaitables):
    return await asyncio.gather(*awaitables)


class Trainer:
    def __init__(self, model, config, callbacks=(), loop=None):
        self.model, self.config, self.loop = model, config, loop
        self.callbacks = list(callbacks)
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=config["lr"])
        self.epoch, self.history, self._pending = 0, [], []

    def _fire(self, event):
        for cb in self.callbacks:
            handler = getattr(cb, event, None)
            if handler is None:
                continue
            result = handler(self)
            if inspect.isawaitable(result):
                self._pending.append(result)  # cycle

    def _flush_pending(self):
        if self.loop is None or not self._pending:
            return
        pending, self._pending = self._pending, []
        self.loop.run_until_complete(_wait_all(pending))

    def _batches(self):
        g = torch.Generator().manual_seed(self.epoch)
        for _ in range(self.config["steps_per_epoch"]):
            x = torch.randn(self.config["batch_size"], self.config["in_dim"], generator=g)
            yield x, x.sum(dim=1, keepdim=True)

    def fit(self):
        self._fire("on_fit_start")
        for self.epoch in range(self.config["epochs"]):
            running = 0.0
            for x, y in self._batches():
                loss = F.mse_loss(self.model(x), y)
                self.optimizer.zero_grad(set_to_none=True)
                loss.backward()
                self.optimizer.step()
                running += loss.item()
            self.history.append(running / self.config["steps_per_epoch"])
            self._fire("on_epoch_end")
            self._flush_pending()
        self._fire("on_fit_end")
        self._flush_pending()
        return self.history
