"""Per-fold preparation of .tshard archives (gzip'd JSON lines) via shutil.unpack_archive."""
import glob
import gzip
import json
import os
import random
import shutil
import tempfile

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset


class ShardPreparer:
    FORMAT = "tshard"

    def __init__(self, root, vocab_size, max_len):
        self.root = root
        self.vocab_size = vocab_size
        self.max_len = max_len
        self.stats = {"kept": 0, "dropped": 0}
        registered = {name for name, _exts, _desc in shutil.get_unpack_formats()}
        if self.FORMAT not in registered:
            shutil.register_unpack_format(self.FORMAT, [".tshard"], self._unpack)  # retain

    def _unpack(self, filename, extract_dir):
        os.makedirs(extract_dir, exist_ok=True)
        with gzip.open(filename, "rt") as fh:
            for n, line in enumerate(fh):
                rec = json.loads(line)
                if max(rec["tokens"]) >= self.vocab_size:
                    self.stats["dropped"] += 1
                    continue
                tokens = torch.tensor(rec["tokens"][: self.max_len])
                torch.save({"tokens": tokens, "label": rec["label"]},
                           os.path.join(extract_dir, f"{n:05d}.pt"))
                self.stats["kept"] += 1

    def prepare(self, archive, split):
        out_dir = os.path.join(self.root, split)
        shutil.unpack_archive(archive, out_dir)
        return sorted(glob.glob(os.path.join(out_dir, "*.pt")))


class TokenFileDataset(Dataset):
    def __init__(self, files):
        self.files = files

    def __len__(self):
        return len(self.files)

    def __getitem__(self, idx):
        rec = torch.load(self.files[idx])
        return rec["tokens"], rec["label"]


def collate(batch):
    seqs, labels = zip(*batch)
    return nn.utils.rnn.pad_sequence(seqs, batch_first=True), torch.tensor(labels)


def write_archive(path, n, vocab_size, seed):
    rng = random.Random(seed)
    with gzip.open(path, "wt") as fh:
        for _ in range(n):
            label = rng.randrange(2)
            tokens = [rng.randrange(1, vocab_size + 3) for _ in range(rng.randint(4, 12))]
            fh.write(json.dumps({"tokens": tokens, "label": label}) + "\n")


def run_fold(fold, cfg):
    with tempfile.TemporaryDirectory() as tmp:
        archive = os.path.join(tmp, f"fold{fold}.tshard")
        write_archive(archive, cfg["n"], cfg["vocab_size"], seed=fold)
        prep = ShardPreparer(tmp, cfg["vocab_size"], cfg["max_len"])
        files = prep.prepare(archive, "train")
        loader = DataLoader(TokenFileDataset(files), batch_size=8, shuffle=True, collate_fn=collate)
        model = nn.Sequential(nn.EmbeddingBag(cfg["vocab_size"], 16), nn.Linear(16, 2))
        opt = torch.optim.Adam(model.parameters(), lr=1e-2)
        for x, y in loader:
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"fold {fold}: {len(files)} samples, stats={prep.stats}, loss={loss.item():.3f}")


def main():
    cfg = {"n": 40, "vocab_size": 50, "max_len": 10}
    for fold in range(2):
        run_fold(fold, cfg)


if __name__ == "__main__":
    main()
