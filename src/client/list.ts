import { createSearch, type SearchEntry } from './search.ts';

/**
 * A paged list (/artikel/…, /brand/{slug}/artikel/…) with JavaScript: 'Muat Lebih Banyak
 * Artikel' adds the next page's cards in place instead of opening the next page, and on the
 * article list the search box filters the whole list live. Cards come from the list's data file
 * (src/generator/files/list-files.ts) and are copies of the page's `<template>` card, filled in.
 */

/** `{list}list.json`. */
interface ListData {
  total: number;
  pageSize: number;
  pages: string[];
  search?: SearchEntry;
}

/** One card's data (list-files.ts CardData). */
interface CardData {
  href: string;
  title: string;
  excerpt: string;
  brand: string;
  brandName: string;
  author: string;
  date: string;
  readTime: string;
  draft?: true;
  image?: {
    src: string;
    srcset: string;
    sizes: string;
    width: number;
    height: number;
    alt: string;
  };
}

const fetchJson = async (url: string): Promise<unknown> => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
};

export function setUpList() {
  const grid = document.querySelector<HTMLElement>('[data-article-grid]');
  const template = document.querySelector<HTMLTemplateElement>('[data-card-template]');
  if (!grid || !template) return;
  const view = listView(grid, template);
  const form = document.querySelector<HTMLFormElement>('[data-article-filter]');
  if (form) setUpSearch(form, view);
}

type ListView = ReturnType<typeof listView>;

/**
 * The grid of one list page and its 'Muat Lebih Banyak Artikel' button, which adds whatever
 * `more` adds next: the list's next page at first, a search's next results while it shows them.
 * The page's own cards may be an older build's than the data files (a tab opened before a
 * deploy), so a card is only ever shown as the data says it, never taken from its position.
 */
function listView(grid: HTMLElement, template: HTMLTemplateElement) {
  const list = listLoader(grid.dataset.list!);
  const button = asButton(document.querySelector<HTMLElement>('[data-load-more]')!);
  const page = Number(grid.dataset.page);
  const firstCards = [...grid.children];
  const count = document.querySelector('[data-result-count]');
  const firstCount = count?.textContent ?? '';
  let more: (() => Promise<unknown>) | undefined;
  /** Bumped by each show(): a step that began before it gives up. */
  let shown = 0;
  /** The list's last page the grid shows, and the data its cards are checked against. */
  let last = page;
  let checked: ListData | undefined;
  /** What the button adds next; none: it is disabled. */
  const setMore = (next?: () => Promise<unknown>) => {
    more = next;
    button.disabled = next === undefined;
  };
  const setCount = (text: string) => {
    if (count) count.textContent = text;
  };
  const append = (added: HTMLElement[]) => {
    grid.append(...added);
    // Focus moves to the first new card, so keyboard and screen-reader users go on from there.
    added[0]?.querySelector('a')?.focus();
  };
  const card = (data: CardData) => fill(template, data);
  const cardsOf = (pages: CardData[][]) => pages.flat().map(card);
  /** Puts `nodes` in the grid unless it shows the same cards already. */
  const showAgain = (nodes: HTMLElement[]) => {
    const shownCards = grid.children;
    const isSame =
      nodes.length === shownCards.length &&
      nodes.every((node, i) => node.isEqualNode(shownCards[i]));
    if (!isSame) grid.replaceChildren(...nodes);
  };
  /**
   * Shows pages `page` to `last` + `add` of the list's data: the pages shown already again when
   * their cards are not the data's (the server's or an older data file's), then the new ones.
   */
  const listMore = (add: number) => {
    const turn = shown;
    return list.fresh(async (data) => {
      const from = checked === data ? last : page - 1;
      const to = Math.min(last + add, data.pages.length);
      const pages = await Promise.all(data.pages.slice(from, to).map(list.cards));
      if (turn !== shown) return;
      if (from < last) showAgain(cardsOf(pages.slice(0, last - from)));
      append(cardsOf(pages.slice(last - from)));
      setCount(`${data.total} artikel`);
      [checked, last] = [data, to];
      setMore(to < data.pages.length ? () => listMore(1) : undefined);
    });
  };
  if (!button.disabled) setMore(() => listMore(1));
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await more?.();
    } catch (error) {
      console.error(error);
      button.disabled = false;
    }
  });

  return {
    list,
    page,
    append,
    setMore,
    /** The card `data` shows, as the server renders it. */
    card,
    /** Shows `nodes` and `text` as the count; the button then calls `next` (none: disabled). */
    show(nodes: Node[], text: string, next?: () => Promise<unknown>) {
      shown++;
      grid.replaceChildren(...nodes);
      setCount(text);
      setMore(next);
    },
    /** Marks the grid as being updated (aria-busy) while a search looks for its results. */
    setBusy(isBusy: boolean) {
      if (isBusy) grid.setAttribute('aria-busy', 'true');
      else grid.removeAttribute('aria-busy');
    },
    /**
     * Shows the page's own cards again, then as the data has them (a deploy may have changed
     * them); the button then adds the next page.
     */
    restore() {
      this.show(firstCards, firstCount);
      [checked, last] = [undefined, page];
      return listMore(0);
    },
  };
}

