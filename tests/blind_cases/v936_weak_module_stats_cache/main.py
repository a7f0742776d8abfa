"""Small architecture sweep; each candidate is trained briefly and reported."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import telemetry


def build(width, depth, d_in=16, n_out=3):
    layers, d = [], d_in
    for _ in range(depth):
        layers += [nn.Linear(d, width), nn.LayerNorm(width), nn.GELU()]
        d = width
    layers.append(nn.Linear(d, n_out))
    return nn.Sequential(*layers)


def train_candidate(job, model, steps=4):
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=0.01)
    for step in range(steps):
        x = torch.randn(32, 16)
        y = torch.randint(0, 3, (32,))
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        gnorm = nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        opt.step()
        acc = (logits.argmax(-1) == y).float().mean()
        telemetry.log_scalars(job, step, loss=loss, acc=acc, grad_norm=gnorm)
    return telemetry.latest(job, "loss")


def main():
    torch.manual_seed(0)
    for width, depth in [(32, 1), (64, 2), (16, 3)]:
        job = f"w{width}_d{depth}"
        model = build(width, depth)
        facts = telemetry.model_facts(model)
        final = train_candidate(job, model)
        again = telemetry.model_facts(model)
        assert again is facts
        print(f"{job}: {facts['n_params']} params, {facts['n_layers']} leaves, loss {final:.3f}")


if __name__ == "__main__":
    main()
