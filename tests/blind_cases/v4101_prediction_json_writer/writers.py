"""Prediction writers that stream per-sample evaluation records as JSON lines."""
import dataclasses
import json
import os
from pathlib import Path

import torch


class BasePredictionWriter:
    """Owns the output file; subclasses turn a batch into records."""

    suffix = ".txt"

    def __init__(self, out_dir, run_name):
        self.out_dir = Path(out_dir)
        self.run_name = run_name
        self.path = self.out_dir / f"{run_name}{self.suffix}"
        self.num_written = 0
        self._fh = None

    def open(self):
        os.makedirs(self.out_dir, exist_ok=True)
        self._fh = open(self.path, "w", encoding="utf-8")
        return self

    def close(self):
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    def __enter__(self):
        return self.open()

    def __exit__(self, *exc):
        self.close()
        return False

    def write_batch(self, **batch):
        for record in self.to_records(**batch):
            self._fh.write(self.serialize(record) + "\n")
            self.num_written += 1

    def to_records(self, **batch):
        raise NotImplementedError

    def serialize(self, record):
        return str(record)


class JsonLinesWriter(BasePredictionWriter):
    suffix = ".jsonl"

    def __init__(self, out_dir, run_name, precision=4, label_names=None):
        super().__init__(out_dir, run_name)
        self.precision = precision
        self.label_names = list(label_names or [])
        self._encoder = json.JSONEncoder(default=self._to_jsonable, sort_keys=True, separators=(",", ":"))  # cycle

    def _to_jsonable(self, obj):
        if isinstance(obj, torch.Tensor):
            values = obj.detach().cpu()
            if values.is_floating_point():
                return [round(v, self.precision) for v in values.flatten().tolist()]
            return values.tolist()
        if dataclasses.is_dataclass(obj):
            return dataclasses.asdict(obj)
        if isinstance(obj, Path):
            return str(obj)
        raise TypeError(f"cannot serialize {type(obj).__name__}")

    def serialize(self, record):
        return self._encoder.encode(record)

    def to_records(self, ids, probs, targets):
        preds = probs.argmax(dim=-1)
        for i, sample_id in enumerate(ids):
            label = int(preds[i])
            yield {
                "id": sample_id,
                "probs": probs[i],
                "pred": self.label_names[label] if self.label_names else label,
                "target": int(targets[i]),
                "source": self.path,
            }
