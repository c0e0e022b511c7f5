"""ebony72's 血战 player (MIT licence, plain Python) seated on our engine, for benchmarks
only: the product never imports it.

Its code is loaded from ``../shared/opponents/ebony72`` (relative to the project root)
when that folder is there (``available()``); nothing of it is copied here. Two levels:

* ``ebony-initial``: ``strategy_initial21_7attr``, its published baseline strategy;
* ``ebony-z``: ``strategyz0614``, its stronger strategy; slow (about 0.1 s a decision,
  seconds at worst), even with its hand evaluation replaced by exact faster forms
  (``ebony_speed``: the same decisions; the first two made it 3.4 times quicker, the
  next-tile and bad-decomposition tests another 1.8 times in CPU time over the same
  eight rounds).

How a decision is made. ``ebony_action(state, seat, level)`` builds, from what ``seat``
may see and nothing else, the objects ebony's decision functions read — a
``MahjongPlayer`` for the seat (its own hand, melds and void), stand-ins for the other
three (their shown melds and voids, whether they are out, and an empty list where their
hand would be), and a ``MahjongDealer`` stand-in (the discards on the table, each seat's
discards, the public action history, the voids, who has won, the number of wall tiles
and a wall of that many blank placeholders) — then calls the function for the decision
our engine waits for and turns its answer into one of ``state.legal_actions(seat)``.
A winner's laid-down hand is not given to it: its engine's knowledge base counts only the
seat's hand, the melds and the discards, and its strategies were tuned on that.

=====================  ===========================================================
our decision           ebony's function
=====================  ===========================================================
定缺 (void)             ``utils.daque.daquex`` on the hand
自摸 offered            ``check_zimo`` (both strategies always take it)
concealed/added kong   ``check_zikong`` (also after a pong: its engine never asks then)
discard                ``select_a_card_to_discard``
win on a discard       ``check_hu``; if it passes and may also pong or kong, as in its
                       engine, ``check_kong`` / ``check_pong``
pong / kong offered    ``check_kong`` (kong offered) or ``check_pong``
robbing a kong         ``check_robkong``
换三张                  none in ebony: our bot's pick, ``bots.choose_exchange``
=====================  ===========================================================

A decision with one legal action is not asked. When ebony answers something our engine
does not allow (or raises), a fallback is played and counted (``fallbacks``, by decision;
"(raised)" when it raised): a kong it may not make means it goes on to discard; a bad
discard is our strong bot's choice; a bad answer to a pong or kong passes; an unreadable
answer to a win (自摸, on a discard, robbing) takes it.

Checked (tests/benchmarks/test_ebony_adapter.py): on ebony's own deals and under
``EBONY_RULES``, our engine with its seats plays the very game its own engine plays —
the same action history and the same scores (50 deals of ebony-initial and 3 of ebony-z
compared when this was written).

The public history comes from a ``PublicLog`` fed with the events of every applied action
(``Table`` does that for a round in ``simulate.play_round``); draws are logged without
their tile, and another seat's concealed kong without its tile unless the room shows it.
Without a log, the history is left empty and the table is our discard pool.

Ebony's seats are ours rotated so that our dealer is its player 0 (its engine always
deals to player 0 and its guess of each hand's suits starts from that). Its wall counter
``numWl`` is one below the wall's size (its engine counts the dealer's 14th tile as a
draw); it is given the same here, as its strategies were tuned on it.

Rule differences (its ``utils/xzscore.py``, ``xzround.py``, ``xzjudger.py`` against
RULES.md; the rules played are always ours) and where its decisions may suffer:

* Scoring. Its value of a win is a product of doublings, with no cap: 对对胡 ×2, 七对 ×4,
  清一色 ×4, four melds (金钩钓) ×4 instead of 对对胡's ×2, each 根 ×2, 自摸 ×2, 杠上花 ×2,
  杠上炮 ×2, 抢杠 ×2; 天胡/地胡 32 flat. That is our chengdu table with no cap,
  ``zimo_bonus`` fan and ``jingoudiao`` on (``EBONY_RULES``), except that it knows no
  带幺九, 将对 or 清幺九 (it never aims at them) and counts 龙七对 as 七对 + 根 (3 fan; ours
  4). Under our default rules (cap 4, no 自摸 bonus) it overvalues big hands and 自摸:
  ``check_hu`` of ebony-z declines wins on a discard to wait for a 自摸 it values double.
* 过水不胡 (``pass_blocks_ron``, on by default): it has none. ebony-z declines wins on a
  discard expecting to win on a later one; here it cannot until its next draw.
* 最后四张必胡 (``last_four_must_win``): it has none; it always takes a 自摸 anyway.
* Concealed kongs: its engine shows every one in the pile. With our default
  (``concealed_kong_shown`` off) another seat's concealed kong is left out of its view:
  its unseen-tile counts include those four tiles, its suit guess misses them.
* 天胡/地胡: its engine means 32 flat, but as it counts the wall 天胡 never scores and 地胡
  scores a win on a discard before the winner's first draw; ours are 5-fan patterns on
  the dealer's first 14 tiles and a non-dealer's 自摸 on the first draw. No decision of its
  depends on them.
* Wall's end: its 查花猪 pays 16 (our ``pig_fan`` 4) to every non-pig and adds the 查叫
  value for a ready one (ours does not); its 退税 spares pigs (ours does not); it calls a
  hand ready by its deficiency over the unseen tiles (ours: a wait of which the hand holds
  all four copies does not count). It plays to be ready at the end; the amounts differ.
* A winner's hand: our winners lay theirs down; its engine never shows them, and it is
  shown here only what its engine would show (the winning tile of a 自摸 on the table).
* Kong after a pong in the same turn: its engine never offers one; ours does, and it is
  asked then as after a draw.
* 换三张 and 血流成河: unknown to it. 换三张: our bot picks for its seats. 血流成河: after a
  win our rules lock its hand, so it only decides whether to take a further win; it
  reads the others' wins as 血战 wins (winners out), though here they play on.
* Claims: its engine asks the players who can win one after another, then the one who can
  pong or kong; ours asks them at once. Nobody sees an answer before answering, so this
  changes nothing.
* Its ``check_hu`` has a branch for a win on the discard after the discarder's kong
  (杠上炮, ``'kongshangpao' in player.hu_way``) that its engine never reaches (the mark is
  set only after the decision); it is left unreached here too.
"""

