"""Evaluation callbacks: running accuracy and hard-example mining."""
import torch


class RunningAccuracy:
    def on_eval_start(self, ctx):
        self.correct, self.total = 0, 0

    def on_batch_end(self, ctx):
        self.correct += int((ctx["logits"].argmax(-1) == ctx["targets"]).sum())
        self.total += ctx["targets"].numel()

    def summary(self):
        return {"acc": self.correct / max(1, self.total)}


class HardExampleMiner:
    """Keeps the batches with the highest losses for a post-hoc error analysis."""

    def __init__(self, threshold=1.0, keep=4):
        self.threshold = threshold
        self.keep = keep
        self.hard = []  # cycle

    def on_batch_end(self, ctx):
        if float(ctx["losses"].max()) > self.threshold:
            self.hard.append(ctx)  # cycle
            self.hard.sort(key=lambda c: -float(c["losses"].max()))
            del self.hard[self.keep:]

    def rescore(self):
        """Re-run the kept inputs through the loop's (possibly updated) model."""
        out = []
        for ctx in self.hard:
            with torch.no_grad():
                logits = ctx["loop"].model(ctx["inputs"])
            out.append(float(torch.nn.functional.cross_entropy(logits, ctx["targets"])))
        return out

    def summary(self):
        return {"hard_batches": len(self.hard), "hard_rescored": self.rescore()}
