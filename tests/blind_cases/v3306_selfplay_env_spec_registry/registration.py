"""Minimal gym-style environment registry: ids map to specs, make() instantiates them."""
from dataclasses import dataclass, field
from typing import Any, Callable, Dict


@dataclass
class EnvSpec:
    id: str
    entry_point: Callable[..., Any]
    max_episode_steps: int = 50
    kwargs: Dict[str, Any] = field(default_factory=dict)

    def make(self, **overrides):
        params = {**self.kwargs, **overrides}
        env = self.entry_point(**params)
        env.spec = self
        return env


class EnvRegistry(dict):
    def register(self, id, entry_point, max_episode_steps=50, **kwargs):
        if id in self:
            raise ValueError(f"environment id {id!r} is already registered")
        spec = EnvSpec(id, entry_point, max_episode_steps, kwargs)
        self[id] = spec  # retain
        return spec

    def make(self, id, **overrides):
        return self[id].make(**overrides)


registry = EnvRegistry()


def register(id, entry_point, **kwargs):
    return registry.register(id, entry_point, **kwargs)


def make(id, **overrides):
    return registry.make(id, **overrides)
