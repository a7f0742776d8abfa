"""Rigid discs for a small differentiable 2D billiards simulator."""
import torch


class Disc:
    def __init__(self, name, pos, vel, radius=0.1, mass=1.0):
        self.name = name
        self.pos = pos
        self.vel = vel
        self.radius = radius
        self.inv_mass = 1.0 / mass
        self.force = torch.zeros(2)
        self.manifolds = []  # cycle

    def apply_force(self, f):
        self.force = self.force + f

    def integrate(self, dt, friction):
        self.vel = (self.vel + dt * self.inv_mass * self.force) * (1.0 - friction * dt)
        self.pos = self.pos + dt * self.vel
        self.force = torch.zeros(2)

    def kinetic_energy(self):
        return 0.5 / self.inv_mass * (self.vel ** 2).sum()
