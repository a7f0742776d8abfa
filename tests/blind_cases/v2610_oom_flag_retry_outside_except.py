"""Token-budgeted language-model trainer. A step that runs out of (simulated) memory is
retried outside the exception handler on two half-size micro-batches."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


class MemoryBudget:
    """Stand-in for the device allocator: refuses activations above a token budget."""

    def __init__(self, max_tokens):
        self.max_tokens = max_tokens

    def check(self, hidden):
        tokens = hidden.shape[0] * hidden.shape[1]
        if tokens > self.max_tokens:
            raise RuntimeError(f"CUDA out of memory. Tried to allocate {tokens * hidden.shape[2] * 4} bytes "
                               f"({tokens} tokens > budget {self.max_tokens})")


class TinyLM(nn.Module):
    def __init__(self, vocab=40, dim=24, budget=None):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.proj = nn.Linear(dim, vocab)
        self.budget = budget

    def forward(self, tokens):
        hidden, _ = self.rnn(self.embed(tokens))
        if self.budget is not None:
            self.budget.check(hidden)
        return self.proj(hidden)


@dataclass
class OOMEvent:
    step: int
    batch_size: int
    message: str


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        self.step = 0
        self.oom_events = []

    def _forward_backward(self, tokens, scale=1.0):
        logits = self.model(tokens[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), tokens[:, 1:].reshape(-1))
        (loss * scale).backward()
        return loss.item()

    def train_step(self, tokens):
        self.step += 1
        oom = False
        try:
            loss = self._forward_backward(tokens)
        except RuntimeError as e:
            if "out of memory" not in str(e):
                raise
            self.oom_events.append(OOMEvent(self.step, tokens.shape[0], str(e).split(".")[0]))
            oom = True
        if oom:
            self.optimizer.zero_grad(set_to_none=True)
            halves = tokens.chunk(2)
            loss = sum(self._forward_backward(part, scale=1.0 / len(halves)) for part in halves) / len(halves)
        self.optimizer.step()
        self.optimizer.zero_grad(set_to_none=True)
        return loss


def main():
    torch.manual_seed(0)
    lengths = [9, 9, 17, 9, 17]
    for run in range(2):
        model = TinyLM(budget=MemoryBudget(max_tokens=64))
        trainer = Trainer(model)
        losses = [trainer.train_step(torch.randint(0, 40, (8, n))) for n in lengths]
        print(run, [round(l, 3) for l in losses], [(e.step, e.batch_size) for e in trainer.oom_events])


if __name__ == "__main__":
    main()
