"""Latency sweep for a tiny KV-cached decoder: one engine per (batch, cache) setting, with
prefill and decode steps instrumented by a method decorator that records wall time."""
import functools
import math
import statistics
import time

import torch
import torch.nn as nn

SWEEP = [{"batch": 1, "use_cache": True}, {"batch": 4, "use_cache": True},
         {"batch": 4, "use_cache": False}]
MODEL_CFG = {"vocab": 64, "dim": 32, "heads": 4, "prompt_len": 8, "new_tokens": 6}


class timed_step:
    """Records the wall time of every call in instance.timings[name]; the per-instance
    wrapper is cached in the instance dict so later lookups skip the descriptor."""

    def __init__(self, fn):
        functools.update_wrapper(self, fn)
        self.fn = fn

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        fn, samples = self.fn, obj.timings.setdefault(self.name, [])

        @functools.wraps(fn)
        def timed(*args, **kwargs):  # cycle
            start = time.perf_counter()
            try:
                return fn(obj, *args, **kwargs)
            finally:
                samples.append(time.perf_counter() - start)

        obj.__dict__[self.name] = timed  # cycle
        return timed


class Decoder(nn.Module):
    def __init__(self, vocab, dim, heads):
        super().__init__()
        self.heads = heads
        self.embed = nn.Embedding(vocab, dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids, past=None):
        x = self.embed(ids)
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        if past is not None:
            k, v = torch.cat([past[0], k], 2), torch.cat([past[1], v], 2)
        att = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
        mask = torch.ones(t, k.size(2), dtype=torch.bool).tril(k.size(2) - t)
        att = att.masked_fill(~mask, float("-inf")).softmax(-1)
        return self.head(x + self.proj((att @ v).transpose(1, 2).reshape(b, t, d))), (k, v)


class BenchEngine:
    def __init__(self, model, use_cache):
        self.model = model
        self.use_cache = use_cache
        self.timings = {}

    @timed_step
    def prefill(self, ids):
        return self.model(ids)

    @timed_step
    def decode_step(self, ids, past):
        if self.use_cache:
            return self.model(ids[:, -1:], past)
        return self.model(ids)

    @torch.no_grad()
    def run(self, ids, new_tokens):
        logits, past = self.prefill(ids)
        for _ in range(new_tokens):
            ids = torch.cat([ids, logits[:, -1:].argmax(-1)], dim=1)
            logits, past = self.decode_step(ids, past)
        return ids

    def summary(self):
        return {name: 1e3 * statistics.median(v) for name, v in self.timings.items()}


def main():
    torch.manual_seed(0)
    cfg = MODEL_CFG
    model = Decoder(cfg["vocab"], cfg["dim"], cfg["heads"]).eval()
    for setting in SWEEP:
        engine = BenchEngine(model, setting["use_cache"])
        prompt = torch.randint(0, cfg["vocab"], (setting["batch"], cfg["prompt_len"]))
        out = engine.run(prompt, cfg["new_tokens"])
        times = ", ".join(f"{k}={v:.2f}ms" for k, v in engine.summary().items())
        print(setting, tuple(out.shape), times)


if __name__ == "__main__":
    main()
