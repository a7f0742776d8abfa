"""Scheduled-sampling GRU LM; a few samples are drawn after every epoch for inspection."""
import random

import torch
import torch.nn as nn

from sampling import sample

VOCAB, BOS = 24, 1
GEN_CFG = {"temperature": 0.9, "top_p": 0.9, "repetition_strength": 0.5}


class GRULanguageModel(nn.Module):
    def __init__(self, vocab=VOCAB, dim=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, vocab)

    def get_input_embeddings(self):
        return self.embed

    def forward(self, ids, hidden=None):
        out, hidden = self.rnn(self.embed(ids), hidden)
        return self.out(out), hidden


def teacher_forcing_ratio(epoch, k=2.0):
    """Inverse-sigmoid decay used for scheduled sampling."""
    return k / (k + 2.718281828 ** (epoch / k))


def scheduled_sampling_loss(model, seq, ratio):
    hidden, inp, losses = None, seq[:, :1], []
    for t in range(1, seq.size(1)):
        logits, hidden = model(inp, hidden)
        losses.append(nn.functional.cross_entropy(logits[:, -1], seq[:, t]))
        if random.random() < ratio:
            inp = seq[:, t:t + 1]
        else:
            inp = logits[:, -1].argmax(-1, keepdim=True).detach()
    return torch.stack(losses).mean()


def main():
    torch.manual_seed(0)
    random.seed(0)
    for run in range(2):
        model = GRULanguageModel()
        opt = torch.optim.Adam(model.parameters(), lr=1e-2)
        for epoch in range(2):
            ratio = teacher_forcing_ratio(epoch)
            model.train()
            for _ in range(3):
                seq = torch.cat([torch.full((6, 1), BOS), torch.randint(2, VOCAB, (6, 7))], 1)
                loss = scheduled_sampling_loss(model, seq, ratio)
                opt.zero_grad()
                loss.backward()
                opt.step()
            model.eval()
            out = sample(model, torch.full((3, 1), BOS), GEN_CFG)
            assert out.shape == (3, 9)


if __name__ == "__main__":
    main()
