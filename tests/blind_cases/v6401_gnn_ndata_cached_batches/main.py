"""Graph classification on pre-collated synthetic molecules."""
import torch
import torch.nn.functional as F

import data
from layers import GraphClassifier

CONFIG = {"hidden": 16, "layers": 2, "lr": 5e-3, "epochs": 3}


def run_epoch(model, batches, opt=None):
    total = 0.0
    for g, labels in batches:
        logits = model(g)
        loss = F.cross_entropy(logits, labels)
        if opt is not None:
            opt.zero_grad()
            loss.backward()
            opt.step()
        total += loss.item()
    return total / len(batches)


def main():
    torch.manual_seed(0)
    model = GraphClassifier(data.NUM_FEATS, CONFIG["hidden"], data.NUM_CLASSES, CONFIG["layers"])
    opt = torch.optim.Adam(model.parameters(), lr=CONFIG["lr"])
    for epoch in range(CONFIG["epochs"]):
        model.train()
        train_loss = run_epoch(model, data.TRAIN_BATCHES, opt)
        model.eval()
        val_loss = run_epoch(model, data.VALID_BATCHES)
        print(f"epoch {epoch} train {train_loss:.3f} val {val_loss:.3f}")


if __name__ == "__main__":
    main()
