"""Asynchronous FL simulation: FedBuff server fed by per-client training threads."""
import queue

import torch
import torch.nn as nn

from fedbuff import ClientWorker, FedBuffServer

CFG = {"num_clients": 5, "local_steps": 2, "batch_size": 16, "lr": 0.05,
       "server_lr": 1.0, "buffer_size": 3, "target_updates": 9}


def build_model():
    return nn.Sequential(nn.Linear(8, 24), nn.ReLU(), nn.Linear(24, 2))


def client_data(cid, n=64):
    g = torch.Generator().manual_seed(cid)
    x = torch.randn(n, 8, generator=g)
    y = (x[:, cid % 8] + x[:, (cid + 1) % 8] > 0).long()
    return x, y


@torch.no_grad()
def evaluate(model, data):
    correct = total = 0
    for x, y in data:
        correct += (model(x).argmax(dim=1) == y).sum().item()
        total += len(y)
    return correct / total


def main():
    torch.manual_seed(0)
    data = [client_data(cid) for cid in range(CFG["num_clients"])]
    outbox = queue.Queue()
    workers = [ClientWorker(cid, *data[cid], build_model(), outbox, CFG)
               for cid in range(CFG["num_clients"])]
    server = FedBuffServer(build_model(), workers, outbox, CFG)
    losses = server.run(CFG["target_updates"])
    print(f"server version {server.version}, {len(losses)} updates, "
          f"last loss {losses[-1]:.3f}, accuracy {evaluate(server.model, data):.3f}")


if __name__ == "__main__":
    main()
