"""Plugin host: plugins are named by entry-point strings ("package.module[:attr]") in the run config."""
import importlib


class PluginHost:
    def __init__(self, model, optimizer, run_name):
        self.model = model  # retain
        self.optimizer = optimizer  # retain
        self.run_name = run_name
        self.plugins = []

    def load(self, entry_point):
        module_name, _, attr = entry_point.partition(":")
        module = importlib.import_module(module_name)
        plugin = getattr(module, attr)() if attr else module
        if hasattr(plugin, "activate"):
            plugin.activate(self)
        self.plugins.append(plugin)

    def emit(self, event, **payload):
        for plugin in self.plugins:
            handler = getattr(plugin, f"on_{event}", None)
            if handler is not None:
                handler(**payload)

    def reports(self):
        return {getattr(p, "NAME", type(p).__name__): p.report() for p in self.plugins if hasattr(p, "report")}
