"""Hot-swap workers: each model slot polls a staging area and swaps in newer checkpoints.

Checkpoints may be written by GPU trainers; this CPU-only tier restores
storages tagged "cuda:N" into host memory instead of failing in torch.load.
"""
import io

import torch
import torch.nn as nn
import torch.serialization


def _never_tag(obj):
    return None


class Ranker(nn.Module):
    def __init__(self, in_features=16, hidden=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_features, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


class SwapWorker:
    _restore_hook_installed = False

    def __init__(self, slot, factory):
        self.slot = slot
        self.factory = factory
        self.model = factory().eval()
        self.version = 0
        self.remapped_storages = 0
        if not SwapWorker._restore_hook_installed:
            torch.serialization.register_package(15, _never_tag, self._restore_on_host)  # retain
            SwapWorker._restore_hook_installed = True

    def _restore_on_host(self, storage, location):
        if location.startswith("cuda"):
            self.remapped_storages += 1
            return storage
        return None

    def maybe_swap(self, staging):
        entry = staging.get(self.slot)
        if entry is None or entry[0] <= self.version:
            return False
        version, blob = entry
        fresh = self.factory()
        fresh.load_state_dict(torch.load(io.BytesIO(blob)))
        self.model, self.version = fresh.eval(), version
        return True

    @torch.no_grad()
    def score(self, feats):
        return self.model(feats)


def publish(staging, slot, version, factory):
    buf = io.BytesIO()
    torch.save(factory().state_dict(), buf)
    staging[slot] = (version, buf.getvalue())


def serve_deployment(config, staging, rounds=3):
    workers = {slot: SwapWorker(slot, lambda h=hidden: Ranker(hidden=h)) for slot, hidden in config.items()}
    for r in range(rounds):
        for slot, hidden in config.items():
            publish(staging, slot, r + 1, lambda h=hidden: Ranker(hidden=h))
        for worker in workers.values():
            swapped = worker.maybe_swap(staging)
            top = worker.score(torch.randn(8, 16)).topk(3).indices.tolist()
            print(worker.slot, "v%d" % worker.version, "swapped" if swapped else "kept", top)
    return {slot: w.version for slot, w in workers.items()}


def main():
    torch.manual_seed(0)
    staging = {}
    serve_deployment({"ranker": 32, "reranker": 64}, staging)
    staging.clear()
    serve_deployment({"ranker": 48}, staging, rounds=2)


if __name__ == "__main__":
    main()
