"""Image-classifier-style training loop that optimises with SAM + SGD."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from sam import SAM


class Trainer:
    def __init__(self, model, cfg):
        self.model, self.cfg = model, cfg
        self.optimizer = SAM(model.parameters(), torch.optim.SGD, rho=cfg["rho"],  # cycle
                             lr=cfg["lr"], momentum=0.9, weight_decay=cfg["wd"])
        self.step_count = 0

    def criterion(self, logits, y):
        return F.cross_entropy(logits, y, label_smoothing=self.cfg["smoothing"])

    def train_step(self, x, y):
        def closure():  # cycle
            loss = self.criterion(self.model(x), y)
            loss.backward()
            return loss

        self.model.train()
        first = closure()
        self.optimizer.step(closure)
        self.step_count += 1
        return first.item()

    @torch.no_grad()
    def evaluate(self, x, y):
        self.model.eval()
        return (self.model(x).argmax(1) == y).float().mean().item()


def make_data(n, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 1, 8, 8, generator=g)
    y = (x.mean(dim=(1, 2, 3)) > 0).long() + 2 * (x[:, 0, :4].mean(dim=(1, 2)) > 0).long()
    return x, y


def build_model():
    return nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(2),
                         nn.Flatten(), nn.Linear(32, 4))


def main():
    x, y = make_data(128, seed=0)
    xv, yv = make_data(64, seed=1)
    for rho in (0.02, 0.05, 0.1):
        torch.manual_seed(0)
        trainer = Trainer(build_model(), {"rho": rho, "lr": 0.05, "wd": 5e-4, "smoothing": 0.1})
        for epoch in range(2):
            for i in range(0, len(x), 32):
                trainer.train_step(x[i:i + 32], y[i:i + 32])
        print(f"rho={rho}: val acc {trainer.evaluate(xv, yv):.3f}")


if __name__ == "__main__":
    main()