from __future__ import annotations

import importlib
import random
import sys
from collections import Counter
from collections.abc import Callable
from contextlib import redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from benchmarks.bots.opponents import ebony_speed
from games.players import computer
from games.players.bots import choose_discard, choose_exchange, strong_void
from games.rules.round import SEATS, Action, Round
from games.rules.tiles import RANKS, TILE_KINDS, from_counts, parse_tile

ROOT = Path(__file__).resolve().parents[3]
EBONY_DIR = ROOT / ".." / "shared" / "opponents" / "ebony72"

# Our level name -> ebony's strategy module.
STRATEGY_MODULES = {
    "ebony-initial": "strategy_initial21_7attr",
    "ebony-z": "strategyz0614",
}
LEVELS = tuple(STRATEGY_MODULES)

# The room options closest to the rules ebony72's engine plays (see the module's
# docstring for its scoring). What still differs is named beside the option it concerns.
EBONY_RULES = {
    "cap": None,  # its doublings have no cap
    # 查花猪 16 = 2^4 to every non-pig; it also pays a ready player's 查叫 value on top,
    # and its 退税 spares pigs: no option of ours does either.
    "pig_fan": 4,
    "zimo_bonus": "fan",  # 自摸 doubles (杠上花 is 自摸 too: ×4 in both)
    "jingoudiao": True,  # four melds ×4 instead of 对对胡's ×2: 对对胡 1 + 金钩钓 1 fan
    "pass_blocks_ron": False,  # no 过水不胡
    "last_four_must_win": False,  # no 最后四张必胡
    "concealed_kong_shown": True,  # a concealed kong goes to its pile, seen by all
    # Left at our defaults, as in its engine: chengdu fan table (but it has no 带幺九,
    # 将对, 清幺九, and its 龙七对 is 3 fan, ours 4), 呼叫转移 on (it hands the kong's whole
    # income to each 杠上炮 winner, as ours), kong money 2/1/2 (late added kongs pay),
    # 点杠花 paid as 自摸, no 海底, no 补差价, 血战 (not 血流), no 换三张. 天胡/地胡 on: it
    # means 32 (5 fan) flat, ours are 5-fan patterns that 根 and 自摸 add to; as its
    # engine counts the wall, its 天胡 never scores and its 地胡 is a different win.
}

