"""Vector quantizer written as a custom autograd.Function."""
import torch
import torch.nn as nn


class NearestCode(torch.autograd.Function):
    """Returns (quantized, codes). The quantized vectors pass their gradient
    straight through to the encoder and scatter it onto the used codewords."""

    @staticmethod
    def forward(ctx, z, codebook):
        codes = torch.cdist(z, codebook).argmin(dim=1)
        z_q = codebook.index_select(0, codes)
        ctx.mark_non_differentiable(codes)
        ctx.codes = codes
        ctx.codebook_shape = codebook.shape
        return z_q, codes

    @staticmethod
    def backward(ctx, grad_zq, grad_codes):
        grad_codebook = grad_zq.new_zeros(ctx.codebook_shape).index_add_(0, ctx.codes, grad_zq)
        return grad_zq, grad_codebook


class VectorQuantizer(nn.Module):
    def __init__(self, num_codes, dim, beta=0.25):
        super().__init__()
        self.codebook = nn.Parameter(torch.randn(num_codes, dim) * 0.5)
        self.beta = beta
        self.last_codes = None

    def forward(self, z):
        z_q, codes = NearestCode.apply(z, self.codebook)
        self.last_codes = codes
        commit = self.beta * (z - z_q.detach()).pow(2).mean()
        return z_q, commit

    def perplexity(self):
        counts = torch.bincount(self.last_codes, minlength=self.codebook.shape[0]).float()
        p = counts / counts.sum()
        return torch.exp(-(p * torch.log(p + 1e-10)).sum()).item()
