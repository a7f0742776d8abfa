"""Character-level reversal task: a tiny GRU encoder-decoder evaluated once per run."""
import random

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

from batching import Seq2SeqCollator, TokenSeq

ALPHABET = "abcdefgh"
RUN_CFG = {"runs": 3, "pairs": 24, "batch": 6, "hidden": 24, "steps": 3}


class CharTokenizer:
    def __init__(self, alphabet):
        self.itos = ["<pad>", "<bos>"] + list(alphabet)
        self.stoi = {ch: i for i, ch in enumerate(self.itos)}
        self.pad_id, self.bos_id = 0, 1

    def encode(self, text):
        return TokenSeq([self.stoi[ch] for ch in text])


class ReversalPairs(Dataset):
    def __init__(self, tokenizer, n, seed):
        rng = random.Random(seed)
        words = ["".join(rng.choices(ALPHABET, k=rng.randint(3, 7))) for _ in range(n)]
        self.items = [{"source": tokenizer.encode(w), "target": tokenizer.encode(w[::-1])} for w in words]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


class TinySeq2Seq(nn.Module):
    def __init__(self, vocab, hidden, bos_id):
        super().__init__()
        self.bos_id = bos_id
        self.embed = nn.Embedding(vocab, hidden, padding_idx=0)
        self.encoder = nn.GRU(hidden, hidden, batch_first=True)
        self.decoder = nn.GRU(hidden, hidden, batch_first=True)
        self.out = nn.Linear(hidden, vocab)

    def shift_right(self, target):
        start = torch.full((target.size(0), 1), self.bos_id, dtype=target.dtype)
        return torch.cat([start, target[:, :-1]], dim=1)

    def forward(self, source, decoder_input):
        _, h = self.encoder(self.embed(source))
        dec, _ = self.decoder(self.embed(decoder_input), h)
        return self.out(dec)


def run(run_id, cfg):
    tok = CharTokenizer(ALPHABET)
    model = TinySeq2Seq(len(tok.itos), cfg["hidden"], tok.bos_id)
    loader = DataLoader(ReversalPairs(tok, cfg["pairs"], run_id), batch_size=cfg["batch"],
                        collate_fn=Seq2SeqCollator(tok, model=model))
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for _, batch in zip(range(cfg["steps"]), loader):
        logits = model(batch["source"], batch["decoder_input"])
        loss = nn.functional.cross_entropy(logits.transpose(1, 2), batch["target"], ignore_index=tok.pad_id)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for batch in loader:
            pred = model(batch["source"], batch["decoder_input"]).argmax(-1)
            mask = batch["target"] != tok.pad_id
            correct += int((pred.eq(batch["target"]) & mask).sum())
            total += int(mask.sum())
    return correct / total


def main():
    for run_id in range(RUN_CFG["runs"]):
        print("run", run_id, "token accuracy", round(run(run_id, RUN_CFG), 3))


if __name__ == "__main__":
    main()
