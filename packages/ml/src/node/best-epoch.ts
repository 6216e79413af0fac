/** Keeping the weights of the best epoch seen so far. */

/** The loss an epoch is judged by: validation loss, or training loss when nothing is held out. */
export function selectionLoss(metrics: {
  readonly loss: number;
  readonly valLoss: number;
}): number {
  return Number.isNaN(metrics.valLoss) ? metrics.loss : metrics.valLoss;
}

/** The epoch with the lowest {@link selectionLoss} among those offered, and its weights. */
export class BestEpoch<Saved> {
  epoch: number | null = null;
  saved: Saved | null = null;
  private lowest = Number.POSITIVE_INFINITY;

  /** Keeps the epoch when it beats every earlier one (a NaN loss never does); answers whether. */
  offer(
    metrics: { readonly epoch: number; readonly loss: number; readonly valLoss: number },
    saved: Saved,
  ): boolean {
    const loss = selectionLoss(metrics);
    if (!(loss < this.lowest)) return false;
    this.lowest = loss;
    this.epoch = metrics.epoch;
    this.saved = saved;
    return true;
  }
}
