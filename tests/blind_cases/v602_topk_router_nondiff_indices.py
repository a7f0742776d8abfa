"""Mixture-of-experts layer with a custom top-k gating op and load-balancing statistics."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TopKGate(torch.autograd.Function):
    """Top-k softmax gate; the expert indices are returned as a non-differentiable output."""

    @staticmethod
    def forward(ctx, logits, k, capacity_factor):
        probs = torch.softmax(logits, dim=-1)
        gates, indices = probs.topk(k, dim=-1)
        gates = gates / gates.sum(dim=-1, keepdim=True)
        ctx.mark_non_differentiable(indices)
        ctx.save_for_backward(probs, indices, gates)
        ctx.k = k
        ctx.capacity_factor = capacity_factor
        return gates, indices

    @staticmethod
    def backward(ctx, grad_gates, _grad_indices):
        probs, indices, gates = ctx.saved_tensors
        picked = probs.gather(-1, indices)
        denom = picked.sum(dim=-1, keepdim=True)
        grad_picked = (grad_gates - (grad_gates * gates).sum(-1, keepdim=True)) / denom
        grad_probs = torch.zeros_like(probs).scatter_(-1, indices, grad_picked)
        grad_logits = probs * (grad_probs - (grad_probs * probs).sum(-1, keepdim=True))
        return grad_logits, None, None


class MoELayer(nn.Module):
    def __init__(self, dim, n_experts=4, k=2, capacity_factor=1.25):
        super().__init__()
        self.router = nn.Linear(dim, n_experts)
        self.experts = nn.ModuleList([nn.Linear(dim, dim) for _ in range(n_experts)])
        self.k = k
        self.capacity_factor = capacity_factor
        self.last_indices = None

    def forward(self, x):
        gates, indices = TopKGate.apply(self.router(x), self.k, self.capacity_factor)
        self.last_indices = indices
        out = torch.zeros_like(x)
        for slot in range(self.k):
            for e, expert in enumerate(self.experts):
                sel = indices[:, slot] == e
                if sel.any():
                    out[sel] = out[sel] + gates[sel, slot, None] * expert(x[sel])
        return out

    def expert_load(self):
        counts = torch.bincount(self.last_indices.flatten(), minlength=len(self.experts))
        return (counts.float() / counts.sum()).tolist()


class Classifier(nn.Module):
    def __init__(self, in_dim, dim, n_classes):
        super().__init__()
        self.inp = nn.Linear(in_dim, dim)
        self.moe = MoELayer(dim)
        self.out = nn.Linear(dim, n_classes)

    def forward(self, x):
        h = F.relu(self.inp(x))
        return self.out(h + self.moe(h))


def main():
    torch.manual_seed(0)
    model = Classifier(in_dim=10, dim=16, n_classes=3)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    loads = []
    for step in range(4):
        x, y = torch.randn(12, 10), torch.randint(0, 3, (12,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        loads.append(model.moe.expert_load())
    print("expert load per step:", [[round(v, 2) for v in l] for l in loads])


if __name__ == "__main__":
    main()
