"""Simulated data-parallel job: the ring is rebuilt whenever the world is re-formed."""
from replicas import Replica
from ring import build_ring, ring_allreduce

CFG = {"world_sizes": [4, 3, 4], "steps": 3, "lr": 0.05}


def run_world(world_size, cfg):
    replicas = [Replica(r, seed=0, lr=cfg["lr"]) for r in range(world_size)]
    peers = build_ring(world_size)
    for step in range(cfg["steps"]):
        grads, losses = zip(*(rep.local_gradients() for rep in replicas))
        for rep, flat in zip(replicas, ring_allreduce(peers, grads)):
            rep.apply(flat)
    return sum(losses) / len(losses)


def main():
    for world_size in CFG["world_sizes"]:
        loss = run_world(world_size, CFG)
        print("world %d loss %.4f" % (world_size, loss))


if __name__ == "__main__":
    main()
