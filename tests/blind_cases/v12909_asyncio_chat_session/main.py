"""Serves a scripted multi-turn chat on an asyncio loop; each reply is read until a stop
token or a per-turn budget, then the next user turn is opened."""
import asyncio

import torch

from model import TinyDecoder
from session import ChatSession

CFG = {"vocab": 48, "eos_id": 0, "stop_id": 7, "budget": 5, "top_k": 8}
TURNS = [[3, 4, 5], [9, 9, 2, 1], [12, 6], [5, 30, 31, 2]]


async def read_reply(stream, cfg):
    reply = []
    async for token in stream:
        if token == cfg["stop_id"] or len(reply) == cfg["budget"]:
            break
        reply.append(token)
    return reply


async def serve(session, cfg):
    replies = []
    for turn in TURNS:
        stream = session.open_turn(turn, cfg["top_k"])
        replies.append(await read_reply(stream, cfg))
    return replies


def main():
    torch.manual_seed(3)
    model = TinyDecoder(CFG["vocab"]).eval()
    session = ChatSession(model, CFG["eos_id"])
    replies = asyncio.run(serve(session, CFG))
    for turn, reply in zip(TURNS, replies):
        print(turn, "->", reply)


if __name__ == "__main__":
    main()
