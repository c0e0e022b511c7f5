"""Room presets (RULES.md section 13): one per seed text in shared/seeds/, plus this
book's defaults. Each sets every option of RoomOptions, so choosing one on the room form
gives that text's rules whatever was filled in before; each option stays adjustable.

Every value is written out, and where a seed text decides it the comment quotes its
words. Where a text says nothing, the value is the book's default ("as the book"). The
fan values of seeds 000, 001 and 004 count from 1 for a plain win (or from 0 like ours)
and then equal this book's table ("chengdu"); only seed 003 lists other values ("video").
No seed text mentions 换三张. It is on in the presets of the online halls (网络血战·血流成河,
QQ 血战), whose players meet it in every online 血战 and 血流 room and expect it; off in
the table-side ones (视频血战, 四川麻将, 成都家常), as the texts play.

The labels are marked for translation without importing Django (the engine has no
Django); the room form translates them.
"""

from dataclasses import asdict, dataclass, fields
from types import MappingProxyType
from typing import Any

from games.rules.messages import gettext_noop
from games.rules.options import RoomOptions


@dataclass(frozen=True, slots=True)
class Preset:
    key: str
    label: str  # the name shown on the form, translated there
    seed: str | None  # the seed text it follows (shared/seeds/<seed>_*.txt)
    options: MappingProxyType  # every RoomOptions field -> value, as in JSON

    def room_options(self) -> RoomOptions:
        return RoomOptions.from_dict(dict(self.options))


# Section 14's options, the same in every text: each is a table of four with three suits
# ("四家"; 003: "三家输点"), none asks 1 fan of a win on a discard or speaks of 夹心五, and
# each counts 对对胡 as 1 fan (004: "对对胡（1番").
SECTION_14_AS_THE_BOOK = {
    "players": 4,
    "suits": 3,
    "ron_needs_fan": False,
    "pongs_fan": 1,
    "middle_five": False,
}


def _preset(key: str, label: str, seed: str | None, **options: Any) -> Preset:
    missing = {f.name for f in fields(RoomOptions)} - set(options)
    if missing:
        raise ValueError(f"preset {key!r} leaves options unset: {sorted(missing)}")
    RoomOptions.from_dict(options)  # raises ValueError naming a wrong value
    return Preset(key, label, seed, MappingProxyType(options))


BOOK = _preset(
    "book",
    gettext_noop("This site's defaults"),
    None,
    **asdict(RoomOptions()),
)

VIDEO_HALL = _preset(
    "video_hall",
    gettext_noop("Video hall blood battle"),
    "000",
    base=1,  # as the book ("底金：本桌牌局每番结算的固定金额" names no amount)
    cap=4,  # as the book (the text ends before any cap)
    pig_fan=4,  # "是花猪的玩家需要赔4番（×16倍）给其余所有不是花猪的玩家"
    zimo_bonus="none",  # as the book
    kong_bloom_from_discard="zimo",  # as the book
    pass_blocks_ron=True,  # as the book
    last_four_must_win=True,  # "最后四张牌必糊 ... 自摸到自己可以糊的牌，下叫的玩家必须选择胡牌"
    last_four_auto_ron=False,  # the same rule speaks of 自摸 only
    tiandi_hu=True,  # as the book
    haidi=False,  # as the book
    jingoudiao=False,  # as the book
    kong_transfer=True,  # as the book
    # "补价差是指进行查叫时，下叫小牌的玩家要补给下叫大牌的玩家相应的牌型差价"
    ready_difference=True,
    turn_seconds=30,
    claim_seconds=15,
    void_seconds=20,  # as the book
    rounds=None,
    exchange_three=False,
    exchange_seconds=20,
    mode="xuezhan",  # "加入血战的功能 ... 直到剩下最后一家没有胡牌的玩家或者摸完最后一张牌"
    xueliu_kongs="money",
    # "杠牌可随时进行，比如 ... 可先选择碰，待自己下叫或其他时候再杠牌" and such a kong
    # "可以收桌面上其它所有还未胡牌的玩家的筹码": a later added kong pays too.
    late_added_kong_pays=True,
    concealed_kong_shown=False,  # as the book
    last_tiles_rule="four",  # "当牌局的牌墩牌还剩下最后4张的时候"
    fan_table="chengdu",  # "基本胡 0番, 对对胡 1番, 清一色 2番, 清对 3番 ... 清龙七对 5番"
    claim_window="open",  # as the book: no text speaks of hiding who may claim
    coaching=False,  # as the book: a table of one of these texts plays without a coach
    **SECTION_14_AS_THE_BOOK,
)

