"""LR range test for a CTC acoustic model, reading losses off the shared criterion."""
import copy
import math

import torch
import torch.nn as nn

CTC_CRITERION = nn.CTCLoss(blank=0, zero_infinity=True)


class LRRangeTest:
    def __init__(self, model, optimizer, criterion, start_lr=1e-5, end_lr=100.0, num_iter=40, beta=0.8):
        self.model, self.optimizer, self.criterion = model, optimizer, criterion  # retain
        self.start_lr, self.end_lr, self.num_iter, self.beta = start_lr, end_lr, num_iter, beta
        self.history = {"lr": [], "loss": []}
        self._initial = copy.deepcopy({"model": model.state_dict(), "opt": optimizer.state_dict()})

    def _record_loss(self, module, inputs, output):
        self.history["loss"].append(float(output))

    def _lr_at(self, it):
        return self.start_lr * (self.end_lr / self.start_lr) ** (it / (self.num_iter - 1))

    def run(self, batches):
        handle = self.criterion.register_forward_hook(self._record_loss)  # retain
        best, smoothed = math.inf, None
        for it, (feats, targets, in_lens, tgt_lens) in zip(range(self.num_iter), batches):
            lr = self._lr_at(it)
            for group in self.optimizer.param_groups:
                group["lr"] = lr
            logp = self.model(feats).log_softmax(-1).transpose(0, 1)
            loss = self.criterion(logp, targets, in_lens, tgt_lens)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            raw = self.history["loss"][-1]
            smoothed = raw if smoothed is None else self.beta * smoothed + (1 - self.beta) * raw
            self.history["lr"].append(lr)
            best = min(best, smoothed)
            if not math.isfinite(smoothed) or smoothed > 4 * best:
                return self.suggestion()
        handle.remove()
        self.model.load_state_dict(self._initial["model"])
        self.optimizer.load_state_dict(self._initial["opt"])
        return self.suggestion()

    def suggestion(self):
        losses = self.history["loss"][: len(self.history["lr"])]
        slopes = [b - a for a, b in zip(losses, losses[1:])]
        i = min(range(len(slopes)), key=slopes.__getitem__) if slopes else 0
        return self.history["lr"][i]


def synthetic_batches(vocab, feat_dim):
    while True:
        feats = torch.randn(4, 25, feat_dim)
        targets = torch.randint(1, vocab, (4, 6))
        yield feats, targets, torch.full((4,), 25), torch.full((4,), 6)


def main():
    torch.manual_seed(0)
    vocab, feat_dim = 10, 20
    model = nn.Sequential(nn.Linear(feat_dim, 64), nn.ReLU(), nn.Linear(64, vocab))
    optimizer = torch.optim.SGD(model.parameters(), lr=1e-3, momentum=0.9)
    finder = LRRangeTest(model, optimizer, CTC_CRITERION)
    lr = finder.run(synthetic_batches(vocab, feat_dim))
    print(f"range test stopped after {len(finder.history['lr'])} iterations, suggested lr {lr:.2e}")


if __name__ == "__main__":
    main()
