"""Hook specification (v2) and the manager that dispatches calls to implementing plugins.

v2 renamed: on_init -> setup, on_batch_end -> on_train_batch_end, on_fit_end -> teardown.
"""

HOOKS = ("setup", "on_train_batch_end", "on_validation_end", "teardown")


class PluginManager:
    def __init__(self):
        self._plugins = []
        self._impls = {name: [] for name in HOOKS}

    def register(self, plugin):
        self._plugins.append(plugin)
        for name in HOOKS:
            impl = getattr(plugin, name, None)
            if callable(impl):
                self._impls[name].append(impl)
        return plugin

    def call(self, name, **kwargs):
        return [impl(**kwargs) for impl in self._impls[name]]
