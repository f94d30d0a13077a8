import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * Long text kept in the repository as data (blog articles, policies) and rendered as React
 * elements, never as HTML strings: nothing in it can inject markup.
 */
export type Block =
  | { type: 'p'; text: string }
  | { type: 'h2'; text: string }
  | { type: 'ul'; items: string[] }
  | { type: 'ol'; items: string[] }
  /** An in-app link, e.g. to /contact, with a sentence before it. */
  | { type: 'link'; before?: string; to: string; label: string };

export function ContentBlocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <div className="flex flex-col gap-4 leading-relaxed text-gray-800">
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'h2':
            return <h2 key={i} className="mt-4 text-xl font-bold text-gray-900">{block.text}</h2>;
          case 'p':
            return <p key={i}>{block.text}</p>;
          case 'ul':
            return <ul key={i} className="list-disc space-y-1 pl-6">{block.items.map((item) => <li key={item}>{item}</li>)}</ul>;
          case 'ol':
            return <ol key={i} className="list-decimal space-y-1 pl-6">{block.items.map((item) => <li key={item}>{item}</li>)}</ol>;
          case 'link':
            return (
              <p key={i}>
                {block.before ? `${block.before} ` : ''}
                <Link to={block.to} className="font-semibold text-brand-dark underline underline-offset-4">{block.label}</Link>
              </p>
            );
        }
      })}
    </div>
  );
}

/** Sets the tab title while the page is shown, so each page is named for screen readers and history. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} | Akuafo Market`;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/** The green band at the top of every information page. */
export function PageHero({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="bg-brand-dark py-10 text-white">
      <div className="container-page">
        <h1 className="text-3xl font-bold">{title}</h1>
        {children ? <div className="mt-3 max-w-2xl text-white/90">{children}</div> : null}
      </div>
    </section>
  );
}
