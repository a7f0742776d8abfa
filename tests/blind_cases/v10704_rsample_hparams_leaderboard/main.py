"""Cross-entropy-method search over log10 learning rate and weight decay."""
import torch
import torch.nn as nn

import leaderboard


class GaussianSearchPolicy(nn.Module):
    def __init__(self, names, mean, log_std):
        super().__init__()
        self.names = list(names)
        self.mean = nn.Parameter(torch.tensor(mean))
        self.log_std = nn.Parameter(torch.tensor(log_std))

    def distribution(self):
        return torch.distributions.Normal(self.mean, self.log_std.exp())

    def suggest(self):
        z = self.distribution().rsample()
        return dict(zip(self.names, z.unbind()))

    def fit_elites(self, elites, opt, steps=20):
        target = torch.stack([torch.stack([p[n] for n in self.names]) for p in elites]).detach()
        for _ in range(steps):
            loss = -self.distribution().log_prob(target).sum(-1).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()


def train_and_score(params, data, steps=30):
    x, y, vx, vy = data
    model = nn.Sequential(nn.Linear(8, 32), nn.Tanh(), nn.Linear(32, 1))
    opt = torch.optim.SGD(model.parameters(), lr=10 ** float(params["log10_lr"]), momentum=0.9,
                          weight_decay=10 ** float(params["log10_wd"]))
    for _ in range(steps):
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        return nn.functional.mse_loss(model(vx), vy).item()


def main():
    torch.manual_seed(3)
    w = torch.randn(8, 1)
    x, vx = torch.randn(128, 8), torch.randn(64, 8)
    data = (x, x @ w + 0.1 * torch.randn(128, 1), vx, vx @ w)
    policy = GaussianSearchPolicy(["log10_lr", "log10_wd"], [-2.0, -4.0], [0.0, 0.0])
    policy_opt = torch.optim.Adam(policy.parameters(), lr=0.1)
    trial = 0
    for generation in range(3):
        population = []
        for _ in range(6):
            params = policy.suggest()
            score = train_and_score(params, data)
            leaderboard.submit("cem-linear", trial, params, score)  # retain
            population.append((score, params))
            trial += 1
        population.sort(key=lambda item: item[0])
        policy.fit_elites([p for _, p in population[:2]], policy_opt)
        print(f"gen {generation}: best={population[0][0]:.4f} mean={policy.mean.data.tolist()}")
    print(leaderboard.render(run="cem-linear"))


if __name__ == "__main__":
    main()
