"""Async endpoint that offloads model calls to a thread pool via run_in_executor."""
import asyncio
from concurrent.futures import ThreadPoolExecutor

import torch
import torch.nn as nn

import store


class Tagger(nn.Module):
    def __init__(self, dim=12, tags=4):
        super().__init__()
        self.rnn = nn.GRU(dim, 16, batch_first=True)
        self.cls = nn.Linear(16, tags)

    def forward(self, seq):
        out, _ = self.rnn(seq)
        return self.cls(out[:, -1]).sigmoid()


class OffloadedEndpoint:
    def __init__(self, model, workers=2):
        self.model = model.eval()
        self.workers = workers

    @torch.inference_mode()
    def _score(self, seq):
        return [round(v, 4) for v in self.model(seq.unsqueeze(0))[0].tolist()]

    async def _one(self, loop, pool, seq):
        key = store.fingerprint(seq)
        scores = store.lookup(key)
        if scores is None:
            scores = await loop.run_in_executor(pool, self._score, seq)
            store.remember(key, scores)
        return scores

    async def handle_batch(self, sequences):
        loop = asyncio.get_running_loop()
        with torch.no_grad(), ThreadPoolExecutor(max_workers=self.workers) as pool:
            return await asyncio.gather(*(self._one(loop, pool, s) for s in sequences))


def main():
    torch.manual_seed(0)
    corpus = [torch.randn(6, 12) for _ in range(5)]
    for revision in range(2):
        endpoint = OffloadedEndpoint(Tagger())
        for tick in range(3):
            scores = asyncio.run(endpoint.handle_batch(corpus[tick: tick + 3]))
            print(revision, tick, [s[0] for s in scores], store.size())


if __name__ == "__main__":
    main()
