"""The win-chance graph of a seat's review, as a PNG (the ``plot`` extra: matplotlib)."""

from __future__ import annotations

from pathlib import Path

from .seat_review import SeatReview

COLOURS = {"good": "#4a9", "inaccuracy": "#db3", "mistake": "#e73", "blunder": "#c22"}


def plot_review(review: SeatReview, path: Path, title: str, labels: dict[str, str]) -> None:
    """The seat's win chance after every action; its decisions marked by their label.
    ``labels`` are the words of the legend and axes (from the caller's catalog)."""
    # the plot extra, loaded only when a graph is asked for
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4))
    shown = review.graph()  # through the decisions' points
    ax.plot(range(len(shown)), shown, color="#357", linewidth=1.5)
    for name, colour in COLOURS.items():
        marked = [d for d in review.decisions if d.label == name]
        if marked:
            px = [d.index for d in marked]
            py = [d.win_chance for d in marked]
            ax.scatter(px, py, color=colour, s=24, zorder=3, label=labels[name])
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel(labels["x"])
    ax.set_ylabel(labels["y"])
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
