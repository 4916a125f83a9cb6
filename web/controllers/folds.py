"""What the table and the replay share: how much of a long game's log and score table is drawn."""

from ..render.log import EARLIER_PAGE
from ..render.replay_view import CHART_PAGE


class Folds:
    """The log's folded turns drawn (`earlier`) and the score table's earlier turns
    (`chart_rows`): a page of each, and a page more on each "show more"."""

    earlier = EARLIER_PAGE
    chart_rows = CHART_PAGE

    def show_more_earlier(self):
        """The log's "show more": EARLIER_PAGE more of its folded turns drawn."""
        self.earlier += EARLIER_PAGE

    def show_more_rows(self):
        """The score table's "show more": CHART_PAGE more of its earlier turns drawn."""
        self.chart_rows += CHART_PAGE
