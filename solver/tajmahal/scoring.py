"""Scoring a Taj Mahal table: each player's points by province and by scoring source, round by
round for a record, the ranking with the seed's tie-break (the most cards left), and a note for
every value that is a tajkit default rather than the rulebook's."""

from __future__ import annotations

from typing import Any

from tajkit.solver.game import CardPart, Category, PadTable, PlayerScore, Row, ScoreResult, TableCell
from tajkit.solver.ranking import TieBreak, join_names, plural, rank, still_tied
from tajkit.solver.tajmahal.files import RoundRecord, Table
from tajkit.solver.tajmahal.rules import Holdings, Scored, chain_text, score_holdings
from tajkit.solver.tajmahal.spec import GAME_ID, SYMBOLS, Spec

PROVINCE, CHAIN, PRINCESS, BONUS, MARKERS, TOTAL, CARDS_LEFT = (
    "province", "chain", "princess_cards", "bonus_tiles", "connection_markers", "total", "cards_left")
SCORING = "rulebook: Scoring / Victory Conditions"
TIGER, TAJ = SYMBOLS.index("tiger"), SYMBOLS.index("taj")
CARDS_LEFT_TIE = TieBreak("cards left", most=True, rule=SCORING)
POSITION_TILES = "each counted once, whether it scored when taken or at the end"
TILE_TIMING = ("bonus_tile", "bonus_tile_when")  # the defaults only a record's rounds use


def categories(spec: Spec) -> tuple[Category, ...]:
    """The scoring sources the seed lists (Scoring / Victory Conditions), in score-pad order: a row
    per province (palace, Taj Mahal reward, bonus tiles that score at once), then what scores at
    the end, the total, and the tie-break."""
    return (
        Category(PROVINCE, "Province", f"palace {spec.palace}{spec.star('palace')}, Taj Mahal reward, bonus tiles "
                 "scored at once", kind="rounds", sub=("points", "running total"), count=spec.provinces),
        Category(CHAIN, "Longest chain of connected provinces",
                 f"only the longest chain scores (table{spec.star('chain')})"),
        Category(PRINCESS, "Princess cards", f"{spec.princess_card}{spec.star('princess_card')} each"),
        Category(BONUS, "Bonus tiles scored at the end"),
        Category(MARKERS, "Connection markers", f"{spec.connection_marker}{spec.star('connection_marker')} each"),
        Category(TOTAL, "Total", kind="total"),
        Category(CARDS_LEFT, "Cards left", "tie-break: most", kind="tiebreak"),
    )


def pad_table(spec: Spec) -> PadTable:
    """The longest chain's points by its length, on the score pad and the reference card (tajkit
    defaults unless a group gave its own)."""
    official = not spec.default("chain")  # a group's own values print unstarred; only tajkit's are marked
    cells = tuple(TableCell(str(n), str(spec.chain_value(n)), official) for n in range(2, spec.provinces + 1))
    note = "" if official else "tajkit defaults: the seed gives no values; set yours with --data"
    return PadTable("Longest chain", ("provinces", "points"), cells, note)


def card_parts(spec: Spec) -> dict[str, CardPart]:
    """What the reference card says of the points, with the chain table."""
    princess = spec.category("princess")
    items = (
        f"Palace {spec.palace}{spec.star('palace')} when placed; Taj Mahal reward {spec.rewards_text()}"
        f"{spec.star('province_rewards')}.",
        f"Bonus tile: its own value ({spec.bonus_tile}{spec.star('bonus_tile')} when none is given); Princess "
        f"card {spec.princess_card}{spec.star('princess_card')} at the end; connection marker "
        f"{spec.connection_marker}{spec.star('connection_marker')}.",
        f"A prize needs at least 1 symbol; 2 Princesses needs {princess.min_symbols} princess symbols "
        f"({princess.min_source}).",
    )
    if any(spec.default(k) for k in ("palace", "province_rewards", "bonus_tile", "princess_card",
                                     "connection_marker", "chain")):
        items += ("* tajkit defaults: the seed gives no point values (override them with --data).",)
    return {"points": CardPart(items=items, table=pad_table(spec))}


