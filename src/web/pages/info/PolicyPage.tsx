import { formatArticleDate } from './blog/date';
import { ContentBlocks, PageHero, type Block } from './content';

/** The layout the terms and the privacy policy share: title, date in force (YYYY-MM-DD, shown in the one date format), sections. */
export function PolicyPage({ title, updated, intro, blocks }: { title: string; updated: string; intro: string; blocks: Block[] }) {
  return (
    <>
      <PageHero title={title}>
        <p>{intro}</p>
        <p className="mt-2 text-sm">Last updated: {formatArticleDate(updated)}</p>
      </PageHero>
      <section className="container-page max-w-3xl py-10">
        <ContentBlocks blocks={blocks} />
      </section>
    </>
  );
}
