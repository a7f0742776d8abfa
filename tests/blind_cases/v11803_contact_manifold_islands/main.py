"""Learn the cue-ball launch velocity that sends the target ball to a goal position."""
import torch
import torch.nn as nn

from bodies import Disc
from contacts import ContactCache, islands

SIM = {"dt": 0.02, "steps": 40, "stiffness": 400.0, "damping": 2.0, "friction": 0.3}
GOAL = torch.tensor([1.2, 0.15])


class World:
    def __init__(self, bodies, cfg):
        self.bodies = bodies
        self.cfg = cfg
        self.contacts = ContactCache()
        self.n_islands = []

    def step(self):
        for manifold in self.contacts.update(self.bodies):
            manifold.apply(self.cfg["stiffness"], self.cfg["damping"])
        for body in self.bodies:
            body.integrate(self.cfg["dt"], self.cfg["friction"])
        self.n_islands.append(len(islands(self.bodies)))

    def run(self, steps):
        for _ in range(steps):
            self.step()


def make_table(launch_velocity):
    cue = Disc("cue", torch.tensor([0.0, 0.0]), launch_velocity)
    target = Disc("target", torch.tensor([0.5, 0.05]), torch.zeros(2))
    blocker = Disc("blocker", torch.tensor([0.75, -0.2]), torch.zeros(2))
    return [cue, target, blocker]


def main():
    torch.manual_seed(0)
    launch = nn.Parameter(torch.tensor([2.0, 0.0]))
    opt = torch.optim.Adam([launch], lr=0.05)
    for episode in range(4):
        bodies = make_table(launch)
        world = World(bodies, SIM)
        world.run(SIM["steps"])
        target = bodies[1]
        loss = ((target.pos - GOAL) ** 2).sum() + 1e-3 * (launch ** 2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"episode {episode}: loss {loss.item():.4f} islands(min) {min(world.n_islands)}")


if __name__ == "__main__":
    main()
