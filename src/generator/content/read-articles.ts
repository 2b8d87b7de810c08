import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Article, ArticleAlias } from '../../content/types.ts';
import {
  checkRecord,
  describeValue,
  type FrontMatter,
  frontMatterSchema,
  imagePathProblem,
  unknownKeys,
} from './content-schema.ts';
import { printable } from '../errors/errors.ts';
import type { Problem } from '../errors/problem.ts';
import {
  ARTICLE_DIR,
  type ArticleFile,
  type ArticleFiles,
  compareText,
  countNewlines,
  SLUG,
} from './article-files.ts';
import { type Position, type SplitFile, splitFrontMatter } from './front-matter.ts';
import { readAliases } from './article-aliases.ts';
import type { Document } from 'domhandler';
import { checkBody } from '../policy/body-policy.ts';
import type { MarkdownImage, RenderedMarkdown } from './markdown.ts';
import { type ArticleMemo, isKnown, textDigest } from './article-memo.ts';
import type { FileResult } from './file-result.ts';
import {
  type BodyImage,
  findImageMarkers,
  imageMarker,
  MISSING_ALT,
  resolveBodyImage,
} from './body-images.ts';
import { imageFileProblems } from './image-uses.ts';
import { bodyPhraseProblems, frontMatterPhraseProblems } from './check-responsible-copy.ts';
import type { PhraseList } from '../policy/responsible-copy.ts';

/** FileResult's home is file-result.ts; this re-export keeps build/'s imports working. */
export type { FileResult } from './file-result.ts';
import {
  ALLOWED_TEXT,
  describeCharacter,
  findRefusedCharacter,
  findRefusedStrings,
  hasRefusedCharacter,
} from '../policy/text-policy.ts';

/** Where article images are looked up: `image` is relative to it. */
const CONTENT_DIR = path.posix.dirname(ARTICLE_DIR);

/** Reading speed for a read time the front matter leaves out. */
export const WORDS_PER_MINUTE = 200;

/** Lines with refused characters reported per file before the rest are summed up. */
const MAX_CONTROL_LINES = 10;

export interface ArticleSet {
  /** Every valid article, drafts included, in display order (see compareArticles). */
  articles: Article[];
  /**
   * Body HTML (Markdown rendered, before brand linking) by slug, for the files parsed in this
   * run; articles without a body are absent, and so are the bodies of results restored from the
   * build manifest (build/build-manifest.ts), which only `bodyDigests` knows of.
   */
  bodies: Map<string, string>;
  /** The digest of every article's body (FileResult.bodyDigest) by slug; absent: no body. */
  bodyDigests: Map<string, string>;
  /** The images of every article's body (FileResult.bodyImages) by slug; absent: none. */
  bodyImages: Map<string, BodyImage[]>;
  /** Every problem, each with its file and, when known, line and column; empty when all is well. */
  problems: Problem[];
}

/** How readArticles parses, what it keeps, and how it asks for image files. */
export interface ReadOptions {
  render?: Render;
  memo?: ArticleMemo;
  parsed?: ParsedFiles;
  /** What a first look at an image file (root-relative) finds wrong (peekImage); absent: none. */
  lookAtImage?: (source: string) => string | undefined;
  /** The site's responsible-copy list, every text of every file is checked against. */
  phrases?: PhraseList;
}

/** Files parsed ahead (by worker threads), by path. */
export type ParsedFiles = ReadonlyMap<string, FileResult>;

/** markdown.ts's renderMarkdown, loaded by the caller when some file has a body. */
export type Render = (text: string) => RenderedMarkdown;

/**
 * Parses every article file (read-articles reads; this parses): front matter checked
 * against the schema, Markdown rendered by `render` and checked against the HTML policy,
 * and every problem of every file collected with its line and column. `brandSlugs` are the
 * brands an article may name; `render` is required when `files.hasBodies` unless `parsed`
 * holds every file: the results worker threads already made (workers/worker.ts parse()), by file.
 * With `lookAtImage`, an image file a file names that is missing or no image is one of its
 * problems (image-uses.ts); it is asked every run, since a parsed result is kept while its text
 * is. With a memo, a file parsed again into an equal record keeps the memo's record object
 * (sameRecordAs), and the same records in the same order keep their display order
 * (displayOrder). Pure apart from the memo it updates and `lookAtImage`.
 */
