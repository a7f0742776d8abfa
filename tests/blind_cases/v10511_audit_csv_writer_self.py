"""Per-version request audit trail written as CSV and shipped in fixed-size chunks."""
import csv
import time

import torch
import torch.nn as nn

CONFIG = {"versions": ["2024-05-a", "2024-05-b", "2024-06-a"], "requests_per_version": 6,
          "chunk_bytes": 256}

SHIPPED = []  # stands in for the object store the chunks are uploaded to


class AuditTrail:
    FIELDS = ("request_id", "model_version", "latency_ms", "label", "status")

    def __init__(self, version, chunk_bytes):
        self.version = version
        self.chunk_bytes = chunk_bytes
        self._buf = []
        self._size = 0
        self._rows = csv.writer(self, lineterminator="\n")  # cycle
        self._rows.writerow(self.FIELDS)

    # file-like sink used by csv.writer
    def write(self, text):
        self._buf.append(text)
        self._size += len(text)
        if self._size >= self.chunk_bytes:
            self.flush()
        return len(text)

    def flush(self):
        if self._buf:
            SHIPPED.append((self.version, len("".join(self._buf))))
            self._buf, self._size = [], 0

    def record(self, rid, latency_ms, label, status=200):
        self._rows.writerow((rid, self.version, f"{latency_ms:.3f}", label, status))


class ModelVersion:
    def __init__(self, version, model, chunk_bytes):
        self.version = version
        self.model = model.eval()
        self.audit = AuditTrail(version, chunk_bytes)

    @torch.no_grad()
    def predict(self, rid, x):
        start = time.perf_counter()
        label = int(self.model(x).argmax(-1))
        self.audit.record(rid, (time.perf_counter() - start) * 1e3, label)
        return label


def build(version):
    torch.manual_seed(sum(map(ord, version)))
    return nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))


def main():
    live = None
    for version in CONFIG["versions"]:
        # blue/green rollout: the new version replaces the old one
        if live is not None:
            live.audit.flush()
        live = ModelVersion(version, build(version), CONFIG["chunk_bytes"])
        for i in range(CONFIG["requests_per_version"]):
            live.predict(f"{version}-{i}", torch.randn(1, 8))
    live.audit.flush()
    print(f"shipped {len(SHIPPED)} chunks, {sum(n for _, n in SHIPPED)} bytes")


if __name__ == "__main__":
    main()
