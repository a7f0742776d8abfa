"""Visitor base class for expression trees with a memoised method lookup."""


class NodeVisitor:
    _dispatch = {}

    def visit(self, node, *args):
        key = (type(self), type(node))
        method = NodeVisitor._dispatch.get(key)
        if method is None:
            name = "visit_" + type(node).__name__
            method = getattr(self, name, self.generic_visit)
            NodeVisitor._dispatch[key] = method  # retain
        return method(node, *args)

    def generic_visit(self, node, *args):
        raise TypeError(f"{type(self).__name__} cannot visit {type(node).__name__}")
