"""Evaluation wrapper that overlays the critic's estimate on rendered frames."""
import functools

import torch

from envs import Wrapper


@torch.no_grad()
def draw_value_bar(frame, env, actor, critic, v_min=-2.0, v_max=0.0):
    state = env.unwrapped.state.unsqueeze(0)
    value = float(critic(torch.cat([state, actor(state)], dim=-1)))
    width = max(0, min(frame.shape[-1], int((value - v_min) / (v_max - v_min) * frame.shape[-1])))
    frame = frame.clone()
    frame[0, 0, :width] = 1.0
    return frame


class ValueOverlay(Wrapper):
    """Draws Q(s, pi(s)) as a bar on top of each rendered frame."""

    def __init__(self, env, actor, critic, v_min=-2.0, v_max=0.0):
        super().__init__(env)
        hook = functools.partial(draw_value_bar, env=env, actor=actor, critic=critic, v_min=v_min, v_max=v_max)
        hooks = list(env.metadata.get("render_hooks", ())) + [hook]
        self.metadata = {**env.metadata, "render_hooks": hooks}

    def render(self):
        frame = self.env.render()
        for hook in self.metadata["render_hooks"]:
            frame = hook(frame)
        return frame
