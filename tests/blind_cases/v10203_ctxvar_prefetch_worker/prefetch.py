"""Background batch decoding on a process-wide thread pool."""
from concurrent.futures import ThreadPoolExecutor

import torch

import runctx

_POOL = ThreadPoolExecutor(max_workers=2, thread_name_prefix="prefetch")


def _random_crop(x, size):
    i = torch.randint(0, x.shape[-2] - size + 1, ()).item()
    j = torch.randint(0, x.shape[-1] - size + 1, ()).item()
    return x[..., i:i + size, j:j + size]


def _decode(pipeline, seed, batch_size):
    runctx.adopt(pipeline)
    gen = torch.Generator().manual_seed(seed)
    raw = torch.rand(batch_size, 3, 20, 20, generator=gen)
    labels = torch.randint(0, 5, (batch_size,), generator=gen)
    with torch.no_grad():
        images = runctx.current()(_random_crop(raw, 16))
    return images, labels


def prefetch(pipeline, seeds, batch_size):
    return [_POOL.submit(_decode, pipeline, s, batch_size) for s in seeds]
