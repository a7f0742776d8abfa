"""Prometheus-style alert rules (pending -> firing -> resolved) evaluated by the trainer."""
import dataclasses

import torch
import torch.nn as nn


@dataclasses.dataclass
class AlertRule:
    name: str
    metric: str
    threshold: float
    for_steps: int = 2


class Alert:
    def __init__(self, rule, step, value, context):
        self.rule = rule
        self.started = step
        self.value = value
        self.context = context
        self.resolved = None


class AlertManager:
    def __init__(self, rules):
        self.rules = rules
        self.pending = {}
        self.firing = {}
        self.history = []

    def evaluate(self, step, context):
        for rule in self.rules:
            value = context.get(rule.metric)
            if value is not None and value > rule.threshold:
                self.pending[rule.name] = self.pending.get(rule.name, 0) + 1
                if self.pending[rule.name] >= rule.for_steps and rule.name not in self.firing:
                    self.firing[rule.name] = Alert(rule, step, value, context)
            else:
                self.pending.pop(rule.name, None)
                alert = self.firing.pop(rule.name, None)
                if alert is not None:
                    alert.resolved = step
                    self.history.append(alert)


class Trainer:
    RULES = [AlertRule("high_loss", "last_loss", 0.9), AlertRule("grad_spike", "grad_norm", 2.0, 1)]

    def __init__(self):
        self.model = nn.Sequential(nn.Linear(6, 24), nn.ReLU(), nn.Linear(24, 3))
        self.opt = torch.optim.Adam(self.model.parameters(), lr=5e-3)
        self.alerts = AlertManager(self.RULES)
        self.step = 0
        self.epoch = 0
        self.last_loss = float("nan")
        self.grad_norm = 0.0

    def scalar_context(self):
        return {k: v for k, v in vars(self).items() if isinstance(v, (int, float, str))}

    def train_step(self, x, y):
        loss = nn.functional.cross_entropy(self.model(x), y)
        self.opt.zero_grad()
        loss.backward()
        self.grad_norm = float(nn.utils.clip_grad_norm_(self.model.parameters(), 5.0))
        self.opt.step()
        self.step += 1
        self.last_loss = loss.item()
        self.alerts.evaluate(self.step, self.scalar_context())

    def fit(self, epochs=3, steps=6):
        for self.epoch in range(epochs):
            for _ in range(steps):
                x = torch.randn(40, 6)
                y = (x[:, 0] > 0).long() + (x[:, 1] > 0.5).long()
                self.train_step(x, y)
        return self.alerts


def main():
    torch.manual_seed(0)
    alerts = Trainer().fit()
    for alert in alerts.history + list(alerts.firing.values()):
        ctx = alert.context
        print(f"{alert.rule.name}: from step {alert.started} to {alert.resolved} "
              f"(epoch {ctx['epoch']}, loss {ctx['last_loss']:.3f})")


if __name__ == "__main__":
    main()
