"""Sharded parameter server whose shards are materialised by background loader threads."""
import threading

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "shards": {"embed": (64, 16), "proj": (16, 16), "out": (16, 4)},
    "lr": 0.1,
    "workers": 2,
    "steps": 3,
}


class ParamShard:
    def __init__(self, name, shape, lr):
        self.name = name
        self.shape = shape
        self.lr = lr
        self.weight = None
        self.optimizer = None
        self.ready = torch.futures.Future()  # retain

    def load(self, seed):
        gen = torch.Generator().manual_seed(seed)
        self.weight = nn.Parameter(torch.randn(*self.shape, generator=gen) * 0.1)
        self.optimizer = torch.optim.SGD([self.weight], lr=self.lr)
        self.ready.set_result(self)  # retain

    def pull(self):
        return self.weight.detach().clone()

    def push(self, grad):
        self.weight.grad = grad
        self.optimizer.step()
        self.optimizer.zero_grad(set_to_none=True)


class ShardedServer:
    def __init__(self, cfg):
        self.shards = {name: ParamShard(name, shape, cfg["lr"]) for name, shape in cfg["shards"].items()}
        self._loaders = []

    def start(self):
        for i, shard in enumerate(self.shards.values()):
            t = threading.Thread(target=shard.load, args=(1000 + i,), daemon=True)
            t.start()
            self._loaders.append(t)

    def shard(self, name):
        return self.shards[name].ready.wait()

    def pull_all(self):
        return {name: self.shard(name).pull().requires_grad_() for name in self.shards}

    def push_all(self, grads):
        for name, grad in grads.items():
            self.shard(name).push(grad)

    def stop(self):
        for t in self._loaders:
            t.join()
        self._loaders.clear()


def forward(params, ids):
    h = F.embedding(ids, params["embed"]).mean(dim=1)
    h = torch.tanh(h @ params["proj"])
    return h @ params["out"]


def worker_step(server, gen):
    params = server.pull_all()
    ids = torch.randint(0, 64, (8, 5), generator=gen)
    target = ids[:, 0] % 4
    loss = F.cross_entropy(forward(params, ids), target)
    loss.backward()
    server.push_all({name: p.grad for name, p in params.items()})
    return loss.item()


def main():
    for run in range(2):
        server = ShardedServer(CONFIG)
        server.start()
        gens = [torch.Generator().manual_seed(10 * run + w) for w in range(CONFIG["workers"])]
        for step in range(CONFIG["steps"]):
            losses = [worker_step(server, g) for g in gens]
        server.stop()
        print("run %d loss %.4f" % (run, sum(losses) / len(losses)))


if __name__ == "__main__":
    main()
