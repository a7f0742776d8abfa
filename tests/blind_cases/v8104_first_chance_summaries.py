"""Bag-of-words text classifier; handled exceptions are summarised with their locals."""
import sys
import traceback

import torch
import torch.nn as nn
import torch.nn.functional as F

CORPUS = [("the loss went down fast", 1), ("gradient exploded again", 0),
          ("validation accuracy improved", 1), ("nan in the second layer", 0),
          ("warmup schedule helped", 1), ("optimizer state diverged badly", 0)]


class HandledErrorJournal:
    def __init__(self, module_name, max_events=50):
        self.module_name = module_name
        self.max_events = max_events
        self.entries = []
        self._saved = None

    def _global(self, frame, event, arg):
        if frame.f_globals.get("__name__") == self.module_name:
            return self._local
        return None

    def _local(self, frame, event, arg):
        if event == "exception" and len(self.entries) < self.max_events:
            exc_type, error, tb = arg
            summary = traceback.TracebackException(exc_type, error, tb, capture_locals=True)
            self.entries.append((frame.f_code.co_name, summary))
        return self._local

    def __enter__(self):
        self._saved = sys.gettrace()
        sys.settrace(self._global)
        return self

    def __exit__(self, *exc):
        sys.settrace(self._saved)
        return False

    def last(self):
        if not self.entries:
            return "none"
        where, summary = self.entries[-1]
        frame = summary.stack[-1]
        return f"{where}: {''.join(summary.format_exception_only()).strip()} locals={sorted(frame.locals)}"


class Vocab:
    def __init__(self, words, unk="<unk>"):
        self.index = {unk: 0}
        for w in words:
            self.index.setdefault(w, len(self.index))
        self.unk_id = 0

    def lookup(self, word):
        try:
            return self.index[word]
        except KeyError:
            return self.unk_id

    def encode(self, text):
        return torch.tensor([self.lookup(w) for w in text.split()])


class BowClassifier(nn.Module):
    def __init__(self, vocab_size, dim=16):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab_size, dim, mode="mean")
        self.out = nn.Linear(dim, 2)

    def forward(self, ids, offsets):
        return self.out(self.embed(ids, offsets))


def collate(vocab, pairs):
    ids = [vocab.encode(text) for text, _ in pairs]
    offsets = torch.tensor([0] + [len(t) for t in ids[:-1]]).cumsum(0)
    return torch.cat(ids), offsets, torch.tensor([label for _, label in pairs])


def main():
    vocab = Vocab(w for text, _ in CORPUS[:3] for w in text.split())
    model = BowClassifier(len(vocab.index))
    optimizer = torch.optim.Adagrad(model.parameters(), lr=0.1)
    journal = HandledErrorJournal(__name__)
    for epoch in range(3):
        with journal:
            ids, offsets, labels = collate(vocab, CORPUS)
            loss = F.cross_entropy(model(ids, offsets), labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        print(f"epoch {epoch} loss {loss.item():.3f} handled={len(journal.entries)}")
    print(journal.last())


if __name__ == "__main__":
    main()
