"""The ledger's pictures, painted with QPainter (QtCharts is not in PySide6-Essentials):
the budget against what is planned and spent, and spending by category and by day.
Colours follow the palette, so the charts read in light and dark.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from concierge.store import ExpenseCategory
from concierge.travel.money.currencies import format_money
from concierge.ui.colours import Tone, colour, secondary
from concierge.ui.i18n import ENGLISH, current_language, shown_date, translate

from .chart_colours import series_colour
from .model import category_text, day_text

CATEGORY_INDEX = {category: index for index, category in enumerate(ExpenseCategory)}
BAR_HEIGHT = 14
GAP = 6


def category_colour(category: ExpenseCategory, palette: QPalette) -> QColor:
    return series_colour(CATEGORY_INDEX[category], palette)


class BudgetBar(QWidget):
    """Spent as a solid bar over planned as a lighter one, with the budget as a line; red
    once spending passes the budget."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(translate("BudgetBar", "Budget, planned and spent"))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.currency = "EUR"
        self.budget: Decimal | None = None
        self.planned: Decimal | None = None
        self.spent = Decimal(0)

    def show_totals(
        self, currency: str, budget: Decimal | None, planned: Decimal | None, spent: Decimal
    ) -> None:
        """`planned` None: nothing is costed yet."""
        self.currency, self.budget, self.planned, self.spent = currency, budget, planned, spent
        self.setAccessibleDescription(self.caption())
        self.setToolTip(self.caption())
        self.update()

    def caption(self) -> str:
        def money(amount: Decimal) -> str:
            return format_money(amount, self.currency)

        budget = (
            money(self.budget)
            if self.budget is not None
            else translate("BudgetBar", "no budget set")
        )
        planned = (
            money(self.planned)
            if self.planned is not None
            else translate("BudgetBar", "nothing costed yet")
        )
        text = translate("BudgetBar", "Spent {spent} · planned {planned} · budget {budget}").format(
            spent=money(self.spent), planned=planned, budget=budget
        )
        if self.budget is not None and self.spent > self.budget:
            over = translate("BudgetBar", "{amount} over").format(
                amount=money(self.spent - self.budget)
            )
            text += f" · {over}"
        return text

    def sizeHint(self) -> QSize:
        return QSize(240, BAR_HEIGHT + 8)

    def paintEvent(self, event: QPaintEvent) -> None:
        palette = self.palette()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        bar = QRectF(0.5, 4.5, self.width() - 1.0, BAR_HEIGHT)
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRect(bar)
        scale = max(self.budget or 0, self.planned or 0, self.spent)
        if scale <= 0:
            painter.end()
            return

        def width(amount: Decimal) -> float:
            return float(amount / scale) * bar.width()

        painter.setPen(Qt.PenStyle.NoPen)
        planned = series_colour(1, palette)
        planned.setAlpha(110)
        painter.setBrush(planned)
        if self.planned is not None:
            painter.drawRect(QRectF(bar.left(), bar.top(), width(self.planned), bar.height()))
        over = self.budget is not None and self.spent > self.budget
        painter.setBrush(colour(Tone.ERROR if over else Tone.SUCCESS, palette))
        inset = bar.height() / 4
        painter.drawRect(
            QRectF(bar.left(), bar.top() + inset, width(self.spent), bar.height() - 2 * inset)
        )
        if self.budget is not None:
            x = bar.left() + width(self.budget)
            painter.setPen(QPen(palette.color(QPalette.ColorRole.WindowText), 2))
            painter.drawLine(int(x), int(bar.top()) - 3, int(x), int(bar.bottom()) + 3)
        painter.end()


STACK_BELOW = 460
"""Narrower than this, the day columns go under the category bars instead of beside them."""
DAYS_HEIGHT = 130


