import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router-dom';
import { FAQ } from './faq';
import { PageHero } from './content';

/**
 * Five collapsible categories, each with collapsible questions. <details>/<summary> gives
 * keyboard and screen-reader support without any script.
 */
export default function FaqPage() {
  return (
    <>
      <PageHero title="Frequently Asked Questions">
        <p>Answers about ordering, payment, delivery, quality, returns and your account.</p>
      </PageHero>
      <section className="container-page max-w-3xl py-10">
        <div className="flex flex-col gap-4">
          {FAQ.map((category, i) => (
            <details key={category.title} open={i === 0} className="card group p-0">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-5 py-4 text-lg font-bold [&::-webkit-details-marker]:hidden">
                <h2>{category.title}</h2>
                <ChevronDown size={20} aria-hidden="true" className="shrink-0 transition group-open:rotate-180" />
              </summary>
              <div className="flex flex-col gap-2 border-t border-gray-200 px-5 py-4">
                {category.questions.map((item) => (
                  <details key={item.q} className="group/q rounded-lg bg-gray-50">
                    <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
                      <span>{item.q}</span>
                      <ChevronDown size={18} aria-hidden="true" className="shrink-0 transition group-open/q:rotate-180" />
                    </summary>
                    <p className="px-4 pb-4 text-gray-800">{item.a}</p>
                  </details>
                ))}
              </div>
            </details>
          ))}
        </div>
        <div className="card mt-8 p-6 text-center">
          <h2 className="text-lg font-bold">Still have questions?</h2>
          <p className="mt-1 text-gray-700">Our support team answers every message, usually within one working day.</p>
          <Link to="/contact" className="btn-primary mt-4">Contact us</Link>
        </div>
      </section>
    </>
  );
}
