"""Tiny GRU language model with tied input/output embeddings, trained for a few curriculum stages."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from layers import TiedProjection, TokenEmbedding

STAGES = [{"seq_len": 6, "lr": 0.05}, {"seq_len": 10, "lr": 0.02}]


class TiedGRULM(nn.Module):
    def __init__(self, vocab=40, dim=16):
        super().__init__()
        layers = {}
        self.embed = TokenEmbedding("embed", layers, vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.proj = TiedProjection("proj", layers, tie_to="embed", vocab=vocab)

    def forward(self, ids):
        hidden, _ = self.rnn(self.embed(ids))
        return self.proj(hidden)


def lm_loss(model, ids):
    logits = model(ids[:, :-1])
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), ids[:, 1:].reshape(-1))


def run_stage(stage, seed):
    torch.manual_seed(seed)
    model = TiedGRULM()
    opt = torch.optim.Adam(model.parameters(), lr=stage["lr"])
    for _ in range(3):
        ids = torch.randint(0, 40, (4, stage["seq_len"]))
        loss = lm_loss(model, ids)
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
    return loss.item()


def main():
    for i, stage in enumerate(STAGES):
        print("stage", i, "loss %.3f" % run_stage(stage, seed=i))


if __name__ == "__main__":
    main()
