"""Merge models trained on different input domains with RegMean and compare against weight averaging."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from regmean import collect_grams, regmean_merge

DOMAINS = {"shifted": 1.5, "scaled": 0.5, "plain": 0.0}


def make_model():
    return nn.Sequential(nn.Linear(8, 24), nn.ReLU(), nn.Linear(24, 3))


def domain_batch(domain, n=64):
    x = torch.randn(n, 8)
    y = x[:, :3].argmax(1)
    shift = DOMAINS[domain]
    return (x + shift if domain == "shifted" else x * (1 + shift)), y


def train(init_sd, domain, steps=8):
    model = make_model()
    model.load_state_dict(init_sd)
    opt = torch.optim.Adam(model.parameters(), lr=0.02)
    for _ in range(steps):
        x, y = domain_batch(domain)
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return model


def evaluate(state_dict):
    model = make_model()
    model.load_state_dict(state_dict)
    accs = []
    with torch.no_grad():
        for domain in DOMAINS:
            x, y = domain_batch(domain, 256)
            accs.append((model(x).argmax(1) == y).float().mean().item())
    return sum(accs) / len(accs)


def main():
    torch.manual_seed(0)
    init_sd = make_model().state_dict()
    models = [train(init_sd, d) for d in DOMAINS]
    grams = [collect_grams(m, [domain_batch(d)[0] for _ in range(4)]) for m, d in zip(models, DOMAINS)]
    merged = regmean_merge(models, grams)
    average = {k: torch.stack([m.state_dict()[k] for m in models]).mean(0) for k in init_sd}
    print(f"regmean acc={evaluate(merged):.3f}  average acc={evaluate(average):.3f}")


if __name__ == "__main__":
    main()
