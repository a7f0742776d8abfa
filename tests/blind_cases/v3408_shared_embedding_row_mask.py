"""Intent classifiers trained on top of one shared word-embedding table.

Rows of the pretrained vocabulary stay frozen; only the rows of newly added tokens are trained.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

PRETRAINED_VOCAB = 40
ADDED_TOKENS = 8
EMBED_DIM = 16

torch.manual_seed(0)
SHARED_EMBEDDING = nn.Embedding(PRETRAINED_VOCAB + ADDED_TOKENS, EMBED_DIM, padding_idx=0)


class IntentClassifier(nn.Module):
    def __init__(self, embedding, num_intents, frozen_rows, hidden=24):
        super().__init__()
        self.embedding = embedding
        self.encoder = nn.GRU(EMBED_DIM, hidden, batch_first=True)
        self.head = nn.Linear(hidden, num_intents)
        self.frozen_rows = frozen_rows
        self.embedding.weight.register_hook(self._mask_frozen_rows)  # retain

    def _mask_frozen_rows(self, grad):
        grad = grad.clone()
        grad[: self.frozen_rows] = 0
        return grad

    def forward(self, tokens):
        _, h = self.encoder(self.embedding(tokens))
        return self.head(h[-1])


def make_split(num_intents, n=24, seq=7):
    tokens = torch.randint(1, PRETRAINED_VOCAB + ADDED_TOKENS, (n, seq))
    labels = torch.randint(0, num_intents, (n,))
    return list(zip(tokens.split(8), labels.split(8)))


def train_domain(domain, num_intents, epochs=2):
    model = IntentClassifier(SHARED_EMBEDDING, num_intents, frozen_rows=PRETRAINED_VOCAB)
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for _ in range(epochs):
        for tokens, labels in make_split(num_intents):
            loss = F.cross_entropy(model(tokens), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        acc = sum(float((model(t).argmax(1) == l).float().mean()) for t, l in make_split(num_intents))
    return domain, acc / 3


def main():
    domains = {"banking": 5, "travel": 4, "weather": 3}
    return dict(train_domain(name, n) for name, n in domains.items())


if __name__ == "__main__":
    main()
