import { load } from 'cheerio/slim';
import type { AnyNode, Document, Element, Text } from 'domhandler';
import { escapeAttribute, escapeText } from '../policy/escape.ts';

export interface LinkTarget {
  /** The word to find, matched case-insensitively as a whole word ("Lux88Togel"). */
  name: string;
  /** Absolute external address the first mention links to. */
  url: string;
}

/** Text inside these elements is never linked. */
const SKIPPED_ELEMENTS = new Set(['a', 'script', 'style', 'code', 'pre', 'textarea', 'svg']);
const WORD_CHAR = String.raw`[\p{L}\p{N}_]`;

/**
 * Returns `html` with the first mention of each target's name, in document order, wrapped
 * in a sponsored outbound link (new tab, noopener noreferrer). Only text nodes outside
 * links, code and scripts count; a name inside a longer word does not. The original
 * casing is kept; later mentions stay plain. `parsed` is the body's parse by the HTML policy
 * (body-policy.ts checkBody: htmlparser2, as cheerio parses it), read instead of parsing `html`
 * again; the link changes it, so it serves one call. Pure but for `parsed`: string in, string out.
 */
export function linkFirstMentions(html: string, targets: LinkTarget[], parsed?: Document): string {
  const pending = targets.map((target) => ({
    target,
    pattern: new RegExp(`(?<!${WORD_CHAR})${escapeRegExp(target.name)}(?!${WORD_CHAR})`, 'iu'),
  }));
  // Cheap pre-check: most bodies mention only their own brand.
  const lower = html.toLowerCase();
  const candidates = pending.filter(({ target }) => lower.includes(target.name.toLowerCase()));
  if (candidates.length === 0) return html;

  const $ = load(parsed ?? html, { encodeEntities: 'utf8' } as never, false);
  const textNodes: Text[] = [];
  collectTextNodes($.root()[0].children, textNodes);

  for (const node of textNodes) {
    if (candidates.length === 0) break;
    const pieces: string[] = [];
    let rest = node.data;
    for (;;) {
      let first: { index: number; length: number; entry: (typeof candidates)[number] } | undefined;
      for (const entry of candidates) {
        const match = entry.pattern.exec(rest);
        if (match && (!first || match.index < first.index))
          first = { index: match.index, length: match[0].length, entry };
      }
      if (!first) break;
      const mention = rest.slice(first.index, first.index + first.length);
      pieces.push(
        escapeText(rest.slice(0, first.index)),
        `<a href="${escapeAttribute(first.entry.target.url)}" target="_blank" rel="sponsored noopener noreferrer">${escapeText(mention)}</a>`,
      );
      rest = rest.slice(first.index + first.length);
      candidates.splice(candidates.indexOf(first.entry), 1);
    }
    if (pieces.length > 0) $(node).replaceWith(pieces.join('') + escapeText(rest));
  }
  return $.html();
}

/**
 * Text nodes under `nodes` in document order, outside SKIPPED_ELEMENTS. An explicit stack,
 * not recursion: bodies are depth-checked before they get here (body-policy.ts), but a
 * linker that overflows the call stack on deep markup should not exist either way.
 */
function collectTextNodes(nodes: AnyNode[], into: Text[]) {
  const stack = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'text') into.push(node as Text);
    else if (
      'children' in node &&
      !('name' in node && SKIPPED_ELEMENTS.has((node as Element).name))
    ) {
      const children = (node as Element).children;
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
