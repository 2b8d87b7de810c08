import { setUpList } from './list.ts';

/**
 * The site's only script: it enhances server-rendered HTML and never renders it. Menu toggle,
 * nav search, paged lists and the article search (list.ts), contact form, 'Bagikan' and the
 * 404 page's view. Every feature looks for its own data-* hook and does nothing without it.
 */

const $ = <T extends Element = HTMLElement>(selector: string, scope: ParentNode = document) =>
  scope.querySelector<T>(selector as string) as T | null;
const $$ = <T extends Element = HTMLElement>(selector: string, scope: ParentNode = document) =>
  Array.from(scope.querySelectorAll<T>(selector as string)) as T[];

function setUpMenu() {
  const toggle = $('[data-menu-toggle]');
  const menu = $('[data-menu]');
  if (!toggle || !menu) return;
  const setOpen = (isOpen: boolean) => {
    toggle.setAttribute('aria-expanded', String(isOpen));
    menu.classList.toggle('is-open', isOpen);
  };
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && toggle.getAttribute('aria-expanded') === 'true') {
      setOpen(false);
      toggle.focus();
    }
  });
}

function setUpNavSearch() {
  const form = $<HTMLFormElement>('[data-nav-search]');
  if (!form) return;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const query = (form.elements.namedItem('q') as HTMLInputElement).value.trim();
    if (query) console.log('Search query:', query);
  });
}

function setUpContactForm() {
  const form = $<HTMLFormElement>('[data-contact-form]');
  if (!form) return;
  // The browser's own validation runs first: 'submit' only fires for a valid form.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    console.log('Contact form submitted:', {
      name: data.get('name'),
      email: data.get('email'),
      subject: data.get('subject'),
      message: data.get('message'),
    });
  });
}

function setUpShare() {
  const button = $('[data-share]');
  const status = $('[data-share-status]');
  if (!button || !status) return;
  button.addEventListener('click', async () => {
    const url = location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: document.title, url });
      } catch {
        // The reader closed the share sheet: nothing to report.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      status.textContent = 'Tautan disalin ke clipboard.';
    } catch {
      status.textContent = `Salin tautan ini: ${url}`;
    }
  });
}

function setUpNotFound() {
  const root = $('[data-not-found]');
  if (!root) return;
  const path = location.pathname;
  console.error('404 Error: User attempted to access non-existent route:', path);
  const views = $$('[data-view]', root);
  if (views.length < 2) return;
  const wanted = /\/brand\//.test(path)
    ? 'brand'
    : /\/artikel\//.test(path)
      ? 'article'
      : 'generic';
  for (const view of views) view.hidden = view.dataset.view !== wanted;
}

setUpMenu();
setUpNavSearch();
setUpList();
setUpContactForm();
setUpShare();
setUpNotFound();
