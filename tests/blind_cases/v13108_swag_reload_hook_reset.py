"""SWAG-diagonal posterior over a regression net, with rollback to the last good checkpoint on loss spikes."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"runs": 2, "epochs": 6, "swa_start": 2, "batches": 4, "lr": 0.05, "spike_factor": 3.0, "samples": 4}


class SWAGDiagonal:
    def __init__(self, model, var_clamp=1e-8):
        self.model = model  # cycle
        self.var_clamp = var_clamp
        self.n = 0
        self.mean = {k: torch.zeros_like(p) for k, p in model.named_parameters()}
        self.sq_mean = {k: torch.zeros_like(p) for k, p in model.named_parameters()}
        model.register_load_state_dict_post_hook(self._on_weights_reloaded)  # cycle

    def _on_weights_reloaded(self, module, incompatible_keys):
        self.n = 0
        for buf in (*self.mean.values(), *self.sq_mean.values()):
            buf.zero_()

    @torch.no_grad()
    def collect(self):
        for k, p in self.model.named_parameters():
            self.mean[k].mul_(self.n / (self.n + 1)).add_(p / (self.n + 1))
            self.sq_mean[k].mul_(self.n / (self.n + 1)).add_(p.pow(2) / (self.n + 1))
        self.n += 1

    @torch.no_grad()
    def sample(self, generator, scale=0.5):
        state = {}
        for k in self.mean:
            var = (self.sq_mean[k] - self.mean[k].pow(2)).clamp_min(self.var_clamp)
            noise = torch.randn(self.mean[k].shape, generator=generator)
            state[k] = self.mean[k] + scale * var.sqrt() * noise
        return state


def build_net():
    return nn.Sequential(nn.Linear(3, 32), nn.Tanh(), nn.Linear(32, 1))


def batches(generator, n_batches, size=32):
    for _ in range(n_batches):
        x = torch.randn(size, 3, generator=generator)
        yield x, (x[:, :1] * x[:, 1:2]).tanh() + 0.05 * torch.randn(size, 1, generator=generator)


def run(seed, cfg):
    g = torch.Generator().manual_seed(seed)
    model = build_net()
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    swag = SWAGDiagonal(model)
    last_good, best_loss = copy.deepcopy(model.state_dict()), float("inf")
    for epoch in range(cfg["epochs"]):
        total = 0.0
        for x, y in batches(g, cfg["batches"]):
            loss = F.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        epoch_loss = total / cfg["batches"]
        if epoch_loss > cfg["spike_factor"] * best_loss or epoch == cfg["swa_start"]:
            model.load_state_dict(last_good)
        elif epoch_loss < best_loss:
            best_loss, last_good = epoch_loss, copy.deepcopy(model.state_dict())
        if epoch >= cfg["swa_start"]:
            swag.collect()

    x_test, y_test = next(batches(g, 1, size=64))
    scratch, preds = build_net(), []
    for _ in range(cfg["samples"]):
        scratch.load_state_dict(swag.sample(g))
        with torch.no_grad():
            preds.append(scratch(x_test))
    bma = torch.stack(preds).mean(0)
    return swag.n, F.mse_loss(bma, y_test).item()


def main():
    for seed in range(CONFIG["runs"]):
        n_collected, bma_mse = run(seed, CONFIG)
        print(f"run {seed}: {n_collected} SWAG snapshots, BMA test mse {bma_mse:.4f}")


if __name__ == "__main__":
    main()
