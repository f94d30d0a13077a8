import { Link } from 'react-router-dom';
import { ARTICLES } from './blog/articles';
import { formatArticleDate } from './blog/date';
import { PageHero } from './content';

export default function BlogPage() {
  return (
    <>
      <PageHero title="Blog">
        <p>Practical advice for Ghanaian farmers and buyers: storing and grading produce, paying safely, and getting the most from the market.</p>
      </PageHero>
      <section className="container-page py-10">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {ARTICLES.map((article) => (
            <li key={article.id} className="card flex flex-col p-5">
              <p className="text-sm text-gray-700">
                <time dateTime={article.date}>{formatArticleDate(article.date)}</time> · {article.readMinutes} min read
              </p>
              <h2 className="mt-2 text-lg font-bold leading-snug">
                <Link to={`/blog/${article.id}`} className="hover:underline">{article.title}</Link>
              </h2>
              <p className="mt-2 flex-1 text-gray-700">{article.summary}</p>
              <p className="mt-3 text-sm text-gray-700">By {article.author}</p>
              <Link
                to={`/blog/${article.id}`}
                aria-label={`Read more: ${article.title}`}
                className="mt-4 self-start font-semibold text-brand-dark underline underline-offset-4"
              >
                Read more
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
