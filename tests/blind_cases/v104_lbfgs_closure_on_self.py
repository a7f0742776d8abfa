"""Full-batch L-BFGS fine-tuning of a linear probe; the loss closure is built once in __init__."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class LBFGSProbeTrainer:
    def __init__(self, model, features, labels, l2=1e-3):
        self.model = model
        self.features = features
        self.labels = labels
        self.l2 = l2
        self.n_evals = 0
        self.optimizer = torch.optim.LBFGS(model.parameters(), lr=0.5, max_iter=5, history_size=4)

        def closure():  # cycle
            self.optimizer.zero_grad()
            logits = self.model(self.features)
            loss = F.cross_entropy(logits, self.labels)
            loss = loss + self.l2 * sum(p.pow(2).sum() for p in self.model.parameters())
            loss.backward()
            self.n_evals += 1
            return loss

        self.closure = closure  # cycle

    def step(self):
        return float(self.optimizer.step(self.closure))

    @torch.no_grad()
    def accuracy(self):
        return (self.model(self.features).argmax(1) == self.labels).float().mean().item()


def main():
    torch.manual_seed(3)
    backbone = nn.Sequential(nn.Linear(16, 32), nn.GELU()).eval()
    for _ in range(3):
        x = torch.randn(96, 16)
        with torch.no_grad():
            feats = backbone(x)
        labels = (x[:, 0] > 0).long() + (x[:, 1] > 0).long()
        trainer = LBFGSProbeTrainer(nn.Linear(32, 3), feats, labels)
        for _ in range(3):
            trainer.step()
        trainer.accuracy()


if __name__ == "__main__":
    main()
