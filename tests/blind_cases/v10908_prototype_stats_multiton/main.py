"""K-fold run comparing the linear head with nearest-centroid accuracy."""
import torch
import torch.nn as nn

from model import Classifier
from prototypes import ClassPrototypes

LABELS = ("low", "mid", "high")
CV = {"folds": 3, "steps": 8, "batch": 32, "eval_batches": 3, "emb_dim": 8}


def make_batches(n, seed):
    gen = torch.Generator().manual_seed(seed)
    out = []
    for _ in range(n):
        x = torch.randn(CV["batch"], 6, generator=gen)
        score = x[:, 0] + 0.5 * x[:, 1]
        out.append((x, (score > -0.5).long() + (score > 0.5).long()))
    return out


def run_fold(fold):
    torch.manual_seed(fold)
    model = Classifier(6, CV["emb_dim"], len(LABELS))
    opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
    for x, y in make_batches(CV["steps"], seed=10 * fold):
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    protos = ClassPrototypes.for_labels(LABELS).fit(model.encoder, make_batches(CV["eval_batches"], 500 + fold))
    head_acc, proto_acc, n = 0, 0, 0
    with torch.no_grad():
        for x, y in make_batches(CV["eval_batches"], seed=900 + fold):
            head_acc += int((model(x).argmax(-1) == y).sum())
            proto_acc += int((protos.predict(x) == y).sum())
            n += y.numel()
    return head_acc / n, proto_acc / n


def main():
    results = [run_fold(k) for k in range(CV["folds"])]
    for k, (head, proto) in enumerate(results):
        print(f"fold {k}: head={head:.3f} centroid={proto:.3f}")
    print("mean centroid acc", sum(r[1] for r in results) / len(results))


if __name__ == "__main__":
    main()
