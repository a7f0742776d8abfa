"""Tiny MoE language model trained for a few steps on random token streams."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from moe_layer import MoEBlock

CONFIG = {
    "vocab": 64, "d_model": 32, "d_ff": 64, "num_experts": 4, "layers": 2,
    "seq": 16, "batch": 4, "steps": 4, "aux_coef": 0.01, "lr": 3e-3,
}


class TinyMoELM(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = nn.Embedding(cfg["vocab"], cfg["d_model"])
        self.blocks = nn.ModuleList(
            MoEBlock(cfg["d_model"], cfg["d_ff"], cfg["num_experts"]) for _ in range(cfg["layers"]))
        self.head = nn.Linear(cfg["d_model"], cfg["vocab"])

    def forward(self, tokens):
        h = self.embed(tokens)
        aux_total = h.new_zeros(())
        for block in self.blocks:
            h, aux = block(h)
            aux_total = aux_total + aux
        return self.head(h), aux_total


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    model = TinyMoELM(cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        tokens = torch.randint(0, cfg["vocab"], (cfg["batch"], cfg["seq"] + 1))
        logits, aux = model(tokens[:, :-1])
        ce = F.cross_entropy(logits.reshape(-1, cfg["vocab"]), tokens[:, 1:].reshape(-1))
        loss = ce + cfg["aux_coef"] * aux
        opt.zero_grad()
        loss.backward()
        opt.step()
    dropped = [block.last_dropped for block in model.blocks]
    print(f"loss {loss.item():.3f}  dropped tokens per block {dropped}")


if __name__ == "__main__":
    main()
