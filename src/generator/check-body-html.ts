/**
 * Checks an article body before it is trusted as HTML: every element explicitly closed,
 * and nothing that would run code (the site promises no scripts in content and a strict
 * CSP). Returns one message per problem, each with its line; an empty list means clean.
 * A small tokenizer rather than an HTML parser, because parsers repair unclosed tags
 * silently and we want to report them.
 */

const VOID_ELEMENTS = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr',
]);
const FORBIDDEN_ELEMENTS = new Set(['script', 'iframe', 'object', 'embed', 'frame', 'frameset', 'base', 'form', 'style']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/y;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export function checkBodyHtml(html: string): string[] {
  const problems: string[] = [];
  const open: { name: string; line: number }[] = [];
  let line = 1;
  let index = 0;
  const advanceTo = (target: number) => {
    for (; index < target; index++) if (html.charCodeAt(index) === 10) line++;
  };

  while (index < html.length) {
    const lt = html.indexOf('<', index);
    if (lt === -1) break;
    advanceTo(lt);
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      if (end === -1) {
        problems.push(`line ${line}: a comment "<!--" is never closed with "-->"`);
        break;
      }
      advanceTo(end + 3);
      continue;
    }
    TAG.lastIndex = lt;
    const match = TAG.exec(html);
    if (!match) {
      if (/[a-zA-Z/!?]/.test(html[lt + 1] ?? '')) {
        problems.push(`line ${line}: a malformed tag starts here ("${html.slice(lt, lt + 20).split('\n')[0]}"); write "&lt;" for a literal "<"`);
      }
      advanceTo(lt + 1);
      continue;
    }
    const [whole, slash, rawName, attributes, selfClose] = match;
    const name = rawName.toLowerCase();
    if (FORBIDDEN_ELEMENTS.has(name) && !slash) {
      problems.push(`line ${line}: <${name}> is not allowed in article bodies (no scripts or embedded documents in content)`);
    }
    for (const attribute of attributes.matchAll(ATTRIBUTE)) {
      const attributeName = attribute[1].toLowerCase();
      const value = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
      if (attributeName.startsWith('on')) {
        problems.push(`line ${line}: inline event handler ${attributeName}="…" on <${name}> is not allowed (it would break the Content-Security-Policy)`);
      }
      if (/^javascript:/i.test(value.replace(/[\u0000-\u0020]|&#?\w+;?/g, ''))) {
        problems.push(`line ${line}: a javascript: URL in ${attributeName}="…" on <${name}> is not allowed`);
      }
      if (attributeName === 'style') {
        problems.push(`line ${line}: style="…" on <${name}> is not allowed (the Content-Security-Policy blocks inline styles)`);
      }
    }
    if (slash) {
      const top = open.at(-1);
      if (VOID_ELEMENTS.has(name)) {
        problems.push(`line ${line}: </${name}> closes a void element, which has no closing tag`);
      } else if (!top) {
        problems.push(`line ${line}: </${name}> has no matching <${name}>`);
      } else if (top.name !== name) {
        problems.push(`line ${line}: </${name}> found where </${top.name}> (opened on line ${top.line}) was expected`);
        const depth = open.findLastIndex((entry) => entry.name === name);
        if (depth !== -1) open.length = depth;
      } else {
        open.pop();
      }
    } else if (!VOID_ELEMENTS.has(name) && !selfClose) {
      open.push({ name, line });
    }
    advanceTo(lt + whole.length);
  }
  for (const entry of open.reverse()) {
    problems.push(`line ${entry.line}: <${entry.name}> is never closed`);
  }
  return problems;
}
