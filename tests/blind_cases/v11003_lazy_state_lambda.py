"""Adagrad with a per-parameter warm-up, trained day by day on a toy click-through log."""
import io
from collections import defaultdict

import torch
import torch.nn as nn


class WarmAdagrad(torch.optim.Optimizer):
    def __init__(self, params, lr=0.05, eps=1e-10, initial_accumulator=0.1, warmup_steps=8):
        defaults = dict(lr=lr, eps=eps, initial_accumulator=initial_accumulator, warmup_steps=warmup_steps)
        super().__init__(params, defaults)
        self.state = defaultdict(lambda: {"step": 0, "sum": None, "acc0": self.defaults["initial_accumulator"]})  # cycle

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
                    state["sum"] = torch.full_like(p, state["acc0"])
                state["step"] += 1
                ramp = min(1.0, state["step"] / max(1, group["warmup_steps"]))
                state["sum"].addcmul_(p.grad, p.grad)
                std = state["sum"].sqrt().add_(group["eps"])
                p.addcdiv_(p.grad, std, value=-group["lr"] * ramp)
        return loss


class CTRModel(nn.Module):
    def __init__(self, n_ids=200, dim=8, n_dense=4):
        super().__init__()
        self.embedding = nn.Embedding(n_ids, dim)
        self.dense = nn.Linear(n_dense, dim)
        self.out = nn.Linear(2 * dim, 1)

    def forward(self, ids, dense):
        return self.out(torch.cat([self.embedding(ids), torch.relu(self.dense(dense))], dim=-1)).squeeze(-1)


def day_log(day, batches=4, batch_size=64, n_ids=200):
    gen = torch.Generator().manual_seed(100 + day)
    for _ in range(batches):
        ids = torch.randint(0, n_ids, (batch_size,), generator=gen)
        dense = torch.randn(batch_size, 4, generator=gen)
        clicks = ((ids % 7 == 0) | (dense[:, 0] > 1.0)).float()
        yield ids, dense, clicks


def train_day(day, cfg):
    model = CTRModel()
    optimizer = WarmAdagrad(model.parameters(), lr=cfg["lr"], warmup_steps=cfg["warmup_steps"])
    loss_fn = nn.BCEWithLogitsLoss()
    seen = 0
    for ids, dense, clicks in day_log(day):
        optimizer.zero_grad()
        loss = loss_fn(model(ids, dense), clicks)
        loss.backward()
        optimizer.step()
        seen += ids.numel()
    buffer = io.BytesIO()
    torch.save({"day": day, "model": model.state_dict(), "optimizer": optimizer.state_dict()}, buffer)
    return {"day": day, "loss": loss.item(), "examples": seen, "checkpoint_bytes": buffer.getbuffer().nbytes}


def main():
    cfg = {"lr": 0.1, "warmup_steps": 3}
    for day in range(3):
        report = train_day(day, cfg)
        print("day %(day)d: loss %(loss).4f on %(examples)d examples, checkpoint %(checkpoint_bytes)d bytes" % report)


if __name__ == "__main__":
    main()
