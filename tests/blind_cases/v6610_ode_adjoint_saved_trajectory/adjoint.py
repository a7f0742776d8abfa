"""Adjoint sensitivities for neural ODEs; the forward pass also reports its function-evaluation count."""
import torch

from integrators import CountingRHS, rk4


class OdeintAdjoint(torch.autograd.Function):
    @staticmethod
    def forward(ctx, func, y0, ts, substeps, *params):
        rhs = CountingRHS(lambda t, s: (func(t, s[0]),))
        ys = [y0]
        for i in range(len(ts) - 1):
            ys.append(rk4(rhs, ts[i], ts[i + 1], (ys[-1],), substeps)[0])
        ys = torch.stack(ys)
        nfe = torch.tensor(rhs.nfe)
        ctx.mark_non_differentiable(nfe)
        ctx.func = func
        ctx.substeps = substeps
        ctx.nfe = nfe
        ctx.t_final = ts[-1]
        ctx.save_for_backward(ts, ys, *params)
        return ys, nfe

    @staticmethod
    def backward(ctx, grad_ys, _grad_nfe):
        ts, ys, *params = ctx.saved_tensors
        func = ctx.func

        def augmented(t, state):
            y, adj = state[0], state[1]
            with torch.enable_grad():
                y = y.detach().requires_grad_(True)
                f = func(t, y)
                vjps = torch.autograd.grad(f, (y, *params), -adj, allow_unused=True)
            vjps = [torch.zeros_like(x) if v is None else v for v, x in zip(vjps, (y, *params))]
            return (f.detach(), *vjps)

        rhs = CountingRHS(augmented)
        y, adj = ys[-1], grad_ys[-1]
        adj_params = tuple(torch.zeros_like(p) for p in params)
        for i in range(len(ts) - 1, 0, -1):
            state = rk4(rhs, ts[i], ts[i - 1], (y, adj, *adj_params), ctx.substeps)
            y, adj, adj_params = state[0], state[1] + grad_ys[i - 1], state[2:]
        assert rhs.nfe == int(ctx.nfe), "backward used a different step count"
        return (None, adj, None, None, *adj_params)


def odeint_adjoint(func, y0, ts, substeps=4):
    params = tuple(p for p in func.parameters() if p.requires_grad)
    return OdeintAdjoint.apply(func, y0, ts, substeps, *params)
