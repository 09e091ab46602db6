/** Where an item lives: inspiration articles under /category/vdohnovenie, news under /pages/news. */
export function newsItemHref(item: { readonly slug: string; readonly type: string }): string {
  const slug = encodeURIComponent(item.slug);
  return item.type === 'inspiration' ? `/articles/${slug}` : `/news/${slug}`;
}
