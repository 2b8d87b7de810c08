import { cardsFromCache, drawCardsIntoCache, type PlannedCard } from '../assets/social-cards.ts';
import type { IncrementalDirWriter } from '../output/incremental-writer.ts';
import { MemoryWriter } from '../output/memory-writer.ts';

/**
 * The social cards watch's runs left to draw (Project.cardsLater): the pages went out at once,
 * referring to cards that are drawn only when the dev server is asked for one (`draw`: into the
 * cache, beside any run) and then added to the output by a small commit of their own (`commit`,
 * one run at a time). A page whose card is pending still counts as kept: its card is there on
 * request.
 */
export class PendingCards {
  private readonly cards = new Map<string, PlannedCard>();
  /**
   * Plans again the card at a path that a page of the last run refers to but that no run of
   * this process planned (a watch started again kept that page): set after each run.
   */
  replan: ((path: string) => PlannedCard | undefined) | undefined;
  /** The drawings under way, by output path: a card asked for twice at once is drawn once. */
  private readonly drawing = new Map<string, Promise<Buffer>>();
  /** Cards drawn into the cache and not yet added to the output. */
  private readonly drawn = new Set<string>();

  /** Notes the cards a run left to draw. */
  add(cards: PlannedCard[] = []): void {
    for (const card of cards) this.cards.set(card.path, card);
  }

  /**
   * @param onRequest every card is drawn when it is requested (watch): a card a page refers to
   *   is there on request even when no run of this process planned it (a watch started again
   *   kept the page), so `has` answers for any card file.
   */
  constructor(private readonly onRequest = false) {}

  /** Whether the card at `path` is pending: drawn when requested, so its page can be kept. */
  has(path: string): boolean {
    return this.cards.has(path) || (this.onRequest && CARD_FILE.test(path));
  }

  /**
   * The PNG of the pending card at `path` ("og/x.1a2b3c4d5e.png"), drawn into the cache unless
   * it is there; undefined when no card is pending there. Writes the cache only; rejects when
   * the card cannot be drawn or the cache cannot keep it.
   */
  draw(path: string, cacheDir: string): Promise<Buffer | undefined> {
    const card = this.cards.get(path) ?? this.replan?.(path);
    if (!card) return Promise.resolve(undefined);
    this.cards.set(path, card);
    let drawing = this.drawing.get(path);
    if (!drawing) {
      drawing = drawOne(card, cacheDir)
        .then((png) => {
          this.drawn.add(path);
          return png;
        })
        .finally(() => this.drawing.delete(path));
      this.drawing.set(path, drawing);
    }
    return drawing;
  }

  /**
   * Adds the cards drawn so far that a page of the last run still refers to (`referenced`) to
   * the output, keeping every other file; forgets every pending card no page refers to any
   * more. Returns the paths written. One run: never beside a build or update.
   */
  async commit(
    writer: IncrementalDirWriter,
    cacheDir: string,
    referenced: (path: string) => boolean,
  ): Promise<string[]> {
    for (const path of this.cards.keys()) {
      if (referenced(path)) continue;
      this.cards.delete(path);
      this.drawn.delete(path);
    }
    const ready = [...this.drawn].flatMap((path) => this.cards.get(path) ?? []);
    if (ready.length === 0) return [];
    writer.keepEverything();
    const added = await cardsFromCache(ready, cacheDir, writer).catch(async (error) => {
      await writer.abort();
      throw error;
    });
    const summary = await writer.commit();
    for (const card of added) {
      this.cards.delete(card.path);
      this.drawn.delete(card.path);
    }
    return summary.writtenFiles;
  }
}

/** A social card's file in the output (assets/social-cards.ts names them og/{name}.{key}.png). */
const CARD_FILE = /^og\/[^/]+\.[0-9a-f]{10}\.png$/;

/** Draws `card` into the cache (unless it holds it) and reads it back from there, checked whole. */
async function drawOne(card: PlannedCard, cacheDir: string): Promise<Buffer> {
  await drawCardsIntoCache([card], cacheDir);
  const read = new MemoryWriter();
  await cardsFromCache([card], cacheDir, read);
  const png = read.files.get(card.path);
  if (png === undefined) throw new Error(`the card cache ${cacheDir} could not keep it`);
  return Buffer.from(png as Uint8Array);
}
