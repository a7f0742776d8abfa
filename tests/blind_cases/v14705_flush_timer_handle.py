"""Deadline micro-batcher in front of a small toxicity classifier (asyncio)."""
import asyncio

import torch
import torch.nn as nn

BATCHING = {"max_batch": 8, "max_delay_s": 0.004}
TRAFFIC = {"bursts": [8, 5, 11], "seq_len": 10, "vocab": 40, "gap_s": 0.01}


class ToxicityCNN(nn.Module):
    def __init__(self, vocab, dim=16, channels=24):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.conv = nn.Conv1d(dim, channels, kernel_size=3, padding=1)
        self.out = nn.Linear(channels, 1)

    def forward(self, tokens):
        h = self.conv(self.emb(tokens).transpose(1, 2)).relu().amax(-1)
        return torch.sigmoid(self.out(h)).squeeze(-1)


class MicroBatcher:
    def __init__(self, model, max_batch, max_delay_s):
        self.model = model.eval()
        self.max_batch = max_batch
        self.max_delay_s = max_delay_s
        self.flushes = {"full": 0, "deadline": 0}
        self._waiting = []
        self._flush_handle = None

    def _timer_armed(self, loop):
        handle = self._flush_handle
        return handle is not None and not handle.cancelled() and handle.when() > loop.time()

    async def classify(self, tokens):
        loop = asyncio.get_running_loop()
        reply = loop.create_future()
        self._waiting.append((tokens, reply))
        if len(self._waiting) >= self.max_batch:
            if self._flush_handle is not None:
                self._flush_handle.cancel()
            self._flush("full")
        elif not self._timer_armed(loop):
            self._flush_handle = loop.call_later(self.max_delay_s, self._flush, "deadline")  # cycle
        return await reply

    def _flush(self, reason):
        batch, self._waiting = self._waiting, []
        if not batch:
            return
        with torch.no_grad():
            scores = self.model(torch.stack([tokens for tokens, _ in batch]))
        for (_, reply), score in zip(batch, scores.tolist()):
            if not reply.done():
                reply.set_result(round(score, 4))
        self.flushes[reason] += 1


async def run_traffic(batcher):
    flagged = 0
    for size in TRAFFIC["bursts"]:
        requests = [torch.randint(0, TRAFFIC["vocab"], (TRAFFIC["seq_len"],)) for _ in range(size)]
        scores = await asyncio.gather(*(batcher.classify(r) for r in requests))
        flagged += sum(score > 0.5 for score in scores)
        await asyncio.sleep(TRAFFIC["gap_s"])
    return flagged


def main():
    for replica in range(2):
        torch.manual_seed(replica)
        batcher = MicroBatcher(ToxicityCNN(TRAFFIC["vocab"]), **BATCHING)
        flagged = asyncio.run(run_traffic(batcher))
        print(f"replica {replica}: flagged={flagged} flushes={batcher.flushes}")


if __name__ == "__main__":
    main()
