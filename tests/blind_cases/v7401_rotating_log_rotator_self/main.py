"""Long-running trainer that writes a rotating per-run text log next to its checkpoints."""
import tempfile

import torch
import torch.nn as nn

from runlog import RunLog

CONFIG = {"runs": ["lr3e-2", "lr1e-2"], "epochs": 3, "steps": 6, "log_bytes": 600}


class Trainer:
    def __init__(self, name, lr, log):
        self.name = name
        self.model = nn.Sequential(nn.Linear(12, 24), nn.GELU(), nn.Linear(24, 3))
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=lr)
        self.log = log

    def fit(self, epochs, steps):
        for epoch in range(epochs):
            for step in range(steps):
                x, y = torch.randn(16, 12), torch.randint(0, 3, (16,))
                loss = nn.functional.cross_entropy(self.model(x), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                self.log.info("run=%s epoch=%d step=%d loss=%.5f grad_norm=%.4f", self.name, epoch,
                              step, loss.item(), float(self.model[0].weight.grad.norm()))
            self.log.info("epoch %d done, archived segments so far: %d", epoch, len(self.log.segments))


def main():
    with tempfile.TemporaryDirectory() as log_dir:
        for name in CONFIG["runs"]:
            log = RunLog(log_dir, name, max_bytes=CONFIG["log_bytes"])
            trainer = Trainer(name, float(name[2:]), log)
            try:
                trainer.fit(CONFIG["epochs"], CONFIG["steps"])
            finally:
                log.close()
            print(name, "rotated segments:", log.segments)


if __name__ == "__main__":
    main()
