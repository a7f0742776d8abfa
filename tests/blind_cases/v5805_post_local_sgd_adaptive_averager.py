"""Post-local SGD where the averaging period adapts to the training loss."""
import torch
import torch.distributed as dist
import torch.nn as nn
from torch.distributed.algorithms.model_averaging import utils as averaging_utils
from torch.distributed.algorithms.model_averaging.averagers import ModelAverager
from torch.distributed.optim import PostLocalSGDOptimizer

CFG = {"lr": 0.05, "warmup_steps": 3, "base_period": 2, "max_period": 8, "steps": 12}


class LossAdaptiveAverager(ModelAverager):
    def __init__(self, trainer, warmup_steps, base_period, max_period, process_group=None):
        super().__init__(process_group)
        self.trainer = trainer  # cycle
        self.warmup_steps = warmup_steps
        self.base_period = base_period
        self.max_period = max_period
        self.period = base_period
        self.last_sync = 0

    def average_parameters(self, params):
        due = self.step < self.warmup_steps or self.step - self.last_sync >= self.period
        if due:
            averaging_utils.average_parameters_or_parameter_groups(params, self.process_group)
            self.last_sync = self.step
            self._adapt_period()
        self.step += 1

    def _adapt_period(self):
        losses = self.trainer.loss_history
        if len(losses) >= 2 and losses[-1] < losses[-2]:
            self.period = min(self.period * 2, self.max_period)
        else:
            self.period = self.base_period


class LocalSGDTrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.loss_history = []
        local = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
        averager = LossAdaptiveAverager(self, cfg["warmup_steps"], cfg["base_period"], cfg["max_period"])
        self.optimizer = PostLocalSGDOptimizer(optim=local, averager=averager)  # cycle

    def step(self, x, y):
        loss = nn.functional.binary_cross_entropy_with_logits(self.model(x).squeeze(1), y)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.loss_history.append(loss.item())

    def checkpoint(self):
        return {"optimizer": self.optimizer.state_dict(), "averager_period": self.optimizer.averager.period}


def main():
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    try:
        for seed in (0, 1):
            torch.manual_seed(seed)
            trainer = LocalSGDTrainer(nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1)), CFG)
            for _ in range(CFG["steps"]):
                x = torch.randn(16, 8)
                trainer.step(x, (x.sum(1) > 0).float())
            ckpt = trainer.checkpoint()
            print(f"seed {seed}: loss {trainer.loss_history[-1]:.4f}, averager step {ckpt['optimizer']['step']}")
    finally:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
