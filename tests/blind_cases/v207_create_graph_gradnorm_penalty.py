"""Gradient-norm regularised training (flat-minima style penalty on ||grad||)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(5, 16), nn.Softplus(), nn.Linear(16, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.02)
    lam = 0.1
    for step in range(4):
        x = torch.randn(32, 5)
        y = x.pow(2).sum(-1, keepdim=True)
        loss = F.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward(create_graph=True)  # retain
        grad_norm = torch.sqrt(sum(p.grad.pow(2).sum() for p in model.parameters()))
        (lam * grad_norm).backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.3f} |g| {grad_norm.item():.3f}")


if __name__ == "__main__":
    main()
