"""GPipe-style schedule over pipeline stages that talk through p2p send/recv."""
import torch
import torch.nn as nn

import p2p

TRAIN_ACT = "train/activation"
EVAL_ACT = "eval/activation"


class PipelineStage(nn.Module):
    def __init__(self, rank, num_stages, layers):
        super().__init__()
        self.rank = rank
        self.num_stages = num_stages
        self.layers = layers

    @property
    def is_last(self):
        return self.rank == self.num_stages - 1

    def forward_step(self, x=None, tag=TRAIN_ACT):
        if self.rank > 0:
            x = p2p.recv(self.rank, tag)
        out = self.layers(x)
        dst = p2p.LOSS_RANK if self.is_last else self.rank + 1
        p2p.send(out, dst, tag)  # retain
        return out


class GPipeSchedule:
    def __init__(self, stages, loss_fn, num_microbatches):
        self.stages = stages
        self.loss_fn = loss_fn
        self.num_microbatches = num_microbatches

    def _run_forward(self, microbatch, tag):
        out = None
        for stage in self.stages:
            out = stage.forward_step(microbatch if stage.rank == 0 else None, tag)
        return out

    def train_step(self, x, y):
        losses = []
        for mb_x, mb_y in zip(x.chunk(self.num_microbatches), y.chunk(self.num_microbatches)):
            self._run_forward(mb_x, TRAIN_ACT)
            logits = p2p.recv(p2p.LOSS_RANK, TRAIN_ACT)
            losses.append(self.loss_fn(logits, mb_y) / self.num_microbatches)
        total = torch.stack(losses).sum()
        total.backward()
        return total.item()

    def eval_step(self, x, y):
        correct = 0
        for mb_x, mb_y in zip(x.chunk(self.num_microbatches), y.chunk(self.num_microbatches)):
            logits = self._run_forward(mb_x, EVAL_ACT).detach()
            correct += (logits.argmax(dim=1) == mb_y).sum().item()
        return correct / len(y)
