"""Masked-LM pretraining; special tokens are added mid-run with resize_token_embeddings()."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from heads import TiedLMHead

RUNS = [{"vocab": 40, "dim": 16, "extra_tokens": 2}, {"vocab": 60, "dim": 24, "extra_tokens": 4}]
MASK_PROB = 0.3


class TinyMLM(nn.Module):
    def __init__(self, vocab_size, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim)
        self.encoder = nn.GRU(dim, dim, batch_first=True)
        self.lm_head = TiedLMHead(dim, self.get_input_embeddings)  # cycle

    def get_input_embeddings(self):
        return self.embed

    @torch.no_grad()
    def resize_token_embeddings(self, new_size):
        old = self.embed
        new = nn.Embedding(new_size, old.embedding_dim)
        new.weight[: old.num_embeddings] = old.weight
        self.embed = new
        return new

    def forward(self, ids):
        hidden, _ = self.encoder(self.embed(ids))
        return self.lm_head(hidden)


def mask_tokens(ids, mask_id):
    labels = ids.clone()
    masked = torch.rand(ids.shape) < MASK_PROB
    labels[~masked] = -100
    return ids.masked_fill(masked, mask_id), labels


def train_steps(model, vocab, mask_id, steps=3):
    opt = torch.optim.AdamW(model.parameters(), lr=5e-3)
    for _ in range(steps):
        inputs, labels = mask_tokens(torch.randint(0, vocab, (8, 10)), mask_id)
        logits = model(inputs)
        loss = F.cross_entropy(logits.flatten(0, 1), labels.flatten(), ignore_index=-100)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for run in RUNS:
        model = TinyMLM(run["vocab"], run["dim"])
        train_steps(model, run["vocab"], mask_id=run["vocab"] - 1)
        new_vocab = run["vocab"] + run["extra_tokens"]
        model.resize_token_embeddings(new_vocab)
        assert model.lm_head.weight.shape[0] == new_vocab
        train_steps(model, new_vocab, mask_id=new_vocab - 1)


if __name__ == "__main__":
    main()
