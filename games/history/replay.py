"""Rebuild a round from its seed and its event log: the replay feature and the
integrity check (../shared/ARCHITECTURE.md: replaying the events must give the stored state)."""

from dataclasses import dataclass

from games.models import Round

# The rebuild itself is games.play's (a watcher's late table uses it too); its names are
# this module's as well, where the replay pages and the tests have always found them.
from games.play.rebuild import actions_of, replay, wrote_share_rows  # noqa: F401
from games.rules.round import SETTLEMENT_DETAILS, IllegalAction


def _as_stored(replayed: dict, stored: dict) -> dict:
    """The replayed state without the settlement's explaining details that a round stored
    before they were recorded lacks: those rounds still check out."""
    settlement, kept = replayed.get("settlement"), (stored.get("settlement") or {})
    if not settlement:
        return replayed
    missing = [key for key in SETTLEMENT_DETAILS if key in settlement and key not in kept]
    if not missing:
        return replayed
    trimmed = {k: v for k, v in settlement.items() if k not in missing}
    return dict(replayed, settlement=trimmed)


@dataclass
class Check:
    round: Round
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems


def check(rnd: Round) -> Check:
    """Does the log replay to the stored state, and is the ledger the engine's?"""
    problems = []
    try:
        engine = replay(rnd)
    except IllegalAction as exc:
        # A log that does not even replay from this seed (a wrong seed or shuffle, a
        # tampered event) is a finding to report, not a crash of the check.
        return Check(rnd, [f"the log does not replay from the seed: {exc.message % exc.params}"])
    if _as_stored(engine.to_json(), rnd.state) != rnd.state:
        problems.append("replaying the events does not give the stored state")
    stored = [(e.payer_seat, e.payee_seat, e.amount, e.reason) for e in rnd.ledger.order_by("id")]
    expected = [(e["payer"], e["payee"], e["amount"], e["reason"]) for e in engine.ledger]
    if stored != expected:
        problems.append(f"ledger has {len(stored)} rows, the engine paid {len(expected)}")
    versions = list(rnd.events.filter(kind="action").values_list("version", flat=True))
    if versions != list(range(1, rnd.version + 1)):
        problems.append("the actions do not number the versions one by one")
    return Check(rnd, problems)
