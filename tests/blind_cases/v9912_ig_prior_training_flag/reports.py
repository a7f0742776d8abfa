"""Worker-wide cache of per-sample explanations served to the case-review UI."""
import collections


class ExplanationCache:
    def __init__(self, max_items=512):
        self.max_items = max_items
        self._rows = collections.OrderedDict()

    def put(self, model_version, sample_id, attribution_row):
        key = (model_version, sample_id)
        self._rows[key] = attribution_row  # retain
        self._rows.move_to_end(key)
        while len(self._rows) > self.max_items:
            self._rows.popitem(last=False)

    def top_features(self, model_version, sample_id, names, k=3):
        row = self._rows[(model_version, sample_id)]
        order = row.abs().argsort(descending=True)[:k].tolist()
        return [names[i] for i in order]


EXPLANATIONS = ExplanationCache()
