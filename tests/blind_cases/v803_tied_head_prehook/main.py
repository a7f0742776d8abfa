"""Train a toy next-token model whose output layer is tied to the embedding."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from tying import count_unique_parameters, tie_output_embedding


class TinyLM(nn.Module):
    def __init__(self, vocab=50, dim=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mixer = nn.GRU(dim, dim, batch_first=True)
        self.norm = nn.LayerNorm(dim)
        self.lm_head = nn.Linear(dim, vocab, bias=False)

    def forward(self, tokens):
        h, _ = self.mixer(self.embed(tokens))
        return self.lm_head(self.norm(h))


def make_batch(vocab, batch=4, length=9):
    seq = torch.randint(0, vocab, (batch, length))
    return seq[:, :-1], seq[:, 1:]


def train_model(vocab, steps=3):
    model = TinyLM(vocab)
    handle = tie_output_embedding(model)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for _ in range(steps):
        inp, tgt = make_batch(vocab)
        logits = model(inp)
        loss = F.cross_entropy(logits.reshape(-1, vocab), tgt.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    return count_unique_parameters(model), loss.item(), handle


def main():
    for vocab in (40, 60):
        n_params, loss, _ = train_model(vocab)
        print(vocab, n_params, round(loss, 3))


if __name__ == "__main__":
    main()