export function readArticles(
  files: ArticleFiles,
  brandSlugs: string[],
  options: ReadOptions = {},
): ArticleSet {
  const key = outcomeKey(options, brandSlugs);
  const last = options.memo && lastReads.get(options.memo);
  const same = last?.key === key ? last : undefined;
  const patched = same && patchedSet(same, files, brandSlugs, options);
  if (patched) return patched;
  const problems = [...files.problems];
  const articles: Article[] = [];
  const bodies = new Map<string, string>();
  const bodyDigests = new Map<string, string>();
  const bodyImages = new Map<string, BodyImage[]>();
  const outcomes: (Outcome | undefined)[] = [];
  let used = 0;
  files.files.forEach((entry, index) => {
    const { file, text } = entry;
    if (typeof text !== 'string') {
      problems.push({ file, message: text === null ? 'cannot be read' : text.problem });
      return;
    }
    used++;
    const kept = same?.files[index] === entry ? same.outcomes[index] : undefined;
    const outcome =
      kept && !hasImages(kept.result) ? kept : outcomeOf(entry, text, brandSlugs, options);
    outcomes[index] = outcome;
    const { result, problems: fileProblems } = outcome;
    if (fileProblems.length > 0) problems.push(...fileProblems);
    if (!result.article || fileProblems.length > 0) return;
    articles.push(result.article);
    if (result.html !== undefined) bodies.set(result.article.slug, result.html);
    if (result.bodyDigest !== undefined) bodyDigests.set(result.article.slug, result.bodyDigest);
    if (result.bodyImages) bodyImages.set(result.article.slug, result.bodyImages);
  });
  if (options.memo) forgetUnused(options.memo, files, used);
  const sorted = displayOrder(articles, options.memo);
  const set = { articles: sorted, bodies, bodyDigests, bodyImages, problems };
  if (options.memo) lastReads.set(options.memo, { key, files: files.files, outcomes, set });
  return set;
}

/** One file's result and its problems, as readArticles found them. */
interface Outcome {
  result: FileResult;
  problems: Problem[];
}

/**
 * What readArticles made last for a memo: for one set of brands, responsible-copy list and
 * renderer (`key`), the file entries, each one's outcome by place, and the set it returned.
 * watch hands the next run the same entry objects for the files not saved since
 * (readArticleFiles `last`), whose memo results are the same: their outcomes are kept, so a
 * save at 10,000 articles works out one file's outcome, not every one. A result with images is
 * worked out again in each run (its image files may have changed).
 */
interface LastRead {
  key: string;
  files: readonly ArticleFile[];
  outcomes: (Outcome | undefined)[];
  set: ArticleSet;
}

const lastReads = new WeakMap<ArticleMemo, LastRead>();

/** What an outcome depends on besides its file: the brands, the list, the renderer. Pure. */
function outcomeKey({ phrases, render }: ReadOptions, brandSlugs: string[]): string {
  return JSON.stringify([brandSlugs, phrases?.digest ?? null, render !== undefined]);
}

/** One readable file's result and its problems (resultOf, fileProblemsOf). */
function outcomeOf(
  entry: ArticleFile,
  text: string,
  brandSlugs: string[],
  options: ReadOptions,
): Outcome {
  const result = resultOf(entry, text, options);
  return { result, problems: fileProblemsOf(entry.file, result, brandSlugs, options.lookAtImage) };
}

/** Whether a result names image files, whose problems are asked again in every run. Pure. */
function hasImages(result: FileResult): boolean {
  return result.article?.image !== undefined || result.bodyImages !== undefined;
}

/** Past this many files worked out again, readArticles goes through every file. */
const MOST_PATCHED = 32;

/**
 * The last set with the few files whose entries are new worked out again, when nothing else
 * can differ: the same files in the same places, no problem then or now, and each file's
 * record the very object it was (a body save: the order, the drafts and every record stay).
 * Undefined otherwise: readArticles then goes through every file. Pure apart from the memo.
 */
