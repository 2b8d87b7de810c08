import MarkdownIt from 'markdown-it';
import { countNewlines } from './article-files.ts';
import { imageMarker, type ImageMarker } from './body-images.ts';

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

/** An image of the Markdown (`![alt](src)`): what its marker holds, and where `![` is. */
export interface MarkdownImage extends ImageMarker {
  /** 1-based line of the Markdown text, and column. */
  line: number;
  column: number;
}

/** What rendering collects beside the HTML (markdown-it's `env`). */
type RenderEnv = NonNullable<Parameters<typeof markdown.parse>[1]> & { images: MarkdownImage[] };

/**
 * An image becomes a marker (body-images.ts), never an `<img>`: the build puts the processed
 * picture in its place once the file is encoded, and the HTML policy keeps refusing an `<img>`
 * written as HTML, whose file the build would not publish.
 */
markdown.renderer.rules.image = (tokens, index, options, env, renderer) => {
  const token = tokens[index];
  const image = {
    src: String(token.attrGet('src') ?? ''),
    alt: renderer.renderInlineAsText(token.children ?? [], options, env),
  };
  const where = (token.meta ?? { line: 1, column: 1 }) as { line: number; column: number };
  (env as RenderEnv).images.push({ ...image, line: where.line, column: where.column });
  return imageMarker(image);
};

/** A rendered body, and where each of its HTML lines came from. */
export interface RenderedMarkdown {
  html: string;
  /** Maps a 1-based line of `html` to the 1-based line of the Markdown it was rendered from. */
  sourceLine(htmlLine: number): number;
  /** The body's images in document order, each where the Markdown writes it. */
  images: MarkdownImage[];
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
  const env: RenderEnv = { images: [] };
  const tokens = markdown.parse(text, env);
  locateImages(tokens, text);
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
  return { html, sourceLine: (line) => sourceLineOf(blocks, line), images: env.images };
}

/**
 * Notes on each image token where its `![` is written (token.meta: 1-based line and column):
 * the n-th image of a block at the n-th `![` of the block's lines outside code spans.
 * markdown-it maps blocks to lines (a table cell's inline token has no map: its row's is
 * used), never inline tokens to columns.
 */
function locateImages(tokens: Token[], text: string) {
  const lines = maskCodeSpans(text).split('\n');
  let region: [number, number] = [0, lines.length];
  let line = 0;
  let column = 0;
  for (const token of tokens) {
    if (token.map && (token.map[0] !== region[0] || token.map[1] !== region[1])) {
      region = token.map as [number, number];
      [line, column] = [region[0], 0];
    }
    for (const image of token.children?.filter((child) => child.type === 'image') ?? []) {
      image.meta = { line: region[0] + 1, column: 1 };
      for (; line < region[1]; line++, column = 0) {
        const at = lines[line].indexOf('![', column);
        if (at === -1) continue;
        image.meta = { line: line + 1, column: at + 1 };
        column = at + 2;
        break;
      }
    }
  }
}

/** `text` with the inside of every code span blanked (line breaks kept). Pure. */
function maskCodeSpans(text: string): string {
  if (!text.includes('`')) return text;
  return text.replace(
    /(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g,
    (_span, ticks: string, inner: string) => ticks + inner.replace(/[^\n]/g, ' ') + ticks,
  );
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
