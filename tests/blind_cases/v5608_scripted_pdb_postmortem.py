"""Unattended training job that records a scripted pdb post-mortem for every skipped step."""
import io
import math
import pdb

import torch
import torch.nn as nn

CONFIG = {
    "epochs": 2,
    "steps": 5,
    "lr": 0.05,
    "bad_step": 2,
    "debug_on_failure": True,
    "pdb_commands": ["where", "p step, float(loss)", "q"],
}


class NonFiniteLoss(FloatingPointError):
    pass


class ScriptedPostMortem:
    def __init__(self, commands):
        self.commands = list(commands)
        self.out = io.StringIO()
        self.debugger = pdb.Pdb(stdin=io.StringIO(""), stdout=self.out, nosigint=True, readrc=False)  # cycle
        self.debugger.use_rawinput = False
        self.transcripts = []

    def run(self, tb):
        start = self.out.tell()
        self.debugger.reset()
        self.debugger.cmdqueue.extend(self.commands)
        self.debugger.interaction(None, tb)  # cycle
        self.transcripts.append(self.out.getvalue()[start:])


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.post_mortem = ScriptedPostMortem(cfg["pdb_commands"]) if cfg["debug_on_failure"] else None  # cycle
        self.skipped = 0

    def _checked_loss(self, x, y, step):
        loss = nn.functional.cross_entropy(self.model(x), y)
        if not math.isfinite(loss.item()):
            raise NonFiniteLoss(f"loss is {loss.item()} at step {step}")
        return loss

    def fit(self):
        for epoch in range(self.cfg["epochs"]):
            for step in range(self.cfg["steps"]):
                x, y = torch.randn(16, 10), torch.randint(0, 4, (16,))
                if step == self.cfg["bad_step"]:
                    x[0, 0] = float("inf")
                try:
                    loss = self._checked_loss(x, y, step)
                except NonFiniteLoss as err:
                    self.skipped += 1
                    if self.post_mortem is not None:
                        self.post_mortem.run(err.__traceback__)
                    continue
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()


def main():
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 4))
    trainer = Trainer(model, CONFIG)
    trainer.fit()
    print(f"skipped {trainer.skipped} steps")
    print(trainer.post_mortem.transcripts[-1])


if __name__ == "__main__":
    main()
