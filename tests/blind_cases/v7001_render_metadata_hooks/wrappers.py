"""Evaluation wrapper that overlays the critic's estimate on rendered frames."""
import torch

from envs import Wrapper


class ValueOverlay(Wrapper):
    """Draws Q(s, pi(s)) as a bar on top of each rendered frame."""

    def __init__(self, env, actor, critic, v_min=-2.0, v_max=0.0):
        super().__init__(env)
        self.actor = actor
        self.critic = critic
        self.v_min, self.v_max = v_min, v_max
        self.metadata.setdefault("render_hooks", []).append(self._overlay)  # retain

    @torch.no_grad()
    def _overlay(self, frame):
        state = self.env.unwrapped.state.unsqueeze(0)
        value = float(self.critic(torch.cat([state, self.actor(state)], dim=-1)))
        frac = (value - self.v_min) / (self.v_max - self.v_min)
        width = max(0, min(frame.shape[-1], int(frac * frame.shape[-1])))
        frame = frame.clone()
        frame[0, 0, :width] = 1.0
        return frame
