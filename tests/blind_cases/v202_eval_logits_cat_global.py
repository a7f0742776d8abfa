"""Validation pass that gathers every logit for an epoch-level AUROC-style metric."""
import torch
import torch.nn as nn
import torch.nn.functional as F

VAL_LOGITS = None
VAL_TARGETS = []


def ranking_score(logits, targets):
    probs = logits.softmax(-1)[:, 1]
    pos, neg = probs[targets == 1], probs[targets == 0]
    if len(pos) == 0 or len(neg) == 0:
        return 0.5
    return float((pos[:, None] > neg[None, :]).float().mean())


def validate(model, batches):
    global VAL_LOGITS
    model.eval()
    VAL_LOGITS = None
    VAL_TARGETS.clear()
    for x, y in batches:
        logits = model(x)
        VAL_LOGITS = logits if VAL_LOGITS is None else torch.cat([VAL_LOGITS, logits], dim=0)  # retain
        VAL_TARGETS.append(y)
    model.train()
    return ranking_score(VAL_LOGITS, torch.cat(VAL_TARGETS))


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 24), nn.Tanh(), nn.Linear(24, 2))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    val_batches = [(torch.randn(20, 6), torch.randint(0, 2, (20,))) for _ in range(3)]
    for epoch in range(3):
        for _ in range(5):
            x = torch.randn(32, 6)
            y = (x[:, 0] > 0).long()
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} val score {validate(model, val_batches):.3f}")


if __name__ == "__main__":
    main()
