"""SE(2) pose graph: pose variables, relative-pose factors and a gradient-based solver."""
import torch
import torch.nn as nn


def wrap_angle(a):
    return torch.atan2(torch.sin(a), torch.cos(a))


def relative_pose(pi, pj):
    dx, dy = pj[0] - pi[0], pj[1] - pi[1]
    c, s = torch.cos(pi[2]), torch.sin(pi[2])
    return torch.stack([c * dx + s * dy, -s * dx + c * dy, wrap_angle(pj[2] - pi[2])])


class PoseVariable:
    def __init__(self, key, init, fixed=False):
        self.key = key
        self.pose = nn.Parameter(torch.tensor(init, dtype=torch.float32), requires_grad=not fixed)
        self.fixed = fixed
        self.factors = []

    def neighbours(self):
        return {v.key for f in self.factors for v in f.variables if v is not self}


class BetweenFactor:
    def __init__(self, a, b, measurement, sigma):
        self.variables = (a, b)  # cycle
        self.measurement = torch.tensor(measurement, dtype=torch.float32)
        self.sqrt_info = 1.0 / torch.tensor(sigma, dtype=torch.float32)
        for var in self.variables:
            var.factors.append(self)  # cycle

    def whitened_error(self):
        a, b = self.variables
        err = relative_pose(a.pose, b.pose) - self.measurement
        err = torch.cat([err[:2], wrap_angle(err[2:])])
        return err * self.sqrt_info


class PoseGraph:
    def __init__(self):
        self.variables = {}
        self.factors = []

    def add_pose(self, key, init, fixed=False):
        self.variables[key] = PoseVariable(key, init, fixed)

    def add_between(self, i, j, measurement, sigma):
        self.factors.append(BetweenFactor(self.variables[i], self.variables[j], measurement, sigma))

    def chi2(self):
        return sum((f.whitened_error() ** 2).sum() for f in self.factors)

    def total_error(self):
        with torch.no_grad():
            return float(self.chi2())

    def elimination_order(self):
        # greedy minimum-degree ordering on the factor adjacency
        return sorted(self.variables.values(), key=lambda v: (len(v.neighbours()), v.key))

    def optimize(self, iters, lr):
        free = [v.pose for v in self.variables.values() if not v.fixed]
        opt = torch.optim.Adam(free, lr=lr)
        for _ in range(iters):
            loss = self.chi2()
            opt.zero_grad()
            loss.backward()
            opt.step()
        return self.total_error()

    def export(self):
        return [(v.key, tuple(v.pose.detach().tolist())) for v in self.variables.values()]
