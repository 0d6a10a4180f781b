from sleuth.ai.bot import RandomBot


class BasicBot(RandomBot):
    kind = "basic"


class ExpertBot(RandomBot):
    kind = "expert"


class ExploiterBot(RandomBot):
    kind = "exploiter"
