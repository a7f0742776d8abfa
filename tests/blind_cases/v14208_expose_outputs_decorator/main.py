"""Logit + feature distillation (RKD-style distance matching) from a wide to a narrow ConvNet."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from student import ConvNet, features_of

CFG = {"teacher_width": 16, "student_widths": [4, 8], "steps": 3, "T": 4.0, "alpha": 0.7, "beta": 1.0}


def pairwise_distance(feats):
    d = torch.cdist(feats, feats)
    return d / d[d > 0].mean()


def distill_step(teacher, student, opt, x, y, cfg):
    with torch.no_grad():
        t_logits = teacher(x)
        t_feats = features_of(teacher)
    s_logits = student(x)
    s_feats = features_of(student)
    T = cfg["T"]
    kd = F.kl_div(F.log_softmax(s_logits / T, 1), F.softmax(t_logits / T, 1), reduction="batchmean") * T * T
    rkd = F.smooth_l1_loss(pairwise_distance(s_feats), pairwise_distance(t_feats))
    loss = cfg["alpha"] * kd + (1 - cfg["alpha"]) * F.cross_entropy(s_logits, y) + cfg["beta"] * rkd
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


def evaluate(model, n=32):
    model.eval()
    x, y = torch.randn(n, 3, 8, 8), torch.randint(0, 6, (n,))
    acc = (model(x).argmax(1) == y).float().mean().item()
    model.train()
    return acc


def main():
    torch.manual_seed(0)
    teacher = ConvNet(CFG["teacher_width"]).eval()
    for width in CFG["student_widths"]:
        student = ConvNet(width)
        opt = torch.optim.Adam(student.parameters(), lr=1e-3)
        for _ in range(CFG["steps"]):
            x, y = torch.randn(16, 3, 8, 8), torch.randint(0, 6, (16,))
            loss = distill_step(teacher, student, opt, x, y, CFG)
        print(f"student w={width}: loss={loss:.3f} acc={evaluate(student):.2f}")


if __name__ == "__main__":
    main()
