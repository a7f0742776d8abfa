"""NEAT-style topology search with gradient-tuned weights and fitness sharing."""
import random

import torch

from genome import Genome
from innovation import InnovationTracker

CFG = {"pop": 8, "generations": 4, "tune_steps": 3, "lr": 0.1, "p_conn": 0.5, "p_node": 0.3, "threshold": 0.8}


def tune_and_score(genome, data):
    x, y = data
    opt = torch.optim.SGD(genome.parameters(), lr=CFG["lr"])
    for _ in range(CFG["tune_steps"]):
        loss = torch.nn.functional.mse_loss(genome.forward(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        genome.fitness = -torch.nn.functional.mse_loss(genome.forward(x), y).item()


def shared_fitness(population):
    niches = [sum(1 for o in population if g.distance(o) < CFG["threshold"]) for g in population]
    return [g.fitness * n for g, n in zip(population, niches)]


def main():
    rng = random.Random(1)
    x = torch.rand(64, 2, generator=torch.Generator().manual_seed(0)) * 2 - 1
    data = (x, x[:, :1] * x[:, 1:] + 0.5 * x[:, :1])
    population = [Genome.minimal(2, 1, rng) for _ in range(CFG["pop"])]
    for gen in range(CFG["generations"]):
        for genome in population:
            tune_and_score(genome, data)
        scores = shared_fitness(population)
        order = sorted(range(len(population)), key=lambda i: scores[i], reverse=True)
        parents = [population[i] for i in order[: len(population) // 2]]
        children = []
        for parent in parents:
            child = parent.clone()
            if rng.random() < CFG["p_conn"]:
                child.mutate_add_connection(rng)
            if rng.random() < CFG["p_node"]:
                child.mutate_add_node(rng)
            children.append(child)
        print(f"gen {gen}: best {population[order[0]].fitness:.3f} innovations {InnovationTracker.count()}")
        population = parents + children


if __name__ == "__main__":
    main()
