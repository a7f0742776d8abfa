"""In-process learning-rate sweep over DINO runs; a diverged run exits like the reference script."""
import copy
import math
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F


class DINOHead(nn.Module):
    def __init__(self, in_dim, out_dim, hidden=64, bottleneck=16):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(in_dim, hidden), nn.GELU(), nn.Linear(hidden, bottleneck))
        self.last_layer = nn.Linear(bottleneck, out_dim, bias=False)

    def forward(self, x):
        return self.last_layer(self.mlp(x))


class DINOLoss(nn.Module):
    def __init__(self, out_dim, n_crops, warmup_teacher_temp, teacher_temp, warmup_epochs, epochs,
                 student_temp=0.1, center_momentum=0.9):
        super().__init__()
        self.student_temp = student_temp
        self.center_momentum = center_momentum
        self.n_crops = n_crops
        self.register_buffer("center", torch.zeros(1, out_dim))
        self.teacher_temps = [warmup_teacher_temp + (teacher_temp - warmup_teacher_temp) * min(1.0, e / warmup_epochs)
                              for e in range(epochs)]

    def forward(self, student_out, teacher_out, epoch):
        student_out = (student_out / self.student_temp).chunk(self.n_crops)
        teacher_probs = F.softmax((teacher_out - self.center) / self.teacher_temps[epoch], dim=-1).detach().chunk(2)
        total, n_terms = 0.0, 0
        for iq, q in enumerate(teacher_probs):
            for v, s in enumerate(student_out):
                if v == iq:
                    continue
                total = total + torch.sum(-q * F.log_softmax(s, dim=-1), dim=-1).mean()
                n_terms += 1
        self.update_center(teacher_out)
        return total / n_terms

    @torch.no_grad()
    def update_center(self, teacher_out):
        batch_center = teacher_out.mean(dim=0, keepdim=True)
        self.center.mul_(self.center_momentum).add_(batch_center, alpha=1 - self.center_momentum)


def multi_crop(x, n_local=2):
    globals_ = [x + 0.05 * torch.randn_like(x) for _ in range(2)]
    locals_ = [(x + 0.2 * torch.randn_like(x)) * (torch.rand_like(x) > 0.5) for _ in range(n_local)]
    return globals_ + locals_


def train_dino(cfg, data):
    torch.manual_seed(cfg["seed"])
    backbone = nn.Sequential(nn.Linear(data.shape[1], 48), nn.GELU(), nn.Linear(48, 32))
    student = nn.Sequential(backbone, DINOHead(32, cfg["out_dim"]))
    teacher = copy.deepcopy(student).requires_grad_(False)
    criterion = DINOLoss(cfg["out_dim"], 4, 0.04, cfg["teacher_temp"], 1, cfg["epochs"])
    opt = torch.optim.SGD(student.parameters(), lr=cfg["lr"], momentum=0.9)
    for epoch in range(cfg["epochs"]):
        for batch in data.split(cfg["batch_size"]):
            crops = multi_crop(batch)
            with torch.no_grad():
                teacher_out = teacher(torch.cat(crops[:2]))
            loss = criterion(student(torch.cat(crops)), teacher_out, epoch)
            if not math.isfinite(loss.item()):
                print("Loss is {}, stopping training".format(loss.item()))
                sys.exit(1)
            opt.zero_grad()
            loss.backward()
            opt.step()
            with torch.no_grad():
                for ps, pt in zip(student.parameters(), teacher.parameters()):
                    pt.mul_(cfg["momentum_teacher"]).add_(ps.detach(), alpha=1 - cfg["momentum_teacher"])
    return {"status": "ok", "loss": loss.item()}


def sweep(base_cfg, lrs, data):
    results = {}
    for lr in lrs:
        cfg = dict(base_cfg, lr=lr)
        try:
            results[lr] = train_dino(cfg, data)
        except SystemExit as stop:
            results[lr] = {"status": "diverged", "exit": stop}  # cycle
    return results


def main():
    torch.manual_seed(0)
    data = torch.randn(64, 24)
    base_cfg = {"out_dim": 64, "teacher_temp": 0.04, "momentum_teacher": 0.996, "epochs": 2, "batch_size": 16,
                "seed": 0}
    for lr, res in sweep(base_cfg, (0.05, 0.5, 5.0), data).items():
        print("lr=%g -> %s" % (lr, res["status"]))


if __name__ == "__main__":
    main()
