import { load } from 'cheerio';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { JsonLd, serializeJsonLd } from '../../src/templates/JsonLd.tsx';

describe('JSON-LD escaping', () => {
  const hostile = {
    '@type': 'Article',
    headline: '</script><script>alert(1)</script> & <!-- \u2028',
  };

  it('never lets content close the script element', () => {
    const json = serializeJsonLd(hostile);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(hostile);
  });

  it('renders one data block that parses back to the same value', () => {
    const $ = load(renderToStaticMarkup(createElement(JsonLd, { data: hostile })));
    expect($('script')).toHaveLength(1);
    expect(JSON.parse($('script').text())).toEqual(hostile);
  });
});
