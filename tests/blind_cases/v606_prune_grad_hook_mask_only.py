"""Lottery-ticket style training: masks are recomputed in place after each round, weights rewound."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


def _masked_grad(grad, mask):
    return grad * mask


class TicketMasker:
    def __init__(self, model, prune_fraction=0.3):
        self.model = model
        self.prune_fraction = prune_fraction
        self.initial_state = copy.deepcopy(model.state_dict())
        self.masks = {}
        for name, p in model.named_parameters():
            if p.dim() < 2:
                continue
            mask = torch.ones_like(p)
            self.masks[name] = mask
            p.register_hook(lambda grad, mask=mask: _masked_grad(grad, mask))

    @torch.no_grad()
    def prune_and_rewind(self):
        params = dict(self.model.named_parameters())
        for name, mask in self.masks.items():
            w = params[name].abs() * mask
            remaining = w[mask.bool()]
            k = int(self.prune_fraction * remaining.numel())
            if k > 0:
                cutoff = remaining.kthvalue(k).values
                mask.copy_((w > cutoff).to(mask.dtype))
        self.model.load_state_dict(self.initial_state)
        for name, mask in self.masks.items():
            params[name].mul_(mask)

    def density(self):
        kept = sum(m.sum().item() for m in self.masks.values())
        return kept / sum(m.numel() for m in self.masks.values())


def run_round(model, steps=3, lr=0.1):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    losses = []
    for _ in range(steps):
        x, y = torch.randn(16, 12), torch.randint(0, 3, (16,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return sum(losses) / len(losses)


def main():
    torch.manual_seed(1)
    model = nn.Sequential(nn.Linear(12, 24), nn.Tanh(), nn.Linear(24, 3))
    masker = TicketMasker(model)
    for rnd in range(3):
        avg = run_round(model)
        masker.prune_and_rewind()
        print(f"round {rnd}: avg loss {avg:.3f}, density {masker.density():.2f}")


if __name__ == "__main__":
    main()
