"""Threaded sync views (Flask-style) calling an asyncio batcher through the bridge."""
import concurrent.futures

import torch

import bridge
from batcher import Embedder, FillBatcher

SETTINGS = {"workers": 4, "requests": 10, "seq_len": 6, "timeout_s": 0.05}


def make_view(batcher):
    def embed_view(tokens):
        try:
            vector = bridge.call(batcher.submit(tokens), timeout=SETTINGS["timeout_s"])
        except concurrent.futures.TimeoutError:
            return 503, None
        return 200, vector
    return embed_view


def main():
    torch.manual_seed(0)
    batcher = FillBatcher(Embedder(), max_batch=4)
    view = make_view(batcher)
    requests = [torch.randint(0, 64, (SETTINGS["seq_len"],)) for _ in range(SETTINGS["requests"])]
    with concurrent.futures.ThreadPoolExecutor(SETTINGS["workers"]) as pool:
        statuses = [status for status, _ in pool.map(view, requests)]
    print(f"ok={statuses.count(200)} timed_out={statuses.count(503)} batches={batcher.batches_run}")


if __name__ == "__main__":
    main()
