"""Train a small intent classifier and package a release candidate after every epoch."""
import torch
import torch.nn.functional as F

from model_def import IntentClassifier
from release_pkg import build_package, smoke_test

CONFIG = {"epochs": 3, "batches": 4, "batch_size": 8, "vocab": 64, "lr": 0.05}


def make_batch(cfg):
    lengths = torch.randint(2, 6, (cfg["batch_size"],))
    tokens = torch.randint(0, cfg["vocab"], (int(lengths.sum()),))
    offsets = torch.cat([torch.zeros(1, dtype=torch.long), lengths.cumsum(0)[:-1]])
    labels = torch.randint(0, 3, (cfg["batch_size"],))
    return tokens, offsets, labels


def main():
    torch.manual_seed(0)
    model = IntentClassifier(vocab_size=CONFIG["vocab"])
    optimizer = torch.optim.Adam(model.parameters(), lr=CONFIG["lr"])
    example_tokens, example_offsets, _ = make_batch(CONFIG)
    reports = []
    for epoch in range(CONFIG["epochs"]):
        for _ in range(CONFIG["batches"]):
            tokens, offsets, labels = make_batch(CONFIG)
            loss = F.cross_entropy(model(tokens, offsets), labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        blob = build_package(model, {"epoch": epoch, "loss": round(loss.item(), 4)})
        report = smoke_test(blob, model, (example_tokens, example_offsets))
        reports.append((epoch, report["ok"], report["max_abs_diff"], report["size_kb"]))
    for epoch, ok, diff, size in reports:
        print("epoch %d package ok=%s diff=%.2e size=%.1fkB" % (epoch, ok, diff, size))


if __name__ == "__main__":
    main()
