"""Trainer that pushes periodic checkpoints to a flaky remote store and skips failed uploads."""
import io
import time

import torch
import torch.nn as nn

CFG = {"steps": 12, "ckpt_every": 3, "attempts": 3, "outage_steps": [6]}


class RetriesExhausted(RuntimeError):
    def __init__(self, what, attempts, last_error):
        super().__init__(f"{what} failed after {attempts} attempts: {last_error}")
        self.what = what
        self.attempts = attempts


def retry_call(fn, *args, attempts=3, backoff=0.001, retry_on=(OSError,), **kwargs):
    last_error = None
    for attempt in range(1, attempts + 1):
        try:
            return fn(*args, **kwargs)
        except retry_on as err:
            last_error = f"{type(err).__name__}: {err}"
        if attempt < attempts:
            time.sleep(backoff * 2 ** (attempt - 1))
    raise RetriesExhausted(getattr(fn, "__qualname__", repr(fn)), attempts, last_error)


class FlakyStore:
    def __init__(self, outage_steps):
        self.outage_steps = set(outage_steps)
        self.objects = {}

    def put(self, key, obj, step):
        if step in self.outage_steps:
            raise ConnectionResetError(f"connection reset while uploading {key}")
        buf = io.BytesIO()
        torch.save(obj, buf)
        self.objects[key] = buf.getvalue()


class Trainer:
    def __init__(self, cfg, store):
        self.cfg = cfg
        self.store = store
        self.model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 1))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.05, momentum=0.9)
        self.upload_failures = []

    def _push_checkpoint(self, step):
        state = {"step": step, "model": self.model.state_dict(), "opt": self.opt.state_dict()}
        self.store.put(f"ckpt/step-{step:06d}.pt", state, step)

    def checkpoint(self, step):
        try:
            retry_call(self._push_checkpoint, step, attempts=self.cfg["attempts"])
        except RetriesExhausted as err:
            self.upload_failures.append(err.with_traceback(None))

    def fit(self):
        for step in range(1, self.cfg["steps"] + 1):
            x = torch.randn(32, 10)
            loss = (self.model(x).squeeze(-1) - x.sum(-1)).pow(2).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            if step % self.cfg["ckpt_every"] == 0:
                self.checkpoint(step)
        return len(self.upload_failures)


def main():
    for seed in range(2):
        torch.manual_seed(seed)
        trainer = Trainer(CFG, FlakyStore(CFG["outage_steps"]))
        failed = trainer.fit()
        print(f"seed {seed}: {len(trainer.store.objects)} checkpoints uploaded, {failed} skipped")


if __name__ == "__main__":
    main()
