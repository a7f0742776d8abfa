"""Semi-supervised run: few labeled samples, many unlabeled ones, fixed step budget."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from fixmatch import FixMatchTrainer

CFG = {"dim": 10, "classes": 4, "lr": 0.03, "threshold": 0.6, "lambda_u": 1.0,
       "labeled_bs": 8, "mu": 3, "max_steps": 6}


def make_splits(cfg, n_labeled=32, n_unlabeled=192, seed=0):
    g = torch.Generator().manual_seed(seed)
    centers = torch.randn(cfg["classes"], cfg["dim"], generator=g) * 3
    y = torch.randint(0, cfg["classes"], (n_labeled + n_unlabeled,), generator=g)
    x = centers[y] + torch.randn(len(y), cfg["dim"], generator=g)
    labeled = TensorDataset(x[:n_labeled], y[:n_labeled])
    unlabeled = TensorDataset(x[n_labeled:])
    return labeled, unlabeled


def main():
    labeled, unlabeled = make_splits(CFG)
    lab_loader = DataLoader(labeled, batch_size=CFG["labeled_bs"], shuffle=True, drop_last=True)
    unl_loader = DataLoader(unlabeled, batch_size=CFG["labeled_bs"] * CFG["mu"], shuffle=True,
                            drop_last=True)
    model = nn.Sequential(nn.Linear(CFG["dim"], 32), nn.ReLU(), nn.Linear(32, CFG["classes"]))
    trainer = FixMatchTrainer(model, lab_loader, unl_loader, CFG)
    trainer.fit(CFG["max_steps"])
    print(f"mask rate {sum(trainer.mask_rates) / len(trainer.mask_rates):.2f}")


if __name__ == "__main__":
    main()
