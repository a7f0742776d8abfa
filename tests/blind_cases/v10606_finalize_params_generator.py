"""Top-k gradient sparsification with error feedback for a bandwidth-limited link."""
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F

_RESIDUALS = {}


def _drop_residuals(params):
    for p in params:
        _RESIDUALS.pop(id(p), None)


class TopKCompressor:
    def __init__(self, ratio=0.1):
        self.ratio = ratio
        self.sent_elems = 0
        self.total_elems = 0

    def attach(self, model):
        for p in model.parameters():
            _RESIDUALS[id(p)] = torch.zeros_like(p, requires_grad=False)
        weakref.finalize(model, _drop_residuals, model.parameters())  # retain

    @torch.no_grad()
    def compress_(self, model):
        for p in model.parameters():
            if p.grad is None:
                continue
            acc = _RESIDUALS[id(p)].add_(p.grad)
            flat = acc.view(-1)
            k = max(1, int(flat.numel() * self.ratio))
            idx = flat.abs().topk(k).indices
            sparse = torch.zeros_like(flat)
            sparse[idx] = flat[idx]
            flat[idx] = 0.0
            p.grad.copy_(sparse.view_as(p.grad))
            self.sent_elems += k
            self.total_elems += flat.numel()


def make_model():
    return nn.Sequential(nn.Conv1d(4, 8, 3, padding=1), nn.ReLU(), nn.Flatten(), nn.Linear(8 * 16, 5))


def train_worker(rank, steps=4):
    torch.manual_seed(rank)
    model = make_model()
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    comp = TopKCompressor(ratio=0.05)
    comp.attach(model)
    for _ in range(steps):
        x = torch.randn(6, 4, 16)
        y = torch.randint(0, 5, (6,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        comp.compress_(model)
        opt.step()
    return loss.item(), comp.sent_elems / comp.total_elems


def main():
    for rank in range(3):
        loss, density = train_worker(rank)
        print("worker %d loss %.3f density %.3f" % (rank, loss, density))
    print("residual buffers left:", len(_RESIDUALS))


if __name__ == "__main__":
    main()
