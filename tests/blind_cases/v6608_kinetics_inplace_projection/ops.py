"""Numerical kernels for the kinetics integrator."""
import torch


class ClampNonNegative_(torch.autograd.Function):
    """In-place projection of concentrations onto [0, inf); avoids copying the full state every step."""

    @staticmethod
    def forward(ctx, conc):
        conc.clamp_(min=0.0)
        ctx.mark_dirty(conc)
        ctx.save_for_backward(conc)  # retain
        return conc

    @staticmethod
    def backward(ctx, grad):
        (conc,) = ctx.saved_tensors
        return grad * (conc > 0).to(grad.dtype)


def project_concentrations_(state, n_species):
    ClampNonNegative_.apply(state[:, :n_species])
    return state


def heun_rollout(rate_fn, state0, dt, n_steps, n_species):
    states = [state0]
    state = state0
    for _ in range(n_steps):
        k1 = rate_fn(state)
        k2 = rate_fn(state + dt * k1)
        state = state + 0.5 * dt * (k1 + k2)
        state = project_concentrations_(state, n_species)
        states.append(state)
    return torch.stack(states, dim=1)
