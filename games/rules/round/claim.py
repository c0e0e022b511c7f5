"""A tile on offer and the answers to it."""

from dataclasses import dataclass, field


@dataclass
class Claim:
    """A discard (or an added kong's tile) waiting for answers."""

    kind: str  # "discard" or "rob"
    tile: int
    source: int  # the discarder or the kong maker
    options: dict[int, list[str]]  # seat -> verbs offered
    answers: dict[int, str] = field(default_factory=dict)
    win_fans: dict[int, int] = field(default_factory=dict)  # fan each offered win scores
    after_kong: bool = False  # the discard follows the discarder's kong (杠上炮)
    last_tile: bool = False  # the discard after the wall's last tile (海底炮)

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "tile": self.tile,
            "source": self.source,
            "options": {str(k): v for k, v in self.options.items()},
            "answers": {str(k): v for k, v in self.answers.items()},
            "win_fans": {str(k): v for k, v in self.win_fans.items()},
            "after_kong": self.after_kong,
            "last_tile": self.last_tile,
        }

    @classmethod
    def from_json(cls, data: dict) -> "Claim":
        return cls(
            kind=data["kind"],
            tile=data["tile"],
            source=data["source"],
            options={int(k): v for k, v in data["options"].items()},
            answers={int(k): v for k, v in data["answers"].items()},
            win_fans={int(k): v for k, v in data["win_fans"].items()},
            after_kong=data["after_kong"],
            last_tile=data["last_tile"],
        )
