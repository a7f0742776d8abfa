"""Hint-based distillation of a small checkpointed student."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from student import Student, Teacher
from taps import FeatureTaps

CFG = {"in_dim": 12, "student_width": 16, "teacher_width": 24, "depth": 3, "classes": 5,
       "steps": 4, "batch": 16, "hint_weight": 0.5, "kd_T": 2.0}


def main():
    torch.manual_seed(0)
    teacher = Teacher(CFG["in_dim"], CFG["teacher_width"], CFG["depth"], CFG["classes"]).eval()
    student = Student(CFG["in_dim"], CFG["student_width"], CFG["depth"], CFG["classes"])
    regressors = nn.ModuleList(
        nn.Linear(CFG["student_width"], CFG["teacher_width"]) for _ in range(CFG["depth"]))
    params = list(student.parameters()) + list(regressors.parameters())
    opt = torch.optim.Adam(params, lr=1e-3)
    T = CFG["kd_T"]
    for step in range(CFG["steps"]):
        x = torch.randn(CFG["batch"], CFG["in_dim"])
        t_feats, t_logits = teacher.features_and_logits(x)
        taps = FeatureTaps()
        logits = student(x, taps)
        kd = F.kl_div(F.log_softmax(logits / T, -1), F.softmax(t_logits / T, -1),
                      reduction="batchmean") * T * T
        loss = kd + CFG["hint_weight"] * taps.hint_loss(t_feats, regressors)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        print(f"step {step}: kd={kd.item():.4f} loss={loss.item():.4f}")


if __name__ == "__main__":
    main()
