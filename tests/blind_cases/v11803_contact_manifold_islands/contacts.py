"""Persistent contact manifolds with penalty forces and island detection."""
import torch


class ContactManifold:
    def __init__(self, a, b):
        self.a = a  # cycle
        self.b = b  # cycle
        self.age = 0
        self.max_depth = 0.0
        a.manifolds.append(self)  # cycle
        b.manifolds.append(self)  # cycle

    def apply(self, stiffness, damping):
        delta = self.b.pos - self.a.pos
        dist = delta.norm().clamp(min=1e-6)
        normal = delta / dist
        depth = (self.a.radius + self.b.radius - dist).clamp(min=0.0)
        rel_vel = ((self.b.vel - self.a.vel) * normal).sum()
        magnitude = stiffness * depth - damping * rel_vel * (depth > 0).float()
        self.a.apply_force(-magnitude * normal)
        self.b.apply_force(magnitude * normal)
        self.max_depth = max(self.max_depth, float(depth))
        self.age += 1


class ContactCache:
    def __init__(self, margin=0.02, max_age=8):
        self.margin = margin
        self.max_age = max_age
        self.manifolds = {}

    def update(self, bodies):
        for i, a in enumerate(bodies):
            for b in bodies[i + 1:]:
                gap = float((b.pos - a.pos).norm()) - a.radius - b.radius
                key = (a.name, b.name)
                if gap < self.margin and key not in self.manifolds:
                    self.manifolds[key] = ContactManifold(a, b)
        for key in [k for k, m in self.manifolds.items() if m.age > self.max_age]:
            del self.manifolds[key]
        return list(self.manifolds.values())


def islands(bodies):
    """Groups of bodies connected through contacts (used for sleeping)."""
    seen, groups = set(), []
    for body in bodies:
        if body.name in seen:
            continue
        stack, group = [body], []
        seen.add(body.name)
        while stack:
            cur = stack.pop()
            group.append(cur.name)
            for m in cur.manifolds:
                other = m.b if m.a is cur else m.a
                if other.name not in seen:
                    seen.add(other.name)
                    stack.append(other)
        groups.append(group)
    return groups
