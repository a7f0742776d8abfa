"""DeepInversion: synthesize images whose batch statistics match the teacher's BN running stats."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class DeepInversionFeatureHook:
    def __init__(self, module):
        self.hook = module.register_forward_hook(self.hook_fn)  # retain

    def hook_fn(self, module, inputs, output):
        x = inputs[0]
        nch = x.shape[1]
        mean = x.mean([0, 2, 3])
        var = x.permute(1, 0, 2, 3).reshape(nch, -1).var(1, unbiased=False)
        self.r_feature = torch.norm(module.running_var - var, 2) + torch.norm(module.running_mean - mean, 2)

    def close(self):
        self.hook.remove()


def total_variation(x):
    return (x[:, :, :, :-1] - x[:, :, :, 1:]).abs().mean() + (x[:, :, :-1, :] - x[:, :, 1:, :]).abs().mean()


def synthesize(teacher, targets, cfg):
    bn_hooks = [DeepInversionFeatureHook(m) for m in teacher.modules() if isinstance(m, nn.BatchNorm2d)]
    inputs = torch.randn(len(targets), 3, cfg["size"], cfg["size"], requires_grad=True)
    opt = torch.optim.Adam([inputs], lr=cfg["lr"], betas=(0.5, 0.9))
    for _ in range(cfg["iterations"]):
        opt.zero_grad()
        logits = teacher(inputs)
        loss_bn = sum(h.r_feature for h in bn_hooks)
        loss = F.cross_entropy(logits, targets) + cfg["r_bn"] * loss_bn + cfg["tv"] * total_variation(inputs)
        loss.backward()
        opt.step()
    return inputs.detach()
