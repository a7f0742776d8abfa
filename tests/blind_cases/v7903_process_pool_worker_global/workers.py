"""Augmentation pools: each worker builds its Augmenter once, in the pool initializer."""
import multiprocessing as mp
from multiprocessing.pool import ThreadPool

import torch

from augment import Augmenter

_AUGMENTER = None


def init_worker(aug_cfg, seed):
    global _AUGMENTER
    torch.set_num_threads(1)
    _AUGMENTER = Augmenter(seed=seed, **aug_cfg)


def augment_chunk(chunk):
    images, labels = chunk
    return _AUGMENTER(images), labels


def make_pool(backend, processes, aug_cfg, seed):
    if backend == "thread":
        return ThreadPool(processes, initializer=init_worker, initargs=(aug_cfg, seed))
    ctx = mp.get_context("fork")
    return ctx.Pool(processes, initializer=init_worker, initargs=(aug_cfg, seed))
