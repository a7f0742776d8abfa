"""Sinusoid-regression MAML: a meta-batch of tasks per outer step, query loss drives the meta update."""
import math

import torch
import torch.nn.functional as F

from meta import FunctionalMLP, MAMLLearner

CFG = {"meta_batch": 4, "shots": 10, "outer_steps": 3, "meta_lr": 1e-3, "inner_lr": 0.01}


class SinusoidTasks:
    def __init__(self, seed):
        self.gen = torch.Generator().manual_seed(seed)

    def sample(self):
        amp = 0.1 + 4.9 * torch.rand(1, generator=self.gen).item()
        phase = math.pi * torch.rand(1, generator=self.gen).item()

        def draw(n):
            x = torch.rand(n, 1, generator=self.gen) * 10 - 5
            return x, amp * torch.sin(x + phase)

        return draw


def meta_train(seed):
    torch.manual_seed(seed)
    tasks = SinusoidTasks(seed)
    net = FunctionalMLP()
    learner = MAMLLearner(net, inner_lr=CFG["inner_lr"])
    meta_opt = torch.optim.Adam(net.parameters(), lr=CFG["meta_lr"])
    log = []
    for _ in range(CFG["outer_steps"]):
        meta_loss = 0.0
        for _ in range(CFG["meta_batch"]):
            draw = tasks.sample()
            xs, ys = draw(CFG["shots"])
            xq, yq = draw(CFG["shots"])
            adapted = learner.adapt(xs, ys)
            meta_loss = meta_loss + F.mse_loss(adapted(xq), yq)
        meta_loss = meta_loss / CFG["meta_batch"]
        meta_opt.zero_grad()
        meta_loss.backward()
        meta_opt.step()
        log.append(meta_loss.item())
    return log


def main():
    for seed in range(2):
        meta_train(seed)


if __name__ == "__main__":
    main()
