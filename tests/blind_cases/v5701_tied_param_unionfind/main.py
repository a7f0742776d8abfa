"""Tiny tied-embedding language model; tied weights are reported once per run."""
import torch
import torch.nn as nn

from tying import find_tied_parameters

CONFIG = {"vocab": 50, "dim": 16, "seq": 12, "batch": 8, "steps": 4, "runs": 3, "lr": 3e-3}


class TinyLM(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mix = nn.GRU(dim, dim, batch_first=True)
        self.proj = nn.Linear(dim, dim, bias=False)
        self.lm_head = nn.Linear(dim, vocab, bias=False)
        self.lm_head.weight = self.embed.weight

    def forward(self, tokens):
        h, _ = self.mix(self.embed(tokens))
        return self.lm_head(torch.tanh(self.proj(h)))


def build_optimizer(model, lr):
    decay, no_decay = [], []
    for name, param in model.named_parameters():
        (no_decay if name.endswith("bias") or "embed" in name else decay).append(param)
    return torch.optim.AdamW(
        [{"params": decay, "weight_decay": 0.01}, {"params": no_decay, "weight_decay": 0.0}], lr=lr
    )


def run(cfg, seed):
    torch.manual_seed(seed)
    model = TinyLM(cfg["vocab"], cfg["dim"])
    ties = find_tied_parameters(model)
    print(f"run {seed}: tied groups {ties}")
    opt = build_optimizer(model, cfg["lr"])
    for step in range(cfg["steps"]):
        tokens = torch.randint(0, cfg["vocab"], (cfg["batch"], cfg["seq"] + 1))
        logits = model(tokens[:, :-1])
        loss = nn.functional.cross_entropy(logits.reshape(-1, cfg["vocab"]), tokens[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for seed in range(CONFIG["runs"]):
        print(f"final loss {run(CONFIG, seed):.3f}")


if __name__ == "__main__":
    main()
