"""Dataset wrapper that drops undecodable samples instead of crashing the epoch."""
import torch

from tokenization import CorruptSample


class SkippingTextDataset:
    def __init__(self, rows, tokenizer):
        self.rows = rows
        self.tokenizer = tokenizer
        self.skipped = []

    def _load(self, idx):
        text, label = self.rows[idx]
        try:
            ids = self.tokenizer.encode(text)
        except KeyError as e:
            raise CorruptSample(idx, f"unknown token {e.args[0]!r}") from e
        return ids, torch.tensor(label)

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, idx):
        try:
            return self._load(idx)
        except CorruptSample as err:
            # strip our own traceback so the skip log stays small
            self.skipped.append(err.with_traceback(None))  # cycle
            return None

    def batches(self, batch_size):
        buf = []
        for i in range(len(self)):
            item = self[i]
            if item is None:
                continue
            buf.append(item)
            if len(buf) == batch_size:
                ids, labels = zip(*buf)
                yield torch.stack(ids), torch.stack(labels)
                buf = []
