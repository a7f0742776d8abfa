"""EMA weights stored as buffers on the model itself, so .to() and state_dict() carry them."""
import torch


def _buffer_name(param_name):
    return "ema__" + param_name.replace(".", "__")


class ShadowEMA:
    def __init__(self, model, decay=0.99, warmup=5):
        self.decay = decay
        self.warmup = warmup
        self.updates = 0
        self.pairs = []
        for name, p in list(model.named_parameters()):
            buf = _buffer_name(name)
            model.register_buffer(buf, p.clone(), persistent=True)
            self.pairs.append((name, buf))

    def current_decay(self):
        return min(self.decay, (1 + self.updates) / (self.warmup + self.updates))

    @torch.no_grad()
    def update(self, model):
        self.updates += 1
        d = self.current_decay()
        params = dict(model.named_parameters())
        for name, buf in self.pairs:
            shadow = getattr(model, buf)
            shadow.mul_(d).add_(params[name].detach(), alpha=1.0 - d)

    @torch.no_grad()
    def swap(self, model):
        """Exchange live and EMA weights in place (call twice to restore)."""
        params = dict(model.named_parameters())
        for name, buf in self.pairs:
            live, shadow = params[name], getattr(model, buf)
            tmp = live.detach().clone()
            live.copy_(shadow)
            shadow.copy_(tmp)