# The top-level names ebony's modules take in sys.modules while they are imported.
EBONY_PACKAGES = ("utils", "dfncy")
EBONY_MODULES = ("hytreekong", "xzplayer", "xzdealer", *STRATEGY_MODULES.values())


def available() -> bool:
    """Is ebony72's code there to load?"""
    return (
        all((EBONY_DIR / f"{name}.py").is_file() for name in EBONY_MODULES)
        and (EBONY_DIR / "utils" / "daque.py").is_file()
    )


# --- loading ebony's modules ------------------------------------------------------------


@dataclass(frozen=True)
class Ebony:
    """The parts of ebony72 the adapter calls."""

    player_class: type  # xzplayer.MahjongPlayer
    dealer_class: type  # xzdealer.MahjongDealer
    daquex: Callable  # utils.daque.daquex(hand) -> the color to void
    strategies: dict[str, ModuleType]  # by our level name


_loaded: Ebony | None = None


def _is_ebony_name(name: str) -> bool:
    top = name.partition(".")[0]
    return top in EBONY_MODULES or top in EBONY_PACKAGES


class _Silence:
    """Swallows what ebony prints (it reports some cases on stdout, which is the
    benchmark's output)."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


SILENCE = _Silence()


def load() -> Ebony:
    """ebony72's parts, imported once per process (``import_ebony``)."""
    global _loaded
    if _loaded is None:
        _loaded = import_ebony()
    return _loaded


def import_ebony() -> Ebony:
    """Import ebony72 without letting its top-level modules (``utils``, ``dfncy``,
    ``xzplayer`` …) shadow anything: none of those names may be imported already, each
    module it imports must come from its folder, and afterwards its modules leave
    ``sys.modules`` and its folder leaves ``sys.path`` (its functions keep their modules:
    none of them imports anything when called)."""
    if not available():
        raise ImportError(f"ebony72 is not at {EBONY_DIR.resolve()}")
    taken = sorted(name for name in sys.modules if _is_ebony_name(name))
    if taken:
        raise ImportError(
            f"cannot load ebony72: {', '.join(taken)} already imported, and "
            "ebony72's modules of those names would clash with them"
        )
    folder = EBONY_DIR.resolve()
    before = set(sys.modules)
    sys.path.insert(0, str(folder))
    # No __pycache__ written into its folder: it is not ours.
    writes_bytecode, sys.dont_write_bytecode = sys.dont_write_bytecode, True
    try:
        with redirect_stdout(SILENCE):
            player = importlib.import_module("xzplayer")
            dealer = importlib.import_module("xzdealer")
            daque = importlib.import_module("utils.daque")
            strategies = {
                level: importlib.import_module(module) for level, module in STRATEGY_MODULES.items()
            }
    finally:
        sys.dont_write_bytecode = writes_bytecode
        sys.path.remove(str(folder))
        imported = {
            name: sys.modules.pop(name)
            for name in set(sys.modules) - before
            if _is_ebony_name(name) or _comes_from(sys.modules[name], folder)
        }
    strangers = sorted(name for name, module in imported.items() if not _comes_from(module, folder))
    if strangers:
        raise ImportError(f"ebony72's {', '.join(strangers)} came from outside {folder}")
    # strategyz reads the other players' real hands only when its global Oracle is on.
    # Nothing in ebony72 turns it on (xzgame.py, which its comment names, does not set
    # it): make sure it is off. The stand-ins hold no hidden tiles anyway.
    strategies["ebony-z"].Oracle = False
    # Exact, faster forms of its hand evaluation (see ebony_speed): same decisions.
    ebony_speed.install(strategies["ebony-z"].hk)
    return Ebony(player.MahjongPlayer, dealer.MahjongDealer, daque.daquex, strategies)


