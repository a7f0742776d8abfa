"""Switch MoE that re-initialises starved experts from the busiest one, checking one expert per step."""
import torch
import torch.nn as nn
import torch.nn.functional as F

SWEEP = [
    {"num_experts": 4, "min_share": 0.10, "lr": 5e-3},
    {"num_experts": 6, "min_share": 0.05, "lr": 5e-3},
]
COMMON = {"in_dim": 8, "d_model": 16, "hidden": 32, "classes": 2, "steps": 8, "batch": 32}


class SwitchFFN(nn.Module):
    def __init__(self, d_model, hidden, num_experts, min_share):
        super().__init__()
        self.min_share = min_share
        self.router = nn.Linear(d_model, num_experts)
        self.experts = nn.ModuleList(
            nn.Sequential(nn.Linear(d_model, hidden), nn.ReLU(), nn.Linear(hidden, d_model))
            for _ in range(num_experts))
        self.register_buffer("tokens_seen", torch.zeros(num_experts))
        self._reinit_scan = self._scan_for_starved()  # cycle

    def _scan_for_starved(self):
        while True:
            for e in range(len(self.experts)):
                share = self.tokens_seen[e] / self.tokens_seen.sum().clamp_min(1.0)
                yield e if share < self.min_share else None

    def forward(self, x):
        probs = self.router(x).softmax(-1)
        gate, idx = probs.max(-1)
        with torch.no_grad():
            self.tokens_seen += torch.bincount(idx, minlength=len(self.experts)).float()
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            rows = (idx == e).nonzero().squeeze(-1)
            if rows.numel():
                out = out.index_add(0, rows, expert(x[rows]) * gate[rows, None])
        return x + out

    @torch.no_grad()
    def maybe_reinit(self):
        e = next(self._reinit_scan)
        if e is None:
            return None
        donor = int(self.tokens_seen.argmax())
        self.experts[e].load_state_dict(self.experts[donor].state_dict())
        for p in self.experts[e].parameters():
            p.add_(torch.randn_like(p) * 1e-2)
        self.router.bias[e] = self.router.bias[donor]
        self.tokens_seen[e] = self.tokens_seen[donor] = self.tokens_seen[donor] / 2
        return e


def train(cfg):
    torch.manual_seed(0)
    embed = nn.Linear(cfg["in_dim"], cfg["d_model"])
    moe = SwitchFFN(cfg["d_model"], cfg["hidden"], cfg["num_experts"], cfg["min_share"])
    head = nn.Linear(cfg["d_model"], cfg["classes"])
    model = nn.Sequential(embed, moe, head)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    events = []
    for step in range(cfg["steps"]):
        x = torch.randn(cfg["batch"], cfg["in_dim"])
        y = (x.sum(-1) > 0).long()
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        revived = moe.maybe_reinit()
        if revived is not None:
            events.append((step, revived))
    return loss.item(), events


def main():
    for override in SWEEP:
        cfg = {**COMMON, **override}
        loss, events = train(cfg)
        print(f"E={cfg['num_experts']}: loss {loss:.4f}, re-initialised {events}")


if __name__ == "__main__":
    main()
