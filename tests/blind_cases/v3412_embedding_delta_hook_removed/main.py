"""Sentence classifier fine-tuned with adversarial training in embedding space."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from adversary import EmbeddingAdversary, PerturbState


class SentenceClassifier(nn.Module):
    def __init__(self, vocab=60, dim=16, classes=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim, padding_idx=0)
        self.encoder = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        self.head = nn.Linear(dim, classes)

    def classify(self, embeds, mask):
        hidden = self.encoder(embeds) * mask.unsqueeze(-1)
        return self.head(hidden.sum(1) / mask.sum(1, keepdim=True).clamp_min(1))


def batches(n=3, size=6, length=9):
    for _ in range(n):
        tokens = torch.randint(1, 60, (size, length))
        tokens[:, -2:] = 0
        yield tokens, torch.randint(0, 3, (size,))


def main():
    torch.manual_seed(0)
    model = SentenceClassifier()
    adversary = EmbeddingAdversary()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    losses = []
    for epoch in range(2):
        for tokens, labels in batches():
            mask = (tokens != 0).float()
            state = PerturbState(model.embed(tokens), mask)
            opt.zero_grad()
            loss = adversary.run(state, lambda e: F.cross_entropy(model.classify(e, mask), labels))
            opt.step()
            losses.append(loss)
    return losses


if __name__ == "__main__":
    main()
