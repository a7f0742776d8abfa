"""Distill a frozen MLP teacher into a narrow student with an adaptive temperature."""
import torch
import torch.nn as nn

from kd import KDLoss

CONFIG = {"temperature_schedule": "adaptive", "alpha": 0.8, "lr": 0.1, "epochs": 2, "steps": 3,
          "in_dim": 16, "classes": 6}


def mlp(in_dim, hidden, classes):
    return nn.Sequential(nn.Linear(in_dim, hidden), nn.GELU(), nn.Linear(hidden, classes))


def batches(cfg, seed):
    g = torch.Generator().manual_seed(seed)
    for _ in range(cfg["steps"]):
        yield torch.randn(32, cfg["in_dim"], generator=g), torch.randint(0, cfg["classes"], (32,), generator=g)


def main():
    cfg = CONFIG
    teacher = mlp(cfg["in_dim"], 128, cfg["classes"]).eval().requires_grad_(False)
    student = mlp(cfg["in_dim"], 16, cfg["classes"])
    criterion = KDLoss(cfg)
    opt = torch.optim.Adam(student.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        for x, y in batches(cfg, seed=epoch):
            with torch.no_grad():
                t_logits = teacher(x)
            loss = criterion(student(x), t_logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss={loss.item():.4f} T={criterion.last_temperature:.3f}")


if __name__ == "__main__":
    main()
