"""Trainer rank and a simulated evaluator rank synchronised through an in-process store."""
import threading

import torch
import torch.nn as nn

from kvstore import KVStoreServer, StoreClient

WORLD_SIZE = 2
EPOCHS = 3
STEPS = 4


def evaluator_rank(address, results):
    client = StoreClient(address)
    try:
        for epoch in range(EPOCHS):
            client.barrier(f"epoch{epoch}", WORLD_SIZE)
            results.append(float(client.request("GET", f"train_loss/{epoch}")))
    finally:
        client.close()


def main():
    server = KVStoreServer().start()
    peer_losses = []
    peer = threading.Thread(target=evaluator_rank, args=(server.address, peer_losses))
    peer.start()
    model = nn.Sequential(nn.Linear(10, 24), nn.ReLU(), nn.Linear(24, 3))
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-3)
    client = StoreClient(server.address)
    try:
        for epoch in range(EPOCHS):
            for _ in range(STEPS):
                x = torch.randn(16, 10)
                loss = nn.functional.cross_entropy(model(x), x[:, :3].argmax(1))
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            client.request("SET", f"train_loss/{epoch}", f"{loss.item():.6f}")
            client.barrier(f"epoch{epoch}", WORLD_SIZE)
    finally:
        client.close()
        peer.join()
        server.stop()
    print("evaluator saw:", peer_losses)


if __name__ == "__main__":
    main()
