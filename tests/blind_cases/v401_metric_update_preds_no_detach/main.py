"""Binary classifier; AUROC is tracked on every training step and logged per epoch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from metrics import train_auroc


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(16, 32), nn.GELU(), nn.Linear(32, 1))
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for epoch in range(2):
        model.train()
        for step in range(4):
            x = torch.randn(24, 16)
            y = (x[:, 0] > 0).long()
            logits = model(x).squeeze(-1)
            loss = F.binary_cross_entropy_with_logits(logits, y.float())
            opt.zero_grad()
            loss.backward()
            opt.step()
            train_auroc.update(torch.sigmoid(logits), y)
        print(f"epoch {epoch}: train_auroc={train_auroc.compute():.3f}")


if __name__ == "__main__":
    main()
