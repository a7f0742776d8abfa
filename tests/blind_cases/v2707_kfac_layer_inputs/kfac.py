"""K-FAC gradient preconditioner for nn.Linear layers, used in front of a first-order optimizer."""
import torch
import torch.nn as nn


class KFACPreconditioner:
    def __init__(self, model, damping=1e-2, stat_decay=0.9, update_every=2):
        self.model = model  # retain
        self.damping, self.stat_decay, self.update_every = damping, stat_decay, update_every
        self.layers = [m for m in model.modules() if isinstance(m, nn.Linear)]  # retain
        self.inputs, self.grad_outputs = {}, {}  # retain
        self.A, self.G, self.inv = {}, {}, {}
        self.steps = 0
        for layer in self.layers:
            layer.register_forward_hook(self._capture_input)  # retain
            layer.register_full_backward_hook(self._capture_grad_output)  # retain

    def _capture_input(self, module, inputs, output):
        if module.training and torch.is_grad_enabled():
            self.inputs[module] = inputs[0]  # retain

    def _capture_grad_output(self, module, grad_input, grad_output):
        self.grad_outputs[module] = grad_output[0]

    @staticmethod
    def _with_bias(a):
        return torch.cat([a, a.new_ones(a.size(0), 1)], dim=1)

    def _running(self, store, key, value):
        if key not in store:
            store[key] = value
        else:
            store[key].mul_(self.stat_decay).add_(value, alpha=1 - self.stat_decay)

    @torch.no_grad()
    def _update_factors(self):
        for layer in self.layers:
            a = self._with_bias(self.inputs[layer].detach())
            g = self.grad_outputs[layer] * self.grad_outputs[layer].size(0)
            self._running(self.A, layer, a.t() @ a / a.size(0))
            self._running(self.G, layer, g.t() @ g / g.size(0))
            eye_a = torch.eye(self.A[layer].size(0))
            eye_g = torch.eye(self.G[layer].size(0))
            self.inv[layer] = (torch.linalg.inv(self.A[layer] + self.damping * eye_a),
                               torch.linalg.inv(self.G[layer] + self.damping * eye_g))

    @torch.no_grad()
    def precondition(self):
        if self.steps % self.update_every == 0:
            self._update_factors()
        self.steps += 1
        for layer in self.layers:
            a_inv, g_inv = self.inv[layer]
            grad = torch.cat([layer.weight.grad, layer.bias.grad.unsqueeze(1)], dim=1)
            nat = g_inv @ grad @ a_inv
            layer.weight.grad.copy_(nat[:, :-1])
            layer.bias.grad.copy_(nat[:, -1])