SICHUAN_PC = _preset(
    "sichuan_pc",
    gettext_noop("Sichuan mahjong: blood battle"),
    "001",
    base=6,  # "3. 基本分：6分。"
    cap=None,  # "以血战模式进行游戏，胡牌时没有番数限制"
    pig_fan="cap",  # as the book (4 fan without a cap)
    zimo_bonus="none",  # "自摸：包括杠上开花，所有未胡者扣除被自摸所得番数的分"
    # 杠上花: "如果某个玩家放杠给另一个玩家，此时被杠上开花胡牌后，需要包掉另外两家所输的分"
    # (rule 10's 承包制: "引杠者本人负责杠上花分数").
    kong_bloom_from_discard="feeder_all",
    # Rule 12: "在自己未摸下一张牌的一圈内，不能弃上一家而胡下一家。若加翻可胡牌"
    pass_blocks_ron=True,
    # Rule 13: "剩最后一圈牌（即4张），若有人点炮由玩家选择胡牌(即可以不胡牌)，自摸也必须胡牌"
    # (rule 16 says otherwise of a discard; rule 13 is taken, as the more detailed).
    last_four_must_win=True,
    last_four_auto_ron=False,
    tiandi_hu=True,  # "六番（x32）：天胡 ... 地胡"
    haidi=False,  # not in its list of fans
    jingoudiao=False,  # not in its list of fans
    kong_transfer=True,  # rule 11: "杠后点炮时，点炮者将开杠所得转移给被点炮者"
    ready_difference=False,  # "流局时需要查花猪，查大叫" — no 补差价
    turn_seconds=30,
    claim_seconds=15,
    void_seconds=20,  # as the book
    rounds=None,
    exchange_three=False,
    exchange_seconds=20,
    mode="xuezhan",  # "直到和走三家或抓光牌为止"
    xueliu_kongs="money",
    late_added_kong_pays=False,  # rule 12: "自己三张，碰了之后下轮再杠只算根，不收雨钱"
    concealed_kong_shown=True,  # rule 4: "暗杠也必须亮一个牌出来"
    last_tiles_rule="four",  # "剩最后一圈牌（即4张）"
    fan_table="chengdu",  # "一番 平胡 ... 六番 天胡": the book's values counted from 1
    claim_window="open",  # as the book: no text speaks of hiding who may claim
    coaching=False,  # as the book: a table of one of these texts plays without a coach
    **SECTION_14_AS_THE_BOOK,
)

ONLINE_XUELIU = _preset(
    "online_xueliu",
    gettext_noop("Online blood battle: blood river"),
    "002",
    base=6,  # "3、基本分：6分。"
    cap=5,  # "封頂番數為6番" (counted from 1: 6 番 = 32 倍 = our 5 fan)
    pig_fan="cap",  # "賠...最大翻倍的5倍" has no match here; as the cap
    zimo_bonus="none",  # as the book
    kong_bloom_from_discard="zimo",  # as the book
    pass_blocks_ron=True,  # as the book
    last_four_must_win=True,
    last_four_auto_ron=False,  # as the book
    tiandi_hu=True,  # "6、六番（x32）：天胡 ... 地胡"
    haidi=False,
    jingoudiao=False,  # not in its lists of fans
    kong_transfer=True,  # "如果為杠上炮，還要將剛才所杠牌所得，轉給胡牌家"
    ready_difference=False,  # "查花豬，查大叫" — no 补差价
    turn_seconds=30,
    claim_seconds=15,
    void_seconds=20,  # as the book
    rounds=None,
    exchange_three=True,  # online halls swap three: their players expect it
    exchange_seconds=20,
    # "已經胡牌的玩家還要繼續摸牌、打牌、胡牌，但是除了胡牌以外，只能摸什麼牌就打什麼牌"
    mode="xueliu",
    xueliu_kongs="fan",  # "如果玩家開杠，那麼玩家不管胡牌還是點炮都要加番，明杠加一番，暗杠加兩番"
    late_added_kong_pays=True,  # as the book
    concealed_kong_shown=True,  # "4、...暗杠也必須亮一個牌出來"
    last_tiles_rule="four",  # as the book
    fan_table="chengdu",  # "牌型番數算法": 平胡 一番 ... 青龍七對 六番, the book's values from 1
    claim_window="open",  # as the book: no text speaks of hiding who may claim
    coaching=False,  # as the book: a table of one of these texts plays without a coach
    **SECTION_14_AS_THE_BOOK,
)

