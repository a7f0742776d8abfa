"""Noisy-label training: the highest-loss samples of each round go to human review."""
import torch
import torch.nn as nn

from review_client import ReviewQueue, ReviewSession

CONFIG = {"n": 96, "dim": 10, "classes": 3, "noise": 0.3, "rounds": 3,
          "steps_per_round": 5, "review_k": 8, "lr": 0.1}


def make_data(gen):
    x = torch.randn(CONFIG["n"], CONFIG["dim"], generator=gen)
    w = torch.randn(CONFIG["dim"], CONFIG["classes"], generator=gen)
    clean = (x @ w).argmax(dim=1)
    flip = torch.rand(CONFIG["n"], generator=gen) < CONFIG["noise"]
    noisy = torch.where(flip, (clean + 1) % CONFIG["classes"], clean)
    return x, clean, noisy


def train_round(model, opt, x, labels):
    for _ in range(CONFIG["steps_per_round"]):
        loss = nn.functional.cross_entropy(model(x), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()


def suspects(model, x, labels, already):
    with torch.no_grad():
        per_sample = nn.functional.cross_entropy(model(x), labels, reduction="none")
    order = per_sample.argsort(descending=True).tolist()
    return [i for i in order if i not in already][:CONFIG["review_k"]]


def main():
    gen = torch.Generator().manual_seed(0)
    x, clean, labels = make_data(gen)
    model = nn.Sequential(nn.Linear(CONFIG["dim"], 32), nn.ReLU(), nn.Linear(32, CONFIG["classes"]))
    opt = torch.optim.SGD(model.parameters(), lr=CONFIG["lr"])
    session = ReviewSession(ReviewQueue(clean.tolist()))
    for rnd in range(CONFIG["rounds"]):
        train_round(model, opt, x, labels)
        ids = suspects(model, x, labels, session.queue.reviewed)
        fixed = 0
        for i, verdict in session.fetch_verdicts(ids).items():
            fixed += int(labels[i] != verdict)
            labels[i] = verdict
        print(f"round {rnd}: reviewed {len(ids)}, corrected {fixed}")


if __name__ == "__main__":
    main()
