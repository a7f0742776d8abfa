"""Two-tower retrieval model trained with a warm-up Adagrad whose state is created lazily."""
import functools
from collections import defaultdict

import torch
import torch.nn as nn


class WarmAdagrad(torch.optim.Optimizer):
    def __init__(self, params, lr=0.05, eps=1e-10, initial_accumulator=0.1, warmup_steps=8):
        defaults = dict(lr=lr, eps=eps, initial_accumulator=initial_accumulator, warmup_steps=warmup_steps)
        super().__init__(params, defaults)
        self.state = defaultdict(functools.partial(dict, step=0, sum=None))

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                state = self.state[p]
                if state["sum"] is None:
                    state["sum"] = torch.full_like(p, group["initial_accumulator"])
                state["step"] += 1
                ramp = min(1.0, state["step"] / max(1, group["warmup_steps"]))
                state["sum"].addcmul_(p.grad, p.grad)
                p.addcdiv_(p.grad, state["sum"].sqrt().add_(group["eps"]), value=-group["lr"] * ramp)
        return loss


class Tower(nn.Module):
    def __init__(self, n_ids, dim):
        super().__init__()
        self.embedding = nn.EmbeddingBag(n_ids, dim, mode="mean")
        self.proj = nn.Linear(dim, dim)

    def forward(self, ids):
        return nn.functional.normalize(self.proj(self.embedding(ids)), dim=-1)


class TwoTower(nn.Module):
    def __init__(self, n_users=100, n_items=300, dim=16):
        super().__init__()
        self.user = Tower(n_users, dim)
        self.item = Tower(n_items, dim)
        self.log_temp = nn.Parameter(torch.tensor(2.0))

    def forward(self, user_ids, item_ids):
        return self.user(user_ids) @ self.item(item_ids).t() * self.log_temp.exp()


def batches(seed, n=4, batch_size=32):
    gen = torch.Generator().manual_seed(seed)
    for _ in range(n):
        users = torch.randint(0, 100, (batch_size, 3), generator=gen)
        items = (users * 3 + torch.randint(0, 3, (batch_size, 3), generator=gen)) % 300
        yield users, items


def fit(seed, groups_cfg):
    torch.manual_seed(seed)
    model = TwoTower()
    optimizer = WarmAdagrad([
        {"params": model.user.parameters(), **groups_cfg["user"]},
        {"params": model.item.parameters(), **groups_cfg["item"]},
        {"params": [model.log_temp], "lr": 0.01, "warmup_steps": 1},
    ])
    for users, items in batches(seed):
        logits = model(users, items)
        loss = nn.functional.cross_entropy(logits, torch.arange(len(users)))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss.item(), sum(len(s) for s in optimizer.state.values())


def main():
    groups_cfg = {"user": {"lr": 0.2, "initial_accumulator": 0.1}, "item": {"lr": 0.1, "warmup_steps": 4}}
    for seed in range(3):
        loss, n_state = fit(seed, groups_cfg)
        print("seed %d: in-batch softmax loss %.4f, %d state entries" % (seed, loss, n_state))


if __name__ == "__main__":
    main()
