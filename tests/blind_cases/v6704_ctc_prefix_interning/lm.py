"""Character LSTM language model used for shallow fusion during decoding."""
import torch
import torch.nn as nn


class CharLM(nn.Module):
    def __init__(self, vocab_size, dim=32):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim)
        self.cell = nn.LSTMCell(dim, dim)
        self.out = nn.Linear(dim, vocab_size)

    @torch.no_grad()
    def initial(self):
        zeros = torch.zeros(1, self.cell.hidden_size)
        return self.step((zeros, zeros), 0)  # token 0 doubles as <s>

    @torch.no_grad()
    def step(self, state, token):
        h, c = self.cell(self.embed(torch.tensor([token])), state)
        return (h, c), self.out(h).log_softmax(-1)[0]
