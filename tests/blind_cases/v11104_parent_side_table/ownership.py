"""Parent lookup for nested blocks, kept outside the modules so that
state_dict(), repr() and named_modules() stay exactly as torch builds them."""

_PARENT_OF = {}


def adopt(parent, name, child):
    parent.add_module(name, child)
    _PARENT_OF[id(child)] = (parent, name)  # retain
    return child


def parent_of(module):
    entry = _PARENT_OF.get(id(module))
    return None if entry is None else entry[0]


def qualified_name(module):
    parts = []
    entry = _PARENT_OF.get(id(module))
    while entry is not None:
        module, name = entry
        parts.append(name)
        entry = _PARENT_OF.get(id(module))
    return ".".join(reversed(parts))
