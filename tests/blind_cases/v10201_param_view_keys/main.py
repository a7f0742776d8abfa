"""K-fold fine-tuning of a small tabular encoder; the embedding table is frozen."""
import torch
import torch.nn as nn

from paramview import ParameterView

CONFIG = {"folds": 3, "steps": 4, "lr": 3e-3, "weight_decay": 0.05, "width": 32}


class TabularEncoder(nn.Module):
    def __init__(self, n_cat, n_num, width):
        super().__init__()
        self.embed = nn.Embedding(n_cat, 8)
        self.proj = nn.Linear(8 + n_num, width)
        self.norm = nn.LayerNorm(width)
        self.head = nn.Linear(width, 2)

    def forward(self, cat, num):
        h = torch.cat([self.embed(cat), num], dim=-1)
        return self.head(torch.relu(self.norm(self.proj(h))))


def make_optimizer(view, cfg):
    decay, plain = view.split_decay()
    groups = [
        {"params": decay, "weight_decay": cfg["weight_decay"]},
        {"params": plain, "weight_decay": 0.0},
    ]
    return torch.optim.AdamW(groups, lr=cfg["lr"])


def run_fold(fold, cfg):
    torch.manual_seed(fold)
    model = TabularEncoder(n_cat=20, n_num=4, width=cfg["width"])
    model.embed.weight.requires_grad_(False)
    view = ParameterView(model, exclude=[r"^embed\."])
    opt = make_optimizer(view, cfg)
    for _ in range(cfg["steps"]):
        cat = torch.randint(0, 20, (16,))
        num = torch.randn(16, 4)
        y = torch.randint(0, 2, (16,))
        loss = nn.functional.cross_entropy(model(cat, num), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    norms = view.grad_norms()
    head_norm = sum(norms[n] for n in view.matching(r"^head\."))
    return loss.item(), head_norm


def main():
    results = [run_fold(k, CONFIG) for k in range(CONFIG["folds"])]
    mean_loss = sum(r[0] for r in results) / len(results)
    print("mean loss %.4f" % mean_loss)


if __name__ == "__main__":
    main()
