"""Batch-size auto-tuner: starts large and halves the batch on OOM. Failures are
kept for the end-of-run report as rendered traceback summaries."""
import traceback

import torch
import torch.nn as nn
import torch.nn.functional as F


class SimulatedOOM(RuntimeError):
    pass


class BatchSizeTuner:
    def __init__(self, model_fn, budget_elems=6000, min_bs=4):
        self.model_fn = model_fn
        self.budget_elems = budget_elems
        self.min_bs = min_bs
        self.failures = []

    def _probe(self, model, opt, bs, d_in):
        x = torch.randn(bs, d_in)
        h = model[0](x)
        if h.numel() > self.budget_elems:
            raise SimulatedOOM(f"CUDA out of memory. Tried to allocate {h.numel() * 4} bytes")
        out = model[2](model[1](h))
        loss = F.cross_entropy(out, torch.randint(0, out.shape[1], (bs,)))
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.item()

    def tune(self, start_bs=256, d_in=24):
        model = self.model_fn()
        opt = torch.optim.SGD(model.parameters(), lr=0.01)
        bs = start_bs
        while bs >= self.min_bs:
            try:
                self._probe(model, opt, bs, d_in)
                return bs
            except SimulatedOOM as err:
                summary = traceback.TracebackException.from_exception(err)
                self.failures.append((bs, summary))
                bs //= 2
        raise RuntimeError("no batch size fits")

    def report(self):
        lines = []
        for bs, summary in self.failures:
            last = summary.stack[-1]
            lines.append(f"bs={bs}: {''.join(summary.format_exception_only()).strip()} "
                         f"@ {last.name}:{last.lineno}")
        return "\n".join(lines)


def main():
    torch.manual_seed(0)
    make = lambda: nn.Sequential(nn.Linear(24, 96), nn.ReLU(), nn.Linear(96, 10))
    tuner = BatchSizeTuner(make)
    bs = tuner.tune()
    print(f"selected batch size {bs}")
    print(tuner.report())


if __name__ == "__main__":
    main()
