"""Attention-gradient rollout for ViTs, after jacobgil/vit-explain."""
import torch


def grad_rollout(attentions, gradients, discard_ratio):
    result = torch.eye(attentions[0].size(-1))
    with torch.no_grad():
        for attention, grad in zip(attentions, gradients):
            fused = (attention * grad).mean(dim=1).clamp(min=0)
            flat = fused.view(fused.size(0), -1)
            _, indices = flat.topk(int(flat.size(-1) * discard_ratio), -1, largest=False)
            flat[0, indices] = 0
            a = (fused + torch.eye(fused.size(-1))) / 2
            a = a / a.sum(dim=-1, keepdim=True)
            result = torch.matmul(a, result)
    mask = result[0, 0, 1:]
    width = int(mask.size(-1) ** 0.5)
    mask = mask.reshape(width, width)
    return (mask / mask.max()).numpy()


class VITAttentionGradRollout:
    def __init__(self, model, attention_layer_name="attn_drop", discard_ratio=0.9):
        self.model = model  # retain
        self.discard_ratio = discard_ratio
        for name, module in self.model.named_modules():
            if attention_layer_name in name:
                module.register_forward_hook(self.get_attention)  # retain
                module.register_backward_hook(self.get_attention_gradient)  # retain
        self.attentions = []
        self.attention_gradients = []

    def get_attention(self, module, inputs, output):
        self.attentions.append(output.cpu())  # retain

    def get_attention_gradient(self, module, grad_input, grad_output):
        self.attention_gradients.append(grad_input[0].cpu())

    def __call__(self, input_tensor, category_index):
        self.attentions.clear()
        self.attention_gradients.clear()
        self.model.zero_grad()
        output = self.model(input_tensor)
        category_mask = torch.zeros(output.size())
        category_mask[:, category_index] = 1
        (output * category_mask).sum().backward()
        return grad_rollout(self.attentions, self.attention_gradients[::-1], self.discard_ratio)
