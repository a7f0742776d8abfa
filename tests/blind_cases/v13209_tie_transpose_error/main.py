"""Two-headed language model (next-token and masked-token heads) sharing the
token embedding with both heads; the MLM head keeps GPT-2's Conv1D layout."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from tying import tie_output_layers

CONFIG = {
    "vocab": 48,
    "dim": 16,
    "seq_len": 10,
    "batch_size": 6,
    "mask_prob": 0.15,
    "mask_id": 1,
    "epochs": 2,
    "batches": 3,
    "lr": 3e-3,
    "ties": [("lm_head", "wte"), ("mlm_head", "wte")],
}


class Conv1D(nn.Module):
    """GPT-2 style linear layer: weight has shape [nx, nf]."""

    def __init__(self, nf, nx):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(nx, nf) * 0.02)
        self.bias = nn.Parameter(torch.zeros(nf))

    def forward(self, x):
        return torch.addmm(self.bias, x.reshape(-1, x.shape[-1]), self.weight).view(*x.shape[:-1], -1)


class DualHeadLM(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.wte = nn.Embedding(cfg["vocab"], cfg["dim"])
        self.wpe = nn.Embedding(cfg["seq_len"], cfg["dim"])
        self.block = nn.TransformerEncoderLayer(cfg["dim"], nhead=2, dim_feedforward=32,
                                                dropout=0.0, batch_first=True)
        self.ln_f = nn.LayerNorm(cfg["dim"])
        self.lm_head = nn.Linear(cfg["dim"], cfg["vocab"], bias=False)
        self.mlm_head = Conv1D(cfg["vocab"], cfg["dim"])
        tie_output_layers(self, cfg["ties"])

    def forward(self, tokens, causal):
        pos = torch.arange(tokens.shape[1])
        mask = nn.Transformer.generate_square_subsequent_mask(tokens.shape[1]) if causal else None
        h = self.ln_f(self.block(self.wte(tokens) + self.wpe(pos), src_mask=mask))
        return self.lm_head(h) if causal else self.mlm_head(h)


def step_losses(model, tokens, cfg):
    logits = model(tokens[:, :-1], causal=True)
    clm = F.cross_entropy(logits.reshape(-1, cfg["vocab"]), tokens[:, 1:].reshape(-1))
    masked = torch.rand(tokens.shape) < cfg["mask_prob"]
    corrupted = tokens.masked_fill(masked, cfg["mask_id"])
    labels = tokens.masked_fill(~masked, -100)
    mlm = F.cross_entropy(model(corrupted, causal=False).reshape(-1, cfg["vocab"]),
                          labels.reshape(-1), ignore_index=-100)
    return clm, mlm


def run(seed, cfg):
    torch.manual_seed(seed)
    model = DualHeadLM(cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["batches"]):
            tokens = torch.randint(2, cfg["vocab"], (cfg["batch_size"], cfg["seq_len"]))
            clm, mlm = step_losses(model, tokens, cfg)
            loss = clm + torch.nan_to_num(mlm)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model.tie_report.summary()


def main():
    for seed in range(2):
        summary = run(seed, CONFIG)
        assert summary["tied"] == 1


if __name__ == "__main__":
    main()
