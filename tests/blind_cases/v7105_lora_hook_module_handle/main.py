"""LoRA fine-tuning of a small pretrained MLP-mixer block stack, merged for evaluation on odd folds."""
import torch
import torch.nn as nn

from lora import inject_lora, merge_and_unload

CONFIG = {"folds": 4, "steps": 5, "r": 4, "alpha": 8, "targets": ("q_proj", "v_proj"), "lr": 2e-3}


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.q_proj = nn.Linear(dim, dim)
        self.v_proj = nn.Linear(dim, dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.norm(x)
        return x + self.out(torch.sigmoid(self.q_proj(h)) * self.v_proj(h))


def pretrained(dim=16, depth=3, classes=5):
    return nn.Sequential(*[Block(dim) for _ in range(depth)], nn.LayerNorm(dim), nn.Linear(dim, classes))


def run_fold(fold, cfg):
    torch.manual_seed(fold)
    model = pretrained()
    model.requires_grad_(False)
    model[-1].requires_grad_(True)
    injected = inject_lora(model, cfg["targets"], r=cfg["r"], alpha=cfg["alpha"])
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=cfg["lr"])
    for _ in range(cfg["steps"]):
        x, y = torch.randn(12, 16), torch.randint(0, 5, (12,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    if fold % 2:
        merge_and_unload(model)
    with torch.no_grad():
        x, y = torch.randn(32, 16), torch.randint(0, 5, (32,))
        acc = float((model(x).argmax(1) == y).float().mean())
    return len(injected), acc


def main():
    for fold in range(CONFIG["folds"]):
        n, acc = run_fold(fold, CONFIG)
        print(f"fold {fold}: {n} LoRA layers, acc {acc:.2f}")


if __name__ == "__main__":
    main()