def score(spec: Spec, table: Table, setup: bool = False) -> ScoreResult:
    """Rulebook (Scoring / Victory Conditions): the most points wins; ties are broken by the
    number of remaining cards. When a tied player's cards left are unknown, the tie-break is not
    used, those players are named, and tied players share the rank. ``setup``: the table is a game
    in play (``tajkit play``), whose bonus tiles the setup gave, not a file's rounds."""
    scored = [score_holdings(spec, h) for h in table.holdings]
    totals = [s.total for s in scored]
    missing = [table.names[i] for i in still_tied([(t,) for t in totals]) if table.cards_left[i] is None]

    def unknown(names: list[str]) -> str:
        return (f"the rulebook breaks ties by the cards left, which tajkit does not know for "
                f"{join_names([n for n in names if n in missing] or missing)} (give cards_left), so they share the rank")

    if missing:
        ranking = rank(table.names, totals, [() for _ in table.names], (), last_word=unknown)
    else:  # cards left are only compared between tied players, so a missing one elsewhere stands in as 0
        ranking = rank(table.names, totals, [(left or 0,) for left in table.cards_left], (CARDS_LEFT_TIE,))
    players = tuple(
        PlayerScore(
            name=table.names[i],
            total=totals[i],
            rank=ranking.ranks[i],
            rows=rows(spec, table.holdings[i], scored[i], position=table.rounds is None),
            tiebreaks=(("cards left", table.cards_left[i]),) if table.cards_left[i] is not None else (),
            detail=breakdown(table.holdings[i], scored[i], table.cards_left[i]),
        )
        for i in ranking.order
    )
    return ScoreResult(
        GAME_ID,
        categories(spec),
        players,
        ranking.ties,
        notes(spec, table, setup),
        header=tuple(round_line(spec, table, r) for r in table.rounds or ()),
        extra={"form": "record" if table.rounds is not None else "position",
               "rounds": [round_json(spec, table, r) for r in table.rounds or ()]},
    )


def rows(spec: Spec, h: Holdings, s: Scored, position: bool = False) -> tuple[Row, ...]:
    """A player's rows. A final ``position`` lists bonus tiles without their rounds, so its bonus
    row holds every tile: each counts once in the total whether it scored when taken or at the end
    (rulebook: Scoring, "Bonus tiles provide immediate or end-game points")."""
    out = []
    running = 0
    for p in range(1, spec.provinces + 1):
        points = s.by_province[p - 1]
        running += points
        out.append(Row(PROVINCE, points, province_items(spec, h, p) or "-", f"running total {running}",
                       label=f"Province {p}"))
    chain = len(s.chain)
    if chain > 1:
        out.append(Row(CHAIN, s.chain_points, chain_text(s.chain), f"a chain of {chain} scores {s.chain_points}"))
    else:
        alone = "no palace" if not h.palaces else "no two palaces in bordering provinces"
        out.append(Row(CHAIN, s.chain_points, alone, "a chain needs 2 provinces"))
    out.append(Row(PRINCESS, s.princess_points, f"{plural(h.princess_cards, 'card')} × {spec.princess_card}"))
    end_tiles = [t.points for t in h.bonus_tiles if t.province is None or t.at_end]
    shown = " + ".join(map(str, end_tiles)) or "none"
    if position:
        out.append(Row(BONUS, s.bonus_end_points, shown, POSITION_TILES if end_tiles else "", label="Bonus tiles"))
    else:
        out.append(Row(BONUS, s.bonus_end_points, shown))
    out.append(Row(MARKERS, s.marker_points, f"{plural(h.markers, 'marker')} × {spec.connection_marker}"))
    return tuple(out)


def province_items(spec: Spec, h: Holdings, p: int) -> str:
    parts = []
    if p in h.palaces:
        parts.append(f"palace {spec.palace}")
    parts += [f"Taj Mahal reward {points}" for q, points in h.rewards if q == p]
    parts += [f"bonus tile {t.points}" for t in h.bonus_tiles if t.province == p and not t.at_end]
    return ", ".join(parts)


def breakdown(h: Holdings, s: Scored, cards_left: int | None) -> dict[str, Any]:
    return {
        "palaces": sorted(h.palaces),
        "longest_chain": list(s.chain),
        "chain_points": s.chain_points,
        "bonus_tiles": [{"province": t.province, "points": t.points,
                         "when": None if t.province is None else "end" if t.at_end else "now"}  # a position does not say
                        for t in h.bonus_tiles],
        "princess_cards": h.princess_cards,
        "connection_markers": h.markers,
        "rewards": [{"province": q, "points": points} for q, points in h.rewards],
        "cards_left": cards_left,
    }


