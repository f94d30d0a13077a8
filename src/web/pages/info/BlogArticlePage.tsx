import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
// A deliberate cross-page edge (listed in .dependency-cruiser.cjs): an unknown article is the
// app's one not-found page.
import NotFoundPage from '../errors/NotFoundPage';
import { ARTICLES, findArticle } from './blog/articles';
import { formatArticleDate } from './blog/date';
import { ContentBlocks, usePageTitle } from './content';

export default function BlogArticlePage() {
  const article = findArticle(useParams().id);
  usePageTitle(article?.title ?? 'Article not found');
  if (!article) return <NotFoundPage />;
  const others = ARTICLES.filter((a) => a.id !== article.id);
  return (
    <article className="container-page max-w-3xl py-8">
      <Link to="/blog" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-dark underline underline-offset-4">
        <ArrowLeft size={16} aria-hidden="true" /> All articles
      </Link>
      <header className="mt-4 border-b border-gray-200 pb-4">
        <h1 className="text-3xl font-bold leading-tight">{article.title}</h1>
        <p className="mt-3 text-sm text-gray-700">
          By {article.author} · <time dateTime={article.date}>{formatArticleDate(article.date)}</time> · {article.readMinutes} min read
        </p>
      </header>
      <p className="mt-6 text-lg text-gray-800">{article.summary}</p>
      <div className="mt-6">
        <ContentBlocks blocks={article.body} />
      </div>
      {others.length > 0 && (
        <aside aria-labelledby="more-articles" className="mt-12 border-t border-gray-200 pt-6">
          <h2 id="more-articles" className="text-lg font-bold">More from the blog</h2>
          <ul className="mt-3 flex flex-col gap-2">
            {others.map((a) => (
              <li key={a.id}>
                <Link to={`/blog/${a.id}`} className="text-brand-dark underline underline-offset-4">{a.title}</Link>
              </li>
            ))}
          </ul>
        </aside>
      )}
    </article>
  );
}
