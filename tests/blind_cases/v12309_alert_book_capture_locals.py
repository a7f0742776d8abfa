"""Classifier fine-tuning with threshold alerts; incidents keep a full report for triage."""
import math
import traceback

import torch
import torch.nn as nn

ALERT_RULES = {
    "loss_not_finite": {"metric": "loss", "op": "nonfinite", "severity": "critical"},
    "accuracy_collapse": {"metric": "acc", "op": "lt", "limit": 0.15, "severity": "warning"},
    "lr_too_high": {"metric": "lr", "op": "gt", "limit": 0.5, "severity": "warning"},
}


class AlertFired(Exception):
    def __init__(self, name, rule, value, step):
        super().__init__(f"{name}: {rule['metric']}={value:.4g} at step {step}")
        self.name = name
        self.severity = rule["severity"]
        self.step = step


def check_rules(metrics, step):
    for name, rule in ALERT_RULES.items():
        value = metrics[rule["metric"]]
        fired = (
            (rule["op"] == "nonfinite" and not math.isfinite(value))
            or (rule["op"] == "lt" and value < rule["limit"])
            or (rule["op"] == "gt" and value > rule["limit"])
        )
        if fired:
            raise AlertFired(name, rule, value, step)


class AlertBook:
    def __init__(self, keep=32):
        self.keep = keep
        self.incidents = []

    def record(self, alert):
        report = traceback.TracebackException.from_exception(alert, capture_locals=True)  # cycle
        self.incidents.append({"name": alert.name, "step": alert.step,
                               "severity": alert.severity, "report": report})
        del self.incidents[:-self.keep]

    def summary(self):
        return [f"{i['severity']:>8} step {i['step']:>3} {i['name']}" for i in self.incidents]


class Trainer:
    def __init__(self, n_classes=5):
        self.model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, n_classes))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.05, momentum=0.9)
        self.n_classes = n_classes
        self.alert_book = AlertBook()
        self.step = 0

    def fit(self, epochs=3, steps=5):
        for epoch in range(epochs):
            for _ in range(steps):
                x = torch.randn(32, 20)
                y = torch.randint(0, self.n_classes, (32,))
                logits = self.model(x)
                loss = nn.functional.cross_entropy(logits, y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                self.step += 1
                metrics = {
                    "loss": loss.item(),
                    "acc": (logits.argmax(1) == y).float().mean().item(),
                    "lr": self.opt.param_groups[0]["lr"],
                }
                try:
                    check_rules(metrics, self.step)
                except AlertFired as alert:
                    self.alert_book.record(alert)
                    if alert.severity == "critical":
                        return False
        return True


def main():
    torch.manual_seed(3)
    trainer = Trainer()
    finished = trainer.fit()
    print("finished" if finished else "aborted", *trainer.alert_book.summary(), sep="\n")


if __name__ == "__main__":
    main()
