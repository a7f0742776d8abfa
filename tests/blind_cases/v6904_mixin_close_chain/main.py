"""K-fold training of a bag-of-words classifier; every fold closes its model."""
import torch
import torch.nn.functional as F

from mixins import live_models
from models import TextClassifier

CONFIG = {"folds": 3, "steps": 4, "batch": 16, "seq": 12, "lr": 0.1}


def run_fold(fold, cfg):
    torch.manual_seed(fold)
    model = TextClassifier()
    opt = torch.optim.Adagrad(model.parameters(), lr=cfg["lr"])
    try:
        for step in range(cfg["steps"]):
            tokens = torch.randint(0, 50, (cfg["batch"], cfg["seq"]))
            labels = torch.randint(0, 4, (cfg["batch"],))
            loss = F.cross_entropy(model(tokens), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.export_summary(fold=fold, loss=round(loss.item(), 4))
        return loss.item()
    finally:
        model.close()


def main():
    scores = [run_fold(k, CONFIG) for k in range(CONFIG["folds"])]
    print(f"mean fold loss {sum(scores) / len(scores):.3f}")
    print(f"models still open: {len(live_models())}")


if __name__ == "__main__":
    main()
