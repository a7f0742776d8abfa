"""Minimal DGL-like graph block with node/edge frames and a lazily built reverse index."""
import torch


class Block:
    def __init__(self, src, dst, num_src, num_dst):
        self.src = src
        self.dst = dst
        self.num_src = num_src
        self.num_dst = num_dst
        self.srcdata = {}
        self.dstdata = {}
        self.edata = {}
        self._formats = {}

    def in_degrees(self):
        return torch.bincount(self.dst, minlength=self.num_dst)

    def reverse_csr(self):
        if "rev" not in self._formats:
            order = torch.argsort(self.src)
            self._formats["rev"] = (self.src[order], self.dst[order])
        return self._formats["rev"]


def sample_block(seeds, adj_src, adj_dst, fanout, generator):
    picked_src, picked_dst = [], []
    for local, node in enumerate(seeds.tolist()):
        nbrs = adj_src[adj_dst == node]
        if len(nbrs) > fanout:
            nbrs = nbrs[torch.randperm(len(nbrs), generator=generator)[:fanout]]
        picked_src.append(nbrs)
        picked_dst.append(torch.full((len(nbrs),), local, dtype=torch.long))
    src_nodes, src_local = torch.unique(torch.cat([seeds] + picked_src), return_inverse=True)
    src_local = src_local[len(seeds):]
    block = Block(src_local, torch.cat(picked_dst), len(src_nodes), len(seeds))
    return block, src_nodes
