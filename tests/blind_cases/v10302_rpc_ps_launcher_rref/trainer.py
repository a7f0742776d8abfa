"""Asynchronous trainers: pull weights, compute a local gradient, push it back."""
import torch
import torch.distributed.rpc as rpc
import torch.nn.functional as F

from ps import ParameterServer, build_model


def call_method(method, rref, *args, **kwargs):
    return method(rref.local_value(), *args, **kwargs)


def remote_method(method, rref, *args, **kwargs):
    return rpc.rpc_sync(rref.owner(), call_method, args=(method, rref) + args, kwargs=kwargs)


class Trainer:
    def __init__(self, rank, ps_rref, cfg):
        self.rank = rank
        self.ps_rref = ps_rref
        self.cfg = cfg
        self.replica = build_model(cfg)
        self.gen = torch.Generator().manual_seed(100 + rank)

    def next_batch(self):
        x = torch.randn(self.cfg["batch"], self.cfg["in_dim"], generator=self.gen)
        y = (x[:, 0] > 0).long()
        return x, y

    def train(self, steps):
        losses = []
        for _ in range(steps):
            version, weights = remote_method(ParameterServer.get_weights, self.ps_rref)
            with torch.no_grad():
                for p, w in zip(self.replica.parameters(), weights):
                    p.copy_(w)
            x, y = self.next_batch()
            loss = F.cross_entropy(self.replica(x), y)
            self.replica.zero_grad(set_to_none=True)
            loss.backward()
            grads = [p.grad.detach().clone() for p in self.replica.parameters()]
            remote_method(ParameterServer.apply_gradients, self.ps_rref, version, grads)
            losses.append(loss.item())
        return sum(losses) / len(losses)


def run_trainer(rank, ps_rref, cfg, steps):
    return Trainer(rank, ps_rref, cfg).train(steps)
