"""Evaluates one model per cross-validation fold and logs per-fold metrics."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from logutil import RunLoggingMixin, setup


class FoldEvaluator(RunLoggingMixin):
    log_name = "cv.eval"

    def __init__(self, fold, model):
        self.run_name = f"fold{fold}"
        self.model = model
        self.step = 0

    def evaluate(self, batches):
        self.model.eval()
        total, n = 0.0, 0
        with torch.no_grad():
            for x, y in batches:
                self.step += 1
                loss = F.mse_loss(self.model(x), y, reduction="sum")
                total += loss.item()
                n += y.shape[0]
                if self.step % 2 == 0:
                    self.log.info("running mse %.4f", total / n)
        self.log.info("final mse %.4f over %d samples", total / n, n)
        return total / n


setup(FoldEvaluator.log_name)


def fold_data(fold, n_batches=4):
    g = torch.Generator().manual_seed(100 + fold)
    return [(torch.randn(16, 5, generator=g), torch.randn(16, 1, generator=g)) for _ in range(n_batches)]


def main():
    scores = []
    for fold in range(3):
        model = nn.Sequential(nn.Linear(5, 20), nn.SiLU(), nn.Linear(20, 1))
        scores.append(FoldEvaluator(fold, model).evaluate(fold_data(fold)))
    print("cv mse: %.4f" % (sum(scores) / len(scores)))


if __name__ == "__main__":
    main()
