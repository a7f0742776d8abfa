"""Post-hoc last-layer Laplace for a trained classifier; penultimate features come from a one-shot hook."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"train_steps": 15, "prior_precision": 1.0, "mc_samples": 16, "n_train": 160, "n_test": 96}


def make_data(n, generator):
    x = torch.randn(n, 8, generator=generator)
    y = (x[:, :4] * torch.tensor([1.0, -1.0, 0.5, 2.0]) + 0.7 * torch.randn(n, 4, generator=generator)).argmax(-1)
    return x, y


class LastLayerLaplace:
    def __init__(self, model, last_layer, prior_precision):
        self.model = model
        self.last_layer = last_layer
        self.prior_precision = prior_precision
        self.calls = 0
        self.weight_var = None
        self.bias_var = None

    def features_and_logits(self, x):
        captured = {}

        def grab(module, inputs, output):
            captured["phi"] = inputs[0].detach()
            self.calls += 1
            handle.remove()

        handle = self.last_layer.register_forward_hook(grab)
        with torch.no_grad():
            logits = self.model(x)
        return captured["phi"], logits

    def fit(self, x):
        phi, logits = self.features_and_logits(x)
        probs = logits.softmax(-1)
        curvature = probs * (1 - probs)
        h_weight = curvature.T @ phi.pow(2) + self.prior_precision
        h_bias = curvature.sum(0) + self.prior_precision
        self.weight_var, self.bias_var = h_weight.reciprocal(), h_bias.reciprocal()
        return self

    def predictive(self, x, samples, generator):
        phi, _ = self.features_and_logits(x)
        w, b = self.last_layer.weight.detach(), self.last_layer.bias.detach()
        probs = torch.zeros(x.shape[0], w.shape[0])
        for _ in range(samples):
            w_s = w + self.weight_var.sqrt() * torch.randn(w.shape, generator=generator)
            b_s = b + self.bias_var.sqrt() * torch.randn(b.shape, generator=generator)
            probs += F.softmax(phi @ w_s.T + b_s, dim=-1)
        return probs / samples


def nll_and_acc(probs, y):
    nll = -probs.gather(1, y[:, None]).clamp_min(1e-12).log().mean().item()
    return nll, (probs.argmax(-1) == y).float().mean().item()


def main():
    cfg = CONFIG
    g = torch.Generator().manual_seed(0)
    x_tr, y_tr = make_data(cfg["n_train"], g)
    x_te, y_te = make_data(cfg["n_test"], g)
    model = nn.Sequential(nn.Linear(8, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 4))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(cfg["train_steps"]):
        loss = F.cross_entropy(model(x_tr), y_tr)
        opt.zero_grad()
        loss.backward()
        opt.step()

    la = LastLayerLaplace(model, model[-1], cfg["prior_precision"]).fit(x_tr)
    with torch.no_grad():
        map_probs = model(x_te).softmax(-1)
    la_probs = la.predictive(x_te, cfg["mc_samples"], g)
    for name, probs in (("MAP", map_probs), ("Laplace", la_probs)):
        nll, acc = nll_and_acc(probs, y_te)
        print(f"{name:8s} nll {nll:.3f} acc {acc:.3f}")
    assert la.calls == 2 and not model[-1]._forward_hooks
    print(f"mean posterior std {math.sqrt(la.weight_var.mean().item()):.3f}")


if __name__ == "__main__":
    main()
