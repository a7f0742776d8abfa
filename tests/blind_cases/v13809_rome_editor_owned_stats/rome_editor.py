"""Rank-one editor (ROME-style) that owns its key statistics for the model it edits."""
import torch
import torch.nn.functional as F


class TraceInput:
    def __init__(self, module):
        self.module, self.input, self._handle = module, None, None

    def __enter__(self):
        def hook(module, inputs, output):
            self.input = inputs[0]

        self._handle = self.module.register_forward_hook(hook)
        return self

    def __exit__(self, *exc):
        self._handle.remove()
        return False


class RomeEditor:
    def __init__(self, model, layer, hparams):
        self.model = model
        self.block = model.h[layer]
        self.proj = self.block["mlp"].c_proj
        self.hp = hparams
        self._inv_mom2 = None

    def inv_cov(self, sample_batches):
        if self._inv_mom2 is None:
            total, count = 0, 0
            for tokens in sample_batches:
                with TraceInput(self.proj) as tr:
                    self.model(tokens)
                feats = tr.input.reshape(-1, tr.input.shape[-1])
                total, count = total + feats.t() @ feats, count + feats.shape[0]
            self._inv_mom2 = torch.inverse(total / count + 1e-2 * torch.eye(feats.shape[-1]))
        return self._inv_mom2

    def compute_kv(self, prompt, target_id):
        with torch.no_grad(), TraceInput(self.proj) as tr:
            self.model(prompt.unsqueeze(0))
        k = tr.input[0, -1]
        v0 = self.proj(k).detach()
        delta = torch.zeros_like(v0, requires_grad=True)

        def add_delta(module, inputs, output):
            mask = torch.zeros(output.shape[1], 1)
            mask[-1] = 1.0
            return output + mask * delta

        handle = self.block["mlp"].register_forward_hook(add_delta)
        opt = torch.optim.Adam([delta], lr=self.hp["v_lr"])
        try:
            for _ in range(self.hp["v_steps"]):
                logits = self.model(prompt.unsqueeze(0))[0, -1]
                loss = F.cross_entropy(logits.unsqueeze(0), torch.tensor([target_id]))
                opt.zero_grad()
                loss.backward()
                opt.step()
        finally:
            handle.remove()
        return k, (v0 + delta).detach()

    def apply(self, request, sample_batches):
        k, v = self.compute_kv(request["prompt"], request["target"])
        u = self.inv_cov(sample_batches) @ k
        u = u / (k @ u)
        with torch.no_grad():
            self.proj.weight += torch.outer(v - self.proj(k), u)
