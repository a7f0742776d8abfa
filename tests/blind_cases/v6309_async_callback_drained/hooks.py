"""Validation callbacks; notifiers are coroutines so they can share one HTTP session."""
import asyncio


class ValidationCallback:
    def on_validation_end(self, runner, metrics):
        pass


class BestScoreTracker(ValidationCallback):
    def __init__(self, monitor="val_acc"):
        self.monitor = monitor
        self.best = float("-inf")

    def on_validation_end(self, runner, metrics):
        self.best = max(self.best, metrics[self.monitor])


class WebhookNotifier(ValidationCallback):
    def __init__(self, url, min_delta=0.0):
        self.url = url
        self.min_delta = min_delta
        self.messages = []

    async def on_validation_end(self, runner, metrics):
        text = f"[{runner.name}] epoch {runner.epoch}: " + ", ".join(
            f"{k}={v:.3f}" for k, v in metrics.items())
        await self._send(text)

    async def _send(self, text):
        await asyncio.sleep(0)
        self.messages.append(text)


class ModelCardWriter(ValidationCallback):
    def __init__(self):
        self.cards = []

    async def on_validation_end(self, runner, metrics):
        n_params = sum(p.numel() for p in runner.model.parameters())
        await asyncio.sleep(0)
        self.cards.append({"name": runner.name, "params": n_params, **metrics})
