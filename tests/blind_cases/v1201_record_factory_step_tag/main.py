"""Evaluates a few checkpoints; log lines carry the phase/step of the run that emits them."""
import torch
import torch.nn as nn

from tracking import StepContext, configure_console

log = configure_console("ckpt_eval")


class EvalRun:
    def __init__(self, model, name):
        self.model = model
        self.name = name
        self.phase = "setup"
        self.global_step = 0
        self.context = StepContext(self).install()

    def evaluate(self, batches):
        self.phase = "val"
        self.model.eval()
        correct, seen = 0, 0
        with torch.no_grad():
            for x, y in batches:
                self.global_step += 1
                pred = self.model(x).argmax(dim=-1)
                correct += int((pred == y).sum())
                seen += y.numel()
                log.info("batch acc %.3f", correct / seen)
        self.phase = "done"
        return correct / max(seen, 1)


def make_batches(n, seed):
    g = torch.Generator().manual_seed(seed)
    return [(torch.randn(16, 12, generator=g), torch.randint(0, 4, (16,), generator=g))
            for _ in range(n)]


def build_model(seed):
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(12, 32), nn.GELU(), nn.Linear(32, 4))


def main():
    batches = make_batches(3, seed=0)
    scores = {}
    for ckpt in ("epoch_1", "epoch_2", "epoch_3"):
        run = EvalRun(build_model(len(scores)), ckpt)
        scores[ckpt] = run.evaluate(batches)
    best = max(scores, key=scores.get)
    log.info("best checkpoint %s (%.3f)", best, scores[best])


if __name__ == "__main__":
    main()
