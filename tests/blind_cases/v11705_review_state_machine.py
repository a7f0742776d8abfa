"""Human-in-the-loop review of low-confidence predictions, modelled as a small state machine."""
import random
from collections import Counter

import torch
import torch.nn as nn


class ReviewState:
    name = "abstract"
    terminal = False

    def __init__(self, item):
        self.item = item  # cycle

    def submit(self, verdict):
        raise RuntimeError(f"sample {self.item.sample_id}: cannot vote while {self.name}")


class Queued(ReviewState):
    name = "queued"

    def submit(self, verdict):
        self.item.votes.append(verdict)
        self.item.transition(InReview)


class InReview(ReviewState):
    name = "in_review"

    def submit(self, verdict):
        self.item.votes.append(verdict)
        if len(set(self.item.votes)) > 1:
            self.item.transition(Disputed)
        elif len(self.item.votes) >= self.item.quorum:
            self.item.transition(Resolved)


class Disputed(ReviewState):
    name = "disputed"

    def submit(self, verdict):
        self.item.votes.append(verdict)
        self.item.transition(Resolved)


class Resolved(ReviewState):
    name = "resolved"
    terminal = True


class ReviewItem:
    def __init__(self, sample_id, predicted, confidence, quorum=2):
        self.sample_id = sample_id
        self.predicted = predicted
        self.confidence = confidence
        self.quorum = quorum
        self.votes = []
        self.state = None
        self.transition(Queued)

    def transition(self, state_cls):
        self.state = state_cls(self)  # cycle

    def final_label(self):
        return Counter(self.votes).most_common(1)[0][0]


def simulated_annotator(true_label, classes, rng, error_rate=0.2):
    if rng.random() < error_rate:
        return rng.randrange(classes)
    return true_label


def main():
    cfg = {"n": 80, "dim": 6, "classes": 3, "epochs": 3, "review_budget": 8}
    rng = random.Random(0)
    torch.manual_seed(0)
    x = torch.randn(cfg["n"], cfg["dim"])
    truth = x[:, :cfg["classes"]].argmax(1)
    labels = truth.clone()
    labels[::7] = (labels[::7] + 1) % cfg["classes"]
    model = nn.Sequential(nn.Linear(cfg["dim"], 24), nn.ReLU(), nn.Linear(24, cfg["classes"]))
    opt = torch.optim.SGD(model.parameters(), lr=0.2)
    for epoch in range(cfg["epochs"]):
        for _ in range(10):
            loss = nn.functional.cross_entropy(model(x), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            probs = model(x).softmax(-1)
        conf, pred = probs.max(1)
        queue = [ReviewItem(int(i), int(pred[i]), float(conf[i]))
                 for i in conf.argsort()[:cfg["review_budget"]]]
        while any(not item.state.terminal for item in queue):
            for item in queue:
                if not item.state.terminal:
                    item.state.submit(simulated_annotator(int(truth[item.sample_id]), cfg["classes"], rng))
        changed = 0
        for item in queue:
            new = item.final_label()
            changed += int(new != int(labels[item.sample_id]))
            labels[item.sample_id] = new
        print(f"epoch {epoch}: loss {loss.item():.3f}, reviewed {len(queue)}, relabelled {changed}")


if __name__ == "__main__":
    main()