QQ = _preset(
    "qq",
    gettext_noop("QQ blood battle (Chengdu)"),
    "003",
    base=1,  # "假定基本分为 1 分"
    cap=4,  # "最多也只按极品计番", 极品 5 counted from 1 = our 4
    pig_fan="cap",  # "花猪赔给不是花猪的所有玩家（包括已和牌者）极品"
    zimo_bonus="none",  # "和牌时若为自摸 ( 不包括引杠 ) ，则三家输点"
    kong_bloom_from_discard="ron",  # "若为杠某家打出的牌而杠上开花，则为引杠者输点"
    # "在自己未摸下一张牌的一圈内，不能弃先和后（...但是有加番或牌城只剩不足四张牌时可以和）"
    pass_blocks_ron=True,
    # "最后四张牌（牌张数与未和牌人数相同），若有人点炮则自动和牌，自摸也必须和牌"
    last_four_must_win=True,
    last_four_auto_ron=True,
    tiandi_hu=True,  # "天和 ... +4", "地和 ... +4"
    haidi=False,
    jingoudiao=False,  # not in its table of fans
    kong_transfer=True,  # "杠后点炮时，点数转移，点炮者将开杠所得转移给被点炮者"
    ready_difference=False,  # "不再另赔流局时听牌玩家的牌型分 ... 按包大原则赔给听牌玩家"
    turn_seconds=30,  # "出牌有三十秒的等待时间"
    claim_seconds=15,  # "如果遇到碰牌或杠牌，在下家抓牌之前有 15 秒钟的等待时间"
    void_seconds=20,  # as the book
    rounds=None,
    exchange_three=True,  # online halls swap three: their players expect it
    exchange_seconds=20,
    mode="xuezhan",  # "直到和走三家或抓光牌城为止"
    xueliu_kongs="money",
    late_added_kong_pays=True,  # "续明杠：尚未和走者每人输给杠牌者 1 分", with no time limit
    concealed_kong_shown=True,  # "暗杠也必须亮出牌面"
    last_tiles_rule="active",  # "最后四张牌（牌张数与未和牌人数相同）"
    fan_table="video",  # its own table: "素番 1 ... 清七对 4 ... 天和 +4"
    claim_window="open",  # as the book: no text speaks of hiding who may claim
    coaching=False,  # as the book: a table of one of these texts plays without a coach
    **SECTION_14_AS_THE_BOOK,
)

CHENGDU_HOME = _preset(
    "chengdu_home",
    gettext_noop("Chengdu home game"),
    "004",
    base=1,  # "每人付2份底金": amounts in 底金, no figure given
    cap=4,  # "有一杠翻一番有两杠翻两番，直至封顶" — as the book
    pig_fan="cap",  # as the book
    zimo_bonus="none",  # as the book
    kong_bloom_from_discard="zimo",  # as the book (the text does not say who pays)
    pass_blocks_ron=True,  # "过水不胡 ... 直到玩家再次摸牌时才可以选择胡牌，除非 ... 番数增加了"
    # "后4张牌必胡：...如果玩家的手牌已经下叫而叫牌正好是这4的任意一张，当这张牌出现时
    # 下叫的玩家必须选择胡牌": a discard too.
    last_four_must_win=True,
    last_four_auto_ron=True,
    tiandi_hu=True,  # "天胡（5翻 底金：×32）", "地胡（5翻 底金：×32）"
    haidi=False,
    jingoudiao=False,  # not in its list
    kong_transfer=True,  # "再打出的牌被别人和了除了点炮翻番之外，杠钱也要转移给和牌的人"
    ready_difference=False,  # "一般都是查大" — no 补差价
    turn_seconds=30,
    claim_seconds=15,
    void_seconds=20,  # as the book
    rounds=None,
    exchange_three=False,
    exchange_seconds=20,
    mode="xuezhan",  # "直到剩下最后一家没有胡牌的玩家或者摸完了最后一张牌"
    xueliu_kongs="money",
    late_added_kong_pays=True,  # "弯杠或绕杠（毛毛雨）...这种杠牌可以收三家的筹码"
    concealed_kong_shown=False,  # as the book
    last_tiles_rule="four",  # "当牌局的牌墩牌还剩下最后4张的时候"
    fan_table="chengdu",  # "基本胡 0番 ... 清对 3番 ... 清龙七对 5番": the book's values
    claim_window="open",  # as the book: no text speaks of hiding who may claim
    coaching=False,  # as the book: a table of one of these texts plays without a coach
    **SECTION_14_AS_THE_BOOK,
)


def _table_preset(key: str, label: str, **changes: Any) -> Preset:
    """A table of RULES.md section 14: this book's rules with the changes it names."""
    return _preset(key, label, None, **{**BOOK.options, **changes})


# Section 14's presets, as the book names them; every other option is the book's.
THREE_TWO_SUITS = _table_preset(
    "three_two_suits",
    gettext_noop("Three players, two suits"),
    players=3,
    suits=2,
    ron_needs_fan=True,
    cap=3,
)
THREE_PLAYERS = _table_preset("three_players", gettext_noop("Three players"), players=3)
TWO_PLAYERS = _table_preset("two_players", gettext_noop("Two players"), players=2)
TWO_TWO_SUITS = _table_preset(
    "two_two_suits", gettext_noop("Two players, two suits"), players=2, suits=2
)
FOUR_TWO_SUITS = _table_preset("four_two_suits", gettext_noop("Four players, two suits"), suits=2)

PRESETS: dict[str, Preset] = {
    preset.key: preset
    for preset in (
        BOOK,
        VIDEO_HALL,
        SICHUAN_PC,
        ONLINE_XUELIU,
        QQ,
        CHENGDU_HOME,
        THREE_TWO_SUITS,
        THREE_PLAYERS,
        TWO_PLAYERS,
        TWO_TWO_SUITS,
        FOUR_TWO_SUITS,
    )
}


def preset(key: Any) -> Preset:
    """The preset named ``key``; ValueError naming the known ones otherwise."""
    if not isinstance(key, str) or key not in PRESETS:
        raise ValueError(f"unknown preset {key!r}; known presets: {', '.join(PRESETS)}")
    return PRESETS[key]
