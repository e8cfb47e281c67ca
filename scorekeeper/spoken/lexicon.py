"""The words of a hand as said at the table: each phrase stands for one
:class:`Tag`, and filler words ("um", "so", "the", "points") stand for
nothing.  Phrases are matched longest first, on lower-case words with
hyphens and apostrophes taken out ("re-crack" is "re crack", "didn't"
"didnt").
"""

from __future__ import annotations

from enum import StrEnum


class Tag(StrEnum):
    """What a phrase says about the hand."""

    PICK = "pick"            # "picked": the name before (or after) picked
    ALONE = "alone"          # "went alone", "took it alone"
    WITH = "with"            # "with", "called": the name after is a partner
    PARTNER = "partner"      # "partner", "had the ace": a partner nearby
    LEASTER = "leaster"
    ALL_PASS = "all-pass"    # "nobody picked", "everyone passed"
    THROW_IN = "throw-in"    # "throw in", "no pick"
    MISDEAL = "misdeal"
    VOID = "void"            # "void", "dead hand", "no score"
    REDEAL = "redeal"        # "redeal": a void hand, unless a kind that redeals is said too
    RENEGE = "renege"
    BURIED_ACE = "buried-ace"
    SCHWANZER = "schwanzer"
    ADJUSTMENT = "adjustment"
    WON = "won"
    LOST = "lost"            # "lost", "pays" (a schwanzer's losers)
    CRACK = "crack"
    NO_CRACK = "no-crack"    # "no crack", "nobody cracked": said, so nothing to fill
    RECRACK = "recrack"
    CRACK3 = "crack3"
    BLITZ = "blitz"
    BLITZ2 = "blitz2"
    TWICE = "twice"
    NO_TRICK = "no-trick"
    ALL_TRICKS = "all-tricks"
    TRICKS = "tricks"        # "tricks" after a number
    PICKER_NO_TRICK = "picker-no-trick"
    SCHNEIDER = "schneider"  # the side last named was schneidered
    SCHNEIDERED_THEM = "schneidered-them"
    NO_SCHNEIDER = "no-schneider"
    DEFENSE = "defense"
    PICKING_SIDE = "picking-side"
    DECLARED = "declared"
    DOUBLER = "doubler"      # "doubler" without "declared": ask or let the replay say
    NOT_DECLARED = "not-declared"  # "not declared": a doubler the replay says, nothing to fill
    FORCED = "forced"
    KING_CUT = "king-cut"
    LAST_ROUND = "last-round"
    STOLE = "stole"
    STOLE_FROM = "stole-from"
    DEALER = "dealer"        # "dealer", "dealt": the name next to it dealt (the form keeps it)


def _phrases(tag: Tag, *said: str) -> dict[tuple[str, ...], Tag]:
    return {tuple(phrase.split()): tag for phrase in said}


