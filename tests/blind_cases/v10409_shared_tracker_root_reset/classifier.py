"""Softmax classifier fit loop that reports loss and accuracy to a tracker."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class BlobClassifierFit:
    def __init__(self, features, classes, tracker, lr=0.1):
        self.model = nn.Sequential(nn.Linear(features, 24), nn.GELU(), nn.Linear(24, classes))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=lr, momentum=0.9)
        self.tracker = tracker

    def run(self, x, y, epochs, batch_size=12):
        self.tracker.log_config({"epochs": epochs, "batch_size": batch_size})
        step = 0
        for epoch in range(epochs):
            order = torch.randperm(len(x))
            for start in range(0, len(x), batch_size):
                idx = order[start:start + batch_size]
                logits = self.model(x[idx])
                loss = F.cross_entropy(logits, y[idx])
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                step += 1
                acc = (logits.argmax(1) == y[idx]).float().mean()
                self.tracker.log_metrics({"loss": loss, "acc": acc}, step=step)
        self.tracker.log_artifact("weights", repr(self.model.state_dict().keys()).encode())
        return step
