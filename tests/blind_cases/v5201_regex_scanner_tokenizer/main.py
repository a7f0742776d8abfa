"""Intent classification on synthetic transcripts, one tokenizer per language split."""
import random

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

from tokenization import TranscriptTokenizer
from vocab import Vocab

INTENTS = {
    "billing": ["my bill is {n} dollars too high", "why was i charged {n} twice?"],
    "outage": ["no signal since {n} pm, again!", "the line is down for {n} hours"],
    "cancel": ["please cancel my plan now.", "i want to cancel, contract {n} ends"],
}
CONFIG = {"splits": ["en_us", "en_gb"], "epochs": 2, "batch_size": 8, "emb_dim": 16}


def synth_corpus(seed, n=64):
    rng = random.Random(seed)
    labels = sorted(INTENTS)
    rows = []
    for _ in range(n):
        y = rng.randrange(len(labels))
        text = rng.choice(INTENTS[labels[y]]).format(n=rng.randint(1, 4000))
        rows.append((text, y))
    return rows


class TranscriptDataset(Dataset):
    def __init__(self, rows, tokenizer):
        self.rows = rows
        self.tokenizer = tokenizer

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, idx):
        text, label = self.rows[idx]
        return torch.tensor(self.tokenizer.encode(text)), label


def pad_collate(batch, pad_id=0):
    seqs, labels = zip(*batch)
    x = nn.utils.rnn.pad_sequence(seqs, batch_first=True, padding_value=pad_id)
    return x, torch.tensor(labels)


def run_split(seed, cfg):
    rows = synth_corpus(seed)
    vocab = Vocab.build([t for t, _ in rows], min_freq=1)
    tokenizer = TranscriptTokenizer(vocab)
    loader = DataLoader(TranscriptDataset(rows, tokenizer), batch_size=cfg["batch_size"],
                        shuffle=True, collate_fn=pad_collate)
    model = nn.Sequential(nn.EmbeddingBag(len(vocab), cfg["emb_dim"], mode="mean", padding_idx=0),
                          nn.Linear(cfg["emb_dim"], len(INTENTS)))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(cfg["epochs"]):
        for x, y in loader:
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return tokenizer.stats


def main():
    for seed, split in enumerate(CONFIG["splits"]):
        stats = run_split(seed, CONFIG)
        print(split, stats)


if __name__ == "__main__":
    main()
