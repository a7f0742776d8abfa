"""GradNorm loss balancing (Chen et al., 2018) on the last shared layer of a multi-task network."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class GradNorm(nn.Module):
    def __init__(self, n_tasks, alpha=1.5):
        super().__init__()
        self.weights = nn.Parameter(torch.ones(n_tasks))
        self.alpha = alpha
        self.initial_losses = None
        self.history = []

    def balance(self, task_losses, shared_weight):
        if self.initial_losses is None:
            self.initial_losses = task_losses.detach().clone()
        norms = []
        for i in range(task_losses.numel()):
            (g,) = torch.autograd.grad(self.weights[i] * task_losses[i], shared_weight,
                                       retain_graph=True, create_graph=True)
            norms.append(g.norm())
        norms = torch.stack(norms)
        with torch.no_grad():
            loss_ratio = task_losses.detach() / self.initial_losses
            inverse_rate = loss_ratio / loss_ratio.mean()
            target = norms.mean() * inverse_rate ** self.alpha
        gradnorm_loss = (norms - target).abs().sum()
        self.weights.grad = torch.autograd.grad(gradnorm_loss, self.weights)[0]
        self.history.append(norms.detach().tolist())
        return gradnorm_loss.item()

    @torch.no_grad()
    def renormalize(self):
        self.weights.clamp_(min=1e-3)
        self.weights.mul_(self.weights.numel() / self.weights.sum())


class HardSharingNet(nn.Module):
    def __init__(self, in_dim, width, outs):
        super().__init__()
        self.shared = nn.Sequential(nn.Linear(in_dim, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU())
        self.heads = nn.ModuleList(nn.Linear(width, o) for o in outs)

    def last_shared_weight(self):
        return self.shared[2].weight

    def forward(self, x):
        h = self.shared(x)
        return [head(h) for head in self.heads]


def main():
    outs = [1, 1, 3]
    for seed in range(2):
        gen = torch.Generator().manual_seed(seed)
        model = HardSharingNet(10, 32, outs)
        balancer = GradNorm(len(outs), alpha=1.5)
        opt = torch.optim.Adam(model.parameters(), lr=1e-3)
        w_opt = torch.optim.Adam(balancer.parameters(), lr=2.5e-2)
        for step in range(4):
            x = torch.randn(16, 10, generator=gen)
            ys = [torch.randn(16, o, generator=gen) for o in outs]
            task_losses = torch.stack([F.mse_loss(p, y) for p, y in zip(model(x), ys)])
            opt.zero_grad()
            w_opt.zero_grad()
            (balancer.weights * task_losses).sum().backward(retain_graph=True)
            gn = balancer.balance(task_losses, model.last_shared_weight())
            opt.step()
            w_opt.step()
            balancer.renormalize()
        print(f"seed {seed}: weights {balancer.weights.tolist()} gradnorm loss {gn:.4f}")


if __name__ == "__main__":
    main()
