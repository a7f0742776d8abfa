"""Tiny symbolic expression library evaluated with torch tensors."""
import torch


class Expr:
    def __init__(self):
        self._dcache = {}  # cycle

    def diff(self, var):
        if var not in self._dcache:
            self._dcache[var] = self._diff(var)  # cycle
        return self._dcache[var]

    def __add__(self, other):
        return Add(self, as_expr(other))

    def __mul__(self, other):
        return Mul(self, as_expr(other))

    def __neg__(self):
        return Mul(Const(-1.0), self)


def as_expr(value):
    return value if isinstance(value, Expr) else Const(value)


class Const(Expr):
    def __init__(self, value):
        super().__init__()
        self.value = value

    def _diff(self, var):
        return Const(0.0)

    def evaluate(self, env):
        return self.value


class Var(Expr):
    def __init__(self, name):
        super().__init__()
        self.name = name

    def _diff(self, var):
        return Const(1.0 if var is self else 0.0)

    def evaluate(self, env):
        return env[self.name]


class Add(Expr):
    def __init__(self, a, b):
        super().__init__()
        self.a, self.b = a, b

    def _diff(self, var):
        return self.a.diff(var) + self.b.diff(var)

    def evaluate(self, env):
        return self.a.evaluate(env) + self.b.evaluate(env)


class Mul(Expr):
    def __init__(self, a, b):
        super().__init__()
        self.a, self.b = a, b

    def _diff(self, var):
        return self.a.diff(var) * self.b + self.a * self.b.diff(var)

    def evaluate(self, env):
        return self.a.evaluate(env) * self.b.evaluate(env)


class Unary(Expr):
    def __init__(self, arg):
        super().__init__()
        self.arg = arg

    def evaluate(self, env):
        return self.fn(self.arg.evaluate(env))


class Sin(Unary):
    fn = staticmethod(torch.sin)

    def _diff(self, var):
        return Cos(self.arg) * self.arg.diff(var)


class Cos(Unary):
    fn = staticmethod(torch.cos)

    def _diff(self, var):
        return -Sin(self.arg) * self.arg.diff(var)


class Exp(Unary):
    fn = staticmethod(torch.exp)

    def _diff(self, var):
        return Exp(self.arg) * self.arg.diff(var)
