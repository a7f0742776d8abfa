"""Genetic programming for symbolic regression with gradient-tuned constants (Lamarckian write-back)."""
import random

import torch

from gp import Program, random_tree

GP = {"pop": 12, "generations": 5, "max_depth": 3, "tune_steps": 5, "lr": 0.1, "tournament": 3, "seed": 11}


def target(x):
    return 1.5 * torch.sin(x[:, 0]) + x[:, 0] * x[:, 1]


def tune(program, x, y):
    if program.constants:
        opt = torch.optim.Adam(program.constants, lr=GP["lr"])
        for _ in range(GP["tune_steps"]):
            loss = torch.nn.functional.mse_loss(program(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        program.write_back()
    with torch.no_grad():
        program.fitness = -torch.nn.functional.mse_loss(program(x), y).item()


def subtree_mutation(parent, rng, n_vars):
    root = parent.root.copy()
    nodes = list(root.walk())
    victim = rng.choice(nodes)
    fresh = random_tree(rng, 2, n_vars)
    victim.op, victim.children, victim.var, victim.value = fresh.op, fresh.children, fresh.var, fresh.value
    return Program(root)


def subtree_crossover(a, b, rng):
    root = a.root.copy()
    graft = rng.choice(list(b.root.walk())).copy()
    victim = rng.choice(list(root.walk()))
    victim.op, victim.children, victim.var, victim.value = graft.op, graft.children, graft.var, graft.value
    return Program(root)


def main():
    rng = random.Random(GP["seed"])
    torch.manual_seed(GP["seed"])
    x = torch.rand(80, 2) * 4 - 2
    y = target(x)
    population = [Program(random_tree(rng, GP["max_depth"], 2)) for _ in range(GP["pop"])]
    for gen in range(GP["generations"]):
        for prog in population:
            tune(prog, x, y)
        best = max(population, key=lambda p: p.fitness)
        print(f"gen {gen}: best {best.fitness:.4f} {best.key}")
        children = [best]
        while len(children) < GP["pop"]:
            a = max(rng.sample(population, GP["tournament"]), key=lambda p: p.fitness)
            if rng.random() < 0.5:
                b = max(rng.sample(population, GP["tournament"]), key=lambda p: p.fitness)
                children.append(subtree_crossover(a, b, rng))
            else:
                children.append(subtree_mutation(a, rng, 2))
        population = children


if __name__ == "__main__":
    main()