/**
 * The article list's search box: each change of the query shows its first results (list.ts's
 * cards, in list order), the button adds the next ones; a blank query or 'Reset Pencarian'
 * shows the page again; `?q=` searches on load.
 */
function setUpSearch(form: HTMLFormElement, view: ListView) {
  const input = form.elements.namedItem('q') as HTMLInputElement;
  const empty = document.querySelector<HTMLElement>('[data-empty-state]')!;
  const emptyQuery = document.querySelector('[data-empty-query]')!;
  const { list } = view;
  let latest = 0;
  const run = async (): Promise<unknown> => {
    const query = input.value.trim().toLowerCase();
    const turn = ++latest;
    if (!query) {
      empty.hidden = true;
      view.setBusy(false);
      return view.restore();
    }
    // The first results' cards, from their card files, before anything changes on screen.
    view.setBusy(true);
    const found = list.fresh(async (data) => {
      const docs = await list.search(data).search(query);
      return { data, docs, cards: await list.cardsOf(data, docs.slice(0, data.pageSize)) };
    });
    // A search that fails (its files gone twice, mid-deploy) leaves the grid as it was.
    const { data, docs, cards } = await found.finally(() => {
      if (turn === latest) view.setBusy(false);
    });
    if (turn !== latest) return;
    let next = data.pageSize;
    // The next results of the same data; once the files it names are gone, the search again.
    const more = () =>
      list.fresh(async (current): Promise<unknown> => {
        if (current !== data) return run();
        const cards = await list.cardsOf(data, docs.slice(next, next + data.pageSize));
        if (turn !== latest) return;
        view.append(cards.map(view.card));
        next += data.pageSize;
        view.setMore(next < docs.length ? more : undefined);
      });
    view.show(
      cards.map(view.card),
      `${docs.length} artikel`,
      docs.length > next ? more : undefined,
    );
    empty.hidden = docs.length > 0;
    emptyQuery.textContent = input.value.trim();
    preloadAfter(list.search(data), query);
  };
  // Between this keystroke and the next: the vocabulary that queries of four letters read,
  // and after a space, the postings the phrase's next letter will read.
  const preloadAfter = (search: ReturnType<ListLoader['search']>, query: string) => {
    setTimeout(search.preload, 0);
    if (input.value.endsWith(' '))
      setTimeout(() => search.preloadAfter(query.split(' ').at(-1)!).catch(() => {}), 0);
  };
  const runLogged = () => run().catch((error) => console.error(error));
  // When the box gets focus, the list's data file and the cards of this page and the next three
  // (where most results of a short query are) are fetched, so the first keystroke waits only
  // for the index file its query needs. About 20 KiB gzip at any size.
  input.addEventListener(
    'focus',
    () => {
      list
        .data()
        .then((data) => data.pages.slice(view.page - 1, view.page + 3).forEach(list.cards))
        .catch(() => {});
    },
    { once: true },
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    runLogged();
  });
  input.addEventListener('input', runLogged);
  document.querySelector('[data-reset-search]')?.addEventListener('click', () => {
    input.value = '';
    runLogged();
    input.focus();
  });
  const initial = new URLSearchParams(location.search).get('q');
  if (initial) {
    input.value = initial;
    runLogged();
  }
}

