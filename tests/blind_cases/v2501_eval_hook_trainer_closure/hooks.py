"""Training hooks; most are constructed from config entries through HOOKS."""
import abc

HOOKS = {}


def register_hook(name):
    def deco(cls):
        HOOKS[name] = cls
        return cls
    return deco


def build_hook(cfg):
    args = dict(cfg)
    return HOOKS[args.pop("type")](**args)


class HookBase(abc.ABC):
    trainer = None

    def after_step(self):
        pass

    def after_train(self):
        pass


@register_hook("LossWriter")
class LossWriter(HookBase):
    def __init__(self):
        self.records = []

    def after_step(self):
        self.records.append((self.trainer.iter, dict(self.trainer.last_losses)))


class EvalHook(HookBase):
    def __init__(self, period, eval_function):
        self._period = period
        self._func = eval_function  # cycle
        self.history = []

    def _do_eval(self):
        self.history.append({k: float(v) for k, v in self._func().items()})

    def after_step(self):
        if self._period > 0 and (self.trainer.iter + 1) % self._period == 0:
            self._do_eval()

    def after_train(self):
        if self.trainer.iter + 1 >= self.trainer.max_iter:
            self._do_eval()