class SpendingChart(QWidget):
    """One bar per category, largest first; beside them (or below, when narrow) one column
    per day paid, stacked by category in the same colours."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(translate("SpendingChart", "Spending by category and by day"))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(120)
        self.currency = "EUR"
        self.by_category: Mapping[ExpenseCategory, Decimal] = {}
        self.by_day: Mapping[date, Mapping[ExpenseCategory, Decimal]] = {}

    def show_spending(
        self,
        currency: str,
        by_category: Mapping[ExpenseCategory, Decimal],
        by_day: Mapping[date, Mapping[ExpenseCategory, Decimal]],
    ) -> None:
        self.currency, self.by_category, self.by_day = currency, by_category, by_day
        self.setAccessibleDescription(self.description())
        self.setMinimumHeight(self._rows_height() + DAYS_HEIGHT + GAP)
        self.update()

    def _row(self) -> int:
        return self.fontMetrics().height() + 6

    def _rows_height(self) -> int:
        return max(len(self.by_category), 1) * self._row()

    def description(self) -> str:
        if not self.by_category:
            return translate("SpendingChart", "Nothing spent yet.")
        english = current_language() == ENGLISH
        categories = ", ".join(
            f"{category.value if english else category_text(category)} "
            f"{format_money(amount, self.currency)}"
            for category, amount in self.by_category.items()
        )
        days = ", ".join(
            f"{day.isoformat() if english else shown_date(day)} "
            f"{format_money(sum(parts.values(), Decimal(0)), self.currency)}"
            for day, parts in self.by_day.items()
        )
        return translate("SpendingChart", "By category: {categories}. By day: {days}.").format(
            categories=categories, days=days
        )

    def sizeHint(self) -> QSize:
        return QSize(420, 180)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self.by_category:
            painter.setPen(secondary(self.palette()))
            painter.drawText(
                self.rect(),
                Qt.AlignmentFlag.AlignCenter,
                translate("SpendingChart", "Nothing spent yet"),
            )
            painter.end()
            return
        if self.width() < STACK_BELOW:
            rows = self._rows_height()
            self._paint_categories(painter, QRectF(0, 0, self.width(), rows))
            self._paint_days(
                painter, QRectF(0, rows + GAP, self.width(), self.height() - rows - GAP)
            )
        else:
            half = self.width() * 0.45
            self._paint_categories(painter, QRectF(0, 0, half - GAP, self.height()))
            self._paint_days(
                painter, QRectF(half + GAP, 0, self.width() - half - GAP, self.height())
            )
        painter.end()

    def _paint_categories(self, painter: QPainter, area: QRectF) -> None:
        palette = self.palette()
        metrics = self.fontMetrics()
        row = self._row()
        label_width = max(metrics.horizontalAdvance(category_text(c)) for c in self.by_category)
        amounts = {c: format_money(v, self.currency) for c, v in self.by_category.items()}
        amount_width = max(metrics.horizontalAdvance(text) for text in amounts.values())
        bar_left = area.left() + label_width + GAP
        bar_room = max(area.width() - label_width - amount_width - 2 * GAP, 10.0)
        largest = max(self.by_category.values())
        text = palette.color(QPalette.ColorRole.WindowText)
        for index, (category, amount) in enumerate(self.by_category.items()):
            top = area.top() + index * row
            if top + row > area.bottom():
                break
            painter.setPen(text)
            painter.drawText(
                QRectF(area.left(), top, label_width, row),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                category_text(category),
            )
            length = float(amount / largest) * bar_room if largest > 0 else 0.0
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(category_colour(category, palette))
            painter.drawRect(QRectF(bar_left, top + 3, max(length, 1.0), row - 6))
            painter.setPen(text)
            painter.drawText(
                QRectF(bar_left + length + GAP / 2, top, amount_width + GAP, row),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                amounts[category],
            )

    def _paint_days(self, painter: QPainter, area: QRectF) -> None:
        palette = self.palette()
        metrics = self.fontMetrics()
        label_height = metrics.height() + 2
        plot = QRectF(
            area.left(), area.top() + label_height, area.width(), area.height() - 2 * label_height
        )
        totals = {day: sum(parts.values(), Decimal(0)) for day, parts in self.by_day.items()}
        largest = max(totals.values())
        painter.setPen(secondary(palette))
        painter.drawText(
            QRectF(area.left(), area.top(), area.width(), label_height),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            translate("SpendingChart", "Most in a day: {amount}").format(
                amount=format_money(largest, self.currency)
            ),
        )
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.drawLine(
            int(plot.left()), int(plot.bottom()), int(plot.right()), int(plot.bottom())
        )
        days = list(self.by_day)
        slot = plot.width() / len(days)
        column = max(min(slot * 0.7, 36.0), 2.0)
        english = current_language() == ENGLISH
        widest = "30 Sep" if english else day_text(date(2026, 9, 30))
        label = max(metrics.horizontalAdvance(widest) + GAP, 1)
        every = max(1, int(label // slot) + (1 if label % slot else 0))
        for index, day in enumerate(days):
            left = plot.left() + index * slot + (slot - column) / 2
            bottom = plot.bottom()
            painter.setPen(Qt.PenStyle.NoPen)
            for category in ExpenseCategory:
                amount = self.by_day[day].get(category)
                if not amount or largest <= 0:
                    continue
                height = float(amount / largest) * plot.height()
                painter.setBrush(category_colour(category, palette))
                painter.drawRect(QRectF(left, bottom - height, column, height))
                bottom -= height
            if index % every == 0 or (index == len(days) - 1 and every == 1):
                painter.setPen(palette.color(QPalette.ColorRole.WindowText))
                painter.drawText(
                    QRectF(
                        min(
                            max(plot.left() + index * slot - label / 2 + slot / 2, plot.left()),
                            plot.right() - label,
                        ),
                        plot.bottom() + 1,
                        label,
                        label_height,
                    ),
                    Qt.AlignmentFlag.AlignCenter,
                    f"{day.day} {day.strftime('%b')}" if english else day_text(day),
                )
