"""Serve a few request bursts through the async engine with a per-burst deadline."""
import torch
import torch.nn as nn

from bridge import run_burst
from engine import InferenceEngine, InferenceRequest

CONFIG = {"vocab": 64, "dim": 16, "classes": 5, "bursts": 3, "burst_size": 6, "budget_s": 0.05}


class BagOfTokens(nn.Module):
    def __init__(self, vocab, dim, classes):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.head = nn.Linear(dim, classes)

    def forward(self, tokens):
        return self.head(self.emb(tokens.view(1, -1)))


def make_burst(start_id, size, vocab):
    reqs = []
    for i in range(size):
        # every burst carries one very long document next to short chat turns
        length = 4000 if i == size - 1 else 8 + 4 * i
        reqs.append(InferenceRequest(start_id + i, torch.randint(0, vocab, (length,))))
    return reqs


def main():
    torch.manual_seed(0)
    model = BagOfTokens(CONFIG["vocab"], CONFIG["dim"], CONFIG["classes"])
    engine = InferenceEngine(model, max_concurrency=2)
    timeouts = 0
    for b in range(CONFIG["bursts"]):
        burst = make_burst(b * 100, CONFIG["burst_size"], CONFIG["vocab"])
        for resp in run_burst(engine, burst, CONFIG["budget_s"]):
            timeouts += resp.status != 200
    print(f"served={engine.served} timeouts={timeouts}")


if __name__ == "__main__":
    main()
