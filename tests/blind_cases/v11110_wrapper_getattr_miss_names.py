"""Precision wrapper that forwards unknown attributes to the model it wraps."""
import collections

import torch
import torch.nn as nn
import torch.nn.functional as F

_MISSING = object()


class PrecisionWrapper(nn.Module):
    def __init__(self, module, dtype=torch.bfloat16):
        super().__init__()
        self.module = module
        self.dtype = dtype
        self.missing = collections.Counter()

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            pass
        module = super().__getattr__("module")
        value = getattr(module, name, _MISSING)
        if value is not _MISSING:
            return value
        self.missing[name] += 1
        raise AttributeError("%s (wrapping %s) has no attribute %r"
                             % (type(self).__name__, type(module).__name__, name))

    def forward(self, *args, **kwargs):
        with torch.autocast("cpu", dtype=self.dtype):
            out = self.module(*args, **kwargs)
        return out.float()


class TinyTagger(nn.Module):
    def __init__(self, vocab=60, dim=16, tags=7):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.conv = nn.Conv1d(dim, dim, 3, padding=1)
        self.cls = nn.Linear(dim, tags)

    def forward(self, tokens):
        h = self.conv(self.embed(tokens).transpose(1, 2)).relu().transpose(1, 2)
        return self.cls(h)


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
        if cfg.get("grad_ckpt") and hasattr(model, "gradient_checkpointing_enable"):
            model.gradient_checkpointing_enable()
        self.no_sync = getattr(model, "no_sync", None)
        self.vocab = getattr(model, "embed").num_embeddings

    def step(self, tokens, tags):
        logits = self.model(tokens)
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), tags.reshape(-1))
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()


def main():
    cfg = {"lr": 3e-3, "grad_ckpt": True, "steps": 3}
    for run in range(2):
        torch.manual_seed(run)
        trainer = Trainer(PrecisionWrapper(TinyTagger()), cfg)
        for _ in range(cfg["steps"]):
            tokens = torch.randint(0, trainer.vocab, (4, 10))
            loss = trainer.step(tokens, torch.randint(0, 7, (4, 10)))
        print("run", run, "loss %.3f" % loss, dict(trainer.model.missing))


if __name__ == "__main__":
    main()
