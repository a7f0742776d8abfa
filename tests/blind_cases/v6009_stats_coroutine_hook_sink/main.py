"""K-fold training of a small CNN with activation-scale probes on every conv/linear layer."""
import torch
import torch.nn as nn

from probes import attach_probes, format_table

CFG = {"folds": 3, "epochs": 2, "steps_per_epoch": 3, "batch": 8, "lr": 0.02}


def make_model():
    return nn.Sequential(
        nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        nn.Flatten(), nn.Linear(16, 5),
    )


def run_fold(fold, cfg):
    torch.manual_seed(fold)
    model = make_model()
    stats = attach_probes(model)
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["steps_per_epoch"]):
            x = torch.randn(cfg["batch"], 3, 16, 16)
            y = torch.randint(0, 5, (cfg["batch"],))
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"fold {fold} epoch {epoch} loss {loss.item():.3f}\n{format_table(stats)}")
    return loss.item()


def main():
    losses = [run_fold(fold, CFG) for fold in range(CFG["folds"])]
    print("mean final loss", sum(losses) / len(losses))


if __name__ == "__main__":
    main()
