"""Data-free knowledge distillation: each job inverts the shared teacher, then distills a student."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from inversion import synthesize
from teacher_zoo import TEACHER

JOBS = [
    {"name": "tiny", "width": 8, "rounds": 2},
    {"name": "small", "width": 12, "rounds": 2},
]
INVERSION = {"size": 8, "lr": 0.1, "iterations": 4, "r_bn": 0.05, "tv": 1e-3}


def make_student(width):
    return nn.Sequential(nn.Conv2d(3, width, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
                         nn.Flatten(), nn.Linear(width, 10))


def distill_round(student, opt, images, T=4.0, steps=2):
    for _ in range(steps):
        with torch.no_grad():
            t_logits = TEACHER(images)
        s_logits = student(images)
        loss = F.kl_div(F.log_softmax(s_logits / T, 1), F.softmax(t_logits / T, 1),
                        reduction="batchmean") * T * T
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def run_job(job):
    torch.manual_seed(len(job["name"]))
    student = make_student(job["width"])
    opt = torch.optim.Adam(student.parameters(), lr=1e-3)
    for r in range(job["rounds"]):
        targets = torch.randint(0, 10, (16,))
        images = synthesize(TEACHER, targets, INVERSION)
        loss = distill_round(student, opt, images)
    return loss


def main():
    for job in JOBS:
        print(f"{job['name']}: kd loss {run_job(job):.4f}")


if __name__ == "__main__":
    main()
