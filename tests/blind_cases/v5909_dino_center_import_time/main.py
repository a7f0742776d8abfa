"""Self-distillation with no labels: EMA teacher, multi-view student."""
import copy

import torch
import torch.nn as nn

from dino import DINOHead, dino_loss


class Student(nn.Module):
    def __init__(self, in_dim, feat_dim):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(in_dim, feat_dim), nn.GELU())
        self.head = DINOHead(feat_dim)

    def forward(self, x):
        return self.head(self.backbone(x))


@torch.no_grad()
def ema_update(teacher, student, m):
    for pt, ps in zip(teacher.parameters(), student.parameters()):
        pt.mul_(m).add_(ps.detach(), alpha=1 - m)


def views(x, n_views=2):
    return [x + 0.1 * torch.randn_like(x) for _ in range(n_views)]


def main():
    cfg = {"in_dim": 16, "feat_dim": 24, "lr": 5e-3, "momentum": 0.99, "steps": 5, "bs": 32}
    data = torch.randn(200, cfg["in_dim"])
    student = Student(cfg["in_dim"], cfg["feat_dim"])
    teacher = copy.deepcopy(student)
    teacher.train()
    opt = torch.optim.AdamW(student.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        x = data[torch.randint(0, len(data), (cfg["bs"],))]
        v1, v2 = views(x)
        s1, s2 = student(v1), student(v2)
        t1, t2 = teacher(v1), teacher(v2)
        loss = 0.5 * (dino_loss(s1, t2) + dino_loss(s2, t1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        ema_update(teacher, student, cfg["momentum"])
        print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
