"""Precision wrapper that forwards unknown attributes to the model it wraps."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class PrecisionWrapper(nn.Module):
    def __init__(self, module, dtype=torch.bfloat16):
        super().__init__()
        self.module = module
        self.dtype = dtype
        self.lookup_failure = None

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            pass
        try:
            return getattr(self.module, name)
        except AttributeError as err:
            self.lookup_failure = err  # cycle
            raise

    def forward(self, *args, **kwargs):
        with torch.autocast("cpu", dtype=self.dtype):
            out = self.module(*args, **kwargs)
        return out.float()


class TinyLM(nn.Module):
    def __init__(self, vocab=50, dim=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, tokens):
        h, _ = self.rnn(self.embed(tokens))
        return self.lm_head(h)


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
        if cfg.get("grad_ckpt") and hasattr(model, "gradient_checkpointing_enable"):
            model.gradient_checkpointing_enable()
        self.no_sync = getattr(model, "no_sync", None)

    def step(self, tokens):
        logits = self.model(tokens[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), tokens[:, 1:].reshape(-1))
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()


def main():
    cfg = {"lr": 3e-3, "grad_ckpt": True, "steps": 3}
    for run in range(2):
        torch.manual_seed(run)
        trainer = Trainer(PrecisionWrapper(TinyLM()), cfg)
        for _ in range(cfg["steps"]):
            loss = trainer.step(torch.randint(0, 50, (4, 12)))
        print("run", run, "loss %.3f" % loss)


if __name__ == "__main__":
    main()
