import MarkdownIt from 'markdown-it';
import { countNewlines } from './article-files.ts';

/**
 * Markdown to HTML for article bodies: CommonMark plus GFM tables and strikethrough
 * (markdown-it's default preset), raw HTML allowed. Loaded only when some article has a
 * body. Nothing here decides what is safe: every link is kept as written and the HTML
 * policy (body-policy.ts) judges the result, so a `javascript:` link is an error with its
 * line rather than silently turned into text.
 */
const markdown = new MarkdownIt({ html: true, linkify: false, typographer: false });
markdown.validateLink = () => true;

type Token = ReturnType<typeof markdown.parse>[number];

/** A rendered body, and where each of its HTML lines came from. */
export interface RenderedMarkdown {
  html: string;
  /** Maps a 1-based line of `html` to the 1-based line of the Markdown it was rendered from. */
  sourceLine(htmlLine: number): number;
}

interface Block {
  /** First HTML line the block rendered to (1-based). */
  htmlLine: number;
  /** Markdown lines [start, end), 0-based, from markdown-it's block map. */
  map: [number, number];
  /** Raw HTML and paragraphs keep their line breaks, so an inner line maps one to one. */
  keepsLines: boolean;
}

/**
 * Renders `text` to HTML. Each top-level block is rendered on its own and the pieces joined,
 * which is exactly what markdown-it's renderer does for the whole token stream, so the
 * result is the same HTML with a record of which Markdown lines made which HTML lines. Pure.
 */
export function renderMarkdown(text: string): RenderedMarkdown {
  const env = {};
  const tokens = markdown.parse(text, env);
  const blocks: Block[] = [];
  let html = '';
  let htmlLine = 1;
  for (let start = 0; start < tokens.length; ) {
    const end = endOfBlock(tokens, start);
    const first = tokens[start];
    for (let i = start; i < end; i++) adjust(tokens[i]);
    const piece = markdown.renderer.render(tokens.slice(start, end), markdown.options, env);
    if (first.map)
      blocks.push({
        htmlLine,
        map: first.map as [number, number],
        keepsLines: first.type === 'html_block' || first.type === 'paragraph_open',
      });
    html += piece;
    htmlLine += countNewlines(piece);
    start = end;
  }
  return { html, sourceLine: (line) => sourceLineOf(blocks, line) };
}

/** The index after the top-level block starting at `start`: its closing token at nesting 0. */
function endOfBlock(tokens: Token[], start: number): number {
  let depth = 0;
  for (let i = start; i < tokens.length; i++) {
    depth += tokens[i].nesting;
    if (depth <= 0) return i + 1;
  }
  return tokens.length;
}

/** What the site's HTML rules need of Markdown's output, token by token. */
function adjust(token: Token) {
  if (token.type === 'inline') token.children?.forEach(opensOutboundSafely);
  else if (token.type === 'th_open' || token.type === 'td_open') alignmentToClass(token);
}

/**
 * A Markdown link to another site ([x](https://...)) opens in a new tab without handing
 * the site to it: target="_blank" rel="noopener noreferrer", what the HTML policy and
 * `sitegen check` require of outbound links. Relative links stay as they are.
 */
function opensOutboundSafely(token: Token) {
  if (token.type !== 'link_open' || !/^(https?:)?\/\//i.test(String(token.attrGet('href') ?? '')))
    return;
  token.attrSet('target', '_blank');
  token.attrSet('rel', 'noopener noreferrer');
}

/**
 * GFM table alignment comes as style="text-align:right", which the CSP and the HTML policy
 * refuse; it becomes class="align-right" (styles.css aligns it).
 */
function alignmentToClass(token: Token) {
  const align = /^text-align:(left|center|right)$/.exec(String(token.attrGet('style') ?? ''))?.[1];
  if (!align) return;
  token.attrs = (token.attrs ?? []).filter((attribute) => attribute[0] !== 'style');
  token.attrJoin('class', `align-${align}`);
}

function sourceLineOf(blocks: Block[], htmlLine: number): number {
  let block: Block | undefined;
  for (const candidate of blocks) {
    if (candidate.htmlLine > htmlLine) break;
    block = candidate;
  }
  if (!block) return 1;
  const [start, end] = block.map;
  const inner = block.keepsLines ? Math.min(htmlLine - block.htmlLine, end - start - 1) : 0;
  return start + inner + 1;
}
