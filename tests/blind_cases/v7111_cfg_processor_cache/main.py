"""Fine-tunes a tiny decoder per run and samples with classifier-free guidance after every epoch."""
import torch
import torch.nn as nn

from generation import GenerationConfig, GenerationMixin

VOCAB, DIM = 30, 24
SAMPLING = GenerationConfig(max_new_tokens=6, temperature=0.8, top_k=10, guidance_scale=1.5)


class TinyDecoder(GenerationMixin, nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.lm_head = nn.Linear(dim, vocab)
        self._processor_cache = {}  # cycle

    def forward(self, ids):
        h, _ = self.rnn(self.embed(ids))
        return self.lm_head(h)


def run(seed, epochs=2, steps=3):
    torch.manual_seed(seed)
    model = TinyDecoder(VOCAB, DIM)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    negative = torch.tensor([[2, 3]])
    for epoch in range(epochs):
        model.train()
        for _ in range(steps):
            ids = torch.randint(4, VOCAB, (8, 12))
            logits = model(ids[:, :-1])
            loss = nn.functional.cross_entropy(logits.reshape(-1, VOCAB), ids[:, 1:].reshape(-1))
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        sample = model.generate(torch.tensor([[5, 6, 7], [8, 9, 10]]), SAMPLING, negative_ids=negative)
        print(f"seed {seed} epoch {epoch}: loss {loss.item():.3f} sample {sample[0, 3:].tolist()}")


def main():
    for seed in range(2):
        run(seed)


if __name__ == "__main__":
    main()
