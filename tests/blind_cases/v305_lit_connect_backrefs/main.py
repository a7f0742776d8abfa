"""Minimal Lightning-like fit loop, one trainer/module pair per seed."""
import torch

from lit import LitClassifier
from wiring import connect


class MiniTrainer:
    def __init__(self, max_steps):
        self.max_steps = max_steps
        self.metrics = {}
        self.lightning_module = None
        self.optimizer = None

    def fit(self, module, batches):
        connect(self, module)
        for step, batch in zip(range(self.max_steps), batches):
            loss = self.lightning_module.training_step(batch)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
        return self.metrics["train_loss"][-1]


def main():
    for seed in range(3):
        torch.manual_seed(seed)
        batches = [(torch.randn(16, 10), torch.randint(0, 3, (16,))) for _ in range(4)]
        MiniTrainer(max_steps=4).fit(LitClassifier(), batches)


if __name__ == "__main__":
    main()
