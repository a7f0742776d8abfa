"""Multi-task trainer with callbacks, grad-norm based task weights and early stopping."""
import torch
import torch.nn.functional as F


class MultiTaskTrainer:
    def __init__(self, model, tasks, callbacks, lr=1e-2, patience=1, max_epochs=6):
        self.model = model
        self.tasks = tasks
        self.callbacks = callbacks
        self.opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.patience = patience
        self.max_epochs = max_epochs
        self.weights = {t: 1.0 for t in tasks}

    def _emit(self, event):
        for cb in self.callbacks:
            getattr(cb, event)(self)

    def _losses(self, batch):
        x, targets = batch
        outputs = self.model(x)
        return {t: F.mse_loss(outputs[t], targets[t]) for t in self.tasks}

    def fit(self, train_batches, val_batches):
        self._emit("on_train_start")
        best, bad_epochs = float("inf"), 0
        for epoch in range(self.max_epochs):
            self.model.train()
            for batch in train_batches:
                losses = self._losses(batch)
                loss = sum(self.weights[t] * l for t, l in losses.items())
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            for cb in self.callbacks:
                self.weights.update(cb.task_weights())
            with torch.no_grad():
                val = sum(sum(self._losses(b).values()).item() for b in val_batches)
            if val < best - 1e-3:
                best, bad_epochs = val, 0
            else:
                bad_epochs += 1
                if bad_epochs > self.patience:
                    return epoch
        self._emit("on_train_end")
        return self.max_epochs
