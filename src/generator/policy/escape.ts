/** The one text and attribute escaper of the generator, for HTML and XML alike. */

/**
 * `text` safe as HTML or XML text: &, < and > escaped. The one text escaper of the generator; pure.
 */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `text` safe inside a double-quoted HTML attribute: escapeText plus ". Pure. */
export function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}
