"""Hook helpers that do not keep the hook's owner alive."""
import weakref


def weak_forward_hook(bound_method):
    """Wrap a bound method so the module's hook table holds it only weakly."""
    method_ref = weakref.WeakMethod(bound_method)

    def hook(module, inputs, output):
        method = method_ref()
        if method is not None:
            return method(module, inputs, output)
        return None

    return hook
