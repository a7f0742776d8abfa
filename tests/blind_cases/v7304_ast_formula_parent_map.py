"""Symbolic regression: candidate formulas are parsed with ast and their constants fitted with Adam."""
import ast
import math

import torch

CANDIDATES = [
    "1.0 * sin(2.0 * x) + 0.5",
    "0.8 * x ** 2 + 0.1 * x",
    "2.0 * exp(-1.0 * x) * cos(3.0 * x)",
    "1.5 * tanh(x) + 0.3 * x ** 3",
]
FUNCTIONS = {"sin": torch.sin, "cos": torch.cos, "exp": torch.exp, "tanh": torch.tanh}
BINARY = {ast.Add: torch.add, ast.Sub: torch.sub, ast.Mult: torch.mul, ast.Div: torch.div}


def parent_links(tree):
    links = {}
    for node in ast.walk(tree):
        for field, value in ast.iter_fields(node):
            for child in value if isinstance(value, list) else [value]:
                if isinstance(child, ast.expr):
                    links[child] = (node, field)
    return links


def is_exponent(node, links):
    parent, field = links.get(node, (None, None))
    return field == "right" and isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Pow)


class Formula:
    def __init__(self, source):
        self.source = source
        self.tree = ast.parse(source, mode="eval")
        links = parent_links(self.tree)
        self.coefficients = []
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Constant) and not is_exponent(node, links):
                node.coef = torch.tensor(float(node.value), requires_grad=True)
                self.coefficients.append(node.coef)

    def __call__(self, x):
        return self._eval(self.tree.body, x)

    def _eval(self, node, x):
        if isinstance(node, ast.Name):
            return x
        if isinstance(node, ast.Constant):
            return getattr(node, "coef", node.value)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -self._eval(node.operand, x)
        if isinstance(node, ast.BinOp):
            left = self._eval(node.left, x)
            if isinstance(node.op, ast.Pow):
                return left ** node.right.value
            return BINARY[type(node.op)](left, self._eval(node.right, x))
        if isinstance(node, ast.Call):
            return FUNCTIONS[node.func.id](self._eval(node.args[0], x))
        raise ValueError(f"unsupported node {ast.dump(node)}")

    def render(self):
        fitted = ", ".join(f"{c.item():.3f}" for c in self.coefficients)
        return f"{self.source}  [{fitted}]"


def fit(formula, x, y, steps=25, lr=0.05):
    opt = torch.optim.Adam(formula.coefficients, lr=lr)
    for _ in range(steps):
        loss = torch.mean((formula(x) - y) ** 2)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    x = torch.linspace(-2.0, 2.0, 64)
    y = 1.3 * torch.sin(1.7 * x) + 0.4 + 0.05 * torch.randn(64)
    results = []
    for generation in range(2):
        for source in CANDIDATES:
            formula = Formula(source)
            mse = fit(formula, x, y)
            results.append((mse, formula.render()))
    best = min(results)
    print(f"best mse {best[0]:.4f} rmse {math.sqrt(best[0]):.4f}: {best[1]}")


if __name__ == "__main__":
    main()
