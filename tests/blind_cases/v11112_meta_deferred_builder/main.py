"""Mixture-of-experts regressor assembled from an expert pool with deferred init."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from deferred import DeferredBuilder, scaled_normal_init

EXPERT_POOL = {"narrow": 16, "wide": 48, "deep": 24, "tiny": 8}
RUNS = [{"experts": ["narrow", "wide"], "top_k": 1},
        {"experts": ["deep", "tiny", "narrow"], "top_k": 2}]


def build_pool(make, d_model):
    return {name: nn.Sequential(make(nn.Linear, d_model, hid), nn.GELU(),
                                make(nn.Linear, hid, d_model, init=scaled_normal_init(0.01)))
            for name, hid in EXPERT_POOL.items()}


class MoERegressor(nn.Module):
    def __init__(self, make, d_in, d_model, experts, top_k):
        super().__init__()
        self.top_k = top_k
        self.inp = make(nn.Linear, d_in, d_model)
        pool = build_pool(make, d_model)
        self.experts = nn.ModuleDict({name: pool[name] for name in experts})
        self.router = make(nn.Linear, d_model, len(experts), init=scaled_normal_init(0.02))
        self.out = make(nn.Linear, d_model, 1)

    def forward(self, x):
        h = self.inp(x)
        gates = F.softmax(self.router(h), dim=-1)
        top, idx = gates.topk(self.top_k, dim=-1)
        expert_out = torch.stack([e(h) for e in self.experts.values()], dim=1)
        picked = expert_out.gather(1, idx.unsqueeze(-1).expand(-1, -1, h.shape[-1]))
        return self.out((top.unsqueeze(-1) * picked).sum(dim=1))


def run(cfg, steps=4):
    make = DeferredBuilder()
    model = make.materialize(MoERegressor(make, 5, 12, cfg["experts"], cfg["top_k"]))
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    for _ in range(steps):
        x = torch.randn(16, 5)
        loss = F.mse_loss(model(x), x[:, :1] * x[:, 1:2])
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for i, cfg in enumerate(RUNS):
        torch.manual_seed(i)
        print(cfg["experts"], "loss %.4f" % run(cfg))


if __name__ == "__main__":
    main()
