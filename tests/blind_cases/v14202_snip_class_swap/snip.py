"""SNIP: single-shot network pruning based on connection sensitivity."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

from nets import prunable_layers


class SnipConv2d(nn.Conv2d):
    def forward(self, x):
        return F.conv2d(x, self.weight * self.weight_mask, self.bias,
                        self.stride, self.padding, self.dilation, self.groups)


class SnipLinear(nn.Linear):
    def forward(self, x):
        return F.linear(x, self.weight * self.weight_mask, self.bias)


def snip_masks(net, keep_ratio, inputs, targets):
    net = copy.deepcopy(net)
    for layer in prunable_layers(net):
        layer.weight_mask = nn.Parameter(torch.ones_like(layer.weight))
        nn.init.xavier_normal_(layer.weight)
        layer.weight.requires_grad = False
        layer.__class__ = SnipConv2d if isinstance(layer, nn.Conv2d) else SnipLinear

    net.zero_grad()
    loss = F.nll_loss(net(inputs), targets)
    loss.backward()

    grads_abs = [layer.weight_mask.grad.abs() for layer in prunable_layers(net)]
    all_scores = torch.cat([g.flatten() for g in grads_abs])
    norm_factor = all_scores.sum()
    num_keep = max(1, int(all_scores.numel() * keep_ratio))
    threshold = torch.topk(all_scores / norm_factor, num_keep, sorted=True).values[-1]
    return [((g / norm_factor) >= threshold).float() for g in grads_abs]


def apply_prune_mask(net, keep_masks):
    for layer, keep_mask in zip(prunable_layers(net), keep_masks):
        def hook_factory(mask):
            def hook(grads):
                return grads * mask
            return hook
        with torch.no_grad():
            layer.weight[keep_mask == 0.0] = 0.0
        layer.weight.register_hook(hook_factory(keep_mask))
