"""Learning-rate sweep that rolls back to the last good checkpoint when the loss spikes."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from ckpt import CheckpointManager, RunningStats


def make_model():
    return nn.Sequential(nn.Linear(10, 32), nn.Tanh(), nn.Linear(32, 1))


def train(lr, steps=8, spike=2.0):
    torch.manual_seed(0)
    model = make_model()
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    manager = CheckpointManager(model, opt)
    stats = RunningStats()
    rollbacks = 0
    for step in range(steps):
        x = torch.randn(32, 10)
        y = x[:, :3].sum(1, keepdim=True)
        loss = F.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        manager.global_step = step
        value = loss.item()
        if stats.n > 2 and value > spike * stats.mean:
            stats = manager.rollback()
            rollbacks += 1
            continue
        stats.update(value)
        if step % 2 == 1:
            manager.save(stats)
    return stats.mean, rollbacks


def main():
    results = {lr: train(lr) for lr in (0.01, 0.05, 0.3)}
    assert len(results) == 3


if __name__ == "__main__":
    main()
