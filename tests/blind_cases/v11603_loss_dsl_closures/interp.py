"""Tree-walking evaluator for loss programs over torch tensors."""
import torch


class Env:
    def __init__(self, parent=None, **bindings):
        self.parent = parent
        self.vars = dict(bindings)

    def lookup(self, name):
        env = self
        while env is not None:
            if name in env.vars:
                return env.vars[name]
            env = env.parent
        raise NameError(name)

    def define(self, name, value):
        self.vars[name] = value  # cycle


class Lambda:
    def __init__(self, params, body, env):
        self.params = params
        self.body = body
        self.env = env  # cycle

    def __call__(self, *args):
        return evaluate(self.body, Env(self.env, **dict(zip(self.params, args))))


BUILTINS = Env(None, **{
    "+": torch.add, "-": torch.sub, "*": torch.mul, "/": torch.div, "<": torch.lt,
    "abs": torch.abs, "mean": torch.mean, "sum": torch.sum, "select": torch.where,
    "log1p": torch.log1p,
})


def evaluate(expr, env):
    if isinstance(expr, str):
        return env.lookup(expr)
    if isinstance(expr, float):
        return expr
    head, *rest = expr
    if head == "define":
        target, body = rest
        if isinstance(target, list):
            env.define(target[0], Lambda(target[1:], body, env))
        else:
            env.define(target, evaluate(body, env))
        return None
    fn = evaluate(head, env)
    return fn(*[evaluate(arg, env) for arg in rest])


def run_program(program, **bindings):
    env = Env(BUILTINS, **bindings)
    result = None
    for form in program:
        result = evaluate(form, env)
    return result
