"""Paged KV storage with prefix sharing. Every full block is published under the token prefix
it completes, so requests that start with the same system prompt reuse it instead of
recomputing it. The index is weak: a block disappears with the last table that uses it."""
import weakref

import torch

BLOCK_SIZE = 4
PREFIX_INDEX = weakref.WeakValueDictionary()


class KVBlock:
    def __init__(self, owner, keys, values, prefix):
        self.owner = owner  # cycle
        self.keys = keys
        self.values = values
        self.prefix = prefix
        self.readers = 0

    def writable_by(self, table):
        return self.owner is table and self.readers == 0


class BlockTable:
    def __init__(self, request_id):
        self.request_id = request_id
        self.blocks = []  # cycle
        self.tail_k = []
        self.tail_v = []
        self.length = 0

    def reuse_prefix(self, tokens):
        while self.length + BLOCK_SIZE <= len(tokens):
            block = PREFIX_INDEX.get(tuple(tokens[: self.length + BLOCK_SIZE]))
            if block is None:
                break
            block.readers += 1
            self.blocks.append(block)
            self.length += BLOCK_SIZE
        return self.length

    def append(self, tokens, k, v):
        self.tail_k.append(k)
        self.tail_v.append(v)
        self.length += 1
        if len(self.tail_k) == BLOCK_SIZE:
            prefix = tuple(tokens[: self.length])
            block = KVBlock(self, torch.cat(self.tail_k, 1), torch.cat(self.tail_v, 1), prefix)
            self.blocks.append(block)  # cycle
            PREFIX_INDEX[prefix] = block
            self.tail_k, self.tail_v = [], []

    def gather(self):
        keys = [b.keys for b in self.blocks] + self.tail_k
        values = [b.values for b in self.blocks] + self.tail_v
        return torch.cat(keys, 1), torch.cat(values, 1)
