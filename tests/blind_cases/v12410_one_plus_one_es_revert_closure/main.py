"""(1+1)-ES with the 1/5th success rule, one restart per task seed."""
import torch
import torch.nn as nn

import mutation
import tasks

ES = {"task_seeds": (0, 1, 2), "iterations": 40, "sigma0": 0.1, "adapt_every": 10, "layers": None}


def build_net(d_in):
    return nn.Sequential(nn.Linear(d_in, 16), nn.Tanh(), nn.Linear(16, 1))


def one_plus_one(task, seed):
    gen = torch.Generator().manual_seed(seed)
    torch.manual_seed(seed)
    net = build_net(task[0].shape[1])
    best = tasks.fitness(net, task)
    sigma, successes, trials = ES["sigma0"], 0, 0
    for it in range(1, ES["iterations"] + 1):
        mutation.gaussian_inplace(net, sigma, gen, ES["layers"])
        score = tasks.fitness(net, task)
        trials += 1
        if score > best:
            best = score
            successes += 1
        else:
            net.revert_mutation()
        if it % ES["adapt_every"] == 0:
            sigma = mutation.one_fifth_rule(sigma, successes, trials)
            successes, trials = 0, 0
    return best, sigma


def main():
    for seed in ES["task_seeds"]:
        task = tasks.regression_task(seed)
        best, sigma = one_plus_one(task, seed)
        print(f"task {seed}: fitness {best:.4f} final sigma {sigma:.4f}")


if __name__ == "__main__":
    main()
