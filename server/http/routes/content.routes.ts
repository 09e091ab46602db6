import { listInspirationTopics, listNews, newsBySlug } from '../../../api/news';
import { staticPageBySlug } from '../../../api/pages';
import { popularTags } from '../../../api/popular-tags';
import { type SeoText, seoText } from '../../../api/seo';
import { listStyleCategories, styleCategoryBySlug } from '../../../api/style-categories';
import type { CatalogueService } from '../../application/catalogue.service';
import type { RouteModule } from '../app';
import { notFound } from '../contract';

function emptySeoText(key: string): SeoText {
  return { key, title: '', html: '', meta_title: '', meta_description: '' };
}

/** Spec §7 content: style categories, SEO texts, popular tags, news and inspiration, static pages. */
export function contentRoutes(catalogue: CatalogueService): RouteModule {
  return {
    name: 'content',
    register(_app, router) {
      router.route(listStyleCategories, async () => catalogue.styleCategories());
      router.route(styleCategoryBySlug, async ({ params }) => {
        const result = await catalogue.styleCategoryBySlug(params.slug);
        return result.found ? result.value : notFound('Стиль не найден.');
      });
      // A page without an SEO text is not an error (issue 25 item 13: a hovered mega menu preloads a
      // category page each, and every missing text was a red 404 in the console): it answers empty.
      router.route(seoText, async ({ params }) => {
        const result = await catalogue.seoText(params.key);
        return result.found ? result.value : emptySeoText(params.key);
      });
      router.route(popularTags, async ({ params }) => catalogue.popularTags(params.key));
      router.route(listNews, async ({ query }) =>
        catalogue.listNews({
          limit: query.limit,
          offset: query.offset,
          ...(query.type ? { type: query.type } : {}),
          ...(query.topic ? { topic: query.topic } : {}),
        }),
      );
      router.route(newsBySlug, async ({ params }) => {
        const result = await catalogue.newsBySlug(params.slug);
        return result.found ? result.value : notFound('Новость не найдена.');
      });
      router.route(listInspirationTopics, async () => catalogue.inspirationTopics());
      router.route(staticPageBySlug, async ({ params }) => {
        const result = await catalogue.staticPage(params.slug);
        return result.found ? result.value : notFound('Страница не найдена.');
      });
    },
  };
}
