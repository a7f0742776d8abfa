"""Unlabelled public transfer set shared by the FedDF server and the evaluation scripts."""
import torch


class TransferSet:
    def __init__(self, num_samples, dim, seed=0):
        gen = torch.Generator().manual_seed(seed)
        self.inputs = torch.randn(num_samples, dim, generator=gen)
        self.soft_targets = None
        self.round = -1

    def __len__(self):
        return self.inputs.shape[0]

    def batches(self, batch_size):
        for start in range(0, len(self), batch_size):
            end = start + batch_size
            targets = None if self.soft_targets is None else self.soft_targets[start:end]
            yield self.inputs[start:end], targets


PUBLIC = TransferSet(num_samples=64, dim=8)