PHRASES: dict[tuple[str, ...], Tag] = {
    **_phrases(Tag.PICK, "picked", "picks", "pick", "picker", "picker was", "picker is",
               "picked it", "picked up", "picked it up", "picked the blind"),
    **_phrases(Tag.ALONE, "alone", "went alone", "goes alone", "go alone", "going alone",
               "took it alone", "went it alone", "played alone", "plays alone", "solo",
               "loner", "by himself", "by herself", "by themself", "by themselves",
               "all alone", "on his own", "on her own", "no partner", "without partner",
               "without a partner", "w o partner", "w o a partner", "no partner called",
               "called nobody", "called no one", "with herself", "with himself",
               "with themself", "with themselves"),
    **_phrases(Tag.WITH, "with", "w", "wit", "wth", "wiht", "whit", "called", "calls", "call",
               "called up", "and called",
               "partnered with", "partners with", "teamed with", "together with"),
    **_phrases(Tag.PARTNER, "partner", "partners", "partner was", "partner is",
               "had the ace", "had the called ace", "had the jack",
               "had the jack of diamonds", "was partner", "was the partner",
               "is partner", "is the partner", "was his partner", "was her partner",
               "partnered"),
    **_phrases(Tag.LEASTER, "leaster", "leasters", "least", "leastered", "lister",
               "leister", "leester", "lease ter"),
    **_phrases(Tag.ALL_PASS, "nobody picked", "no one picked", "noone picked",
               "no body picked", "nobody picks", "no one picks", "everyone passed",
               "everybody passed", "everyone pass", "everybody pass", "all passed",
               "all pass", "passed around", "pass around", "everyone passes",
               "everybody passes", "all passes", "nobody took it", "no one took it",
               "nobody wanted it", "nobody picks it", "no one picked it", "nobody picked it",
               "all passed it"),
    **_phrases(Tag.THROW_IN, "throw in", "thrown in", "threw in", "throwin", "throw it in",
               "threw it in", "threw them in", "no pick", "no picks", "nopick",
               "thrown in hand", "throw em in", "threw em in", "throw them in", "tossed in",
               "tossed it in", "tossed em in", "toss it in", "toss em in"),
    **_phrases(Tag.MISDEAL, "misdeal", "misdealt", "misdealed", "mis deal", "miss deal",
               "miss dealt", "mis dealt", "dealt wrong", "bad deal", "misdeals",
               "dealt it wrong", "dealt badly", "messed up the deal", "messed up deal",
               "screwed up the deal", "botched the deal", "blew the deal", "dealer error",
               "flipped a card", "flipped card", "card flipped", "flipped one",
               "exposed a card", "showed a card", "card showed", "card face up",
               "turned a card over", "turned a card up", "gave too many cards",
               "too many cards", "too few cards", "wrong number of cards", "short a card",
               "dealt too many", "dealt too few", "misdeal on", "misdealt on"),
    **_phrases(Tag.VOID, "void", "voided", "no hand", "dead hand", "no score", "not scored",
               "doesnt count", "no count"),
    **_phrases(Tag.REDEAL, "redeal", "re deal", "redealt", "re dealt", "deal again",
               "dealt again", "redeal it", "deal it again"),
    **_phrases(Tag.RENEGE, "reneged", "renege", "reneges", "reneg", "renig", "renigged",
               "renegged", "reneging", "renegade", "revoked", "revoke", "re neged",
               "re nigged", "didnt follow suit", "failed to follow suit"),
    **_phrases(Tag.BURIED_ACE, *(f"buried {who} {what}" for who in ("the", "his", "her", "their")
                                 for what in ("called ace", "ace", "called card")),
               "buried called ace", "called ace buried", "buried the call ace"),
    **_phrases(Tag.SCHWANZER, "schwanzer", "schwanz", "schwanzed", "schwantzer",
               "shwanzer", "schwans er"),
    **_phrases(Tag.ADJUSTMENT, "adjustment", "payment", "other payment", "side bet"),
    **_phrases(Tag.WON, "won", "wins", "win", "winner", "winner was", "winner is",
               "took the leaster", "made it", "won it", "fewest", "had the fewest",
               "fewest points", "took the fewest"),
    **_phrases(Tag.LOST, "lost", "loses", "lose", "loser", "losers", "pays", "pay", "paid",
               "went set", "got set", "was set", "set", "went down", "lost it",
               "bumped", "got bumped", "on the bump", "went on the bump"),
    **_phrases(Tag.CRACK, "crack", "cracked", "cracks", "cracked it", "was cracked",
               "got cracked", "craked", "crecked"),
    **_phrases(Tag.RECRACK, "re crack", "recrack", "recracked", "re cracked", "crack back",
               "cracked back", "back cracked", "cracked and recracked",
               "crack and recrack", "crack and re crack", "cracked and re cracked",
               "re crack back", "recrack back", "double crack", "double cracked",
               "cracked it back", "crack it back"),
    **_phrases(Tag.NO_CRACK, "no crack", "no cracks", "not cracked", "nobody cracked",
               "no one cracked", "noone cracked", "wasnt cracked", "never cracked"),
    **_phrases(Tag.CRACK3, "triple crack", "triple cracked", "re re crack", "rerecrack",
               "re recrack", "re recracked", "re re cracked", "rerecracked"),
    **_phrases(Tag.BLITZ, "blitz", "blitzed", "blitzes", "blitzing", "blitzed it", "blits",
               "blitzd"),
    **_phrases(Tag.BLITZ2, "double blitz", "double blitzed", "blitzed twice",
               "double blitzes", "both blitzes", "both queens blitzed", "blitz blitz"),
    **_phrases(Tag.TWICE, "twice", "two times"),
    **_phrases(Tag.NO_TRICK, "no trick", "no tricks", "took no trick", "took no tricks",
               "didnt take a trick", "didnt take any tricks", "did not take a trick",
               "without a trick", "not a trick", "zero tricks", "no trick at all",
               "got schwarzed", "schwarzed", "was schwarzed", "got no trick",
               "got no tricks", "no tricks at all", "no-trick", "notrick", "took none",
               "got none", "took nothing", "got nothing", "took zero", "won none",
               "won no tricks", "won no trick", "didnt get a trick", "didnt win a trick",
               "never took a trick"),
    **_phrases(Tag.ALL_TRICKS, "every trick", "all tricks", "all the tricks", "all trick",
               "all of the tricks", "every single trick", "took them all", "schwarzed them",
               "schwarzed the defense", "lay down", "laid down", "laydown", "layed down",
               "all the tricks", "took em all", "took all", "took all of them", "got them all",
               "got em all", "won them all", "won em all", "won every trick", "took all tricks",
               "laid it down", "layed it down", "lay it down", "laid em down",
               "laid them down", "lay them down", "layed them down", "clean sweep",
               "swept", "swept it", "swept them"),
    **_phrases(Tag.TRICKS, "trick", "tricks"),
    **_phrases(Tag.PICKER_NO_TRICK, "picker took no trick", "picker no trick",
               "no trick pick", "no trick picker", "picker didnt take a trick",
               "picker took no tricks", "picker got no trick"),
    **_phrases(Tag.SCHNEIDERED_THEM, "schneidered them", "schneidered the defense",
               "schneidered the defenders", "made schneider", "got them schneidered"),
    **_phrases(Tag.NO_SCHNEIDER, "no schneider", "not schneidered", "out of schneider",
               "got out of schneider", "no snyder", "no snider", "no schnieder"),
    **_phrases(Tag.SCHNEIDER, "schneider", "schneidered", "schneiders",
               "snyder", "snider", "schnider", "shneider", "snydered", "schnitzel",
               "sneider", "schneider ed", "schnieder", "schniedered", "shnieder"),
    **_phrases(Tag.DEFENSE, "defense", "defence", "defenders", "defender", "the defense",
               "other side", "other team", "opponents", "opposition", "defending side",
               "defense side", "the defenders", "defensive side"),
    **_phrases(Tag.PICKING_SIDE, "picking side", "picking team", "pickers", "picker side",
               "pickers side", "picking party"),
    **_phrases(Tag.DECLARED, "declared doubler", "declared a doubler", "doubler declared",
               "declared", "declared double", "declared it", "called a doubler"),
    **_phrases(Tag.DOUBLER, "doubler", "doubled", "double", "doublers", "doubles"),
    **_phrases(Tag.NOT_DECLARED, "not declared", "undeclared", "wasnt declared",
               "not a declared doubler", "no declared doubler", "not declared doubler",
               "never declared", "nobody declared", "no one declared"),
    **_phrases(Tag.FORCED, "forced", "forced pick", "forced to pick", "had to pick",
               "was forced"),
    **_phrases(Tag.KING_CUT, "king of diamonds cut", "king of diamonds at the cut",
               "king of diamonds on the cut", "cut the king of diamonds", "king cut",
               "round of doubles"),
    **_phrases(Tag.LAST_ROUND, "last round", "final round", "last round doubled"),
    **_phrases(Tag.STOLE, "stole", "stole the blind", "stole it", "steals", "steal",
               "stole blind"),
    **_phrases(Tag.STOLE_FROM, "stole from", "stole the blind from", "stolen from",
               "stole it from", "steals from", "robbed", "stole blind from"),
    **_phrases(Tag.DEALER, "dealer", "the dealer", "dealt", "deals", "dealing", "deal",
               "dealer was", "dealer is"),
}

#: Words said that change nothing: fillers, joining words, card talk.
FILLERS = frozenset("""
    um umm ummm uh uhh uhm er erm ah ahh hmm hm mm so then and also okay ok k well like
    yeah yes yep right alright just oh now next again actually basically anyway
    the a an it its it's he she they his her him them their there this that these those
    was were is are be been being had has have got get gets getting took take takes
    taking made make makes making for of on in at to too by from into out up off
    hand hands game score scored scoring total only both each who which what i we us our
    my me you your let lets say says said put record write enter please thanks hey
    point points pts pt side team picking went go goes played play plays
    ace aces jack queen queens king kings of hearts heart clubs club spades spade
    diamonds diamond fail blind bury buried card cards trump trumps under unknown
    against versus vs v plus out mark hit kept keep counted count counting
    end ended ending finally final over but sorry wait oops get wrote
    n em lol ugh ugh dang darn wow nice gg omg haha welp whew phew yikes lucky ouch
    exactly exact nose dead precisely
""".split())
