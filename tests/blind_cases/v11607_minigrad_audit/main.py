"""MLP regression whose autograd gradients are periodically audited against minigrad."""
import torch
import torch.nn as nn

from minigrad import Value

CFG = {"steps": 6, "audit_every": 2, "lr": 0.05, "atol": 1e-5}


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(5, 16)
        self.fc2 = nn.Linear(16, 1)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def audit(model, x, y):
    params = {name: Value(p.detach().T.clone() if p.dim() == 2 else p.detach().clone())
              for name, p in model.named_parameters()}
    h = (Value(x) @ params["fc1.weight"] + params["fc1.bias"]).relu()
    pred = h @ params["fc2.weight"] + params["fc2.bias"]
    loss = (pred - Value(y)).square_mean()
    loss.backward()
    worst = 0.0
    for name, p in model.named_parameters():
        ref = params[name].grad.T if p.dim() == 2 else params[name].grad
        worst = max(worst, (ref - p.grad).abs().max().item())
    return worst


def main():
    torch.manual_seed(0)
    model = MLP()
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"])
    for step in range(CFG["steps"]):
        x = torch.randn(32, 5)
        y = x[:, :2].prod(1, keepdim=True)
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        if step % CFG["audit_every"] == 0:
            err = audit(model, x, y)
            assert err < CFG["atol"], f"gradient mismatch {err:.2e}"
            print(f"step {step}: loss {loss.item():.4f}, audit max err {err:.1e}")
        opt.step()


if __name__ == "__main__":
    main()
