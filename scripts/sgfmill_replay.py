#!/usr/bin/env python3
"""The reference for `scripts/vs-sgfmill.sh`: sgfmill parses, replays and area-scores every
.sgf game under a directory, as `gorules check --rules tromp-taylor,… --dead none` does for
each of its rulesets. Prints `GAMES SECONDS` (games that sgfmill could read and replay)."""
import os
import sys
import time

from sgfmill import boards, sgf


def files(root):
    for dirpath, _, names in os.walk(root):
        for n in sorted(names):
            if n.lower().endswith(".sgf"):
                yield os.path.join(dirpath, n)


def replay(data):
    game = sgf.Sgf_game.from_bytes(data)
    board = boards.Board(game.get_size())
    ab, aw, ae = game.get_root().get_setup_stones()
    board.apply_setup(ab, aw, ae)
    for node in game.get_main_sequence():
        colour, point = node.get_move()
        if colour is not None and point is not None:
            board.play(point[0], point[1], colour)
    return board.area_score()


def main():
    paths = list(files(sys.argv[1]))
    blobs = []
    for p in paths:
        with open(p, "rb") as f:
            blobs.append(f.read())
    start = time.perf_counter()
    games = 0
    for data in blobs:
        try:
            replay(data)
            games += 1
        except (ValueError, IndexError):
            pass
    print(games, time.perf_counter() - start)


main()
