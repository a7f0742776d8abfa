"""Evaluation loop that publishes a per-batch event context to its callbacks."""
import torch
import torch.nn.functional as F


class EvalLoop:
    def __init__(self, model, callbacks, name="val"):
        self.model = model
        self.name = name
        self.callbacks = list(callbacks)  # cycle
        self.batch_idx = 0

    def _emit(self, hook, ctx):
        for cb in self.callbacks:
            fn = getattr(cb, hook, None)
            if fn is not None:
                fn(ctx)

    def run(self, batches):
        self.model.eval()
        self._emit("on_eval_start", {"loop": self, "name": self.name})
        with torch.no_grad():
            for self.batch_idx, (x, y) in enumerate(batches):
                logits = self.model(x)
                losses = F.cross_entropy(logits, y, reduction="none")
                ctx = {"loop": self, "batch_idx": self.batch_idx, "inputs": x,  # cycle
                       "targets": y, "logits": logits, "losses": losses}
                self._emit("on_batch_end", ctx)
        self.model.train()
        summary = {}
        for cb in self.callbacks:
            if hasattr(cb, "summary"):
                summary.update(cb.summary())
        return summary
