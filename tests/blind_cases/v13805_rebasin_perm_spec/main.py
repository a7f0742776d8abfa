"""Align independently trained MLPs to a reference with weight matching, then compare midpoint losses."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from permspec import mlp_spec, weight_matching

WIDTHS = (8, 24, 24, 3)


def make_mlp():
    layers = []
    for i, (d_in, d_out) in enumerate(zip(WIDTHS[:-1], WIDTHS[1:])):
        layers += [nn.Linear(d_in, d_out)] + ([nn.ReLU()] if i < len(WIDTHS) - 2 else [])
    return nn.Sequential(*layers)


def data(n=64):
    x = torch.randn(n, WIDTHS[0])
    return x, (x[:, :3] * torch.tensor([1.0, -1.0, 0.5])).argmax(1)


def train(seed, steps=8):
    torch.manual_seed(seed)
    model = make_mlp()
    opt = torch.optim.Adam(model.parameters(), lr=0.02)
    for _ in range(steps):
        x, y = data()
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return {k: v.detach().clone() for k, v in model.state_dict().items()}


def midpoint_loss(sd_a, sd_b, x, y):
    model = make_mlp()
    model.load_state_dict({k: 0.5 * (sd_a[k] + sd_b[k]) for k in sd_a})
    with torch.no_grad():
        return F.cross_entropy(model(x), y).item()


def main():
    reference = train(seed=0)
    x, y = data(256)
    for seed in (1, 2, 3):
        other = train(seed)
        spec = mlp_spec(reference, n_layers=len(WIDTHS) - 1)
        aligned = weight_matching(spec, reference, other)
        naive, rebasin = midpoint_loss(reference, other, x, y), midpoint_loss(reference, aligned, x, y)
        print(f"seed {seed}: naive midpoint loss {naive:.3f}, re-basin midpoint loss {rebasin:.3f}")


if __name__ == "__main__":
    main()