def prize_text(spec: Spec, r: RoundRecord, k: int) -> str:
    cid = SYMBOLS[k]
    extra = {"elephant": "palace", "tiger": f"bonus tile {r.bonus.points}", "princess": "Princess card",
             "taj": f"reward {r.reward}"}.get(cid, "connection marker")
    return f"{spec.categories[k].name} ({extra})"


def round_line(spec: Spec, table: Table, r: RoundRecord) -> str:
    """``Province 4: Asha took Elephant (palace), Tiger (bonus tile 2); nobody took ... · if it ended now: ...``"""
    took = []
    for i, name in enumerate(table.names):
        won = [prize_text(spec, r, k) for k, w in enumerate(r.prizes) if w == i]
        if won:
            took.append(f"{name} took {', '.join(won)}")
    left = [spec.categories[k].name for k, w in enumerate(r.prizes) if w is None]
    if left:
        took.append(f"nobody took {', '.join(left)}")
    standing = ", ".join(f"{n} {score_holdings(spec, h).total}" for n, h in zip(table.names, r.holdings))
    return f"Province {r.province}: {'; '.join(took)} · if it ended now: {standing}"


def round_json(spec: Spec, table: Table, r: RoundRecord) -> dict[str, Any]:
    names = table.names
    rounds = table.rounds or ()
    upto = rounds[: rounds.index(r) + 1]
    known = all(x.played is not None for x in upto)
    spent = [sum(x.played[i] for x in upto if x.played is not None) for i in range(len(names))]
    standings = []
    for i, (name, h) in enumerate(zip(names, r.holdings)):
        s = score_holdings(spec, h)
        standings.append({
            "name": name,
            "points": s.by_province[r.province - 1],
            "running_total": sum(s.by_province),
            "total_if_ended_now": s.total,
            **breakdown(h, s, spec.deck - spent[i] if known else None),
        })
    return {
        "province": r.province,
        "prizes": {cid: (names[w] if w is not None else None) for cid, w in zip(SYMBOLS, r.prizes)},
        "withdrawals": [
            {"turn": t, "player": names[w.player], "display": dict(zip(SYMBOLS, w.display)), "took": list(w.prizes)}
            for t, w in r.withdrawals
        ],
        "resolved_from": "plays" if r.played is not None else "prizes",
        "bonus_tile": ({"points": r.bonus.points, "when": "end" if r.bonus.at_end else "now"}
                       if r.prizes[TIGER] is not None else None),
        "reward": r.reward if r.prizes[TAJ] is not None else None,
        "players": standings,
    }


def notes(spec: Spec, table: Table, setup: bool = False) -> tuple[str, ...]:
    """The defaults the scores rest on (a final position gives each bonus tile's points and does not
    say when it scored, so the defaults for those are not used), and what the record leaves open:
    in a file, with what to add to it; in a game in play (``setup``), what its setup said."""
    out = list(spec.default_notes(unused=TILE_TIMING if table.rounds is None else ()))
    if table.rounds is not None and len(table.rounds) < spec.provinces:
        out.append(
            f"the game is not over: {len(table.rounds)} of {spec.provinces} provinces played (rulebook: Turn "
            "Structure); the longest chain, Princess cards and end-of-game bonus tiles are scored as if it ended now"
        )
    untyped = [str(r.province) for r in table.rounds or () if r.prizes[TIGER] is not None and not r.bonus_typed]
    if untyped and spec.default("bonus_tile"):
        which = f"the bonus tile taken in province {untyped[0]} has" if len(untyped) == 1 else (
            f"the bonus tiles taken in provinces {', '.join(untyped)} have")
        out.append(f"{which} no value in the game's setup (its bonus tiles were left at the default), so each counts "
                   f"{spec.bonus_tile} (tajkit default)" if setup else
                   f"{which} no value in the record, so each counts {spec.bonus_tile} (tajkit default; add "
                   "bonus_tile = N to the round)")
    return tuple(out)
