"""Small helpers shared by the hand-written autograd Functions of this project."""


def remember(ctx, **named):
    """Keep named values on ctx for the backward pass."""
    for name, value in named.items():
        setattr(ctx, name, value)  # cycle
    ctx.remembered = tuple(named)


def recall(ctx, *names):
    names = names or ctx.remembered
    return [getattr(ctx, name) for name in names]


def needs_input_grad(ctx, index):
    return bool(ctx.needs_input_grad[index])
