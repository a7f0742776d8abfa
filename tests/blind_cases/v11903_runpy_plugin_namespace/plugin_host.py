"""Loads trainer plugins from plain script files.

A plugin is a .py file that defines any of the hook functions listed in
EVENTS. Scripts are executed with runpy so they need not live on sys.path; the
trainer and the run config are injected as the globals TRAINER and CONFIG.
"""
import os
import runpy

EVENTS = ("on_fit_start", "on_after_backward", "on_step_end", "on_fit_end")


class PluginHost:
    def __init__(self, trainer, plugin_dir, names, config):
        self.names = list(names)
        self.hooks = {event: [] for event in EVENTS}
        for name in self.names:
            path = os.path.join(plugin_dir, f"{name}.py")
            namespace = runpy.run_path(
                path, init_globals={"TRAINER": trainer, "CONFIG": config}, run_name=f"plugin_{name}")  # cycle
            for event in EVENTS:
                fn = namespace.get(event)
                if callable(fn):
                    self.hooks[event].append(fn)  # cycle

    def call(self, event, *args, **kwargs):
        for fn in self.hooks[event]:
            fn(*args, **kwargs)
