import { Link } from 'react-router-dom';

/** Stand-in for a screen that has not been built yet; says so plainly. */
export default function ComingSoon({ title }: { title: string }) {
  return (
    <section className="container-page py-12">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-3 text-gray-700">This part of Akuafo Market is not ready yet.</p>
      <Link to="/products" className="btn-primary mt-6">Browse products</Link>
    </section>
  );
}
