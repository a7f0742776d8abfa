"""Simulated device fleet; devices are stateful across rounds (error-feedback memory)."""
import copy

import torch
import torch.nn as nn

from compress import topk_sparsify

IN_DIM, N_CLASSES = 16, 4


class Device:
    def __init__(self, cid, n_samples=32):
        g = torch.Generator().manual_seed(1000 + cid)
        self.cid = cid
        self.x = torch.randn(n_samples, IN_DIM, generator=g)
        self.y = torch.randint(0, N_CLASSES, (n_samples,), generator=g)
        self.residual = {}
        self.rounds_seen = 0

    def local_update(self, global_model, cfg):
        model = copy.deepcopy(global_model)
        start = {name: p.detach().clone() for name, p in model.named_parameters()}
        opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
        for _ in range(cfg["local_steps"]):
            idx = torch.randint(0, len(self.x), (cfg["batch_size"],))
            loss = nn.functional.cross_entropy(model(self.x[idx]), self.y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        upload = {}
        for name, p in model.named_parameters():
            corrected = (p - start[name]) + self.residual.get(name, 0.0)
            sparse = topk_sparsify(corrected, cfg["topk_ratio"])
            self.residual[name] = corrected - sparse
            upload[name] = sparse
        self.rounds_seen += 1
        return upload, len(self.x)


def make_fleet(n_devices):
    return [Device(cid) for cid in range(n_devices)]
