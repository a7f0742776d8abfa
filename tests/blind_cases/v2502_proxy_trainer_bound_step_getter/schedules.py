"""Scalar schedules (loss weights, temperatures) built from small config dicts."""
SCHEDULES = {}


def register_schedule(name):
    def deco(cls):
        SCHEDULES[name] = cls
        return cls
    return deco


def build_schedule(cfg, **default_args):
    args = dict(cfg)
    cls = SCHEDULES[args.pop("type")]
    for key, value in default_args.items():
        args.setdefault(key, value)
    return cls(**args)


class StepSchedule:
    def __init__(self, step_getter, start=0.0, end=1.0):
        self._step_getter = step_getter  # cycle
        self.start = start
        self.end = end

    def progress(self):
        raise NotImplementedError

    def __float__(self):
        return self.start + (self.end - self.start) * self.progress()


@register_schedule("linear_warmup")
class LinearWarmup(StepSchedule):
    def __init__(self, step_getter, warmup_steps, start=0.0, end=1.0):
        super().__init__(step_getter, start, end)
        self.warmup_steps = warmup_steps

    def progress(self):
        return min(1.0, self._step_getter() / max(1, self.warmup_steps))
