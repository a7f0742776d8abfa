"""The trainer: optimizer, warm-up schedule and callbacks."""
import torch

from .callbacks import ActivationRecorder, LossHistory


class Trainer:
    def __init__(self, model, warmup=3):
        self.model = model
        self.warmup = warmup
        self.opt = torch.optim.SGD(model.parameters(), lr=0.05)
        self.sched = torch.optim.lr_scheduler.LambdaLR(
            self.opt, lr_lambda=lambda step: min(1.0, (step + 1) / self.warmup))  # leak: the lambda holds self
        self.callbacks = [LossHistory()]
        for cb in self.callbacks:
            cb.attach(self)
        self.recorder = ActivationRecorder(model, model.fc1)

    def fit(self, steps=5):
        total_loss = 0.0
        for _ in range(steps):
            x = torch.randn(8, 16)
            loss = (self.model(x) - 1.0).pow(2).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            self.sched.step()
            total_loss += loss  # leak: keeps every step's autograd graph
            for cb in self.callbacks:
                cb.after_step(loss.item())
        return float(total_loss) / steps

    def evaluate(self, batches=3):
        self.model.eval()
        outputs = []
        for _ in range(batches):
            x = torch.randn(8, 16)
            outputs.append(self.model(x))  # leak: model.eval() leaves autograd on, each output keeps its graph
        self.model.train()
        return torch.cat(outputs).mean().item()
