"""K-fold cross-validation; each fold gets its own model, optimiser and safety checkpoint."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from checkpointing import EmergencyCheckpoint


def run_fold(fold):
    torch.manual_seed(fold)
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    ckpt = EmergencyCheckpoint(model, opt, tag=f"fold{fold}")
    for step in range(3):
        x = torch.randn(20, 6)
        y = torch.randint(0, 3, (20,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        ckpt.update(step)
    return loss.item()


def main():
    scores = [run_fold(k) for k in range(3)]
    print("mean fold loss", sum(scores) / len(scores))


if __name__ == "__main__":
    main()
