"""Minimal Haystack-style pipeline: named components wired output socket -> input socket."""


class PipelineError(Exception):
    pass


class Pipeline:
    def __init__(self, metadata=None):
        self.metadata = metadata or {}
        self.components = {}
        self.edges = []

    def add_component(self, name, instance):
        owner = getattr(instance, "__haystack_added_to_pipeline__", None)
        if owner is not None and owner is not self:
            raise PipelineError(f"component {name!r} already belongs to another pipeline")
        instance.__haystack_added_to_pipeline__ = self  # cycle
        self.components[name] = instance  # cycle

    def connect(self, sender, receiver):
        src, out_socket = sender.split(".")
        dst, in_socket = receiver.split(".")
        for name in (src, dst):
            if name not in self.components:
                raise PipelineError(f"unknown component {name!r}")
        self.edges.append((src, out_socket, dst, in_socket))

    def run(self, data):
        inputs = {name: dict(data.get(name, {})) for name in self.components}
        senders = {src for src, _, _, _ in self.edges}
        results = {}
        for name, component in self.components.items():
            output = component.run(**inputs[name])
            for src, out_socket, dst, in_socket in self.edges:
                if src == name:
                    inputs[dst][in_socket] = output[out_socket]
            if name not in senders:
                results[name] = output
        return results
