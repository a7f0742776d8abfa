"""MOON (model-contrastive federated learning) on a label-skewed toy partition."""
import torch

from moon_client import MoonClient
from shared import apply_average

CFG = {"num_clients": 3, "rounds": 3, "local_steps": 4, "batch_size": 16,
       "lr": 0.05, "mu": 1.0, "temperature": 0.5}


def skewed_partition(num_clients, n=60, seed=0):
    g = torch.Generator().manual_seed(seed)
    parts = []
    for cid in range(num_clients):
        x = torch.randn(n, 16, generator=g)
        y = torch.where(torch.rand(n, generator=g) < 0.7,
                        torch.full((n,), cid % 4), torch.randint(0, 4, (n,), generator=g))
        x[torch.arange(n), y] += 2.0
        parts.append((x, y))
    return parts


def main():
    torch.manual_seed(0)
    clients = [MoonClient(cid, x, y, CFG) for cid, (x, y) in enumerate(skewed_partition(CFG["num_clients"]))]
    for rnd in range(CFG["rounds"]):
        states, weights, losses = [], [], []
        for client in clients:
            client.begin_round()
            losses.append(client.local_train())
            states.append({k: v.detach().clone() for k, v in client.model.state_dict().items()})
            weights.append(len(client.x))
        apply_average(states, weights)
        print(f"round {rnd}: mean local loss {sum(losses) / len(losses):.4f}")
    for client in clients:
        client.close()


if __name__ == "__main__":
    main()
