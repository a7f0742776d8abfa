"""Matrix-free finite-difference operators and a batched conjugate-gradient solver on a 1D grid."""
import torch
import torch.nn.functional as F


def screened_laplacian(u, kappa, h):
    """Apply (-d2/dx2 + kappa) to u of shape (batch, n) with zero Dirichlet walls."""
    padded = F.pad(u, (1, 1))
    lap = (padded[:, 2:] - 2 * u + padded[:, :-2]) / (h * h)
    return -lap + kappa * u


def conjugate_gradient(matvec, b, tol=1e-8, max_iter=200):
    x = torch.zeros_like(b)
    r = b.clone()
    p = r.clone()
    rs = (r * r).sum(dim=1, keepdim=True)
    for it in range(max_iter):
        ap = matvec(p)
        alpha = rs / (p * ap).sum(dim=1, keepdim=True).clamp_min(1e-30)
        x = x + alpha * p
        r = r - alpha * ap
        rs_new = (r * r).sum(dim=1, keepdim=True)
        if rs_new.max().sqrt() < tol:
            break
        p = r + (rs_new / rs.clamp_min(1e-30)) * p
        rs = rs_new
    return x, it + 1