function patchedSet(
  last: LastRead,
  files: ArticleFiles,
  brandSlugs: string[],
  options: ReadOptions,
): ArticleSet | undefined {
  if (files.files.length !== last.files.length || files.problems.length > 0) return undefined;
  if (last.set.problems.length > 0) return undefined;
  const redone: number[] = [];
  for (let index = 0; index < files.files.length; index++) {
    const outcome = last.outcomes[index];
    if (files.files[index] === last.files[index] && outcome && !hasImages(outcome.result)) continue;
    if (redone.push(index) > MOST_PATCHED) return undefined;
  }
  const outcomes = last.outcomes.slice();
  const { bodies, bodyDigests, bodyImages } = last.set;
  const set: ArticleSet = {
    articles: last.set.articles.slice(),
    bodies: new Map(bodies),
    bodyDigests: new Map(bodyDigests),
    bodyImages: new Map(bodyImages),
    problems: [],
  };
  for (const index of redone) {
    const entry = files.files[index];
    const before = last.outcomes[index]?.result.article;
    if (typeof entry.text !== 'string' || entry.file !== last.files[index].file) return undefined;
    const outcome = outcomeOf(entry, entry.text, brandSlugs, options);
    const { article } = outcome.result;
    if (outcome.problems.length > 0 || !article || article !== before) return undefined;
    outcomes[index] = outcome;
    setOrDelete(set.bodies, article.slug, outcome.result.html);
    setOrDelete(set.bodyDigests, article.slug, outcome.result.bodyDigest);
    setOrDelete(set.bodyImages, article.slug, outcome.result.bodyImages);
  }
  lastReads.set(options.memo!, { key: last.key, files: files.files, outcomes, set });
  return set;
}

function setOrDelete<T>(map: Map<string, T>, key: string, value: T | undefined) {
  if (value === undefined) map.delete(key);
  else map.set(key, value);
}

/**
 * One readable file's result: the memo's when it holds this text (or watch vouched for the
 * file) and it was checked against `phrases`, else the worker threads' (`parsed`), else parsed
 * here; its record the memo's when equal (sameRecordAs). Kept in the memo. Pure apart from the
 * memo and `render`.
 */
function resultOf(entry: ArticleFile, text: string, options: ReadOptions): FileResult {
  const { render, memo, parsed, phrases } = options;
  const { file, stamp, isUnchanged } = entry;
  const kept = memo?.get(file)?.result;
  const known = isUnchanged || isKnown(memo, file, text) ? kept : undefined;
  const result = sameRecordAs(
    kept?.article,
    checkedWith(phrases, known) ??
      checkedWith(phrases, parsed?.get(file)) ??
      parseArticleFile(file, text, render, phrases),
  );
  if (!isUnchanged) memo?.set(file, { text, result, stamp });
  return result;
}

/**
 * A file's problems, by line: its own (`result.problems`), a brand that is none of
 * `brandSlugs`, and the image files it names that `lookAtImage` finds missing or no image
 * (image-uses.ts). Pure apart from `lookAtImage`.
 */
function fileProblemsOf(
  file: string,
  result: FileResult,
  brandSlugs: string[],
  lookAtImage: ReadOptions['lookAtImage'],
): Problem[] {
  const { brand } = result;
  const isStranger =
    brand !== undefined &&
    typeof brand.slug === 'string' &&
    brand.slug.trim() !== '' &&
    !brandSlugs.includes(brand.slug);
  const hasImages = result.article?.image !== undefined || result.bodyImages !== undefined;
  if (result.problems.length === 0 && !isStranger && !(lookAtImage && hasImages)) return [];
  const problems = [...result.problems];
  if (isStranger)
    problems.push({
      ...at(file, brand.at),
      message: `brand ${describeValue(brand.slug)} is not one of ${brandSlugs.join(', ')}`,
    });
  if (lookAtImage) {
    const images = { image: result.article?.image, bodyImages: result.bodyImages };
    problems.push(...imageFileProblems(file, images, lookAtImage));
  }
  return problems.sort(byLine);
}

