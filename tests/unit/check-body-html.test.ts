import { describe, expect, it } from 'vitest';
import { checkBodyHtml } from '../../src/generator/check-body-html.ts';

describe('checkBodyHtml', () => {
  it('accepts well-formed bodies with void elements and comments', () => {
    expect(checkBodyHtml('<h2>A</h2>\n<p>B<br>C <strong>D</strong></p>\n<!-- x -->\n<ul><li>1</li></ul>')).toEqual([]);
  });

  it('reports an unclosed tag with its line', () => {
    expect(checkBodyHtml('<h2>A</h2>\n<p>teks\n<p>lagi</p>')).toEqual(['line 2: <p> is never closed']);
  });

  it('reports a mismatched closing tag', () => {
    expect(checkBodyHtml('<p><strong>x</p>')[0]).toMatch(/line 1: <\/p> found where <\/strong>/);
  });

  it('rejects script, event handlers, javascript: URLs and inline styles', () => {
    expect(checkBodyHtml('<p>a</p>\n<script>alert(1)</script>').join()).toMatch(/line 2: <script> is not allowed/);
    expect(checkBodyHtml('<p onclick="x()">a</p>').join()).toMatch(/inline event handler onclick/);
    expect(checkBodyHtml('<a href=" JavaScript:alert(1)">a</a>').join()).toMatch(/javascript: URL/);
    expect(checkBodyHtml('<a href="java&#x09;script:alert(1)">a</a>').join()).toMatch(/javascript: URL/);
    expect(checkBodyHtml('<p style="color:red">a</p>').join()).toMatch(/style=/);
  });
});
