"""Tied-embedding language model restored from a checkpoint at the start of each fine-tuning run."""
import io

import torch
import torch.nn as nn
import torch.nn.functional as F

from fixups import AfterLoadMixin, after_load


class TinyLM(AfterLoadMixin, nn.Module):
    ignorable_missing = ("decoder.weight",)

    def __init__(self, vocab=50, dim=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.norm = nn.LayerNorm(dim)
        self.decoder = nn.Linear(dim, vocab, bias=False)
        self.tie_weights()
        self.install_after_load()

    def tie_weights(self):
        self.decoder.weight = self.embed.weight

    @after_load(order=0)
    def _retie(self, module, incompatible_keys):
        self.tie_weights()

    @after_load(order=10)
    def _flatten_rnn(self, module, incompatible_keys):
        self.rnn.flatten_parameters()

    def forward(self, tokens):
        hidden, _ = self.rnn(self.embed(tokens))
        return self.decoder(self.norm(hidden))


def pretrained_checkpoint():
    torch.manual_seed(0)
    state = TinyLM().state_dict()
    state.pop("decoder.weight")
    buf = io.BytesIO()
    torch.save(state, buf)
    return buf.getvalue()


def finetune(blob, seed, steps=3):
    torch.manual_seed(seed)
    model = TinyLM()
    model.load_state_dict(torch.load(io.BytesIO(blob)))
    assert model.decoder.weight is model.embed.weight
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(steps):
        tokens = torch.randint(0, 50, (4, 9))
        logits = model(tokens[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, 50), tokens[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    blob = pretrained_checkpoint()
    return [finetune(blob, seed) for seed in range(3)]


if __name__ == "__main__":
    main()