/**
 * Forgets the memo's results of files that are gone: the memo holds a result of every readable
 * file (`used` of them), so it holds more keys only when some file went. Pure apart from the memo.
 */
function forgetUnused(memo: ArticleMemo, files: ArticleFiles, used: number) {
  let count = 0;
  for (const _ of memo.keys()) count++;
  if (count === used) return;
  const readable = new Set(
    files.files.filter((entry) => typeof entry.text === 'string').map((entry) => entry.file),
  );
  for (const file of [...memo.keys()]) if (!readable.has(file)) memo.delete(file);
}

/** The last display order of each memo's articles: what it sorted, and how. */
const lastOrder = new WeakMap<ArticleMemo, { input: Article[]; sorted: Article[] }>();

/**
 * `articles` in display order (compareArticles): the last order again when they are the same
 * records in the same order as then (a body save that kept its record). Pure apart from that
 * memo.
 */
function displayOrder(articles: Article[], memo: ArticleMemo | undefined): Article[] {
  const last = memo && lastOrder.get(memo);
  const isSame =
    last !== undefined &&
    last.input.length === articles.length &&
    last.input.every((article, index) => article === articles[index]);
  if (isSame) return last.sorted.slice();
  const sorted = [...articles].sort(compareArticles);
  if (memo) lastOrder.set(memo, { input: articles, sorted });
  return sorted.slice();
}

/**
 * `result`, its record the memo's `before` when the two are equal (isDeepStrictEqual): a file
 * saved with a new body but the same front matter keeps its record object, so what is memoized
 * by records (their digests, the content, its pages) stays valid. Pure.
 */
function sameRecordAs(before: Article | undefined, result: FileResult): FileResult {
  const { article } = result;
  if (!before || !article || article === before || !isDeepStrictEqual(article, before))
    return result;
  return { ...result, article: before };
}

/**
 * `result` when it was checked against the responsible-copy list `phrases` (FileResult.phrases);
 * undefined when against another list, so the file is parsed again. Pure.
 */
function checkedWith(phrases: PhraseList | undefined, result?: FileResult): FileResult | undefined {
  return result?.phrases === phrases?.digest ? result : undefined;
}

/**
 * The body HTML of an article file that an earlier build parsed without problems (the build
 * manifest kept its record, not its body), with its one parse for the linker: parsed again, or
 * undefined when it no longer parses to a body. Pure apart from `render`.
 */
export function reparseBody(
  file: string,
  text: string,
  render: Render,
): { html: string; parsed?: Document } | undefined {
  let parsed: Document | undefined;
  const result = parseArticleFile(file, text, render, undefined, (document) => {
    parsed = document;
  });
  return result.problems.length === 0 && result.html !== undefined
    ? { html: result.html, parsed }
    : undefined;
}

/**
 * Display order: `order` ascending (default 0), then the newest date first, then title and
 * slug, so the order never depends on how the disk lists files. Pure.
 */
export function compareArticles(a: Article, b: Article): number {
  return (
    a.order - b.order ||
    compareText(b.publishedAt, a.publishedAt) ||
    compareText(a.title, b.title) ||
    compareText(a.slug, b.slug)
  );
}

/**
 * Where parseArticleFile hands the one parse of a body the HTML policy accepted (body-policy.ts
 * checkBody), so the brand linker reads it instead of parsing the body again.
 */
export type KeepParse = (document: Document) => void;

/**
 * One file's article, body HTML and problems, on its own (readArticles adds the rules that look
 * across files), every text held to the responsible-copy list `phrases` when given; a sound
 * body's parse goes to `keep`. Pure apart from `render` and `keep`; plain data out, so a worker
 * thread can run it.
 */
export function parseArticleFile(
  file: string,
  text: string,
  render: Render | undefined,
  phrases?: PhraseList,
  keep?: KeepParse,
): FileResult {
  const textProblems = checkText(text).map((problem) => ({ file, ...problem }));
  const result =
    textProblems.length > 0
      ? { problems: textProblems }
      : parseFile(file, text, render, phrases, keep);
  return phrases ? { ...result, phrases: phrases.digest } : result;
}

