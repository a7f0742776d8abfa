"""Sweep over learning rates with an FSDP-like wrapper; each run exports a full optimizer state dict."""
import torch
import torch.nn as nn

from fsdp_shim import ShardedModule, size_based_policy

SWEEP = {"lrs": [1e-3, 5e-3], "epochs": 2, "steps": 2}


class Tagger(nn.Module):
    def __init__(self, vocab=40, dim=16, tags=5):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.encoder = nn.GRU(dim, dim, batch_first=True)
        self.classifier = nn.Linear(dim, tags)

    def forward(self, tokens):
        h, _ = self.encoder(self.embed(tokens))
        return self.classifier(h)


def run(lr):
    model = ShardedModule(Tagger(), auto_wrap_policy=size_based_policy(500))
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    for epoch in range(SWEEP["epochs"]):
        for _ in range(SWEEP["steps"]):
            tokens, tags = torch.randint(0, 40, (4, 7)), torch.randint(0, 5, (4, 7))
            logits = model(tokens)
            loss = nn.functional.cross_entropy(logits.reshape(-1, 5), tags.reshape(-1))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    exported = ShardedModule.full_optim_state_dict(model, optimizer)
    return sorted(exported["state"])


def main():
    for lr in SWEEP["lrs"]:
        run(lr)


if __name__ == "__main__":
    main()
