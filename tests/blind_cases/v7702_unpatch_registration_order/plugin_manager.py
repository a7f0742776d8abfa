"""Minimal plugin manager: ordered plugins with setup / event / teardown phases."""


class PluginManager:
    def __init__(self, plugins):
        self._plugins = list(plugins)

    def names(self):
        return [p.name for p in self._plugins]

    def setup(self, trainer):
        for plugin in self._plugins:
            plugin.setup(trainer)

    def emit(self, event, **kwargs):
        for plugin in self._plugins:
            handler = getattr(plugin, event, None)
            if handler is not None:
                handler(**kwargs)

    def teardown(self):
        for plugin in self._plugins:
            plugin.teardown()
