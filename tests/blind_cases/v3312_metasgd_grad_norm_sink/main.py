"""Meta-SGD on linear-regression tasks: base weights and step sizes are meta-learned jointly."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from inner import MetaSGDInnerLoop, functional_forward

META = {"tasks_per_batch": 3, "outer_steps": 3, "shots": 8, "meta_lr": 1e-3, "hidden": 20}


def init_params(hidden):
    layers = [nn.Linear(3, hidden), nn.Linear(hidden, 1)]
    return [nn.Parameter(t.detach().clone()) for layer in layers for t in (layer.weight, layer.bias)]


def sample_task(gen, shots):
    coef = torch.randn(3, 1, generator=gen)
    x = torch.randn(shots, 3, generator=gen)
    return x, x @ coef


class MetaTrainer:
    def __init__(self, seed):
        torch.manual_seed(seed)
        self.gen = torch.Generator().manual_seed(seed)
        self.params = init_params(META["hidden"])
        self.inner = MetaSGDInnerLoop(self.params)
        self.opt = torch.optim.Adam(self.params + list(self.inner.parameters()), lr=META["meta_lr"])
        self.history = []

    def outer_step(self):
        query_losses = []
        for _ in range(META["tasks_per_batch"]):
            xs, ys = sample_task(self.gen, META["shots"])
            xq, yq = sample_task(self.gen, META["shots"])
            fast = self.inner.adapt(self.params, xs, ys)
            query_losses.append(F.mse_loss(functional_forward(xq, fast), yq))
        meta_loss = torch.stack(query_losses).mean()
        self.opt.zero_grad()
        meta_loss.backward()
        self.opt.step()
        self.history.append(meta_loss.item())
        return self.history[-1]

    def fit(self):
        for _ in range(META["outer_steps"]):
            self.outer_step()
        return self.history, self.inner.grad_log.summary()


def main():
    for seed in range(2):
        MetaTrainer(seed).fit()


if __name__ == "__main__":
    main()
