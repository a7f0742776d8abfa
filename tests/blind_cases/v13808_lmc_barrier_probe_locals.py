"""Linear mode connectivity: loss barrier on the straight line between pairs of trained checkpoints."""
import itertools
import types

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"seeds": (0, 1, 2), "train_steps": 10, "alphas": [i / 6 for i in range(7)], "lr": 0.05}


def make_model():
    return nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 2))


def make_data(n, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 10, generator=g)
    return x, ((x[:, 0] * x[:, 1] + x[:, 2]) > 0).long()


def train(seed, data):
    torch.manual_seed(seed)
    model = make_model()
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"], momentum=0.9)
    for step in range(CFG["train_steps"]):
        idx = torch.randint(0, data[0].shape[0], (64,))
        loss = F.cross_entropy(model(data[0][idx]), data[1][idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
    return {k: v.detach().clone() for k, v in model.state_dict().items()}


def interpolate(sd_a, sd_b, alpha):
    return {k: torch.lerp(sd_a[k], sd_b[k], alpha) for k in sd_a}


class BarrierProbe:
    def __init__(self, data):
        self.data = data
        self.points = []  # cycle

    def evaluate(self, state_dict):
        model = make_model()
        model.load_state_dict(state_dict)
        with torch.no_grad():
            logits = model(self.data[0])
        return F.cross_entropy(logits, self.data[1]).item(), (logits.argmax(1) == self.data[1]).float().mean().item()

    def run(self, sd_a, sd_b, alphas):
        for alpha in alphas:
            state_dict = interpolate(sd_a, sd_b, alpha)
            loss, acc = self.evaluate(state_dict)
            self.points.append(types.SimpleNamespace(**locals()))  # cycle
        first, last = self.points[0].loss, self.points[-1].loss
        return max(p.loss - ((1 - p.alpha) * first + p.alpha * last) for p in self.points)

    def curve(self):
        return " ".join(f"{p.alpha:.2f}:{p.loss:.3f}" for p in self.points)


def main():
    train_data, test_data = make_data(512, 0), make_data(256, 1)
    checkpoints = {seed: train(seed, train_data) for seed in CFG["seeds"]}
    barriers = {}
    for a, b in itertools.combinations(CFG["seeds"], 2):
        probe = BarrierProbe(test_data)
        barriers[(a, b)] = probe.run(checkpoints[a], checkpoints[b], CFG["alphas"])
        print(f"seeds {a}-{b}: barrier {barriers[(a, b)]:.3f} | {probe.curve()}")
    print(f"mean barrier {sum(barriers.values()) / len(barriers):.3f}")


if __name__ == "__main__":
    main()
