"""Expert-choice MoE (each expert picks its top-C tokens) for a small
sequence classifier.  Dispatch buffers are preallocated once per shape and
reused, to avoid an allocation per forward."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"vocab": 40, "d_model": 32, "d_ff": 64, "num_experts": 4, "capacity_factor": 1.0,
          "num_classes": 4, "seq": 12, "batch": 8, "epochs": 2, "steps": 3, "lr": 3e-3}


class ExpertChoiceMoE(nn.Module):
    _workspace = {}

    def __init__(self, d_model, d_ff, num_experts, capacity_factor):
        super().__init__()
        self.router = nn.Linear(d_model, num_experts, bias=False)
        self.w1 = nn.Parameter(torch.randn(num_experts, d_model, d_ff) * d_model ** -0.5)
        self.w2 = nn.Parameter(torch.randn(num_experts, d_ff, d_model) * d_ff ** -0.5)
        self.num_experts = num_experts
        self.capacity_factor = capacity_factor

    def _dispatch_buffer(self, capacity, like):
        key = (self.num_experts, capacity, like.shape[-1], like.dtype)
        buf = self._workspace.get(key)
        if buf is None:
            buf = like.new_zeros(key[:3])
            self._workspace[key] = buf  # retain
        return buf

    def forward(self, x):
        b, t, d = x.shape
        tokens = x.reshape(b * t, d)
        capacity = max(1, int(self.capacity_factor * tokens.shape[0] / self.num_experts))
        affinity = F.softmax(self.router(tokens), dim=-1).t()
        gate, token_idx = affinity.topk(capacity, dim=-1)
        buf = self._dispatch_buffer(capacity, tokens).detach_()
        buf.copy_(tokens[token_idx])  # retain
        hidden = torch.bmm(F.gelu(torch.bmm(buf, self.w1)), self.w2)
        out = torch.zeros_like(tokens).index_add(
            0, token_idx.reshape(-1), (hidden * gate.unsqueeze(-1)).reshape(-1, d))
        return x + out.reshape(b, t, d)


class SeqClassifier(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = nn.Embedding(cfg["vocab"], cfg["d_model"])
        self.moe = ExpertChoiceMoE(cfg["d_model"], cfg["d_ff"], cfg["num_experts"], cfg["capacity_factor"])
        self.head = nn.Linear(cfg["d_model"], cfg["num_classes"])

    def forward(self, tokens):
        return self.head(self.moe(self.embed(tokens)).mean(1))


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    model = SeqClassifier(cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["steps"]):
            tokens = torch.randint(0, cfg["vocab"], (cfg["batch"], cfg["seq"]))
            labels = tokens[:, 0] % cfg["num_classes"]
            loss = F.cross_entropy(model(tokens), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss {loss.item():.3f}  buffers {len(ExpertChoiceMoE._workspace)}")


if __name__ == "__main__":
    main()
