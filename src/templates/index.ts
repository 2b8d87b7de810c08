/** Every page template, by name. The generator's route table refers to them by these names. */
export { HomePage } from './HomePage.tsx';
export { ArticleListPage } from './ArticleListPage.tsx';
export { ArticlePage } from './ArticlePage.tsx';
export { BrandPage } from './BrandPage.tsx';
export { BrandArticlesPage } from './BrandArticlesPage.tsx';
export { ContactPage } from './ContactPage.tsx';
export { NotFoundPage } from './NotFoundPage.tsx';
export { RedirectPage } from './RedirectPage.tsx';
/** Not a page: the social card drawn to PNG for og:image. */
export { SocialCard } from './SocialCard.tsx';
export type { SocialCardProps } from './SocialCard.tsx';
/** Not a page: the picture of an image an article body shows, which sitegen places in the body. */
export { Picture } from './Picture.tsx';
export type { PictureProps } from './Picture.tsx';
export type * from './types.ts';
export type { HomePageProps } from './HomePage.tsx';
export type { ArticleListPageProps } from './ArticleListPage.tsx';
export type { ArticlePageProps } from './ArticlePage.tsx';
export type { BrandPageProps } from './BrandPage.tsx';
export type { BrandArticlesPageProps } from './BrandArticlesPage.tsx';
export type { ContactPageProps } from './ContactPage.tsx';
export type { NotFoundPageProps, NotFoundView } from './NotFoundPage.tsx';
export type { RedirectPageProps } from './RedirectPage.tsx';

import type { HomePageProps } from './HomePage.tsx';
import type { ArticleListPageProps } from './ArticleListPage.tsx';
import type { ArticlePageProps } from './ArticlePage.tsx';
import type { BrandPageProps } from './BrandPage.tsx';
import type { BrandArticlesPageProps } from './BrandArticlesPage.tsx';
import type { ContactPageProps } from './ContactPage.tsx';
import type { NotFoundPageProps } from './NotFoundPage.tsx';
import type { RedirectPageProps } from './RedirectPage.tsx';

/** Props of each page template, by template name: the contract between routes and templates. */
export interface TemplateProps {
  HomePage: HomePageProps;
  ArticleListPage: ArticleListPageProps;
  ArticlePage: ArticlePageProps;
  BrandPage: BrandPageProps;
  BrandArticlesPage: BrandArticlesPageProps;
  ContactPage: ContactPageProps;
  NotFoundPage: NotFoundPageProps;
  RedirectPage: RedirectPageProps;
}
export type TemplateName = keyof TemplateProps;
