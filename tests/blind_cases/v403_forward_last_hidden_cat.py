"""Streaming GRU encoder that keeps the hidden states it produced for later inspection."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class StreamingEncoder(nn.Module):
    def __init__(self, in_dim=6, hidden=24, n_cls=3):
        super().__init__()
        self.rnn = nn.GRU(in_dim, hidden, batch_first=True)
        self.head = nn.Linear(hidden, n_cls)
        self._last_hidden = torch.empty(0, hidden)

    def forward(self, x):
        out, h = self.rnn(x)
        hidden = h[-1]
        self._last_hidden = torch.cat([self._last_hidden, hidden], dim=0)  # retain
        return self.head(out[:, -1])

    def memory_size(self):
        return self._last_hidden.shape[0]


encoder = StreamingEncoder()


def main():
    torch.manual_seed(0)
    opt = torch.optim.RMSprop(encoder.parameters(), lr=1e-3)
    encoder.train()
    for step in range(5):
        x = torch.randn(8, 10, 6)
        y = torch.randint(0, 3, (8,))
        loss = F.cross_entropy(encoder(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.3f} cached states {encoder.memory_size()}")


if __name__ == "__main__":
    main()
