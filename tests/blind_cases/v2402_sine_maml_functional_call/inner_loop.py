"""First-order MAML helpers: adapt a copy of the weights without touching the module."""
from dataclasses import dataclass

import torch
from torch.nn.utils.stateless import functional_call


@dataclass
class InnerLoopConfig:
    steps: int = 2
    inner_lr: float = 0.05
    first_order: bool = True


def trainable_weights(model):
    return {name: p for name, p in model.named_parameters() if p.requires_grad}


def sgd_update(weights, grads, lr):
    return {name: w - lr * g for (name, w), g in zip(weights.items(), grads)}


def adapt(model, loss_fn, support_x, support_y, cfg):
    weights = trainable_weights(model)
    for _ in range(cfg.steps):
        preds = functional_call(model, weights, (support_x,))  # cycle
        loss = loss_fn(preds, support_y)
        grads = torch.autograd.grad(loss, list(weights.values()),
                                    create_graph=not cfg.first_order)
        weights = sgd_update(weights, grads, cfg.inner_lr)
    return weights


def query_loss(model, weights, loss_fn, query_x, query_y):
    preds = functional_call(model, weights, (query_x,))  # cycle
    return loss_fn(preds, query_y)
