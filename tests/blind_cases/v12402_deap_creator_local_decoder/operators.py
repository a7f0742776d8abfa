"""Variation and selection operators working on list genomes."""
import copy


def sel_tournament(individuals, k, tournsize, rng):
    chosen = []
    for _ in range(k):
        aspirants = [rng.choice(individuals) for _ in range(tournsize)]
        chosen.append(max(aspirants, key=lambda ind: ind.fitness.wvalues))
    return chosen


def cx_blend(ind1, ind2, alpha, rng):
    for i, (x1, x2) in enumerate(zip(ind1, ind2)):
        gamma = (1.0 + 2.0 * alpha) * rng.random() - alpha
        ind1[i] = (1.0 - gamma) * x1 + gamma * x2
        ind2[i] = gamma * x1 + (1.0 - gamma) * x2
    return ind1, ind2


def mut_gaussian(ind, sigma, indpb, rng):
    for i in range(len(ind)):
        if rng.random() < indpb:
            ind[i] += rng.gauss(0.0, sigma)
    return (ind,)


def var_and(population, cxpb, mutpb, rng, alpha=0.3, sigma=0.2, indpb=0.2):
    offspring = [copy.deepcopy(ind) for ind in population]
    for i in range(1, len(offspring), 2):
        if rng.random() < cxpb:
            cx_blend(offspring[i - 1], offspring[i], alpha, rng)
            offspring[i - 1].fitness.invalidate()
            offspring[i].fitness.invalidate()
    for ind in offspring:
        if rng.random() < mutpb:
            mut_gaussian(ind, sigma, indpb, rng)
            ind.fitness.invalidate()
    return offspring
