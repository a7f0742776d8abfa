"""Fixed-step classical Runge-Kutta integration over tuple-valued states."""


def _axpy(state, scale, deriv):
    return tuple(s + scale * d for s, d in zip(state, deriv))


def rk4_step(func, t, state, h):
    k1 = func(t, state)
    k2 = func(t + h / 2, _axpy(state, h / 2, k1))
    k3 = func(t + h / 2, _axpy(state, h / 2, k2))
    k4 = func(t + h, _axpy(state, h, k3))
    return tuple(
        s + h / 6 * (a + 2 * b + 2 * c + d)
        for s, a, b, c, d in zip(state, k1, k2, k3, k4)
    )


def integrate(func, state, t0, t1, substeps):
    h = (t1 - t0) / substeps
    for k in range(substeps):
        state = rk4_step(func, t0 + k * h, state, h)
    return state
