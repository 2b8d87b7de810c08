/**
 * Where HTML5's tree builder makes another tree than the tags' own nesting, although every
 * element is closed by its own end tag: it closes an open <p> before a block, one list item
 * before the next, a heading before a heading, a link before a link; it drops table parts
 * outside a table and moves what a table holds outside its cells (foster parenting); it adds a
 * <tbody> or <colgroup> a table leaves out. htmlparser2 does none of it, so the one parse
 * (one-parse.ts) refuses these places: the rules below, for a start tag or a text inside the
 * open elements (by name, the innermost last). Pure.
 */

/** Start tags that close an open <p> (in button scope), as HTML5's "in body" mode has them. */
const CLOSES_P = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'center',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'li',
  'dd',
  'dt',
  'listing',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'plaintext',
  'pre',
  'search',
  'section',
  'summary',
  'table',
  'ul',
  'xmp',
]);
/** Elements that end the button scope a <p> is looked for in. */
const BUTTON_SCOPE = new Set([
  'applet',
  'caption',
  'html',
  'table',
  'td',
  'th',
  'marquee',
  'object',
  'template',
  'button',
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignobject',
  'desc',
  'title',
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/**
 * HTML5's "special" elements (those a list item's start tag does not look past, but for
 * address, div and p).
 */
const SPECIAL = new Set([
  'address',
  'applet',
  'area',
  'article',
  'aside',
  'base',
  'basefont',
  'bgsound',
  'blockquote',
  'body',
  'br',
  'button',
  'caption',
  'center',
  'col',
  'colgroup',
  'dd',
  'details',
  'dir',
  'dl',
  'dt',
  'embed',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'frame',
  'frameset',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'head',
  'header',
  'hgroup',
  'hr',
  'html',
  'iframe',
  'img',
  'input',
  'keygen',
  'li',
  'link',
  'listing',
  'main',
  'marquee',
  'menu',
  'meta',
  'nav',
  'noembed',
  'noframes',
  'noscript',
  'object',
  'ol',
  'param',
  'plaintext',
  'pre',
  'script',
  'search',
  'section',
  'select',
  'source',
  'style',
  'summary',
  'table',
  'tbody',
  'td',
  'template',
  'textarea',
  'tfoot',
  'th',
  'thead',
  'title',
  'tr',
  'track',
  'ul',
  'wbr',
  'xmp',
]);
/** What each table part must sit directly in. */
const TABLE_PART_PARENTS: Record<string, string[]> = {
  caption: ['table'],
  colgroup: ['table'],
  thead: ['table'],
  tbody: ['table'],
  tfoot: ['table'],
  col: ['colgroup'],
  tr: ['thead', 'tbody', 'tfoot'],
  td: ['tr'],
  th: ['tr'],
};
/** What a table and its parts may hold directly (and white space): nothing else stays there. */
const TABLE_CHILDREN: Record<string, Set<string>> = {
  table: new Set(['caption', 'colgroup', 'thead', 'tbody', 'tfoot']),
  colgroup: new Set(['col']),
  thead: new Set(['tr']),
  tbody: new Set(['tr']),
  tfoot: new Set(['tr']),
  tr: new Set(['td', 'th']),
};
/**
 * Start tags HTML5 reads by rules of their own (menus, ruby, frames): the one parse refuses them.
 * (A body's allow-list refuses these and <html>, <head>, <body>, <svg>, <math>; page-parse.ts
 * reads those where a page has them.)
 */
const OWN_RULES = new Set([
  'select',
  'option',
  'optgroup',
  'datalist',
  'nobr',
  'rb',
  'rp',
  'rt',
  'rtc',
  'frameset',
  'frame',
]);
/**
 * Elements whose content HTML5 reads as text (htmlparser2 reads some of them as markup): no
 * element starts inside one.
 */
const TEXT_ONLY = new Set([
  'script',
  'style',
  'title',
  'textarea',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
]);

/**
 * Where HTML5's tree builder would not open `name` inside `open` as the tags say; undefined
 * when it would. Pure.
 */
export function startTagProblem(name: string, open: readonly string[]): string | undefined {
  const parent = open.at(-1);
  const inside = parent === undefined ? 'at the top of the body' : `inside <${parent}>`;
  const parents = TABLE_PART_PARENTS[name];
  if (parents && (parent === undefined || !parents.includes(parent)))
    return `<${name}> ${inside}: browsers drop it or add elements around it; write it directly inside <${parents.join('>, <')}>`;
  if (parent !== undefined && parent in TABLE_CHILDREN && !TABLE_CHILDREN[parent].has(name))
    return `<${name}> directly ${inside}: browsers move it out of the table; write it inside a cell (<td> or <th>)`;
  if (CLOSES_P.has(name) && hasPInButtonScope(open))
    return `<${name}> inside <p>: browsers close the <p> before it`;
  if (HEADINGS.has(name) && parent !== undefined && HEADINGS.has(parent))
    return `<${name}> directly inside <${parent}>: browsers close the <${parent}> before it`;
  const closes = name === 'li' ? ['li'] : name === 'dd' || name === 'dt' ? ['dd', 'dt'] : [];
  if (closes.length > 0 && closesListItem(open, closes))
    return `<${name}> inside <${closes.join('> or <')}>: browsers close that one before it`;
  if ((name === 'a' || name === 'button' || name === 'form') && open.includes(name))
    return `<${name}> inside <${name}>: browsers close or drop one of them`;
  if (OWN_RULES.has(name)) return `<${name}>, which browsers read by rules of their own`;
  if (parent !== undefined && TEXT_ONLY.has(parent))
    return `<${name}> inside <${parent}>, whose content browsers read as text`;
  return undefined;
}

/**
 * Where HTML5's tree builder would not leave the text `raw` where it is written inside `open`:
 * anything but white space directly in a table or its rows, which it moves out of the table.
 * Pure.
 */
export function textProblem(raw: string, open: readonly string[]): string | undefined {
  const parent = open.at(-1);
  if (parent === undefined || !(parent in TABLE_CHILDREN) || /^[\t\n\f ]*$/.test(raw))
    return undefined;
  return `text directly inside <${parent}>: browsers move it out of the table; write it inside a cell (<td> or <th>)`;
}

/** Whether a <p> is open with no scope boundary (a cell, a table) after it. */
function hasPInButtonScope(open: readonly string[]): boolean {
  for (let i = open.length - 1; i >= 0; i--) {
    if (open[i] === 'p') return true;
    if (BUTTON_SCOPE.has(open[i])) return false;
  }
  return false;
}

/**
 * Whether a list item's start tag would close an open one of `closes`: HTML5 looks down the open
 * elements past any but the special ones (address, div and p excepted).
 */
function closesListItem(open: readonly string[], closes: string[]): boolean {
  for (let i = open.length - 1; i >= 0; i--) {
    if (closes.includes(open[i])) return true;
    if (SPECIAL.has(open[i]) && open[i] !== 'address' && open[i] !== 'div' && open[i] !== 'p')
      return false;
  }
  return false;
}
