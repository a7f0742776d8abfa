"""Multi-phase runner that dispatches train/val/test steps through a table."""
import functools

import torch
import torch.nn as nn


def _accuracy(logits, y):
    return (logits.argmax(dim=1) == y).float().mean().item()


class PhaseRunner:
    # method *names*, resolved on every call, plus plain module-level metric functions
    _STEP_FOR_PHASE = {"train": "_train_step", "val": "_eval_step", "test": "_eval_step"}
    _METRICS = {"acc": _accuracy}

    def __init__(self, model, lr=0.05, grad_accum=2):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.grad_accum = grad_accum
        self.log = {phase: [] for phase in self._STEP_FOR_PHASE}

    def _train_step(self, batch, micro_idx, accumulate):
        x, y = batch
        self.model.train()
        loss = nn.functional.cross_entropy(self.model(x), y) / self.grad_accum
        loss.backward()
        if not accumulate:
            self.optimizer.step()
            self.optimizer.zero_grad()
        return {"loss": loss.item() * self.grad_accum}

    @torch.no_grad()
    def _eval_step(self, batch, micro_idx=0, accumulate=False):
        x, y = batch
        self.model.eval()
        logits = self.model(x)
        out = {"loss": nn.functional.cross_entropy(logits, y).item()}
        for name, fn in self._METRICS.items():
            out[name] = fn(logits, y)
        return out

    def run_phase(self, phase, batches):
        step_fn = getattr(self, self._STEP_FOR_PHASE[phase])
        for i, batch in enumerate(batches):
            accumulate = phase == "train" and (i + 1) % self.grad_accum != 0
            call = functools.partial(step_fn, micro_idx=i, accumulate=accumulate)
            self.log[phase].append(call(batch))
        return sum(r["loss"] for r in self.log[phase]) / max(1, len(self.log[phase]))


def batches(n, bs=16, seed=0):
    g = torch.Generator().manual_seed(seed)
    return [(torch.randn(bs, 10, generator=g), torch.randint(0, 3, (bs,), generator=g)) for _ in range(n)]


def main():
    train, val, test = batches(4, seed=1), batches(2, seed=2), batches(2, seed=3)
    for width in (16, 48):
        model = nn.Sequential(nn.Linear(10, width), nn.ReLU(), nn.Linear(width, 3))
        runner = PhaseRunner(model)
        summary = {phase: runner.run_phase(phase, data)
                   for phase, data in (("train", train), ("val", val), ("test", test))}
        print(f"width={width} " + " ".join(f"{k}={v:.3f}" for k, v in summary.items()))


if __name__ == "__main__":
    main()
