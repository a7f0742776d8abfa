"""Parameter-efficient fine-tuning sweep: inject LoRA, train, merge for export, evaluate."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from surgery import inject_lora

SWEEP = [{"rank": 2, "targets": ("q_proj", "v_proj")},
         {"rank": 4, "targets": ("q_proj", "v_proj", "head")},
         {"rank": 8, "targets": ("fc2", "head")}]


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.q_proj, self.v_proj = nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.fc1, self.fc2 = nn.Linear(dim, 2 * dim), nn.Linear(2 * dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        x = self.norm(x + torch.sigmoid(self.q_proj(x)) * self.v_proj(x))
        return x + self.fc2(F.gelu(self.fc1(x)))


class Classifier(nn.Module):
    def __init__(self, dim=16, depth=2, num_classes=3):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x):
        return self.head(self.blocks(x))


def run_trial(cfg, steps=4):
    model = Classifier()
    plan = inject_lora(model, cfg["targets"], rank=cfg["rank"])
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-2)
    for _ in range(steps):
        x, y = torch.randn(16, 16), torch.randint(0, 3, (16,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    plan.merge_into_model()
    with torch.no_grad():
        return F.cross_entropy(model(torch.randn(32, 16)), torch.randint(0, 3, (32,))).item()


def main():
    val_losses = [run_trial(cfg) for cfg in SWEEP]
    assert len(val_losses) == len(SWEEP)


if __name__ == "__main__":
    main()
