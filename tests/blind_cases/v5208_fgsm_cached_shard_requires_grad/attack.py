"""Single-step (FGSM) adversarial examples for adversarial training."""
import torch
import torch.nn.functional as F


def fgsm(model, x, y, eps):
    x.requires_grad_(True)
    loss = F.cross_entropy(model(x), y)
    (grad,) = torch.autograd.grad(loss, x)
    return (x + eps * grad.sign()).detach()


def mixed_loss(model, x, y, x_adv, adv_weight):
    clean = F.cross_entropy(model(x), y)
    adv = F.cross_entropy(model(x_adv), y)
    return (1 - adv_weight) * clean + adv_weight * adv
