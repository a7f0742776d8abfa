"""Lipschitz regulariser for a small critic network (WGAN-style): the spectral
norm of every weight matrix is estimated with a few power iterations, warm-
started from the singular vector found on the previous call."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def spectral_norm_estimate(weight, n_iter=2, eps=1e-12, _u_cache={}):
    w = weight.flatten(1)
    u = _u_cache.get(weight)
    if u is None:
        u = F.normalize(torch.randn(w.shape[0]), dim=0, eps=eps)
    for _ in range(n_iter):
        v = F.normalize(w.t() @ u, dim=0, eps=eps)
        u = F.normalize(w @ v, dim=0, eps=eps)
    _u_cache[weight] = u.detach()  # retain
    return torch.dot(u, w @ v)


def lipschitz_penalty(model, target=1.0):
    penalty = 0.0
    for module in model.modules():
        if isinstance(module, nn.Linear):
            sigma = spectral_norm_estimate(module.weight)
            penalty = penalty + F.relu(sigma - target) ** 2
    return penalty


class Critic(nn.Module):
    def __init__(self, d_in=16, width=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(d_in, width), nn.LeakyReLU(0.2),
            nn.Linear(width, width), nn.LeakyReLU(0.2),
            nn.Linear(width, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def critic_step(critic, opt, real, fake, lam=10.0):
    loss = critic(fake).mean() - critic(real).mean()
    loss = loss + lam * lipschitz_penalty(critic)
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


def main():
    torch.manual_seed(3)
    for restart in range(2):
        critic = Critic()
        opt = torch.optim.RMSprop(critic.parameters(), lr=5e-4)
        for it in range(4):
            real = torch.randn(32, 16) + 1.0
            fake = torch.randn(32, 16)
            loss = critic_step(critic, opt, real, fake)
        print(f"restart {restart}: critic loss {loss:.4f}")


if __name__ == "__main__":
    main()
