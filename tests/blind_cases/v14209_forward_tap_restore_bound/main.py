"""Attention-transfer distillation between two residual MLP stacks, one student per seed."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from taps import TapSet

CFG = {"seeds": [0, 1, 2], "steps": 3, "taps": ["blocks.0", "blocks.1"], "at_weight": 50.0, "T": 2.0}


class ResBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(dim, dim), nn.Linear(dim, dim)

    def forward(self, x):
        return F.relu(x + self.fc2(F.relu(self.fc1(x))))


class ResMLP(nn.Module):
    def __init__(self, dim, depth=2, num_classes=4):
        super().__init__()
        self.inp = nn.Linear(10, dim)
        self.blocks = nn.Sequential(*[ResBlock(dim) for _ in range(depth)])
        self.out = nn.Linear(dim, num_classes)

    def forward(self, x):
        return self.out(self.blocks(self.inp(x)))


def attention(feat):
    return F.normalize(feat.pow(2), dim=1)


def distill(seed, cfg):
    torch.manual_seed(seed)
    teacher, student = ResMLP(32).eval(), ResMLP(32)
    opt = torch.optim.SGD(student.parameters(), lr=0.05)
    with TapSet(teacher, cfg["taps"]) as t_out, TapSet(student, cfg["taps"]) as s_out:
        for _ in range(cfg["steps"]):
            x, y = torch.randn(16, 10), torch.randint(0, 4, (16,))
            with torch.no_grad():
                t_logits = teacher(x)
            s_logits = student(x)
            at = sum(F.mse_loss(attention(s_out[n]), attention(t_out[n])) for n in cfg["taps"])
            kd = F.kl_div(F.log_softmax(s_logits / cfg["T"], 1), F.softmax(t_logits / cfg["T"], 1),
                          reduction="batchmean")
            loss = F.cross_entropy(s_logits, y) + kd + cfg["at_weight"] * at
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


def main():
    for seed in CFG["seeds"]:
        print(f"seed {seed}: loss={distill(seed, CFG):.3f}")


if __name__ == "__main__":
    main()
