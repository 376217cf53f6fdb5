"""Helpers for the Maharani tests (imported by the other test_maharani_* modules): positions built
from readable pieces through the notation (so every fixture is also checked by the parser), turns
played from text, and random positions from random games."""

from __future__ import annotations

import random
from dataclasses import replace

from tajkit.solver import seeddata
from tajkit.solver.maharani import notation, rules, samples
from tajkit.solver.maharani.spec import Spec, load_spec, spec_from_data

SPEC = load_spec()


def spec_with(**changes: dict) -> Spec:
    """The default data with some sections changed (what a group's --data file does)."""
    data = seeddata.packaged("maharani")
    for section, values in changes.items():
        data[section] = {**data[section], **values}
    return spec_from_data(data)


def position(
    tiles: dict[str, str] | None = None,
    workers: dict[str, str] | None = None,
    rondel: tuple[str, str, str, str] = ("-", "-", "-", "-"),
    players: int = 4,
    gold: tuple[int, ...] | None = None,
    down: tuple[str, ...] | None = None,
    to_move: int = 1,
    sides: str | None = None,
    aside: dict[str, list[int]] | None = None,
    spec: Spec = SPEC,
) -> rules.Position:
    """A position from pieces: ``tiles`` {space: "Bn"}, ``workers`` {space: "1" or "1a"},
    ``rondel`` tile tokens, ``down`` the face-down markers of each player ("24")."""
    tiles = tiles or {}
    rows = []
    for row in spec.rows:
        out, run = "", 0
        for s in row:
            token = tiles.get(spec.spaces[s].name)
            if token is None:
                run += 1
                continue
            out += (str(run) if run else "") + token
            run = 0
        rows.append(out + (str(run) if run else ""))
    crews: dict[str, list[str]] = {}
    for space, who in (workers or {}).items():
        crews.setdefault(who, []).append(space)
    for who, quarters in (aside or {}).items():
        crews.setdefault(who, []).extend(f"q{q}" for q in quarters)
    worker_text = ";".join(f"{who}:{','.join(spaces)}" for who, spaces in sorted(crews.items())) or "-"
    seats = sides or "".join("nesw"[d] for d in spec.seats[players])
    gold = gold or (0,) * players
    down = down or ("",) * players
    player_text = ";".join(f"{seats[k]}:{gold[k]}" + (f":{down[k]}" if down[k] else "") for k in range(players))
    text = f"{'/'.join(rows)} {worker_text} {','.join(rondel)} {player_text} {to_move}"
    return notation.parse_position(spec, text)


def turn(pos: rules.Position, text: str, spec: Spec = SPEC) -> rules.TurnResult:
    return rules.play(spec, pos, notation.parse_turn(spec, text))


def random_position(seed: int, spec: Spec = SPEC, perturb: bool = True) -> rules.Position:
    """A position part way through a random game, with markers and gold shuffled a little."""
    rng = random.Random(seed)
    players = 2 + seed % 3
    game = samples.random_game(spec, players, seed, stop_after=rng.randrange(0, 56))
    pos = game.end
    if perturb:
        pos = replace(
            pos,
            down=tuple(rng.randrange(16) if rng.random() < 0.4 else 0 for _ in pos.down),
            gold=tuple(g + rng.randrange(30) for g in pos.gold),
        )
    return pos


def test_the_builder_reads_back_what_it_was_given():
    """The fixture builder and the parser agree on a small position."""
    pos = position({"c7": "Bn", "f7": "Os"}, {"f7": "1"}, ("Bn", "Rc", "-", "Gew"), gold=(3, 1, 0, 2), down=("2", "", "", ""))
    assert notation.format_position(SPEC, pos) == "6/2Bn2Os2/8/6/6/8/8/6 1:f7 Bn,Rc,-,Gew s:3:2;w:1;n:0;e:2 1"


def filled(spaces: list[str], workers: dict[str, str] | None = None, players: int = 4, taken: dict[str, str] | None = None,
           spec: Spec = SPEC) -> dict[str, str]:
    """Tiles for ``spaces`` that the set allows: a space with a worker gets its arrow pointing at
    the worker's player; each player's workers in one quarter stand on different colours."""
    from tajkit.solver.maharani.spec import DIRS

    workers = workers or {}
    tiles = dict(taken or {})
    counts: dict[tuple[int, int], int] = {}
    for name, token in tiles.items():
        k = spec.space_index(name)
        key = (spec.colour_index(token[0]), spec.kind_at[k][DIRS.index(token[1])])
        counts[key] = counts.get(key, 0) + 1
    seats = spec.seats[players]
    for name in spaces:
        k = spec.space_index(name)
        who = workers.get(name)
        arrows = [seats[int(who[0]) - 1]] if who else [a for a in range(4) if spec.kind_at[k][a] >= 0]
        busy = {tiles[n][0] for n, w in workers.items() if w == who and n in tiles
                and spec.spaces[spec.space_index(n)].quarter == spec.spaces[k].quarter} if who else set()
        for arrow in arrows:
            kind = spec.kind_at[k][arrow]
            free = [c for c in range(len(spec.colours)) if spec.colours[c].code not in busy
                    and counts.get((c, kind), 0) < spec.kinds[kind].per_colour]
            if free:
                counts[(free[0], kind)] = counts.get((free[0], kind), 0) + 1
                tiles[name] = spec.colours[free[0]].code + DIRS[arrow]
                break
        else:
            raise AssertionError(f"no tile left for {name}")
    return tiles


def quarter(q: int, spec: Spec = SPEC) -> list[str]:
    return [spec.spaces[s].name for s in spec.quarter_spaces[q - 1]]
