"""Parent lookup for nested blocks, kept outside the modules so that
state_dict(), repr() and named_modules() stay exactly as torch builds them."""
import weakref

_PARENT_OF = weakref.WeakKeyDictionary()


def adopt(parent, name, child):
    parent.add_module(name, child)
    _PARENT_OF[child] = (weakref.ref(parent), name)
    return child


def parent_of(module):
    entry = _PARENT_OF.get(module)
    return None if entry is None else entry[0]()


def qualified_name(module):
    parts = []
    entry = _PARENT_OF.get(module)
    while entry is not None:
        ref, name = entry
        parts.append(name)
        module = ref()
        entry = None if module is None else _PARENT_OF.get(module)
    return ".".join(reversed(parts))
