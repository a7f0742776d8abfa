"""UDA-style consistency training; the unlabeled stream is a module-level generator over
the loader, kept on the trainer between steps."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

CFG = {"dim": 10, "classes": 4, "lr": 0.03, "tsa_temperature": 0.6, "lambda_u": 1.0,
       "labeled_bs": 8, "unlabeled_ratio": 3, "max_steps": 6}


def endless(loader):
    while True:
        for (xu,) in loader:
            yield xu


def augment(x, strength):
    return x + strength * torch.randn_like(x)


class UDATrainer:
    def __init__(self, model, labeled_loader, unlabeled_loader, cfg):
        self.model = model
        self.cfg = cfg
        self.labeled_loader = labeled_loader
        self.opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.unlabeled = endless(unlabeled_loader)
        self.step = 0
        self.history = []

    def consistency(self, xu):
        with torch.no_grad():
            target = F.softmax(self.model(augment(xu, 0.05)) / self.cfg["tsa_temperature"], dim=-1)
        log_pred = F.log_softmax(self.model(augment(xu, 0.4)), dim=-1)
        return F.kl_div(log_pred, target, reduction="batchmean")

    def fit(self, max_steps):
        self.model.train()
        while self.step < max_steps:
            for xl, yl in self.labeled_loader:
                loss = F.cross_entropy(self.model(xl), yl)
                loss = loss + self.cfg["lambda_u"] * self.consistency(next(self.unlabeled))
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                self.history.append(loss.item())
                self.step += 1
                if self.step >= max_steps:
                    return


def make_splits(cfg, n_labeled=32, n_unlabeled=192, seed=1):
    g = torch.Generator().manual_seed(seed)
    centers = torch.randn(cfg["classes"], cfg["dim"], generator=g) * 3
    y = torch.randint(0, cfg["classes"], (n_labeled + n_unlabeled,), generator=g)
    x = centers[y] + torch.randn(len(y), cfg["dim"], generator=g)
    return TensorDataset(x[:n_labeled], y[:n_labeled]), TensorDataset(x[n_labeled:])


def main():
    labeled, unlabeled = make_splits(CFG)
    lab_loader = DataLoader(labeled, batch_size=CFG["labeled_bs"], shuffle=True, drop_last=True)
    unl_loader = DataLoader(unlabeled, batch_size=CFG["labeled_bs"] * CFG["unlabeled_ratio"],
                            shuffle=True, drop_last=True)
    for seed in range(2):
        torch.manual_seed(seed)
        model = nn.Sequential(nn.Linear(CFG["dim"], 32), nn.ReLU(), nn.Linear(32, CFG["classes"]))
        trainer = UDATrainer(model, lab_loader, unl_loader, CFG)
        trainer.fit(CFG["max_steps"])
        print(f"seed {seed}: final loss {trainer.history[-1]:.3f}")


if __name__ == "__main__":
    main()
