"""Length-bucketed request batching in front of a small recurrent decoder."""
import concurrent.futures
import itertools

import torch
import torch.nn as nn

SERVE_CFG = {"buckets": (8, 16, 24), "max_batch": 3, "pad_id": 0}


class RequestTooLong(ValueError):
    pass


class Request:
    _ids = itertools.count()

    def __init__(self, prompt, max_new_tokens):
        self.rid = next(self._ids)
        self.prompt = list(prompt)
        self.max_new_tokens = max_new_tokens
        self.future = concurrent.futures.Future()  # cycle


class GRUDecoder(nn.Module):
    def __init__(self, vocab=50, dim=24):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim, padding_idx=0)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids, state=None):
        out, state = self.rnn(self.embed(ids), state)
        return self.head(out[:, -1]), state


class LengthBucketBatcher:
    def __init__(self, model, cfg):
        self.model = model.eval()
        self.buckets = cfg["buckets"]
        self.max_batch = cfg["max_batch"]
        self.pad_id = cfg["pad_id"]
        self.pending = {bucket: [] for bucket in self.buckets}
        self.rejected = 0

    def bucket_for(self, total_len):
        for bucket in self.buckets:
            if total_len <= bucket:
                return bucket
        raise RequestTooLong(f"{total_len} tokens exceed the {self.buckets[-1]}-token bucket")

    def submit(self, req):
        try:
            bucket = self.bucket_for(len(req.prompt) + req.max_new_tokens)
        except RequestTooLong as exc:
            self.rejected += 1
            req.future.set_exception(exc)  # cycle
            return req.future
        self.pending[bucket].append(req)
        if len(self.pending[bucket]) >= self.max_batch:
            self.flush(bucket)
        return req.future

    @torch.no_grad()
    def flush(self, bucket):
        batch, self.pending[bucket] = self.pending[bucket], []
        if not batch:
            return
        width = max(len(r.prompt) for r in batch)
        ids = torch.tensor([[self.pad_id] * (width - len(r.prompt)) + r.prompt for r in batch])
        logits, state = self.model(ids)
        generated = []
        for _ in range(max(r.max_new_tokens for r in batch)):
            nxt = logits.argmax(-1, keepdim=True)
            generated.append(nxt)
            logits, state = self.model(nxt, state)
        tokens = torch.cat(generated, dim=1).tolist()
        for req, row in zip(batch, tokens):
            req.future.set_result(row[:req.max_new_tokens])

    def drain(self):
        for bucket in self.buckets:
            self.flush(bucket)


def main():
    torch.manual_seed(0)
    batcher = LengthBucketBatcher(GRUDecoder(), SERVE_CFG)
    lengths = [4, 6, 30, 11, 5, 14, 22, 3]
    futures = [batcher.submit(Request(torch.randint(1, 50, (n,)).tolist(), max_new_tokens=3))
               for n in lengths]
    batcher.drain()
    for n, fut in zip(lengths, futures):
        err = fut.exception()
        print(f"prompt {n:2d}: " + (f"rejected ({err})" if err else f"{fut.result()}"))
    print(f"{batcher.rejected} rejected")


if __name__ == "__main__":
    main()
