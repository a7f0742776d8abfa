"""Few-shot sine-wave regression with second-order MAML and a meta-validation pass."""
import math
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "hidden": 40,
    "inner_lr": 0.01,
    "inner_steps": 2,
    "meta_lr": 1e-3,
    "meta_batch": 4,
    "k_shot": 10,
    "meta_iters": 3,
    "val_tasks": 3,
}


class SineTaskSampler:
    def __init__(self, k_shot, seed=0):
        self.k_shot = k_shot
        self.rng = random.Random(seed)

    def _draw(self, amp, phase):
        x = torch.empty(self.k_shot, 1).uniform_(-5.0, 5.0)
        return x, amp * torch.sin(x + phase)

    def sample(self):
        amp = self.rng.uniform(0.1, 5.0)
        phase = self.rng.uniform(0.0, math.pi)
        return self._draw(amp, phase), self._draw(amp, phase)

    def batch(self, n):
        return [self.sample() for _ in range(n)]


class SineNet(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.fc1 = nn.Linear(1, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def functional_forward(self, x, weights):
        w1, b1, w2, b2, w3, b3 = weights
        x = F.relu(F.linear(x, w1, b1))
        x = F.relu(F.linear(x, w2, b2))
        return F.linear(x, w3, b3)

    def forward(self, x):
        return self.functional_forward(x, list(self.parameters()))


class MAMLLearner:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.meta_opt = torch.optim.Adam(model.parameters(), lr=cfg["meta_lr"])

    def adapt(self, x_s, y_s):
        fast = [p.clone() for p in self.model.parameters()]
        for _ in range(self.cfg["inner_steps"]):
            inner_loss = F.mse_loss(self.model.functional_forward(x_s, fast), y_s)
            grads = torch.autograd.grad(inner_loss, fast, create_graph=True)
            fast = [w - self.cfg["inner_lr"] * g for w, g in zip(fast, grads)]
        return fast

    def meta_step(self, tasks):
        self.meta_opt.zero_grad()
        total = 0.0
        for (x_s, y_s), (x_q, y_q) in tasks:
            fast = self.adapt(x_s, y_s)
            q_loss = F.mse_loss(self.model.functional_forward(x_q, fast), y_q)
            (q_loss / len(tasks)).backward()
            total += q_loss.item()
        self.meta_opt.step()
        return total / len(tasks)

    def evaluate(self, tasks):
        errors = []
        for (x_s, y_s), (x_q, y_q) in tasks:
            fast = self.adapt(x_s, y_s)
            with torch.no_grad():
                pred = self.model.functional_forward(x_q, fast)
            errors.append(F.mse_loss(pred, y_q).item())
        return sum(errors) / len(errors)


def main():
    torch.manual_seed(0)
    sampler = SineTaskSampler(CONFIG["k_shot"])
    learner = MAMLLearner(SineNet(CONFIG["hidden"]), CONFIG)
    for it in range(CONFIG["meta_iters"]):
        train_loss = learner.meta_step(sampler.batch(CONFIG["meta_batch"]))
        val_mse = learner.evaluate(sampler.batch(CONFIG["val_tasks"]))
        print(f"iter {it}: meta-train {train_loss:.3f}  meta-val {val_mse:.3f}")


if __name__ == "__main__":
    main()
