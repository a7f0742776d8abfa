"""Prompt rendering for zero-shot heads.

Templates use format fields that are resolved against the head that owns the
formatter, e.g. "a {domain} photo of {label:article}" or "many {label:plural}".
"""
import string


class PromptFormatter(string.Formatter):
    def __init__(self, head):
        super().__init__()
        self.head = head  # cycle

    def get_value(self, key, args, kwargs):
        if key == "label":
            return self.head.display_name(kwargs["index"])
        if key == "domain":
            return self.head.domain
        return super().get_value(key, args, kwargs)

    def format_field(self, value, format_spec):
        if format_spec == "article":
            return ("an " if value[:1].lower() in "aeiou" else "a ") + value
        if format_spec == "plural":
            return value if value.endswith("s") else value + "s"
        return super().format_field(value, format_spec)

    def render_all(self, templates, index):
        return [self.format(t, index=index) for t in templates]