def _comes_from(module: ModuleType, folder: Path) -> bool:
    """Is the module (or package) loaded from files inside ``folder``?"""
    files = [getattr(module, "__file__", None), *getattr(module, "__path__", [])]
    files = [Path(f).resolve() for f in files if f]
    return bool(files) and all(f.is_relative_to(folder) for f in files)


# --- the public history -----------------------------------------------------------------

# Ebony's act_history verb for each of our public events.
KONG_VERBS = {"exposed": "kong", "concealed": "ankong"}
WIN_VERBS = {"ron": "hu", "rob_kong": "robkong", "zimo": "zimo"}
VERBS_WITH_SOURCE = ("kong", "hu", "robkong")  # its entries that name the tile's giver


@dataclass(frozen=True)
class Act:
    """One public action: ``verb`` in ebony's words (draw, discard, pong, kong, ankong,
    jiakong, hu, zimo, robkong); ``tile`` None when not shown (a draw, a hidden concealed
    kong); ``source`` the discarder or kong maker a tile came from."""

    seat: int
    verb: str
    tile: int | None = None
    source: int | None = None


@dataclass
class PublicLog:
    """What everybody at the table has seen happen, in order."""

    acts: list[Act] = field(default_factory=list)

    def observe(self, events: list[dict], concealed_kong_shown: bool) -> None:
        """Note the public part of the events one applied action caused."""
        for event in events:
            act = _public_act(event, concealed_kong_shown)
            if act is not None:
                self.acts.append(act)

    @classmethod
    def from_state(cls, state: Round) -> PublicLog:
        """A rough log when none was kept: the discards on the table in order, no
        draws, pongs, kongs or wins (ebony-z then guesses each hand's suits from the
        deal alone)."""
        return cls([Act(seat, "discard", tile) for seat, tile in state.pool])


def _public_act(event: dict, concealed_kong_shown: bool) -> Act | None:
    kind = event["type"]
    if kind == "draw":
        return Act(event["seat"], "draw")  # never the tile
    if kind == "discard":
        return Act(event["seat"], "discard", parse_tile(event["tile"]))
    if kind == "pong":
        return Act(event["seat"], "pong", parse_tile(event["tile"]), event["from"])
    if kind == "added_kong_declared":  # its engine logs an added kong when declared
        return Act(event["seat"], "jiakong", parse_tile(event["tile"]))
    if kind == "kong" and event["kind"] in KONG_VERBS:
        shown = event["kind"] != "concealed" or concealed_kong_shown
        tile = parse_tile(event["tile"]) if shown else None
        return Act(event["seat"], KONG_VERBS[event["kind"]], tile, event.get("from"))
    if kind == "win":
        return Act(event["seat"], WIN_VERBS[event["how"]], parse_tile(event["tile"]), event["from"])
    return None


# --- ebony's objects from one seat's view ----------------------------------------------


