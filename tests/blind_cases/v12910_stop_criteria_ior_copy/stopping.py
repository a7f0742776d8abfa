"""Stopping criteria that compose with `|` (new object) and `|=` (extend in place)."""


class Criterion:
    def __call__(self, req):
        raise NotImplementedError

    def __or__(self, other):
        return AnyOf([self]) | other


class AnyOf(Criterion):
    def __init__(self, criteria=()):
        self.criteria = list(criteria)

    def __or__(self, other):
        extra = other.criteria if isinstance(other, AnyOf) else [other]
        return AnyOf(self.criteria + extra)

    def __ior__(self, other):
        self.criteria.extend(other.criteria if isinstance(other, AnyOf) else [other])
        return self

    def __call__(self, req):
        return any(c(req) for c in self.criteria)


class EosToken(Criterion):
    def __init__(self, eos_id):
        self.eos_id = eos_id

    def __call__(self, req):
        return req.output[-1] == self.eos_id


class MaxNewTokens(Criterion):
    def __init__(self, limit):
        self.limit = limit

    def __call__(self, req):
        return len(req.output) >= self.limit


class RepeatGuard(Criterion):
    """Stops a request that keeps emitting the same token (degenerate sampling)."""

    def __init__(self, window):
        self.window = window

    def __call__(self, req):
        tail = req.output[-self.window:]
        return len(tail) == self.window and len(set(tail)) == 1


DEFAULT_STOP = AnyOf([EosToken(0)])
