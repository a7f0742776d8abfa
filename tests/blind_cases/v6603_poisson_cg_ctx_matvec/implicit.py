"""Differentiable screened-Poisson solve; the backward pass is one more CG solve (implicit differentiation)."""
import torch

from operators import conjugate_gradient, screened_laplacian


class ScreenedPoissonSolve(torch.autograd.Function):
    @staticmethod
    def forward(ctx, source, kappa, h, tol):
        ctx.kappa = kappa.detach()
        ctx.h = h
        ctx.tol = tol

        def matvec(v):  # cycle
            return screened_laplacian(v, ctx.kappa, ctx.h)

        ctx.matvec = matvec  # cycle
        u, iters = conjugate_gradient(matvec, source, tol=tol)
        ctx.forward_iters = iters
        ctx.save_for_backward(u)
        return u

    @staticmethod
    def backward(ctx, grad_u):
        (u,) = ctx.saved_tensors
        lam, _ = conjugate_gradient(ctx.matvec, grad_u, tol=ctx.tol)
        grad_source = lam if ctx.needs_input_grad[0] else None
        grad_kappa = -(lam * u).sum(dim=0) if ctx.needs_input_grad[1] else None
        return grad_source, grad_kappa, None, None


def screened_poisson(source, kappa, h, tol=1e-8):
    return ScreenedPoissonSolve.apply(source, kappa, h, tol)
