"""Neuroevolution of a tiny regressor with a DEAP-style GA; genomes are flat weight lists."""
import random

import torch
import torch.nn as nn

import creator
import operators

CONFIG = {"pop_size": 16, "generations": 6, "cxpb": 0.6, "mutpb": 0.4, "tournsize": 3, "seed": 7}


class WeightDecoder:
    """Loads a flat genome into a template network and scores it on a fixed batch."""

    def __init__(self, template, x, y):
        self.template = template
        self.x, self.y = x, y
        self.n_params = sum(p.numel() for p in template.parameters())

    @torch.no_grad()
    def evaluate(self, genome):
        vec = torch.tensor(list(genome), dtype=torch.float32)
        torch.nn.utils.vector_to_parameters(vec, self.template.parameters())
        loss = nn.functional.mse_loss(self.template(self.x), self.y)
        return (-loss.item(),)


def random_genome(cls, n, rng):
    return cls(rng.gauss(0.0, 0.5) for _ in range(n))


def main():
    rng = random.Random(CONFIG["seed"])
    torch.manual_seed(CONFIG["seed"])
    template = nn.Sequential(nn.Linear(3, 6), nn.Tanh(), nn.Linear(6, 1))
    x = torch.randn(64, 3)
    y = (x[:, :1] * 0.7 - x[:, 1:2]).tanh()
    decoder = WeightDecoder(template, x, y)

    creator.create("FitnessMax", creator.Fitness, weights=(1.0,))
    creator.create("Individual", list, fitness=creator.FitnessMax, decoder=decoder)

    pop = [random_genome(creator.Individual, decoder.n_params, rng) for _ in range(CONFIG["pop_size"])]
    for ind in pop:
        ind.fitness.values = ind.decoder.evaluate(ind)

    for gen in range(CONFIG["generations"]):
        parents = operators.sel_tournament(pop, len(pop), CONFIG["tournsize"], rng)
        offspring = operators.var_and(parents, CONFIG["cxpb"], CONFIG["mutpb"], rng)
        for ind in offspring:
            if not ind.fitness.wvalues:
                ind.fitness.values = ind.decoder.evaluate(ind)
        best = max(pop + offspring, key=lambda ind: ind.fitness.wvalues)
        pop = offspring[:-1] + [best]
        print(f"gen {gen} best {best.fitness.values[0]:.4f}")


if __name__ == "__main__":
    main()
