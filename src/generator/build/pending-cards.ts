import {
  cardsFromCache,
  type DrawMany,
  drawCardsIntoCache,
  type PlannedCard,
} from '../assets/social-cards.ts';
import type { IncrementalDirWriter } from '../output/incremental-writer.ts';

/**
 * The social cards watch's runs left to draw (Project.cardsLater): the pages went out at once,
 * referring to cards that are drawn in the background into the cache (`draw`, beside any run)
 * and then added to the output by a small commit of their own (`commit`, one run at a time). A
 * page whose card is pending still counts as kept: its card is on its way.
 */
export class PendingCards {
  private readonly cards = new Map<string, PlannedCard>();

  /** Notes the cards a run left to draw. */
  add(cards: PlannedCard[] = []): void {
    for (const card of cards) this.cards.set(card.path, card);
  }

  has(path: string): boolean {
    return this.cards.has(path);
  }

  get size(): number {
    return this.cards.size;
  }

  /** Draws up to `count` pending cards into the cache (not the output). Writes the cache only. */
  async draw(count: number, cacheDir: string, drawMany?: DrawMany): Promise<void> {
    const batch = [...this.cards.values()].slice(0, count);
    await drawCardsIntoCache(batch, cacheDir, drawMany);
  }

  /**
   * Adds the pending cards the cache now holds, and that a page of the last run still refers
   * to (`referenced`), to the output, keeping every other file; forgets cards no page refers to
   * any more. Returns the paths written. One run: never beside a build or update.
   */
  async commit(
    writer: IncrementalDirWriter,
    cacheDir: string,
    referenced: (path: string) => boolean,
  ): Promise<string[]> {
    for (const path of this.cards.keys()) if (!referenced(path)) this.cards.delete(path);
    writer.keepEverything();
    const added = await cardsFromCache([...this.cards.values()], cacheDir, writer).catch(
      async (error) => {
        await writer.abort();
        throw error;
      },
    );
    const summary = await writer.commit();
    for (const card of added) this.cards.delete(card.path);
    return summary.writtenFiles;
  }
}