def ebony_tile(t: int) -> list[int]:
    """Our tile 0..26 as ebony's [color, number]: our suit index is its color."""
    return [t // RANKS, t % RANKS + 1]


def our_tile(card) -> int | None:
    """Ebony's [color, number] as our tile; None for anything that is not a tile."""
    try:
        color, number = card
        tile = color * RANKS + number - 1
    except (TypeError, ValueError):
        return None
    return tile if 0 <= tile < TILE_KINDS and 1 <= number <= RANKS else None


@dataclass
class Seats:
    """Our seats as ebony's player ids: our dealer is its player 0."""

    dealer: int

    def ebony_id(self, seat: int) -> int:
        return (seat - self.dealer) % SEATS

    def our_seat(self, ebony_id: int) -> int:
        return (ebony_id + self.dealer) % SEATS


def own_hand(state: Round, seat: int) -> list[list[int]]:
    """The seat's concealed tiles, sorted, the tile just drawn last (as in its engine,
    which appends each draw to the hand)."""
    tiles = from_counts(state.hands[seat])
    drawn = state.drawn if state.phase == "turn" and state.current == seat else None
    if drawn is not None and drawn in tiles:
        tiles.remove(drawn)
        tiles.append(drawn)
    return [ebony_tile(t) for t in tiles]


def shown_pile(state: Round, owner: int, viewer: int) -> list[list[list[int]]]:
    """``owner``'s melds as ``viewer`` sees them, in ebony's pile form (3 or 4 tiles).
    While an added kong waits for robbers, its engine already shows the kong of four."""
    pile = []
    robbed = state.claim if state.phase == "rob" and state.claim.source == owner else None
    for meld in state.melds[owner]:
        if meld.kind == "concealed" and not state.concealed_kong_seen(owner, viewer):
            continue
        size = meld.size
        if robbed is not None and meld.kind == "pong" and meld.tile == robbed.tile:
            size = 4
        pile.append([ebony_tile(meld.tile)] * size)
    return pile


def ebony_table(log: PublicLog) -> list[list[int]]:
    """The tiles on its dealer's table, kept as its engine keeps them: every discard, the
    winning tile of each 自摸 and of a robbed kong (once, however many rob it); a ponged
    or konged tile leaves it (its first copy there, as its engine removes)."""
    table: list[int] = []
    previous = None
    for act in log.acts:
        if act.verb in ("discard", "zimo"):
            table.append(act.tile)
        elif act.verb in ("pong", "kong") and act.tile in table:
            table.remove(act.tile)
        elif act.verb == "robkong" and not (
            previous is not None
            and previous.verb == "robkong"
            and (previous.tile, previous.source) == (act.tile, act.source)
        ):
            table.append(act.tile)
        previous = act
    return [ebony_tile(t) for t in table]


def ebony_history(log: PublicLog, seats: Seats) -> list[list]:
    """The log as its dealer's act_history. Its engine opens with a draw of player 0 (the
    dealer's 14th tile); a concealed kong whose tile is hidden is left out."""
    history: list[list] = [[0, "draw"]]
    for act in log.acts:
        who = seats.ebony_id(act.seat)
        if act.verb == "draw":
            history.append([who, "draw"])
        elif act.tile is not None:
            entry = [who, act.verb, ebony_tile(act.tile)]
            if act.verb in VERBS_WITH_SOURCE:
                entry.append(seats.ebony_id(act.source))
            history.append(entry)
    return history


def build_table(ebony: Ebony, state: Round, seat: int, log: PublicLog):
    """(player, dealer, players): ebony's objects as ``seat`` may see the round."""
    seats = Seats(state.dealer)
    players = []
    for ebony_id in range(SEATS):
        other = seats.our_seat(ebony_id)
        player = ebony.player_class(ebony_id)
        player.pile = shown_pile(state, other, seat)
        player.daque_color = state.voids[other] if state.void_visible(other, seat) else None
        player.winning = state.out[other]
        # Another seat's hand: an empty list, no tile in it (only ebony-z's Oracle,
        # which is off, would read it).
        player.hand = own_hand(state, seat) if other == seat else []
        players.append(player)
    return players[seats.ebony_id(seat)], build_dealer(ebony, state, log, seats, players), players


def build_dealer(ebony: Ebony, state: Round, log: PublicLog, seats: Seats, players):
    """Its MahjongDealer with the public state only. Made without its __init__, which
    would shuffle a real deck with the global random generator."""
    dealer = ebony.dealer_class.__new__(ebony.dealer_class)
    dealer.deck = [None] * len(state.wall)  # blank placeholders: only the size is read
    dealer.numWl = len(state.wall) - 1  # its counter: see the module's docstring
    dealer.table = ebony_table(log)
    dealer.act_history = ebony_history(log, seats)
    dealer.dqc = [p.daque_color if p.daque_color is not None else -1 for p in players]
    dealer.win_info = [None] * SEATS
    dealer.discard_lists = [[] for _ in range(SEATS)]
    dealer.draw_times = [0] * SEATS
    for who, verb, *tile in dealer.act_history:
        if verb == "discard":
            dealer.discard_lists[who].append(tile[0])
        elif verb == "draw":
            dealer.draw_times[who] += 1
    for other in range(SEATS):
        if state.out[other]:  # n_hu() counts these: the players out of play
            dealer.win_info[seats.ebony_id(other)] = ["won"]
    return dealer


# --- deciding ---------------------------------------------------------------------------


RAISED = object()  # what Decision.ask gives when ebony raised


def ebony_action(
    state: Round,
    seat: int,
    level: str,
    rng: random.Random | None = None,
    log: PublicLog | None = None,
    fallbacks: Counter | None = None,
) -> Action:
    """Ebony's move for ``seat`` at ``level`` (ebony-initial or ebony-z): always one of
    ``state.legal_actions(seat)``. ``rng`` is unused (ebony plays deterministically);
    ``fallbacks`` counts, by decision, the answers our engine could not take."""
    if level not in STRATEGY_MODULES:
        raise ValueError(f"unknown ebony level {level!r}: one of {', '.join(LEVELS)}")
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to decide now (phase {state.phase})")
    if state.phase == "exchange":  # ebony has no 换三张
        return ("exchange", choose_exchange(state, seat))
    if len(legal) == 1:
        return legal[0]
    if log is None:
        log = PublicLog.from_state(state)
    if fallbacks is None:
        fallbacks = Counter()
    return Decision(state, seat, legal, load(), level, log, fallbacks).choose()


class Decision:
    """One decision of one seat: ebony's objects for it, and its answer mapped to ours."""

    def __init__(
        self,
        state: Round,
        seat: int,
        legal: list[Action],
        ebony: Ebony,
        level: str,
        log: PublicLog,
        fallbacks: Counter,
    ) -> None:
        self.state, self.seat, self.legal = state, seat, legal
        self.ebony, self.log, self.fallbacks = ebony, log, fallbacks
        self.strategy = ebony.strategies[level]
        self.verbs = {verb for verb, _ in legal}

    def choose(self) -> Action:
        if self.state.phase == "void":
            return self.void()
        self.player, self.dealer, self.players = build_table(
            self.ebony, self.state, self.seat, self.log
        )
        if self.state.phase in ("claim", "rob"):
            return self.answer_claim()
        return self.turn()

    def ask(self, function, *args):
        """Ebony's answer, quietly; RAISED if it raised (its own bug: a fallback follows)."""
        try:
            with redirect_stdout(SILENCE):
                return function(*args)
        except Exception:
            return RAISED

    def fallback(self, decision: str, answer, action: Action | None) -> Action | None:
        """Count an answer our engine cannot take (or an exception), and give ``action``
        to play instead."""
        self.fallbacks[f"{decision} (raised)" if answer is RAISED else decision] += 1
        return action

    def void(self) -> Action:
        answer = self.ask(self.ebony.daquex, own_hand(self.state, self.seat))
        if ("void", answer) in self.legal:
            return ("void", answer)
        return self.fallback("void", answer, ("void", strong_void(self.state.hands[self.seat])))

    def turn(self) -> Action:
        if "zimo" in self.verbs and self.takes_zimo():
            return ("zimo", None)
        if self.state.locked(self.seat):  # 血流成河 after a win: throw the tile drawn
            return ("discard", self.state.drawn)
        if self.verbs & {"concealed_kong", "added_kong"}:
            kong = self.kong_on_turn()
            if kong is not None:
                return kong
        return self.discard()

    def takes_zimo(self) -> bool:
        drawn = self.state.drawn
        last = ebony_tile(drawn) if drawn is not None else self.player.hand[-1]
        answer = self.ask(self.strategy.check_zimo, self.player, self.dealer, last, self.players)
        if answer not in ("zimo", "stand"):
            self.fallback("zimo", answer, None)  # then it wins, as it always means to
        return answer != "stand"

    def kong_on_turn(self) -> Action | None:
        """Its zikong answer, ['ankong', tile], ['jiakong', tile] or ['stand', 'zikong'],
        as our kong; None when it goes on to discard."""
        answer = self.ask(self.strategy.check_zikong, self.player, self.dealer, self.players)
        if answer == ["stand", "zikong"]:
            return None
        try:
            verb = {"ankong": "concealed_kong", "jiakong": "added_kong"}[answer[0]]
            action = (verb, our_tile(answer[1]))
        except (KeyError, TypeError, IndexError):
            action = None
        if action in self.legal:
            return action
        return self.fallback("kong", answer, None)  # a kong we do not allow: it discards

    def discard(self) -> Action:
        answer = self.ask(
            self.strategy.select_a_card_to_discard, self.player, self.dealer, self.players
        )
        action = ("discard", our_tile(answer))
        if action in self.legal:
            return action
        return self.fallback("discard", answer, ("discard", choose_discard(self.state, self.seat)))

    def answer_claim(self) -> Action:
        if "win" in self.verbs and self.takes_win(self.state.claim):
            return ("win", None)
        if "kong" in self.verbs:
            function = self.strategy.check_kong  # 'kong', 'pong' or 'stand'
        elif "pong" in self.verbs:
            function = self.strategy.check_pong  # 'pong' or 'stand'
        else:
            return ("pass", None)
        answer = self.ask(function, self.player, self.dealer, self.players)
        action = {"kong": ("kong", None), "pong": ("pong", None), "stand": ("pass", None)}.get(
            answer
        )
        if action in self.legal:
            return action
        return self.fallback("claim", answer, ("pass", None))

    def takes_win(self, claim) -> bool:
        """Its check_robkong ('robkong' or 'stand') for a robbable kong, else its check_hu
        ('hu' or 'stand') given the discarder."""
        if claim.kind == "rob":
            answer = self.ask(
                self.strategy.check_robkong,
                self.player,
                self.dealer,
                ebony_tile(claim.tile),
                self.players,
            )
        else:
            discarder = Seats(self.state.dealer).ebony_id(claim.source)
            answer = self.ask(
                self.strategy.check_hu, self.player, self.dealer, discarder, self.players
            )
        if answer not in ("hu", "robkong", "stand"):
            self.fallback("win", answer, None)  # then it wins
        return answer != "stand"


# --- a round's players ------------------------------------------------------------------


class Table:
    """The players of one round for ``simulate.play_round``: ebony's levels through the
    adapter, ours through ``ours`` (``computer.choose_action``); it keeps the round's public log
    from the events of each applied action (``observe``, play_round's ``on_applied``),
    and counts each seat's fallbacks."""

    def __init__(self, ours: Callable = computer.choose_action) -> None:
        self.log = PublicLog()
        self.fallbacks = [Counter() for _ in range(SEATS)]
        self.ours = ours  # how our levels choose

    def choose(self, state: Round, seat: int, level: str, rng: random.Random) -> Action:
        if level in STRATEGY_MODULES:
            return ebony_action(state, seat, level, rng, self.log, self.fallbacks[seat])
        return self.ours(state, seat, level, rng)

    def observe(self, state: Round, seat: int, action: Action, events: list[dict]) -> None:
        self.log.observe(events, state.options.concealed_kong_shown)
