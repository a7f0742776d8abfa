"""K-fold teacher/student pipeline: fit a teacher on each fold, then distill it."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from predictors import agreement, soft_targets

CFG = {"folds": 2, "teacher_arch": "mlp-wide", "in_dim": 10, "classes": 3,
       "teacher_steps": 3, "student_steps": 3, "temperature": 3.0, "lr": 0.05}


def make_fold(fold, cfg, n=64):
    g = torch.Generator().manual_seed(fold)
    x = torch.randn(n, cfg["in_dim"], generator=g)
    y = (x[:, :cfg["classes"]].argmax(1) + fold) % cfg["classes"]
    return x, y


def build(width, cfg):
    return nn.Sequential(nn.Linear(cfg["in_dim"], width), nn.ReLU(), nn.Linear(width, cfg["classes"]))


def fit_teacher(x, y, cfg):
    teacher = build(64, cfg)
    opt = torch.optim.Adam(teacher.parameters(), lr=cfg["lr"])
    for _ in range(cfg["teacher_steps"]):
        loss = F.cross_entropy(teacher(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return teacher.eval()


def distill_student(teacher, x, y, cfg):
    student = build(8, cfg)
    opt = torch.optim.SGD(student.parameters(), lr=cfg["lr"], momentum=0.9)
    T = cfg["temperature"]
    for _ in range(cfg["student_steps"]):
        soft = soft_targets(cfg["teacher_arch"], teacher, x, T)
        logits = student(x)
        loss = F.kl_div(F.log_softmax(logits / T, 1), soft, reduction="batchmean") * T * T
        opt.zero_grad()
        loss.backward()
        opt.step()
    return student


def main():
    for fold in range(CFG["folds"]):
        x, y = make_fold(fold, CFG)
        teacher = fit_teacher(x, y, CFG)
        student = distill_student(teacher, x, y, CFG)
        print(f"fold {fold}: teacher/student agreement "
              f"{agreement(CFG['teacher_arch'], teacher, student, x):.2f}")


if __name__ == "__main__":
    main()
