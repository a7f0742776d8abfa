"""Fixed-step RK4 over tuple-valued states, counting right-hand-side evaluations."""


class CountingRHS:
    def __init__(self, func):
        self.func = func
        self.nfe = 0

    def __call__(self, t, state):
        self.nfe += 1
        return self.func(t, state)


def rk4(func, t0, t1, state, substeps):
    h = (t1 - t0) / substeps
    t = t0
    for _ in range(substeps):
        k1 = func(t, state)
        k2 = func(t + h / 2, tuple(s + h / 2 * d for s, d in zip(state, k1)))
        k3 = func(t + h / 2, tuple(s + h / 2 * d for s, d in zip(state, k2)))
        k4 = func(t + h, tuple(s + h * d for s, d in zip(state, k3)))
        state = tuple(s + h / 6 * (a + 2 * b + 2 * c + d) for s, a, b, c, d in zip(state, k1, k2, k3, k4))
        t = t + h
    return state
