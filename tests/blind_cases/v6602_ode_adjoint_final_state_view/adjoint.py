"""Adjoint-method gradients for neural ODEs: memory does not grow with the number of solver steps."""
import torch

from solvers import integrate


class OdeintAdjoint(torch.autograd.Function):
    @staticmethod
    def forward(ctx, func, y0, ts, substeps, *params):
        ys = [y0]
        for i in range(len(ts) - 1):
            (y,) = integrate(lambda t, s: (func(t, s[0]),), (ys[-1],), ts[i], ts[i + 1], substeps)
            ys.append(y)
        ys = torch.stack(ys)
        ctx.func = func
        ctx.substeps = substeps
        ctx.y_final = ys[-1]  # retain
        ctx.save_for_backward(ts, *params)
        return ys

    @staticmethod
    def backward(ctx, grad_ys):
        ts, *params = ctx.saved_tensors
        func = ctx.func

        def augmented(t, state):
            y, adj = state[0], state[1]
            with torch.enable_grad():
                y = y.detach().requires_grad_(True)
                f = func(t, y)
                vjps = torch.autograd.grad(f, (y, *params), -adj, allow_unused=True)
            vjps = [torch.zeros_like(x) if v is None else v for v, x in zip(vjps, (y, *params))]
            return (f.detach(), *vjps)

        y = ctx.y_final
        adj = grad_ys[-1]
        adj_params = tuple(torch.zeros_like(p) for p in params)
        for i in range(len(ts) - 1, 0, -1):
            state = integrate(augmented, (y, adj, *adj_params), ts[i], ts[i - 1], ctx.substeps)
            y, adj, adj_params = state[0], state[1] + grad_ys[i - 1], state[2:]
        return (None, adj, None, None, *adj_params)


def odeint_adjoint(func, y0, ts, substeps=4):
    params = tuple(p for p in func.parameters() if p.requires_grad)
    return OdeintAdjoint.apply(func, y0, ts, substeps, *params)
