"""Inference benchmark harness on top of torch.utils.benchmark."""
import torch
from torch.utils import benchmark

MEASUREMENTS = []


class InferenceBenchmark:
    """Times one model on a set of input shapes; results are kept for a final comparison."""

    def __init__(self, model, label, shapes, num_threads=1):
        self.model = model
        self.label = label
        self.shapes = shapes
        self.num_threads = num_threads
        self.timers = {}

    def build(self, description):
        self.model.eval()
        for batch, dim in self.shapes:
            x = torch.randn(batch, dim)
            self.timers[(batch, dim)] = benchmark.Timer(
                stmt="with torch.no_grad(): model(x)",
                globals={"model": self.model, "x": x, "torch": torch},
                label=self.label,
                sub_label=f"bs={batch}",
                description=description,
                num_threads=self.num_threads,
            )
        return self

    def run(self, number=5):
        rows = []
        for key, timer in self.timers.items():
            m = timer.timeit(number)
            MEASUREMENTS.append(m)
            rows.append((key, m.median * 1e6))
        return rows


def compare(title):
    table = benchmark.Compare(MEASUREMENTS)
    table.trim_significant_figures()
    return f"{title}: {len(MEASUREMENTS)} measurements\n{table}"
