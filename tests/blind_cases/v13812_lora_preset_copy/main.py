"""LoRA sweep over adapter presets: train, merge for evaluation, unmerge, compare."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from lora import get_preset, inject_lora, set_merged

SWEEP = [{"preset": "attn-qv", "lr": 0.05}, {"preset": "attn-all", "lr": 0.02}]


class Attention(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.q, self.k, self.v, self.o = (nn.Linear(d, d) for _ in range(4))

    def forward(self, x):
        att = torch.softmax(self.q(x) @ self.k(x).transpose(1, 2) / x.shape[-1] ** 0.5, dim=-1)
        return x + self.o(att @ self.v(x))


class Encoder(nn.Module):
    def __init__(self, d=16, n_cls=3):
        super().__init__()
        self.blocks = nn.Sequential(Attention(d), Attention(d))
        self.head = nn.Linear(d, n_cls)

    def forward(self, x):
        return self.head(self.blocks(x).mean(1))


def batch():
    x = torch.randn(8, 5, 16)
    return x, (x[:, 0, :3].argmax(1))


def run_trial(trial):
    torch.manual_seed(0)
    model = Encoder()
    config = get_preset(trial["preset"])
    params = inject_lora(model, config)
    opt = torch.optim.AdamW(params, lr=trial["lr"])
    for _ in range(4):
        x, y = batch()
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    x, y = batch()
    with torch.no_grad():
        before = model(x)
        set_merged(config, True)
        after = model(x)
        set_merged(config, False)
    return (before - after).abs().max().item(), (after.argmax(1) == y).float().mean().item()


def main():
    for trial in SWEEP:
        drift, acc = run_trial(trial)
        print(f"{trial['preset']}: merge drift={drift:.2e} acc={acc:.2f}")


if __name__ == "__main__":
    main()
