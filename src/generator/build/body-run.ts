import { feedEntries, feedFile } from '../files/host-files.ts';
import type { KeepingWriter } from '../output/writer.ts';
import { bodyOnlyChanges, type BodyChange } from './body-update.ts';
import { buildResult, type BuildResult } from './build-result.ts';
import type { ChangePlan } from './change-plan.ts';
import { startClock } from './clock.ts';
import { commitPages, hasIds } from './commit-pages.ts';
import { brandTargets, linkBody } from './link-bodies.ts';
import type { BuilderState, LastRun } from './run-state.ts';

/**
 * A save that changed article bodies only (the change plan says only articles changed, and
 * body-update.ts finds their records unchanged): renders each one's own page again, and the
 * feed when one of them is among its entries (no other host file shows a body), and keeps
 * every other file of the last commit. Bundling, content loading, the other pages' planning
 * and comparison are skipped: a body has no other dependents. Undefined when the save changed
 * more; the caller then runs every stage. Reads the changed files; writes through the writer.
 */
export async function runBodySave(
  state: BuilderState,
  last: LastRun,
  changes: ChangePlan,
  writer: KeepingWriter,
): Promise<{ result: BuildResult; last: LastRun } | undefined> {
  const clock = startClock();
  const saved = bodyOnlyChanges(
    state.root,
    changes.files.article,
    { articles: last.content.articles, bodies: last.bodies },
    { reread: last.stages.rereadArticle, render: last.render, memo: state.memos.articleMemo },
  );
  if (!saved) return undefined;
  const { bodies, linked } = relinkBodies(state, last, saved);
  clock.lap('read and link the changed articles');
  const slugs = new Set(saved.map((change) => change.slug));
  const ownPages = last.pages.filter(
    (page) => page.template === 'ArticlePage' && slugs.has(page.article.slug),
  );
  const toRender = last.plan(linked, ownPages);
  const planned = new Map(toRender.map((route) => [route.outputPath, route]));
  const routes = last.routes.map((route) => planned.get(route.outputPath) ?? route);
  clock.lap('plan routes');
  // The sitemap and the other host files show no body; the feed shows its entries' bodies.
  const entries = last.feedEntries ?? feedEntries(routes, last.content.articles);
  const showsChange = entries.some((article) => slugs.has(article.slug));
  const feed = () => [feedFile(last.siteUrl, { site: last.content.site, entries, bodies: linked })];
  const render = {
    site: last.site,
    stages: last.stages,
    limitMs: state.limitMs,
    mayRepeatIds: saved.some(({ slug }) => hasIds(linked.get(slug)!)),
    onPage: state.project.onPage,
  };
  const job = { assets: [], toRender, render, hostFiles: showsChange ? feed : () => [] };
  // Every file of the last commit that this one does not write stays as it is.
  writer.keepRest();
  const summary = await commitPages(writer, job, clock);
  state.memos.rendered?.replace(toRender);
  const outcome = { routes, toRender, siteUrl: last.siteUrl, summary, kept: last.kept, changes };
  return {
    result: buildResult({ ...outcome, clock }),
    last: { ...last, bodies, linked, routes, feedEntries: entries },
  };
}

/** The last run's bodies with the saved ones in place, before and after brand linking. */
function relinkBodies(state: BuilderState, last: LastRun, saved: BodyChange[]) {
  const bodies = new Map(last.bodies);
  const linked = new Map(last.linked);
  const targets = brandTargets(last.content);
  const targetsKey = JSON.stringify(targets);
  const link = last.stages.linkFirstMentions;
  for (const { slug, html } of saved) {
    bodies.set(slug, html);
    linked.set(slug, linkBody(slug, html, { targets, targetsKey }, link, state.memos.linkMemo));
  }
  return { bodies, linked };
}
