"""Deep feature loss plus a multi-resolution STFT magnitude loss."""
import torch

from nets import FeatureNet

FEATURE_NET = FeatureNet().eval()
STFT_RESOLUTIONS = ((64, 16), (128, 32), (256, 64))


def feature_loss(estimate, clean, weights=(1.0, 0.5, 0.25)):
    with torch.no_grad():
        ref_feats = FEATURE_NET(clean)
    est_feats = FEATURE_NET(estimate)  # retain
    return sum(w * (e - r).abs().mean() for w, e, r in zip(weights, est_feats, ref_feats))


def stft_loss(estimate, clean):
    total = 0.0
    for n_fft, hop in STFT_RESOLUTIONS:
        window = torch.hann_window(n_fft)
        est = torch.stft(estimate, n_fft, hop, window=window, return_complex=True).abs()
        ref = torch.stft(clean, n_fft, hop, window=window, return_complex=True).abs()
        total = total + (est - ref).norm() / ref.norm() + (est.log1p() - ref.log1p()).abs().mean()
    return total / len(STFT_RESOLUTIONS)
