"""Trainer that pushes periodic checkpoints to a remote store and keeps going when it is down."""
import torch
import torch.nn as nn

from retrying import RetriesExhausted, retry_call
from storage import FlakyStore

CFG = {"steps": 12, "ckpt_every": 3, "attempts": 3, "outage_steps": [6]}


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
            self.upload_failures.append(err.with_traceback(None))  # cycle

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