/** parseArticleFile of a file whose characters passed checkText. */
function parseFile(
  file: string,
  text: string,
  render: Render | undefined,
  phrases: PhraseList | undefined,
  keep: KeepParse | undefined,
): FileResult {
  const slug = path.basename(file, '.md');
  const problems: Problem[] = [];
  if (!SLUG.test(slug)) {
    problems.push({
      file,
      message: `the file name is not a slug; name it with a-z, 0-9 and '-' only, such as "loyal4d-strategi-bankroll.md" (it becomes the URL /artikel/{slug}/)`,
    });
  }
  const split = splitFrontMatter(text);
  for (const { at: where, message } of split.problems)
    problems.push({ ...at(file, where), message });
  // The body is checked even when the front matter is broken: one run shows every problem.
  const body =
    split.body.trim() === ''
      ? undefined
      : renderBody(file, split, render!, problems, { phrases, keep });
  const html = body?.html;
  const bodyImages = body && body.images.length > 0 ? { bodyImages: body.images } : {};
  if (!split.data) return { problems, ...bodyImages };
  const data = split.data;
  for (const { key, suggestion } of unknownKeys(frontMatterSchema, data)) {
    const hint = suggestion
      ? `did you mean "${suggestion}"?`
      : `the keys are ${Object.keys(frontMatterSchema.entries).join(', ')}`;
    problems.push({
      ...at(file, split.keys.get(key)),
      message: `unknown key ${JSON.stringify(printable(key))}; ${hint}`,
    });
  }
  const atKey = ({ key, message }: { key: string; message: string }): Problem => ({
    ...at(file, split.keys.get(key)),
    message,
  });
  problems.push(...refusedValueProblems(data).map(atKey));
  if (phrases) problems.push(...frontMatterPhraseProblems(file, text, data, split.keys, phrases));
  const { output, problems: fieldProblems } = checkRecord(frontMatterSchema, data);
  for (const { key, found, expected } of fieldProblems)
    problems.push(
      atKey({ key, message: `"${key}" is ${describeValue(found)}; expected ${expected}` }),
    );
  if (output?.updated !== undefined && output.updated < output.date) {
    problems.push(
      atKey({
        key: 'updated',
        message: `"updated" is ${output.updated}, before "date" ${output.date}; expected the same day or later`,
      }),
    );
  }
  if (output) problems.push(...imageProblems(output).map(atKey));
  const aliases = output?.aliases && aliasesOf(file, output.aliases, split, problems);
  const brand = { slug: data.brand, at: split.keys.get('brand') };
  if (!output || problems.length > 0) return { problems, brand, ...bodyImages };
  // The keys an Article reads differently are taken out; every other key is an Article field
  // of the same name and type, declared once in the schema and once in Article: the Pick does
  // not compile when the schema has a key Article lacks, the assignment when their types differ.
  const { date, updated, readTime, image, imageAlt, aliases: _aliases, ...sameName } = output;
  const same: Pick<Article, keyof typeof sameName> = sameName;
  const article: Article = {
    slug,
    ...same,
    publishedAt: date,
    ...(updated === undefined ? {} : { updatedAt: updated }),
    // Words are counted only when the front matter gives no read time.
    readMinutes: readTime ?? Math.max(1, Math.ceil(countWords(html ?? '') / WORDS_PER_MINUTE)),
    ...(image === undefined
      ? {}
      : { image: articleImage(image, imageAlt!, split.keys.get('image')) }),
    ...(aliases && aliases.length > 0 ? { aliases } : {}),
    source: file,
  };
  const bodyDigest = html === undefined ? undefined : textDigest(html);
  return { article, html, bodyDigest, ...bodyImages, problems, brand };
}

/**
 * The entries of `aliases` (article-aliases.ts) as the Article holds them; a problem of an
 * entry is added to `problems` at the entry's line and column. Pure apart from `problems`.
 */
function aliasesOf(
  file: string,
  values: string[],
  split: SplitFile,
  problems: Problem[],
): ArticleAlias[] {
  const { aliases, problems: found } = readAliases(
    values,
    split.keys.get('aliases') ?? { line: 1, column: 1 },
    split.items?.get('aliases'),
  );
  for (const problem of found) problems.push({ ...at(file, problem.at), message: problem.message });
  return aliases;
}

