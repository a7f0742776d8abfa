"""Population-based training of small classifiers with truncation exploit and multiplicative explore."""
import copy
import random

import torch
import torch.nn as nn

PBT = {"population": 4, "rounds": 3, "steps_per_round": 4, "truncation": 0.25, "perturb": (0.8, 1.25)}


class Member:
    def __init__(self, uid, hparams, seed):
        torch.manual_seed(seed)
        self.uid = uid
        self.hparams = dict(hparams)
        self.net = nn.Sequential(nn.Linear(10, 24), nn.ReLU(), nn.Linear(24, 3))
        self.opt = torch.optim.SGD(self.net.parameters(), lr=self.hparams["lr"], momentum=self.hparams["momentum"])
        self.score = float("-inf")
        self.step = 0
        self.history = []

    def train_round(self, data, steps):
        x, y = data
        for _ in range(steps):
            loss = nn.functional.cross_entropy(self.net(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            self.step += 1

    @torch.no_grad()
    def evaluate(self, data):
        x, y = data
        self.score = (self.net(x).argmax(1) == y).float().mean().item()
        return self.score

    def log_event(self, event, **info):
        record = {**vars(self), "event": event, **info}  # cycle
        self.history.append(record)  # cycle

    def exploit(self, donor):
        self.net.load_state_dict(donor.net.state_dict())
        for mine, theirs in zip(self.net.parameters(), donor.net.parameters()):
            buf = donor.opt.state.get(theirs, {}).get("momentum_buffer")
            if buf is not None:
                self.opt.state[mine] = {"momentum_buffer": buf.clone()}
        self.hparams = dict(donor.hparams)
        self.log_event("exploit", donor=donor.uid)

    def explore(self, rng, factors):
        for key in ("lr", "momentum"):
            self.hparams[key] = min(self.hparams[key] * rng.choice(factors), 0.99)
        for group in self.opt.param_groups:
            group["lr"] = self.hparams["lr"]
            group["momentum"] = self.hparams["momentum"]
        self.log_event("explore", hparams=copy.copy(self.hparams))


def make_data(n, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 10, generator=g)
    y = (x[:, :3].sum(1) > 0).long() + (x[:, 3] > 1).long()
    return x, y


def main():
    rng = random.Random(0)
    train, val = make_data(128, 1), make_data(64, 2)
    population = [
        Member(i, {"lr": 10 ** rng.uniform(-2.5, -0.5), "momentum": rng.uniform(0.5, 0.95)}, seed=i)
        for i in range(PBT["population"])
    ]
    for rnd in range(PBT["rounds"]):
        for member in population:
            member.train_round(train, PBT["steps_per_round"])
            member.evaluate(val)
        ranked = sorted(population, key=lambda m: m.score, reverse=True)
        cut = max(1, int(len(ranked) * PBT["truncation"]))
        for loser in ranked[-cut:]:
            donor = rng.choice(ranked[:cut])
            loser.exploit(donor)
            loser.explore(rng, PBT["perturb"])
        print(f"round {rnd}: best={ranked[0].uid} acc={ranked[0].score:.3f}")


if __name__ == "__main__":
    main()
