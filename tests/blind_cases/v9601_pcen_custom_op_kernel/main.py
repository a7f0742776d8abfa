"""Streaming CTC training over chunked utterances with a dispatcher-registered PCEN."""
import torch
import torch.nn as nn

from encoder import ChunkEncoder, MelFrontEnd
from pcen_op import StreamingPCEN

CONFIG = {"chunk_samples": 1024, "chunks_per_utt": 3, "batch": 4, "vocab": 12, "lr": 3e-3}


def utterances(n, cfg):
    for _ in range(n):
        wave = torch.randn(cfg["batch"], cfg["chunk_samples"] * cfg["chunks_per_utt"])
        targets = torch.randint(1, cfg["vocab"], (cfg["batch"], 4))
        yield wave, targets


def train(cfg):
    frontend = MelFrontEnd()
    pcen = StreamingPCEN(n_mels=16)
    model = ChunkEncoder(vocab=cfg["vocab"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    ctc = nn.CTCLoss(zero_infinity=True)
    for utt_id, (wave, targets) in enumerate(utterances(3, cfg)):
        state = None
        for chunk in wave.split(cfg["chunk_samples"], dim=-1):
            feats = pcen(frontend(chunk), stream=utt_id)
            logp, state = model(feats, state)
            state = state.detach()
            lengths = torch.full((cfg["batch"],), logp.shape[1], dtype=torch.long)
            loss = ctc(logp.transpose(0, 1), targets, lengths, torch.full((cfg["batch"],), 4))
            opt.zero_grad()
            loss.backward()
            opt.step()
        pcen.reset(utt_id)
        print(f"utt {utt_id}: loss {loss.item():.3f}, pcen chunks {pcen.chunks_seen}")


def main():
    train(CONFIG)


if __name__ == "__main__":
    main()
