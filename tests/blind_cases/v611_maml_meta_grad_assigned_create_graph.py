"""Second-order MAML on sinusoid regression tasks, with the meta-update done through a torch optimizer."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class SineTasks:
    def __init__(self, seed=0):
        self.g = torch.Generator().manual_seed(seed)

    def sample(self, k_shot=5, k_query=10):
        amp = 0.1 + 4.9 * torch.rand(1, generator=self.g)
        phase = math.pi * torch.rand(1, generator=self.g)
        xs = 10 * torch.rand(k_shot + k_query, 1, generator=self.g) - 5
        ys = amp * torch.sin(xs + phase)
        return (xs[:k_shot], ys[:k_shot]), (xs[k_shot:], ys[k_shot:])


def functional_mlp(x, params):
    w1, b1, w2, b2, w3, b3 = params
    h = F.relu(F.linear(x, w1, b1))
    h = F.relu(F.linear(h, w2, b2))
    return F.linear(h, w3, b3)


class MAML:
    def __init__(self, model, inner_lr=0.01, inner_steps=2, meta_lr=1e-3, second_order=True):
        self.model = model
        self.inner_lr = inner_lr
        self.inner_steps = inner_steps
        self.second_order = second_order
        self.meta_opt = torch.optim.Adam(model.parameters(), lr=meta_lr)

    def _grads(self, loss, params):
        return torch.autograd.grad(loss, params, create_graph=self.second_order)

    def adapt(self, support):
        x, y = support
        fast = list(self.model.parameters())
        for _ in range(self.inner_steps):
            grads = self._grads(F.mse_loss(functional_mlp(x, fast), y), fast)
            fast = [w - self.inner_lr * g for w, g in zip(fast, grads)]
        return fast

    def meta_step(self, tasks):
        params = list(self.model.parameters())
        meta_loss = 0.0
        for support, query in tasks:
            fast = self.adapt(support)
            qx, qy = query
            meta_loss = meta_loss + F.mse_loss(functional_mlp(qx, fast), qy)
        meta_loss = meta_loss / len(tasks)
        meta_grads = self._grads(meta_loss, params)  # retain
        self.meta_opt.zero_grad(set_to_none=True)
        for p, g in zip(params, meta_grads):
            p.grad = g  # retain
        self.meta_opt.step()
        return meta_loss.item()


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(1, 20), nn.ReLU(), nn.Linear(20, 20), nn.ReLU(), nn.Linear(20, 1))
    maml = MAML(model)
    tasks = SineTasks()
    for it in range(3):
        batch = [tasks.sample() for _ in range(2)]
        loss = maml.meta_step(batch)
        print(f"meta-iter {it}: query loss {loss:.3f}")


if __name__ == "__main__":
    main()