/**
 * The rules of `image` and `imageAlt` the schema cannot say alone: the path stays inside
 * src/content/ and names a PNG, JPEG or WebP file, and an image has its alt text. Whether
 * the file exists is checked when it is read (article-images.ts). Pure.
 */
function imageProblems(output: FrontMatter): { key: string; message: string }[] {
  const problems: { key: string; message: string }[] = [];
  if (output.image !== undefined) {
    const problem = imagePathProblem(output.image);
    if (problem) problems.push({ key: 'image', message: problem });
    if (output.imageAlt === undefined)
      problems.push({
        key: 'image',
        message:
          '"imageAlt" is required when "image" is set; expected non-empty text that says what the image shows',
      });
  } else if (output.imageAlt !== undefined) {
    problems.push({
      key: 'imageAlt',
      message: '"imageAlt" is set but "image" is not; expected "image" too, or no "imageAlt"',
    });
  }
  return problems;
}

/**
 * The front matter's strings that hold a character text-policy.ts refuses (written as a YAML
 * escape such as "\\v" or "\\u202E": a raw one fails the file's own check first), by the
 * top-level key they are under. Pure.
 */
function refusedValueProblems(data: Record<string, unknown>): { key: string; message: string }[] {
  return findRefusedStrings(data).map(({ field, index, char }) => ({
    key: field.split(/[.[]/)[0],
    message: `"${printable(field)}" has ${describeCharacter(char)} at character ${index + 1}; expected ${ALLOWED_TEXT}`,
  }));
}

/**
 * The article's image: its root-relative file and alt text, and where the front matter names it
 * (for messages). Pure.
 */
function articleImage(
  image: string,
  alt: string,
  where: Position | undefined,
): NonNullable<Article['image']> {
  return {
    source: path.posix.join(CONTENT_DIR, image),
    alt,
    line: where?.line ?? 1,
    column: where?.column ?? 1,
  };
}

/**
 * Renders a body and checks it against the HTML policy; problems name the file line (the
 * Markdown line the HTML came from; the body's first line when the policy names none), and the
 * column where the policy names one and the Markdown line shows the HTML there. Its Markdown
 * images are checked too (bodyImageProblems), each at its line and column, and its text against
 * the responsible-copy list `phrases`, when given; the policy's parse of a sound body goes to
 * `keep`. Returns the HTML and the images. Pure apart from `render`, `problems` and `keep`.
 */
function renderBody(
  file: string,
  { body: markdown, bodyLine }: SplitFile,
  render: Render,
  problems: Problem[],
  { phrases, keep }: { phrases?: PhraseList; keep?: KeepParse },
): { html: string; images: BodyImage[] } {
  const rendered = render(markdown);
  if (phrases) problems.push(...bodyPhraseProblems(file, markdown, bodyLine, rendered, phrases));
  const checked = checkBody(rendered.html, { refuseImages: true });
  for (const { line, column, message } of checked.problems) {
    const source = rendered.sourceLine(line);
    const at = column && sourceColumn(markdown, source, rendered.html, line, column);
    problems.push({ file, line: bodyLine - 1 + source, ...(at ? { column: at } : {}), message });
  }
  if (checked.document) keep?.(checked.document);
  const images: BodyImage[] = [];
  for (const image of rendered.images) {
    const at = { line: bodyLine - 1 + image.line, column: image.column };
    const checked = checkBodyImage(image, at, (message) => problems.push({ file, ...at, message }));
    if (checked) images.push(checked);
  }
  problems.push(...forgedMarkerProblems(file, rendered, bodyLine));
  return { html: rendered.html, images };
}

/**
 * The column on Markdown line `source` of what HTML line `line` holds from `column` on: where the
 * Markdown writes those characters (raw HTML is copied as written); undefined when it does not
 * show them so. Pure.
 */
function sourceColumn(
  markdown: string,
  source: number,
  html: string,
  line: number,
  column: number,
): number | undefined {
  const written = (html.split('\n')[line - 1] ?? '').slice(column - 1, column + 19);
  const at = written === '' ? -1 : (markdown.split('\n')[source - 1] ?? '').indexOf(written);
  return at === -1 ? undefined : at + 1;
}

/**
 * One Markdown image of a body checked (resolveBodyImage: where its path leads; alt text given
 * and held to the character rule), each problem reported; the image, when its path is sound.
 * Whether the file exists is asked by readArticles (image-uses.ts). Pure apart from `report`.
 */
function checkBodyImage(
  image: MarkdownImage,
  at: { line: number; column: number },
  report: (message: string) => void,
): BodyImage | undefined {
  const resolved = resolveBodyImage(image.src);
  if ('problem' in resolved) report(resolved.problem);
  if (image.alt.trim() === '') report(MISSING_ALT);
  const refused = findRefusedCharacter(image.alt);
  if (refused)
    report(`the alt text has ${describeCharacter(refused.char)}; expected ${ALLOWED_TEXT}`);
  return 'source' in resolved ? { source: resolved.source, alt: image.alt, ...at } : undefined;
}

/**
 * An image marker the HTML has beyond those the renderer wrote (a comment copied into the
 * Markdown as HTML): a problem, since the build would take it for an image it never checked.
 * Pure.
 */
function forgedMarkerProblems(
  file: string,
  rendered: ReturnType<Render>,
  bodyLine: number,
): Problem[] {
  const written = rendered.images.map(imageMarker);
  const found = findImageMarkers(rendered.html);
  const first = found.findIndex((marker, i) => marker !== written[i]);
  if (first === -1 && found.length === written.length) return [];
  let offset = -1;
  for (let i = 0; i <= first; i++) offset = rendered.html.indexOf(found[i], offset + 1);
  const htmlLine = countNewlines(rendered.html.slice(0, Math.max(offset, 0))) + 1;
  return [
    {
      file,
      line: bodyLine - 1 + rendered.sourceLine(htmlLine),
      message:
        'the body has an HTML comment "<!--sitegen:image ...-->", which is how sitegen marks the images it places; write an image as ![alt text](./images/file.png) instead',
    },
  ];
}

/** Words in rendered HTML: runs of non-space characters outside tags. Pure. */
export function countWords(html: string): number {
  return html.replace(/<[^>]*>/g, ' ').match(/\S+/g)?.length ?? 0;
}

/**
 * Characters a file must not contain (text-policy.ts), one problem per line (at most
 * MAX_CONTROL_LINES, then one without a place for the rest), each with its line and column:
 * NUL, named with its byte offset, and every other refused character by its code point and
 * name. The caller adds the file. Pure.
 */
function checkText(text: string): Problem[] {
  const problems: Problem[] = [];
  if (!hasRefusedCharacter(text)) return problems;
  let offset = 0;
  let linesWithControls = 0;
  for (const [index, line] of text.split('\n').entries()) {
    const refused = findRefusedCharacter(line);
    if (refused && ++linesWithControls <= MAX_CONTROL_LINES) {
      const bytes = Buffer.byteLength(text.slice(0, offset + refused.index));
      problems.push({
        line: index + 1,
        column: refused.index + 1,
        message:
          refused.char === '\0'
            ? `a NUL byte (byte offset ${bytes}); an article is text and never contains NUL`
            : `${describeCharacter(refused.char)}; expected ${ALLOWED_TEXT}`,
      });
    }
    offset += line.length + 1;
  }
  if (linesWithControls > MAX_CONTROL_LINES) {
    const more = linesWithControls - MAX_CONTROL_LINES;
    problems.push({ message: `${more} more lines have control or bidi characters` });
  }
  return problems;
}

/**
 * Orders one file's problems by line, then column, those without either first; stable
 * otherwise. Pure.
 */
function byLine(a: Problem, b: Problem): number {
  return (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
}

/** The place of a problem in `file`: `position`, or line 1, column 1 when it has none. Pure. */
function at(
  file: string,
  position: Position | undefined,
): { file: string; line: number; column: number } {
  const { line, column } = position ?? { line: 1, column: 1 };
  return { file, line, column };
}