type ListLoader = ReturnType<typeof listLoader>;

/**
 * The list's data file, its card files and its search, each fetched once when first needed.
 * The data file is not fingerprinted: after a deploy it names new files and the old ones are
 * gone, so `fresh` fetches it again when a file it named fails.
 */
function listLoader(url: string) {
  let data: Promise<ListData> | undefined;
  const searches = new WeakMap<ListData, ReturnType<typeof createSearch>>();
  const cardFiles = new Map<string, Promise<CardData[]>>();
  const load = () => (data ??= fetchJson(url) as Promise<ListData>);
  const cards = (file: string) => {
    if (!cardFiles.has(file)) cardFiles.set(file, fetchJson(file) as Promise<CardData[]>);
    return cardFiles.get(file)!;
  };
  return {
    data: load,
    cards,
    search(list: ListData) {
      if (!searches.has(list))
        searches.set(list, createSearch(list.search!, list.total, fetchJson));
      return searches.get(list)!;
    },
    /** The cards of docs (places in the list), in that order. */
    cardsOf: (list: ListData, docs: number[]) =>
      Promise.all(
        docs.map(async (doc) => {
          const page = await cards(list.pages[Math.floor(doc / list.pageSize)]);
          return page[doc % list.pageSize];
        }),
      ),
    /** `use(data)`; when it fails, once more with the data file fetched again. */
    async fresh<T>(use: (list: ListData) => Promise<T>): Promise<T> {
      const first = load();
      try {
        return await use(await first);
      } catch {
        if (data === first) {
          data = undefined;
          cardFiles.clear();
        }
        return use(await load());
      }
    },
  };
}

/**
 * The load-more control as a button: without JavaScript it is a link to the next page (or a
 * disabled button on the last); with it, a button that adds cards in place.
 */
function asButton(control: HTMLElement): HTMLButtonElement {
  if (control instanceof HTMLButtonElement) return control;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = control.className;
  button.dataset.loadMore = '';
  button.textContent = control.textContent;
  control.replaceWith(button);
  return button;
}

/** A copy of the `<template>` card showing `card`: what the server renders for it. */
function fill(template: HTMLTemplateElement, card: CardData): HTMLElement {
  const root = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
  root.dataset.brand = card.brandName;
  const badge = root.querySelector('.badge:not(.badge-draft)')!;
  badge.className = `badge badge-${card.brand}`;
  badge.textContent = card.brandName;
  if (!card.draft) root.querySelector('.badge-draft')?.remove();
  const link = root.querySelector<HTMLAnchorElement>('.card-title a')!;
  link.setAttribute('href', card.href);
  link.textContent = card.title;
  root.querySelector('.card-excerpt')!.textContent = card.excerpt;
  root.querySelector('.card-meta')!.textContent =
    `${card.author} · ${card.date} · ${card.readTime}`;
  // The template has a picture only when some article of the site has one.
  const picture = root.querySelector('picture');
  if (!card.image) {
    picture?.remove();
  } else if (picture) {
    const { src, srcset, sizes, width, height, alt } = card.image;
    const source = picture.querySelector('source')!;
    source.setAttribute('srcset', srcset);
    source.setAttribute('sizes', sizes);
    const img = picture.querySelector('img')!;
    for (const [name, value] of Object.entries({ src, width, height, alt }))
      img.setAttribute(name, String(value));
  }
  return root;
}
