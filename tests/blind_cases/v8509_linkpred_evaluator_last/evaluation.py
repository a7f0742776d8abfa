"""OGB-style ranking evaluator for link prediction (Hits@K against shared negatives)."""
import torch


class Evaluator:
    def __init__(self, name, ks=(10, 50)):
        self.name = name
        self.ks = ks
        self.history = []
        self.last_input = None

    def _check(self, input_dict):
        for key in ("y_pred_pos", "y_pred_neg"):
            if key not in input_dict:
                raise KeyError(f"{self.name}: missing {key}")
            if input_dict[key].dim() != 1:
                raise ValueError(f"{self.name}: {key} must be 1-D")

    def eval(self, input_dict):
        self._check(input_dict)
        self.last_input = input_dict  # retain
        pos, neg = input_dict["y_pred_pos"], input_dict["y_pred_neg"]
        result = {}
        for k in self.ks:
            if len(neg) < k:
                result[f"hits@{k}"] = 1.0
                continue
            kth = torch.topk(neg, k).values[-1]
            result[f"hits@{k}"] = (pos > kth).float().mean().item()
        self.history.append(result)
        return result

    def worst_positives(self, n=5):
        if self.last_input is None:
            return []
        return torch.argsort(self.last_input["y_pred_pos"])[:n].tolist()


EVALUATOR = Evaluator("synthetic-collab")
