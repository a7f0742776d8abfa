"""Sparse message-passing kernels with hand-written backward passes."""
import torch


class GSpMMSum(torch.autograd.Function):
    @staticmethod
    def forward(ctx, block, feat_src, edge_weight):
        msg = feat_src[block.src] * edge_weight.unsqueeze(1)
        out = feat_src.new_zeros(block.num_dst, feat_src.shape[1]).index_add_(0, block.dst, msg)
        ctx.block = block  # cycle
        ctx.save_for_backward(feat_src, edge_weight)
        return out

    @staticmethod
    def backward(ctx, grad_out):
        feat_src, edge_weight = ctx.saved_tensors
        block = ctx.block
        rev_src, rev_dst = block.reverse_csr()
        order = torch.argsort(block.src)
        w = edge_weight[order]
        grad_feat = torch.zeros_like(feat_src).index_add_(0, rev_src, grad_out[rev_dst] * w.unsqueeze(1))
        grad_w = (grad_out[block.dst] * feat_src[block.src]).sum(1)
        return None, grad_feat, grad_w


def gspmm_sum(block, feat_src, edge_weight):
    return GSpMMSum.apply(block, feat_src, edge_weight)
