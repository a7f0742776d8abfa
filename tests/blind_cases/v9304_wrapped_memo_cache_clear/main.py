"""Learning-rate sweep for a prototype classifier; evaluation reuses cached class prototypes."""
import torch
import torch.nn as nn

from memo import reset_cache
from prototypes import NameEncoder, class_prototypes

CLASS_NAMES = ("red square", "blue circle", "green triangle", "yellow star")
SWEEP = {"lr": [0.1, 0.03], "epochs": 2, "steps": 4, "dim": 16, "batch": 24}


def make_batch(n, dim):
    y = torch.randint(0, len(CLASS_NAMES), (n,))
    x = torch.randn(n, dim) + nn.functional.one_hot(y, dim).float() * 2.0
    return x, y


def evaluate(image_head, text_encoder, batches):
    try:
        protos = class_prototypes(text_encoder, CLASS_NAMES)
        correct = total = 0
        with torch.no_grad():
            for x, y in batches:
                logits = nn.functional.normalize(image_head(x), dim=-1) @ protos.T
                correct += int((logits.argmax(1) == y).sum())
                total += len(y)
        return correct / total
    finally:
        reset_cache(class_prototypes)


def run(lr, cfg):
    torch.manual_seed(0)
    image_head = nn.Sequential(nn.Linear(cfg["dim"], 32), nn.ReLU(), nn.Linear(32, cfg["dim"]))
    text_encoder = NameEncoder(cfg["dim"])
    params = list(image_head.parameters()) + list(text_encoder.parameters())
    opt = torch.optim.Adam(params, lr=lr)
    val = [make_batch(cfg["batch"], cfg["dim"]) for _ in range(2)]
    scores = []
    for _ in range(cfg["epochs"]):
        for _ in range(cfg["steps"]):
            x, y = make_batch(cfg["batch"], cfg["dim"])
            protos = text_encoder(list(CLASS_NAMES))
            logits = nn.functional.normalize(image_head(x), dim=-1) @ protos.T / 0.1
            loss = nn.functional.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        scores.append(evaluate(image_head, text_encoder, val))
    return max(scores)


def main():
    results = {lr: run(lr, SWEEP) for lr in SWEEP["lr"]}
    assert len(results) == len(SWEEP["lr"])


if __name__ == "__main__":
    main()
