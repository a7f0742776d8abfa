"""Client with top-k sparsified uploads and error feedback."""
import copy

import torch
import torch.nn.functional as F

from channel import UPLINK


class TopKClient:
    def __init__(self, cid, ratio, lr=0.05):
        gen = torch.Generator().manual_seed(7 * cid + 1)
        self.cid = cid
        self.ratio = ratio
        self.lr = lr
        self.x = torch.randn(64, 12, generator=gen)
        self.y = torch.randint(0, 3, (64,), generator=gen)
        self.residual = {}
        self.model = None
        self.opt = None

    def connect(self):
        UPLINK.add_filter(self.cid, self._sparsify)

    def disconnect(self):
        UPLINK.remove_filter(self.cid, self._sparsify)

    @torch.no_grad()
    def _sparsify(self, update):
        out = {}
        for name, delta in update.items():
            corrected = delta + self.residual.get(name, torch.zeros_like(delta))
            flat = corrected.flatten()
            k = max(1, int(flat.numel() * self.ratio))
            idx = flat.abs().topk(k).indices
            sparse = torch.zeros_like(flat)
            sparse[idx] = flat[idx]
            sparse = sparse.view_as(corrected)
            self.residual[name] = corrected - sparse
            out[name] = sparse
        return out

    def fit(self, global_model, steps):
        self.model = copy.deepcopy(global_model)
        self.opt = torch.optim.SGD(self.model.parameters(), lr=self.lr)
        for _ in range(steps):
            idx = torch.randint(0, 64, (16,))
            loss = F.cross_entropy(self.model(self.x[idx]), self.y[idx])
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        g = dict(global_model.named_parameters())
        update = {n: (p - g[n]).detach() for n, p in self.model.named_parameters()}
        return UPLINK.send(self.cid, update)
